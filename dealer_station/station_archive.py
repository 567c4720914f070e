"""The archive part of the station (docs/station.md, "Archiving ended days"): between rounds,
once the table's day has ended (the station setting ``archive_day_ends``), the day is sealed
into the next segment on the sealer's thread (:mod:`.store.sealer`: the dealer does not wait),
the segment is recorded and its rounds leave the live store a part between every two rounds
(:mod:`.store.archive`), and segments kept longer than ``archive_keep_days`` are retired. A
failure is logged, shown in :meth:`Archive.status` and leaves everything in the live store; the
next round tries again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

from dealer_station import logs
from dealer_station.audit import utc_now
from dealer_station.procedure import GameRound
from dealer_station.station_configuration import STATION_SETTINGS
from dealer_station.station_state import Shared, StationState
from dealer_station.store import archive
from dealer_station.store.database import Store, StoreError
from dealer_station.store.sealer import Sealed, Sealer, SealingStatus

__all__ = ["RETRY_SEALING_AFTER", "Archive"]

#: When the table's day ends unless the station settings say otherwise (``HH:MM`` UTC).
DEFAULT_DAY_ENDS = str(STATION_SETTINGS["archive_day_ends"])
#: Seconds before a sealing that failed is tried again (between rounds; the status says why).
RETRY_SEALING_AFTER = 600.0


class Archive:
    """The table's day archive: sealing ended days, recording their segments, removing their
    rounds from the live store and retiring segments after the kept time."""

    store: Shared[Store] = Shared("store")
    clock: Shared[Callable[[], float]] = Shared("clock")
    station_settings: Shared[dict[str, Any]] = Shared("station_settings")
    round: Shared[GameRound | None] = Shared("round")
    previous: Shared[GameRound | None] = Shared("previous")
    log: Shared[logs.Log] = Shared("log")

    def __init__(self, state: StationState) -> None:
        self._state = state
        self._sealed_through: str | None = None  # the last day archived by this station
        self._retry_sealing_at: float | None = None  # after a failed sealing
        self._sealer = Sealer(state.store.directory, state.store.table)
        self._retired_on: str | None = None  # the day expired segments were last retired
        #: Recorded segments whose rounds are leaving the live store, a part between every two
        #: rounds (a removal cut off by a stop goes on after the next start).
        self._removing: list[int] = []
        unfinished = archive.unfinished_removal(state.store)
        if unfinished is not None:
            self._removing.append(unfinished.number)

    def close(self) -> None:
        """Stop a sealing under way (nothing of it was recorded)."""
        self._sealer.close()

    def _now(self) -> str:
        return datetime.fromtimestamp(self.clock(), UTC).strftime("%Y-%m-%dT%H:%M:%S")

    def _start_sealing(self, through: str, day_ends: str) -> None:
        unremoved = [segment for segment in archive.segments(self.store, unremoved=True)
                     if archive.indexed(self.store, segment)]
        self._sealer.start(through, day_ends=day_ends, until_seq=self.store.audit_state.seq,
                           unremoved=unremoved)

    def between_rounds(self) -> None:
        """Between rounds (as a round starts): record a segment sealed and verified since,
        remove the next part of a recorded segment's rounds from the live store (milliseconds),
        retire expired segments once a day, and once a day has ended start sealing it on the
        sealer's thread."""
        result = self._sealer.take()
        if result is not None:
            self._record_sealed(result)
        if self._removing:
            self._remove_archived()
        now = self._now()
        settings = self.station_settings
        if not self._removing and self._retired_on != now[:10]:
            self._retire_expired(now[:10], int(settings.get("archive_keep_days", 0)))
        day_ends = settings.get("archive_day_ends", DEFAULT_DAY_ENDS)
        if not day_ends:
            return
        through = archive.due(str(day_ends), now)
        if self._sealed_through == through or self._sealer.busy or (
                self._retry_sealing_at is not None and self.clock() < self._retry_sealing_at):
            return
        self._start_sealing(through, str(day_ends))

    def _retire_expired(self, today: str, keep_days: int) -> None:
        """Once a day, between rounds: delete the segments kept longer than ``keep_days``
        (``archive_keep_days``) from the table, audited (:func:`.store.archive.retire`)."""
        try:
            expired = archive.expired(self.store, today, keep_days)
            archive.retire(self.store, expired, keep_days=keep_days)
            archive.delete_retired_files(self.store)  # what a stop left behind
            self._retired_on = today
            if expired:
                self.log.info("segments_retired", segments=[s.number for s in expired],
                              kept_days=keep_days)
                self._sealer.done(f"segments {expired[0].number}-{expired[-1].number} (through "
                                  f"{expired[-1].through}) deleted after {keep_days} days kept "
                                  f"at {utc_now()[:16]}Z")
        except (StoreError, OSError, ValueError) as error:
            self.log.warning("retire_failed", error=str(error))
            self._sealer.failed(None, f"deleting segments after the kept time failed: {error}; "
                                      "the next round tries again")

    def _record_sealed(self, result: Sealed) -> None:
        """Record what the sealer's thread prepared and verified; its rounds begin to leave
        the live store (:meth:`_remove_archived`)."""
        if result.error is not None:
            self.log.warning("archive_failed", through=result.through, error=result.error)
            self._retry_sealing_at = self.clock() + RETRY_SEALING_AFTER  # not at every round
            return
        self._retry_sealing_at = None
        try:
            ready = list(result.verified)
            if result.prepared is not None:
                ready.append(archive.record(self.store, result.prepared).number)
            self._removing = sorted({*self._removing, *ready})
            self._sealed_through = result.through
            if result.prepared is not None:
                self.previous = None  # read back from the segment when it is needed
            if not ready:
                self._sealer.done(f"nothing to seal through {result.through}")
        except (StoreError, OSError, ValueError) as error:
            self.log.warning("archive_failed", through=result.through, error=str(error))
            self._sealer.failed(result.through, f"recording the day {result.through} failed: "
                                                f"{error}; the next round tries again")

    def _remove_archived(self) -> None:
        """Between rounds: the next part (at most ``archive.REMOVE_PER_ROUND`` rounds, tens of
        milliseconds) of the recorded segments' rounds leaves the live store."""
        budget = archive.REMOVE_PER_ROUND
        try:
            while self._removing and budget > 0:
                segment = archive.segment(self.store, self._removing[0])
                if segment is None:
                    self._removing.pop(0)
                    continue
                budget -= archive.remove_sealed(self.store, segment, verified=True,
                                                at_most=budget)
                left = archive.rounds_left(self.store, segment)
                if left:
                    self._sealer.removing(f"segment {segment.number} (through "
                                          f"{segment.through}): {left:,} of its "
                                          f"{segment.round_count:,} rounds still to leave the "
                                          "live store, a part between every two rounds")
                    continue
                self._removing.pop(0)
                self.log.info("segment_archived", segment=segment.number,
                              through=segment.through, rounds=segment.round_count)
                self._sealer.done(f"segment {segment.number} (through {segment.through}, "
                                  f"{segment.round_count:,} rounds) archived at "
                                  f"{utc_now()[:16]}Z")
        except (StoreError, OSError, ValueError) as error:
            self.log.warning("archive_failed", segment=self._removing[0], error=str(error))
            self._sealer.failed(None, f"removing segment {self._removing[0]}'s rounds from the "
                                      f"live store failed: {error}; the next round tries again")

    def status(self) -> SealingStatus:
        """What archiving is doing now (for the supervisor's screen and ``dealer-station
        archive status``)."""
        return self._sealer.status()

    def seal_now(self, through: str | None = None, *, wait: bool = False) -> SealingStatus:
        """Seal the days up to ``through`` (``YYYY-MM-DD``; default: the last day that has
        ended; today: what has been played of it, the rest goes with the next day) now, on
        the sealer's thread (``dealer-station archive seal``); ``wait``: until it is written
        and, between rounds, recorded (the command line's own station; a running station's
        screen does not wait). The status after."""
        with self._state.lock:
            day_ends = str(self.station_settings.get("archive_day_ends") or DEFAULT_DAY_ENDS)
            now = self._now()
            through = through or archive.due(day_ends, now)
            date.fromisoformat(through)  # a ValueError names a wrong day
            if through > now[:10]:
                raise ValueError(f"the day {through} has not begun yet")
            if not self._sealer.busy:
                self._start_sealing(through, day_ends)
        return self.finish_sealing() if wait else self._sealer.status()

    def finish_sealing(self, timeout: float | None = None) -> SealingStatus:
        """Wait for a sealing under way and, between rounds, record it now (``dealer-station
        archive seal`` while the station runs; tests); the status after."""
        self._sealer.wait(timeout)
        with self._state.lock:
            if self.round is None:
                result = self._sealer.take()
                if result is not None:
                    self._record_sealed(result)
                while self._removing:
                    self._remove_archived()
        return self._sealer.status()
