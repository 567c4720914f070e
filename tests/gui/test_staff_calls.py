"""The staff screens' off-GUI-thread work (:mod:`dealer_station.ui.supervisor.calls`): answers
come back on the GUI thread, refusals as words, and a screen deleted while its work still runs
loses the answer and nothing else (it used to crash the process with a segmentation fault in
the worker thread, which emitted a signal of the deleted object)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from dealer_station.procedure import ProcedureError
from dealer_station.ui.bridge import Job, TableWorker
from dealer_station.ui.supervisor.calls import (
    Background,
    StaffContext,
    StationThread,
    calls_for_window,
    join_background,
    stop_station_threads,
)

pytestmark = pytest.mark.gui

# Screens created and deleted while their workers answer. With the old signal-emitting workers
# this crashed within a few hundred rounds (measured: 0 to 1,500 of 3,000, five runs of five).
STRESS = """
import os, random, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
import dealer_station.ui
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget
from dealer_station.ui.supervisor.calls import (
    Background, StaffContext, StationThread, join_background)

app = QApplication([])
class Demo(str):  # the station's stand-in: answers as "demo", closes as a station does
    def close(self):
        pass

station = StationThread(lambda: StaffContext(station=Demo("demo")))
kept = QWidget()
kept_calls, kept_background = station.calls(kept), Background(kept)
lost, got = [], []
for _ in range(ROUNDS):
    screen = QWidget()
    calls, background = station.calls(screen), Background(screen)
    for _ in range(3):
        pause = random.random() * 0.002
        calls.submit(lambda context, pause=pause: time.sleep(pause) or 1, lost.append)
        background.run(lambda pause=pause: time.sleep(pause) or 2, lost.append)
    kept_calls.submit(lambda context: context.station, got.append)
    kept_background.run(lambda: "computed", got.append)
    time.sleep(random.random() * 0.002)
    screen.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    del calls, background, screen
    QCoreApplication.processEvents()
assert join_background(60)
deadline = time.monotonic() + 30
while (kept_calls.pending or kept_background.pending) and time.monotonic() < deadline:
    QCoreApplication.processEvents()
    time.sleep(0.005)
assert station.stop()
print(len(lost), got.count("demo"), got.count("computed"))
"""


def test_screens_deleted_while_their_workers_answer_do_not_crash() -> None:
    """In a process of its own (a crash fails this test instead of ending the test run)."""
    rounds = 1200
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run([sys.executable, "-c", STRESS.replace("ROUNDS", str(rounds))],
                          capture_output=True, text=True, timeout=240, env=env, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    lost, station_answers, computed = map(int, done.stdout.split())
    assert lost == 0  # nothing delivered to a deleted screen
    assert (station_answers, computed) == (rounds, rounds)  # everything to the living one


class _Demo(str):
    """The station's stand-in: answers as "demo", closes as a station does."""

    def close(self) -> None:
        pass


def _wait(qtbot: Any, *holders: Any) -> None:
    qtbot.waitUntil(lambda: all(h.pending == 0 for h in holders), timeout=10_000)


def test_station_calls_run_on_the_station_thread_and_answer_on_the_gui_thread(
        qtbot: Any) -> None:
    station = StationThread(lambda: StaffContext(station=_Demo("demo")))
    try:
        calls = station.calls()
        seen: list[tuple[str, Any]] = []
        calls.submit(lambda context: (threading.current_thread().name, context.station),
                     lambda found: seen.append((threading.current_thread().name, found)))
        calls.submit(lambda _context: (_ for _ in ()).throw(
            ProcedureError("only a supervisor may change the configuration", "5324.34(d)")),
            on_error=lambda words: seen.append(("refused", words)))
        assert calls.pending == 2
        _wait(qtbot, calls)
        gui = threading.main_thread().name
        assert seen[0][0] == gui and seen[0][1][1] == "demo" and seen[0][1][0] != gui
        assert seen[1] == ("refused",
                           "only a supervisor may change the configuration [5324.34(d)]")
    finally:
        assert station.stop()


def test_a_station_that_cannot_open_refuses_each_call_with_the_reason(qtbot: Any) -> None:
    def factory() -> StaffContext:
        raise OSError("the data directory is read-only")

    station = StationThread(factory)
    try:
        calls = station.calls()
        refused: list[str] = []
        for _ in range(2):
            calls.submit(lambda context: context.station, on_error=refused.append)
        _wait(qtbot, calls)
        assert refused == ["the station could not be opened: the data directory is "
                           "read-only"] * 2
    finally:
        assert station.stop()


class _Window(QWidget):
    call_requested = Signal(Job)


def test_a_table_that_is_not_running_refuses_staff_calls(qtbot: Any) -> None:
    """The dealer's table worker without a controller (not started, failed or stopped) answers
    a staff screen's call instead of leaving the screen waiting."""
    window = _Window()
    qtbot.addWidget(window)
    worker = TableWorker(lambda: None)  # type: ignore[arg-type, return-value]
    window.call_requested.connect(worker.call)
    calls = calls_for_window(window)
    refused: list[str] = []
    calls.submit(lambda context: context.station, on_error=refused.append)
    _wait(qtbot, calls)
    assert refused == ["the table is not running"]
    called: list[Any] = []
    window.call_requested.emit(Job(called.append))  # the dealer's own calls need a table
    assert called == []


def test_background_answers_on_the_gui_thread_and_joins(qtbot: Any) -> None:
    owner = QObject()
    background = Background(owner)
    answers: list[tuple[str, Any]] = []
    background.run(lambda: threading.current_thread().name,
                   lambda name: answers.append((threading.current_thread().name, name)))
    background.run(lambda: 1 // 0, lambda error: answers.append(("error", type(error))))
    assert join_background(30)
    _wait(qtbot, background)
    assert answers[0] == (threading.main_thread().name, "staff-background")
    assert answers[1] == ("error", ZeroDivisionError)


def test_station_threads_left_running_are_stopped(qtbot: Any) -> None:
    closed: list[str] = []

    class Closing:
        def close(self) -> None:
            closed.append(threading.current_thread().name)

    station = StationThread(lambda: StaffContext(station=Closing()))
    calls = station.calls()
    calls.submit(lambda context: None)
    _wait(qtbot, calls)
    assert stop_station_threads() >= 1
    assert not station.running  # closed on its own thread, not the GUI's
    assert len(closed) == 1 and closed[0] != threading.main_thread().name
    assert station.stop()  # stopping again does nothing


def test_the_gui_tests_have_the_pyside_workaround() -> None:
    """conftest.py imports dealer_station.ui before any PySide6 import: None, True and False
    cannot lose their last reference (PySide6 6.12 on Python 3.11)."""
    from dealer_station.ui.qt_compat import pyside_drops_none

    if not pyside_drops_none():
        pytest.skip("this PySide6 keeps its references")
    assert min(sys.getrefcount(v) for v in (None, True, False)) > 1 << 59
