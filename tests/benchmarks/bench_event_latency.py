"""Benchmark of device event to felt: a chip placed on the simulated bet acceptor (its model's back
door: the event waits in the device until the station reads it over the wire, a PTY, as from a
real acceptor) until the felt has been painted with the position's light changed, with the
machine idle (load 0) and busy (load 2: two processes spinning, one a core on a two-core table
PC). The paint is hooked in the felt's own ``paintEvent`` (the time taken after the felt has been
drawn), the screen left to repaint as it does for a dealer (no forced repaint); the Qt event loop
runs freely between chips (placed 30-90 ms apart at random, so that they fall anywhere in a poll
cycle), and a few chips after the line has been quiet for a while.

Run: ``python tests/benchmarks/bench_event_latency.py`` or
``python -m pytest tests/benchmarks/bench_event_latency.py -s``. Target: p99 <= 50 ms at load 2.
Rounds alternate load 0 and load 2; figures are given over all chips of a load and, for the p99,
min/median/max over the rounds. The machine may be shared with other work: the figures say
what it was doing (load average before each round).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

TARGET = 0.050
ROUNDS = 3
CHIPS = 150  # a round at each load
TIMEOUT = 2.0
#: Chips placed after the line has been quiet (no event, no command) for longer than the
#: device manager's active window: their event waits for an idle line's poll.
QUIET_CHIPS, QUIET_GAP = 10, (2500, 3000)


#: The loads: (name, processes spinning, each started as a program of its own session). A program
#: started apart from the station (another service, a user's program) is scheduled as a group of
#: its own (Linux's autogroup, systemd's slices); one started in the station's session shares the
#: station's group.
LOADS = (("load 0", 0, False), ("load 2", 2, True), ("load 2 in the station's session", 2, False))


@contextmanager
def busy(load: int, own_session: bool = True) -> Iterator[None]:
    """``load`` processes spinning for as long as the block runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"],
                                 start_new_session=own_session) for _ in range(load)]
    try:
        time.sleep(0.3 if load else 0.0)  # running before the first chip
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:6.1f}  p95 "
            f"{_percentile(values, 0.95) * 1000:6.1f}  p99 {_percentile(values, 0.99) * 1000:6.1f}"
            f"  max {max(values) * 1000:6.1f} ms  (n={len(values)})")


class Table:
    """The dealer's screen on the simulated table, in betting, position 4 open (its light only)."""

    def __init__(self, data: str) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        import dealer_station.ui  # noqa: F401  (the PySide6 workaround)
        from dealer_station.table_config import load_table_config
        from dealer_station.ui.app import build_controller, create_window
        from dealer_station.ui.felt import FeltView

        self.app = QApplication.instance() or QApplication([])
        setup = load_table_config(game="let_it_ride")
        sims: list[Any] = []
        self.window = create_window(lambda bridge: build_controller(
            setup, data, bridge=bridge, simulated=sims))
        self.window.resize(1280, 800)
        self.window.show()
        self.paints: list[tuple[float, Any]] = []  # (time after the felt was drawn, its view)
        felt, original = self.window.felt, FeltView.paintEvent

        def timed(view: Any, event: Any) -> None:
            original(view, event)
            if view is felt and view.view is not None:
                self.paints.append((time.perf_counter(), view.view.seat(4).light))

        FeltView.paintEvent = timed  # type: ignore[method-assign]
        #: (time shown, time the device manager delivered the event it shows)
        self.shown: list[tuple[float, float]] = []
        self.window.snapshot_shown.connect(lambda _snapshot: self.shown.append(
            (time.perf_counter(), self.window.worker.last_event_at)))
        self._wait(lambda s: s.step.phase == "first_start")
        self.window.call(lambda c: c.create_first_supervisor("S-1", "Bench", "135713"))
        self.window.call(lambda c: c.sign_in("S-1", "135713"))
        self._wait(lambda s: s.step.phase == "between_rounds" and len(s.health) >= 3
                   and all(h.state.value == "connected" for h in s.health))
        self.window.call(lambda c: c.start_round())
        self._wait(lambda s: s.step.phase == "betting")
        for position in range(1, 8):
            self.window.call(lambda c, p=position: c.place(p, {"base": 500}))
        self._wait(lambda s: all(s.table.seat(p).active for p in range(1, 8)))
        self.window.call(lambda c: c.place(4, {"withdraw": 1}))  # position 4: its light only
        self._wait(lambda s: not s.table.seat(4).active)
        self.backdoor = sims[0].backdoor

    def _wait(self, condition: Any, timeout: float = 20.0) -> None:
        deadline = time.perf_counter() + timeout
        while not (self.window.snapshot is not None and condition(self.window.snapshot)):
            self.app.processEvents()
            time.sleep(0.002)
            if time.perf_counter() > deadline:
                raise TimeoutError("the screen did not follow")

    def chips(self, count: int, rng: random.Random, gaps: tuple[int, int] = (30, 90)
              ) -> tuple[list[float], int]:
        """Place and remove a chip ``count`` times: each time from the back door to the felt
        painted with the position's light changed (on, then off), ``gaps`` milliseconds apart
        (at random); and the number that took longer than TIMEOUT."""
        from PySide6.QtCore import QEventLoop, QTimer

        loop = QEventLoop()
        latencies: list[float] = []
        self.parts: list[tuple[float, float, float]] = []  # to delivered, to shown, to painted
        late = 0
        for i in range(count):
            QTimer.singleShot(rng.randint(*gaps), loop.quit)
            loop.exec()  # the screen idles, as between a dealer's chips
            assert self.window.snapshot is not None
            before = self.window.snapshot.table.seat(4).light
            self.paints.clear()
            self.shown.clear()
            start = time.perf_counter()
            (self.backdoor.place_chip if i % 2 == 0 else self.backdoor.remove_chip)(4)
            deadline = start + TIMEOUT
            while time.perf_counter() < deadline:
                done = next((t for t, light in self.paints if light is not before), None)
                if done is not None:
                    latencies.append(done - start)
                    shown = [(t, d) for t, d in self.shown if d >= start and t <= done]
                    if shown:
                        t, d = shown[0]
                        self.parts.append((d - start, t - d, done - t))
                    break
                QTimer.singleShot(1, loop.quit)
                loop.exec()
            else:
                late += 1
        return latencies, late

    def close(self) -> None:
        self.window.shutdown()
        self.window.close()


Results = dict[str, list[tuple[list[float], list[tuple[float, float, float]]]]]


def run() -> Results:
    """Per load, per round: the latencies and their stages."""
    rng = random.Random(1)
    results: Results = {name: [] for name, _, _ in LOADS}
    results["load 0, each chip after a quiet line"] = []
    with tempfile.TemporaryDirectory() as data:
        table = Table(data)
        try:
            table.chips(10, rng)  # warm: first paints, first journal writes
            for _ in range(ROUNDS):
                for name, load, own_session in LOADS:
                    before = os.getloadavg()[0]
                    with busy(load, own_session):
                        latencies, late = table.chips(CHIPS, rng)
                    print(f"  {name}: load average before {before:.1f}; {_ms(latencies)}"
                          + (f"; {late} over {TIMEOUT:.0f} s" if late else ""), flush=True)
                    results[name].append((latencies + [TIMEOUT] * late, list(table.parts)))
            latencies, late = table.chips(QUIET_CHIPS, rng, QUIET_GAP)
            results["load 0, each chip after a quiet line"] = [
                (latencies + [TIMEOUT] * late, list(table.parts))]
        finally:
            table.close()
    return results


def report(results: Results) -> list[str]:
    lines = [f"chip placed -> felt painted ({os.cpu_count()} cores; the machine shared with "
             f"other work: load average now {os.getloadavg()[0]:.1f})"]
    for name, rounds in results.items():
        every = [v for r, _ in rounds for v in r]
        p99s = [_percentile(r, 0.99) * 1000 for r, _ in rounds]
        lines.append(f"  {name}: {_ms(every)}")
        lines.append(f"      p99 by round min/median/max {min(p99s):.1f}/"
                     f"{statistics.median(p99s):.1f}/{max(p99s):.1f} ms")
        parts = [p for _, ps in rounds for p in ps]
        if parts:
            stages = ("to the device manager's delivery (poll, wire, driver)",
                      "to the snapshot shown (worker: round action, journal, snapshot)",
                      "to the felt painted (GUI thread)")
            for k, stage in enumerate(stages):
                values = [p[k] for p in parts]
                lines.append(f"      {stage}: median {statistics.median(values) * 1000:.1f}, "
                             f"p99 {_percentile(values, 0.99) * 1000:.1f} ms")
    p99 = _percentile([v for r, _ in results["load 2"] for v in r], 0.99)
    lines.append(f"  target p99 <= {TARGET * 1000:.0f} ms at load 2: "
                 + ("met" if p99 <= TARGET else "NOT met"))
    return lines


def test_chip_to_felt_latency_under_load() -> None:
    """Prints the figures; not a timed test (timings on a shared machine are no verdict)."""
    results = run()
    print("\n" + "\n".join(report(results)))
    assert all(r for rounds in results.values() for r, _ in rounds)


if __name__ == "__main__":
    print("\n".join(report(run())))
