"""Linked progressive pools. Every contribution, hit request and decision is one PostgreSQL
transaction that first locks the pool's row (``SELECT … FOR UPDATE``), so the floor's commit
order is the order of everything that touches a pool: a hit's place in line (``hit_order``)
is taken under that lock, and each hit is paid from the pool as it stands when it is paid,
after every hit before it (5324.41(k)(6)): an approval is of the hit, the hand and its share of
the pool or fixed amount, never of a cent amount that the next contribution makes stale; a hit
approved while one before it is still pending waits, approved, and is paid in the transaction
that decides the last one before it. Every change of a pool's row is announced on the ``floor_pool``
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

if TYPE_CHECKING:
    from psycopg.rows import TupleRow

    from dealer_station.floor.config import FloorConnection

__all__ = ["ClaimReading", "Contribution", "Hit", "Pool", "Reconciliation", "Terms",
           "approve_table_claim", "award", "claim_reading", "contribute", "create_pool",
           "decide_hit", "pool", "reconcile", "request_hit", "round_voided_in", "set_terms",
           "waiting_for"]


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
    #: Who approved it (None: not approved yet, or rejected).
    approved_by: str | None = None


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
               str(row[6]), row[7], row[8], row[9], row[10])


_HIT = ("SELECT pool, hit_order, table_id, round_id, position, hand, status, amount_cents, "
        "pool_before, pool_after, approved_by FROM pool_hits ")

#: The ways one hit may be paid: (share of the pool in basis points, fixed cents), one of the
#: two ``None``; the best of them at the pool as it stands when paid is paid.
Terms = tuple[tuple[int | None, int | None], ...]


def award(amount: int, terms: Terms) -> int:
    """What a hit paid by any of ``terms`` is paid from a pool of ``amount`` cents: the best of
    them, a share rounded up to the cent (never below the share, as the table's rules round
    it), never more than the pool holds.

    >>> award(1_000_005, ((1000, None), (None, 10_000)))
    100001
    >>> award(50_000, ((1000, None), (None, 10_000)))
    10000
    """
    best = 0
    for share, fixed in terms:
        each = -(-amount * share // 10000) if share is not None else int(fixed or 0)
        best = max(best, min(each, amount))
    return best


def request_hit(connection: FloorConnection, table_id: str, round_id: int, position: str,
                hand: str, *,
                share_bp: int | None = None, fixed_cents: int | None = None,
                decide_by: str | None = None) -> Hit:
    """A hit at ``table_id``: its place in line is the floor's commit order. It waits,
    PENDING on every member table, until :func:`decide_hit`; with ``decide_by`` (a table that
    does not use the pit's validation) it is approved in the same transaction (paid at once
    unless a hit before it is still pending). The award is a share of the pool
    (``share_bp``) or a fixed amount, never more than the pool holds."""
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
        _announce(connection, name)  # the pending hit
        if decide_by is not None:
            return _decide(connection, name, order, approve=True, by=decide_by, reason=None)
        return _hit(one_row(connection, _HIT + "WHERE pool = %s AND hit_order = %s",
                            (name, order)))


def decide_hit(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
               reason: str | None = None) -> Hit:
    """Approve or reject a pending hit. Hits are paid in their order, each from the pool as it
    stands when it is paid: approved while a hit before it is still pending, a hit waits
    (approved, PENDING) and is paid in the transaction that decides the last one before it."""
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


def _announce(connection: FloorConnection, name: str) -> None:
    """Every member table hears the pool's change (its pending hits): the NOTIFY trigger."""
    connection.execute("UPDATE pools SET amount_cents = amount_cents WHERE name = %s", (name,))


def _decided_words(row: TupleRow, name: str, order: int) -> str:
    """Why hit ``order`` (its ``status``, ``decided_by``, ``reason``) is decided already."""
    status, by, reason = str(row[0]), row[1], row[2]
    said = f"hit {order} of pool {name!r} was {status} already"
    if by:
        said += f" by {by}"
    if status == "rejected" and reason:
        said += f" ({reason})"
    return said + ": nothing is decided twice"


def _decide(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
            reason: str | None, terms: Terms | None = None) -> Hit:
    """Decide pending hit ``order`` (the pool's row locked by the caller): a rejection at
    once; an approval recorded (who, when, the terms), then every approved hit at the head of
    the line paid in order (:func:`_pay_ready`)."""
    row = connection.execute("SELECT status, decided_by, reason, approved_by FROM pool_hits "
                             "WHERE pool = %s AND hit_order = %s", (name, order)).fetchone()
    if row is None:
        raise FloorError(f"no hit {order} in pool {name!r}")
    if row[0] != "pending":
        raise FloorError(_decided_words(row, name, order))
    if not approve:
        if row[3] is not None:
            raise FloorError(f"hit {order} of pool {name!r} was approved by {row[3]} and waits "
                             "for the hits before it: an approval is final")
        _decide_now(connection, name, order, approve=False, by=by, reason=reason)
    elif row[3] is None:
        from psycopg.types.json import Jsonb  # deferred: psycopg loads with a floor only

        connection.execute("UPDATE pool_hits SET approved_by = %s, approved = clock_timestamp(),"
                           " terms = %s WHERE pool = %s AND hit_order = %s",
                           (by, None if terms is None else Jsonb([list(t) for t in terms]),
                            name, order))
    _pay_ready(connection, name)
    return _hit(one_row(connection, _HIT + "WHERE pool = %s AND hit_order = %s",
                        (name, order)))


def _pay_ready(connection: FloorConnection, name: str) -> None:
    """Pay, in hit order, every approved hit no pending hit comes before (the pool's row
    locked by the caller): each from the pool as the one before it left it."""
    while True:
        row = connection.execute("SELECT hit_order, approved_by FROM pool_hits WHERE pool = %s "
                                 "AND status = 'pending' ORDER BY hit_order LIMIT 1",
                                 (name,)).fetchone()
        if row is None or row[1] is None:
            return
        _decide_now(connection, name, int(row[0]), approve=True, by=str(row[1]), reason=None)


def waiting_for(connection: FloorConnection, name: str, order: int) -> str | None:
    """The first hit still pending before hit ``order`` of pool ``name``, in words (None:
    none; the hit is paid as soon as it is approved)."""
    row = connection.execute(
        "SELECT hit_order, table_id, round_id, position FROM pool_hits WHERE pool = %s AND "
        "status = 'pending' AND hit_order < %s ORDER BY hit_order LIMIT 1",
        (name, order)).fetchone()
    if row is None:
        return None
    return f"hit {row[0]} at table {row[1]} (round {row[2]}, position {row[3]})"


def _decide_now(connection: FloorConnection, name: str, order: int, *, approve: bool, by: str,
                reason: str | None) -> Hit:
    """Pay (or reject) pending hit ``order`` from the pool as it stands (its row locked)."""
    row = connection.execute("SELECT status, share_bp, fixed_cents, table_id, round_id, terms "
                             "FROM pool_hits WHERE pool = %s AND hit_order = %s",
                             (name, order)).fetchone()
    if row is None:
        raise FloorError(f"no hit {order} in pool {name!r}")
    amount, reset, _rate = (int(v) for v in one_row(
        connection, "SELECT amount_cents, reset_cents, rate_bp FROM pools WHERE name = %s",
        (name,)))
    if not approve:
        connection.execute("UPDATE pool_hits SET status = 'rejected', decided = "
                           "clock_timestamp(), decided_by = %s, reason = %s WHERE pool = %s "
                           "AND hit_order = %s", (by, reason, name, order))
        _announce(connection, name)
    else:
        terms: Terms = (tuple((t[0], t[1]) for t in row[5]) if row[5]
                        else ((row[1], row[2]),))
        paid = award(amount, terms)
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
    return _hit(one_row(connection, _HIT + "WHERE pool = %s AND hit_order = %s",
                        (name, order)))


def table_claim_in(connection: FloorConnection, table_id: str, round_id: int, position: str,
                   hand: str,
                   amount_cents: int, *, event: str, by: str | None,
                   reason: str | None = None) -> None:
    """A progressive claim validated at the table (its ``claim`` audit records, forwarded), in
    the caller's transaction: ``shown`` makes it a hit PENDING on every member table (its
    place in line); ``approved`` approves it for the amount the table's validation approved
    (never more than the pool holds; a claim the table already approved on the floor,
    :func:`approve_table_claim`, keeps that approval), paid in its turn; ``rejected`` rejects
    it. Sent again, nothing changes (a decided hit stays as decided)."""
    name, _terms = _member_locked(connection, table_id)
    row = connection.execute("SELECT hit_order, status, approved_by FROM pool_hits WHERE "
                             "table_id = %s AND round_id = %s AND position = %s",
                             (table_id, round_id, position)).fetchone()
    if row is None:
        order = _next_order(connection, name)
        connection.execute(
            "INSERT INTO pool_hits (pool, hit_order, table_id, round_id, position, hand, "
            "fixed_cents, status, at_table) VALUES (%s, %s, %s, %s, %s, %s, %s, 'pending', "
            "true)",
            (name, order, table_id, round_id, position, hand, amount_cents))
        status, approved = "pending", None
    else:
        order, status, approved = int(row[0]), str(row[1]), row[2]
    if status == "pending" and approved is None and event in ("approved", "rejected"):
        connection.execute("UPDATE pool_hits SET share_bp = NULL, fixed_cents = %s WHERE "
                           "pool = %s AND hit_order = %s", (amount_cents, name, order))
        _decide(connection, name, order, approve=event == "approved", by=by or "table",
                reason=reason or None)
    else:
        _announce(connection, name)  # the pending hit


def round_voided_in(connection: FloorConnection, table_id: str, round_id: int) -> int:
    """A voided round pays nothing (its wagers are returned): its hits still pending are
    rejected, in the caller's transaction, so the hits after them are not held back; the
    number rejected."""
    name = member_pool(connection, table_id)
    if name is None:
        return 0
    _locked(connection, name)
    orders = [int(row[0]) for row in connection.execute(
        "SELECT hit_order FROM pool_hits WHERE pool = %s AND table_id = %s AND round_id = %s "
        "AND status = 'pending' ORDER BY hit_order", (name, table_id, round_id))]
    for order in orders:
        _decide_now(connection, name, order, approve=False, by="table",
                    reason=f"round {round_id} at table {table_id} was voided")
    if orders:
        _pay_ready(connection, name)
    return len(orders)


@dataclass(frozen=True, slots=True)
class ClaimReading:
    """What a member table's claim is paid from: its pool as it stands now; ``paid`` when the
    floor paid this claim (at its approval, in its turn after the hits before it, or before a
    crash lost the table's own record of it); ``approved_by`` and ``waiting_for`` (in words)
    while it is approved and waits for an earlier hit."""

    pool: str
    amount_cents: int
    reset_cents: int
    paid: Hit | None = None
    approved_by: str | None = None
    waiting_for: str | None = None


def _claim(connection: FloorConnection, table_id: str, round_id: int,
           position: str) -> tuple[str, TupleRow | None]:
    name = member_pool(connection, table_id)
    if name is None:
        raise FloorError(f"table {table_id} is not a member of any pool")
    return name, connection.execute(_HIT + "WHERE table_id = %s AND round_id = %s AND "
                                    "position = %s", (table_id, round_id, position)).fetchone()


def _reading(connection: FloorConnection, name: str, row: TupleRow | None) -> ClaimReading:
    amount, reset = one_row(connection, "SELECT amount_cents, reset_cents FROM pools "
                            "WHERE name = %s", (name,))
    hit = None if row is None else _hit(row)
    if hit is not None and hit.status == "rejected":
        decided = connection.execute("SELECT decided_by, reason FROM pool_hits WHERE pool = %s "
                                     "AND hit_order = %s", (name, hit.order)).fetchone()
        raise FloorError(f"the claim at position {hit.position} of round {hit.round_id} was "
                         f"rejected on the floor by {decided[0] if decided else '?'}"
                         f"{f' ({decided[1]})' if decided and decided[1] else ''}: a rejection "
                         "is final")
    if hit is not None and hit.status == "paid":
        return ClaimReading(name, int(amount), int(reset), hit, hit.approved_by)
    waits = None
    if hit is not None and hit.approved_by is not None:
        waits = waiting_for(connection, name, hit.order)
    return ClaimReading(name, int(amount), int(reset), None,
                        None if hit is None else hit.approved_by, waits)


def claim_reading(connection: FloorConnection, table_id: str, round_id: int,
                  position: str) -> ClaimReading:
    """The pool of ``table_id`` as it stands (one consistent read), with the floor's payment
    of the claim at (round, position) if there is one, or its approval and the hit it waits
    for."""
    with connection.transaction():
        name, row = _claim(connection, table_id, round_id, position)
        return _reading(connection, name, row)


def approve_table_claim(connection: FloorConnection, table_id: str, round_id: int,
                        position: str, hand: str, *, terms: Terms, by: str) -> ClaimReading:
    """Approve the claim at (round, position) of ``table_id`` validated at the table, paid by
    the best of ``terms`` (its share of the pool or fixed amount, :func:`award`). One
    transaction under the pool's row lock: the amount is computed from the pool as it stands
    at this commit, so contributions arriving meanwhile change the amount, never the approval.
    A hit still pending before it: the approval waits, and the claim is paid in the
    transaction that decides the last of them. Asked again, the payment (or the approval)
    already made; a claim decided on the floor by someone else (the pit) is refused in one
    line. A payment leaving less than the reset is topped up by the house (a ``seed``)."""
    if not terms or any((share is None) == (fixed is None) for share, fixed in terms):
        raise FloorError("a claim is paid by a share of the pool or a fixed amount")
    with connection.transaction():
        name, _terms = _member_locked(connection, table_id)
        _pool, row = _claim(connection, table_id, round_id, position)
        if row is None:
            order = _next_order(connection, name)
            share, fixed = terms[0]
            connection.execute(
                "INSERT INTO pool_hits (pool, hit_order, table_id, round_id, position, hand, "
                "share_bp, fixed_cents, status, at_table) VALUES (%s, %s, %s, %s, %s, %s, %s, "
                "%s, 'pending', true)", (name, order, table_id, round_id, position, hand,
                                         share, fixed))
        else:
            hit = _hit(row)
            order = hit.order
            if hit.status == "pending" and hit.approved_by is None:
                share, fixed = terms[0]
                connection.execute("UPDATE pool_hits SET hand = %s, share_bp = %s, "
                                   "fixed_cents = %s, at_table = true WHERE pool = %s AND "
                                   "hit_order = %s", (hand, share, fixed, name, order))
        if row is None or (row[6] == "pending" and row[10] is None):
            _decide(connection, name, order, approve=True, by=by, reason=None, terms=terms)
        return _reading(connection, name, one_row(
            connection, _HIT + "WHERE pool = %s AND hit_order = %s", (name, order)))


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
    """The pool's entries summed and its amount, read in one statement (one snapshot: tables
    contributing meanwhile never make a live pool look unreconciled)."""
    row = connection.execute(
        "SELECT COALESCE(sum(e.amount_cents) FILTER (WHERE e.kind = 'seed'), 0), "
        "COALESCE(sum(e.amount_cents) FILTER (WHERE e.kind IN ('contribution', 'reversal')), "
        "0), COALESCE(sum(e.amount_cents) FILTER (WHERE e.kind = 'payment'), 0), p.amount_cents "
        "FROM pools p LEFT JOIN pool_entries e ON e.pool = p.name WHERE p.name = %s "
        "GROUP BY p.amount_cents", (name,)).fetchone()
    if row is None:
        raise FloorError(f"no pool {name!r} on the floor")
    return Reconciliation(int(row[0]), int(row[1]), int(row[2]), int(row[3]))
