"""Byte-exact conversations between the host's link and simulated devices, as documented in
docs/protocol.md, and the link's acknowledgement, retry and refusal rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from drivers.protocol.codes import NAK, Command, NakReason
from drivers.protocol.frame import Frame, FrameParser, encode
from drivers.protocol.link import Link, LinkTimeout, NakError
from drivers.protocol.messages import PROTOCOL_VERSION, Identity, encode_poll
from drivers.protocol.trace import describe
from drivers.sim.models import AcceptorModel, LockoutModel, ShoeModel
from drivers.sim.serve import InProcessServer, serve_in_process
from drivers.transports.memory import MemoryTransport


class Recorder:
    """Wraps a transport and keeps every byte each way."""

    def __init__(self, inner: MemoryTransport) -> None:
        self.inner = inner
        self.url = inner.url
        self.sent = bytearray()
        self.received = bytearray()

    def open(self) -> None:
        self.inner.open()

    def close(self) -> None:
        self.inner.close()

    def write(self, data: bytes) -> None:
        self.sent += data
        self.inner.write(data)

    def read(self, timeout: float) -> bytes:
        data = self.inner.read(timeout)
        self.received += data
        return data


@pytest.fixture
def lockout_line(request: pytest.FixtureRequest) -> InProcessServer:
    server = serve_in_process({1: LockoutModel(serial_number="L-0001")}, name=request.node.name)
    request.addfinalizer(server.close)
    return server


def recorded(server: InProcessServer, **kw: float) -> tuple[Link, Recorder]:
    recorder = Recorder(server.host_transport())
    link = Link(recorder, **kw)  # type: ignore[arg-type]
    link.open()
    return link, recorder


def test_ping_conversation_byte_exact(lockout_line: InProcessServer) -> None:
    link, rec = recorded(lockout_line)
    assert link.request(1, Command.PING, b"\x01\x02") == b"\x01\x02"
    assert bytes(rec.sent) == bytes.fromhex("a5 01 05 00 02 01 02 0d ad")
    assert bytes(rec.received) == bytes.fromhex("a5 01 85 00 02 01 02 58 27")


def test_poll_conversation_delivers_and_acknowledges_events(lockout_line: InProcessServer) -> None:
    model = lockout_line.models[1]
    assert isinstance(model, LockoutModel)
    model.epoch = 0x5EED0001
    link, rec = recorded(lockout_line)
    link.request(1, Command.PING)  # sequence 0
    model.press_button()
    answer = link.request(1, Command.POLL, bytes(8))  # sequence 1, no numbering known yet
    # epoch 5EED0001, next 3, two events: #1 LOCKOUT_BUTTON (0x30), #2 LOCKOUT_CHANGED locked
    assert answer == bytes.fromhex("0100ED5E 03000000 02 01000000 30 00 02000000 31 01 01")
    assert rec.sent.endswith(bytes.fromhex("a5 01 04 01 08 00 00 00 00 00 00 00 00"), 0, -2)
    link.request(1, Command.POLL, encode_poll(0x1234, 2))  # another numbering: keeps them
    assert len(model.buffered) == 2
    link.request(1, Command.POLL, encode_poll(0x5EED0001, 2))
    assert model.buffered == ()


def test_unknown_command_is_refused_with_nak(lockout_line: InProcessServer) -> None:
    link, rec = recorded(lockout_line)
    with pytest.raises(NakError) as refused:
        link.request(1, 0x7E)
    assert refused.value.reason == NakReason.UNKNOWN_COMMAND
    frame = FrameParser().feed(bytes(rec.received))[0]
    assert frame == Frame(1, NAK, 0, bytes((0x7E, NakReason.UNKNOWN_COMMAND)))
    assert link.counters.naks == 1


def test_lost_answer_is_retried_with_same_sequence_and_not_executed_twice(
    request: pytest.FixtureRequest,
) -> None:
    shoe = ShoeModel(serial_number="S-1", seed=1)
    server = serve_in_process({1: shoe}, name=request.node.name)
    try:
        link, rec = recorded(server, timeout=0.03, retries=3)
        link.request(1, Command.SHUFFLE)
        server.line.faults.drop_replies = 1
        answer = link.request(1, Command.DISPENSE, b"\x00\x07\x00")  # request 7
        assert answer == b"\x07\x00\x01\x00\x01"  # request 7, stack 1, dispensed
        assert shoe.stacks == 1 and len(shoe.dealt) == 1  # dispensed once, not twice
        assert link.counters.retries == 1 and server.line.replayed == 1
        sent = FrameParser().feed(bytes(rec.sent))
        assert sent[-1] == sent[-2]  # the retransmission is the same frame, same sequence
    finally:
        server.close()


def test_corrupted_answer_is_counted_and_retried(lockout_line: InProcessServer) -> None:
    link, _ = recorded(lockout_line, timeout=0.03)
    lockout_line.line.faults.corrupt_replies = 2
    assert link.request(1, Command.PING, b"x") == b"x"
    assert link.counters.bad_crc == 2 and link.counters.retries == 2


def test_garbage_before_answer_is_skipped(lockout_line: InProcessServer) -> None:
    link, _ = recorded(lockout_line)
    lockout_line.line.faults.garbage_before_reply = b"\x00\x13noise\xff"
    assert link.request(1, Command.PING, b"y") == b"y"
    assert link.counters.retries == 0 and link.counters.garbage_bytes == 8


def test_false_frame_start_is_abandoned_at_timeout_and_the_retry_answers(
    lockout_line: InProcessServer,
) -> None:
    link, _ = recorded(lockout_line, timeout=0.03)
    link.request(1, Command.PING)  # sequence 0 is never replayed; use 1
    # a SYNC and a plausible length swallow the real answer: the parser waits for it, the
    # timeout abandons the broken frame, the retry's answer (replayed, same sequence) is good
    lockout_line.line.faults.garbage_before_reply = b"\xa5\x01\x99\x00\xf0"
    assert link.request(1, Command.PING, b"y") == b"y"
    assert link.counters.retries == 1 and link.counters.broken >= 1
    assert lockout_line.line.replayed == 1


def test_bounded_retries_then_timeout(lockout_line: InProcessServer) -> None:
    link, rec = recorded(lockout_line, timeout=0.02, retries=2)
    lockout_line.line.faults.drop_replies = 10
    with pytest.raises(LinkTimeout) as error:
        link.request(1, Command.STATUS)
    assert error.value.address == 1
    assert len(FrameParser().feed(bytes(rec.sent))) == 3  # one try and two retries


def test_slow_answer_within_timeout_is_accepted(lockout_line: InProcessServer) -> None:
    link, _ = recorded(lockout_line, timeout=0.3)
    lockout_line.line.faults.reply_delay = 0.05
    assert link.request(1, Command.PING, b"z") == b"z"
    assert link.counters.timeouts == 0


def test_only_the_addressed_device_answers_on_a_shared_line(
    request: pytest.FixtureRequest,
) -> None:
    seats = {0x10 + i: AcceptorModel(serial_number=f"A{i}") for i in range(3)}
    server = serve_in_process(seats, name=request.node.name)
    try:
        link, rec = recorded(server)
        link.request(0x11, Command.SET_LIGHT, b"\x01")
        frames = FrameParser().feed(bytes(rec.received))
        assert [f.address for f in frames] == [0x11]
        assert [m.light for m in seats.values()] == [0, 1, 0]
    finally:
        server.close()


def test_protocol_document_examples_are_the_real_bytes() -> None:
    """Every ``frame:`` example in docs/protocol.md decodes to exactly the fields it names."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    examples = re.findall(r"`([0-9A-F ]+)` +<!-- frame: (.*?) -->", doc)
    assert len(examples) >= 6
    for hex_text, fields in examples:
        values = dict(kv.split("=") for kv in fields.split())
        frame = Frame(
            int(values["addr"], 16),
            int(values["cmd"], 16),
            int(values["seq"], 16),
            bytes.fromhex(values.get("payload", "")),
        )
        assert encode(frame) == bytes.fromhex(hex_text), fields
        # and the payload means what this version of the protocol says it means
        assert "malformed" not in describe(frame), fields
        if frame.command == Command.IDENTIFY.reply:
            assert Identity.decode(frame.payload).protocol_version == PROTOCOL_VERSION
