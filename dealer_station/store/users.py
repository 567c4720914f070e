"""Accounts as stored: id, name, role, PIN hash, failed attempts, lock, lockouts in a row,
active.

The policy (hashing, locking, who may do what) is in :mod:`dealer_station.auth`. Every change
to a row is written in the same transaction as an audit record carrying the row as it stands
after the change (:func:`audit_change`, under ``data["account"]``: :func:`audit_state`), so the
accounts can be rebuilt from the audit log and compared with the table: the last record of each
id holds its state.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from dealer_station.audit import AuditEntry, utc_now
from dealer_station.store.database import Store, Transaction

__all__ = ["ACCOUNT_STATE", "Account", "AccountChange", "account", "accounts", "audit_change",
           "audit_state", "changes_in_round", "changes_since", "insert", "open_round_id",
           "update", "without_account_state"]

#: The keys of an audit record's data that hold an account's state (its whole row, PINs, the
#: PIN fingerprint, who set the PIN, failure and lockout counts, the accounts' digest): the
#: audit log keeps them to prove the accounts table; no listing or export shows them.
ACCOUNT_STATE = frozenset({"account", "users", "pin", "new_pin", "pin_hash", "pin_fingerprint",
                           "pin_set_by", "failures", "lockouts", "locked_until"})


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    name: str
    role: str
    pin_hash: str
    failures: int
    locked_until: float
    active: bool
    created: str
    lockouts: int = 0
    #: Who set the PIN when it was not its owner (a one-time PIN: changed by its owner before
    #: anything else); ``None``: its owner chose it.
    pin_set_by: str | None = None


def _account(row: Any) -> Account:
    keys = row.keys()
    return Account(row["id"], row["name"], row["role"], row["pin_hash"], row["failures"],
                   row["locked_until"], bool(row["active"]), row["created"],
                   row["lockouts"] if "lockouts" in keys else 0,
                   row["pin_set_by"] if "pin_set_by" in keys else None)


def account(source: Store | Transaction, user_id: str) -> Account | None:
    row = source.connection.execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    return _account(row) if row else None


def accounts(store: Store) -> list[Account]:
    return [_account(row) for row in store.query("SELECT * FROM users ORDER BY role, id")]


def insert(work: Transaction, user_id: str, name: str, role: str, pin_hash: str, *,
           pin_set_by: str | None = None) -> None:
    work.execute("INSERT INTO users (id, name, role, pin_hash, created, pin_set_by) "
                 "VALUES (?, ?, ?, ?, ?, ?)",
                 (user_id, name, role, pin_hash, utc_now(), pin_set_by))


def update(work: Transaction, user_id: str, **fields: Any) -> None:
    allowed = {"name", "role", "pin_hash", "failures", "locked_until", "active", "lockouts",
               "pin_set_by"}
    unknown = set(fields) - allowed
    if unknown:
        raise ValueError(f"cannot update {sorted(unknown)}")
    assignments = ", ".join(f"{key} = ?" for key in fields)
    work.execute(f"UPDATE users SET {assignments} WHERE id = ?", (*fields.values(), user_id))


def audit_state(found: Account) -> dict[str, Any]:
    """The row as the audit log records it: every column, the PIN hash replaced by its
    ``pin_fingerprint`` (the SHA-256 of the stored hash, salt included): it shows every PIN
    change and matches the table's hash, and cannot be searched for a PIN without the salt,
    which stays in the database.

    >>> state = audit_state(Account("D1", "Dee", "dealer", "scrypt$x", 0, 0.0, True, "t"))
    >>> sorted(state), state["pin_fingerprint"][:8]
    (['active', 'created', 'failures', 'id', 'locked_until', 'lockouts', 'name', \
'pin_fingerprint', 'pin_set_by', 'role'], 'b54a1768')
    """
    return {"id": found.id, "name": found.name, "role": found.role,
            "pin_fingerprint": hashlib.sha256(found.pin_hash.encode()).hexdigest(),
            "failures": found.failures, "locked_until": found.locked_until,
            "lockouts": found.lockouts, "active": found.active, "created": found.created,
            "pin_set_by": found.pin_set_by}


def open_round_id(source: Store | Transaction) -> int | None:
    """The round open at the table now (``None``: none)."""
    row = source.connection.execute("SELECT id FROM rounds WHERE status = 'open'").fetchone()
    return int(row[0]) if row else None


def audit_change(work: Transaction, kind: str, user_id: str, *, actor: str | None,
                 **data: Any) -> AuditEntry:
    """Audit a change of ``user_id``'s row made in ``work``: ``data`` with the user's id and
    the row as it now stands (``account``). An account change (``kind`` ``user``) is also
    kept in ``account_changes`` with who made it, and both name the round open then (it is on
    that round's record: a validator's account changed during the round by someone at the
    table is refused, see :meth:`dealer_station.station_people.People.verify_validator`)."""
    found = account(work, user_id)
    if found is None:
        raise ValueError(f"no user {user_id!r}")
    round_id = None
    if kind == "user":
        round_id = open_round_id(work)
        work.execute("INSERT INTO account_changes (user, event, by, round_id, time) "
                     "VALUES (?, ?, ?, ?, ?)",
                     (user_id, str(data.get("event", "")), actor or user_id, round_id,
                      utc_now()))
    return work.audit(kind, {**data, "user": user_id, "account": audit_state(found)},
                      actor=actor, round_id=round_id)


@dataclass(frozen=True, slots=True)
class AccountChange:
    """One change of an account: whose, what, by whom, in which round, when."""

    user: str
    event: str
    by: str
    round_id: int | None
    time: str


def changes_since(source: Store, user_id: str, since: str) -> list[AccountChange]:
    """The changes of ``user_id``'s account made at or after ``since`` (an ISO time)."""
    return [AccountChange(str(r[0]), str(r[1]), str(r[2]), r[3], str(r[4])) for r in
            source.query("SELECT user, event, by, round_id, time FROM account_changes "
                         "WHERE user = ? AND time >= ? ORDER BY id", (user_id, since))]


def changes_in_round(source: Store, round_id: int) -> list[AccountChange]:
    """The account changes made while round ``round_id`` was open."""
    return [AccountChange(str(r[0]), str(r[1]), str(r[2]), r[3], str(r[4])) for r in
            source.query("SELECT user, event, by, round_id, time FROM account_changes "
                         "WHERE round_id = ? ORDER BY id", (round_id,))]


def without_account_state(value: Any, withheld: frozenset[str] = ACCOUNT_STATE) -> Any:
    """An audit record's data (any JSON value) without the keys ``withheld`` at any depth.

    >>> without_account_state({"user": "D1", "event": "sign_in_failed", "failures": 3,
    ...                        "account": {"pin_fingerprint": "ab"}, "rows": [{"lockouts": 1}]})
    {'user': 'D1', 'event': 'sign_in_failed', 'rows': [{}]}
    """
    if isinstance(value, dict):
        return {k: without_account_state(v, withheld) for k, v in value.items()
                if k not in withheld}
    if isinstance(value, list):
        return [without_account_state(v, withheld) for v in value]
    return value
