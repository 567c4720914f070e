"""Benchmark of the command line's start (issue 17): wall and CPU time of supervisor commands that
need no analysis, next to a bare ``python -c pass``, in one run.

Run: ``python tests/benchmarks/bench_cli_start.py`` (``BENCH_RUNS`` runs of each, default 15).
Target: each such command within 0.2 s wall. Before the change ``dealer-station hand`` took
0.68 s: the parser imported every command (numpy and the analysis among them), the house way
built its 8,192-entry straight table at import and the rankings their lookup tables for the
first hand. Each figure is the median of the runs (the machine may be shared: the CPU time of the
child process is shown beside the wall time).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = int(os.environ.get("BENCH_RUNS", "15"))
TARGET = 0.2
SCRIPT = str(Path(sys.executable).with_name("dealer-station"))


def _measure(argv: list[str]) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    data = tempfile.mkdtemp(prefix="bench-cli-")
    rows = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("hand --game let-it-ride", [SCRIPT, "hand", "--game", "let-it-ride", "As Ks Qs Js Ts"]),
        ("hand --game pai-gow (7 cards)",
         [SCRIPT, "hand", "--game", "pai-gow", "As Ks Qs Js Ts 9c JK"]),
        ("hand --game three-card", [SCRIPT, "hand", "--game", "three-card", "As Ks Qs"]),
        ("compare --game pai-gow", [SCRIPT, "compare", "--game", "pai-gow", "As Ks", "Ad Kd"]),
        ("history list (fresh table)", [SCRIPT, "--data-dir", data, "history", "list"]),
        ("audit (fresh table)", [SCRIPT, "--data-dir", data, "audit"]),
        ("users list (fresh table)", [SCRIPT, "--data-dir", data, "users", "list"]),
        ("--version", [SCRIPT, "--version"]),
    ]
    print(f"median of {RUNS} runs; target: each command within {TARGET:.1f} s wall")
    print(f"{'command':34} {'wall s':>8} {'cpu s':>8}")
    for name, argv in rows:
        wall, cpu = _measure(argv)
        flag = "" if name.startswith("python") or wall <= TARGET else "  over target"
        print(f"{name:34} {wall:8.3f} {cpu:8.3f}{flag}")


def test_cli_start() -> None:
    main()


if __name__ == "__main__":
    main()
