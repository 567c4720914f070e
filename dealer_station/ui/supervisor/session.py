"""Staff sessions on the supervisor's and technician's screens (Qt-free).

A supervisor (or a technician) signs in on top of the dealer's screen with their own id and PIN:
the dealer stays on duty and the round stays exactly where it stands. The session remembers the
id and PIN only while the screen is open, because every protected action is checked again by the
station at the moment it is taken (:mod:`dealer_station.auth`). Signing in and out is audited.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_station.auth import Role
from dealer_station.station import Station

__all__ = ["StaffSession", "sign_in_staff", "sign_out_staff"]


@dataclass(frozen=True)
class StaffSession:
    """Who is signed in on a staff screen. The PIN is kept for the station's per-action checks
    and never shown (``repr`` hides it); ``session_id`` is the station's record of the session
    (its start and end times)."""

    user: str
    name: str
    role: str
    pin: str = field(repr=False)
    session_id: int | None = None

    @property
    def credentials(self) -> dict[str, str]:
        """The keyword arguments a protected station action takes (``supervisor=`` or
        ``technician=`` and ``pin=``).

        >>> StaffSession("S1", "Sam", "supervisor", "123456").credentials
        {'supervisor': 'S1', 'pin': '123456'}
        """
        return {self.role: self.user, "pin": self.pin}


def sign_in_staff(station: Station, user: str, pin: str, role: Role | str) -> StaffSession:
    """Check ``user`` and ``pin`` (audited; repeated failures lock the account) and that the
    account has ``role``; the dealer on duty and the round are left as they are. The station
    records the session.

    Raises :class:`~dealer_station.auth.AuthenticationError` or
    :class:`~dealer_station.auth.AccessDenied`."""
    person, session_id = station.sign_in_staff(user, pin, Role(role))
    return StaffSession(person.id, person.name, person.role, pin, session_id)


def sign_out_staff(station: Station, session: StaffSession) -> None:
    """End the session, audited (the dealer's screen is shown again)."""
    station.sign_out_staff(session.user, session.session_id, session.role)
