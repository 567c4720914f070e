"""Driver of the bonus-wager lockout controller: lock, unlock, read the state, set the
indicator; the dealer's button arrives as a ``LOCKOUT_BUTTON`` event (the controller locks by
itself and reports ``LOCKOUT_CHANGED``)."""

from __future__ import annotations

from dataclasses import dataclass

from drivers.device import DeviceDriver
from drivers.protocol.codes import Command, Family, FaultCode, IndicatorMode
from drivers.protocol.link import Link
from drivers.protocol.messages import Status

__all__ = ["LockoutDriver", "LockoutStatus"]


@dataclass(frozen=True, slots=True)
class LockoutStatus:
    faults: tuple[FaultCode, ...]
    locked: bool
    indicator: IndicatorMode

    @classmethod
    def from_status(cls, status: Status) -> LockoutStatus:
        locked, indicator = status.detail[:2]
        return cls(status.faults, bool(locked), IndicatorMode(indicator))


class LockoutDriver(DeviceDriver):
    family = Family.LOCKOUT

    def __init__(self, link: Link, address: int, name: str = "lockout") -> None:
        super().__init__(link, address, name)
        self.locked: bool | None = None
        self.indicator: IndicatorMode | None = None

    def set_locked(self, locked: bool) -> None:
        self.locked = locked  # remembered first: restored if the controller was away
        self.request(Command.SET_LOCKOUT, bytes((int(locked),)))

    def remember_locked(self, locked: bool) -> None:
        """The lock the host wants, recorded without sending it (the controller is away): a
        lock is applied when it answers again (:meth:`restore`)."""
        self.locked = locked

    def lock(self) -> None:
        self.set_locked(True)

    def unlock(self) -> None:
        self.set_locked(False)

    def set_indicator(self, mode: IndicatorMode) -> None:
        self.indicator = IndicatorMode(mode)
        self.request(Command.SET_INDICATOR, bytes((self.indicator,)))

    def lockout_status(self) -> LockoutStatus:
        return LockoutStatus.from_status(self.status())

    def restore(self) -> None:
        """Re-lock if the host had locked; never unlock on reconnect (a lock made by the
        dealer's button while the line was down stands until the host unlocks)."""
        if self.locked:
            self.set_locked(True)
        if self.indicator is not None:
            self.set_indicator(self.indicator)
