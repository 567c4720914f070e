"""Linked progressive pools. Every contribution, hit request and decision is one PostgreSQL
transaction that first locks the pool's row (``SELECT … FOR UPDATE``), so the floor's commit
order is the order of everything that touches a pool: a hit's place in line (``hit_order``)
is taken under that lock, and each hit is paid from the pool as it stands when it is decided,
after every hit before it. Every change of a pool's row is announced on the ``floor_pool``
channel (LISTEN/NOTIFY, see the trigger in :mod:`.schema`).

A contribution is keyed by (pool, table, round): sent again (a retry after a lost answer, a
station forwarding again after a crash) it is stored once and counted once.

Money: the pool takes ``wagered × rate_bp / 10,000`` cents of each contribution, rounded
down (the rate is a whole number of basis points; docs/floor.md). A payment below the reset
amount is topped up by the house (a ``seed`` entry), so the reconciliation is
``seeds + contributions − payments = amount`` (a voided round's contribution taken back
counts as a negative contribution).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_station.floor import FloorError
from dealer_station.floor.config import one_row
from dealer_station.money import format_cents

if TYPE_CHECKING:
    from psycopg.rows import TupleRow

    from dealer_station.floor.config import FloorConnection

__all__ = ["ClaimReading", "Contribution", "Hit", "Pool", "Reconciliation", "claim_reading",
           "contribute", "create_pool", "decide_hit", "pay_table_claim", "pool", "reconcile",
           "request_hit", "set_terms"]


@dataclass(frozen=True, slots=True)
class Pool:
    name: str
    wager: str
    reset_cents: int
    rate_bp: int
    amount_cents: int
    pending: int


@dataclass(frozen=True, slots=True)
class Contribution:
    pool: str
    table_id: str
    round_id: int
    wagered_cents: int
    amount_cents: int
    balance_cents: int
    new: bool


@dataclass(frozen=True, slots=True)
class Hit:
    pool: str
    order: int
    table_id: str
    round_id: int
    position: str
    hand: str
    status: str
    amount_cents: int | None
    pool_before: int | None
    pool_after: int | None


@dataclass(frozen=True, slots=True)
class Reconciliation:
    seeds: int
    contributions: int
    payments: int
    amount: int

    @property
    def ok(self) -> bool:
        return self.seeds + self.contributions - self.payments == self.amount


def create_pool(connection: FloorConnection, name: str, *, wager: str, reset_cents: int,
                rate_bp: int,
                actor: str) -> Pool:
    if reset_cents < 0 or not 0 < rate_bp <= 10000:
        raise FloorError("a pool needs a reset of 0 or more cents and a rate of 1 to 10,000 "
                         "basis points")
    with connection.transaction():
        if connection.execute("SELECT 1 FROM pools WHERE name = %s", (name,)).fetchone():
            raise FloorError(f"pool {name!r} exists already")
        connection.execute("INSERT INTO pools (name, wager, reset_cents, rate_bp, amount_cents) "
                           "VALUES (%s, %s, %s, %s, %s)",
                           (name, wager, reset_cents, rate_bp, reset_cents))
        connection.execute("INSERT INTO pool_entries (pool, kind, amount_cents, balance_cents, "
                           "actor) VALUES (%s, 'seed', %s, %s, %s)",
                           (name, reset_cents, reset_cents, actor))
    return pool(connection, name)


def pool(connection: FloorConnection, name: str) -> Pool:
    row = connection.execute(
        "SELECT name, wager, reset_cents, rate_bp, amount_cents, (SELECT count(*) FROM "
        "pool_hits WHERE pool = name AND status = 'pending') FROM pools WHERE name = %s",
        (name,)).fetchone()
    if row is None:
        raise FloorError(f"no pool {name!r} on the floor")
    return Pool(*row)


def _locked(connection: FloorConnection, name: str) -> tuple[int, int, int]:
    """Lock the pool's row: (amount, reset, rate)."""
    row = connection.execute("SELECT amount_cents, reset_cents, rate_bp FROM pools "
                             "WHERE name = %s FOR UPDATE", (name,)).fetchone()
    if row is None:
        raise FloorError(f"no pool {name!r} on the floor")
    return int(row[0]), int(row[1]), int(row[2])


def _member_locked(connection: FloorConnection, table_id: str) -> tuple[str, tuple[int, int, int]]:
    """The pool of ``table_id``, its row locked: (name, (amount, reset, rate))."""
    name = member_pool(connection, table_id)
    if name is None:
        raise FloorError(f"table {table_id} is not a member of any pool")
    return name, _locked(connection, name)


def member_pool(connection: FloorConnection, table_id: str) -> str | None:
    row = connection.execute("SELECT pool FROM pool_members WHERE table_id = %s",
                             (table_id,)).fetchone()
    return None if row is None else str(row[0])


def contribute(connection: FloorConnection, table_id: str, round_id: int,
               wagered_cents: int) -> Contribution:
    """The table's contribution of round ``round_id`` to its pool (once per round)."""
    if wagered_cents <= 0:
        raise FloorError("a contribution is of a positive amount wagered")
    with connection.transaction():
        return contribute_in(connection, table_id, round_id, wagered_cents)


def contribute_in(connection: FloorConnection, table_id: str, round_id: int,
                  wagered_cents: int) -> Contribution:
    """:func:`contribute` inside the caller's transaction."""
    name, (amount, _reset, rate) = _member_locked(connection, table_id)
    existing = connection.execute(
        "SELECT wagered_cents, amount_cents, balance_cents FROM pool_entries WHERE pool = %s "
        "AND table_id = %s AND round_id = %s AND kind = 'contribution'",
        (name, table_id, round_id)).fetchone()
    if existing is not None:
        return Contribution(name, table_id, round_id, int(existing[0]), int(existing[1]),
                            int(existing[2]), new=False)
    share = wagered_cents * rate // 10000
    balance = amount + share
    connection.execute(
        "INSERT INTO pool_entries (pool, table_id, round_id, kind, wagered_cents, amount_cents, "
        "balance_cents) VALUES (%s, %s, %s, 'contribution', %s, %s, %s)",
        (name, table_id, round_id, wagered_cents, share, balance))
    connection.execute("UPDATE pools SET amount_cents = %s WHERE name = %s", (balance, name))
    return Contribution(name, table_id, round_id, wagered_cents, share, balance, new=True)


def reverse_in(connection: FloorConnection, table_id: str, round_id: int) -> int:
    """Take back the contribution of a voided round (once; never below an empty pool); the
    cents taken back (0: none to take)."""
    name, (amount, _reset, _rate) = _member_locked(connection, table_id)
    row = connection.execute(
        "SELECT c.amount_cents, EXISTS (SELECT 1 FROM pool_entries r WHERE r.pool = c.pool AND "
        "r.table_id = c.table_id AND r.round_id = c.round_id AND r.kind = 'reversal') FROM "
        "pool_entries c WHERE c.pool = %s AND c.table_id = %s AND c.round_id = %s AND "
        "c.kind = 'contribution'", (name, table_id, round_id)).fetchone()
    if row is None or row[1]:
        return 0
    back = min(int(row[0]), amount)
    connection.execute(
        "INSERT INTO pool_entries (pool, table_id, round_id, kind, amount_cents, balance_cents) "
        "VALUES (%s, %s, %s, 'reversal', %s, %s)", (name, table_id, round_id, -back,
                                                    amount - back))
    connection.execute("UPDATE pools SET amount_cents = %s WHERE name = %s",
                       (amount - back, name))
    return back


def _hit(row: TupleRow) -> Hit:
    return Hit(str(row[0]), int(row[1]), str(row[2]), int(row[3]), str(row[4]), str(row[5]),
               str(row[6]), row[7], row[8], row[9])


_HIT = ("SELECT pool, hit_order, table_id, round_id, position, hand, status, amount_cents, "
        "pool_before, pool_after FROM pool_hits ")


def request_hit(connection: FloorConnection, table_id: str, round_id: int, position: str,
                hand: str, *,
                share_bp: int | None = None, fixed_cents: int | None = None,
                decide_by: str | None = None) -> Hit:
    """A hit at ``table_id``: its place in line is the floor's commit order. It waits,
    PENDING on every member table, until :func:`decide_hit`; with ``decide_by`` (a table that
    does not use the pit's validation) it is paid in the same transaction. The award is a share
    of the pool (``share_bp``) or a fixed amount, never more than the pool holds."""
    if (share_bp is None) == (fixed_cents is None):
        raise FloorError("a hit pays a share of the pool or a fixed amount")
    with connection.transaction():
        name, _terms = _member_locked(connection, table_id)
        row = connection.execute(_HIT + "WHERE table_id = %s AND round_id = %s AND "
                                 "position = %s", (table_id, round_id, position)).fetchone()
        if row is not None:
            return _hit(row)  # the same hit asked again: one hit
        order = _next_order(connection, name)
        connection.execute(
            "INSERT INTO pool_hits (pool, hit_order, table_id, round_id, position, hand, "
            "share_bp, fixed_cents, status) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'pending')",
            (name, order, table_id, round_id, position, hand, share_bp, fixed_cents))
        connection.execute("UPDATE pools SET amount_cents = amount_cents WHERE name = %s",
                           (name,))  # announce the pending hit
        if decide_by is not None:
            return _decide(connection, name, order, approve=True, by=decide_by, reason=None)
        return _hit(one_row(connection, _HIT + "WHERE pool = %s AND hit_order = %s",
                            (name, order)))


def decide_hit(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
               reason: str | None = None) -> Hit:
    """Approve (pay from the pool as it stands now) or reject a pending hit; hits are decided
    in their order: an earlier one still pending is decided first."""
    if not approve and not (reason or "").strip():
        raise FloorError("a rejected hit needs the reason")
    with connection.transaction():
        _locked(connection, name)
        at = connection.execute("SELECT table_id FROM pool_hits WHERE pool = %s AND hit_order = "
                                "%s AND at_table AND status = 'pending'", (name, order)
                                ).fetchone()
        if at is not None:
            raise FloorError(f"hit {order} of pool {name!r} is a claim validated at table "
                             f"{at[0]}: its supervisor decides it there")
        return _decide(connection, name, order, approve=approve, by=by, reason=reason)


def _next_order(connection: FloorConnection, name: str) -> int:
    """The next hit order of pool ``name`` (its row locked by the caller: commit order)."""
    return int(one_row(connection, "UPDATE pools SET next_hit = next_hit + 1 WHERE name = %s "
                       "RETURNING next_hit - 1", (name,))[0])


def _hit_row(connection: FloorConnection, name: str, order: int) -> TupleRow | None:
    """(status, share, fixed amount, table, round) of hit ``order`` of pool ``name``."""
    return connection.execute("SELECT status, share_bp, fixed_cents, table_id, round_id FROM "
                              "pool_hits WHERE pool = %s AND hit_order = %s",
                              (name, order)).fetchone()


def _decide(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
            reason: str | None) -> Hit:
    row = _hit_row(connection, name, order)
    if row is None:
        raise FloorError(f"no hit {order} in pool {name!r}")
    if row[0] != "pending":
        raise FloorError(f"hit {order} of pool {name!r} was {row[0]} already: nothing is "
                         "decided twice")
    earlier = one_row(connection, "SELECT min(hit_order) FROM pool_hits WHERE pool = %s AND "
                      "status = 'pending' AND hit_order < %s", (name, order))[0]
    if earlier is not None:
        raise FloorError(f"hit {earlier} of pool {name!r} came first: decide it first")
    return _decide_now(connection, name, order, approve=approve, by=by, reason=reason)


def _decide_now(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
                reason: str | None) -> Hit:
    """Pay (or reject) pending hit ``order`` from the pool as it stands (its row locked)."""
    row = _hit_row(connection, name, order)
    if row is None:
        raise FloorError(f"no hit {order} in pool {name!r}")
    amount, reset, _rate = (int(v) for v in one_row(
        connection, "SELECT amount_cents, reset_cents, rate_bp FROM pools WHERE name = %s",
        (name,)))
    if not approve:
        connection.execute("UPDATE pool_hits SET status = 'rejected', decided = "
                           "clock_timestamp(), decided_by = %s, reason = %s WHERE pool = %s "
                           "AND hit_order = %s", (by, reason, name, order))
    else:
        award = (amount * int(row[1]) // 10000) if row[1] is not None else int(row[2])
        paid = min(award, amount)
        after = amount - paid
        connection.execute(
            "INSERT INTO pool_entries (pool, table_id, round_id, kind, amount_cents, "
            "balance_cents, hit_order, actor) VALUES (%s, %s, %s, 'payment', %s, %s, %s, %s)",
            (name, row[3], row[4], paid, after, order, by))
        balance = after
        if after < reset:
            balance = reset
            connection.execute(
                "INSERT INTO pool_entries (pool, kind, amount_cents, balance_cents, hit_order, "
                "actor) VALUES (%s, 'seed', %s, %s, %s, %s)",
                (name, reset - after, reset, order, by))
        connection.execute("UPDATE pool_hits SET status = 'paid', amount_cents = %s, "
                           "pool_before = %s, pool_after = %s, decided = clock_timestamp(), "
                           "decided_by = %s WHERE pool = %s AND hit_order = %s",
                           (paid, amount, balance, by, name, order))
        connection.execute("UPDATE pools SET amount_cents = %s WHERE name = %s",
                           (balance, name))
    if not approve:
        connection.execute("UPDATE pools SET amount_cents = amount_cents WHERE name = %s",
                           (name,))
    return _hit(one_row(connection, _HIT + "WHERE pool = %s AND hit_order = %s",
                        (name, order)))


def table_claim_in(connection: FloorConnection, table_id: str, round_id: int, position: str,
                   hand: str,
                   amount_cents: int, *, event: str, by: str | None,
                   reason: str | None = None) -> None:
    """A progressive claim validated at the table (its ``claim`` audit records, forwarded), in
    the caller's transaction: ``shown`` makes it a hit PENDING on every member table;
    ``approved`` pays the amount the table's validation approved (never more than the pool
    holds) from the pool as it stands; ``rejected`` rejects it. The table's validation is the
    decision, so it is not held back by other tables' pending hits. Sent again, nothing
    changes (a decided hit stays as decided)."""
    name, _terms = _member_locked(connection, table_id)
    row = connection.execute("SELECT hit_order, status FROM pool_hits WHERE table_id = %s AND "
                             "round_id = %s AND position = %s", (table_id, round_id, position)
                             ).fetchone()
    if row is None:
        order = _next_order(connection, name)
        connection.execute(
            "INSERT INTO pool_hits (pool, hit_order, table_id, round_id, position, hand, "
            "fixed_cents, status, at_table) VALUES (%s, %s, %s, %s, %s, %s, %s, 'pending', "
            "true)",
            (name, order, table_id, round_id, position, hand, amount_cents))
        status = "pending"
    else:
        order, status = int(row[0]), str(row[1])
    if status == "pending" and event in ("approved", "rejected"):
        connection.execute("UPDATE pool_hits SET fixed_cents = %s WHERE pool = %s AND "
                           "hit_order = %s", (amount_cents, name, order))
        _decide_now(connection, name, order, approve=event == "approved", by=by or "table",
                    reason=reason or None)
    else:
        connection.execute("UPDATE pools SET amount_cents = amount_cents WHERE name = %s",
                           (name,))  # announce the pending hit


@dataclass(frozen=True, slots=True)
class ClaimReading:
    """What a member table's claim is paid from: its pool as it stands now, or, when the floor
    already paid this claim (the table's own record of it was lost to a crash), that payment."""

    pool: str
    amount_cents: int
    reset_cents: int
    paid: Hit | None = None


def claim_reading(connection: FloorConnection, table_id: str, round_id: int,
                  position: str) -> ClaimReading:
    """The pool of ``table_id`` as it stands (one consistent read), with the floor's payment
    of the claim at (round, position) if there is one."""
    with connection.transaction():
        name = member_pool(connection, table_id)
        if name is None:
            raise FloorError(f"table {table_id} is not a member of any pool")
        amount, reset = one_row(connection, "SELECT amount_cents, reset_cents FROM pools "
                                "WHERE name = %s", (name,))
        row = connection.execute(_HIT + "WHERE table_id = %s AND round_id = %s AND position = "
                                 "%s AND status = 'paid'", (table_id, round_id, position)
                                 ).fetchone()
    return ClaimReading(name, int(amount), int(reset), None if row is None else _hit(row))


def pay_table_claim(connection: FloorConnection, table_id: str, round_id: int, position: str,
                    hand: str,
                    *, pool_before: int, amount_cents: int, by: str) -> ClaimReading:
    """Pay the claim at (round, position) of ``table_id`` validated at the table: ``amount``
    computed from the pool at ``pool_before``, the amount its supervisor was shown. Under the
    pool's row lock (the floor's commit order): refused when the pool no longer stands at
    ``pool_before`` (another table's hit was paid, or contributions came, since the claim was
    shown: the supervisor is shown it again); paid once (asked again, the payment made).
    A payment leaving less than the reset is topped up by the house (a ``seed``). The pool
    after, with the payment."""
    with connection.transaction():
        name, (amount, reset, _rate) = _member_locked(connection, table_id)
        row = connection.execute(_HIT + "WHERE table_id = %s AND round_id = %s AND "
                                 "position = %s", (table_id, round_id, position)).fetchone()
        if row is not None and row[6] == "paid":
            return ClaimReading(name, amount, reset, _hit(row))
        if row is not None and row[6] == "rejected":
            raise FloorError(f"the claim at position {position} of round {round_id} was "
                             "rejected on the floor: a rejection is final")
        if amount != pool_before:
            raise FloorError(f"the pool {name!r} stands at {format_cents(amount)}, not the "
                             f"{format_cents(pool_before)} shown (a hit paid or contributions "
                             "counted since): show the claim again and check the amount")
        if not 0 < amount_cents <= amount:
            raise FloorError(f"a payment of {format_cents(amount_cents)} from a pool of "
                             f"{format_cents(amount)}")
        if row is None:
            order = _next_order(connection, name)
            connection.execute(
                "INSERT INTO pool_hits (pool, hit_order, table_id, round_id, position, hand, "
                "fixed_cents, status, at_table) VALUES (%s, %s, %s, %s, %s, %s, %s, "
                "'pending', true)", (name, order, table_id, round_id, position, hand,
                                     amount_cents))
        else:
            order = int(row[1])
            connection.execute("UPDATE pool_hits SET fixed_cents = %s, hand = %s WHERE pool = "
                               "%s AND hit_order = %s", (amount_cents, hand, name, order))
        hit = _decide_now(connection, name, order, approve=True, by=by, reason=None)
        assert hit.pool_after is not None
        return ClaimReading(name, hit.pool_after, reset, hit)


def hits(connection: FloorConnection, name: str | None = None, *,
         status: str | None = None) -> list[Hit]:
    rows = connection.execute(
        _HIT + "WHERE (%s::text IS NULL OR pool = %s) AND (%s::text IS NULL OR status = %s) "
        "ORDER BY pool, hit_order", (name, name, status, status)).fetchall()
    return [_hit(row) for row in rows]


def set_terms(connection: FloorConnection, name: str, *, actor: str, reset_cents: int | None = None,
              rate_bp: int | None = None) -> Pool:
    """Change a pool's reset or rate; refused while any member table is in a round."""
    with connection.transaction():
        _locked(connection, name)
        busy = connection.execute(
            "SELECT t.table_id, t.round_id FROM floor_tables t JOIN pool_members m USING "
            "(table_id) WHERE m.pool = %s AND t.phase = 'round' ORDER BY t.table_id",
            (name,)).fetchall()
        if busy:
            listed = ", ".join(f"{t} (round {r})" for t, r in busy)
            raise FloorError(f"pool {name!r}: its parameters change only while no member table "
                             f"is in a round; in a round now: {listed}")
        if rate_bp is not None and not 0 < rate_bp <= 10000:
            raise FloorError("a rate of 1 to 10,000 basis points")
        if reset_cents is not None and reset_cents < 0:
            raise FloorError("a reset of 0 or more cents")
        connection.execute("UPDATE pools SET reset_cents = COALESCE(%s, reset_cents), "
                           "rate_bp = COALESCE(%s, rate_bp) WHERE name = %s",
                           (reset_cents, rate_bp, name))
        amount = one_row(connection, "SELECT amount_cents FROM pools WHERE name = %s",
                         (name,))[0]
        connection.execute("INSERT INTO pool_entries (pool, kind, amount_cents, balance_cents, "
                           "actor) VALUES (%s, 'terms', 0, %s, %s)", (name, amount, actor))
    return pool(connection, name)


def reconcile(connection: FloorConnection, name: str) -> Reconciliation:
    row = one_row(
        connection,
        "SELECT COALESCE(sum(amount_cents) FILTER (WHERE kind = 'seed'), 0), "
        "COALESCE(sum(amount_cents) FILTER (WHERE kind IN ('contribution', 'reversal')), 0), "
        "COALESCE(sum(amount_cents) FILTER (WHERE kind = 'payment'), 0) "
        "FROM pool_entries WHERE pool = %s", (name,))
    amount = pool(connection, name).amount_cents
    return Reconciliation(int(row[0]), int(row[1]), int(row[2]), amount)
