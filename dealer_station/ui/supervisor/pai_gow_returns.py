"""Pai Gow pay tables' theoretical returns for the configuration page (Qt-free view-model).

Every Pai Gow bonus wager's return, from the census of all seven-card hands
(:mod:`dealer_station.analysis.cache` keeps it on disk; the page computes it in a process of its
own), under the pay tables the settings select: the fortune bonus and its envy bonus (letter
A-C, 5324.41(m)(1)-(2)), insurance (A-E, (m)(3)), the seven-card bonus (A-B, (o)(2)), the
three-card bonus ((n)), the imperial player and banker hand bonuses ((p)(4)-(5)) and the
progressive's fixed amounts ((k)(4)). The figures are :func:`analyse_pai_gow`'s, so they are the
ones ``dealer-station paytable --game pai-gow --json`` prints for the same letters.

>>> config = bonus_config_of({"side_wagers": {"offered": ["fortune_bonus"]},
...                           "bonus_wagers": {"fortune_letter": "B"}})
>>> config.fortune_letter, sorted(w.value for w in config.offered)
('B', ['fortune_bonus'])
>>> PaiGowReturn("fortune_bonus", "B", -0.0775, True).words
'Fortune bonus B: return 92.250\\xa0% · house edge 7.750\\xa0%'
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.resources_path import resource_path

__all__ = [
    "BESIDE",
    "RECOMPUTE_ON",
    "WAGERS",
    "PaiGowReturn",
    "bonus_config_of",
    "pai_gow_returns",
]

#: The wagers in the order shown, each with the optional wager that offers it.
WAGERS: Mapping[str, str] = {
    "fortune_bonus": "fortune_bonus",
    "envy_bonus": "fortune_bonus",
    "insurance": "insurance",
    "seven_card_bonus": "seven_card_bonus",
    "three_card_bonus": "three_card_bonus",
    "player_hand_bonus": "imperial_bonus",
    "banker_hand_bonus": "imperial_bonus",
    "progressive": "progressive",
}
#: The pay table choices (setting keys) and the wagers whose return is shown beside each.
BESIDE: Mapping[str, tuple[str, ...]] = {
    "bonus_wagers.fortune_letter": ("fortune_bonus", "envy_bonus"),
    "bonus_wagers.insurance_letter": ("insurance",),
    "bonus_wagers.seven_card_letter": ("seven_card_bonus",),
}
#: Settings whose change changes a return.
RECOMPUTE_ON: tuple[str, ...] = (*BESIDE, "bonus_wagers.royal_match", "side_wagers.offered")


@dataclass(frozen=True, slots=True)
class PaiGowReturn:
    """One wager's figure under its chosen table (``table`` ``None``: the wager has one table).
    ``expected_return`` is per unit wagered, except for the envy bonus and the banker hand
    bonus, which are not wagers of the player: the expected payout the house makes (dollars per
    other hand to each envy marker; per unit of the imperial wager per round).

    >>> PaiGowReturn("envy_bonus", "A", 0.0463416, True).figure
    'not a wager: the house pays each envy marker $0.0463 per other hand (expected)'
    """

    wager: str
    table: str | None
    expected_return: float
    offered: bool

    @property
    def name(self) -> str:
        names = {"player_hand_bonus": "imperial player hand bonus",
                 "banker_hand_bonus": "imperial banker hand bonus",
                 "progressive": "progressive, fixed amounts"}
        return names.get(self.wager, self.wager.replace("_", " "))

    @property
    def figure(self) -> str:
        """The figure alone (what is shown beside a pay table choice)."""
        value = self.expected_return
        if self.wager == "envy_bonus":  # not the player's wager: no house edge
            return (f"not a wager: the house pays each envy marker ${value:.4f} per other hand "
                    "(expected)")
        if self.wager == "banker_hand_bonus":
            return (f"not a wager: the house pays {100 * value:.3f}\u00a0% of each imperial "
                    "wager per round (expected), when the banker hand is a 9, 10 or J high pai "
                    "gow")
        # a no-break space: the "%" never wraps onto a line of its own
        return f"return {100 * (1 + value):.3f}\u00a0% · house edge {-100 * value:.3f}\u00a0%"

    @property
    def words(self) -> str:
        table = f" {self.table}" if self.table else ""
        offered = "" if self.offered else " · not offered here"
        return f"{self.name[:1].upper()}{self.name[1:]}{table}: {self.figure}{offered}"


def _offered(settings: Mapping[str, Any]) -> list[str]:
    found = (settings.get("side_wagers") or {}).get("offered") or []
    return [found] if isinstance(found, str) else list(found)


@functools.lru_cache(maxsize=1)
def _shipped_bonus() -> dict[str, Any]:
    with resource_path("pai_gow_bonus.toml").open("rb") as handle:
        return tomllib.load(handle)


def bonus_config_of(settings: Mapping[str, Any]) -> BonusConfig:
    """The optional wagers' configuration the settings select (``bonus_wagers`` over the shipped
    ``pai_gow_bonus.toml``, the table's list of wagers offered); raises the configuration's
    refusal, with its clause, for a letter the regulation does not have."""
    chosen = {**_shipped_bonus(), **dict(settings.get("bonus_wagers") or {})}
    chosen["offered"] = _offered(settings)
    return BonusConfig.from_mapping(chosen)


def pai_gow_returns(config: BonusConfig) -> list[PaiGowReturn]:
    """Every wager's figure under ``config``'s tables. Uses the census of this process
    (:func:`dealer_station.analysis.cache.install` it first, or this computes it: seconds)."""
    # deferred on purpose: the analysis (~60 ms of imports) loads only when a supervisor asks
    # for the returns
    from dealer_station.analysis.runner import analyse_pai_gow

    analysis = analyse_pai_gow(config=config, trials=0, workers=1)
    offered = {w.value for w in config.offered}
    found = {report.wager: report for report in analysis.wagers}
    return [PaiGowReturn(wager, found[wager].table, found[wager].expected_return,
                         family in offered)
            for wager, family in WAGERS.items()]
