"""The settings that take one of a fixed set of values, each value with the words a supervisor
reads (Qt-free): the configuration page shows each as a row of buttons, and a setting that takes
a set of those values (the optional wagers a Pai Gow table offers) as a box per value. Before,
they were typed words (``counter_clockwise``, ``automated_shoe``, ``progressive, insurance``)
that a supervisor had to know from the TOML file.

The values come from the games' own enumerations and tables, so a value the game refuses is
never offered; the words are this module's.

>>> [words for _value, words in choices("dealing.count_direction")]
['counter-clockwise', 'clockwise']
>>> choices("table.minimum") is None, choices("three_card_bonus.pay_table")[0][1]
(True, 'table A: pair 1, flush 4, straight 6,\\nthree of a kind 30, straight flush 40 (to 1)')
>>> [value for value, _words in set_choices("side_wagers.offered")][:2]
['progressive', 'fortune_bonus']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from functools import cache

from dealer_station.games.let_it_ride.config import Dealing, ExposedCardRule
from dealer_station.games.let_it_ride.paytables import THREE_CARD_TABLES, three_card_minimum
from dealer_station.games.pai_gow.config import (
    CountDirection,
    DealerWagerCalculation,
    DealerWagerRule,
    DealingMethod,
    ShuffleMethod,
    StartingPosition,
)
from dealer_station.games.pai_gow.wagers.config import Completion
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.paytables import letters
from dealer_station.money import format_cents
from dealer_station.rankings.seven_card import RoyalMatch
from dealer_station.resources_path import resource_path

__all__ = ["Choice", "choices", "set_choices"]

#: A value as stored and the words shown for it.
Choice = tuple[str, str]


def _named(enum: type[Enum], words: Mapping[str, str]) -> tuple[Choice, ...]:
    """Every member of ``enum`` with its words (a member without words: its value in words)."""
    return tuple((str(member.value), words.get(str(member.value),
                                               str(member.value).replace("_", " ")))
                 for member in enum)


def _tables(found: Iterable[str]) -> tuple[Choice, ...]:
    return tuple((letter, f"table {letter}") for letter in found)


def _three_card_tables() -> tuple[Choice, ...]:
    """Each three-card bonus table by its letter and what it pays (5324.34(f)(4)): a letter
    alone told a supervisor nothing. A mini royal paid as the straight flush it is (tables A-C)
    is not said apart."""
    named = (("pair", "pair"), ("flush", "flush"), ("straight", "straight"),
             ("three_of_a_kind", "three of a kind"), ("straight_flush", "straight flush"),
             ("mini_royal", "mini royal"))
    found = []
    for letter in THREE_CARD_TABLES:
        pays = three_card_minimum(letter)
        shown = [f"{words} {pays[hand].to_win // pays[hand].to_stake}"
                 for hand, words in named
                 if hand != "mini_royal" or pays[hand] != pays["straight_flush"]]
        # two lines: one was wider than the configuration page at 1280x800
        found.append((letter, f"table {letter}: {', '.join(shown[:3])},\n"
                              f"{', '.join(shown[3:])} (to 1)"))
    return tuple(found)


@cache
def _house_ways() -> tuple[Choice, ...]:
    """The house ways installed (``resources/house_ways/<name>.toml``)."""
    folder = resource_path("house_ways")
    names = sorted(path.stem for path in folder.iterdir() if path.suffix == ".toml")
    return tuple((name, name.replace("_", " ")) for name in names)


@cache
def _choices() -> Mapping[str, tuple[Choice, ...]]:
    return {
        # Let It Ride
        "table.dealing": _named(Dealing, {"manual": "by hand or manual shoe",
                                          "shoe": "automated dealing shoe"}),
        "table.exposed_card_rule": _named(ExposedCardRule, {
            "play": "the card stays in play", "void_round": "the round is void"}),
        "three_card_bonus.pay_table": _three_card_tables(),
        # Pai Gow Poker
        "dealing.starting_position": _named(StartingPosition, {
            "rng": "random number (1-7)", "dice": "three dice (3-18)"}),
        "dealing.count_direction": _named(CountDirection, {
            "counter_clockwise": "counter-clockwise", "clockwise": "clockwise"}),
        "dealing.method": _named(DealingMethod, {
            "manual_shoe": "manual shoe", "hand": "from the hand",
            "automated_shoe": "automated shoe", "three_then_four": "stacks of 3, then 4"}),
        "dealing.shuffle": _named(ShuffleMethod, {
            "manual": "by hand, then the cut", "automatic": "shuffling device"}),
        "house_way.name": _house_ways(),
        "banking.dealer_wager": _named(DealerWagerRule, {
            "last_wager": "the bank's last wager", "approved_calculation": "approved calculation"}),
        "banking.dealer_wager_calculation": _named(DealerWagerCalculation, {
            "table_minimum": "multiple of the table minimum", "fixed": "fixed amount"}),
        # 5324.41(g)(8): five percent, up to the next 25 cents (or exact: the game's two)
        "vigorish.rounding": ((format_cents(25), "up to the next 25 cents"),
                              (format_cents(1), "to the cent (exact)")),
        "bonus_wagers.fortune_letter": _tables(letters("fortune_bonus")),
        "bonus_wagers.insurance_letter": _tables(letters("insurance")),
        "bonus_wagers.seven_card_letter": _tables(letters("seven_card_bonus")),
        "bonus_wagers.royal_match": _named(RoyalMatch, {
            "king_queen": "king and queen", "ace_king": "ace and king"}),
        "bonus_wagers.three_seven_completion": _named(Completion, {
            "stub_by_hand": "the stub, by hand", "shoe_stacks_of_four": "shoe stacks of four"}),
    }


def choices(key: str) -> tuple[Choice, ...] | None:
    """The values the setting ``key`` takes, with their words (None: a value typed)."""
    return _choices().get(key)


def set_choices(key: str) -> tuple[Choice, ...] | None:
    """The values a setting ``key`` that holds a set of them takes (None: not such a setting)."""
    if key == "side_wagers.offered":
        return tuple((wager.value, wager.words) for wager in BonusWager)
    return None
