"""The pit's validation of a pending jackpot: the supervisor's id and PIN checked as a station
checks them (the salted scrypt hash of :mod:`dealer_station.auth`, the same words for an
unknown id and a wrong PIN, the same escalating lock after repeated wrong PINs, the same rules
for a validator), every attempt audited on the floor (``pit_audit``).

The pit's supervisors are the floor's own accounts (``pit_supervisors``, schema version 4;
``dealer-station floor supervisor add|list|pin|unlock|disable|enable``): a table's accounts
stay in its station (the floor receives only a fingerprint of each PIN's hash). They are
managed as a station's accounts are (:mod:`dealer_station.auth`): by another pit supervisor's
id and PIN, each change audited on the floor; a new PIN lifts any lock; nobody unlocks or
disables their own account (one active pit supervisor always remains). A validator
may not be the hit's round's dealer of record, anyone who took an action in that round, nor
anyone who signed in on that table's dealer's screen while the round ran (5324.41(k)(3)(iii),
as at the table).
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from psycopg.types.json import Jsonb

from dealer_station import auth
from dealer_station.auth import AuthenticationError, LockPolicy, PinCost, Role
from dealer_station.floor import FloorError
from dealer_station.floor.pools import Hit, decide_hit
from dealer_station.store.users import Account

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["add_supervisor", "authenticate", "change_supervisor_pin", "decide_at_pit",
           "has_supervisors", "set_supervisor_active", "supervisors", "unlock_supervisor",
           "validator_refusal"]

#: An unknown id's wrong PINs, counted and locked like an account's (in this process, as the
#: station counts them), so the answer never tells an unknown id from a wrong PIN.
_PHANTOMS: dict[str, tuple[int, float, int]] = {}
_PHANTOM_LOCK = threading.Lock()
#: The station's lock rules (5 wrong PINs, then 5 minutes doubling up to 8 hours).
POLICY = LockPolicy()


def _audit(connection: FloorConnection, actor: str, event: str, *, pool: str | None = None,
           order: int | None = None, **detail: Any) -> None:
    connection.execute("INSERT INTO pit_audit (actor, event, pool, hit_order, detail) VALUES "
                       "(%s, %s, %s, %s, %s)", (actor, event, pool, order, Jsonb(detail)))


def add_supervisor(connection: FloorConnection, user_id: str, name: str, pin: str, *, by: str,
                   by_pin: str | None = None, cost: PinCost | int | None = None) -> None:
    """A supervisor who may validate at the pit. The first is added by whoever holds the floor
    database's role (recorded as ``by``); every later one by a pit supervisor's id and PIN."""
    problem = auth.pin_problem(pin, Role.SUPERVISOR)
    if problem:
        raise FloorError(problem)
    if not user_id.strip() or not name.strip():
        raise FloorError("a pit supervisor needs an id and a name")
    first = not has_supervisors(connection)
    if not first:
        authenticate(connection, by, by_pin or "", purpose="add_supervisor")
    with connection.transaction():
        if connection.execute("SELECT 1 FROM pit_supervisors WHERE id = %s",
                              (user_id,)).fetchone():
            raise FloorError(f"pit supervisor {user_id} exists already")
        connection.execute("INSERT INTO pit_supervisors (id, name, pin_hash, created_by) "
                           "VALUES (%s, %s, %s, %s)",
                           (user_id, name, auth.hash_pin(pin, cost), by))
        _audit(connection, by, "supervisor_added", user=user_id, name=name)


def has_supervisors(connection: FloorConnection) -> bool:
    """Whether the floor has a pit supervisor yet (the first is added without another's PIN)."""
    return connection.execute("SELECT 1 FROM pit_supervisors LIMIT 1").fetchone() is not None


def supervisors(connection: FloorConnection) -> list[Account]:
    """Every pit supervisor, by id, as an account (role supervisor; no PIN hash): its state
    reads as a station's (:func:`dealer_station.accounts.account_state`)."""
    rows = connection.execute("SELECT id, name, failures, locked_until, active, created, "
                              "lockouts FROM pit_supervisors ORDER BY id").fetchall()
    return [Account(row[0], row[1], Role.SUPERVISOR.value, "", row[2], row[3], bool(row[4]),
                    row[5].isoformat(timespec="seconds"), row[6]) for row in rows]


def _manage(connection: FloorConnection, user_id: str, *, by: str, by_pin: str, event: str,
            change: dict[str, Any]) -> None:
    """``by`` (a pit supervisor's id and PIN, checked and audited) changes ``user_id``'s row
    (the columns ``change``), audited as ``event``."""
    authenticate(connection, by, by_pin, purpose="manage_supervisors")
    columns = ", ".join(f"{name} = %s" for name in change)
    with connection.transaction():
        found = connection.execute(f"UPDATE pit_supervisors SET {columns} WHERE id = %s "
                                   "RETURNING id", (*change.values(), user_id)).fetchone()
        if found is None:
            raise FloorError(f"no pit supervisor {user_id}")
        _audit(connection, by, event, user=user_id)


def change_supervisor_pin(connection: FloorConnection, user_id: str, pin: str, *, by: str,
                          by_pin: str,
                          cost: PinCost | int | None = None) -> None:
    """A new PIN for ``user_id``, set by a pit supervisor (another, or themself with their
    current PIN as ``by_pin``); it lifts any lock."""
    problem = auth.pin_problem(pin, Role.SUPERVISOR)
    if problem:
        raise FloorError(problem)
    _manage(connection, user_id, by=by, by_pin=by_pin, event="pin_changed",
            change={"pin_hash": auth.hash_pin(pin, cost), "failures": 0, "locked_until": 0,
                    "lockouts": 0})


def unlock_supervisor(connection: FloorConnection, user_id: str, *, by: str, by_pin: str) -> None:
    """Another pit supervisor lifts ``user_id``'s lock after wrong PINs (and the escalation)."""
    if by == user_id:
        raise FloorError("another pit supervisor unlocks a pit supervisor's account")
    _manage(connection, user_id, by=by, by_pin=by_pin, event="unlocked",
            change={"failures": 0, "locked_until": 0, "lockouts": 0})


def set_supervisor_active(connection: FloorConnection, user_id: str, active: bool, *, by: str,
                          by_pin: str) -> None:
    """Disable (a pit supervisor who no longer validates; their records stay) or enable
    ``user_id``. Nobody disables their own account (so one active pit supervisor, the one who
    acts, always remains)."""
    if by == user_id and not active:
        raise FloorError("a pit supervisor may not disable their own account")
    _manage(connection, user_id, by=by, by_pin=by_pin,
            event="enabled" if active else "disabled", change={"active": active})


def authenticate(connection: FloorConnection, user_id: str, pin: str, *,
                 purpose: str = "validate_payout",
                 policy: LockPolicy = POLICY, now: float | None = None) -> str:
    """``user_id`` if ``pin`` is theirs; otherwise :class:`~dealer_station.auth.
    AuthenticationError` with the station's words (attempts left, the lock and its time).
    Every attempt is audited; wrong PINs are counted and lock the account."""
    now = time.time() if now is None else now
    refusal: AuthenticationError | None = None
    with connection.transaction():
        row = connection.execute("SELECT pin_hash, failures, locked_until, lockouts, active "
                                 "FROM pit_supervisors WHERE id = %s FOR UPDATE",
                                 (user_id,)).fetchone()
        if row is None or not row[4]:
            refusal = _unknown(user_id, pin, now, policy)
            _audit(connection, user_id, "sign_in_failed", purpose=purpose,
                   reason="unknown or disabled account")
        elif row[2] > now:
            refusal = auth._locked_error(row[2] - now)
            _audit(connection, user_id, "sign_in_failed", purpose=purpose,
                   reason="account locked")
        elif not auth.check_pin(pin, row[0]):
            failures, until, lockouts, seconds = auth._count_failure(row[1], row[3], now,
                                                                     policy)
            connection.execute("UPDATE pit_supervisors SET failures = %s, locked_until = %s, "
                               "lockouts = %s WHERE id = %s",
                               (failures, until, lockouts, user_id))
            _audit(connection, user_id, "sign_in_failed", purpose=purpose, reason="wrong PIN",
                   locked_seconds=seconds)
            refusal = auth._wrong_error(failures, lockouts, policy, seconds)
        else:
            connection.execute("UPDATE pit_supervisors SET failures = 0, locked_until = 0, "
                               "lockouts = 0 WHERE id = %s", (user_id,))
            _audit(connection, user_id, "sign_in", purpose=purpose)
    if refusal is not None:
        raise refusal
    return user_id


def _unknown(user_id: str, pin: str, now: float, policy: LockPolicy) -> AuthenticationError:
    with _PHANTOM_LOCK:
        failures, until, lockouts = _PHANTOMS.get(user_id, (0, 0.0, 0))
    if until > now:
        return auth._locked_error(until - now)
    auth.check_pin(pin, auth._dummy_hash(auth.configured_cost()))  # the same work
    failures, until, lockouts, seconds = auth._count_failure(failures, lockouts, now, policy)
    with _PHANTOM_LOCK:
        _PHANTOMS[user_id] = (failures, until, lockouts)
    return auth._wrong_error(failures, lockouts, policy, seconds)


def validator_refusal(connection: FloorConnection, person: str, table_id: str,
                      round_id: int) -> str | None:
    """Why ``person`` may not validate the payouts of round ``round_id`` at ``table_id``
    (None: they may), from the records that table forwarded."""
    row = connection.execute("SELECT dealer, started, ended FROM floor_rounds WHERE table_id = "
                             "%s AND round_id = %s", (table_id, round_id)).fetchone()
    if row is not None and row[0] == person:
        return (f"{person} is the dealer of record of round {round_id} at table {table_id}: "
                "another supervisor validates its payouts")
    acted = connection.execute("SELECT 1 FROM journal_records WHERE table_id = %s AND "
                               "round_id = %s AND actor = %s LIMIT 1",
                               (table_id, round_id, person)).fetchone()
    if acted is not None:
        return (f"{person} took an action in round {round_id} at table {table_id}: another "
                "supervisor validates its payouts")
    if row is not None:
        signed_in = connection.execute(
            "SELECT 1 FROM audit_records WHERE table_id = %s AND kind = 'sign_in' AND actor = "
            "%s AND record->'data'->>'purpose' = 'sign_in' AND time >= %s AND "
            "(%s::text IS NULL OR time <= %s) LIMIT 1",
            (table_id, person, row[1], row[2], row[2])).fetchone()
        if signed_in is not None:
            return (f"{person} was signed in at table {table_id} as its dealer during round "
                    f"{round_id}: another supervisor validates its payouts")
    return None


def decide_at_pit(connection: FloorConnection, pool: str, order: int, *, approve: bool,
                  supervisor: str,
                  pin: str, reason: str | None = None) -> Hit:
    """The pit's decision on pending hit ``order`` of ``pool``: the supervisor's id and PIN
    checked, the validator's rules, then :func:`~dealer_station.floor.pools.decide_hit` (paid
    from the pool as it stands, in the floor's order) and its audit in one transaction.
    Every refusal is audited and raised in one line."""
    if not approve and not (reason or "").strip():
        raise FloorError("a rejected hit needs the reason")
    person = authenticate(connection, supervisor, pin)
    row = connection.execute("SELECT table_id, round_id FROM pool_hits WHERE pool = %s AND "
                             "hit_order = %s", (pool, order)).fetchone()
    if row is None:
        raise FloorError(f"no hit {order} in pool {pool!r}")
    refusal = validator_refusal(connection, person, str(row[0]), int(row[1]))
    if refusal is not None:
        _audit(connection, person, "refused", pool=pool, order=order, reason=refusal,
               clause=auth.PAYOUT_CLAUSE)
        raise FloorError(f"{refusal} ({auth.PAYOUT_CLAUSE})")
    try:
        with connection.transaction():
            hit = decide_hit(connection, pool, order, approve=approve, by=person,
                             reason=reason)
            _audit(connection, person, hit.status, pool=pool, order=order, table=hit.table_id,
                   round=hit.round_id, position=hit.position, hand=hit.hand,
                   amount=hit.amount_cents, pool_before=hit.pool_before,
                   pool_after=hit.pool_after, reason=reason)
    except FloorError as error:
        _audit(connection, person, "refused", pool=pool, order=order, reason=str(error))
        raise
    return hit
