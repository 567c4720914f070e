"""The wire side of simulated devices: one line carrying one or more addressed models, with
the protocol on top (framing, duplicate detection by sequence number, NAK) and the faults a
technician or a test can inject on the line (``docs/protocol.md``; :mod:`drivers.sim.backdoor`).

>>> from drivers.protocol.frame import Frame, FrameParser, encode
>>> from drivers.sim.models import LockoutModel
>>> from drivers.protocol.codes import Command
>>> out = []
>>> line = SimLine({1: LockoutModel(serial_number="L1")}, send=out.append)
>>> line.receive(encode(Frame(1, Command.PING, 9, b"hi")))
>>> FrameParser().feed(out[0])
[Frame(address=1, command=133, sequence=9, payload=b'hi')]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from drivers.protocol.codes import NAK, REPLY_FLAG
from drivers.protocol.frame import Frame, FrameParser, encode
from drivers.sim.models.base import DeviceModel, Refused

__all__ = ["LineFaults", "SimLine"]


@dataclass(slots=True)
class LineFaults:
    """Faults injected on a line. Counts go down as they are used."""

    unplugged: bool = False
    drop_replies: int = 0
    corrupt_replies: int = 0
    reply_delay: float = 0.0
    #: Delays of the answers to some commands only (command -> seconds), e.g. a DISPENSE
    #: answered after the host stopped waiting.
    command_delays: dict[int, float] = field(default_factory=dict)
    #: Requests lost on their way to the device (it never sees them).
    drop_requests: int = 0
    garbage_before_reply: bytes = b""


class SimLine:
    """Frames in, answers out through ``send``. Thread-safe."""

    def __init__(self, models: Mapping[int, DeviceModel], send: Callable[[bytes], None]) -> None:
        self.models = dict(models)
        self.send = send
        self.faults = LineFaults()
        self.parser = FrameParser()
        self.replies = 0
        self.executed = 0
        self.replayed = 0
        self._lock = threading.RLock()
        self._last: dict[int, tuple[Frame, bytes]] = {}

    def receive(self, data: bytes) -> None:
        """Bytes from the host."""
        with self._lock:
            if self.faults.unplugged:
                return
            for frame in self.parser.feed(data):
                if self.faults.drop_requests and frame.address in self.models:
                    self.faults.drop_requests -= 1
                    continue
                self._answer(frame)

    def inject(self, data: bytes) -> None:
        """Put bytes on the line now (garbage, a stray frame)."""
        with self._lock:
            if not self.faults.unplugged:
                self.send(data)

    def _answer(self, frame: Frame) -> None:
        model = self.models.get(frame.address)
        if model is None or frame.command & REPLY_FLAG or frame.command == NAK:
            return  # not ours: another device on the line, or an answer
        last = self._last.get(frame.address)
        if frame.sequence and last is not None and last[0] == frame:
            self.replayed += 1
            self._emit(last[1], frame.command)
            return
        try:
            payload = model.handle(frame.command, frame.payload)
            answer = Frame(frame.address, frame.command | REPLY_FLAG, frame.sequence, payload)
        except Refused as refusal:
            answer = Frame(
                frame.address, NAK, frame.sequence, bytes((frame.command, refusal.reason))
            )
        self.executed += 1
        raw = encode(answer)
        self._last[frame.address] = (frame, raw)
        self._emit(raw, frame.command)

    def _emit(self, raw: bytes, command: int) -> None:
        faults = self.faults
        if faults.drop_replies:
            faults.drop_replies -= 1
            return
        if faults.corrupt_replies:
            faults.corrupt_replies -= 1
            raw = raw[:-1] + bytes((raw[-1] ^ 0x5A,))
        if faults.garbage_before_reply:
            raw = faults.garbage_before_reply + raw
            faults.garbage_before_reply = b""
        self.replies += 1
        delay = faults.command_delays.get(command, faults.reply_delay)
        if delay > 0:
            timer = threading.Timer(delay, self._late, (raw,))
            timer.daemon = True
            timer.start()
        else:
            self.send(raw)

    def _late(self, raw: bytes) -> None:
        with self._lock:
            if not self.faults.unplugged:
                self.send(raw)
