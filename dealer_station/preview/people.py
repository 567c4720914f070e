"""The demo tables' people and their PINs (demo PINs, never a real table's), without Qt: the
store and command-line tests make their tables' accounts the same way.
"""

from __future__ import annotations

from typing import Any, Protocol

__all__ = ["PEOPLE", "ChangesOwnPin", "choose_own_pin", "interim_pin"]

#: (id, name, role, PIN) of the demo table's people; the first supervisor comes first.
PEOPLE = (
    ("S1", "Sam Super", "supervisor", "111111"),
    ("S2", "Sue Super", "supervisor", "222222"),
    ("D1", "Dee Dealer", "dealer", "3333"),
    ("T1", "Tom Tech", "technician", "444444"),
)


class ChangesOwnPin(Protocol):
    """A station or an account desk: anyone changes their own PIN with their current one."""

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Any: ...


def interim_pin(pin: str) -> str:
    """A PIN of the same length other than ``pin`` (the owner's first choice).

    >>> interim_pin("3333"), interim_pin("999999")
    ('9333', '899999')
    """
    return ("9" if pin[0] != "9" else "8") + pin[1:]


def choose_own_pin(desk: ChangesOwnPin, user_id: str, pin: str) -> None:
    """``user_id``, given the one-time PIN ``pin`` by a supervisor, chooses a PIN of their own
    (as at their first sign-in) and then ``pin`` again, so that the demo's people keep the
    PINs :data:`PEOPLE` lists. Both are the owner's own changes, checked and audited."""
    interim = interim_pin(pin)
    desk.change_own_pin(user_id, pin, interim)
    desk.change_own_pin(user_id, interim, pin)
