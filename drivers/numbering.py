"""The host's check of a device's event numbering (``docs/protocol.md``, section 6): which events
of a POLL answer to take, in which order, and every anomaly reported as a device fault with
its numbers. No I/O here: the driver feeds it each answer.

The rules, for a host that has taken events up to ``cursor`` in numbering ``epoch``:

* events are taken strictly in order ``cursor + 1``, ``cursor + 2``, ...; an answer listing
  them in another order is reported (**out of order**) and its events are taken sorted;
* an event at or below the cursor is dropped and reported (**repeated**): a device that
  discards what the host acknowledged never sends one;
* a number at or above the answer's ``following`` (the device's own next number), or more
  than :data:`WINDOW` above the cursor, is refused and reported (**implausible**) and does NOT
  move the cursor, so one bogus number cannot hide every later event; nor is a ``following``
  at or below the cursor in the same epoch believed (reported);
* a missing number is waited for one more answer (it may come out of order); still missing,
  it is reported (**lost**, with the numbers) and the events after it are taken;
* an answer in another epoch means the device's counter restarted (**restarted**, with both
  epochs and the cursor): numbering starts again from the device's oldest event, nothing of
  the new numbering is dropped; an answer in a numbering the host has left (an older epoch)
  resumes after the last event taken in it, never delivering those events again;
* the first answer of a numbering sets the base: its oldest event, or, with none, the device's
  ``following`` number (what came before was acknowledged to someone else).

>>> from drivers.protocol.messages import EventBatch, RawEvent
>>> check = EventNumbering(Cursor(7, 6))
>>> verdict = check.answer(EventBatch(7, 9, (RawEvent(8, 1), RawEvent(7, 1))))
>>> [e.number for e in verdict.take], [str(f) for f in verdict.faults]
([7, 8], ['events out of order: 8 before 7'])
>>> check.taken(8)
>>> verdict = check.answer(EventBatch(7, 10, (RawEvent(0xFFFFFFFF, 1), RawEvent(9, 1))))
>>> [e.number for e in verdict.take], [str(f) for f in verdict.faults]
([9], ['event 4294967295 refused: the device numbers its next event 10'])
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from drivers.protocol.messages import EventBatch, RawEvent

__all__ = ["WINDOW", "Cursor", "EventNumbering", "NumberingFault", "NumberingFaultKind", "Verdict"]

#: The largest jump in event numbers the host believes: more than any device buffers.
WINDOW = 65536
#: How many numberings the host has left it remembers (with the last event taken in each).
EPOCHS_REMEMBERED = 16


@dataclass(frozen=True, slots=True)
class Cursor:
    """The last event the host took from a device: its numbering (``epoch``, 0 unknown) and
    number (0 none yet)."""

    epoch: int = 0
    number: int = 0


class NumberingFaultKind(Enum):
    LOST = "events lost"
    OUT_OF_ORDER = "events out of order"
    REPEATED = "event repeated"
    IMPLAUSIBLE = "event number refused"
    RESTARTED = "event numbering restarted"


@dataclass(frozen=True, slots=True)
class NumberingFault:
    """One anomaly of a device's event numbering, with the numbers concerned: ``LOST`` the
    first and last missing, ``OUT_OF_ORDER`` the two numbers, ``RESTARTED`` the old epoch, the
    new one and the cursor, the others the one number."""

    kind: NumberingFaultKind
    numbers: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text

    @property
    def number(self) -> int:
        """The event number it concerns (for a restart: the last taken in the old numbering)."""
        return self.numbers[2] if self.kind is NumberingFaultKind.RESTARTED else self.numbers[0]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What to do with one POLL answer: the events to take (in order) and the faults."""

    take: tuple[RawEvent, ...] = ()
    faults: tuple[NumberingFault, ...] = ()


def _span(first: int, last: int) -> str:
    return f"event {first}" if first == last else f"events {first}-{last}"


@dataclass(slots=True)
class EventNumbering:
    """The numbering state of one device as the host knows it."""

    cursor: Cursor = field(default_factory=Cursor)
    #: The missing number and the number seen instead, waiting one more answer.
    _waiting: tuple[int, int] | None = None
    #: Numbers already reported as repeated or refused (a device that keeps sending one is
    #: reported once, not at every poll).
    _told: set[tuple[NumberingFaultKind, int]] = field(default_factory=set)
    #: The numberings the host has left, each with the last event taken in it: a device (or
    #: a late answer) speaking in one again resumes after that event, never re-delivering
    #: what was taken (the most recent :data:`EPOCHS_REMEMBERED` numberings).
    _left: dict[int, int] = field(default_factory=dict)

    def _once(self, fault: NumberingFault, faults: list[NumberingFault]) -> None:
        key = (fault.kind, fault.numbers[0])
        if key not in self._told:
            if len(self._told) > 4096:
                self._told.clear()
            self._told.add(key)
            faults.append(fault)

    @property
    def left(self) -> dict[int, int]:
        """The numberings the host has left, each with the last event taken in it (kept with
        the cursor, so that a restarted station remembers them too)."""
        return dict(self._left)

    def remember(self, left: Mapping[int, int]) -> None:
        """Numberings left before (a restart of the station): an answer in one resumes after
        the event recorded for it. The current numbering is never among them."""
        for epoch, number in left.items():
            if epoch and epoch != self.cursor.epoch:
                self._left[epoch] = max(number, self._left.get(epoch, 0))
        while len(self._left) > EPOCHS_REMEMBERED:
            del self._left[next(iter(self._left))]

    @property
    def waiting(self) -> bool:
        """A missing number is being waited for: poll again before concluding."""
        return self._waiting is not None

    def answer(self, batch: EventBatch) -> Verdict:
        faults: list[NumberingFault] = []
        epoch, number = self.cursor.epoch, self.cursor.number
        known = epoch != 0
        first = not known or batch.epoch != epoch
        if known and batch.epoch != epoch:
            resumed = self._left.pop(batch.epoch, None)
            if resumed is None:
                text = (f"event numbering restarted (epoch {epoch:08X} -> {batch.epoch:08X}) "
                        f"after event {number}: events of the old numbering after {number} "
                        "are lost")
            else:
                text = (f"the device answered in an earlier numbering (epoch {epoch:08X} -> "
                        f"{batch.epoch:08X}, left after its event {resumed}): its events up "
                        f"to {resumed} are not taken again")
            faults.append(NumberingFault(
                NumberingFaultKind.RESTARTED, (epoch, batch.epoch, number), text))
            self._left[epoch] = number
            while len(self._left) > EPOCHS_REMEMBERED:
                del self._left[next(iter(self._left))]
            number, self._waiting = resumed or 0, None
            self._told.clear()
        self.cursor = Cursor(batch.epoch, number)
        fresh: dict[int, RawEvent] = {}
        for event in batch.events:
            n = event.number
            if n <= number or n in fresh:
                if known or n in fresh or n == 0:  # a first answer may hold what another
                    # host took; 0 is never an event's number
                    self._once(NumberingFault(
                        NumberingFaultKind.REPEATED, (n,),
                        f"event {n} repeated (taken up to {number})"), faults)
                continue
            fresh[n] = event
        following = batch.following
        if not first and 0 < following <= number:
            self._once(NumberingFault(
                NumberingFaultKind.IMPLAUSIBLE, (following,),
                f"the device numbers its next event {following}, not after {number} (its "
                "counter went back in the same epoch)"), faults)
        for n in list(fresh):
            if n >= following:
                del fresh[n]
                self._once(NumberingFault(
                    NumberingFaultKind.IMPLAUSIBLE, (n,),
                    f"event {n} refused: the device numbers its next event {following}"),
                    faults)
        if number or not first:
            base = number
        else:  # the first answer of this numbering: its oldest event, or where it is now
            base = min(fresh) - 1 if fresh else max(following - 1, 0)
            self.cursor = Cursor(batch.epoch, base)
        for n in list(fresh):
            if n - base > WINDOW:
                del fresh[n]
                self._once(NumberingFault(
                    NumberingFaultKind.IMPLAUSIBLE, (n,),
                    f"event {n} refused: implausible after {base} (more than {WINDOW} ahead)"),
                    faults)
        listed = list(fresh)
        for before, after in itertools.pairwise(listed):
            if after < before:
                faults.append(NumberingFault(
                    NumberingFaultKind.OUT_OF_ORDER, (before, after),
                    f"events out of order: {before} before {after}"))
        ordered = sorted(fresh)
        take: list[RawEvent] = []
        expected = base + 1
        for n in ordered:
            if n > expected:
                if self._waiting != (expected, n):
                    self._waiting = (expected, n)  # once more: it may come out of order
                    break
                faults.append(NumberingFault(
                    NumberingFaultKind.LOST, (expected, n - 1),
                    f"{_span(expected, n - 1)} lost by the device (next was {n})"))
            elif self._waiting is not None and self._waiting[0] == n:
                faults.append(NumberingFault(
                    NumberingFaultKind.OUT_OF_ORDER, (self._waiting[1], n),
                    f"events out of order: {self._waiting[1]} before {n}"))
            self._waiting = None
            take.append(fresh[n])
            expected = n + 1
        return Verdict(tuple(take), tuple(faults))

    def taken(self, number: int) -> None:
        """The application has event ``number``: acknowledged with the next poll."""
        if number > self.cursor.number:
            self.cursor = Cursor(self.cursor.epoch, number)
