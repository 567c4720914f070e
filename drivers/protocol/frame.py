"""Frames of the device protocol: CRC-16/KERMIT, encoding, and an incremental parser that
resynchronises after garbage or a broken frame (``docs/protocol.md``, "Framing").

Layout: ``SYNC(0xA5) ADDR CMD SEQ LEN PAYLOAD[LEN] CRC_LO CRC_HI``; the CRC covers ADDR to the
end of the payload; at most :data:`MAX_PAYLOAD` payload bytes.

>>> hex(crc16_kermit(b"123456789"))
'0x2189'
>>> encode(Frame(address=1, command=0x02, sequence=7)).hex(" ")
'a5 01 02 07 00 0b e4'
>>> parser = FrameParser()
>>> parser.feed(b"\\x00junk" + encode(Frame(1, 0x82, 7, b"ok")))
[Frame(address=1, command=130, sequence=7, payload=b'ok')]
>>> parser.counters.garbage_bytes
5
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "HEADER_SIZE",
    "MAX_FRAME",
    "MAX_PAYLOAD",
    "SYNC",
    "Frame",
    "FrameError",
    "FrameParser",
    "ParserCounters",
    "crc16_kermit",
    "encode",
    "wire_time",
]

SYNC = 0xA5
HEADER_SIZE = 5  # SYNC ADDR CMD SEQ LEN
MAX_PAYLOAD = 240
MAX_FRAME = HEADER_SIZE + MAX_PAYLOAD + 2


def _table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        table.append(crc)
    return tuple(table)


_TABLE = _table()


def crc16_kermit(data: bytes | bytearray | memoryview, crc: int = 0) -> int:
    """CRC-16/KERMIT (poly 0x1021 reflected, init 0, no final xor), as slot machines' SAS uses.

    >>> crc16_kermit(b"")
    0
    """
    for byte in data:
        crc = (crc >> 8) ^ _TABLE[(crc ^ byte) & 0xFF]
    return crc


class FrameError(ValueError):
    """A frame that cannot be built (payload too long, field out of range)."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame: the device address, the command, the sequence number and the payload."""

    address: int
    command: int
    sequence: int
    payload: bytes = b""

    def __post_init__(self) -> None:
        for name in ("address", "command", "sequence"):
            if not 0 <= getattr(self, name) <= 0xFF:
                raise FrameError(f"{name} {getattr(self, name)} is outside 0-255")
        if len(self.payload) > MAX_PAYLOAD:
            raise FrameError(f"payload of {len(self.payload)} bytes exceeds {MAX_PAYLOAD}")


def encode(frame: Frame) -> bytes:
    """The bytes of ``frame`` on the wire."""
    body = bytes((frame.address, frame.command, frame.sequence, len(frame.payload))) + frame.payload
    crc = crc16_kermit(body)
    return bytes((SYNC,)) + body + bytes((crc & 0xFF, crc >> 8))


def wire_time(n_bytes: int, baud: int = 115200, bits_per_byte: int = 10) -> float:
    """Seconds ``n_bytes`` take on a serial wire (8N1: 10 bits a byte).

    >>> round(wire_time(7) * 1e6)
    608
    """
    return n_bytes * bits_per_byte / baud


@dataclass(slots=True)
class ParserCounters:
    """What the parser refused, by kind, and how many good frames it passed."""

    frames: int = 0
    garbage_bytes: int = 0
    bad_crc: int = 0
    oversized: int = 0
    broken: int = 0

    @property
    def refused(self) -> int:
        """Every refused frame or frame start (bad CRC, too long, broken off)."""
        return self.bad_crc + self.oversized + self.broken


@dataclass(slots=True)
class FrameParser:
    """Turns a byte stream into frames. Never raises on input: every bad byte is counted.

    A candidate frame starts at a SYNC byte; a length over :data:`MAX_PAYLOAD` or a CRC mismatch
    refuses the candidate and scanning resumes one byte after its SYNC, so a good frame hidden
    behind a false start is still found. :meth:`flush` abandons a partial frame (called when
    a reply times out, or at the end of a stream).
    """

    counters: ParserCounters = field(default_factory=ParserCounters)
    _buffer: bytearray = field(default_factory=bytearray)

    @property
    def pending(self) -> int:
        """Bytes held back waiting for the rest of a frame."""
        return len(self._buffer)

    def feed(self, data: bytes | bytearray) -> list[Frame]:
        """Add received bytes; return the complete good frames, in order."""
        self._buffer += data
        return self._scan()

    def discard(self) -> None:
        """Drop everything held back (counted as garbage), e.g. when a line is re-opened."""
        self.counters.garbage_bytes += len(self._buffer)
        self._buffer.clear()

    def flush(self) -> list[Frame]:
        """Give up on a partial frame: count it broken and rescan what followed its SYNC."""
        frames: list[Frame] = []
        while self._buffer:
            del self._buffer[0]
            self.counters.broken += 1
            frames += self._scan()
        return frames

    def _scan(self) -> list[Frame]:
        buf = self._buffer
        counters = self.counters
        frames: list[Frame] = []
        while buf:
            start = buf.find(SYNC)
            if start < 0:
                counters.garbage_bytes += len(buf)
                buf.clear()
                break
            if start:
                counters.garbage_bytes += start
                del buf[:start]
            if len(buf) < HEADER_SIZE:
                break
            length = buf[4]
            if length > MAX_PAYLOAD:
                counters.oversized += 1
                del buf[0]
                continue
            end = HEADER_SIZE + length + 2
            if len(buf) < end:
                break
            crc = crc16_kermit(bytes(buf[1 : end - 2]))
            if buf[end - 2] != crc & 0xFF or buf[end - 1] != crc >> 8:
                counters.bad_crc += 1
                del buf[0]
                continue
            frames.append(Frame(buf[1], buf[2], buf[3], bytes(buf[HEADER_SIZE : end - 2])))
            counters.frames += 1
            del buf[:end]
        return frames
