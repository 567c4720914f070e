"""Protocol fuzzing at volume (issue 20): 100,000 frames each way, seeded so a failure
reproduces. The host's parser, payload decoders and event-numbering check never raise
anything but the refusals they document, and never take an event twice or backwards; the
simulated devices answer any frame with a well-formed frame or not at all."""

from __future__ import annotations

import contextlib
import random

from drivers.numbering import EventNumbering, NumberingFaultKind
from drivers.protocol.codes import NAK, REPLY_FLAG, Command
from drivers.protocol.frame import MAX_PAYLOAD, Frame, FrameParser, encode
from drivers.protocol.messages import (
    EventBatch,
    Identity,
    PayloadError,
    RawEvent,
    Status,
    decode_events,
    encode_events,
)
from drivers.protocol.trace import describe
from drivers.sim.models import AcceptorModel, LockoutModel, ShoeModel
from drivers.sim.wire import SimLine

FRAMES = 100_000


def _payload(rng: random.Random, epoch: int, next_number: int) -> bytes:
    """A POLL answer: mostly plausible events, sometimes nonsense of every kind."""
    roll = rng.random()
    if roll < 0.2:
        return rng.randbytes(rng.randrange(MAX_PAYLOAD + 1))
    numbers = [next_number + i for i in range(rng.randrange(6))]
    if roll < 0.4:
        rng.shuffle(numbers)
    if roll < 0.5:
        numbers.append(rng.choice((0, 0xFFFFFFFF, rng.getrandbits(32), next_number - 1)))
    events = [RawEvent(n, rng.randrange(256), rng.randbytes(rng.randrange(4))) for n in numbers]
    following = next_number + 6 if rng.random() > 0.05 else rng.getrandbits(32)
    raw = encode_events(events, epoch if rng.random() > 0.01 else rng.getrandbits(32), following)
    if roll < 0.6 and len(raw) > 9:
        raw = raw[: rng.randrange(9, len(raw))]  # truncated
    return raw


def test_the_host_survives_100000_fuzzed_answers_and_never_takes_an_event_twice() -> None:
    rng = random.Random(20)
    parser = FrameParser()
    numbering = EventNumbering()
    epoch = 0x5EED0001
    taken = 0
    decoded = refused = 0
    last: tuple[int, int] = (0, 0)
    restarts = 0
    stream = bytearray()
    for index in range(FRAMES):
        frame = Frame(rng.randrange(1, 255), Command.POLL.reply, index & 0xFF,
                      _payload(rng, epoch, numbering.cursor.number + 1))
        raw = bytearray(encode(frame))
        if rng.random() < 0.05:
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)  # a flipped bit
        if rng.random() < 0.05:
            raw[:0] = rng.randbytes(rng.randrange(1, 12))  # line noise
        stream += raw
        if len(stream) < 4096 and index != FRAMES - 1:
            continue
        for got in parser.feed(bytes(stream)):
            describe(got)  # the technician's trace decodes whatever arrives
            try:
                batch: EventBatch = decode_events(got.payload)
            except PayloadError:
                refused += 1
                continue
            decoded += 1
            verdict = numbering.answer(batch)
            if any(f.kind is NumberingFaultKind.RESTARTED for f in verdict.faults):
                last, restarts = (0, 0), restarts + 1  # reported: a new numbering begins
            for event in verdict.take:
                here = (numbering.cursor.epoch, event.number)
                assert here[0] != last[0] or here[1] > last[1], "taken twice or backwards"
                numbering.taken(event.number)
                last = here
                taken += 1
        stream.clear()
    counters = parser.counters
    assert decoded + refused + counters.bad_crc > FRAMES * 0.9  # the fuzz reached the decoders
    assert taken > 5_000 and refused > 1_000 and counters.bad_crc > 1_000 and restarts
    for decode in (Identity.decode, Status.decode):  # the other payload decoders too
        for _ in range(2_000):
            with contextlib.suppress(PayloadError):
                decode(rng.randbytes(rng.randrange(60)))


def test_the_simulated_devices_answer_100000_fuzzed_frames_without_failing() -> None:
    rng = random.Random(21)
    answers = bytearray()
    shoe = ShoeModel(serial_number="FZ-SHOE", seed=1)
    models = {1: shoe, 0x10: AcceptorModel(serial_number="FZ-SEAT"),
              0x20: LockoutModel(serial_number="FZ-LOCK")}
    line = SimLine(models, send=answers.extend)
    commands = [int(c) for c in Command] + [0x00, 0x7F, REPLY_FLAG | 0x05, NAK]
    sent = 0
    chunk = bytearray()
    for index in range(FRAMES):
        payload = rng.randbytes(rng.choice((0, 1, 2, 4, 8, rng.randrange(MAX_PAYLOAD + 1))))
        frame = Frame(rng.choice((1, 0x10, 0x20, rng.randrange(256))), rng.choice(commands),
                      index & 0xFF, payload)
        raw = bytearray(encode(frame))
        if rng.random() < 0.03:
            raw[rng.randrange(len(raw))] ^= 0xFF
        chunk += raw
        sent += 1
        if len(chunk) > 2048:
            line.receive(bytes(chunk))
            chunk.clear()
        if index % 500 == 0:
            shoe.load_deck(())  # keep the shoe dealing through the fuzz
    line.receive(bytes(chunk))
    parser = FrameParser()
    replies = parser.feed(bytes(answers))
    assert sent == FRAMES and len(replies) == line.replies > FRAMES // 2
    assert parser.counters.bad_crc == parser.counters.garbage_bytes == 0  # all well-formed
    assert all(r.command == NAK or r.command & REPLY_FLAG for r in replies)
