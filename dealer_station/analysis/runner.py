"""Every wager of a game under the casino's chosen tables, timed: what ``dealer-station paytable``
prints.

>>> analysis = analyse_let_it_ride(three_card_tables=("A",))
>>> [(w.wager, w.table) for w in analysis.wagers]
[('base_game', None), ('let_it_ride_bonus', None), ('three_card_bonus', 'A')]
>>> round(analysis.wagers[0].house_edge, 4)
0.0351
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from dealer_station.analysis import let_it_ride, pai_gow
from dealer_station.analysis.pai_gow_census import census
from dealer_station.analysis.report import Analysis, WagerReport

__all__ = [
    "FORTUNE_TABLES",
    "INSURANCE_TABLES",
    "ROYAL_MATCHES",
    "SEVEN_CARD_TABLES",
    "THREE_CARD_TABLES",
    "analyse_let_it_ride",
    "analyse_pai_gow",
]

THREE_CARD_TABLES = ("A", "B", "C", "D", "E", "F")
FORTUNE_TABLES = ("A", "B", "C")
INSURANCE_TABLES = ("A", "B", "C", "D", "E")
SEVEN_CARD_TABLES = ("A", "B")
#: ``--royal-match`` spellings and the bonus configuration's names ((c)(6)(ii)(a)/(b)).
ROYAL_MATCHES = {"KQ": "king_queen", "AK": "ace_king"}

Progress = Callable[[str, int, int], None]


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


class _Timer:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def run(self, name: str, work: Callable[..., WagerReport], *args: Any) -> WagerReport:
        start = time.perf_counter()
        report = work(*args)
        self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        return report


def analyse_let_it_ride(
    three_card_tables: Sequence[str] = THREE_CARD_TABLES, progress: Progress = _no_progress
) -> Analysis:
    """The base game (optimal strategy), the $1 bonus and the three-card bonus tables, at the
    regulation's minimum pay tables (5324.34(f))."""
    from dealer_station.games.let_it_ride import paytables
    from dealer_station.games.let_it_ride.config import LetItRideConfig

    base = {hand: Fraction(o.to_win, o.to_stake) for hand, o in paytables.BASE_MINIMUM.items()}
    timer = _Timer()
    steps = 2 + len(three_card_tables)
    progress("let it ride", 0, steps)
    reports = [timer.run("base_game", lambda: let_it_ride.base_game_report(base))]
    progress("let it ride", 1, steps)
    returns_wager = LetItRideConfig().bonus_returns_wager
    reports.append(
        timer.run(
            "let_it_ride_bonus",
            lambda: let_it_ride.bonus_report(
                paytables.BONUS_MINIMUM, returns_wager=returns_wager
            ),
        )
    )
    progress("let it ride", 2, steps)
    for done, letter in enumerate(three_card_tables, start=3):
        odds = {
            hand: Fraction(o.to_win, o.to_stake)
            for hand, o in paytables.three_card_minimum(letter).items()
        }
        reports.append(
            timer.run(
                "three_card_bonus", let_it_ride.three_card_bonus_report, odds, letter.upper()
            )
        )
        progress("let it ride", done, steps)
    options = {"three_card_tables": ",".join(three_card_tables)}
    return Analysis("let-it-ride", options, tuple(reports), timer.seconds)


def analyse_pai_gow(
    *,
    fortune_tables: Sequence[str] = FORTUNE_TABLES,
    insurance_tables: Sequence[str] = INSURANCE_TABLES,
    seven_card_tables: Sequence[str] = SEVEN_CARD_TABLES,
    royal_match: str = "KQ",
    house_way: str = "standard",
    trials: int = 0,
    seed: int = 0,
    workers: int | None = None,
    progress: Progress = _no_progress,
) -> Analysis:
    """Every Pai Gow bonus wager from the census of all seven-card hands, and (``trials`` > 0)
    the house-way player against the house-way dealer by simulation."""
    match = ROYAL_MATCHES.get(royal_match.upper())
    if match is None:
        raise ValueError(f"royal match {royal_match!r} is not KQ or AK (5324.41(c)(6)(ii))")
    if trials > 0:
        from dealer_station.games.pai_gow.house_way import load_house_way

        try:  # an unknown or invalid house way is refused before any work
            load_house_way(house_way)
        except FileNotFoundError:
            raise ValueError(f"no house way named {house_way!r} in resources/house_ways") from None
    timer = _Timer()
    start = time.perf_counter()
    everything = census(workers=workers, progress=lambda d, n: progress("seven-card census", d, n))
    timer.seconds["seven_card_census"] = time.perf_counter() - start
    reports: list[WagerReport] = []
    for letter in fortune_tables:
        report = timer.run("fortune_bonus", pai_gow.fortune_report, everything, letter, match)
        reports.append(report)
    for letter in fortune_tables:
        reports.append(timer.run("envy_bonus", pai_gow.envy_report, everything, letter, match))
    for letter in insurance_tables:
        reports.append(timer.run("insurance", pai_gow.insurance_report, everything, letter))
    for letter in seven_card_tables:
        reports.append(
            timer.run("seven_card_bonus", pai_gow.seven_card_bonus_report, everything, letter)
        )
    reports.append(timer.run("three_card_bonus", pai_gow.three_card_bonus_report))
    reports.append(timer.run("player_hand_bonus", pai_gow.player_hand_bonus_report, everything))
    reports.append(timer.run("banker_hand_bonus", pai_gow.banker_hand_bonus_report, everything))
    reports.append(timer.run("progressive", pai_gow.progressive_report, everything))
    if trials > 0:
        from dealer_station.analysis.house_way_simulation import simulate_report

        reports.append(
            timer.run(
                "house_way_simulation",
                lambda: simulate_report(
                    house_way,
                    trials,
                    seed=seed,
                    workers=workers,
                    progress=lambda d, n: progress("house way simulation", d, n),
                ),
            )
        )
    options: dict[str, str | int] = {
        "fortune_tables": ",".join(fortune_tables),
        "insurance_tables": ",".join(insurance_tables),
        "seven_card_tables": ",".join(seven_card_tables),
        "royal_match": royal_match.upper(),
        "house_way": house_way,
        "trials": trials,
        "seed": seed,
    }
    return Analysis("pai-gow", options, tuple(reports), timer.seconds)
