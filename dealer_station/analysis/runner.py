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
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from dealer_station.analysis import let_it_ride, pai_gow
from dealer_station.analysis.census_report import CensusSection, census_sections
from dealer_station.analysis.house_way_simulation import simulate_report
from dealer_station.analysis.pai_gow_census import census
from dealer_station.analysis.report import Analysis, WagerReport
from dealer_station.games.let_it_ride import paytables
from dealer_station.games.let_it_ride.config import LetItRideConfig
from dealer_station.games.pai_gow.house_way import load_house_way
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.paytables import NO_LETTER, PayTable

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
    three_card_tables: Sequence[str] = THREE_CARD_TABLES,
    progress: Progress = _no_progress,
    config: LetItRideConfig | None = None,
) -> Analysis:
    """The base game (optimal strategy), the $1 bonus and the three-card bonus tables, at the
    regulation's minimum pay tables (5324.34(f)) or, with ``config``, at the table's configured
    ones (its three-card table only)."""
    def odds(table: Mapping[str, paytables.Odds]) -> dict[str, Fraction]:
        return {hand: Fraction(o.to_win, o.to_stake) for hand, o in table.items()}

    chosen = config or LetItRideConfig()
    if config is not None:
        three_card = {config.three_card_table: odds(config.three_card_pay_table)}
        base, bonus = odds(config.base_pay_table), config.bonus_pay_table
    else:
        three_card = {t: odds(paytables.three_card_minimum(t)) for t in three_card_tables}
        base, bonus = odds(paytables.BASE_MINIMUM), paytables.BONUS_MINIMUM
    timer = _Timer()
    steps = 2 + len(three_card)
    progress("let it ride", 0, steps)
    reports = [timer.run("base_game", let_it_ride.base_game_report, base)]
    progress("let it ride", 1, steps)
    reports.append(
        timer.run(
            "let_it_ride_bonus",
            lambda: let_it_ride.bonus_report(bonus, returns_wager=chosen.bonus_returns_wager),
        )
    )
    progress("let it ride", 2, steps)
    for done, (letter, table) in enumerate(three_card.items(), start=3):
        reports.append(
            timer.run("three_card_bonus", let_it_ride.three_card_bonus_report, table, letter)
        )
        progress("let it ride", done, steps)
    options: dict[str, str | int] = {
        "three_card_tables": ",".join(three_card),
        "pay_tables": "configured" if config is not None else "regulation minimum",
    }
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
    config: BonusConfig | None = None,
    census_report: bool = False,
) -> Analysis:
    """Every Pai Gow bonus wager from the census of all seven-card hands, and (``trials`` > 0)
    the house-way player against the house-way dealer by simulation. With ``config`` the
    table's configured pay tables, letters and royal match are analysed instead; with
    ``census_report`` the census itself too (:mod:`.census_report`)."""
    match = ROYAL_MATCHES.get(royal_match.upper())
    if match is None:
        raise ValueError(f"royal match {royal_match!r} is not KQ or AK (5324.41(c)(6)(ii))")
    tables: dict[str, list[str | PayTable]] = {
        "fortune_bonus": list(fortune_tables),
        "envy_bonus": list(fortune_tables),
        "insurance": list(insurance_tables),
        "seven_card_bonus": list(seven_card_tables),
    }
    single = {w: NO_LETTER for w in ("three_card_bonus", "player_hand_bonus",
                                      "banker_hand_bonus", "progressive")}
    singles: dict[str, str | PayTable] = dict(single)
    if config is not None:
        match = config.royal_match.value
        royal_match = {v: k for k, v in ROYAL_MATCHES.items()}[match]
        tables = {wager: [config.table(wager)] for wager in tables}
        singles = {wager: config.table(wager) for wager in single}
    if trials > 0:
        try:  # an unknown or invalid house way is refused before any work
            load_house_way(house_way)
        except FileNotFoundError:
            raise ValueError(f"no house way named {house_way!r} in resources/house_ways") from None
    timer = _Timer()
    start = time.perf_counter()
    everything = census(workers=workers, progress=lambda d, n: progress("seven-card census", d, n))
    timer.seconds["seven_card_census"] = time.perf_counter() - start
    reports: list[WagerReport] = []
    for table in tables["fortune_bonus"]:
        report = timer.run("fortune_bonus", pai_gow.fortune_report, everything, table, match)
        reports.append(report)
    for table in tables["envy_bonus"]:
        reports.append(timer.run("envy_bonus", pai_gow.envy_report, everything, table, match))
    for table in tables["insurance"]:
        reports.append(timer.run("insurance", pai_gow.insurance_report, everything, table))
    for table in tables["seven_card_bonus"]:
        reports.append(
            timer.run("seven_card_bonus", pai_gow.seven_card_bonus_report, everything, table)
        )
    reports.append(
        timer.run("three_card_bonus", pai_gow.three_card_bonus_report, singles["three_card_bonus"])
    )
    for wager, work in (
        ("player_hand_bonus", pai_gow.player_hand_bonus_report),
        ("banker_hand_bonus", pai_gow.banker_hand_bonus_report),
        ("progressive", pai_gow.progressive_report),
    ):
        reports.append(timer.run(wager, work, everything, singles[wager]))
    if trials > 0:
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
    def letters(wager: str) -> str:
        return ",".join(t.letter if isinstance(t, PayTable) else t for t in tables[wager])

    options: dict[str, str | int] = {
        "fortune_tables": letters("fortune_bonus"),
        "insurance_tables": letters("insurance"),
        "seven_card_tables": letters("seven_card_bonus"),
        "pay_tables": "configured" if config is not None else "regulation minimum",
        "royal_match": royal_match.upper(),
        "house_way": house_way,
        "trials": trials,
        "seed": seed,
    }
    sections: tuple[CensusSection, ...] = ()
    if census_report:  # the census itself, every category under both joker readings
        start = time.perf_counter()
        sections = census_sections(everything, every_category_both_readings=True)
        timer.seconds["census_report"] = time.perf_counter() - start
    return Analysis("pai-gow", options, tuple(reports), timer.seconds, census=sections)
