"""Measuring a command against its peer in the same run: the C programs beside this file built with
gcc (when present), each command run as a child process, its CPU time (user + system, the
children it waited for included) and peak resident memory taken from ``wait4``. The machine may be
shared: CPU time, not wall time, and rounds interleaved (peer, ours, peer, ours...) so that a busy
moment falls on both.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: ``dealer-station`` as this interpreter runs it.
DEALER_STATION = (sys.executable, "-m", "dealer_station.cli")


@dataclass(frozen=True)
class Run:
    cpu: float  # seconds, user + system
    peak_kb: int


def build_c(source: str, directory: Path) -> Path | None:
    """``source`` (beside this file) compiled with ``gcc -O2``; None without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    program = directory / Path(source).stem
    subprocess.run([gcc, "-O2", "-o", str(program), str(HERE / source)], check=True)
    return program


def run_once(command: Sequence[str], measure: Path | None) -> Run:
    """Run ``command`` (output discarded) and measure it, through ``measure`` (``measure.c``
    built) when there is one; a failure raises. Without it the peak memory is at least this
    process's at the fork (Linux carries the peak over exec)."""
    if measure is not None:
        done = subprocess.run([str(measure), *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode}")
        words = done.stderr.splitlines()[-1].split()
        return Run(float(words[1]), int(words[3]))
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(list(command), stdout=null, stderr=null)
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(command)} exited {os.waitstatus_to_exitcode(status)}")
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def interleaved(
    commands: dict[str, Sequence[str]], rounds: int, measure: Path | None
) -> dict[str, list[Run]]:
    """Every command once per round, in turn."""
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            runs[name].append(run_once(command, measure))
    return runs


def spread(values: Sequence[float]) -> str:
    """min/median/max."""
    return f"{min(values):.2f}/{statistics.median(values):.2f}/{max(values):.2f}"


def report(title: str, runs: dict[str, list[Run]], peer: str | None) -> list[str]:
    """Lines of figures: CPU and peak memory per command (min/median/max), and each command's
    ratio to ``peer`` round by round (min/median/max)."""
    lines = [title]
    for name, measured in runs.items():
        cpu = [r.cpu for r in measured]
        peak = [r.peak_kb / 1024 for r in measured]
        line = f"  {name:<44} CPU {spread(cpu)} s   peak RSS {spread(peak)} MB"
        if peer is not None and name != peer:
            ratios = [a.cpu / b.cpu for a, b in zip(measured, runs[peer], strict=True)]
            memory = [a.peak_kb / b.peak_kb for a, b in zip(measured, runs[peer], strict=True)]
            line += f"\n  {'':<44} {spread(ratios)}x peer CPU, {spread(memory)}x peer memory"
        lines.append(line)
    if peer is None:
        lines.append("  (no peer measured: gcc not found)")
    return lines


def scratch() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="dealer-station-bench-")
