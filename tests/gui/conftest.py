"""GUI tests: Qt draws offscreen; importing :mod:`dealer_station.ui` first applies the PySide6
6.12 / Python 3.11 ``None`` reference-count workaround before any widget exists.

Teardown is deterministic: before pytest-qt closes and deletes a test's widgets, every staff
background thread is joined and every staff station thread is stopped (its calls already
submitted run first), so no worker of one test still runs while its screen is deleted or
while the next test starts. A test that hangs gets the Python stacks of all its threads on
stderr (``faulthandler``) after :data:`HANG_SECONDS`, even when it is stuck inside Qt."""

import faulthandler
import functools
import os
import sys
import threading
import time
from collections.abc import Generator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import dealer_station.ui  # noqa: F401, I001  (the workaround, before any PySide6 import)
import pytest

# The slowest GUI test takes well under a minute on a busy machine.
HANG_SECONDS = float(os.environ.get("GUI_TEST_HANG_SECONDS", "240"))
WORKER_SECONDS = 120.0  # a pay table computation still running when its test ends


# A wait ends as soon as its condition holds: only a failing wait takes its whole timeout. Under
# load (CI's 2 cores, or several suites at once) a screen takes several times longer than on an
# idle machine, so every pytest-qt wait gets this many times the timeout its test names.
WAIT_SCALE = float(os.environ.get("GUI_TEST_WAIT_SCALE", "4"))


def _scale_waits() -> None:
    from pytestqt.qtbot import QtBot

    for name in ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitActive",
                 "waitExposed"):
        method = getattr(QtBot, name)
        if getattr(method, "_scaled", False):
            continue

        @functools.wraps(method)
        def scaled(self: QtBot, *args: object, _method: object = method, timeout: int = 5000,
                   **kwargs: object) -> object:
            return _method(self, *args, timeout=int(timeout * WAIT_SCALE), **kwargs)  # type: ignore[operator]

        scaled._scaled = True  # type: ignore[attr-defined]
        setattr(QtBot, name, scaled)


_scale_waits()


# Plain threads that signal a screen's object (dealer_station.ui.supervisor.census_job): joined
# too, so none signals a page pytest-qt is deleting.
SIGNALLING_THREADS = ("census-job",)


def _end_workers(when: str) -> None:
    from dealer_station.ui.supervisor.calls import join_background, stop_station_threads

    deadline = time.monotonic() + WORKER_SECONDS
    ended = join_background(WORKER_SECONDS)
    for thread in threading.enumerate():
        if thread.name in SIGNALLING_THREADS:
            thread.join(max(0.0, deadline - time.monotonic()))
            ended = ended and not thread.is_alive()
    if not ended:
        print(f"\nGUI test {when}: worker threads still running after {WORKER_SECONDS:.0f} s",
              file=sys.stderr)
    stop_station_threads()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    """Runs around pytest-qt's teardown, which closes and deletes the widgets first."""
    _end_workers("teardown")
    try:
        return (yield)
    finally:
        _end_workers("after teardown")  # what the test's own fixtures left behind


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    """Stacks of every thread when a GUI test hangs (unless ``faulthandler_timeout`` is set,
    which pytest then handles itself)."""
    from _pytest.faulthandler import fault_handler_stderr_fd_key

    stderr = item.config.stash.get(fault_handler_stderr_fd_key, None)
    if stderr is None or float(item.config.getini("faulthandler_timeout") or 0.0) > 0:
        return (yield)
    faulthandler.dump_traceback_later(HANG_SECONDS, file=stderr)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
