"""Let It Ride (5324.34): the base game under the return-maximising strategy, the $1 let it ride
bonus ((f)(3)) and the three-card bonus ((f)(4)), exactly, over every deal of the 52-card deck.

Hands are classified by the rankings' bulk evaluator. The base game is solved backwards over all
2,598,960 five-card hands with array arithmetic. Every unit riding wins or loses the same amount
``v(hand)`` (the pay odds, or -1 below a pair of tens, (e)(7)), and the two decisions are
independent ((e)(4)), so:

* bet two rides on four cards exactly when ``E[v | four cards] > 0`` (the 48 fifth cards);
* bet one rides on three cards exactly when ``E[v | three cards] > 0`` (the 1,176 pairs of
  community cards);
* bet three always rides.

The hands are walked once, in blocks of a few thousand, each adding its category (not its value)
into its five four-card and ten three-card subsets by colex rank (:func:`completion_counts`): what
any pay table then needs is a small matrix product, and memory stays bounded (a few megabytes of
counts, never an array over all the hands).
The payout limit of (f)(2) is ignored (it only matters for wagers far above any table maximum).

Pay tables are passed as ``{category: odds}`` with the category names of
:data:`BASE_GAME_HANDS`, :data:`THREE_CARD_HANDS`; :mod:`dealer_station.analysis.paytables` builds
them from the game's own tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm

import numpy as np
import numpy.typing as npt

from dealer_station.analysis.combinatorics import (
    BINOMIAL,
    IntArray,
    SmallArray,
    colex_rank,
    combinations_array,
    subset_columns,
)
from dealer_station.analysis.five_card_table import BoolArray
from dealer_station.analysis.report import PayLine, WagerReport, format_odds, odds_report
from dealer_station.games.let_it_ride.paytables import BASE_HANDS
from dealer_station.games.let_it_ride.paytables import BONUS_HANDS as PAID_BONUS_HANDS
from dealer_station.money import format_cents
from dealer_station.rankings import bulk
from dealer_station.rankings.five_card import QUALIFYING_KEY, FiveCardCategory
from dealer_station.rankings.three_card import ThreeCardCategory

__all__ = [
    "BASE_GAME_HANDS",
    "BONUS_HANDS",
    "THREE_CARD_HANDS",
    "BaseGameSolution",
    "CompletionCounts",
    "base_game_report",
    "bet_one_strategy",
    "bonus_report",
    "completion_counts",
    "five_card_categories",
    "holding_name",
    "solve_base_game",
    "strategy_by_rank_pattern",
    "three_card_bonus_report",
]

#: Base game hands of (f)(1), best first (``pair``: tens or better), then the losing hands.
BASE_GAME_HANDS: tuple[str, ...] = (*BASE_HANDS, "pair_below_tens", "high_card")
#: Hands of the $1 let it ride bonus, (f)(3).
BONUS_HANDS: tuple[str, ...] = PAID_BONUS_HANDS
#: Three-card bonus hands of (b)(3), best first, then the losing hand.
THREE_CARD_HANDS: tuple[str, ...] = (
    "mini_royal",
    "straight_flush",
    "three_of_a_kind",
    "straight",
    "flush",
    "pair",
    "high_card",
)

_HANDS = 2_598_960
_THREES = 22_100
_FOURS = 270_725
_CATEGORIES = len(BASE_GAME_HANDS)


def _category_lookup() -> npt.NDArray[np.int32]:
    """Index into :data:`BASE_GAME_HANDS` by the bulk evaluator's strength (a pair counted as
    tens or better; the low pairs are picked out by key)."""
    lookup = np.zeros(max(c.strength for c in FiveCardCategory) + 1, dtype=np.int32)
    for category in FiveCardCategory:
        lookup[category.strength] = BASE_GAME_HANDS.index(category.value)
    return lookup


def _categories(
    hands: npt.NDArray[np.uint8], lookup: npt.NDArray[np.int32]
) -> npt.NDArray[np.int32]:
    keys = bulk.evaluate_five_array(hands)
    strengths = bulk.strengths(keys)
    categories = lookup[strengths]
    low_pair = (strengths == FiveCardCategory.PAIR.strength) & (keys < QUALIFYING_KEY)
    categories[low_pair] = BASE_GAME_HANDS.index("pair_below_tens")
    return categories


def _compact_subset_ranks(rows: SmallArray, size: int) -> list[npt.NDArray[np.int16]]:
    """:func:`subset_ranks` of rows of 52-card indices, in int16, one subset at a time (no shared
    terms kept)."""
    binomials = [BINOMIAL[:52, k].astype(np.int16) for k in range(1, size + 1)]
    ranks: list[npt.NDArray[np.int16]] = []
    for columns in subset_columns(rows.shape[1], size):
        total = binomials[0][rows[:, columns[0]]]
        for position, column in enumerate(columns[1:], start=1):
            total += binomials[position][rows[:, column]]
        ranks.append(total)
    return ranks


def _hands_by_top_card(fours: SmallArray) -> Iterator[tuple[int, npt.NDArray[np.uint8]]]:
    """Every five-card hand in colex order, one block per highest card ``top``: the
    ``C(top, 4)`` four-card hands below it (the first rows of ``fours``) and ``top``."""
    for top in range(4, 52):
        yield top, _with_top_card(fours[: comb(top, 4)], top)


def _with_top_card(below: SmallArray, top: int) -> npt.NDArray[np.uint8]:
    hands = np.empty((len(below), 5), dtype=np.uint8)
    hands[:, :4] = below
    hands[:, 4] = top
    return hands


def five_card_categories() -> IntArray:
    """Index into :data:`BASE_GAME_HANDS` of every five-card hand of the 52-card deck, by colex
    rank, from the rankings' bulk evaluator and its pair-of-tens qualifier ((e)(7)).

    >>> categories = five_card_categories()
    >>> int((categories == BASE_GAME_HANDS.index("pair")).sum())  # tens or better
    422400
    """
    lookup = _category_lookup()
    fours = combinations_array(52, 4)
    blocks = [_categories(hands, lookup) for _, hands in _hands_by_top_card(fours)]
    return np.concatenate(blocks).astype(np.int64)


@dataclass(frozen=True)
class CompletionCounts:
    """For every four-card and three-card hand, how many of its completions to five cards fall in
    each hand of :data:`BASE_GAME_HANDS`: what the solve needs of the 2,598,960 hands, whatever
    the odds, without holding them all at once."""

    after_four: npt.NDArray[np.uint8]  # (270,725, hands): of the 48 fifth cards
    after_three: npt.NDArray[np.int32]  # (22,100, hands): of the 1,176 community pairs
    hands: IntArray  # per hand of BASE_GAME_HANDS: of the 2,598,960 five-card hands
    three_ranks: list[npt.NDArray[np.int16]]  # of the four-card hands' three-card subsets


_ROWS = 1 << 15


def _count_into(
    counts: npt.NDArray[np.uint8] | npt.NDArray[np.int32],
    ranks: npt.NDArray[np.int16],
    width: int,
    categories: npt.NDArray[np.int32],
) -> None:
    keys = ranks.astype(np.int32) * width
    keys += categories
    found = np.bincount(keys)
    # at most 48 completions of a four-card hand: the uint8 counts do not wrap
    np.add(counts[: len(found)], found, out=counts[: len(found)], casting="unsafe")


@lru_cache(maxsize=1)
def completion_counts() -> CompletionCounts:
    """Count, block by block of five-card hands with the same highest card ``top``, each hand's
    category into its five four-card and ten three-card subsets. In a block the subsets without
    ``top`` are the four-card hand below (its own rank) and that hand's three-card subsets; those
    with ``top`` are ranked past ``C(top, 4)`` or ``C(top, 3)`` by the three- and two-card subsets
    of the hand below, whose ranks are computed once over all four-card hands. Cached.

    >>> counts = completion_counts()
    >>> int(counts.hands.sum()), int(counts.after_four.sum()) == 5 * 2_598_960
    (2598960, True)
    """
    width = _CATEGORIES
    lookup = _category_lookup()
    fours = combinations_array(52, 4)
    # every rank of a three- or two-card hand fits int16 (22,100 three-card hands)
    three_ranks = _compact_subset_ranks(fours, 3)
    two_ranks = _compact_subset_ranks(fours, 2)
    after_four = np.zeros((_FOURS, width), dtype=np.uint8)
    after_three = np.zeros((_THREES, width), dtype=np.int32)
    for top in range(4, 52):
        below, threes, twos = comb(top, 4), comb(top, 3), comb(top, 2)
        # The four-card hands with ``top`` (ranks past ``below``) are counted here only, in this
        # block; the later blocks count into them as the hand below.
        with_three = after_four[below : below + threes].reshape(-1)
        with_two = after_three[threes : threes + twos].reshape(-1)
        for start in range(0, below, _ROWS):  # a few rows at a time: small temporaries
            rows = slice(start, min(start + _ROWS, below))
            categories = _categories(_with_top_card(fours[rows], top), lookup)
            for category in range(width):  # the four-card hand below, one category at a time
                after_four[rows, category] += categories == category
            # one bincount key per subset and category: rank * width + category
            for ranks in three_ranks:
                _count_into(with_three, ranks[rows], width, categories)
            for ranks in two_ranks:
                _count_into(with_two, ranks[rows], width, categories)
        after_three[:threes] += after_four[below : below + threes]
    totals = after_three.sum(axis=0) // 10
    for array in (after_four, after_three, totals):
        array.setflags(write=False)
    return CompletionCounts(after_four, after_three, totals, three_ranks)


def _category_counts() -> list[int]:
    return [int(n) for n in completion_counts().hands]


Odds = Mapping[str, Fraction | int]


def _odds_vector(pays: Odds, hands: tuple[str, ...]) -> tuple[IntArray, int]:
    """Integer values (odds won, -1 lost) per hand, scaled by a common denominator."""
    unknown = set(pays) - set(hands)
    if unknown:
        raise ValueError(f"unknown hands in the pay table: {', '.join(sorted(unknown))}")
    values = [Fraction(pays[name]) if name in pays else Fraction(-1) for name in hands]
    scale = lcm(*(v.denominator for v in values))
    return np.array([int(v * scale) for v in values], dtype=np.int64), scale


@dataclass(frozen=True)
class BaseGameSolution:
    """The solved base game: the decision for every three- and four-card holding and the exact
    expected return per unit (one of the three equal bets)."""

    ride_bet_one: BoolArray  # per three-card colex rank
    ride_bet_two: BoolArray  # per four-card colex rank
    expected_return: Fraction
    units_by_category: IntArray  # per hand of BASE_GAME_HANDS: units riding, over 20 deal orders
    sum_after_three: IntArray  # per three-card hand: the values of its 1,176 completions, summed
    sum_after_four: IntArray  # per four-card hand: the values of its 48 completions, summed
    scale: int  # the values are odds times ``scale``

    def value_after_three(self, cards: Sequence[int]) -> Fraction:
        """Expected value of one unit riding, seen from the player's three cards (indices)."""
        total = int(self.sum_after_three[int(colex_rank([sorted(cards)])[0])])
        return Fraction(total, 1176 * self.scale)

    def value_after_four(self, cards: Sequence[int]) -> Fraction:
        """Expected value of one unit riding, seen from four cards (three and the first
        community card)."""
        total = int(self.sum_after_four[int(colex_rank([sorted(cards)])[0])])
        return Fraction(total, 48 * self.scale)

    @property
    def average_units_wagered(self) -> float:
        return float(self.units_by_category.sum()) / (20 * _HANDS)


_BLOCK = 1 << 14


def solve_base_game(pays: Odds) -> BaseGameSolution:
    """Solve the base game for the odds ``pays`` (hands of :data:`BASE_GAME_HANDS` not listed lose).

    >>> from dealer_station.analysis.let_it_ride import solve_base_game
    >>> minimum = {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 50,
    ...            "full_house": 11, "flush": 8, "straight": 5, "three_of_a_kind": 3,
    ...            "two_pair": 2, "pair": 1}
    >>> round(float(solve_base_game(minimum).expected_return), 6)
    -0.035057
    """
    odds, scale = _odds_vector(pays, BASE_GAME_HANDS)
    counts = completion_counts()
    sum_four = np.concatenate(
        [counts.after_four[start : start + _BLOCK] @ odds for start in range(0, _FOURS, _BLOCK)]
    )
    sum_three = counts.after_three @ odds
    best_four = np.maximum(sum_four, 0)
    best_after_three = np.zeros(_THREES, dtype=np.int64)
    for ranks in counts.three_ranks:
        best_after_three += np.bincount(ranks, weights=best_four, minlength=_THREES).astype(
            np.int64
        )
    # Per three-card hand, in units of 1 / 2352 (= 1176 * 2 = 49 * 48):
    #   bet three: sum_three / 1176; bet one: max(sum_three, 0) / 1176; bet two: best / (49 * 48).
    numerator = int((2 * sum_three + 2 * np.maximum(sum_three, 0) + best_after_three).sum())
    expected = Fraction(numerator, _THREES * 2352 * scale)
    ride_one = sum_three > 0
    ride_two = sum_four > 0
    # Each five-card hand has 20 deal orders (which two cards are the community cards, in turn);
    # bet one rides in two of them per three-card subset riding, bet two in four per four-card one.
    units = 20 * counts.hands
    units = units + 2 * counts.after_three[ride_one].sum(axis=0)
    units = units + 4 * counts.after_four[ride_two].sum(axis=0, dtype=np.int64)
    for array in (ride_one, ride_two, units, sum_three, sum_four):
        array.setflags(write=False)
    return BaseGameSolution(ride_one, ride_two, expected, units, sum_three, sum_four, scale)


_SYMBOLS = "23456789TJQKA"


def holding_name(cards: Sequence[int]) -> str:
    """A three-card holding up to suits: its ranks, highest first, and which cards are suited.

    >>> from dealer_station.cards import parse_cards
    >>> [holding_name([c.index for c in parse_cards(t)]) for t in
    ...  ("Qs Ks As", "Ah Kd Qc", "Th Td 4h", "9s 8s 2d")]
    ['A K Q suited', 'A K Q', 'T T 4 (T 4 suited)', '9 8 2 (9 8 suited)']
    """
    ordered = sorted(cards, reverse=True)
    ranks = " ".join(_SYMBOLS[c // 4] for c in ordered)
    suits = [c % 4 for c in ordered]
    if len(set(suits)) == 1:
        return f"{ranks} suited"
    for i, j in ((0, 1), (0, 2), (1, 2)):
        if suits[i] == suits[j]:
            pair = f"{_SYMBOLS[ordered[i] // 4]} {_SYMBOLS[ordered[j] // 4]}"
            return f"{ranks} ({pair} suited)"
    return ranks


def bet_one_strategy(solution: BaseGameSolution) -> tuple[str, ...]:
    """The three-card holdings on which bet one rides, strongest first, from the solved game
    (5324.34(e)(2)); suit-isomorphic holdings share a name and a decision."""
    threes = combinations_array(52, 3)
    decided: dict[str, bool] = {}
    value: dict[str, int] = {}
    for row, rides, total in zip(
        threes.tolist(), solution.ride_bet_one.tolist(), solution.sum_after_three.tolist(),
        strict=True,
    ):
        name = holding_name(row)
        if decided.setdefault(name, rides) != rides:
            raise AssertionError(f"suit-isomorphic holdings {name} decided differently")
        value[name] = total
    riding = [name for name, rides in decided.items() if rides]
    return tuple(sorted(riding, key=lambda name: -value[name]))


#: The base game's lines whose name alone would mislead: the paying pair is tens or better
#: (5324.34(f)(1)).
_BASE_LABELS = {"pair": "pair of tens or better", "pair_below_tens": "pair below tens"}


def _or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def strategy_by_rank_pattern(names: Sequence[str]) -> tuple[str, ...]:
    """The holdings on which bet one rides (:func:`holding_name` names), grouped by rank pattern
    for reading: three of a kind, each pair with the third cards it rides with, then the holdings
    without a pair by how many of their cards share a suit. Nothing is left out: a holding that
    rides only in some suit arrangements says which.

    >>> for line in strategy_by_rank_pattern(
    ...         ["A A A", "K K K", "T T 4", "T T 4 (T 4 suited)", "J J 2", "A K Q suited",
    ...          "5 4 3 suited", "A K J (A K suited)"]):
    ...     print(line)
    three of a kind: K K K or A A A
    a pair of Ts with a 4
    a pair of Js with a 2 (the 2 not of either J's suit)
    three of one suit: A K Q or 5 4 3
    A K J with A K suited
    """
    order = {symbol: i for i, symbol in enumerate(_SYMBOLS)}
    trips: list[str] = []
    pairs: dict[str, dict[str, set[str]]] = {}
    no_pair: dict[str, set[str]] = {}
    for name in names:
        ranks, _, suits = name.partition(" (")
        ranks = ranks.removesuffix(" suited")
        variant = "suited" if name.endswith(" suited") else suits.rstrip(")") or "plain"
        a, b, c = ranks.split()
        if a == b == c:
            trips.append(ranks)
        elif a == b or b == c:
            pair, kicker = (a, c) if a == b else (b, a)
            pairs.setdefault(pair, {}).setdefault(kicker, set()).add(variant)
        else:
            no_pair.setdefault(ranks, set()).add(variant)
    lines = []
    if trips:
        trips.sort(key=lambda t: order[t[0]])
        lines.append("three of a kind: " + ("every rank" if len(trips) == 13 else _or(trips)))
    any_third = [p for p in sorted(pairs, key=order.__getitem__)
                 if len(pairs[p]) == 12 and all(len(v) == 2 for v in pairs[p].values())]
    if any_third:
        lines.append(f"a pair of {_or([p + 's' for p in any_third])} with any third card")
    for pair in sorted(set(pairs) - set(any_third), key=order.__getitem__):
        kickers = pairs[pair]
        full = [k for k in sorted(kickers, key=order.__getitem__) if len(kickers[k]) == 2]
        if full:
            lines.append(f"a pair of {pair}s with a {_or(full)}")
        for kicker in sorted(set(kickers) - set(full), key=order.__getitem__):
            (variant,) = kickers[kicker]
            how = (f"the {kicker} of one of the {pair}s' suits" if variant != "plain"
                   else f"the {kicker} not of either {pair}'s suit")
            lines.append(f"a pair of {pair}s with a {kicker} ({how})")
    by_rank = sorted(no_pair, key=lambda r: [-order[x] for x in r.split()])
    suited = [r for r in by_rank if no_pair[r] == {"suited"}]
    if suited:
        lines.append(f"three of one suit: {_or(suited)}")
    for ranks in by_rank:
        if ranks not in suited:
            words = {"plain": "no two of one suit", "suited": "all three of one suit"}
            ways = sorted(words.get(w, w) for w in no_pair[ranks])
            lines.append(f"{ranks} with {_or(ways)}")
    return tuple(lines)


def base_game_report(pays: Odds, table: str | None = None) -> WagerReport:
    """The base game's pay lines under the optimal strategy: each hand's combinations (of the
    2,598,960 final hands), probability, odds, the average number of bets riding on it and its
    share of the expected return per unit."""
    solution = solve_base_game(pays)
    holdings = bet_one_strategy(solution)
    odds, scale = _odds_vector(pays, BASE_GAME_HANDS)
    counts = _category_counts()
    units = solution.units_by_category
    lines = []
    for index, name in enumerate(BASE_GAME_HANDS):
        if counts[index] == 0:
            continue
        riding = float(units[index]) / (20 * counts[index])
        lines.append(
            PayLine(
                name,
                counts[index],
                counts[index] / _HANDS,
                format_odds(Fraction(int(odds[index]), scale)) if odds[index] >= 0 else "loses",
                float(units[index]) * int(odds[index]) / (20 * _HANDS * scale),
                {"average_bets_riding": riding},
                label=_BASE_LABELS.get(name, ""),
            )
        )
    average = solution.average_units_wagered
    expected = float(solution.expected_return)
    return WagerReport(
        "base_game",
        table,
        tuple(lines),
        _HANDS,
        expected,
        notes=(
            "expected return per unit (one of the three equal bets); bet one and bet two ride "
            "exactly when their expected value is positive, 5324.34(e)(2), (e)(4)",
            "payout limit of 5324.34(f)(2) not applied",
        ),
        strategy=tuple(f"bet one rides on {name}" for name in holdings),
        strategy_summary=tuple(f"bet one rides on {words}"
                               for words in strategy_by_rank_pattern(holdings)),
        figures={
            "three_card_hands_riding_bet_one": int(solution.ride_bet_one.sum()),
            "three_card_hands": 22100,
            "four_card_hands_riding_bet_two": int(solution.ride_bet_two.sum()),
            "four_card_hands": len(solution.ride_bet_two),
            "average_units_wagered": average,
            "return_per_unit_wagered": expected / average,
            "return_per_initial_wager": expected / 3,
        },
    )


def bonus_report(
    amounts: Mapping[str, int], table: str | None = None, *, returns_wager: bool = True
) -> WagerReport:
    """The $1 let it ride bonus of (f)(3): ``amounts`` in cents paid per hand, the $1 returned
    besides (``returns_wager``, the configuration's ``bonus_returns_wager``) or included; the $1
    is lost on any other hand. Return per $1 wagered."""
    counts = _category_counts()
    unknown = set(amounts) - set(BONUS_HANDS)
    if unknown:
        raise ValueError(f"unknown hands in the bonus table: {', '.join(sorted(unknown))}")
    lines = []
    expected = Fraction(0)
    for index, name in enumerate(BASE_GAME_HANDS):
        kept = 0 if returns_wager else 1
        won = Fraction(amounts[name], 100) - kept if name in amounts else Fraction(-1)
        share = Fraction(counts[index], _HANDS) * won
        expected += share
        if name in amounts:
            lines.append(
                PayLine(
                    name,
                    counts[index],
                    counts[index] / _HANDS,
                    format_cents(amounts[name]),
                    float(share),
                )
            )
    losing = sum(c for i, c in enumerate(counts) if BASE_GAME_HANDS[i] not in amounts)
    lines.append(PayLine("losing_hands", losing, losing / _HANDS, "loses", -losing / _HANDS))
    return WagerReport(
        "let_it_ride_bonus",
        table,
        tuple(lines),
        _HANDS,
        float(expected),
        notes=(
            "return per $1 wagered; "
            + ("the $1 is returned besides" if returns_wager else "the amounts include the $1"),
        ),
    )


def three_card_bonus_report(pays: Odds, table: str | None = None) -> WagerReport:
    """The three-card bonus for one pay table ``{hand: odds}`` over the 22,100 hands, classified
    by the rankings' bulk evaluator; a mini royal on a table without it is paid as a straight
    flush (tables A-C of (f)(4))."""
    unknown = set(pays) - set(THREE_CARD_HANDS)
    if unknown:
        raise ValueError(f"unknown hands in the three-card table: {', '.join(sorted(unknown))}")

    keys = bulk.evaluate_three_array(combinations_array(52, 3))
    found = bulk.category_counts(keys, ThreeCardCategory)
    counts = {name: found[name] for name in THREE_CARD_HANDS}
    if "mini_royal" not in pays:  # "n/a" in tables A-C
        counts["straight_flush"] += counts.pop("mini_royal")
    return odds_report("three_card_bonus", table, counts, pays, 22100)
