"""The seven-card census computed for the configuration page without the GUI waiting.

:class:`CensusJob` looks for the census in this process, then in the cache file
(:class:`~dealer_station.analysis.cache.CensusCache`); only when neither has it does it run
:func:`compute_census`: ``python -m dealer_station.analysis.cache DIRECTORY`` as a process of its
own (the census is pure Python and numpy for about ten seconds of CPU: in a thread it would hold
the interpreter's lock and stutter the screen). The process reports ``progress DONE TOTAL`` lines,
which the job relays as :attr:`CensusJob.progressed` (on the GUI thread); it writes the file,
which the job then reads and installs for the analysis. The process ends with the application
(its standard input closes) or when :meth:`CensusJob.cancel` is called.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from dealer_station.analysis.cache import (
    CensusCache,
    cache_directory,
    census_key,
    install,
    shipped_census,
)
from dealer_station.ui.supervisor.calls import Background

__all__ = ["CensusJob", "CensusNotComputed", "compute_census"]


class CensusNotComputed(Exception):
    """Neither this process, the cache nor the shipped file has the census of this version of
    the software, and it was not asked for: it is computed only on a person's request (it
    takes the table PC's processor for about a minute, never silently during play)."""

Progress = Callable[[int, int], None]
_RUNNING: set[subprocess.Popen[str]] = set()
_RUNNING_LOCK = threading.Lock()


def _kill(process: subprocess.Popen[str]) -> None:
    """End the census process and its workers (its own process group)."""
    with contextlib.suppress(OSError):
        if hasattr(os, "killpg"):  # POSIX only (no process groups on Windows)
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()


def _end_running() -> None:
    with _RUNNING_LOCK:
        processes = list(_RUNNING)
    for process in processes:
        _kill(process)


atexit.register(_end_running)


#: A census process still running after this many seconds is ended (about ten seconds of CPU
#: is the norm; a stuck one must not leave the page "computing" for ever).
TIMEOUT_SECONDS = 900.0


def compute_census(directory: Path, key: str, progress: Progress) -> None:
    """Compute the census into ``directory``'s cache file under ``key`` in a child process,
    calling ``progress(done, total)`` as it reports; raises ``RuntimeError`` if it fails or
    outlasts :data:`TIMEOUT_SECONDS`."""
    command = [sys.executable, "-m", "dealer_station.analysis.cache", "--watch-parent",
               "--key", key, str(directory)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               start_new_session=hasattr(os, "killpg"))
    with _RUNNING_LOCK:
        _RUNNING.add(process)
    watchdog = threading.Timer(TIMEOUT_SECONDS, _kill, (process,))
    watchdog.daemon = True
    watchdog.start()
    try:
        assert process.stdout is not None and process.stderr is not None
        for line in process.stdout:
            words = line.split()
            if len(words) == 3 and words[0] == "progress":
                progress(int(words[1]), int(words[2]))
        errors = process.stderr.read()
        code = process.wait()
    finally:
        watchdog.cancel()
        with _RUNNING_LOCK:
            _RUNNING.discard(process)
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
    if code != 0:
        last = errors.strip().splitlines()[-1:] or [f"exit status {code}"]
        raise RuntimeError(f"the census process failed: {last[0]}")


class CensusJob(QObject):
    """Makes the census available in this process; :attr:`progressed` ``(done, total)`` while
    computing, then :attr:`finished` with the census or the exception that stopped it. ``key``
    and ``directory`` default to :func:`census_key` and :func:`cache_directory`.

    The work runs on a :class:`~dealer_station.ui.supervisor.calls.Background` thread, which
    touches no Qt object: its progress goes to a plain queue and its result to the Background's,
    both read by the Background's timer on the GUI thread, where the signals are emitted. A job
    deleted (with its page) while the census runs drops them."""

    progressed = Signal(int, int)
    # the census or the exception that stopped it; object because a Qt signal cannot declare
    # a union (the slot narrows it: ConfigurationPage._census_ready)
    finished = Signal(object)

    def __init__(self, parent: QObject | None = None, *, directory: Path | None = None,
                 key: str | None = None) -> None:
        super().__init__(parent)
        self.directory = directory
        self.key = key
        self.running = False
        self.result: Any = None
        self._progress: deque[tuple[int, int]] = deque()
        self._background = Background(self)
        self._background.timer.timeout.connect(self._relay_progress)

    def start(self, *, compute: bool = False) -> None:
        """Look for the census (memory, cache file, shipped file); with ``compute`` compute it
        when none is found. Does nothing while running."""
        if self.running:
            return
        self.running = True
        directory = self.directory or cache_directory()
        key = self.key or census_key()
        progress = self._progress

        def relay(done: int, total: int) -> None:  # the reader's thread: no Qt here
            progress.append((done, total))

        self._background.run(lambda: _make_available(directory, key, relay, compute),
                             self._finish)

    @Slot()
    def _relay_progress(self) -> None:
        while self._progress:
            self.progressed.emit(*self._progress.popleft())

    def _finish(self, result: object) -> None:
        self._relay_progress()
        self.running = False
        self.result = result
        self.finished.emit(result)

    def cancel(self) -> None:
        """End the census process, if one runs."""
        _end_running()


def _make_available(directory: Path, key: str, progress: Progress, compute: bool) -> object:
    """The census from the cache file or the shipped file, else (``compute``) computed into
    the cache first, installed for the analysis; or the exception that stopped it
    (:class:`CensusNotComputed` when none is found and computing was not asked for)."""
    cache = CensusCache(directory)
    try:
        found = cache.load(key) or shipped_census()
        if found is None:
            if not compute:
                raise CensusNotComputed("the theoretical returns of this version's pay tables "
                                        "are not computed yet")
            compute_census(directory, key, progress)
            found = cache.load(key)
            if found is None:
                raise RuntimeError(f"no census stored in {cache.path} after computing")
        install(found)
    except Exception as error:
        return error
    return found
