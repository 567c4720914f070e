"""Driver of the automated dealing shoe: stack size (3, 4 or 7), deck size (52, or 53 with the
joker), shuffle with the card count, dispense, card count; the cards of each stack arrive as
a ``STACK_DISPENSED`` event.

Dispense is exactly once (``docs/protocol.md``, section 7). Each DISPENSE carries a request id;
the shoe answers a repeated id with the stack it already dispensed. When a DISPENSE gets no
answer, the stack may have come out all the same: the driver asks the shoe at once what it
last dispensed (LAST_DISPENSE) and so knows. If that question is not answered either, the
dispense is *in doubt*: nothing else is sent to the shoe before the question is answered (the
manager asks first thing when the shoe answers again), and a retry for the same purpose
(``intent``: the delivery it is for) gets the stack that already came out instead of a second
one.
"""

from __future__ import annotations

import struct
from contextlib import suppress
from dataclasses import dataclass

from drivers.device import DeviceDriver
from drivers.protocol.codes import Command, DispenseOutcome, Family, FaultCode
from drivers.protocol.link import Link, LinkTimeout, NakError
from drivers.protocol.messages import DispenseRecord, Status

__all__ = ["STACK_SIZES", "DispenseInDoubt", "DispenseNotDone", "ShoeDriver", "ShoeStatus"]


class DispenseInDoubt(LinkTimeout):
    """Neither the DISPENSE nor the question of what the shoe last dispensed was answered: a
    stack may have come out. Resolved the moment the shoe answers again."""


class DispenseNotDone(OSError):
    """The DISPENSE was not answered, and the shoe says it did not execute it: no stack came
    out; DISPENSE again."""


@dataclass(frozen=True, slots=True)
class _Pending:
    request: int
    intent: str | None

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
        #: The last request id sent (synchronised with the shoe's at each connection).
        self.last_request = 0
        #: A DISPENSE whose outcome is unknown (no answer, nor to LAST_DISPENSE).
        self.in_doubt: _Pending | None = None
        #: (intent, stack) of the last stack that came out for a named intent.
        self.done: tuple[str, int] | None = None
        #: What the last resolution of a dispense in doubt found (for health and logs).
        self.resolution = ""
        #: A shuffle the host asked for that the shoe has not confirmed (no answer, the line
        #: down, the shoe refusing it): done at the reconnect, and before any stack is dealt,
        #: so no stack ever comes from the deck of before the shuffle.
        self.shuffle_due = False

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
        the deck size). Until the shoe answers, the shuffle is due (:attr:`shuffle_due`)."""
        self.shuffle_due = True
        count = self.request(Command.SHUFFLE, timeout=2.0)[0]
        self.shuffle_due = False
        return count

    def want_shuffle(self) -> None:
        """The host asked for a shuffle while the shoe was away: it is done when the shoe
        answers again (:meth:`restore`), and in any case before the next stack."""
        self.shuffle_due = True

    def dispense(self, stack_size: int | None = None, intent: str | None = None) -> int:
        """Dispense one stack exactly once; return its number (its cards follow as an event).
        ``intent`` names what the stack is for (e.g. a round's delivery): a second call with
        the intent of the last stack that came out returns that stack, dispensing nothing.

        Raises :class:`DispenseInDoubt` when neither the DISPENSE nor the question after it
        was answered, :class:`DispenseNotDone` when the shoe says it did not execute it."""
        if intent is not None and self.done is not None and self.done[0] == intent:
            return self.done[1]
        if self.in_doubt is not None:
            stack = self.settle()
            if stack is not None and intent is not None and self.done == (intent, stack):
                return stack
        if self.shuffle_due:  # never a stack from the deck of before the shuffle asked for
            self.shuffle()
        size = 0 if stack_size is None else stack_size
        request = self.last_request % 0xFFFF + 1
        self.last_request = request
        self.in_doubt = _Pending(request, intent)
        try:
            record = DispenseRecord.decode(
                self.request(Command.DISPENSE, bytes((size,)) + request.to_bytes(2, "little")))
        except NakError:
            self.in_doubt = None  # refused: a definite answer, nothing came out
            raise
        except LinkTimeout as error:
            try:
                stack = self.settle()
            except LinkTimeout:
                raise DispenseInDoubt(
                    f"{self.name}: DISPENSE not answered, nor what the shoe last dispensed: a "
                    "stack may have come out. The station asks again as soon as the shoe "
                    "answers; do not deal a replacement by hand", error.address) from error
            if stack is None:
                raise DispenseNotDone(
                    f"{self.name}: DISPENSE not answered and the shoe did not execute it: no "
                    "stack came out; DISPENSE again") from error
            return stack
        self.in_doubt = None
        self._remember(record, intent)
        return record.stack

    def last_dispense(self) -> DispenseRecord:
        """What the shoe last dispensed (the request id, the stack, the outcome)."""
        return DispenseRecord.decode(self.request(Command.LAST_DISPENSE))

    def settle(self) -> int | None:
        """Ask the shoe what it last dispensed; resolve the dispense in doubt, if any, and take
        the shoe's request id as the last one. Returns the stack number if the doubted
        DISPENSE was executed, else None. Raises LinkTimeout if the shoe does not answer."""
        last = self.last_dispense()
        pending, self.in_doubt = self.in_doubt, None
        if pending is None:  # ids go on from the shoe's own (another host may have sent some)
            self.last_request = last.request
            return None
        if last.request != pending.request:
            self.resolution = f"dispense request {pending.request} was not executed: no stack"
            return None
        self.resolution = (f"dispense request {pending.request} was executed: stack "
                           f"{last.stack} {last.outcome.name.lower()}")
        self._remember(last, pending.intent)
        return last.stack

    def _remember(self, record: DispenseRecord, intent: str | None) -> None:
        if record.outcome is DispenseOutcome.DISPENSED and intent is not None:
            self.done = (intent, record.stack)

    def card_count(self) -> tuple[int, int]:
        """(cards remaining, cards counted at the last shuffle)."""
        answer = self.request(Command.CARD_COUNT)
        return answer[0], answer[1]

    def shoe_status(self) -> ShoeStatus:
        return ShoeStatus.from_status(self.status())

    def restore(self) -> None:
        """After a reconnect: the stack and deck size, then a shuffle still due (refused, e.g.
        the door open: it stays due and is asked again before the next stack)."""
        self.configure()
        if self.shuffle_due:
            with suppress(NakError):
                self.shuffle()
