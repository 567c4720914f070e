"""The house-way player against the house-way dealer, by simulation (5324.41(g)).

Exact enumeration of both hands (154 million player hands times 1.2 billion dealer hands, each set
by the house way) is out of reach, so rounds are dealt at random from a seeded generator: the
player and the dealer each get seven cards of one shuffled 53-card deck, both set by the same house
way (:func:`dealer_station.games.pai_gow.house_way.set_hand`) and compared with the rankings'
high-hand and low-hand comparison: the player wins when both hands are higher, loses when neither
is (copy hands go to the dealer, (g)(5)(ii)), and otherwise pushes. A win pays even money less the
5 % vigorish of (g)(8) (the rounding of the vigorish to 25 cents is ignored).

Each probability is printed with its 95 % confidence interval (normal approximation, ``1.96``
standard errors). The same seed gives the same result whatever the number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import sqrt

import numpy as np

from dealer_station.analysis.report import PayLine, WagerReport
from dealer_station.cards import Card, pai_gow_deck
from dealer_station.games.pai_gow.house_way import set_hand
from dealer_station.rankings import pai_gow

__all__ = ["HouseWayResult", "Outcome", "play", "simulate", "simulate_report"]

Z_95 = 1.959963984540054
_CHUNK = 2_000
#: A comparison of two hands: True when the first ranks strictly higher than the second.
Compare = Callable[[Sequence[Card], Sequence[Card]], bool]
Outcome = int  # +1 the player wins, 0 push, -1 the player loses


@dataclass(frozen=True)
class HouseWayResult:
    """Counts of simulated rounds by outcome."""

    trials: int
    wins: int
    pushes: int
    losses: int

    def interval(self, count: int) -> tuple[float, float, float]:
        """Probability of ``count`` out of the trials with its 95 % interval."""
        p = count / self.trials
        half = Z_95 * sqrt(p * (1 - p) / self.trials)
        return p, max(0.0, p - half), min(1.0, p + half)

    def expected_return(self) -> tuple[float, float, float]:
        """Expected return per unit wagered (a win nets 0.95) with its 95 % interval."""
        n = self.trials
        mean = (0.95 * self.wins - self.losses) / n
        second = (0.95**2 * self.wins + self.losses) / n
        half = Z_95 * sqrt(max(second - mean * mean, 0.0) / n)
        return mean, mean - half, mean + half


def _comparators() -> tuple[Compare, Compare]:
    """Strictly-higher tests from the rankings' comparisons of (c)(5)."""
    def high(a: Sequence[Card], b: Sequence[Card]) -> bool:
        return pai_gow.compare_high(a, b) is pai_gow.Comparison.HIGHER

    def low(a: Sequence[Card], b: Sequence[Card]) -> bool:
        return pai_gow.compare_low(a, b) is pai_gow.Comparison.HIGHER

    return high, low


def play(
    player: Sequence[Card],
    dealer: Sequence[Card],
    house_way: str,
    compare: tuple[Compare, Compare] | None = None,
) -> Outcome:
    """Set both seven-card hands by ``house_way`` and settle the player's wager (5324.41(g)(5)-(7)).

    >>> from dealer_station.cards import parse_cards
    >>> play(parse_cards("As Ad Kc Kd Qs Qh 2c"), parse_cards("3s 4d 6c 8h 9s Jd 7c"), "standard")
    1
    """
    compare_high, compare_low = compare or _comparators()
    player_high, player_low = set_hand(player, house_way)
    dealer_high, dealer_low = set_hand(dealer, house_way)
    high = compare_high(player_high, dealer_high)
    low = compare_low(player_low, dealer_low)
    if high and low:
        return 1
    if high or low:
        return 0
    return -1


def _run_chunk(job: tuple[str, int, int]) -> tuple[int, int, int]:
    house_way, seed, trials = job
    rng = np.random.default_rng(seed)
    deck = pai_gow_deck()
    compare = _comparators()
    tally = [0, 0, 0]
    for _ in range(trials):
        order = rng.permutation(53)
        player = [deck[i] for i in order[:7]]
        dealer = [deck[i] for i in order[7:14]]
        tally[play(player, dealer, house_way, compare) + 1] += 1
    losses, pushes, wins = tally
    return wins, pushes, losses


def simulate(
    house_way: str,
    trials: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> HouseWayResult:
    """Play ``trials`` random rounds (in chunks of 2,000 with their own seeds, shared out over
    ``workers`` processes)."""
    if trials <= 0:
        raise ValueError("the simulation needs at least one trial")
    sizes = [_CHUNK] * (trials // _CHUNK) + ([trials % _CHUNK] if trials % _CHUNK else [])
    seeds = np.random.SeedSequence(seed).generate_state(len(sizes), dtype=np.uint64)
    jobs = [(house_way, int(s), n) for s, n in zip(seeds, sizes, strict=True)]
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    wins = pushes = losses = 0
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for done, (w, p, lo) in enumerate(pool.imap_unordered(_run_chunk, jobs), start=1):
                wins, pushes, losses = wins + w, pushes + p, losses + lo
                if progress:
                    progress(done, len(jobs))
    else:
        for done, job in enumerate(jobs, start=1):
            w, p, lo = _run_chunk(job)
            wins, pushes, losses = wins + w, pushes + p, losses + lo
            if progress:
                progress(done, len(jobs))
    return HouseWayResult(trials, wins, pushes, losses)


def simulate_report(
    house_way: str,
    trials: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> WagerReport:
    """The simulation as a report: one line per outcome with its 95 % interval."""
    result = simulate(house_way, trials, seed=seed, workers=workers, progress=progress)
    lines = []
    for name, count, pays, net in (
        ("player_wins", result.wins, "1:1 less 5% vigorish", 0.95),
        ("push", result.pushes, "push", 0.0),
        ("player_loses", result.losses, "loses", -1.0),
    ):
        p, low, high = result.interval(count)
        lines.append(
            PayLine(name, count, p, pays, p * net, {"ci95_low": low, "ci95_high": high})
        )
    mean, low, high = result.expected_return()
    return WagerReport(
        "house_way_player_vs_house_way_dealer",
        house_way,
        tuple(lines),
        trials,
        mean,
        notes=(
            f"simulation of {trials:,} rounds (seed {seed}); intervals are 95% confidence "
            "intervals",
        ),
        simulated=True,
        figures={
            "trials": trials,
            "seed": seed,
            "expected_return_ci95_low": low,
            "expected_return_ci95_high": high,
        },
    )
