"""Progressive meters kept as journals: the meter *is* the sum of its entries.

A meter has a ``reset`` value (what it is seeded and reseeded to), a ``rate`` of progression in
basis points of the amount wagered on its ``wager`` (2100 = 21 %, the 5324.41(k)(5) minimum for
the $1 progressive payout wager) and a journal of entries: ``seed``, ``contribution`` (one per
completed round, a unique index forbids a second), ``hit`` (a winning hand, amount 0),
``validation`` (the supervisor's, amount 0), ``paid`` (the payout deducted), ``reseed`` (back up
to the reset value), ``rate`` / ``reset`` (a configuration change, amount 0), ``reversal`` (a
voided round's contribution taken back, negative; one per round, naming the contribution, the
reason and the clause). Each entry records the balance after it, and the meter's ``current``
column is updated in the same transaction; every entry is audited. :func:`check` proves
``current`` equals the journal's sum and that every reversal takes back a contribution of its
own round, once.

Contributions are computed in whole cents; the fraction of a cent left over is carried (in
1/10000 cent) into the next contribution, so no fraction is ever lost. A reversal takes back
exactly what the contribution added, carried fraction included (:func:`reversal_cents`).

>>> contribution_cents(100, 2100, 0)
(21, 0)
>>> contribution_cents(333, 2100, 0)
(69, 9300)
>>> contribution_cents(333, 2100, 9300)
(70, 8600)
>>> reversal_cents(70, 8600, 333, 2100)  # taking the last one back restores meter and carry
(-70, 9300)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station.audit import utc_now
from dealer_station.money import Cents
from dealer_station.store.database import Store, StoreError, Transaction

__all__ = [
    "Jackpot",
    "Meter",
    "MeterEntry",
    "MeterStatistics",
    "add_entry",
    "change_meter",
    "check",
    "contribute",
    "contribution_cents",
    "create_meter",
    "entries",
    "iter_entries",
    "iter_jackpots",
    "jackpot",
    "jackpots",
    "last_hit_unreseeded",
    "meter",
    "meters",
    "pay_jackpot",
    "record_pool_jackpot",
    "reseed_from_overflow",
    "retire_meter",
    "reversal_cents",
    "reverse_round",
    "shift_entries",
    "statistics",
]

KINDS = ("seed", "contribution", "hit", "validation", "paid", "reseed", "rate", "reset",
         "reversal", "terms", "overflow", "retire")
#: Why a voided round's contribution is taken back: its wagers are returned, so nothing was
#: wagered on the progressive in that round (the meter grows only with what is wagered).
REVERSAL_CLAUSE = "5324.41(k)(5)"


@dataclass(frozen=True, slots=True)
class Meter:
    """A meter's terms and balances: ``limit`` (None: none) caps what the meter shows, the
    contributions above it going to the ``overflow``, which a supervisor's reseed after a hit
    moves into the meter; ``retired``: when it was retired (None: in service)."""

    name: str
    wager: str
    reset: Cents
    rate_bp: int
    current: Cents
    carry: int
    limit: Cents | None = None
    overflow: Cents = 0
    retired: str | None = None


@dataclass(frozen=True, slots=True)
class MeterEntry:
    id: int
    meter: str
    kind: str
    amount: Cents
    balance: Cents
    round_id: int | None
    jackpot: int | None
    actor: str | None
    detail: Mapping[str, Any]
    time: str


@dataclass(frozen=True, slots=True)
class MeterStatistics:
    """Totals of one meter's journal."""

    current: Cents
    reset: Cents
    rate_bp: int
    contributions: Cents
    contribution_count: int
    hits: int
    paid: Cents
    reseeds: int
    reseeded: Cents
    validations: int
    #: Voided rounds' contributions taken back: how many, and the cents (positive).
    reversals: int = 0
    reversed: Cents = 0
    limit: Cents | None = None
    overflow: Cents = 0
    retired: str | None = None
    #: The last hits (numbered jackpot records), newest first.
    last_hits: tuple[Jackpot, ...] = ()


@dataclass(frozen=True, slots=True)
class Jackpot:
    """A numbered record of a validated progressive payout."""

    number: int
    meter: str
    round_id: int | None
    position: str
    hand: str
    amount: Cents
    meter_before: Cents
    meter_after: Cents
    dealer: str | None
    supervisor: str
    time: str
    #: The second validator of a payout above the station's ``second_validator_above``.
    second_supervisor: str | None = None


def contribution_cents(wagered: Cents, rate_bp: int, carry: int) -> tuple[Cents, int]:
    """Cents added for ``wagered`` at ``rate_bp`` basis points with ``carry`` (1/10000 cent)
    left from before; returns the cents and the new carry."""
    total = wagered * rate_bp + carry
    return total // 10000, total % 10000


def _meter(row: Any) -> Meter:
    return Meter(row["name"], row["wager"], row["reset"], row["rate_bp"], row["current"],
                 row["carry"], row["limit_cents"], row["overflow"], row["retired"])


def meter(source: Store | Transaction, name: str) -> Meter:
    row = source.connection.execute("SELECT * FROM meters WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise ValueError(f"no progressive meter {name!r}")
    return _meter(row)


def meters(store: Store) -> list[Meter]:
    return [_meter(row) for row in store.query("SELECT * FROM meters ORDER BY name")]


def add_entry(work: Transaction, name: str, kind: str, amount: Cents, *,
              round_id: int | None = None, jackpot_number: int | None = None,
              actor: str | None = None, detail: Mapping[str, Any] | None = None) -> Cents:
    """Journal one change of meter ``name`` and audit it; returns the new balance."""
    if kind not in KINDS:
        raise ValueError(f"unknown meter entry kind {kind!r}")
    current = meter(work, name).current
    balance = current + amount
    if balance < 0:
        raise ValueError(f"meter {name} cannot go below zero ({current} + {amount})")
    detail = dict(detail or {})
    now = utc_now()  # the entry's time is its audit record's (proof.py compares them)
    work.execute(
        "INSERT INTO meter_entries (meter, kind, amount, balance, round_id, jackpot, actor, "
        "detail, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (name, kind, amount, balance, round_id, jackpot_number, actor,
         json.dumps(detail, sort_keys=True), now))
    work.execute(  # the meter's lifetime figures, kept as its journal grows (statistics)
        "INSERT INTO meter_sums (meter, kind, entries, total) VALUES (?, ?, 1, ?) "
        "ON CONFLICT (meter, kind) DO UPDATE SET entries = entries + 1, "
        "total = total + excluded.total", (name, kind, amount))
    work.execute("UPDATE meters SET current = ? WHERE name = ?", (balance, name))
    work.audit("meter", {"meter": name, "kind": kind, "amount": amount, "balance": balance,
                         "jackpot": jackpot_number, **detail},
               actor=actor, round_id=round_id, time=now)
    return balance


def create_meter(work: Transaction, name: str, wager: str, reset: Cents, rate_bp: int,
                 actor: str | None = None, limit: Cents | None = None) -> Meter:
    """Create a meter and seed it with its reset value (``limit``: the most it shows, or
    None)."""
    if reset < 0 or rate_bp < 0:
        raise ValueError("a meter's reset value and rate cannot be negative")
    if limit is not None and limit < reset:
        raise ValueError("a meter's limit cannot be below its reset value")
    if not name.strip() or not wager.strip():
        raise ValueError("a meter needs a name and the wager that feeds it")
    if work.execute("SELECT 1 FROM meters WHERE name = ?", (name,)).fetchone():
        raise ValueError(f"meter {name!r} already exists")
    work.execute("INSERT INTO meters (name, wager, reset, rate_bp, current, carry, limit_cents) "
                 "VALUES (?, ?, ?, ?, 0, 0, ?)", (name, wager, reset, rate_bp, limit))
    add_entry(work, name, "seed", reset, actor=actor,
              detail={"wager": wager, "reset": reset, "rate_bp": rate_bp, "limit": limit})
    return meter(work, name)


def change_meter(work: Transaction, name: str, *, actor: str, reset: Cents | None = None,
                 rate_bp: int | None = None, limit: Cents | None = None,
                 clear_limit: bool = False) -> Meter:
    """Change a meter's terms (a ``terms`` entry with the terms before and after); a reset
    raised above the meter reseeds it up to the new reset. The caller checked the law and that
    no round is open."""
    before = meter(work, name)
    if before.retired:
        raise ValueError(f"meter {name} is retired")
    after = {"reset": before.reset if reset is None else reset,
             "rate_bp": before.rate_bp if rate_bp is None else rate_bp,
             "limit": None if clear_limit else (before.limit if limit is None else limit)}
    old = {"reset": before.reset, "rate_bp": before.rate_bp, "limit": before.limit}
    if after == old:
        raise ValueError("nothing to change: those are the meter's terms already")
    work.execute("UPDATE meters SET reset = ?, rate_bp = ?, limit_cents = ? WHERE name = ?",
                 (after["reset"], after["rate_bp"], after["limit"], name))
    add_entry(work, name, "terms", 0, actor=actor, detail={"before": old, "after": after})
    if before.current < int(after["reset"] or 0):
        add_entry(work, name, "reseed", int(after["reset"] or 0) - before.current, actor=actor,
                  detail={"reason": "reset raised above the meter"})
    return meter(work, name)


def last_hit_unreseeded(source: Store | Transaction, name: str) -> bool:
    """Whether a payout was made since the overflow last went into the meter."""
    row = source.connection.execute(
        "SELECT kind FROM meter_entries WHERE meter = ? AND (kind = 'paid' OR "
        "(kind = 'reseed' AND detail LIKE '%from_overflow%')) ORDER BY id DESC LIMIT 1",
        (name,)).fetchone()
    return row is not None and row["kind"] == "paid"


def reseed_from_overflow(work: Transaction, name: str, *, actor: str) -> Cents:
    """After a hit, move the overflow into the meter, up to its limit (the rest stays in the
    overflow); returns the cents moved."""
    current = meter(work, name)
    room = current.overflow if current.limit is None else min(
        current.overflow, max(current.limit - current.current, 0))
    work.execute("UPDATE meters SET overflow = overflow - ? WHERE name = ?", (room, name))
    add_entry(work, name, "reseed", room, actor=actor,
              detail={"from_overflow": room, "overflow_after": current.overflow - room})
    return room


def retire_meter(work: Transaction, name: str, *, actor: str, reason: str) -> Meter:
    """Take a meter out of service (its journal and jackpot records stay)."""
    current = meter(work, name)
    if current.retired:
        raise ValueError(f"meter {name} was retired at {current.retired}")
    work.execute("UPDATE meters SET retired = ? WHERE name = ?", (utc_now(), name))
    add_entry(work, name, "retire", 0, actor=actor,
              detail={"reason": reason, "amount_on_meter": current.current,
                      "overflow": current.overflow})
    return meter(work, name)


def contribute(work: Transaction, name: str, round_id: int, wagered: Cents) -> Cents:
    """Add the contribution of a completed round that had ``wagered`` cents on the meter's
    wager; returns the cents added (the index allows one contribution per round). What would
    take the meter past its limit goes to the overflow (recorded in the entry)."""
    current = meter(work, name)
    cents, carry = contribution_cents(wagered, current.rate_bp, current.carry)
    over = 0
    if current.limit is not None and current.current + cents > current.limit:
        over = current.current + cents - max(current.limit, current.current)
    work.execute("UPDATE meters SET carry = ?, overflow = overflow + ? WHERE name = ?",
                 (carry, over, name))
    detail: dict[str, Any] = {"wagered": wagered, "rate_bp": current.rate_bp, "carry": carry}
    if over:
        detail["overflow"] = over
    add_entry(work, name, "contribution", cents - over, round_id=round_id, detail=detail)
    return cents


def reversal_cents(current: Cents, carry: int, wagered: Cents, rate_bp: int
                   ) -> tuple[Cents, int]:
    """The (negative) cents and the new carry that take ``wagered`` at ``rate_bp`` back off a
    meter standing at ``current`` cents and ``carry`` (1/10000 cent): exactly the inverse of the
    contribution, fraction included, never below zero.

    >>> reversal_cents(1_000_069, 9300, 333, 2100)
    (-69, 0)
    >>> reversal_cents(10, 0, 1000, 2100)  # never below an empty meter
    (-10, 0)
    """
    total = max(current * 10000 + carry - wagered * rate_bp, 0)
    return total // 10000 - current, total % 10000


def reverse_round(work: Transaction, round_id: int, *, reason: str, actor: str | None = None,
                  clause: str = REVERSAL_CLAUSE) -> dict[str, Cents]:
    """Take back every meter contribution of voided round ``round_id`` not taken back yet: one
    ``reversal`` entry per meter (audited with the ``reason`` and the ``clause``, naming the
    contribution it reverses). Returns the cents taken off each meter (negative)."""
    rows = work.execute(
        "SELECT c.* FROM meter_entries AS c WHERE c.kind = 'contribution' AND c.round_id = ? "
        "AND NOT EXISTS (SELECT 1 FROM meter_entries AS r WHERE r.kind = 'reversal' "
        "AND r.meter = c.meter AND r.round_id = c.round_id) ORDER BY c.id",
        (round_id,)).fetchall()
    taken: dict[str, Cents] = {}
    for row in rows:
        name = row["meter"]
        contribution = json.loads(row["detail"])
        wagered, rate_bp = int(contribution["wagered"]), int(contribution["rate_bp"])
        current = meter(work, name)
        cents, carry = reversal_cents(current.current, current.carry, wagered, rate_bp)
        from_overflow = min(int(contribution.get("overflow", 0)), current.overflow, -cents)
        cents += from_overflow
        work.execute("UPDATE meters SET carry = ?, overflow = overflow - ? WHERE name = ?",
                     (carry, from_overflow, name))
        add_entry(work, name, "reversal", cents, round_id=round_id, actor=actor,
                  detail={"reverses": row["id"], "contributed": row["amount"],
                          "wagered": wagered, "rate_bp": rate_bp, "carry": carry,
                          "from_overflow": from_overflow, "reason": reason,
                          "clause": clause})
        taken[name] = cents
    return taken


def pay_jackpot(work: Transaction, name: str, *, round_id: int | None, position: str,
                hand: str, amount: Cents | None = None, share_bp: int | None = None,
                dealer: str | None, supervisor: str) -> Jackpot:
    """Record a validated progressive payout: the hit, the supervisor's validation, the payout
    deducted from the meter, the reseed up to the reset value, and the numbered jackpot record.
    The payout is ``amount``, or ``share_bp`` basis points of the meter *as it stands now*
    (10000 = 100 % of the meter, 5324.41(k)(4), (k)(6)), rounded down to the cent. The caller
    has checked the supervisor's authority."""
    current = meter(work, name)
    if (amount is None) == (share_bp is None):
        raise ValueError("give the jackpot's amount or its share of the meter, not both")
    if share_bp is not None:
        if not 0 < share_bp <= 10000:
            raise ValueError("a share of the meter is 1 to 10000 basis points")
        amount = current.current * share_bp // 10000
    assert amount is not None
    if amount <= 0:
        raise ValueError("a jackpot amount must be positive")
    if amount > current.current:
        raise ValueError(f"jackpot {amount} exceeds the meter ({current.current})")
    cursor = work.execute(
        "INSERT INTO jackpots (meter, round_id, position, hand, amount, meter_before, "
        "meter_after, dealer, supervisor, time) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
        (name, round_id, position, hand, amount, current.current, dealer, supervisor,
         utc_now()))
    number = cursor.lastrowid
    assert number is not None
    detail = {"position": position, "hand": hand}
    add_entry(work, name, "hit", 0, round_id=round_id, jackpot_number=number, actor=dealer,
              detail=detail)
    add_entry(work, name, "validation", 0, round_id=round_id, jackpot_number=number,
              actor=supervisor, detail={**detail, "amount": amount})
    balance = add_entry(work, name, "paid", -amount, round_id=round_id, jackpot_number=number,
                        actor=supervisor, detail=detail)
    if balance < current.reset:
        balance = add_entry(work, name, "reseed", current.reset - balance, round_id=round_id,
                            jackpot_number=number, actor=supervisor)
    work.execute("UPDATE jackpots SET meter_after = ? WHERE number = ?", (balance, number))
    return jackpot(work, number)


def record_pool_jackpot(work: Transaction, name: str, *, pool: str, round_id: int | None,
                        position: str, hand: str, amount: Cents, meter_before: Cents,
                        meter_after: Cents, dealer: str | None, supervisor: str) -> Jackpot:
    """Record a validated payout the floor's linked pool ``pool`` paid (docs/floor.md): the
    numbered jackpot record with the pool's figures (before, amount, after), and the hit and
    the validation in the journal of the table's meter ``name`` (amount 0: the table's meter
    is its ledger of what it contributed to the pool; the pool paid)."""
    if amount <= 0 or amount > meter_before:
        raise ValueError(f"jackpot {amount} from a pool of {meter_before}")
    cursor = work.execute(
        "INSERT INTO jackpots (meter, round_id, position, hand, amount, meter_before, "
        "meter_after, dealer, supervisor, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (name, round_id, position, hand, amount, meter_before, meter_after, dealer, supervisor,
         utc_now()))
    number = cursor.lastrowid
    assert number is not None
    detail = {"position": position, "hand": hand, "pool": pool}
    add_entry(work, name, "hit", 0, round_id=round_id, jackpot_number=number, actor=dealer,
              detail=detail)
    add_entry(work, name, "validation", 0, round_id=round_id, jackpot_number=number,
              actor=supervisor, detail={**detail, "amount": amount,
                                        "pool_before": meter_before, "pool_after": meter_after})
    return jackpot(work, number)


def _jackpot(row: Any) -> Jackpot:
    keys = row.keys()  # (a store not migrated yet has no second validator)
    return Jackpot(row["number"], row["meter"], row["round_id"], row["position"], row["hand"],
                   row["amount"], row["meter_before"], row["meter_after"], row["dealer"],
                   row["supervisor"], row["time"],
                   row["second_supervisor"] if "second_supervisor" in keys else None)


def jackpot(source: Store | Transaction, number: int) -> Jackpot:
    row = source.connection.execute("SELECT * FROM jackpots WHERE number = ?",
                                    (number,)).fetchone()
    if row is None:
        raise ValueError(f"no jackpot record number {number}")
    return _jackpot(row)


def jackpots(store: Store, *, round_id: int | None = None,
             position: str | None = None) -> list[Jackpot]:
    """The numbered jackpot records in order (``round_id``, ``position``: only that round's,
    that position's)."""
    return list(iter_jackpots(store, round_id=round_id, position=position))


def iter_jackpots(store: Store, *, round_id: int | None = None,
                  position: str | None = None) -> Iterator[Jackpot]:
    """:func:`jackpots` one at a time (a table's whole list is never held)."""
    clauses = [clause for clause, value in (("round_id = ?", round_id), ("position = ?",
                                                                         position))
               if value is not None]
    cursor = store.connection.execute(
        "SELECT * FROM jackpots" + (" WHERE " + " AND ".join(clauses) if clauses else "")
        + " ORDER BY number", [value for value in (round_id, position) if value is not None])
    for row in cursor:
        yield _jackpot(row)


def entries(store: Store, name: str, *, after: int = 0) -> list[MeterEntry]:
    """The journal of meter ``name`` (the entries after entry id ``after``), in order."""
    return list(iter_entries(store, name, after=after))


def iter_entries(store: Store, name: str, *, after: int = 0) -> Iterator[MeterEntry]:
    """The journal of meter ``name`` after entry id ``after``, in order, one at a time."""
    cursor = store.connection.execute(
        "SELECT * FROM meter_entries WHERE meter = ? AND id > ? ORDER BY id", (name, after))
    for row in cursor:
        yield _entry(row)


def shift_entries(store: Store, name: str, *, since: str) -> list[MeterEntry]:
    """The entries of meter ``name`` written at or after ``since`` (journal time text) and the
    last one before them (the balance the shift began with), in order. Read newest first and
    stopped at that one (entries are appended in time order), so the cost is the shift's, not
    the whole journal's (a contribution per round for years)."""
    cursor = store.connection.execute(
        "SELECT * FROM meter_entries WHERE meter = ? ORDER BY id DESC", (name,))
    found = []
    try:
        for row in cursor:
            found.append(_entry(row))
            if found[-1].time < since:
                break
    finally:
        cursor.close()
    return found[::-1]


def _entry(r: Any) -> MeterEntry:
    return MeterEntry(r["id"], r["meter"], r["kind"], r["amount"], r["balance"], r["round_id"],
                      r["jackpot"], r["actor"], json.loads(r["detail"]), r["time"])


def _sums(store: Store, name: str) -> dict[str, tuple[int, int]]:
    """Meter ``name``'s entries by kind as its journal sums them: kind -> (entries, total)."""
    return {row[0]: (int(row[1]), int(row[2])) for row in store.query(
        "SELECT kind, COUNT(*), COALESCE(SUM(amount), 0) FROM meter_entries WHERE meter = ? "
        "GROUP BY kind", (name,))}


def statistics(store: Store, name: str) -> MeterStatistics:
    """The meter's figures, every one its journal's: counted and summed by kind as each entry
    is written (``meter_sums``, kept by :func:`add_entry` in the entry's transaction and proven
    equal to the journal by :func:`check`), so a view costs the same after years of
    contributions."""
    current = meter(store, name)
    rows = {row["kind"]: row for row in store.query(
        "SELECT kind, entries AS n, total FROM meter_sums WHERE meter = ?", (name,))}

    def n(kind: str) -> int:
        return int(rows[kind]["n"]) if kind in rows else 0

    def total(kind: str) -> int:
        return int(rows[kind]["total"]) if kind in rows else 0

    return MeterStatistics(
        current=sum(total(kind) for kind in KINDS),
        reset=current.reset,
        rate_bp=current.rate_bp,
        contributions=total("contribution"),
        contribution_count=n("contribution"),
        hits=n("hit"),
        paid=-total("paid"),
        reseeds=n("reseed"),
        reseeded=total("reseed"),
        validations=n("validation"),
        reversals=n("reversal"),
        reversed=-total("reversal"),
        limit=current.limit,
        overflow=current.overflow,
        retired=current.retired,
        last_hits=tuple(_jackpot(row) for row in store.query(
            "SELECT * FROM jackpots WHERE meter = ? ORDER BY number DESC LIMIT 25", (name,))),
    )


def check(store: Store, *, after: int = 0) -> None:
    """Raise :class:`StoreError` unless every meter equals the sum of its journal, every
    entry's balance is the running sum, every reversal takes back an earlier contribution of
    its own round (once, never more than it added plus the fraction carried), and (the whole
    journal, ``after`` 0) the overflow equals what the entries carried into and out of it.

    ``after``: check only the entries after that entry id, from the balance the last one
    before shows (what a start proves: the entries before were proven when they were written,
    see :class:`dealer_station.store.proof.Proof`, and the meter's row, overflow included, is
    sealed in the audit log). Streams the entries: memory does not grow with the journal."""
    for each in meters(store):
        before = store.query("SELECT balance FROM meter_entries WHERE meter = ? AND id <= ? "
                             "ORDER BY id DESC LIMIT 1", (each.name, after))
        running = int(before[0][0]) if before else 0
        reversed_rounds: set[int | None] = set()
        for entry in iter_entries(store, each.name, after=after):
            running += entry.amount
            if entry.balance != running:
                raise StoreError(f"meter {each.name}: entry {entry.id} balance {entry.balance} "
                                 f"is not the journal's running sum {running}")
            if entry.kind == "reversal":
                source = _reversed_contribution(store, each.name, entry)
                if (source is None or entry.round_id in reversed_rounds
                        or entry.detail.get("reverses") != source.id
                        or entry.amount > 0 or -entry.amount > source.amount + 1):
                    raise StoreError(f"meter {each.name}: reversal entry {entry.id} does not "
                                     f"take back one contribution of round {entry.round_id}")
                reversed_rounds.add(entry.round_id)
        if running != each.current:
            raise StoreError(f"meter {each.name} shows {each.current} but its journal sums "
                             f"to {running}")
        if after:
            continue
        kept = {row[0]: (int(row[1]), int(row[2])) for row in store.query(
            "SELECT kind, entries, total FROM meter_sums WHERE meter = ?", (each.name,))}
        if kept != _sums(store, each.name):
            raise StoreError(f"meter {each.name}: its counts and sums by kind (meter_sums) are "
                             "not its journal's (changed outside the station)")
        overflow = int(store.query(
            "SELECT COALESCE(SUM(CASE WHEN kind = 'contribution' THEN "
            "CAST(json_extract(detail, '$.overflow') AS INTEGER) END), 0) - "
            "COALESCE(SUM(CASE WHEN kind IN ('reseed', 'reversal') THEN "
            "CAST(json_extract(detail, '$.from_overflow') AS INTEGER) END), 0) "
            "FROM meter_entries WHERE meter = ?", (each.name,))[0][0])
        if overflow != each.overflow:
            raise StoreError(f"meter {each.name} shows an overflow of {each.overflow} but its "
                             f"journal sums to {overflow}")


def _reversed_contribution(store: Store, name: str, entry: MeterEntry) -> MeterEntry | None:
    """The one contribution of ``entry``'s round before it (``None`` unless exactly one)."""
    rows = store.query("SELECT * FROM meter_entries WHERE meter = ? AND id < ? AND round_id = ? "
                       "AND kind = 'contribution' ORDER BY id LIMIT 2",
                       (name, entry.id, entry.round_id))
    return _entry(rows[0]) if len(rows) == 1 else None
