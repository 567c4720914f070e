"""What proves each column of the table's database (docs/security.md, "What is proven where").

Every column of every table is one of:

- :data:`PROVEN`: compared with the audit log at every start (:mod:`.proof` record by record
  from the last checkpoint, or the digests of :mod:`.closing` after a clean close) and from the
  first record by ``dealer-station audit verify --database``;
- :data:`DERIVED`: recomputed at start from proven data and compared;
- :data:`NOT_SECURITY_RELEVANT`: with the reason.

``tests/store/test_every_column_proven.py`` reads the live schema and fails on a column missing
here, so a migration adding a column must say which it is.

>>> COLUMNS["rounds"]["dealer"][0] == PROVEN
True
"""

from __future__ import annotations

__all__ = ["COLUMNS", "DERIVED", "NOT_SECURITY_RELEVANT", "PROVEN"]

PROVEN = "proven"
DERIVED = "derived"
NOT_SECURITY_RELEVANT = "not security-relevant"

_STATE = (PROVEN, "a state table: every row's digest sealed in the audit log by the "
                  "transaction that changed it, compared whole at every start")
_SESSIONS = (PROVEN, "a growing table sealed row by row (state records), its extent at each "
                     "checkpoint; compared at every start")
_START = (PROVEN, "the round's start record (game, configuration, dealer as its actor, its "
                  "time)")
_END = (PROVEN, "the round's completion or void record (status, reason, time, payments, the "
                "summary's SHA-256)")
_ACTION = (PROVEN, "the action's audit record (its round, sequence, data, action, actor, time "
                   "and place in the log)")
_METER = (PROVEN, "the meter change's audit record")
_TICK = (PROVEN, "the payment_tick audit records: each ticked line as its last record says, "
                 "no row without one")
_ARCHIVE = (NOT_SECURITY_RELEVANT,
            "archive bookkeeping: each segment is proven by its SHA-256 and head recorded in "
            "the chain (`segment`/`archive`/`retire` records), by --check's segments line and "
            "by `audit verify`; a changed row makes a segment unreadable or fail those checks, "
            "it changes no record")

COLUMNS: dict[str, dict[str, tuple[str, str]]] = {
    "users": dict.fromkeys(("id", "name", "role", "pin_hash", "failures", "locked_until",
                            "active", "created", "lockouts", "pin_set_by"), _STATE),
    "config": dict.fromkeys(("version", "document", "changed_by", "time"), _STATE),
    "meters": dict.fromkeys(("name", "wager", "reset", "rate_bp", "current", "carry",
                             "limit_cents", "overflow", "retired"), _STATE),
    "jackpots": dict.fromkeys(("number", "meter", "round_id", "position", "hand", "amount",
                               "meter_before", "meter_after", "dealer", "supervisor", "time",
                               "second_supervisor"),
                              _STATE),
    "device_state": dict.fromkeys(("device", "state", "detail", "time"), _STATE),
    "jackpot_winners": dict.fromkeys(("jackpot", "name", "id_type", "id_number", "address",
                                      "entered_by", "time"), (
        PROVEN, "a state table: every row's digest (never its text: the winner's personal "
                "data stays out of the audit log) sealed by the approval's transaction, "
                "compared whole at every start")),
    "sessions": dict.fromkeys(("id", "user", "role", "screen", "started", "ended",
                               "end_reason"), _SESSIONS),
    "account_changes": dict.fromkeys(("id", "user", "event", "by", "round_id", "time"),
                                     _SESSIONS),
    "rounds": {
        "id": _START, "game": _START, "config": _START, "dealer": _START, "started": _START,
        "status": _END, "ended": _END, "void_reason": _END,
        "document": (PROVEN, "its SHA-256 in the completion or void record (the summary: "
                             "cards, results, totals, wagers; the payments it names are that "
                             "record's own)"),
    },
    "records": dict.fromkeys(("round_id", "sequence", "action", "record", "actor", "time",
                              "line"), _ACTION),
    "meter_entries": dict.fromkeys(("id", "meter", "kind", "amount", "balance", "round_id",
                                    "jackpot", "actor", "detail", "time"), _METER),
    "payment_ticks": dict.fromkeys(("round_id", "payment", "done", "actor", "time"), _TICK),
    "round_positions": dict.fromkeys(("position", "round_id"), (
        DERIVED, "the positions with a wager in the round's proven summary, recomputed for "
                 "every round the start proves")),
    "meter_sums": dict.fromkeys(("meter", "kind", "entries", "total"), (
        NOT_SECURITY_RELEVANT,
        "display totals of a meter's journal (the Meters page's lifetime figures); what is "
        "owed and paid (meters, meter_entries, jackpots) is proven at every start, and `audit "
        "verify --database` proves these equal to the journal")),
    "audit_head": dict.fromkeys(("id", "seq", "hash", "first_pending", "pending"), (
        PROVEN, "the chain's head: the log must end with that record and hash (or be exactly "
                "the pending lines short), and the witness must hold it or a head before it")),
    "checkpoints": {
        **dict.fromkeys(("seq", "hash", "offset"), (
            PROVEN, "the newest checkpoint's line must be at its offset with its hash (a start "
                    "proves from it); an older one only says where `audit verify` may begin, "
                    "which checks the chain from there whatever it says")),
        "time": (NOT_SECURITY_RELEVANT, "when the checkpoint was sealed, for people; its "
                                        "record's own time is in the chain"),
    },
    "meta": {
        "key": (PROVEN, "the table's id, compared with the table opened at every start"),
        "value": (PROVEN, "the table's id, compared with the table opened at every start"),
    },
    "segments": dict.fromkeys(("number", "through", "first", "last", "head", "end_offset",
                               "file", "sha256", "rounds", "time"), _ARCHIVE),
    "archived_rounds": dict.fromkeys(("round_id", "segment", "offset", "length", "records"),
                                     _ARCHIVE),
    "segment_removals": dict.fromkeys(("segment", "live_from"), _ARCHIVE),
    "segment_retirements": dict.fromkeys(("segment", "time", "seq"), _ARCHIVE),
}
