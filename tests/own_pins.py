"""Test accounts whose PINs are their owners' own, made through the product's own paths.

A PIN set by someone else (an account a supervisor creates, a PIN reset) is a one-time PIN:
its owner changes it before anything else (``dealer_station.auth.authenticate``). The tests'
tables are set up by a supervisor creating every account, so each new owner does what a person
does at their first sign-in: chooses a PIN of their own with the one-time PIN. Most tests then
sign in with the PIN they were created with, so the owner changes it once more, back to those
digits (a second change of one's own PIN, allowed like any change of one's own PIN; the first
change may not keep the one-time PIN).

Nothing here relaxes the rule: every step is the owner's own change, checked and audited.
"""

from __future__ import annotations

from typing import Protocol

from dealer_station import auth
from dealer_station.accounts import AccountDesk
from dealer_station.auth import Role
from dealer_station.preview.people import choose_own_pin, interim_pin
from dealer_station.store import users
from dealer_station.store.database import Store
from dealer_station.store.users import Account

__all__ = ["add_account", "interim_pin", "own_pin", "own_pin_in_store", "own_pin_once"]


class _ChangesOwnPin(Protocol):
    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Account: ...


class _CreatesAccounts(_ChangesOwnPin, Protocol):
    def accounts(self) -> list[Account]: ...

    def create_user(self, user_id: str, name: str, role: Role | str, new_pin: str, *,
                    supervisor: str, pin: str) -> Account: ...


def own_pin(desk: _ChangesOwnPin, user_id: str, pin: str) -> None:
    """``user_id``, given the one-time PIN ``pin``, chooses their own and then ``pin`` again:
    on the station, an account desk, or anything offering ``change_own_pin`` (the demo
    table's own step, :func:`dealer_station.preview.demo.choose_own_pin`)."""
    choose_own_pin(desk, user_id, pin)


def own_pin_in_store(store: Store, user_id: str, pin: str,
                     cost: auth.PinCost | int | None = None) -> None:
    """:func:`own_pin` on a table's store opened by the test itself."""
    own_pin(AccountDesk(store, cost=cost), user_id, pin)


def add_account(desk: _CreatesAccounts, user_id: str, name: str, role: Role | str,
                new_pin: str, *, supervisor: str, pin: str) -> Account:
    """A supervisor creates the account with ``new_pin``; its owner makes it their own."""
    desk.create_user(user_id, name, role, new_pin, supervisor=supervisor, pin=pin)
    own_pin(desk, user_id, new_pin)
    found = next(a for a in desk.accounts() if a.id == user_id)
    return found



def own_pin_once(desk: _ChangesOwnPin, store: Store, user_id: str, pin: str) -> None:
    """:func:`own_pin` where a process may have been killed part way: whatever step the
    account is at (one-time PIN, the owner's interim PIN, or ``pin`` already its own)."""
    found = users.account(store, user_id)
    assert found is not None, user_id
    if found.pin_set_by:
        own_pin(desk, user_id, pin)
    elif auth.check_pin(interim_pin(pin), found.pin_hash):
        desk.change_own_pin(user_id, interim_pin(pin), pin)
