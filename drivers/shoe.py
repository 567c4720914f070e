"""Driver of the automated dealing shoe: stack size (3, 4 or 7), deck size (52, or 53 with the
joker), shuffle with the card count, dispense, card count; the cards of each stack arrive as
a ``STACK_DISPENSED`` event."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from drivers.device import DeviceDriver
from drivers.protocol.codes import Command, Family, FaultCode
from drivers.protocol.link import Link
from drivers.protocol.messages import Status

__all__ = ["STACK_SIZES", "ShoeDriver", "ShoeStatus"]

STACK_SIZES = (3, 4, 7)


@dataclass(frozen=True, slots=True)
class ShoeStatus:
    faults: tuple[FaultCode, ...]
    stack_size: int
    deck_size: int
    cards_remaining: int
    door_open: bool
    stacks_dispensed: int

    @classmethod
    def from_status(cls, status: Status) -> ShoeStatus:
        stack, deck, remaining, door, stacks = struct.unpack_from("<BBBBH", status.detail)
        return cls(status.faults, stack, deck, remaining, bool(door), stacks)


class ShoeDriver(DeviceDriver):
    family = Family.SHOE

    def __init__(
        self, link: Link, address: int, name: str = "shoe", *, stack_size: int = 3,
        deck_size: int = 52,
    ) -> None:  # fmt: skip
        super().__init__(link, address, name)
        self.stack_size = stack_size
        self.deck_size = deck_size

    def configure(self, stack_size: int | None = None, deck_size: int | None = None) -> None:
        """Set the stack size (3, 4, 7) and the deck size (52, 53)."""
        stack = self.stack_size if stack_size is None else stack_size
        deck = self.deck_size if deck_size is None else deck_size
        if stack not in STACK_SIZES:
            raise ValueError(f"stack size {stack}: the shoe deals stacks of 3, 4 or 7")
        if deck not in (52, 53):
            raise ValueError(f"deck size {deck}: 52, or 53 with the joker")
        self.stack_size, self.deck_size = stack, deck  # remembered first, for restore
        self.request(Command.CONFIGURE_SHOE, bytes((stack, deck)))

    def shuffle(self) -> int:
        """Shuffle; return the number of cards counted (a ``CARD_COUNT`` fault if it is not
        the deck size)."""
        return self.request(Command.SHUFFLE, timeout=2.0)[0]

    def dispense(self, stack_size: int | None = None) -> int:
        """Dispense one stack; return its number (its cards follow as an event)."""
        size = 0 if stack_size is None else stack_size
        return int(struct.unpack("<H", self.request(Command.DISPENSE, bytes((size,))))[0])

    def card_count(self) -> tuple[int, int]:
        """(cards remaining, cards counted at the last shuffle)."""
        answer = self.request(Command.CARD_COUNT)
        return answer[0], answer[1]

    def shoe_status(self) -> ShoeStatus:
        return ShoeStatus.from_status(self.status())

    def restore(self) -> None:
        self.configure()
