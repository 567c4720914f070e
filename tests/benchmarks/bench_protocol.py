"""Benchmark of the device stack: command round trip and event-to-host latency through the
real driver stack over a pseudo-terminal (no wire delay: what is measured is the software's
own overhead), beside the time the same frames take on a 115200-baud wire, and sustained
event throughput against the wire's capacity.

Run: ``python -m pytest tests/benchmarks/bench_protocol.py -s`` or
``python tests/benchmarks/bench_protocol.py``. Targets: median software overhead under 1 ms;
sustained throughput at least the wire's capacity.
"""

from __future__ import annotations

import statistics
import threading
import time

from drivers.config import parse_device_config
from drivers.events import DeviceEvent
from drivers.manager import DeviceManager
from drivers.protocol.codes import Command, EventCode
from drivers.protocol.frame import HEADER_SIZE, wire_time
from drivers.protocol.link import Link
from drivers.protocol.messages import RawEvent, event_size
from drivers.sim.models import LockoutModel
from drivers.sim.serve import serve_in_process, serve_pty, serve_usb
from drivers.sim.table import start_simulated_table
from drivers.transports import ReopeningTransport

FRAME_OVERHEAD = HEADER_SIZE + 2  # SYNC ADDR CMD SEQ LEN + CRC


def frame_bytes(payload: int) -> int:
    return FRAME_OVERHEAD + payload


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def round_trips(url: str, count: int = 2000, payload: bytes = b"") -> list[float]:
    link = Link(ReopeningTransport(url))
    link.open()
    try:
        for _ in range(50):
            link.request(1, Command.PING, payload)
        samples = []
        for _ in range(count):
            start = time.perf_counter()
            link.request(1, Command.PING, payload)
            samples.append(time.perf_counter() - start)
        return samples
    finally:
        link.close()


def bench_round_trip() -> dict[str, float]:
    results: dict[str, float] = {}
    wire = wire_time(frame_bytes(0) * 2)
    servers = {
        "pty": serve_pty({1: LockoutModel(serial_number="B1")}),
        "usb": serve_usb(
            {1: LockoutModel(serial_number="B2")},
            vendor_id=0x1209,
            product_id=0x5399,
            serial_number="BENCH",
        ),
        "memory": serve_in_process({1: LockoutModel(serial_number="B3")}, "bench"),
    }
    try:
        for kind, server in servers.items():
            samples = round_trips(server.url)
            median = statistics.median(samples)
            results[f"rtt_{kind}_median_ms"] = median * 1e3
            results[f"rtt_{kind}_p99_ms"] = percentile(samples, 99) * 1e3
    finally:
        for server in servers.values():
            server.close()
    results["rtt_wire_115200_ms"] = wire * 1e3
    return results


class Stamps:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}
        self.received: dict[int, float] = {}
        self.done = threading.Event()
        self.expected = 0

    def on_event(self, event: DeviceEvent) -> None:
        self.received[event.number] = time.perf_counter()
        if len(self.received) >= self.expected:
            self.done.set()


def bench_event_latency(poll_interval: float, count: int = 400) -> list[float]:
    """Event emitted in the simulated lockout controller -> the manager's on_event."""
    table = start_simulated_table("let_it_ride", "pty")
    stamps = Stamps()
    stamps.expected = count
    devices = {"lockout": table.device_table()["lockout"], "poll_interval": poll_interval}
    manager = DeviceManager(parse_device_config(devices), on_event=stamps.on_event)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        model = table.lockout
        for i in range(count):
            time.sleep(0.002 + (i % 7) * 0.0005)
            stamp = time.perf_counter()
            number = model.emit(EventCode.LOCKOUT_BUTTON)
            stamps.sent[number] = stamp
        stamps.done.wait(20)
    finally:
        manager.stop()
        table.close()
    return [stamps.received[n] - stamps.sent[n] for n in stamps.sent if n in stamps.received]


def bench_throughput(count: int = 20000) -> dict[str, float]:
    """A burst of events buffered in a device, drained by the manager over a PTY."""
    table = start_simulated_table("let_it_ride", "pty")
    stamps = Stamps()
    stamps.expected = count
    devices = {"lockout": table.device_table()["lockout"]}
    manager = DeviceManager(parse_device_config(devices), on_event=stamps.on_event)
    manager.start()
    try:
        assert manager.wait_online(5.0)
        model = table.lockout
        model.event_capacity = count + 10
        start = time.perf_counter()
        for _ in range(count):
            model.emit(EventCode.CHIP_SENSED, b"\x00")
        stamps.done.wait(60)
        elapsed = max(stamps.received.values()) - start
    finally:
        manager.stop()
        table.close()
    per_event = event_size(RawEvent(1, EventCode.CHIP_SENSED, b"\x00"))
    per_frame = (240 - 9) // per_event  # the answer's epoch, next number and count first
    poll_bytes = frame_bytes(8) + frame_bytes(9 + per_frame * per_event)
    wire_capacity = per_frame / wire_time(poll_bytes)
    return {
        "events": float(len(stamps.received)),
        "throughput_events_per_s": len(stamps.received) / elapsed,
        "wire_capacity_events_per_s": wire_capacity,
    }


def report() -> dict[str, float]:
    figures = bench_round_trip()
    for interval in (0.0, 0.02):
        latencies = bench_event_latency(interval)
        key = f"event_latency_poll{int(interval * 1000)}ms"
        figures[f"{key}_median_ms"] = statistics.median(latencies) * 1e3
        figures[f"{key}_p99_ms"] = percentile(latencies, 99) * 1e3
    # one event on the wire: POLL (epoch, ack) + its answer carrying one 7-byte event
    figures["event_wire_115200_ms"] = (
        wire_time(frame_bytes(8) + frame_bytes(9 + event_size(RawEvent(1, 0x30)))) * 1e3
    )
    figures.update(bench_throughput())
    return figures


def test_protocol_benchmark() -> None:
    figures = report()
    for name, value in figures.items():
        print(f"{name:40s} {value:12.3f}")
    assert figures["rtt_pty_median_ms"] < 1.0, "median software overhead of a round trip"
    assert figures["event_latency_poll0ms_median_ms"] < 1.0
    assert figures["throughput_events_per_s"] >= figures["wire_capacity_events_per_s"]


if __name__ == "__main__":
    test_protocol_benchmark()
