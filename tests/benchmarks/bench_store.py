"""Benchmark of a table store that has played a long time (issue 17), each figure printed beside
the empty store's.

The large store is built through the station's own API by ``store_builder.py`` (six-position
Let It Ride rounds, ``Station.perform``; fsync off for the build only). Figures:

* start: ``Station.open`` (what the dealer's screen waits for), wall and CPU, in a fresh process,
  of the empty store, a new table of 5 rounds, one closed just before a checkpoint was due (the
  longest tail a start reads), one with 200 configuration versions and the large store, each
  against the empty store's;
* ``dealer-station history`` (the default 50) wall and peak memory, in a fresh process;
* history queries in-process: the list (50 newest, as ``dealer-station history`` reads it), the
  History page's list (500 newest), searches by time (a day), by position (500 newest) and by
  both (a minute), one round's dispute re-run (the supervisor's round detail and the
  settlement re-run), live and, once archived, from its segment;
* peak memory of the commands that read the store (:data:`COMMANDS`), each in a fresh process;
* ``audit verify`` (the whole chain, streamed): records per second and peak memory;
* disk per round (database with its WAL, audit log, segments), as files on disk (``du``) and
  with the database counted by its pages in use;
* archiving (``dealer-station audit seal`` on a copy of the store, every round sealed and
  removed from the live store): the seal's wall time, disk per round live (before) and
  archived (segment + what stays in the live store: the round rows and the indexes), the
  history queries over archived rounds (read from the segment) and ``audit verify`` through
  the segment;
* the durable path: one action journaled and synced (median), beside the bare floor (a SQLite
  ``synchronous=FULL`` commit of one row plus an fsync'd append of one line).

Run: ``python tests/benchmarks/bench_store.py [--rounds N] [--data-dir DIR] [--per-day R]
[--minutes M]`` (default 2,000 rounds in a temporary directory; an existing DIR is topped up to N
rounds and kept, so a large store is built once, e.g. by ``store_builder.py``; ``--per-day``:
rounds per simulated day, each ended day archived by the station as at a real table, 0: all on
today's real clock; ``--minutes``: stop the build after that long). 10^6 rounds:
``nice -n 19 python tests/benchmarks/bench_store.py --rounds 1000000 --data-dir DIR``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import store_builder  # noqa: E402

from dealer_station.preview.people import choose_own_pin  # noqa: E402

TABLE = store_builder.TABLE

_OPEN = r"""
import resource, sys, time
from dealer_station.station import Station
import dealer_station.games.let_it_ride.station_round  # the program, not the store
opened = time.perf_counter(); cpu_open = time.process_time()
station = Station.open(sys.argv[2], sys.argv[1])
done = time.perf_counter(); cpu_done = time.process_time()
by_close = int(station.store.proven_by_close)
station.close()
print(done - opened, cpu_done - cpu_open,
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, by_close)
"""

_QUERIES = r"""
import json, sys, time
from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory
from dealer_station.store import journal
from dealer_station.ui.supervisor.history import find_rounds, reconstruct, round_detail
store = Store.open(table_directory(sys.argv[2], sys.argv[1]), sys.argv[2], readonly=True)
def best(fn, n=5):
    times = []
    for _ in range(n):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return min(times)
last = store.query("SELECT MAX(id), MIN(started), MAX(started) FROM rounds")[0]
newest, first_time = last[0] or 0, last[1] or ""
middle = max(1, newest // 2)
middle_time = (store.query("SELECT started FROM rounds WHERE id = ?", (middle,)) or [[""]])[0][0]
archived = store.query("SELECT MAX(round_id) FROM archived_rounds")[0][0]
out = {
  "list": best(lambda: journal.rounds(store, limit=50, documents=False)),
  "page": best(lambda: find_rounds(store)),
  "by_time": best(lambda: find_rounds(store, since=middle_time[:10], until=middle_time[:10])),
  "by_position": best(lambda: find_rounds(store, position="3")),
  "search": best(lambda: find_rounds(store, since=middle_time[:16], until=middle_time[:16],
                                     position="3")),
  "dispute": best(lambda: reconstruct(round_detail(store, middle))) if newest else 0.0,
  "dispute_archived": best(lambda: reconstruct(round_detail(store, archived)))
                      if archived else 0.0,
  "archived": archived or newest,
}
print(json.dumps(out))
"""


def _child(code: str, *args: str) -> str:
    """Run ``code`` in a fresh interpreter; its output."""
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                            text=True, check=True,
                            env={**os.environ, "DEALER_STATION_LOG": "production"})
    return result.stdout.strip()


def _command(data_dir: Path, *args: str, check: bool = True) -> tuple[float, int]:
    """Wall time and peak memory (bytes) of ``dealer-station ARGS`` (``check``: it must
    succeed)."""
    code = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
            f"stderr=subprocess.DEVNULL, check={check}); "
            "print(time.perf_counter() - t, "
            "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)")
    out = _child(code, sys.executable, "-m", "dealer_station.cli", "--data-dir",
                           str(data_dir), *args)
    wall, peak = out.split()
    return float(wall), int(peak)


def _tail(data_dir: Path) -> int:
    """Audit records after the last checkpoint (what a start after a crash proves one by one;
    after a clean close, what the closed record's digests cover)."""
    connection = sqlite3.connect(data_dir / TABLE / "table.sqlite3")
    try:
        return int(connection.execute("SELECT (SELECT seq FROM audit_head) - COALESCE(MAX(seq), "
                                      "0) FROM checkpoints").fetchone()[0])
    finally:
        connection.close()


def _sign_in_and_out(data_dir: Path) -> None:
    """One short session: the station opened, D1 signed in and out, closed (a few records)."""
    station = store_builder.open_station(str(data_dir))
    try:
        station.sign_in("D1", store_builder.PINS["D1"])
        station.sign_out()
    finally:
        station.close()


def near_a_checkpoint(data_dir: Path) -> None:
    """A new table closed just before a checkpoint is due: 10 rounds, then short sessions
    until the audit records after the last checkpoint are within a dozen of the interval
    (the longest tail a start after a clean close reads)."""
    from dealer_station.store.database import CHECKPOINT_EVERY

    store_builder.build(str(data_dir), 10)
    while _tail(data_dir) < CHECKPOINT_EVERY - 12:
        _sign_in_and_out(data_dir)


def configured_often(data_dir: Path, changes: int = 200) -> None:
    """A new table whose configuration was changed ``changes`` times (one version document
    each, the table a start compares whole), then short sessions until a checkpoint has
    passed (so its tail is as short as the empty store's)."""
    store_builder.build(str(data_dir), 0)
    station = store_builder.open_station(str(data_dir))
    try:
        for change in range(changes):
            settings = json.loads(json.dumps(store_builder.SETTINGS))
            settings["table"]["maximum"] = 105 + change % 50 * 5
            station.change_configuration(settings, supervisor="S1",
                                         pin=store_builder.PINS["S1"])
    finally:
        station.close()
    before = _tail(data_dir)
    while True:
        _sign_in_and_out(data_dir)
        now = _tail(data_dir)
        if now < before:
            return
        before = now


def open_figures(stores: dict[str, Path], runs: int = 15) -> dict[str, dict[str, float]]:
    """``Station.open`` of each store in fresh processes, ``runs`` times in turn (so a busy
    machine weighs on all alike): median wall and CPU, peak memory, and how many starts were
    proven by the closed record of the clean close before (a first start after a build proves
    in full and its close seals the tail, so one start of each comes first, not counted)."""
    samples: dict[str, list[tuple[float, float, int, int]]] = {name: [] for name in stores}
    for path in stores.values():
        _child(_OPEN, str(path), TABLE)
    for _ in range(runs):
        for name, path in stores.items():
            wall, cpu, peak, by_close = _child(_OPEN, str(path), TABLE).split()
            samples[name].append((float(wall), float(cpu), int(peak), int(by_close)))
    return {name: {"open_wall": statistics.median(s[0] for s in found),
                   "open_cpu": statistics.median(s[1] for s in found),
                   "open_peak": max(s[2] for s in found),
                   "by_close": sum(s[3] for s in found), "runs": len(found),
                   "tail": _tail(stores[name])}
            for name, found in samples.items()}


def _print_open(figures: dict[str, dict[str, float]], names: dict[str, str]) -> None:
    load = os.getloadavg()[0]
    print(f"\nstart (Station.open, fresh processes, {int(figures['empty']['runs'])} runs of "
          f"each in turn, median; load average {load:.1f} on {os.cpu_count()} cores):")
    for key, label in names.items():
        found = figures[key]
        print(f"  {label:<34} wall {found['open_wall'] * 1000:6.2f} ms  CPU "
              f"{found['open_cpu'] * 1000:6.2f} ms  ({int(found['tail'])} audit records after "
              f"the checkpoint; {int(found['by_close'])}/{int(found['runs'])} starts proven by "
              "the closed record)")
    empty = figures["empty"]["open_cpu"]
    for key, label in names.items():
        if key != "empty":
            print(f"  CPU of {label} against the empty store: "
                  f"{(figures[key]['open_cpu'] / empty - 1) * 100:+.0f} % (target within 10 %)")


#: Commands that read the store, each run in a fresh process for its peak memory (which must not
#: grow with the rounds: issue 17). ``ROUND``: a round read back (from its segment once archived).
#: ``audit verify`` is measured apart (:func:`_verify`: the whole chain, minutes at 10^6 rounds;
#: ``--database`` adds the live store's proof, a day's rows: 28.7 | 28.9 MiB at 5,000 | 50,000).
COMMANDS = {
    "history list --limit 100000": ("history", "list", "--limit", "100000"),
    "history show ROUND": ("history", "show", "ROUND"),
    "history meters --entries": ("history", "meters", "--entries"),
    "history jackpots": ("history", "jackpots"),
    "meters": ("meters",),
    "audit show": ("audit", "show"),
    "archive status": ("archive", "status"),
    "users list": ("users", "list"),
    "--check": ("--check",),
}


def command_peaks(data_dir: Path, round_id: int) -> dict[str, float]:
    """Peak memory (bytes) of each of :data:`COMMANDS` on the store in ``data_dir``."""
    peaks = {}
    for name, args in COMMANDS.items():
        argv = [str(round_id or 1) if arg == "ROUND" else arg for arg in args]
        if argv != ["--check"]:
            argv += ["--table", TABLE]
        peaks[f"peak {name}"] = float(_command(data_dir, *argv, check=False)[1])
    return peaks


def _verify(data_dir: Path) -> tuple[float, int, int, float]:
    """The whole chain as ``audit verify`` walks it (the archived segments, then the live log):
    records per second (wall), records, peak memory, records per CPU-second (what the walk
    does on a core of its own; the wall rate is that shared with the machine's load)."""
    code = ("import resource, sys, time; from pathlib import Path; "
            "from dealer_station.store import archive; "
            "from dealer_station.store.database import read_audit_state; "
            "table = Path(sys.argv[1]); db = table / 'table.sqlite3'; "
            "state = read_audit_state(db); t = time.perf_counter(); c = time.process_time(); "
            "r = archive.chain(db, table / 'audit.jsonl', expected_count=state.seq, "
            "expected_head=state.hash); d = time.perf_counter() - t; "
            "c = time.process_time() - c; assert r.ok, r.problem; "
            "print(r.count, d, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, c)")
    out = _child(code, str(data_dir / TABLE))
    count, seconds, peak, cpu = out.split()
    return (int(count) / max(float(seconds), 1e-9), int(count), int(peak),
            int(count) / max(float(cpu), 1e-9))


def _disk(data_dir: Path, *, in_use: bool = False) -> int:
    """Bytes the table takes on disk, every file included (its segments in archive/ too; a
    released hole of the audit log takes none), as ``du`` counts them; ``in_use``: the
    database (with its write-ahead log) counted by its pages in use instead of its files."""
    table = data_dir / TABLE
    database = table / "table.sqlite3"
    files = [path for path in table.rglob("*") if path.is_file()]
    if not in_use or not database.exists():
        return sum(_allocated(path) for path in files)
    skip = {database, Path(f"{database}-wal"), Path(f"{database}-shm")}
    return (sum(_allocated(path) for path in files if path not in skip)
            + _database_in_use(database))


def figures(data_dir: Path) -> dict[str, float]:
    rounds = 0
    database = data_dir / TABLE / "table.sqlite3"
    if database.exists():
        connection = sqlite3.connect(database)
        rounds = connection.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
        tail = connection.execute("SELECT (SELECT seq FROM audit_head) - COALESCE(MAX(seq), 0) "
                                  "FROM checkpoints").fetchone()[0]
        connection.close()
        print(f"  {data_dir.name}: {rounds} rounds, {tail} audit records after the last "
              "checkpoint (what a start proves)", flush=True)
    history_wall, history_peak = _command(data_dir, "history", "--table", TABLE)
    queries = json.loads(_child(_QUERIES, str(data_dir), TABLE))
    rate, records, verify_peak, cpu_rate = _verify(data_dir)
    return {"rounds": rounds, "history_wall": history_wall, "history_peak": history_peak,
            **queries, **command_peaks(data_dir, int(queries["archived"])),
            "records": records, "verify_rate": rate,
            "verify_cpu_rate": cpu_rate,
            "verify_peak": verify_peak,
            "disk_per_round": _disk(data_dir) / rounds if rounds else 0.0,
            "disk_in_use_per_round": _disk(data_dir, in_use=True) / rounds if rounds else 0.0,
            "disk": _disk(data_dir)}


def _allocated(path: Path) -> int:
    """Bytes a file takes on disk (a released hole takes none)."""
    return path.stat().st_blocks * 512 if path.exists() else 0


def _database_in_use(path: Path) -> int:
    """Bytes of the database's pages in use (pages freed by a removal are reused by the next
    rounds: the file stops growing rather than shrinks)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    finally:
        connection.close()
    return int((pages - free) * size)


def archive_figures(data_dir: Path, scratch: Path) -> dict[str, float]:
    """Archive a copy of the store through ``dealer-station audit seal`` and measure."""
    import shutil
    from datetime import UTC, datetime

    copy = scratch / "archived"
    shutil.copytree(data_dir, copy)
    table = copy / TABLE
    database, log = table / "table.sqlite3", table / "audit.jsonl"
    connection = sqlite3.connect(database)
    rounds = connection.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    connection.close()
    live_log, live_db = _allocated(log), _database_in_use(database)
    today = datetime.now(UTC).date().isoformat()
    seal_wall, seal_peak = _command(copy, "audit", "seal", "--table", TABLE, "--through", today)
    segments = sum(path.stat().st_size for path in (table / "archive").glob("*.jsonl.gz"))
    queries = json.loads(_child(_QUERIES, str(copy), TABLE))
    verify_wall, _peak = _command(copy, "audit", "verify", "--table", TABLE)
    connection = sqlite3.connect(database)
    records = connection.execute("SELECT seq FROM audit_head").fetchone()[0]
    connection.close()
    return {"rounds": rounds, "live_log": live_log / rounds, "live_db": live_db / rounds,
            "seal_wall": seal_wall, "seal_peak": seal_peak, "segment": segments / rounds,
            "left_log": _allocated(log) / rounds, "left_db": _database_in_use(database) / rounds,
            "list": queries["list"], "search": queries["search"], "dispute": queries["dispute"],
            "verify_rate": records / verify_wall}


def _print_archive(figures: dict[str, float]) -> None:
    n = int(figures["rounds"])
    kb = 1000
    live = figures["live_log"] + figures["live_db"]
    archived = figures["segment"] + figures["left_log"] + figures["left_db"]
    print(f"\narchiving all {n} rounds (dealer-station audit seal on a copy): "
          f"{figures['seal_wall']:.2f} s wall, {_mib(figures['seal_peak'])} peak")
    print(f"  disk per round live:     {live / kb:.1f} KB (audit log "
          f"{figures['live_log'] / kb:.1f} KB + database pages in use "
          f"{figures['live_db'] / kb:.1f} KB)")
    print(f"  disk per round archived: {archived / kb:.1f} KB (segment "
          f"{figures['segment'] / kb:.1f} KB + live log left {figures['left_log'] / kb:.2f} KB"
          " "
          f"+ database left {figures['left_db'] / kb:.2f} KB; target <= 8 KB)")
    print(f"  history over archived rounds: list 50 {figures['list'] * 1000:.1f} ms, search by "
          f"time and position {figures['search'] * 1000:.1f} ms, dispute re-run "
          f"{figures['dispute'] * 1000:.1f} ms (targets < 100 ms)")
    print(f"  dealer-station audit verify through the segment (process): "
          f"{figures['verify_rate']:,.0f} records/s")


class _Floor:
    """The bare floor of one durable action: a SQLite ``synchronous=FULL`` commit of one row
    plus an fsync'd append of one line."""

    def __init__(self, directory: Path) -> None:
        self.connection = sqlite3.connect(directory / "floor.sqlite3", isolation_level=None)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=FULL")
        self.connection.execute("CREATE TABLE IF NOT EXISTS t (x TEXT)")
        self.path = directory / "floor.log"

    def once(self) -> float:
        started = time.perf_counter()
        self.connection.execute("BEGIN IMMEDIATE")
        self.connection.execute("INSERT INTO t VALUES (?)", ("x" * 300,))
        self.connection.execute("COMMIT")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.write(fd, ("x" * 500 + "\n").encode())
        os.fsync(fd)
        os.close(fd)
        return time.perf_counter() - started


def durable_path(directory: Path, actions: int = 200) -> tuple[float, float]:
    """Median seconds of one journaled, synced action and of the bare floor, sampled in turn
    (one action, one floor) so a busy machine weighs on both alike."""
    directory.mkdir(parents=True, exist_ok=True)
    floor = _Floor(directory)
    station = store_builder.open_station(str(directory))
    samples: list[float] = []
    floors: list[float] = []
    try:
        if station.needs_first_supervisor:
            station.create_first_supervisor("S1", "Sam Super", store_builder.PINS["S1"])
            station.create_user("D1", "Dee", "dealer", store_builder.PINS["D1"],
                                supervisor="S1", pin=store_builder.PINS["S1"])
            choose_own_pin(station, "D1", store_builder.PINS["D1"])  # a one-time PIN until then
        station.sign_in("D1", store_builder.PINS["D1"])
        number = 0
        while len(samples) < actions:
            number += 1
            station.start_round()
            for action, arguments in store_builder.round_plan(number):
                started = time.perf_counter()
                station.perform(action, **arguments)
                samples.append(time.perf_counter() - started)
                floors.append(floor.once())
        station.sign_out()
    finally:
        station.close()
        floor.connection.close()
    return statistics.median(samples), statistics.median(floors)


def _mib(value: float) -> str:
    return f"{value / 2**20:.0f} MiB"


def main(rounds: int, data_dir: Path | None, per_day: int = 0,
         minutes: float | None = None) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        empty = Path(scratch) / "empty"
        store_builder.build(str(empty), 0)
        large = data_dir or Path(scratch) / "large"
        print(f"building {rounds} rounds in {large} (fsync off for the build) ...", flush=True)
        rate = store_builder.build(str(large), rounds, per_day=per_day, minutes=minutes,
                                   progress=True, resume=True)
        if rate:
            print(f"  built at {rate:.1f} rounds/s")
        like = Path(scratch) / "like"  # a new table whose tail is as long as a busy one's
        store_builder.build(str(like), 5)
        near, configured = Path(scratch) / "near", Path(scratch) / "configured"
        near_a_checkpoint(near)
        configured_often(configured)
        opened = open_figures({"empty": empty, "like": like, "near": near,
                               "configured": configured, "large": large})
        before, after = figures(empty), figures(large)
        before.update(opened["empty"])
        after.update(opened["large"])
        # a store the station archived day by day (--per-day) is measured as it stands: its
        # disk per round above includes its segments; a store built on one day is archived
        # here on a copy
        archived = (None if (large / TABLE / "archive").exists()
                    else archive_figures(large, Path(scratch)))
        action, floor = durable_path(Path(scratch) / "durable")
    n = after["rounds"]
    print(f"\n{'figure':<44}{'empty store':>16}{f'{n} rounds':>18}")
    rows = [
        ("Station.open wall (dealer's screen waits)", "open_wall", "s"),
        ("Station.open CPU", "open_cpu", "s"),
        ("Station.open peak memory", "open_peak", "mib"),
        ("dealer-station history wall (process)", "history_wall", "s"),
        ("dealer-station history peak memory", "history_peak", "mib"),
        ("history list, 50 newest (target < 0.1 s)", "list", "ms"),
        ("History page list, 500 newest (< 0.1 s)", "page", "ms"),
        ("search by time, one day (< 0.1 s)", "by_time", "ms"),
        ("search by position, 500 newest (< 0.1 s)", "by_position", "ms"),
        ("search by time and position (< 0.1 s)", "search", "ms"),
        ("one round's dispute re-run (< 0.1 s)", "dispute", "ms"),
        ("dispute re-run, round in a segment", "dispute_archived", "ms"),
        *((f"peak memory: {name}", f"peak {name}", "mib") for name in COMMANDS),
        ("audit verify records/s (>= 200,000)", "verify_rate", "n"),
        ("audit verify records per CPU-second", "verify_cpu_rate", "n"),
        ("audit verify peak memory", "verify_peak", "mib"),
        ("disk, all files, du", "disk", "mb"),
        ("disk per round, all files, du (<= 8 KB)", "disk_per_round", "kb"),
        ("disk per round, database pages in use", "disk_in_use_per_round", "kb"),
    ]
    for label, key, unit in rows:
        def show(value: float, unit: str = unit) -> str:
            if unit == "s":
                return f"{value:.3f} s"
            if unit == "ms":
                return f"{value * 1000:.1f} ms"
            if unit == "mib":
                return _mib(value)
            if unit == "mb":
                return f"{value / 1e6:,.2f} MB"
            if unit == "kb":
                return f"{value / 1000:.1f} KB" if value else "-"
            return f"{value:,.0f}"
        print(f"{label:<44}{show(before[key]):>16}{show(after[key]):>18}")
    _print_open(opened, {"empty": "empty store", "like": "5 rounds",
                         "near": "closed before a checkpoint was due",
                         "configured": "200 configuration versions",
                         "large": f"{n} rounds"})
    if archived is not None:
        _print_archive(archived)
    print(f"\ndurable path: one action journaled and synced {action * 1000:.2f} ms median; "
          f"bare floor (FULL commit + fsync'd append) {floor * 1000:.2f} ms "
          f"({action / floor:.2f}x, target <= 2x)")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--per-day", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None)
    options = parser.parse_args()
    main(options.rounds, options.data_dir, options.per_day, options.minutes)
