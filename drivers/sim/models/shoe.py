"""A simulated automated dealing shoe: shuffles (a deck the caller supplies, or its own
random order), dispenses stacks of 3, 4 or 7 cards and recognises each card, counts the cards
after a shuffle, and can jam, run empty, have its door open, misread or see a duplicate.

Like a shuffler on a table, it holds a randomly shuffled deck of its deck size from the moment
it is switched on (52 cards, or 53 with the joker for Pai Gow; a new deck when the host
configures another deck size), so a dispense works before any shuffle and the shoe reports
empty only when fewer cards are left than the stack needs.

>>> fresh = ShoeModel(serial_number="S0", deck_size=53, stack_size=7)
>>> len(fresh.remaining), len(set(fresh.remaining))
(53, 53)

Cards are their wire codes (``drivers.protocol.card_codes``):

>>> from drivers.protocol.card_codes import card_code
>>> shoe = ShoeModel(serial_number="S1")
>>> top = [card_code(text) for text in ("As", "Kd", "Qh")]
>>> shoe.load_deck(top + [code for code in deck_codes(52) if code not in top])
>>> _ = shoe.handle(Command.SHUFFLE, b""); _ = shoe.handle(Command.DISPENSE, b"")
>>> [card_text(code) for code in shoe.dealt[-1]]
['As', 'Kd', 'Qh']
"""

from __future__ import annotations

import random
import struct
from collections import deque
from collections.abc import Sequence

from drivers.protocol.card_codes import MISREAD, CardCode, card_text, deck_codes
from drivers.protocol.codes import (
    Command,
    DispenseOutcome,
    EventCode,
    Family,
    FaultCode,
    NakReason,
)
from drivers.protocol.messages import DispenseRecord
from drivers.sim.models.base import DeviceModel, Refused

__all__ = ["MISREAD_CARD", "STACK_SIZES", "ShoeModel"]

#: The byte a stack reports for a card the reader could not recognise.
MISREAD_CARD = MISREAD
STACK_SIZES = (3, 4, 7)


class ShoeModel(DeviceModel):
    family = Family.SHOE
    model_name = "SIM-SHOE"
    latched = frozenset(
        {FaultCode.JAM, FaultCode.MISREAD, FaultCode.DUPLICATE_CARD, FaultCode.CARD_COUNT}
    )

    def __init__(
        self, *, stack_size: int = 3, deck_size: int = 52, seed: int | None = None, **kw: str
    ) -> None:
        super().__init__(**kw)
        self.stack_size = self.default_stack_size = stack_size
        self.deck_size = self.default_deck_size = deck_size
        self.rng = random.Random(seed)
        self.remaining: deque[CardCode] = deque(self._random_deck())
        self.seen: set[CardCode] = set()
        self.loaded: deque[tuple[CardCode, ...]] = deque()
        self.dealt: list[tuple[CardCode | None, ...]] = []
        self.stacks = 0
        self.count_after_shuffle = 0
        self.door_open = False
        self.jam_next = False
        self.misread_next = 0
        #: The last DISPENSE executed (kept across power cycles, like the event numbers).
        self.last_dispense = DispenseRecord(0, 0, DispenseOutcome.NONE)

    def _random_deck(self) -> list[CardCode]:
        """A freshly shuffled deck of the configured size."""
        deck = list(deck_codes(53 if self.deck_size == 53 else 52))
        self.rng.shuffle(deck)
        return deck

    def reset_state(self) -> None:
        self.stack_size, self.deck_size = self.default_stack_size, self.default_deck_size

    # -- back door ----------------------------------------------------------------------
    def load_deck(self, cards: Sequence[CardCode]) -> None:
        """The order the next shuffle produces (top card first); queue several for several
        shuffles. A short or doubled deck is allowed, to test the count and duplicate faults."""
        with self.lock:
            self.loaded.append(tuple(cards))

    def stack_next(self, cards: Sequence[CardCode]) -> None:
        """A person arranges the next cards out of the shoe (top card first), taken from the
        cards left in it: the rest keep their order. For a demonstration, or a test of one
        hand, on the simulated table only. Cards not in the shoe, or named twice, are refused.

        >>> from drivers.protocol.card_codes import card_code
        >>> shoe = ShoeModel(serial_number="S2", deck_size=53, stack_size=7)
        >>> shoe.stack_next([card_code(text) for text in "As Ks Qs Js Ts 2c 2d".split()])
        >>> _ = shoe.handle(Command.DISPENSE, b"")
        >>> " ".join(card_text(code) for code in shoe.dealt[-1]), len(shoe.remaining)
        ('As Ks Qs Js Ts 2c 2d', 46)
        >>> shoe.stack_next([card_code("As")])
        Traceback (most recent call last):
        ValueError: not in the shoe (dealt already, or named twice): As
        """
        with self.lock:
            wanted = list(cards)
            missing = [card for index, card in enumerate(wanted)
                       if card not in self.remaining or card in wanted[:index]]
            if missing:
                raise ValueError("not in the shoe (dealt already, or named twice): "
                                 + " ".join(card_text(card) for card in missing))
            for card in wanted:
                self.remaining.remove(card)
            self.remaining.extendleft(reversed(wanted))

    def set_door(self, is_open: bool) -> None:
        with self.lock:
            self.door_open = is_open
            if is_open:
                self.raise_fault(FaultCode.DOOR_OPEN)
            else:
                self.clear_fault(FaultCode.DOOR_OPEN)

    def jam(self) -> None:
        """The next dispense jams (cleared by the host's RESET_FAULTS)."""
        with self.lock:
            self.jam_next = True

    def clear_jam(self) -> None:
        """The jammed card is taken out of the card path: a jam still to come is cancelled and
        the JAM fault clears (as the shoe's path sensor sees the path free again)."""
        with self.lock:
            self.jam_next = False
            self.clear_fault(FaultCode.JAM)

    def misread(self, cards: int = 1) -> None:
        """The next ``cards`` dispensed cards are not recognised."""
        with self.lock:
            self.misread_next += cards

    # -- commands -----------------------------------------------------------------------
    def handle_family(self, command: int, payload: bytes) -> bytes:
        if command == Command.CONFIGURE_SHOE:
            stack, deck = payload[0], payload[1]
            if stack not in STACK_SIZES or deck not in (52, 53):
                raise Refused(NakReason.BAD_VALUE)
            if deck != self.deck_size:  # another deck is loaded: the game's own
                self.deck_size = deck
                self.remaining, self.count_after_shuffle = deque(self._random_deck()), 0
                self.seen.clear()
            self.stack_size = stack
            return b""
        if command == Command.SHUFFLE:
            return self._shuffle()
        if command == Command.DISPENSE:
            request = int.from_bytes(payload[1:3], "little") if len(payload) >= 3 else 0
            last = self.last_dispense
            if request and request == last.request:  # the host asks again: never twice
                return last.encode()
            answer = self._dispense(payload[0] if payload and payload[0] else self.stack_size)
            stack = struct.unpack_from("<H", answer)[0]
            outcome = DispenseOutcome.JAMMED if FaultCode.JAM in self.faults else \
                DispenseOutcome.DISPENSED
            self.last_dispense = DispenseRecord(request, stack, outcome)
            return self.last_dispense.encode()
        if command == Command.LAST_DISPENSE:
            return self.last_dispense.encode()
        if command == Command.CARD_COUNT:
            return bytes((len(self.remaining), self.count_after_shuffle))
        raise Refused(NakReason.UNKNOWN_COMMAND)

    def _shuffle(self) -> bytes:
        if self.door_open:
            raise Refused(NakReason.FAULT_ACTIVE)
        deck = list(self.loaded.popleft()) if self.loaded else self._random_deck()
        self.remaining = deque(deck)
        self.seen.clear()
        self.count_after_shuffle = len(deck)
        self.clear_fault(FaultCode.EMPTY)
        self.emit(EventCode.SHUFFLE_COMPLETED, bytes((min(len(deck), 255),)))
        if len(deck) != self.deck_size:
            self.raise_fault(FaultCode.CARD_COUNT)
        else:  # a whole deck shuffled (a replacement): the count is right again
            self.clear_fault(FaultCode.CARD_COUNT)
        return bytes((min(len(deck), 255),))

    def _dispense(self, size: int) -> bytes:
        if size not in STACK_SIZES and not 1 <= size <= 13:
            raise Refused(NakReason.BAD_VALUE)
        if self.faults & (self.latched | {FaultCode.DOOR_OPEN}) - {FaultCode.CARD_COUNT}:
            raise Refused(NakReason.FAULT_ACTIVE)
        if len(self.remaining) < size:
            self.raise_fault(FaultCode.EMPTY)
            raise Refused(NakReason.FAULT_ACTIVE)
        self.stacks += 1
        number = self.stacks
        if self.jam_next:
            self.jam_next = False
            self.raise_fault(FaultCode.JAM)
            return struct.pack("<H", number)
        read: list[CardCode | None] = []
        for _ in range(size):
            card = self.remaining.popleft()
            if self.misread_next:
                self.misread_next -= 1
                read.append(None)
                self.raise_fault(FaultCode.MISREAD)
                continue
            if card in self.seen:
                self.raise_fault(FaultCode.DUPLICATE_CARD)
            self.seen.add(card)
            read.append(card)
        self.dealt.append(tuple(read))
        data = struct.pack("<H", number) + bytes(
            MISREAD_CARD if c is None else c for c in read
        )
        self.emit(EventCode.STACK_DISPENSED, data)
        return struct.pack("<H", number)

    def detail(self) -> bytes:
        return struct.pack(
            "<BBBBH",
            self.stack_size,
            self.deck_size,
            min(len(self.remaining), 255),
            int(self.door_open),
            self.stacks & 0xFFFF,
        )
