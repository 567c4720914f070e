"""Staff sessions on the supervisor's and technician's screens (Qt-free).

A supervisor (or a technician) signs in on top of the dealer's screen with their own id and PIN:
the dealer stays on duty and the round stays exactly where it stands. The session remembers the
id and PIN only while the screen is open, because every protected action is checked again by the
station at the moment it is taken (:mod:`dealer_station.auth`). Signing in and out is audited.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dealer_station import auth
from dealer_station.auth import AccessDenied, Role

__all__ = ["StaffSession", "sign_in_staff", "sign_out_staff"]

_SCREENS = {Role.SUPERVISOR: "supervisor's screen", Role.TECHNICIAN: "technician's screen"}


@dataclass(frozen=True)
class StaffSession:
    """Who is signed in on a staff screen. The PIN is kept for the station's per-action checks
    and never shown (``repr`` hides it)."""

    user: str
    name: str
    role: str
    pin: str = field(repr=False)

    @property
    def credentials(self) -> dict[str, str]:
        """The keyword arguments a protected station action takes (``supervisor=`` or
        ``technician=`` and ``pin=``).

        >>> StaffSession("S1", "Sam", "supervisor", "1234").credentials
        {'supervisor': 'S1', 'pin': '1234'}
        """
        return {self.role: self.user, "pin": self.pin}


def sign_in_staff(station: Any, user: str, pin: str, role: Role | str) -> StaffSession:
    """Check ``user`` and ``pin`` (audited; repeated failures lock the account) and that the
    account has ``role``; the dealer on duty and the round are left as they are.

    Raises :class:`~dealer_station.auth.AuthenticationError` or :class:`AccessDenied`."""
    role = Role(role)
    person = auth.authenticate(station.store, user, pin, now=station.clock(),
                               policy=station.lock_policy, purpose=f"{role.value}_screen")
    if person.role != role.value:
        station.store.audit("access_denied", {"user": person.id, "role": person.role,
                                              "screen": role.value}, actor=person.id,
                            round_id=station.round_id)
        raise AccessDenied(f"only a {role.value} may open the {_SCREENS[role]} "
                           f"({person.id} is a {person.role})")
    return StaffSession(person.id, person.name, person.role, pin)


def sign_out_staff(station: Any, session: StaffSession) -> None:
    """Audit the end of the session (the dealer's screen is shown again)."""
    station.store.audit("sign_out", {"user": session.user, "screen": session.role},
                        actor=session.user, round_id=station.round_id)
