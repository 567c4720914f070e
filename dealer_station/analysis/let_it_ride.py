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

Sums over supersets are scatter-adds over the colex ranks of subsets (each five-card hand adds its
value into its five four-card and ten three-card subsets), so the whole solve is a few array passes.
The payout limit of (f)(2) is ignored (it only matters for wagers far above any table maximum).

Pay tables are passed as ``{category: odds}`` with the category names of
:data:`BASE_GAME_HANDS`, :data:`THREE_CARD_HANDS`; :mod:`dealer_station.analysis.paytables` builds
them from the game's own tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm

import numpy as np

from dealer_station.analysis.combinatorics import (
    IntArray,
    colex_rank,
    combinations_array,
    subset_ranks,
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
    "base_game_report",
    "bet_one_strategy",
    "bonus_report",
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


@lru_cache(maxsize=1)
def five_card_categories() -> IntArray:
    """Index into :data:`BASE_GAME_HANDS` of every five-card hand of the 52-card deck, by colex
    rank, from the rankings' bulk evaluator and its pair-of-tens qualifier ((e)(7)).

    >>> categories = five_card_categories()
    >>> int((categories == BASE_GAME_HANDS.index("pair")).sum())  # tens or better
    422400
    """
    keys = bulk.evaluate_five_array(combinations_array(52, 5))
    strengths = bulk.strengths(keys)
    lookup = np.zeros(max(c.strength for c in FiveCardCategory) + 1, dtype=np.int64)
    for category in FiveCardCategory:
        lookup[category.strength] = BASE_GAME_HANDS.index(category.value)
    categories = lookup[strengths]
    low_pair = (strengths == FiveCardCategory.PAIR.strength) & (keys < QUALIFYING_KEY)
    categories[low_pair] = BASE_GAME_HANDS.index("pair_below_tens")
    categories.setflags(write=False)
    return categories


def _category_counts(categories: IntArray, size: int) -> list[int]:
    return [int(n) for n in np.bincount(categories, minlength=size)]


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
    units_by_hand: IntArray  # per five-card hand: units riding summed over its 20 deal orders
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
        return float(self.units_by_hand.sum()) / (20 * _HANDS)


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
    value = odds[five_card_categories()]
    hands = combinations_array(52, 5)
    fours = combinations_array(52, 4)
    # subset_columns order: the four-card subsets drop columns 4, 3, 2, 1, 0 in turn.
    four_ranks = subset_ranks(hands, 4)
    three_ranks = subset_ranks(hands, 3)
    del hands
    sum_four = np.zeros(len(fours), dtype=np.int64)
    for ranks in four_ranks:
        sum_four += np.bincount(ranks, weights=value, minlength=len(fours)).astype(np.int64)
    sum_three = np.zeros(22100, dtype=np.int64)
    for ranks in three_ranks:
        sum_three += np.bincount(ranks, weights=value, minlength=22100).astype(np.int64)
    best_four = np.maximum(sum_four, 0)
    best_after_three = np.zeros(22100, dtype=np.int64)
    for ranks in subset_ranks(fours, 3):
        best_after_three += np.bincount(ranks, weights=best_four, minlength=22100).astype(np.int64)
    # Per three-card hand, in units of 1 / 2352 (= 1176 * 2 = 49 * 48):
    #   bet three: sum_three / 1176; bet one: max(sum_three, 0) / 1176; bet two: best / (49 * 48).
    numerator = int((2 * sum_three + 2 * np.maximum(sum_three, 0) + best_after_three).sum())
    expected = Fraction(numerator, 22100 * 2352 * scale)
    ride_one = sum_three > 0
    ride_two = sum_four > 0
    units = np.full(len(value), 20, dtype=np.int64)
    for ranks in three_ranks:
        units += 2 * ride_one[ranks]
    for ranks in four_ranks:
        units += 4 * ride_two[ranks]
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
    categories = five_card_categories()
    odds, scale = _odds_vector(pays, BASE_GAME_HANDS)
    counts = _category_counts(categories, len(BASE_GAME_HANDS))
    units = np.bincount(categories, weights=solution.units_by_hand, minlength=len(BASE_GAME_HANDS))
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
    categories = five_card_categories()
    counts = _category_counts(categories, len(BASE_GAME_HANDS))
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
