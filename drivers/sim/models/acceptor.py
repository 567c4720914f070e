"""A simulated bet acceptor light at one seat: senses a chip placed or removed, lights when a
chip is placed (unless locked: then the chip is reported late and the light stays as it was),
and shows the light mode the host commands.

>>> seat = AcceptorModel(serial_number="A1")
>>> seat.place_chip(); seat.light.name
'ON'
>>> _ = seat.handle(Command.SET_ACCEPTOR_LOCK, b"\\x01"); seat.remove_chip(); seat.place_chip()
>>> seat.light.name, seat.buffered[-1].data
('OFF', b'\\x01')
"""

from __future__ import annotations

from drivers.protocol.codes import Command, EventCode, Family, LightMode, NakReason
from drivers.sim.models.base import DeviceModel, Refused

__all__ = ["AcceptorModel"]


class AcceptorModel(DeviceModel):
    family = Family.ACCEPTOR
    model_name = "SIM-ACCEPTOR"

    def __init__(self, **kw: str) -> None:
        super().__init__(**kw)
        self.light = LightMode.OFF
        self.chip_present = False
        self.locked = False

    def reset_state(self) -> None:
        self.light = LightMode.OFF
        self.locked = False

    # -- back door ----------------------------------------------------------------------
    def place_chip(self) -> None:
        """A chip lands on the acceptor (late if the acceptor is locked)."""
        with self.lock:
            if self.chip_present:
                return
            self.chip_present = True
            self.emit(EventCode.CHIP_SENSED, bytes((int(self.locked),)))
            if not self.locked:
                self.light = LightMode.ON

    def remove_chip(self) -> None:
        with self.lock:
            if not self.chip_present:
                return
            self.chip_present = False
            self.emit(EventCode.CHIP_REMOVED)
            if self.light is LightMode.ON:
                self.light = LightMode.OFF

    # -- commands -----------------------------------------------------------------------
    def handle_family(self, command: int, payload: bytes) -> bytes:
        if command == Command.SET_LIGHT:
            try:
                self.light = LightMode(payload[0])
            except ValueError as error:
                raise Refused(NakReason.BAD_VALUE) from error
            return b""
        if command == Command.SET_ACCEPTOR_LOCK:
            if payload[0] > 1:
                raise Refused(NakReason.BAD_VALUE)
            self.locked = bool(payload[0])
            return b""
        raise Refused(NakReason.UNKNOWN_COMMAND)

    def detail(self) -> bytes:
        return bytes((self.light, int(self.chip_present), int(self.locked)))
