"""An answer in a numbering the host has left (an older epoch: a device reverting, or an
answer arriving late) never re-delivers that numbering's events (docs/protocol.md, section
6): the host resumes after the last event it took there, and takes only what is new."""

from __future__ import annotations

from drivers.numbering import EPOCHS_REMEMBERED, Cursor, EventNumbering
from drivers.protocol.messages import EventBatch, RawEvent

OLD, NEW = 0x5EED0001, 0x9C3A0B17


def _batch(epoch: int, following: int, *numbers: int) -> EventBatch:
    return EventBatch(epoch, following, tuple(RawEvent(n, 1) for n in numbers))


def _take(numbering: EventNumbering, batch: EventBatch) -> list[int]:
    verdict = numbering.answer(batch)
    for event in verdict.take:
        numbering.taken(event.number)
    return [event.number for event in verdict.take]


def test_an_older_epochs_events_are_never_delivered_again() -> None:
    numbering = EventNumbering()
    assert _take(numbering, _batch(OLD, 4, 1, 2, 3)) == [1, 2, 3]
    assert _take(numbering, _batch(NEW, 3, 1, 2)) == [1, 2]  # restarted: the new numbering
    verdict = numbering.answer(_batch(OLD, 4, 1, 2, 3))  # the old numbering answers again
    assert verdict.take == ()
    assert "earlier numbering" in str(verdict.faults[0]) and "left after its event 3" in str(
        verdict.faults[0])
    assert numbering.cursor == Cursor(OLD, 3)
    assert _take(numbering, _batch(OLD, 6, 1, 2, 3, 4, 5)) == [4, 5]  # only what is new
    assert _take(numbering, _batch(NEW, 4, 1, 2, 3)) == [3]  # and back: the new one's 1-2 kept


def test_answers_flapping_between_two_epochs_deliver_each_event_once() -> None:
    numbering = EventNumbering(Cursor(OLD, 0))
    delivered: list[tuple[int, int]] = []
    for step in range(1, 30):
        epoch = OLD if step % 3 else NEW
        following = step + 1
        for n in _take(numbering, _batch(epoch, following, *range(1, following))):
            delivered.append((epoch, n))
    assert len(delivered) == len(set(delivered))


def test_a_new_epoch_still_starts_from_its_oldest_event() -> None:
    numbering = EventNumbering()
    for epoch in range(1, EPOCHS_REMEMBERED + 3):
        assert _take(numbering, _batch(epoch, 3, 1, 2)) == [1, 2]
    assert _take(numbering, _batch(EPOCHS_REMEMBERED + 2, 4, 1, 2, 3)) == [3]
    assert _take(numbering, _batch(5, 4, 1, 2, 3)) == [3]  # remembered: only the new one
