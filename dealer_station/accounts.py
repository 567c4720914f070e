"""The table's accounts desk: what a supervisor does to accounts (create, reset a PIN, unlock,
disable, enable) and what anyone does to their own PIN, each checked with the acting person's
id and PIN at the moment it is taken and audited (:mod:`dealer_station.auth`).

:class:`AccountDesk` works on a table's store; the running station offers the same methods
(:class:`dealer_station.station.Station` delegates to a desk under its lock). :func:`handle`
carries out one ``dealer-station users`` request (a plain mapping) on either, so the command
line gives the same answers whether it opens the store itself (no station running) or asks the
running station through its control socket (:mod:`dealer_station.control`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from dealer_station import auth
from dealer_station.auth import Permission, Role
from dealer_station.plural import counted
from dealer_station.store import users
from dealer_station.store.database import Store
from dealer_station.store.users import Account

__all__ = ["ACTIONS", "AccountDesk", "AccountsLike", "account_state", "handle"]

#: The ``users`` actions a request may name.
ACTIONS = ("list", "add", "pin", "unlock", "disable", "enable")
_POLICY = auth.LockPolicy()


class AccountsLike(Protocol):
    """What :func:`handle` needs: an :class:`AccountDesk` or the running station."""

    @property
    def needs_first_supervisor(self) -> bool: ...

    def accounts(self) -> list[Account]: ...

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> Account: ...

    def create_user(self, user_id: str, name: str, role: Role | str, new_pin: str, *,
                    supervisor: str, pin: str) -> Account: ...

    def reset_pin(self, user_id: str, new_pin: str, *, supervisor: str,
                  pin: str) -> Account: ...

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Account: ...

    def unlock_user(self, user_id: str, *, supervisor: str, pin: str) -> Account: ...

    def set_user_active(self, user_id: str, active: bool, *, supervisor: str,
                        pin: str) -> Account: ...


class AccountDesk:
    """Account changes on ``store``, PINs checked at ``clock()`` with ``policy`` and new
    hashes made at ``cost``."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 policy: auth.LockPolicy = _POLICY,
                 cost: auth.PinCost | int | None = None) -> None:
        self.store = store
        self.clock = clock
        self.policy = policy
        self.cost = auth.PinCost.of(cost)

    @property
    def needs_first_supervisor(self) -> bool:
        return auth.needs_first_supervisor(self.store)

    def authenticate(self, user_id: str, pin: str, purpose: str) -> Account:
        return auth.authenticate(self.store, user_id, pin, now=self.clock(),
                                 policy=self.policy, purpose=purpose, cost=self.cost)

    def _manager(self, supervisor: str, pin: str) -> Account:
        person = self.authenticate(supervisor, pin, "manage_users")
        auth.authorize(person.role, Permission.MANAGE_USERS)
        return person

    def accounts(self) -> list[Account]:
        return users.accounts(self.store)

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> Account:
        return auth.create_user(self.store, user_id, name, Role.SUPERVISOR, pin, by=None,
                                cost=self.cost)

    def create_user(self, user_id: str, name: str, role: Role | str, new_pin: str, *,
                    supervisor: str, pin: str) -> Account:
        person = self._manager(supervisor, pin)
        return auth.create_user(self.store, user_id, name, role, new_pin, by=person,
                                cost=self.cost)

    def reset_pin(self, user_id: str, new_pin: str, *, supervisor: str, pin: str) -> Account:
        person = self._manager(supervisor, pin)
        return auth.change_pin(self.store, person, user_id, new_pin, cost=self.cost)

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Account:
        person = self.authenticate(user_id, current_pin, "change_pin")
        return auth.change_pin(self.store, person, user_id, new_pin, cost=self.cost)

    def unlock_user(self, user_id: str, *, supervisor: str, pin: str) -> Account:
        person = self._manager(supervisor, pin)
        return auth.unlock(self.store, person, user_id)

    def set_user_active(self, user_id: str, active: bool, *, supervisor: str,
                        pin: str) -> Account:
        person = self._manager(supervisor, pin)
        return auth.set_active(self.store, person, user_id, active)


def account_state(found: Account, now: float) -> str:
    """``active``, ``disabled`` or ``locked (4 min 59 s left)``."""
    if not found.active:
        return "disabled"
    if found.locked_until > now:
        return f"locked ({auth.format_seconds(found.locked_until - now)} left)"
    return "active"


def _text(request: Mapping[str, Any], key: str) -> str:
    value = request.get(key)
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        raise ValueError(f"{key} must be text")
    return value


def handle(desk: AccountsLike, request: Mapping[str, Any], *,
           now: float | None = None) -> dict[str, Any]:
    """Carry out one ``users`` request on ``desk``; returns ``{"message": ...}`` (and
    ``accounts`` for ``list``). Refusals raise :class:`~dealer_station.procedure.ProcedureError`
    or :class:`ValueError` with the reason.

    The request: ``action`` (:data:`ACTIONS`), ``user``, ``name``, ``role``, ``by`` (the
    supervisor's id), ``new_pin``, ``pin`` (the supervisor's PIN, or one's own current PIN).
    """
    action = _text(request, "action") or "list"
    if action not in ACTIONS:
        raise ValueError(f"unknown users action {action!r} ({', '.join(ACTIONS)})")
    moment = time.time() if now is None else now
    if action == "list":
        rows = [{"id": a.id, "role": a.role, "state": account_state(a, moment), "name": a.name}
                for a in desk.accounts()]
        return {"message": counted(len(rows), "account"), "accounts": rows}
    user, by = _text(request, "user"), _text(request, "by")
    new_pin, pin = _text(request, "new_pin"), _text(request, "pin")
    if not user:
        raise ValueError(f"users {action} needs the account id")
    if action == "add":
        name, role = _text(request, "name"), _text(request, "role")
        if not name or not role:
            raise ValueError("users add needs --name and --role")
        if not by:
            if not desk.needs_first_supervisor:
                raise ValueError("this change needs --by SUPERVISOR_ID (the table already "
                                 "has a supervisor)")
            if Role(role) is not Role.SUPERVISOR:
                raise ValueError("the first account must be a supervisor (--role supervisor)")
            desk.create_first_supervisor(user, name, new_pin)
            return {"message": f"created the first supervisor {user}"}
        desk.create_user(user, name, role, new_pin, supervisor=by, pin=pin)
        return {"message": f"created {role} {user}"}
    if action == "pin":
        if (by or user) == user:  # one's own PIN, with the current one
            desk.change_own_pin(user, pin, new_pin)
        else:
            desk.reset_pin(user, new_pin, supervisor=by, pin=pin)
        return {"message": f"pin: {user} done"}
    if not by:
        raise ValueError("this change needs --by SUPERVISOR_ID")
    if action == "unlock":
        desk.unlock_user(user, supervisor=by, pin=pin)
    else:
        desk.set_user_active(user, action == "enable", supervisor=by, pin=pin)
    return {"message": f"{action}: {user} done"}
