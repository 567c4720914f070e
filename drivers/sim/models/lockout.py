"""A simulated bonus-wager lockout controller: the dealer's button locks at once and is
reported; the host locks and unlocks; an indicator lamp the host sets.

>>> box = LockoutModel(serial_number="L1")
>>> box.press_button(); box.locked, [e.code for e in box.buffered]
(True, [48, 49])
"""

from __future__ import annotations

from drivers.protocol.codes import Command, EventCode, Family, IndicatorMode, NakReason
from drivers.sim.models.base import DeviceModel, Refused

__all__ = ["LockoutModel"]


class LockoutModel(DeviceModel):
    family = Family.LOCKOUT
    model_name = "SIM-LOCKOUT"

    def __init__(self, **kw: str) -> None:
        super().__init__(**kw)
        self.locked = False
        self.indicator = IndicatorMode.OFF

    def _set_locked(self, locked: bool) -> None:
        if locked != self.locked:
            self.locked = locked
            self.emit(EventCode.LOCKOUT_CHANGED, bytes((int(locked),)))

    def reset_state(self) -> None:
        """A lockout controller starts locked (fail safe) with its indicator off."""
        self._set_locked(True)
        self.indicator = IndicatorMode.OFF

    # -- back door ----------------------------------------------------------------------
    def press_button(self) -> None:
        """The dealer presses the lockout button: reported, and the controller locks."""
        with self.lock:
            self.emit(EventCode.LOCKOUT_BUTTON)
            self._set_locked(True)

    # -- commands -----------------------------------------------------------------------
    def handle_family(self, command: int, payload: bytes) -> bytes:
        if command == Command.SET_LOCKOUT:
            if payload[0] > 1:
                raise Refused(NakReason.BAD_VALUE)
            self._set_locked(bool(payload[0]))
            return b""
        if command == Command.SET_INDICATOR:
            try:
                self.indicator = IndicatorMode(payload[0])
            except ValueError as error:
                raise Refused(NakReason.BAD_VALUE) from error
            return b""
        raise Refused(NakReason.UNKNOWN_COMMAND)

    def detail(self) -> bytes:
        return bytes((int(self.locked), self.indicator))
