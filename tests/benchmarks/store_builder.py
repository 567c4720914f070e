"""Builds a large table store through the station's own API (``Station.perform``), for the store
benchmark (``bench_store.py``). Each round is a six-position Let It Ride round on the automated
shoe: wagers, bonus acknowledgements and three card bonus bets, the deal, both decisions,
the community cards, the showdown, collection, payment and the cards collected.

Durability is switched off for the build only (``synchronous=OFF`` and no ``fsync``), so a large
store can be built in reasonable time; the benchmark measures with a station opened normally.

Days: the table's clock is simulated (``--per-day`` rounds a day, 1,000 by default, a busy
table; days from 2023-01-01), so the station seals each ended day into an archive segment at
the next day's first round exactly as at a real table (``archive_day_ends``, shipped 00:00).
``--per-day 0`` keeps the real clock (every round on today: nothing is archived).

Usage: ``python tests/benchmarks/store_builder.py DATA_DIR --rounds N [--per-day R]
[--minutes M] [--resume]`` (adds rounds until the table has N, or until M minutes of wall or
CPU time have passed, then closes the station cleanly; prints the rounds, rounds per second
and the time left every minute). ``--resume`` continues a store built before where it stopped:
the next round number, the simulated clock going on from the table's time (the next rounds
from 08:00 of the next day, so the day it stopped in is archived), and a round left open by a
stop played to its end from its plan; without it a store that has rounds
is refused. The largest store is built across sessions, e.g.
``nice -n 19 python tests/benchmarks/store_builder.py DIR --rounds 1000000 --minutes 90
--resume``. The station's own log is kept to its warnings (on stderr) during the build.
"""

from __future__ import annotations

import argparse
import datetime as _datetime
import json
import logging
import os
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dealer_station import audit, logs
from dealer_station.cards import standard_deck
from dealer_station.games.let_it_ride.autoplay import play_out, take_wagers
from dealer_station.games.let_it_ride.station_round import new_round
from dealer_station.preview.people import choose_own_pin
from dealer_station.station import Station
from dealer_station.store import users

TABLE = "BENCH-1"
SETTINGS: dict[str, Any] = {"table": {"dealing": "shoe", "minimum": 5, "maximum": 100}}
PINS = {"S1": "111111", "D1": "3333"}
POSITIONS = (1, 2, 3, 4, 5, 6)


def round_plan(round_id: int) -> list[tuple[str, dict[str, Any]]]:
    """The actions of a six-position round, fixed by its number."""
    rng = random.Random(round_id)
    scratch = new_round(SETTINGS)
    take_wagers(scratch, rng, POSITIONS)
    deck = list(standard_deck())
    rng.shuffle(deck)
    play_out(scratch, deck, {p: rng.random() < 0.5 for p in POSITIONS},
             {p: rng.random() < 0.5 for p in POSITIONS})
    return [(record.action, dict(record.arguments)) for record in scratch.history]


@contextmanager
def no_fsync() -> Iterator[None]:
    """``os.fsync`` does nothing inside (the build only: the benchmark measures durably)."""
    real = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = real


#: The simulated days begin here (1,000 days of 1,000 rounds end before 2026).
EPOCH = _datetime.datetime(2023, 1, 1, 8, 0, tzinfo=_datetime.UTC).timestamp()


class SimulatedClock:
    """The table's time during the build: days of ``per_day`` rounds, each played from 08:00
    over 14 hours, and every reading moves on by a millisecond so records keep their order.
    A new table's round ``n`` starts on day ``(n - 1) // per_day`` from :data:`EPOCH`; a table
    built before (:meth:`resuming`) goes on from its own time: the rounds after its last one
    from 08:00 of the next day, so the day it stopped in ends and is archived."""

    def __init__(self, per_day: int, start: float = EPOCH, first_round: int = 1,
                 first_day: float = EPOCH) -> None:
        self.per_day = per_day
        self.now = start
        self.first_round = first_round  # the round that opens day ``first_day``
        self.first_day = first_day  # 08:00 of that day

    @classmethod
    def resuming(cls, per_day: int, latest: float, last_round: int) -> SimulatedClock:
        """The clock of a table whose time stands at ``latest`` after round ``last_round``."""
        day = _datetime.datetime.fromtimestamp(latest, _datetime.UTC).date()
        next_day = _datetime.datetime.combine(day + _datetime.timedelta(days=1),
                                              _datetime.time(8), _datetime.UTC)
        return cls(per_day, latest + 1.0, last_round + 1, next_day.timestamp())

    def at_round(self, number: int) -> None:
        day, place = divmod(number - self.first_round, self.per_day)
        self.now = max(self.now, self.first_day + day * 86400
                       + place * (14 * 3600 / self.per_day))

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


@contextmanager
def simulated_time(clock: SimulatedClock | None) -> Iterator[None]:
    """Audit records, journal rows and the station read ``clock`` inside (the build only)."""
    if clock is None:
        yield
        return
    real = _datetime.datetime
    read = clock

    class _Simulated(_datetime.datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return real.fromtimestamp(read(), tz)

    setattr(audit, "datetime", _Simulated)  # noqa: B010 (the build's clock only)
    try:
        yield
    finally:
        setattr(audit, "datetime", real)  # noqa: B010


def open_station(data_dir: str, clock: Callable[[], float] = time.time) -> Station:
    return Station.open(TABLE, data_dir, game="let_it_ride", settings=SETTINGS, pin_cost=2**8,
                        clock=clock)


def where_it_stopped(data_dir: str) -> tuple[float, int] | None:
    """The table's time (the later of its last audit record's and its last round's start:
    a station opened on the real clock may have written after the simulated days) and its
    last round; ``None`` for a new table."""
    database = Path(data_dir) / TABLE / "table.sqlite3"
    if not database.exists():
        return None
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        started, last = connection.execute(
            "SELECT MAX(started), COALESCE(MAX(id), 0) FROM rounds").fetchone()
    finally:
        connection.close()
    lines = audit.last_lines(Path(data_dir) / TABLE / "audit.jsonl", 1)
    stamps = [str(json.loads(lines[0])["time"])] if lines else []
    stamps += [str(started)] if started else []
    if not stamps:
        return None
    latest = max(_datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
                 for stamp in stamps)
    return latest, int(last)


def rounds_in(station: Station) -> int:
    return int(station.store.query("SELECT COALESCE(MAX(id), 0) FROM rounds")[0][0])


def finish_open_round(station: Station) -> None:
    """A round a stop left open (rebuilt by the station at opening): the rest of its plan."""
    if station.round is None or station.round_id is None:
        return
    for action, arguments in round_plan(station.round_id)[len(station.round.history):]:
        station.perform(action, **arguments)


class Progress:
    """A line on stderr every ``every`` seconds: the table's rounds, this run's rounds per
    second (wall and CPU) and the time left to ``target`` at this run's pace."""

    def __init__(self, have: int, target: int, every: float = 60.0) -> None:
        self.have, self.target, self.every = have, target, every
        self.started, self.cpu = time.perf_counter(), time.process_time()
        self.shown = self.started

    def __call__(self, number: int, *, last: bool = False) -> None:
        now = time.perf_counter()
        if not last and now - self.shown < self.every:
            return
        self.shown = now
        done, wall, cpu = number - self.have, now - self.started, time.process_time() - self.cpu
        rate = done / wall if wall > 0 else 0.0
        left = (self.target - number) / rate if rate > 0 else float("inf")
        eta = "-" if left == float("inf") else str(_datetime.timedelta(seconds=round(left)))
        print(f"  {time.strftime('%H:%M:%S')} {number:,} rounds (+{done:,} in {wall:.0f} s): "
              f"{rate:.1f} rounds/s wall, {done / cpu if cpu > 0 else 0.0:.1f} per CPU-s; "
              f"{max(0, self.target - number):,} to {self.target:,}: ETA {eta}",
              file=sys.stderr, flush=True)


def build(data_dir: str, rounds: int, *, progress: bool = False, per_day: int = 0,
          minutes: float | None = None, resume: bool = False) -> float:
    """Play rounds until the table has ``rounds`` (or ``minutes`` of wall or CPU time have
    passed); the rounds per second of the build. ``per_day``: rounds per simulated day (0:
    the real clock). ``resume``: go on with a store that has rounds (else refused with
    :class:`SystemExit`)."""
    stopped = where_it_stopped(data_dir) if per_day else None
    clock = (None if not per_day else SimulatedClock(per_day) if stopped is None
             else SimulatedClock.resuming(per_day, *stopped))
    with no_fsync(), simulated_time(clock):
        station = open_station(data_dir, clock or time.time)
        try:
            have = rounds_in(station)
            if have and not resume:
                raise SystemExit(f"{data_dir} has {have:,} rounds already: --resume to go on "
                                 "with it")
            station.store.connection.execute("PRAGMA synchronous=OFF")
            if station.needs_first_supervisor:
                station.create_first_supervisor("S1", "Sam Super", PINS["S1"])
            if users.account(station.store, "D1") is None:
                station.create_user("D1", "Dee", "dealer", PINS["D1"], supervisor="S1",
                                    pin=PINS["S1"])
                choose_own_pin(station, "D1", PINS["D1"])  # a one-time PIN until then
            station.sign_in("D1", PINS["D1"])
            finish_open_round(station)
            started, cpu = time.perf_counter(), time.process_time()
            show = Progress(have, rounds)
            budget = minutes * 60 if minutes else float("inf")
            number = have
            for number in range(have + 1, rounds + 1):
                if clock is not None:
                    clock.at_round(number)
                station.start_round()
                for action, arguments in round_plan(number):
                    station.perform(action, **arguments)
                if progress:
                    show(number)
                if max(time.perf_counter() - started, time.process_time() - cpu) > budget:
                    break
            elapsed = time.perf_counter() - started
            if progress and number > have:
                show(number, last=True)
            station.sign_out()
        finally:
            station.close()
    return (number - have) / elapsed if number > have else 0.0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_dir")
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--per-day", type=int, default=1000)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--resume", action="store_true",
                        help="go on with a store built before, where it stopped")
    options = parser.parse_args()
    logs.configure("production", level=logging.WARNING, force=True)
    rate = build(options.data_dir, options.rounds, progress=True, per_day=options.per_day,
                 minutes=options.minutes, resume=options.resume)
    print(f"built at {rate:.1f} rounds/s")
