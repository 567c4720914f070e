"""The configuration page's census job deleted while its reader thread still answers: the
reader used to emit the job's own signals (``progressed``, ``finished``) from its thread, and a
job deleted during such an emission can crash the process. Now the reader only appends to plain
queues read on the GUI thread (:class:`~dealer_station.ui.supervisor.calls.Background`), so a
deleted job loses its answers and nothing else, while a living job reports every step."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.gui

# The census process is replaced by a reader that reports STEPS progress lines from its thread
# within a few milliseconds and then fails (nothing is written to the empty cache directory).
STRESS = """
import os, random, sys, tempfile, threading, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
import dealer_station.ui
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget
from dealer_station.ui.supervisor import census_job
from dealer_station.ui.supervisor.calls import join_background

STEPS = 20

def compute_census(directory, key, progress):
    for done in range(1, STEPS + 1):
        time.sleep(random.random() * 0.0002)
        progress(done, STEPS)
    raise RuntimeError("the census process failed: stopped by the test")

census_job.compute_census = compute_census
app = QApplication([])
directory = Path(tempfile.mkdtemp())
kept_page = QWidget()
kept = census_job.CensusJob(kept_page, directory=directory, key="test")
steps, ends, lost, threads = [], [], [], set()
kept.progressed.connect(lambda done, total: steps.append(threading.current_thread().name))
kept.finished.connect(lambda result: ends.append(type(result).__name__))
for _ in range(ROUNDS):
    page = QWidget()
    job = census_job.CensusJob(page, directory=directory, key="test")
    job.progressed.connect(lambda done, total: lost.append(done))
    job.finished.connect(lost.append)
    job.start()
    kept.start()
    deadline = time.monotonic() + random.random() * 0.004
    while time.monotonic() < deadline:
        QCoreApplication.processEvents()
    page.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    del job, page
    deadline = time.monotonic() + 30
    while kept.running and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.001)
    assert not kept.running, "the living job never finished"
assert join_background(60)
main = threading.main_thread().name
assert set(steps) == {main}, set(steps)
print(len(steps), ends.count("RuntimeError"))
"""


def test_a_census_job_deleted_while_its_reader_answers_does_not_crash() -> None:
    """In a process of its own (a crash fails this test instead of ending the test run); the
    living job's progress and end arrive, all on the GUI thread. The old signal-emitting
    reader crashed with a segmentation fault in 3 of 3 runs of this script."""
    rounds = 300
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    done = subprocess.run([sys.executable, "-c", STRESS.replace("ROUNDS", str(rounds))],
                          capture_output=True, text=True, timeout=240, env=env, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    steps, ends = map(int, done.stdout.split())
    assert (steps, ends) == (20 * rounds, rounds)
