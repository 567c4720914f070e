"""Framing: CRC-16/KERMIT, byte-exact frames, the parser's resynchronisation, and hypothesis
fuzzing of the parser (no exception escapes, every bad frame counted and refused)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.protocol.frame import (
    MAX_FRAME,
    MAX_PAYLOAD,
    SYNC,
    Frame,
    FrameError,
    FrameParser,
    crc16_kermit,
    encode,
)


def test_crc16_kermit_check_value() -> None:
    assert crc16_kermit(b"123456789") == 0x2189
    assert crc16_kermit(b"\x01\x02\x07\x00") == 0xE40B


def test_frame_bytes_exact() -> None:
    assert encode(Frame(0x01, 0x02, 0x07)) == bytes.fromhex("a5 01 02 07 00 0b e4")
    raw = encode(Frame(0x10, 0x85, 0x2A, b"hi"))
    assert raw[:5] == bytes.fromhex("a5 10 85 2a 02") and raw[5:7] == b"hi"
    crc = crc16_kermit(raw[1:7])
    assert raw[7:] == bytes((crc & 0xFF, crc >> 8))  # low byte first


def test_maximum_frame_size() -> None:
    assert len(encode(Frame(1, 1, 1, bytes(MAX_PAYLOAD)))) == MAX_FRAME == 247
    with pytest.raises(FrameError):
        Frame(1, 1, 1, bytes(MAX_PAYLOAD + 1))
    with pytest.raises(FrameError):
        Frame(256, 1, 1)


def test_parser_byte_by_byte() -> None:
    frame = Frame(3, 0x84, 9, b"\x00\xa5\xa5")
    parser = FrameParser()
    out = []
    for byte in encode(frame) * 2:
        out += parser.feed(bytes((byte,)))
    assert out == [frame, frame] and parser.pending == 0


def test_parser_resyncs_after_garbage_bad_crc_and_oversized_length() -> None:
    good = Frame(1, 0x82, 5, b"ok")
    broken = bytearray(encode(good))
    broken[-1] ^= 0xFF
    oversized = bytes((SYNC, 1, 2, 3, MAX_PAYLOAD + 1))
    parser = FrameParser()
    frames = parser.feed(b"\x00\x11" + bytes(broken) + oversized + encode(good))
    assert frames == [good]
    assert parser.counters.bad_crc == 1 and parser.counters.oversized == 1
    assert parser.counters.garbage_bytes >= 2


def test_parser_finds_frame_behind_a_false_start() -> None:
    good = Frame(1, 0x82, 5, b"ok")
    false_start = bytes((SYNC, 1, 2, 3, 200))  # claims 200 bytes that never come
    parser = FrameParser()
    assert parser.feed(false_start + encode(good)) == []
    assert parser.flush() == [good]
    assert parser.counters.broken >= 1


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_fuzz_random_bytes_never_raise_and_only_good_frames_pass(data: bytes) -> None:
    parser = FrameParser()
    frames = parser.feed(data) + parser.flush()
    for frame in frames:
        assert encode(frame) in data
    assert parser.pending == 0


frames_strategy = st.builds(
    Frame,
    st.integers(1, 254),
    st.integers(0, 255),
    st.integers(0, 255),
    st.binary(max_size=MAX_PAYLOAD),
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.binary(max_size=40), frames_strategy), max_size=6),
    st.binary(max_size=40),
    st.integers(1, 64),
)
def test_fuzz_every_good_frame_recovered_between_garbage(
    pieces: list[tuple[bytes, Frame]], tail: bytes, chunk: int
) -> None:
    stream = b"".join(garbage + encode(frame) for garbage, frame in pieces) + tail
    parser = FrameParser()
    received: list[Frame] = []
    for i in range(0, len(stream), chunk):
        received += parser.feed(stream[i : i + chunk])
    received += parser.flush()
    expected = [frame for _, frame in pieces]
    # every real frame comes out, in order (garbage could only add a frame with a valid CRC)
    it = iter(received)
    assert all(any(frame == got for got in it) for frame in expected)


@settings(max_examples=300, deadline=None)
@given(frames_strategy, st.data())
def test_fuzz_corrupted_frame_is_refused_and_counted(frame: Frame, data: st.DataObject) -> None:
    raw = bytearray(encode(frame))
    position = data.draw(st.integers(1, len(raw) - 1))
    raw[position] ^= data.draw(st.integers(1, 255))
    parser = FrameParser()
    frames = parser.feed(bytes(raw)) + parser.flush()
    assert frame not in frames
    assert parser.counters.refused >= 1
