"""Sealing an ended day on a thread of its own, beside the running station (issue 17).

Writing a day's segment reads the day's audit log twice, compresses it and reads the file back
to verify it: seconds for a busy day (about 11 s for 1,000 rounds under load). That work only
reads the live store, so it runs here, on a thread with its own read-only database connection,
while the dealer plays; the station records the finished segment and removes its rounds from
the live store between two rounds, on its own thread (:meth:`Sealer.take`), which takes a few
milliseconds per round removed. Nothing is recorded before the file is on disk, synced and
verified, so a process killed during sealing loses nothing (the partial file is cleared by the
next sealing; the rounds stay in the live store until the removal's transaction commits).

:meth:`Sealer.status` says, in words, what is happening for the supervisor's screen and
``dealer-station archive status``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from dealer_station.audit import utc_now
from dealer_station.store import archive
from dealer_station.store.database import StoreError

__all__ = ["Sealed", "Sealer", "SealingStatus"]


@dataclass(frozen=True, slots=True)
class SealingStatus:
    """What archiving is doing: ``state`` is ``idle``, ``sealing`` (``records`` read so far
    of the day ``through`` since ``started``), ``ready`` (written and verified, recorded
    between the next two rounds), ``removing`` (a recorded segment's rounds leaving the live
    store, a part between every two rounds) or ``failed`` (``message`` says why; the next
    round tries again). ``last`` is the last result in words."""

    state: str
    through: str | None = None
    started: str | None = None
    records: int = 0
    message: str = ""
    last: str = ""


@dataclass(frozen=True, slots=True)
class Sealed:
    """A finished job: the segment prepared (``None``: nothing to seal), the recorded
    segments whose files were verified for removal, or the error that stopped it."""

    through: str
    prepared: archive.Prepared | None
    verified: tuple[int, ...]
    error: str | None = None


class Sealer:
    """One sealing job at a time on a daemon thread (named ``archive-sealer``)."""

    def __init__(self, directory: Path, table: str) -> None:
        self.directory = directory
        self.table = table
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._result: Sealed | None = None
        self._status = SealingStatus("idle")

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._thread is not None or self._result is not None

    def status(self) -> SealingStatus:
        with self._lock:
            return self._status

    def start(self, through: str, *, day_ends: str, until_seq: int,
              unremoved: list[archive.Segment]) -> bool:
        """Seal the days up to ``through`` (records at most ``until_seq``) and verify the
        files of the recorded segments ``unremoved`` whose rounds are still live; whether a
        job was started (not while one runs or waits to be taken)."""
        with self._lock:
            if self._thread is not None or self._result is not None:
                return False
            self._status = SealingStatus("sealing", through, utc_now(), 0,
                                         f"sealing the day {through}", self._status.last)
            self._thread = threading.Thread(
                target=self._run, args=(through, day_ends, until_seq, tuple(unremoved)),
                name="archive-sealer", daemon=True)
            self._thread.start()
        return True

    def _progress(self, records: int) -> None:
        with self._lock:
            status = self._status
            self._status = SealingStatus(status.state, status.through, status.started, records,
                                         f"sealing the day {status.through}: {records:,} "
                                         "records written", status.last)

    def _run(self, through: str, day_ends: str, until_seq: int,
             unremoved: tuple[archive.Segment, ...]) -> None:
        result: Sealed | None
        try:
            reader = archive.Reader.beside(self.directory, self.table)
            try:
                verified = tuple(archive.check_for_removal(self.directory, segment)
                                 for segment in unremoved)
                prepared = archive.prepare(reader, through, day_ends=day_ends,
                                           until_seq=until_seq, progress=self._progress,
                                           cancelled=self._cancel.is_set)
            finally:
                reader.close()
            result = Sealed(through, prepared, verified)
        except archive.Cancelled:
            result = None
        except (StoreError, OSError, ValueError, KeyError) as error:
            result = Sealed(through, None, (), str(error) or type(error).__name__)
        with self._lock:
            self._thread = None
            self._result = result
            status = self._status
            if result is None:
                self._status = SealingStatus("idle", last=status.last)
            elif result.error is not None:
                self._status = SealingStatus("failed", through, status.started, status.records,
                                             f"sealing the day {through} failed: "
                                             f"{result.error}; tried again in a few minutes",
                                             status.last)
            elif result.prepared is None and not result.verified:  # no record in those days
                self._status = SealingStatus("ready", through, status.started, status.records,
                                             f"nothing to seal through {through}", status.last)
            else:
                self._status = SealingStatus(
                    "ready", through, status.started, status.records,
                    f"the day {through} is sealed and verified; its rounds leave the live "
                    "store between the next two rounds", status.last)

    def take(self) -> Sealed | None:
        """The finished job, once (``None`` while it runs or when there is none)."""
        with self._lock:
            result, self._result = self._result, None
            return result

    def done(self, last: str) -> None:
        """The station recorded a job's result (``last``, in words, for the status)."""
        with self._lock:
            self._status = SealingStatus("idle", last=last)

    def removing(self, message: str) -> None:
        """A recorded segment's rounds are leaving the live store (``message``)."""
        with self._lock:
            self._status = SealingStatus("removing", message=message, last=self._status.last)

    def failed(self, through: str | None, message: str) -> None:
        with self._lock:
            self._status = SealingStatus("failed", through, message=message,
                                         last=self._status.last)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running job (tests, ``dealer-station archive seal``); whether none
        runs now."""
        with self._lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not (thread is not None and thread.is_alive())

    def close(self) -> None:
        """Stop a running job (nothing of it is recorded) and wait for its thread."""
        self._cancel.set()
        self.wait()
