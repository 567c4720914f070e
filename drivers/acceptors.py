"""Driver of the bet acceptor lights: one acceptor per seat, all on one shared line, each at
its own address. Lights off / on / flashing / attract; lock and unlock (a chip sensed while
locked is reported late and does not light); the number of lit acceptors."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from drivers.device import DeviceDriver
from drivers.protocol.codes import Command, Family, FaultCode, LightMode
from drivers.protocol.link import Link, NakError
from drivers.protocol.messages import Status

__all__ = ["AcceptorBank", "AcceptorDriver", "AcceptorStatus"]


@dataclass(frozen=True, slots=True)
class AcceptorStatus:
    faults: tuple[FaultCode, ...]
    light: LightMode
    chip_present: bool
    locked: bool

    @classmethod
    def from_status(cls, status: Status) -> AcceptorStatus:
        light, chip, locked = status.detail[:3]
        return cls(status.faults, LightMode(light), bool(chip), bool(locked))


class AcceptorDriver(DeviceDriver):
    """One seat's acceptor."""

    family = Family.ACCEPTOR

    def __init__(self, link: Link, address: int, name: str, seat: int | None = None) -> None:
        super().__init__(link, address, name, seat)
        self.light = LightMode.OFF
        self.locked = False
        self._light_commanded = False

    # The state commanded is remembered before it is sent: if the acceptor does not answer,
    # it is applied when the acceptor comes back (restore).
    def set_light(self, mode: LightMode) -> None:
        self.light = LightMode(mode)
        self._light_commanded = True
        self.request(Command.SET_LIGHT, bytes((self.light,)))

    def set_locked(self, locked: bool) -> None:
        self.locked = locked
        self.request(Command.SET_ACCEPTOR_LOCK, bytes((int(locked),)))

    def acceptor_status(self) -> AcceptorStatus:
        return AcceptorStatus.from_status(self.status())

    def restore(self) -> None:
        self.set_locked(self.locked)
        if self._light_commanded:
            self.set_light(self.light)


class AcceptorBank:
    """All the acceptors of a table, by seat (1 = the first seat)."""

    def __init__(self, link: Link, addresses: Mapping[int, int], name: str = "acceptors"):
        self.link = link
        self.name = name
        self.by_seat = {
            seat: AcceptorDriver(link, address, name, seat) for seat, address in addresses.items()
        }
        #: Held locked by the host (the wager the acceptors sense is locked out on its own,
        #: e.g. a linked progressive whose floor cannot be reached): every seat stays locked
        #: whatever the lockout controller does meanwhile; ``_wanted`` is the lock each seat
        #: would have without the hold (where :meth:`hold_locked` puts it back).
        self.held = False
        self._wanted: dict[int, bool] = {}

    def __iter__(self) -> Iterator[AcceptorDriver]:
        return iter(self.by_seat.values())

    def __getitem__(self, seat: int) -> AcceptorDriver:
        try:
            return self.by_seat[seat]
        except KeyError:
            raise ValueError(f"no acceptor at seat {seat}") from None

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.by_seat)

    def set_light(self, seat: int, mode: LightMode) -> None:
        self[seat].set_light(mode)

    def remember_light(self, seat: int, mode: LightMode) -> None:
        """The light the host wants at ``seat``, recorded without sending it (the acceptor is
        away): applied when it answers again (:meth:`AcceptorDriver.restore`)."""
        acceptor = self[seat]
        acceptor.light, acceptor._light_commanded = LightMode(mode), True

    def _every(self, action: Callable[[AcceptorDriver], None]) -> None:
        """Apply to every seat, even past a seat that does not answer; then raise the first
        failure (so one dead acceptor never keeps the others unlit or unlocked)."""
        failures: list[Exception] = []
        for acceptor in self:
            try:
                action(acceptor)
            except (OSError, NakError) as error:
                failures.append(error)
        if failures:
            raise failures[0]

    def set_all(self, mode: LightMode) -> None:
        self._every(lambda acceptor: acceptor.set_light(mode))

    def set_locked(self, locked: bool) -> None:
        """Lock (chips placed from now on are late and do not light) or unlock every seat;
        while :attr:`held`, only remembered for the end of the hold (every seat stays
        locked)."""
        if self.held:
            self._wanted = dict.fromkeys(self.by_seat, locked)
            return
        self._every(lambda acceptor: acceptor.set_locked(locked))

    def remember_locked(self, locked: bool) -> None:
        """Record the lock the host wants without sending it (the acceptors are away): the
        reconnect restores it."""
        if self.held:
            self._wanted = dict.fromkeys(self.by_seat, locked)
            return
        for acceptor in self:
            acceptor.locked = locked

    def hold_locked(self, held: bool, *, send: bool = True) -> None:
        """Hold every seat locked (``held``), remembering each seat's lock; or end the hold,
        each seat back to the lock it had — or the one the lockout controller asked for
        meanwhile. ``send`` False (the acceptors are away): only recorded, the reconnect
        applies it."""
        if held == self.held:
            return
        if held:
            self._wanted = {seat: acceptor.locked for seat, acceptor in self.by_seat.items()}
            self.held = True
            target = dict.fromkeys(self.by_seat, True)
        else:
            self.held = False
            target = {seat: self._wanted.get(seat, acceptor.locked)
                      for seat, acceptor in self.by_seat.items()}
        if not send:
            for seat, locked in target.items():
                self.by_seat[seat].locked = locked
            return
        self._every(lambda acceptor: acceptor.set_locked(target[acceptor.seat or 0]))

    def statuses(self) -> dict[int, AcceptorStatus]:
        return {seat: acceptor.acceptor_status() for seat, acceptor in self.by_seat.items()}

    def lit_count(self) -> int:
        """How many acceptors are lit (on or flashing), read from the acceptors themselves."""
        return sum(status.light.lit for status in self.statuses().values())
