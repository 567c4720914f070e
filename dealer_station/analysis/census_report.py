"""The seven-card census itself, as a regulator checks it: how many of the 154,143,080 seven-card
hands of the 53-card deck (5324.41(b)) fall in every category the census classifies, two pair,
one pair and pai gow included, with their probabilities, under each reading of the joker where
the counts differ.

* ``best_five``: the best five-card hand of the seven cards, the joker an ace or any card that
  completes a straight, flush, straight flush or royal flush ((c)(1)-(3)); royal and straight
  flushes told apart by whether the joker is used ((c)(2)(ii), (o)(2)). Its last line, a hand
  with no pair, straight or flush, is a *pai gow* under this reading.
* ``best_five_joker_only_an_ace`` (with ``every_category_both_readings``): the best five-card
  hand when the joker is only an ace ((c)(7)'s reading: it pairs an ace, completes a straight
  only as an ace, never a flush; four aces and the joker are five aces), every category, from
  the census's classes of hands (:func:`~.pai_gow_census.each_hand_class`), a block at a time,
  their 21 five-card hands looked up in the five-card table and, with the joker, in
  :func:`~.five_card_table.joker_as_ace_codes` (the tests hold this against
  :func:`dealer_station.rankings.best_five.best_five_hand_joker_as_ace`).
* ``pai_gow_joker_only_an_ace``: pai gow hands by their highest card when the joker is only an ace
  (it completes no straight or flush): the insurance wager's reading ((c)(7), (m)(3)).
* ``pai_gow_joker_completes``: pai gow hands by their highest card when the joker also completes
  straights and flushes: the imperial banker hand bonus's reading ((p)(3)(i), (p)(5)), the
  ``best_five`` reading. A hand holding the joker is then at best ace high.

Every section's counts add up to the census total.

>>> from dealer_station.analysis.pai_gow_census import census
>>> small = census((8, 9, 10, 11, 12), workers=1)  # tens to aces and the joker
>>> sections = census_sections(small)
>>> [s.name for s in sections]
['best_five', 'pai_gow_joker_only_an_ace', 'pai_gow_joker_completes']
>>> all(sum(line.count for line in s.lines) == small.total for s in sections)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np

from dealer_station.analysis.combinatorics import IntArray, colex_rank, subset_columns
from dealer_station.analysis.five_card_table import (
    JOKER_INDEX,
    HandCode,
    five_card_codes,
    joker_as_ace_codes,
)
from dealer_station.analysis.pai_gow_census import PaiGowCensus, each_hand_class
from dealer_station.rankings.pai_gow import PaiGowCategory

__all__ = ["CensusLine", "CensusSection", "census_sections"]


@dataclass(frozen=True, slots=True)
class CensusLine:
    """One category: its name (snake case), the words shown, how many hands, their share."""

    category: str
    label: str
    count: int
    probability: float

    def to_json(self) -> dict[str, Any]:
        return {"category": self.category, "label": self.label, "count": int(self.count),
                "probability": float(self.probability)}


@dataclass(frozen=True, slots=True)
class CensusSection:
    """The census under one reading: every line's count adds up to ``total``."""

    name: str
    reading: str
    lines: tuple[CensusLine, ...]
    total: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "reading": self.reading, "total": int(self.total),
                "lines": [line.to_json() for line in self.lines]}


#: The best-five categories, best first, with the words shown.
_BEST: tuple[tuple[HandCode, str, str], ...] = (
    (HandCode.FIVE_ACES, "five_aces", "five aces"),
    (HandCode.ROYAL_FLUSH, "natural_royal_flush", "royal flush, no joker (natural)"),
    (HandCode.ROYAL_FLUSH_WITH_JOKER, "royal_flush_with_joker", "royal flush with the joker"),
    (HandCode.STRAIGHT_FLUSH, "straight_flush_with_no_joker", "straight flush, no joker"),
    (HandCode.STRAIGHT_FLUSH_WITH_JOKER, "straight_flush_with_joker",
     "straight flush with the joker"),
    (HandCode.FOUR_OF_A_KIND, "four_of_a_kind", "four of a kind"),
    (HandCode.FULL_HOUSE, "full_house", "full house"),
    (HandCode.FLUSH, "flush", "flush"),
    (HandCode.STRAIGHT, "straight", "straight"),
    (HandCode.THREE_OF_A_KIND, "three_of_a_kind", "three of a kind"),
    (HandCode.TWO_PAIR, "two_pair", "two pair"),
    (HandCode.PAIR, "one_pair", "one pair"),
    (HandCode.HIGH_CARD, "pai_gow", "pai gow (no pair, straight or flush)"),
)
#: Highest card of a pai gow (rank index, 12 = ace) and its name; nine high is the lowest.
_HIGH: tuple[tuple[int, str], ...] = (
    (12, "ace_high"), (11, "king_high"), (10, "queen_high"), (9, "jack_high"),
    (8, "ten_high"), (7, "nine_high"),
)


def _line(category: str, label: str, count: int, total: int) -> CensusLine:
    return CensusLine(category, label, count, count / total)


def _pai_gow_section(name: str, reading: str, counts: dict[int, int],
                     total: int) -> CensusSection:
    lines = [_line(high, high.replace("_", " "), counts.get(rank, 0), total)
             for rank, high in _HIGH]
    pai_gow = sum(line.count for line in lines)
    if pai_gow != sum(counts.values()):
        raise ValueError(f"{name}: a pai gow below nine high ({counts})")
    lines.append(_line("not_pai_gow", "not a pai gow (a pair, straight or flush)",
                       total - pai_gow, total))
    return CensusSection(name, reading, tuple(lines), total)


#: The categories with the joker only an ace, best first (no flush or straight flush with it).
_ACE_ONLY: tuple[tuple[PaiGowCategory, str, str], ...] = (
    (PaiGowCategory.FIVE_ACES, "five_aces", "five aces (four aces and the joker)"),
    (PaiGowCategory.ROYAL_FLUSH, "royal_flush", "royal flush"),
    (PaiGowCategory.STRAIGHT_FLUSH, "straight_flush", "straight flush"),
    (PaiGowCategory.FOUR_OF_A_KIND, "four_of_a_kind", "four of a kind"),
    (PaiGowCategory.FULL_HOUSE, "full_house", "full house"),
    (PaiGowCategory.FLUSH, "flush", "flush"),
    (PaiGowCategory.STRAIGHT, "straight", "straight"),
    (PaiGowCategory.THREE_OF_A_KIND, "three_of_a_kind", "three of a kind"),
    (PaiGowCategory.TWO_PAIR, "two_pair", "two pair"),
    (PaiGowCategory.PAIR, "one_pair", "one pair"),
    (PaiGowCategory.HIGH_CARD, "pai_gow", "pai gow (no pair, straight or flush)"),
)


_BLOCK = 1 << 14
#: The category of each class of :func:`joker_as_ace_codes` / :func:`five_card_codes`.
_ACE_ONLY_CATEGORY: dict[HandCode, PaiGowCategory] = {
    **{code: PaiGowCategory[code.name] for code in HandCode
       if code.name in PaiGowCategory.__members__},
    HandCode.STRAIGHT_FLUSH_WITH_JOKER: PaiGowCategory.STRAIGHT_FLUSH,
    HandCode.ROYAL_FLUSH_WITH_JOKER: PaiGowCategory.ROYAL_FLUSH,
}


def _best_joker_as_ace(cards: IntArray) -> IntArray:
    """The best :class:`HandCode` of the 21 five-card hands of each row of seven ascending cards,
    the joker (last, if any) only an ace."""
    natural, as_ace = five_card_codes(), joker_as_ace_codes()
    joker = cards[:, -1] == JOKER_INDEX
    best = np.zeros(len(cards), dtype=np.int64)
    for high in subset_columns(7, 5):
        with_joker = joker & (high[-1] == 6)
        code = natural[colex_rank(cards[:, list(high)])].astype(np.int64)
        if high[-1] == 6 and with_joker.any():
            real = cards[with_joker][:, list(high[:4])]
            code[with_joker] = as_ace[colex_rank(real)]
        np.maximum(best, code, out=best)
    return best


def _ace_only_section(census: PaiGowCensus) -> CensusSection | None:
    """None when the census is not of its ``ranks``' deck (a census stored without its ranks
    is taken as the full deck's; only a test stores a smaller one there)."""
    total = census.total
    found = np.zeros(len(HandCode), dtype=np.int64)
    classes = each_hand_class(census.ranks)
    while block := list(islice(classes, _BLOCK)):  # a block at a time: no array of them all
        cards = np.array([c for c, _ in block], dtype=np.int64)
        sizes = np.array([n for _, n in block], dtype=np.int64)
        best = _best_joker_as_ace(cards)
        for code in np.unique(best).tolist():
            found[code] += int(sizes[best == code].sum())
    counts = {category: 0 for category, _, _ in _ACE_ONLY}
    for code, number in enumerate(found.tolist()):
        counts[_ACE_ONLY_CATEGORY[HandCode(code)]] += number
    if sum(counts.values()) != total:
        return None
    return CensusSection(
        "best_five_joker_only_an_ace",
        "the best five-card hand of the seven cards, the joker only an ace (it pairs an ace and "
        "completes a straight only as an ace, never a flush; four aces and the joker are five "
        "aces): the reading of 5324.41(c)(7)",
        tuple(_line(name, label, counts[category], total) for category, name, label in _ACE_ONLY),
        total,
    )


def census_sections(census: PaiGowCensus, *,
                    every_category_both_readings: bool = False) -> tuple[CensusSection, ...]:
    """Every category the census classifies, under each joker reading where counts differ;
    with ``every_category_both_readings`` also every best-five category with the joker only an
    ace (a second pass over the census's classes of hands: seconds)."""
    total = census.total
    best = {code: 0 for code, _, _ in _BEST}
    only_ace: dict[int, int] = {}
    completes: dict[int, int] = {}
    for features, count in census.counts.items():
        best[features.best] += count
        high = features.insurance_high
        if high >= 0:
            only_ace[high] = only_ace.get(high, 0) + count
        if features.best is HandCode.HIGH_CARD:
            if high < 0:  # with the joker wild no pair, straight or flush: so none as an ace
                raise ValueError(f"a pai gow with the joker completing is none as an ace: "
                                 f"{features}")
            completes[high] = completes.get(high, 0) + count
    section = _ace_only_section(census) if every_category_both_readings else None
    both = (section,) if section is not None else ()
    if both:
        pai_gow = sum(only_ace.values())
        if both[0].lines[-1].count != pai_gow:
            raise ValueError(f"pai gow with the joker only an ace: {both[0].lines[-1].count:,} "
                             f"by the rankings, {pai_gow:,} by the census")
    return (
        CensusSection(
            "best_five",
            "the best five-card hand of the seven cards; the joker an ace, or any card that "
            "completes a straight, flush, straight flush or royal flush, 5324.41(c)(1)-(3)",
            tuple(_line(name, label, best[code], total) for code, name, label in _BEST),
            total,
        ),
        *both,
        _pai_gow_section(
            "pai_gow_joker_only_an_ace",
            "pai gow hands by highest card, the joker only an ace (it completes no straight or "
            "flush): the insurance wager, 5324.41(c)(7), (m)(3)",
            only_ace, total,
        ),
        _pai_gow_section(
            "pai_gow_joker_completes",
            "pai gow hands by highest card, the joker also completing straights and flushes: "
            "the imperial banker hand bonus, 5324.41(p)(3)(i), (p)(5)",
            completes, total,
        ),
    )
