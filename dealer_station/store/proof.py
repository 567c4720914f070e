"""Proving the database equals what the audit log says, record by record, in constant memory.

:class:`Proof` is fed the audit records in order (from the first record, or from a checkpoint)
and walks the database's rows in the same order beside them: every action record is the next
row of the round journal (``records``, by rowid), every round started is the next round, every
round completed or voided has that status, reason and payments, every meter change is the next
meter journal entry, and the ``state`` records (see :mod:`.state`) say what the accounts,
configuration, meters, jackpot records and sessions hold. :meth:`Proof.finish` names the first
difference (a row edited, added or deleted outside the station) or returns ``None``.

A :class:`Window` says where the rows of the part of the log being fed begin (all zeros: the
whole log; a checkpoint's window: the rows written after it).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dealer_station.audit import canonical_json
from dealer_station.store import journal_lines, round_payments, state

__all__ = ["Proof", "Window"]

_AUDITED_STATUS = {"started": "open", "completed": "complete", "voided": "void"}
#: How far a row's time may be from its audit record's when the row was written before they
#: were made one value (the row's own clock reading, microseconds to milliseconds later).
_EARLIER_TIMES_WITHIN = 1.0


def same_time(stored: Any, audited: Any) -> bool:
    """Whether a row's time is its audit record's: the same text (rows written since they are
    one value), or, for a row written before, within a second of it.

    >>> same_time("2026-01-01T00:00:00.000001Z", "2026-01-01T00:00:00.000001Z")
    True
    >>> same_time("2026-01-01T00:00:00.000900Z", "2026-01-01T00:00:00.000001Z")
    True
    >>> same_time("2026-01-01T09:00:00.000000Z", "2026-01-01T00:00:00.000000Z")
    False
    """
    if stored == audited:
        return True
    try:
        apart = (datetime.fromisoformat(str(stored).replace("Z", "+00:00"))
                 - datetime.fromisoformat(str(audited).replace("Z", "+00:00")))
    except ValueError:
        return False
    return abs(apart.total_seconds()) < _EARLIER_TIMES_WITHIN


def _json_text(value: Any) -> str:
    """``value`` (a text or ``None``) as canonical JSON: quoted as it is when nothing in it
    needs escaping (ids, action names, times: a third of the cost of ``json.dumps``).

    >>> _json_text("D1"), _json_text(None), _json_text('a"b')
    ('"D1"', 'null', '"a\\\\"b"')
    """
    if value is None:
        return "null"
    if isinstance(value, str) and value.isascii() and value.isprintable() and \
            '"' not in value and "\\" not in value:
        return f'"{value}"'
    return canonical_json(value)


def positions_of(document: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The positions with a wager in a round's document (see
    :func:`dealer_station.store.journal.positions_of`)."""
    if isinstance(document, Mapping) and isinstance(document.get("round"), Mapping):
        document = document["round"]
    wagers = (document or {}).get("wagers")
    if not isinstance(wagers, Mapping):
        return ()
    return tuple(sorted((str(p) for p in wagers), key=lambda p: (len(p), p)))


@dataclass(frozen=True, slots=True)
class Window:
    """The last rowid of ``records``, round id and meter entry id written before the part of
    the log being proven."""

    records: int = 0
    rounds: int = 0
    meter_entries: int = 0

    @classmethod
    def of(cls, connection: sqlite3.Connection) -> Window:
        """The window after everything the database holds now."""
        def last(sql: str) -> int:
            return int(connection.execute(sql).fetchone()[0] or 0)
        return cls(last("SELECT MAX(rowid) FROM records"), last("SELECT MAX(id) FROM rounds"),
                   last("SELECT MAX(id) FROM meter_entries"))

    def to_json(self) -> dict[str, int]:
        return {"records": self.records, "rounds": self.rounds,
                "meter_entries": self.meter_entries}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Window:
        return cls(int(value.get("records", 0)), int(value.get("rounds", 0)),
                   int(value.get("meter_entries", 0)))


class _Rows:
    """The rows of a query, one at a time (one may be put back)."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._rows: Iterator[Any] = iter(cursor)
        self._back: Any | None = None

    def next(self) -> Any | None:
        if self._back is not None:
            row, self._back = self._back, None
            return row
        return next(self._rows, None)

    def put_back(self, row: Any) -> None:
        self._back = row


class Proof:
    """Feed audit records in order (:meth:`feed`), then :meth:`finish`."""

    def __init__(self, connection: sqlite3.Connection, window: Window = Window(),
                 sealed: Mapping[str, Mapping[str, str]] | None = None,
                 sealed_by: int | None = None, *,
                 extents: Mapping[str, Mapping[str, int]] | None = None,
                 check_state: bool = True, version: int | None = None) -> None:
        self._connection = connection
        self._window = window
        self._problem: str | None = None
        # (a row written since schema 15 holds no data, only where its audit line begins:
        # journal_lines.py)
        line = "line" if any(column[1] == "line" for column in connection.execute(
            "PRAGMA table_info(records)")) else "NULL"  # (a store not migrated yet)
        self._records = _Rows(connection.execute(
            "SELECT round_id, sequence, record, json_extract(NULLIF(record, ''), '$.sequence'), "
            f"{line}, action, actor, time FROM records WHERE rowid > ? ORDER BY rowid",
            (window.records,)))
        self._rounds = _Rows(connection.execute(
            "SELECT id, game, config, dealer, started FROM rounds WHERE id > ? ORDER BY id",
            (window.rounds,)))
        self._entries = _Rows(connection.execute(
            "SELECT id, meter, kind, amount, balance, round_id, jackpot, detail, actor, time "
            "FROM meter_entries WHERE id > ? ORDER BY id", (window.meter_entries,)))
        self._open: set[int] = set()
        #: (round, payment line) -> (done, actor, time) as the payment_tick records say.
        self.ticks: dict[tuple[int, int], tuple[int, Any, Any]] = {}
        #: A round's positions are asked by round (schema 18's index; before it, every row
        #: of round_positions would be read for each round: then not asked).
        self._positions_by_round = connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = "
            "'round_positions_by_round'").fetchone() is not None
        self.expected: dict[str, dict[str, str]] = {
            table: dict(rows) for table, rows in (sealed or {}).items()
            if table not in state.GROWING_TABLES}
        self.sources: dict[str, int] = dict.fromkeys(sealed or {}, sealed_by or 0)
        self.extents = {table: dict(value) for table, value in (extents or {}).items()}
        # a growing table sealed whole (by the first version of this) is all its rows
        self.rows: state.RowChanges = {table: dict(rows) for table, rows in (sealed or {}).items()
                                       if table in state.GROWING_TABLES}
        self._check_state = check_state
        self._version = version
        #: The lowest round the records fed started, completed or voided (``None``: none).
        self.first_round: int | None = None

    # -- feeding -------------------------------------------------------------------------------

    def feed_line(self, number: int, line: str, offset: int | None = None) -> None:
        """Audit record ``number`` as its canonical line (see :func:`dealer_station.audit.
        fast_hash`), at byte ``offset`` of the log when known. An action record whose data
        is, as text, the next journal row's record (the station writes both from one
        serialization), of that row's round and sequence, is matched without parsing either;
        any other record is parsed and fed (:meth:`feed`), which names a difference."""
        if self._problem is None and self._action_text(line, offset):
            return
        self.feed(number, json.loads(line), offset)

    def _action_text(self, line: str, offset: int | None) -> bool:
        """Whether ``line`` is an action record equal as text to the next journal row, or,
        for a row holding no data, the record of that row's round and sequence at the place
        the row names (when ``offset`` is known); then that row is taken, otherwise it stays
        for :meth:`feed`."""
        parts = journal_lines.action_parts(line)
        if parts is None:
            return False
        row = self._records.next()
        if row is None:
            return False
        if row[2] == "":
            matched = (journal_lines.of_row(line, row[0], row[1]) is not None
                       and (offset is None or row[4] == offset))
        else:
            matched = parts[0] == str(row[0]) and row[1] == row[3] and parts[1] == row[2]
        # the row's action, actor and time are the record's (a data text begins with its
        # action, the line with its actor and ends with its time: canonical, keys sorted)
        matched = (matched and parts[1].startswith(f'{{"action":{_json_text(row[5])},')
                   and line.startswith(f'{{"actor":{_json_text(row[6])},"data":')
                   and line.endswith(f',"time":{_json_text(row[7])}}}'))
        if not matched:
            self._records.put_back(row)
        return matched

    def feed(self, number: int, entry: Mapping[str, Any], offset: int | None = None) -> None:
        """Audit record ``number`` (parsed; its line at byte ``offset`` of the log when
        known)."""
        if self._problem is not None:
            return
        kind = entry.get("kind")
        data = entry.get("data") or {}
        if kind == "action":
            self._problem = self._action(number, entry, data, offset)
        elif kind == "round" and data.get("event") in _AUDITED_STATUS:
            self._problem = self._round(number, entry, data, offset)
        elif kind == "meter":
            self._problem = self._meter(number, entry, data)
        elif kind == "payment_tick" and isinstance(entry.get("round"), int):
            round_id = int(entry["round"])
            self.first_round = round_id if self.first_round is None else min(self.first_round,
                                                                             round_id)
            self.ticks[(round_id, int(data.get("payment", 0)))] = (
                int(bool(data.get("done"))), entry.get("actor"), entry.get("time"))
        elif kind == "state":
            for table, rows in (data.get("tables") or {}).items():
                if table in state.GROWING_TABLES:  # sealed whole by the first version of this
                    earlier = self.rows.get(table, {})
                    self.rows[table] = {**dict.fromkeys(earlier), **rows}
                else:
                    self.expected[table] = dict(rows)
                self.sources[table] = number
            for table, changes in (data.get("rows") or {}).items():
                self.rows.setdefault(table, {}).update(changes)
                self.sources[table] = number
        elif kind == "checkpoint":
            sealed = data.get("state") or {}
            for table, rows in sealed.items():
                if table in self.expected and self.expected[table] != rows:
                    self._problem = (f"checkpoint audit record {number} seals {table} "
                                     "differently from the state records before it")

    def _action(self, number: int, entry: Mapping[str, Any], data: Mapping[str, Any],
                offset: int | None) -> str | None:
        round_id = entry.get("round")
        row = self._records.next()
        key = (round_id, data.get("sequence"))
        if row is None or (row[0], row[1]) != key:
            found = self._connection.execute(
                "SELECT 1 FROM records WHERE round_id = ? AND sequence = ?", key).fetchone()
            if found is None:
                return (f"round {key[0]} record {key[1]} (audit record {number}) is missing "
                        "from the database (deleted)")
            assert row is not None
            return (f"round {row[0]} record {row[1]} is in the database but not in the audit "
                    "log (added outside the station)")
        if (json.loads(row[2]) != data if row[2] != "" else
                row[4] is None or (offset is not None and row[4] != offset)):
            return (f"round {row[0]} record {row[1]} differs from audit record {number} "
                    "(edited in the database)")
        for column, value, audited in (("action", row[5], data.get("action")),
                                       ("actor", row[6], entry.get("actor"))):
            if value != audited:
                return (f"round {row[0]} record {row[1]}: its {column} differs from audit "
                        f"record {number} (edited in the database)")
        if not same_time(row[7], entry.get("time")):
            return (f"round {row[0]} record {row[1]}: its time differs from audit record "
                    f"{number} (edited in the database)")
        return None

    def _round(self, number: int, entry: Mapping[str, Any], data: Mapping[str, Any],
               offset: int | None) -> str | None:
        round_id = entry.get("round")
        status = _AUDITED_STATUS[data["event"]]
        if isinstance(round_id, int):
            self.first_round = round_id if self.first_round is None else min(self.first_round,
                                                                             round_id)
        if status == "open":
            row = self._rounds.next()
            if row is None or row[0] != round_id:
                return (f"round {round_id} (started in audit record {number}) is missing from "
                        "the database (deleted)" if row is None or row[0] > round_id else
                        f"round {row[0]} is in the database but its start is not in the audit "
                        "log")
            self._open.add(round_id)
            # the game, configuration, dealer and start as the round's start record says
            for column, value, audited in (
                    ("game", row[1], data.get("game")),
                    ("configuration", row[2], canonical_json(data.get("config"))),
                    ("dealer", row[3], entry.get("actor"))):
                if value != audited:
                    return (f"round {round_id}: its {column} differs from audit record "
                            f"{number} (edited in the database)")
            if not same_time(row[4], entry.get("time")):
                return (f"round {round_id}: its start time differs from audit record {number} "
                        "(edited in the database)")
            return None
        self._open.discard(round_id)
        found = self._connection.execute(
            "SELECT status, void_reason, document, ended FROM rounds WHERE id = ?",
            (round_id,)).fetchone()
        if found is None:
            return f"round {round_id} (audit record {number}) is missing from the database"
        if found[0] != status:
            return (f"round {round_id} is {found[0]} in the database but {status} in audit "
                    f"record {number}")
        if status == "void" and found[1] != data.get("reason"):
            return f"round {round_id}: its void reason differs from audit record {number}"
        if not same_time(found[3], entry.get("time")):
            return (f"round {round_id}: its end time differs from audit record {number} "
                    "(edited in the database)")
        document = json.loads(found[2]) if found[2] else {}
        if (data.get("payments") is not None and document.get("payments") != data["payments"]
                and not round_payments.names(document, number, offset)):
            return (f"round {round_id}: its payments differ from audit record {number} (edited "
                    "in the database)")
        digest = data.get("document_sha256")  # (a round finished before it was recorded: none)
        if digest is not None and (found[2] is None or hashlib.sha256(
                str(found[2]).encode("utf-8")).hexdigest() != digest):
            return (f"round {round_id}: its stored summary (cards, results, totals, wagers) "
                    f"differs from audit record {number} (edited in the database)")
        if self._positions_by_round:  # derived from the summary: recomputed
            stored = sorted(str(row[0]) for row in self._connection.execute(
                "SELECT position FROM round_positions WHERE round_id = ?", (round_id,)))
            if stored != sorted(positions_of(document)):
                return (f"round {round_id}: its positions (round_positions) differ from its "
                        f"summary proven by audit record {number} (edited in the database)")
        return None

    def _meter(self, number: int, entry: Mapping[str, Any],
               data: Mapping[str, Any]) -> str | None:
        round_id = entry.get("round")
        row = self._entries.next()
        if row is None:
            return (f"the meter change of audit record {number} ({data.get('meter')} "
                    f"{data.get('kind')}) is missing from the database (deleted)")
        # the audit record as meters.add_entry writes it from the entry
        expected = {"meter": row[1], "kind": row[2], "amount": row[3], "balance": row[4],
                    "jackpot": row[6], **json.loads(row[7] or "{}")}
        if (expected != data or row[5] != round_id or row[8] != entry.get("actor")
                or not same_time(row[9], entry.get("time"))):
            return (f"meter entry {row[0]} ({row[1]} {row[2]}) differs from audit record "
                    f"{number} (edited or deleted in the database)")
        return None

    def _ticks_difference(self) -> str | None:
        """The payment lines ticked off (``payment_ticks``) against the ``payment_tick``
        records fed: each ticked line as its last record says, and no row of a round started
        in the part of the log fed without one."""
        if not state.table_exists(self._connection, "payment_ticks"):
            return None
        rows = {(int(r[0]), int(r[1])): (r[2], r[3], r[4]) for r in self._connection.execute(
            "SELECT round_id, payment, done, actor, time FROM payment_ticks WHERE round_id > ?",
            (self._window.rounds,))}
        for key, (done, actor, time) in self.ticks.items():
            row = rows.pop(key, None)
            if row is None:
                row = self._connection.execute(
                    "SELECT done, actor, time FROM payment_ticks WHERE round_id = ? AND "
                    "payment = ?", key).fetchone()
            if row is None or (row[0], row[1]) != (done, actor) or not same_time(row[2], time):
                return (f"round {key[0]} payment line {key[1]}: its tick (payment_ticks) "
                        "differs from the audit log (edited in the database)")
        for key in sorted(rows):
            return (f"round {key[0]} payment line {key[1]} is ticked in the database but not "
                    "in the audit log (added outside the station)")
        return None

    # -- the end -------------------------------------------------------------------------------

    def finish(self) -> str | None:
        """The first difference found, in words, or ``None``."""
        if self._problem is not None:
            return self._problem
        row = self._records.next()
        if row is not None:
            return (f"round {row[0]} record {row[1]} is in the database but not in the audit "
                    "log (added outside the station)")
        row = self._rounds.next()
        if row is not None:
            return f"round {row[0]} is in the database but its start is not in the audit log"
        row = self._entries.next()
        if row is not None:
            return (f"meter entry {row[0]} ({row[1]} {row[2]}) is in the database but not in "
                    "the audit log (added outside the station)")
        for round_id in sorted(self._open):
            found = self._connection.execute("SELECT status, ended, document FROM rounds "
                                             "WHERE id = ?", (round_id,)).fetchone()
            if found is not None and found[0] != "open":
                return (f"round {round_id} is {found[0]} in the database but open in the audit "
                        "log")
            if found is not None and (found[1] is not None or found[2] is not None):
                return (f"round {round_id} is open in the audit log but has an end or a "
                        "summary in the database (edited in the database)")
        found = self._ticks_difference()
        if found is not None:
            return found
        if not self._check_state:
            return None
        for table in state.GROWING_TABLES:
            if not state.table_exists(self._connection, table):
                continue  # (a store before the table's migration)
            found = state.growing_difference(table, self.extents.get(table, {}),
                                             self.rows.get(table, {}), self._connection,
                                             self.sources.get(table))
            if found is not None:
                return found
        return state.difference(self.expected, state.all_digests(self._connection,
                                                                 self._version),
                                self.sources)
