"""The technician's and the tests' back door into a simulated table: inject faults on the
devices (jam, door, misread, self-test failure) and on the lines (unplug, garbage bytes,
corrupted CRC, slow or missing acknowledgements), make the shoe deal known cards, place and
remove chips, press the lockout button. Cards are their wire codes
(``drivers.protocol.card_codes``; ``dealer_station.cards.card_codes`` gives a hand's codes).

>>> from drivers.sim.table import start_simulated_table
>>> table = start_simulated_table("let_it_ride", transport="memory")
>>> table.backdoor.place_chip(3); table.acceptors[3].chip_present
True
>>> table.close()
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drivers.protocol.card_codes import CardCode
from drivers.protocol.codes import Command, EventCode, FaultCode
from drivers.protocol.messages import RawEvent

if TYPE_CHECKING:
    from drivers.sim.table import SimulatedTable

__all__ = ["AcceptorState", "Backdoor", "ShoeState", "TableState"]


@dataclass(frozen=True, slots=True)
class AcceptorState:
    """One seat's acceptor as a person at the table sees it."""

    seat: int
    chip_present: bool
    light: str  # the light mode's name: OFF, ON, BLINK...
    locked: bool


@dataclass(frozen=True, slots=True)
class ShoeState:
    door_open: bool
    jam_pending: bool  # the next dispense jams
    jammed: bool  # the JAM fault is up
    cards_left: int
    faults: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TableState:
    """What the simulated table's devices hold right now (for a panel showing the table)."""

    game: str
    acceptors: tuple[AcceptorState, ...]
    shoe: ShoeState
    lockout_locked: bool
    unplugged: tuple[str, ...]  # the lines whose cable is pulled
    lines: tuple[str, ...]


class Backdoor:
    """Fault injection and table actions on a :class:`~drivers.sim.table.SimulatedTable`.
    ``device`` names a line: ``"shoe"``, ``"acceptors"`` or ``"lockout"``."""

    def __init__(self, table: SimulatedTable) -> None:
        self.table = table

    # -- the shoe ---------------------------------------------------------------------------
    def deal_known_cards(self, deck: Sequence[CardCode]) -> None:
        """The next shuffle produces exactly ``deck`` (top card first): the caller's own
        shuffled deck, so a test or a training session knows every stack."""
        self.table.shoe.load_deck(deck)

    def stack_next_cards(self, cards: Sequence[CardCode]) -> None:
        """The next cards out of the shoe, top first, taken from those left in it (the
        simulated-table panel's STACK NEXT CARDS: a hand arranged for a demonstration)."""
        self.table.shoe.stack_next(cards)

    def jam(self) -> None:
        """The next dispense jams."""
        self.table.shoe.jam()

    def clear_jam(self) -> None:
        """The jammed card is taken out: a pending jam is cancelled, the JAM fault clears."""
        self.table.shoe.clear_jam()

    def misread(self, cards: int = 1) -> None:
        """The next ``cards`` cards dispensed are not recognised."""
        self.table.shoe.misread(cards)

    def open_door(self) -> None:
        self.table.shoe.set_door(True)

    def close_door(self) -> None:
        self.table.shoe.set_door(False)

    # -- chips and the lockout ---------------------------------------------------------------
    def place_chip(self, seat: int) -> None:
        self.table.acceptors[seat].place_chip()

    def remove_chip(self, seat: int) -> None:
        self.table.acceptors[seat].remove_chip()

    def press_lockout_button(self) -> None:
        self.table.lockout.press_button()

    def chip_after_lockout(self, seat: int) -> None:
        """The dealer has locked the bonus wagers (button pressed, acceptors locked as the
        station would lock them) and a chip lands at ``seat`` afterwards: it is reported late
        and does not light."""
        if not self.table.lockout.locked:
            self.table.lockout.press_button()
        for acceptor in self.table.acceptors.values():
            with acceptor.lock:
                acceptor.locked = True
        self.table.acceptors[seat].place_chip()

    # -- any device --------------------------------------------------------------------------
    def fail_self_test(self, device: str, fault: FaultCode, seat: int | None = None) -> None:
        """The device's next self-tests report ``fault``."""
        self.table.model(device, seat).self_test_failures.add(fault)

    def bogus_event_number(self, device: str, seat: int | None = None) -> None:
        """The device sends an event numbered 4294967295 (a corrupted counter or a forged
        frame): the host refuses it, reports it and keeps taking the real events."""
        seat = seat if seat is not None or device != "acceptors" else 1
        self.table.model(device, seat).inject_raw(
            RawEvent(0xFFFFFFFF, EventCode.FAULT_CLEARED, bytes((FaultCode.SELF_TEST,))),
            counted=False)

    def restart_numbering(self, device: str, seat: int | None = None) -> None:
        """The device's event counter starts again at 1 in a new epoch (its memory lost):
        the host reports the restart and takes the new numbering from its first event."""
        seat = seat if seat is not None or device != "acceptors" else 1
        self.table.model(device, seat).restart_numbering()

    def late_dispense(self, delay: float = 1.0) -> None:
        """The shoe answers DISPENSE ``delay`` seconds late (it dispenses at once): the host
        asks what it last dispensed and has the stack. Undone by ``slow_acks(..., 0)``."""
        self.slow_acks("shoe", delay, command=Command.DISPENSE)

    def power_cycle(self, device: str, seat: int | None = None) -> None:
        """The device restarts (a power blip): it forgets the commanded state (stack size,
        lights, locks, indicator) but keeps its events; the host notices at its next
        heartbeat and restores the state."""
        if device == "acceptors" and seat is None:
            for model in self.table.acceptors.values():
                model.power_cycle()
        else:
            self.table.model(device, seat).power_cycle()

    def state(self) -> TableState:
        """Every device's state as a person at the table would see it.

        >>> from drivers.sim.table import start_simulated_table
        >>> table = start_simulated_table("pai_gow", transport="memory")
        >>> table.backdoor.place_chip(2); table.backdoor.unplug("lockout")
        >>> state = table.backdoor.state()
        >>> [a.seat for a in state.acceptors if a.chip_present], state.unplugged
        ([2], ('lockout',))
        >>> table.close()
        """
        table = self.table
        acceptors = []
        for seat, model in sorted(table.acceptors.items()):
            with model.lock:
                acceptors.append(AcceptorState(seat, model.chip_present, model.light.name,
                                               model.locked))
        shoe = table.shoe
        with shoe.lock:
            shoe_state = ShoeState(shoe.door_open, shoe.jam_next, FaultCode.JAM in shoe.faults,
                                   len(shoe.remaining),
                                   tuple(sorted(code.name for code in shoe.faults)))
        with table.lockout.lock:
            locked = table.lockout.locked
        unplugged = tuple(name for name, server in table.servers.items()
                          if server.line.faults.unplugged)
        return TableState(table.game, tuple(acceptors), shoe_state, locked, unplugged,
                          tuple(table.servers))

    # -- the lines ---------------------------------------------------------------------------
    def unplug(self, device: str) -> None:
        """Pull the line's cable (USB: the device leaves the bus)."""
        self.table.servers[device].unplug()

    def replug(self, device: str) -> None:
        self.table.servers[device].replug()

    def garbage(self, device: str, data: bytes | int = 32) -> None:
        """Put garbage on the line now (random bytes if a count is given)."""
        raw = os.urandom(data) if isinstance(data, int) else data
        self.table.servers[device].line.inject(raw)

    def garbage_before_next_reply(self, device: str, data: bytes | int = 16) -> None:
        raw = os.urandom(data) if isinstance(data, int) else data
        self.table.servers[device].line.faults.garbage_before_reply = raw

    def corrupt_crc(self, device: str, replies: int = 1) -> None:
        """The next ``replies`` answers go out with a wrong CRC."""
        self.table.servers[device].line.faults.corrupt_replies += replies

    def drop_acks(self, device: str, replies: int = 1) -> None:
        """The next ``replies`` answers are lost (missing acknowledgements)."""
        self.table.servers[device].line.faults.drop_replies += replies

    def slow_acks(self, device: str, delay: float, command: int | None = None) -> None:
        """Answers leave ``delay`` seconds late (0 restores); with ``command``, only the
        answers to that command (a DISPENSE executed but answered too late)."""
        faults = self.table.servers[device].line.faults
        if command is None:
            faults.reply_delay = delay
            if delay <= 0:
                faults.command_delays.clear()
        elif delay > 0:
            faults.command_delays[command] = delay
        else:
            faults.command_delays.pop(command, None)

    def drop_requests(self, device: str, requests: int = 1) -> None:
        """The next ``requests`` frames to the line's devices are lost before they arrive."""
        self.table.servers[device].line.faults.drop_requests += requests
