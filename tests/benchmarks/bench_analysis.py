"""Benchmark of the pay-table analysis: each exact analysis as the supervisor runs it
(``dealer-station paytable``), CPU time and peak memory against a C program doing the same work on
the same machine in the same run (``let_it_ride_brute.c`` beside this file, built with gcc when
present; targets: at most 2x its CPU and 64 MB; ``pai_gow_census_brute.c`` visiting every
seven-card hand for the census, target at most 1x), then the wall time of each analysis in this
process with the figures it must reproduce.

Run: ``python tests/benchmarks/bench_analysis.py`` or
``python -m pytest tests/benchmarks/bench_analysis.py -s``. Targets on a two-core machine: the Let
It Ride base game (optimal strategy, every deal) under 10 s; all Pai Gow seven-card category counts
(154,143,080 hands, every bonus wager) under 2 minutes (a compiled exhaustive enumerator takes about
10 s). Wall time is what is asked; CPU time of this process is shown too (the census runs in worker
processes, whose CPU time is not in it). Each measurement starts cold: no cached table is reused.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import TypeVar

import peers

from dealer_station.analysis import five_card_table, let_it_ride, pai_gow, pai_gow_census
from dealer_station.games.let_it_ride import paytables

T = TypeVar("T")
LET_IT_RIDE_TARGET = 10.0
PAI_GOW_TARGET = 120.0


def timed(name: str, work: Callable[[], T]) -> tuple[T, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = work()
    wall = time.perf_counter() - wall
    print(f"{name:<46} {wall:8.2f} s wall {time.process_time() - cpu:8.2f} s cpu")
    return result, wall


def cold() -> None:
    """Forget every cached table so each analysis is measured from nothing."""
    five_card_table.five_card_codes.cache_clear()
    let_it_ride.completion_counts.cache_clear()
    pai_gow_census._CENSUSES.clear()


def bench_let_it_ride() -> float:
    cold()
    base = {h: Fraction(o.to_win, o.to_stake) for h, o in paytables.BASE_MINIMUM.items()}
    report, wall = timed(
        "let it ride base game (optimal strategy)", lambda: let_it_ride.base_game_report(base)
    )
    assert abs(report.expected_return + 0.035057) < 1e-6, report.expected_return
    timed("let it ride $1 bonus", lambda: let_it_ride.bonus_report(paytables.BONUS_MINIMUM))
    for letter in paytables.THREE_CARD_TABLES:
        odds = {
            h: Fraction(o.to_win, o.to_stake)
            for h, o in paytables.three_card_minimum(letter).items()
        }
        timed(
            f"let it ride three-card bonus {letter}",
            lambda o=odds, t=letter: let_it_ride.three_card_bonus_report(o, t),
        )
    return wall


def bench_pai_gow() -> float:
    cold()
    everything, wall = timed(
        f"pai gow census, {os.cpu_count()} processes", lambda: pai_gow_census.census()
    )
    assert everything.total == comb(53, 7) == 154_143_080
    assert everything.count(lambda f: f.seven_card_straight_flush == 2) == 8 * 4
    assert everything.count(lambda f: f.seven_card_straight_flush == 1) == (8 * 7 - 7) * 4
    assert everything.count(lambda f: f.best.name == "FIVE_ACES") == comb(48, 2)
    fortune, _ = timed(
        "fortune bonus A", lambda: pai_gow.fortune_report(everything, "A", "king_queen")
    )
    print(f"  fortune A house edge {fortune.house_edge:.4%} (published: 7.77%)")
    for letter in ("B", "C"):
        timed(
            f"fortune bonus {letter}",
            lambda t=letter: pai_gow.fortune_report(everything, t, "king_queen"),
        )
    for letter in "ABCDE":
        timed(f"insurance {letter}", lambda t=letter: pai_gow.insurance_report(everything, t))
    for letter in "AB":
        timed(
            f"seven-card bonus {letter}",
            lambda t=letter: pai_gow.seven_card_bonus_report(everything, t),
        )
    timed("imperial player hand bonus", lambda: pai_gow.player_hand_bonus_report(everything))
    timed("progressive (fixed part)", lambda: pai_gow.progressive_report(everything))
    timed("pai gow three-card bonus", pai_gow.three_card_bonus_report)
    return wall


def bench_single_process_census() -> float:
    cold()
    _, wall = timed("pai gow census, 1 process", lambda: pai_gow_census.census(workers=1))
    return wall


ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
MEMORY_TARGET_MB = 64


def compare_with_peers() -> None:
    """The commands against their C peers, interleaved rounds, min/median/max."""
    with peers.scratch() as directory:
        brute = peers.build_c("let_it_ride_brute.c", Path(directory))
        measure = peers.build_c("measure.c", Path(directory))
        commands: dict[str, list[str]] = {}
        if brute is not None:
            commands["C brute force (let_it_ride_brute.c)"] = [str(brute)]
        commands["paytable --game let-it-ride --workers 1"] = [
            *peers.DEALER_STATION, "paytable", "--game", "let-it-ride", "--workers", "1", "--quiet"]
        runs = peers.interleaved(commands, ROUNDS, measure)
        peer = next(iter(commands)) if brute is not None else None
        for line in peers.report(f"Let It Ride exact analysis, {ROUNDS} rounds", runs, peer):
            print(line)
        census_brute = peers.build_c("pai_gow_census_brute.c", Path(directory))
        census: dict[str, list[str]] = {}
        if census_brute is not None:
            census["C enumeration (pai_gow_census_brute.c)"] = [str(census_brute)]
        census["paytable --game pai-gow --trials 0"] = [
            *peers.DEALER_STATION, "paytable", "--game", "pai-gow", "--trials", "0", "--quiet"]
        rounds = max(1, ROUNDS // 2)
        runs = peers.interleaved(census, rounds, measure)
        peer = next(iter(census)) if census_brute is not None else None
        title = f"Pai Gow census, every process, {rounds} rounds"
        for line in peers.report(title, runs, peer):
            print(line)
    print(f"targets: Let It Ride <= 2x its peer's CPU, the census <= 1x; both <= "
          f"{MEMORY_TARGET_MB} MB")


def main() -> None:
    compare_with_peers()
    lir = bench_let_it_ride()
    pg = bench_pai_gow()
    print(
        f"let it ride base game {lir:.2f} s (target < {LET_IT_RIDE_TARGET:.0f} s): "
        f"{'ok' if lir < LET_IT_RIDE_TARGET else 'SLOW'}"
    )
    print(
        f"pai gow seven-card counts {pg:.2f} s (target < {PAI_GOW_TARGET:.0f} s): "
        f"{'ok' if pg < PAI_GOW_TARGET else 'SLOW'}"
    )


def test_benchmark() -> None:
    main()


if __name__ == "__main__":
    main()
    bench_single_process_census()
