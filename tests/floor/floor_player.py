"""A table station with a floor: plays the fake high-card game (tests/store/fakegame.py,
plans from tests/store/crash_player.py) until ``ROUNDS`` rounds are finished, its FloorLink
forwarding to the floor, then waits until the floor holds every record and exits. The SIGKILL
test kills it at random moments and starts it again.

Usage: ``python floor_player.py DATA_DIR FLOOR_URL TABLE ROUNDS SEED``
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))

import crash_player
import fakegame

from dealer_station.floor.config import FloorConfig
from dealer_station.floor.link import FloorLink
from dealer_station.station import Station, register_game


def open_linked(data_dir: str, url: str, table: str, pool: str | None = "linked",
                on_change: Any = None) -> tuple[Station, FloorLink]:
    register_game("high_card", fakegame.new_round)
    settings = crash_player.GAMES["high_card"][0]
    station = Station.open(table, data_dir, game="high_card", settings=settings,
                           station_settings=crash_player.STATION, pin_cost=2**8)
    crash_player.setup(station)
    link = FloorLink(FloorConfig(url, pool), station.store.directory, table, station.game,
                     devices={f"SHOE-{table}": "shoe"}, interval=0.05,
                     on_change=on_change)
    station.progressive_lock = lambda: link.view.progressive_refusal
    link.start()
    end = time.monotonic() + 20  # the progressive is locked out until the floor answers
    while not link.view.reachable and time.monotonic() < end:
        time.sleep(0.02)
    return station, link


@contextlib.contextmanager
def linked(data_dir: str, url: str, table: str, on_change: Any = None
           ) -> Iterator[tuple[Station, FloorLink]]:
    """:func:`open_linked`, stopped and closed at the end of the ``with`` block."""
    station, link = open_linked(data_dir, url, table, on_change=on_change)
    try:
        yield station, link
    finally:
        link.stop()
        station.close()


def play(station: Station, rounds: int, seed: int, link: FloorLink | None = None) -> None:
    if station.dealer is None:
        station.sign_in("D1", crash_player.PINS["D1"])
    while True:
        if station.round is None:
            if station.store.query("SELECT COUNT(*) FROM rounds")[0][0] >= rounds:
                return
            station.start_round()
        assert station.round_id is not None
        actions = crash_player.high_card_plan(station.round_id, seed)
        for action, arguments in actions[len(station.round.history):]:
            crash_player.perform(station, action, arguments)
            if link is not None:
                link.wake()


def wait_forwarded(station: Station, link: FloorLink, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if link.outbox.cursor().seq == station.store.audit_state.seq:
            return
        time.sleep(0.02)
    raise TimeoutError(f"not forwarded: {link.view}")


def main(data_dir: str, url: str, table: str, rounds: int, seed: int) -> int:
    station, link = open_linked(data_dir, url, table)
    print("ready", flush=True)
    play(station, rounds, seed, link)
    wait_forwarded(station, link)
    link.stop()
    station.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]),
                          int(sys.argv[5])))
