"""A station process that starts the next day's first round (the ended day is sealed on the
sealer's thread), plays on and is SIGKILLed by itself at one chosen point of archiving, for
``test_archive.py``'s kill-during-sealing test.

Usage: ``python seal_killer.py DATA_DIR POINT`` with POINT one of :data:`POINTS`.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import crash_player

from dealer_station.station import Station
from dealer_station.store import archive
from dealer_station.store.database import Store

#: A day after now: the table's day (ending 00:00 UTC) has ended.
TOMORROW = time.time() + 86_400


def _die(*_args: Any, **_kwargs: Any) -> Any:
    os.kill(os.getpid(), signal.SIGKILL)


def _after(function: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        function(*args, **kwargs)
        _die()

    return call


def _rows_then_die(real: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    def rows(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for number, row in enumerate(real(*args, **kwargs)):
            if number == 1:
                _die()
            yield row

    return rows


#: Where the process kills itself: half-way through writing the segment (sealer's thread),
#: once the file is in place before it is verified, once it is recorded before the removal,
#: after the removal's checkpoint before the rounds are deleted, after their deletion before
#: the log's sealed part is released.
POINTS: dict[str, Callable[[], None]] = {
    "writing": lambda: setattr(archive, "_round_rows", _rows_then_die(archive._round_rows)),
    "written": lambda: setattr(archive, "verify_segment", _die),
    "recorded": lambda: setattr(archive, "remove_sealed", _die),
    "checkpointed": lambda: setattr(Store, "checkpoint", _after(Store.checkpoint)),
    "removed": lambda: setattr(archive, "release_log", _die),
}


def play_day_two(data_dir: str, rounds: int = 3) -> Station:
    """Open the station a day later and play ``rounds`` rounds (the first one resumed when a
    kill left it open), waiting for the sealing between them."""
    station = Station.open(crash_player.TABLE, data_dir, clock=lambda: TOMORROW, pin_cost=2**8)
    station.sign_in("D1", crash_player.PINS["D1"])
    for _ in range(rounds):
        if station.round is None:
            station.start_round()
        assert station.round_id is not None
        plan = crash_player.let_it_ride_plan(station.round_id, 4)
        for action, arguments in plan[len(station.round.history):]:
            crash_player.perform(station, action, arguments)
        deadline = time.monotonic() + 60
        while station.archive_status().state == "sealing" and time.monotonic() < deadline:
            time.sleep(0.01)
    return station


if __name__ == "__main__":
    POINTS[sys.argv[2]]()
    play_day_two(sys.argv[1]).close()
    sys.exit(3)  # not killed: the point was never reached
