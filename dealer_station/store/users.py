"""Accounts as stored: id, name, role, PIN hash, failed attempts, lock, active.

The policy (hashing, locking, who may do what) is in :mod:`dealer_station.auth`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dealer_station.audit import utc_now
from dealer_station.store.database import Store, Transaction

__all__ = ["Account", "account", "accounts", "insert", "update"]


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


def _account(row: Any) -> Account:
    return Account(row["id"], row["name"], row["role"], row["pin_hash"], row["failures"],
                   row["locked_until"], bool(row["active"]), row["created"])


def account(source: Store | Transaction, user_id: str) -> Account | None:
    row = source.connection.execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    return _account(row) if row else None


def accounts(store: Store) -> list[Account]:
    return [_account(row) for row in store.query("SELECT * FROM users ORDER BY role, id")]


def insert(work: Transaction, user_id: str, name: str, role: str, pin_hash: str) -> None:
    work.execute("INSERT INTO users (id, name, role, pin_hash, created) VALUES (?, ?, ?, ?, ?)",
                 (user_id, name, role, pin_hash, utc_now()))


def update(work: Transaction, user_id: str, **fields: Any) -> None:
    allowed = {"name", "role", "pin_hash", "failures", "locked_until", "active"}
    unknown = set(fields) - allowed
    if unknown:
        raise ValueError(f"cannot update {sorted(unknown)}")
    assignments = ", ".join(f"{key} = ?" for key in fields)
    work.execute(f"UPDATE users SET {assignments} WHERE id = ?", (*fields.values(), user_id))
