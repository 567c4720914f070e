"""The house way's engine as it was before it worked on card positions: the reference the
rewritten engine is compared with on a large random sample (tests/unit/test_pai_gow_house_way_
unchanged.py). Test scaffolding only; it reads the same validated house way."""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import attrgetter
from typing import Any

from dealer_station.cards import SUITS, Card, CardError, Rank
from dealer_station.games.pai_gow.house_way import ACE, HouseWay, StraightOrFlush

_JOKER_RANK = int(Rank.JOKER)
#: Plans by house way (not the product's cache: its plans have another shape), the house way held
#: so that its id is not reused.
_PLANS: dict[int, tuple[HouseWay, dict[int, Any]]] = {}


def _plans(way: HouseWay) -> dict[int, Any]:
    return _PLANS.setdefault(id(way), (way, {}))[1]


def set_hand(seven: Sequence[Card], way: HouseWay) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return _set(seven, way)


#: For each 13-bit rank mask (bit r-2 for ranks 2..14): the straights' top ranks it holds with no
#: card missing, and with exactly one card missing (the joker's), as ``(top, missing rank)``.
_WINDOWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(t - 4, t + 1)) if t > 5 else (14, 2, 3, 4, 5) for t in range(5, 15)
)


def _straights_for(mask: int) -> tuple[tuple[int, int], ...]:
    found = []
    for window in _WINDOWS:
        missing = [r for r in window if not mask >> (r - 2) & 1]
        if len(missing) <= 1:
            found.append((window[-1] if window[0] != 14 else 5, missing[0] if missing else 0))
    return tuple(found)


# The straights of each rank mask, worked out when a mask first comes up (not 8,192 of them at
# import: a command that sets one hand does not pay for the rest).
_STRAIGHTS: dict[int, tuple[tuple[int, int], ...]] = {}
_NATURAL_STRAIGHTS: dict[int, tuple[tuple[int, int], ...]] = {}


def _straights(mask: int, joker: bool = True) -> tuple[tuple[int, int], ...]:
    """The straights of the rank mask, with (``joker``) or without the joker's missing card.

    >>> _straights(0b11110), _straights(0b11111, joker=False)  # 3-6: 2-6 or 3-7; 2-3-4-5-6
    (((6, 2), (7, 7)), ((6, 0),))
    """
    found = _STRAIGHTS.get(mask)
    if found is None:
        found = _STRAIGHTS[mask] = _straights_for(mask)
        _NATURAL_STRAIGHTS[mask] = tuple(s for s in found if not s[1])
    return found if joker else _NATURAL_STRAIGHTS[mask]


def _low_key(a: int, b: int) -> tuple[int, int, int]:
    """Order two low-hand ranks (joker as ace): a pair above any two different cards."""
    if a == b:
        return (1, a, a)
    return (0, a, b) if a > b else (0, b, a)


def _rank(card: Card) -> int:
    r = int(card.rank)
    return ACE if r == _JOKER_RANK else r


def _set(seven: Sequence[Card], way: HouseWay) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Set seven distinct cards: the plan of their rank pattern (cached per house way), replaced
    by a straight or flush when the category's policy and the cards call for it."""
    table = _CARD_CODES
    by_code: dict[int, Card] = {}
    pattern = 0
    suits = _SUIT_BIAS
    for card in seven:
        got = table.get(id(card))
        if got is None or got[0] is not card:
            got = _remember(card)
        by_code[got[1]] = card
        pattern += got[2]
        suits += got[3]
    if len(by_code) != 7:
        raise CardError("the seven cards must be seven different cards")
    codes = sorted(by_code, reverse=True)  # rank high to low (the joker first), then suit
    entry = _plans(way).get(pattern)
    if entry is None:
        entry = _pattern(pattern, [by_code[c] for c in codes], [c >> 2 for c in codes], way)
    high_idx, low_idx, policy, plan_low, straights = entry
    if policy is not StraightOrFlush.NEVER:
        flush_possible = bool(suits & _FLUSH_BITS)
        if flush_possible or straights:
            cards = [by_code[c] for c in codes]
            best = _best_straight_or_flush(cards, straights, flush_possible, codes[0] >= _JOKER)
            if best is not None and (policy is StraightOrFlush.ALWAYS or best[0] >= plan_low):
                return (
                    tuple(sorted(best[2], key=_BY_RANK, reverse=True)),
                    tuple(sorted(best[3], key=_BY_RANK, reverse=True)),
                )
    return (
        tuple([by_code[codes[i]] for i in high_idx]),
        tuple([by_code[codes[i]] for i in low_idx]),
    )


_Pattern = tuple[
    tuple[int, ...], tuple[int, ...], StraightOrFlush, tuple[int, int, int],
    tuple[tuple[int, int], ...],
]
#: id(card) -> (card, code, rank count increment, suit count increment). The code is
#: rank * 4 + 3 - suit number (spades first within a rank; the joker 60); the rank pattern of
#: seven cards is the sum of 1 << 3 * (rank - 2) (no rank appears more than four times, the joker
#: once, so the sum identifies the ranks); the suit counts are four 4-bit counters biased by 3,
#: the joker adding one to each, so a counter reaches 8 exactly when a flush is possible.
_CARD_CODES: dict[int, tuple[Card, int, int, int]] = {}
_SUIT_NUMBERS = {id(suit): n for n, suit in enumerate(SUITS)}
_SUIT_BIAS = 0x3333
_FLUSH_BITS = 0x8888
_JOKER = _JOKER_RANK * 4


def _remember(card: Card) -> tuple[Card, int, int, int]:
    if not isinstance(card, Card):
        raise CardError(f"{card!r} is not a card")
    if len(_CARD_CODES) > 4096:
        _CARD_CODES.clear()
    if card.is_joker:
        got = (card, _JOKER, 1 << 3 * (_JOKER_RANK - 2), 0x1111)
    else:
        n = _SUIT_NUMBERS[id(card.suit)]
        r = int(card.rank)
        got = (card, r * 4 + 3 - n, 1 << 3 * (r - 2), 1 << 4 * n)
    _CARD_CODES[id(card)] = got
    return got


def _pattern(pattern: int, cards: list[Card], ranks: list[int], way: HouseWay) -> _Pattern:
    """Plan the rank pattern of ``cards`` (sorted high to low, the joker first; ``ranks`` their
    ranks, the joker 15) and remember it under ``pattern``."""
    by_rank: dict[int, list[Card]] = {}
    mask = 0
    for card, r in zip(cards, ranks, strict=True):
        if r != _JOKER_RANK:
            by_rank.setdefault(r, []).append(card)
            mask |= 1 << (r - 2)
    has_joker = ranks[0] == _JOKER_RANK
    if has_joker:
        by_rank.setdefault(ACE, []).append(cards[0])
    # Groups (count, rank, cards): largest count first, then highest rank; the joker last.
    groups = sorted([(len(v), r, v) for r, v in by_rank.items()], reverse=True)
    category, plan, quantities = _plan(groups)
    rule = way.rules[category]
    high, low = plan(groups, bool(rule.alternative_when) and rule.alternative(quantities))
    position = {id(card): i for i, card in enumerate(cards)}
    entry: _Pattern = (
        tuple(sorted(position[id(c)] for c in high)),
        tuple(sorted(position[id(c)] for c in low)),
        rule.straight_or_flush,
        _low_key(_rank(low[0]), _rank(low[1])),
        _straights(mask, has_joker),
    )
    _plans(way)[pattern] = entry
    return entry


_BY_RANK = attrgetter("rank")


_Groups = list[tuple[int, int, list[Card]]]
_Split = tuple[list[Card], list[Card]]


def _singles(groups: _Groups) -> list[Card]:
    return [g[2][0] for g in groups if g[0] == 1]


def _plan(groups: _Groups) -> tuple[str, Any, dict[str, int]]:
    counts = [g[0] for g in groups]
    ranks = [g[1] for g in groups]
    singles = [r for r, c in zip(ranks, counts, strict=True) if c == 1]
    q: dict[str, int] = {}
    if singles:
        q["singleton"] = singles[0]
    if len(singles) > 1:
        q["second_singleton"] = singles[1]
    top = counts[0]
    if top == 5:
        if len(counts) > 1 and counts[1] == 2:
            q["pair"] = ranks[1]
        return "five_aces", _five_aces, q
    if top == 4:
        q["quads"] = ranks[0]
        if counts[1] >= 2:
            q["pair"] = ranks[1]
        return "four_of_a_kind", _four_of_a_kind, q
    if top == 3:
        if counts[1] == 3:
            q.update(high_trips=ranks[0], low_trips=ranks[1])
            return "two_trips", _two_trips, q
        q["trips"] = ranks[0]
        if counts[1] == 2:
            q["pair"] = ranks[1]
            return "full_house", _full_house, q
        return "trips", _trips, q
    if top == 2:
        pairs = counts.count(2)
        if pairs == 3:
            q.update(high_pair=ranks[0], low_pair=ranks[2])
            return "three_pair", _three_pair, q
        if pairs == 2:
            q.update(high_pair=ranks[0], low_pair=ranks[1])
            return "two_pair", _two_pair, q
        q["pair"] = ranks[0]
        return "one_pair", _one_pair, q
    return "no_pair", _no_pair, q


def _no_pair(groups: _Groups, _alternative: bool) -> _Split:
    s = _singles(groups)
    return [s[0], *s[3:]], s[1:3]


def _one_pair(groups: _Groups, _alternative: bool) -> _Split:
    s = _singles(groups)
    return [*groups[0][2], *s[2:]], s[:2]


def _two_pair(groups: _Groups, together: bool) -> _Split:
    s = _singles(groups)
    if together:
        return [*groups[0][2], *groups[1][2], s[2]], s[:2]
    return [*groups[0][2], *s], list(groups[1][2])


def _three_pair(groups: _Groups, _alternative: bool) -> _Split:
    return [*groups[1][2], *groups[2][2], *_singles(groups)], list(groups[0][2])


def _trips(groups: _Groups, split: bool) -> _Split:
    trips, s = groups[0][2], _singles(groups)
    if split:
        return [trips[0], trips[1], *s[1:]], [trips[2], s[0]]
    return [*trips, *s[2:]], s[:2]


def _two_trips(groups: _Groups, _alternative: bool) -> _Split:
    higher, lower = groups[0][2], groups[1][2]
    return [*lower, higher[2], *_singles(groups)], [higher[0], higher[1]]


def _full_house(groups: _Groups, together: bool) -> _Split:
    trips, pair = groups[0][2], groups[1][2]
    rest = [c for g in groups[2:] for c in g[2]]
    if together and len(rest) == 2 and rest[0].rank != rest[1].rank:
        return [*trips, *pair], rest
    return [*trips, *rest], list(pair)


def _four_of_a_kind(groups: _Groups, together: bool) -> _Split:
    quads = groups[0][2]
    if len(groups[1][2]) >= 2:  # a pair or three of a kind besides: its (highest) pair low
        other = groups[1][2]
        rest = [c for g in groups[2:] for c in g[2]]
        return [*quads, *other[2:], *rest], [other[0], other[1]]
    s = _singles(groups)
    if together:
        return [*quads, s[2]], s[:2]
    return [quads[0], quads[1], *s], [quads[2], quads[3]]


def _five_aces(groups: _Groups, together: bool) -> _Split:
    aces = groups[0][2]  # natural aces first, the joker last
    rest = [c for g in groups[1:] for c in g[2]]
    if together:
        return list(aces), rest
    return [*aces[2:], *rest], [aces[0], aces[1]]


def _straight_pick(
    seven: Sequence[Card], top: int, missing: int, joker: Card | None, suited: bool
) -> list[tuple[list[Card], list[Card]]]:
    """Every way (up to suits) to take the straight ending at ``top`` from ``seven``, the joker
    filling ``missing`` or (when the straight is complete without it) standing in for one card."""
    window = (14, 2, 3, 4, 5) if top == 5 else tuple(range(top - 4, top + 1))
    first: dict[int, Card] = {}
    for card in seven:
        r = int(card.rank)
        if r in window and r not in first and r != _JOKER_RANK:
            first[r] = card
    picks = []
    if missing:
        if joker is None:
            return []
        used = [first[r] for r in window if r != missing] + [joker]
        picks.append(used)
    else:
        natural = [first[r] for r in window]
        picks.append(natural)
        if joker is not None and not suited:
            for r in window:
                picks.append([first[x] for x in window if x != r] + [joker])
    out = []
    for used in picks:
        taken = {id(c) for c in used}
        out.append((used, [c for c in seven if id(c) not in taken]))
    return out


def _best_straight_or_flush(
    seven: Sequence[Card],
    straights: Sequence[tuple[int, int]],
    flush_possible: bool,
    has_joker: bool,
) -> tuple[tuple[int, int, int], tuple[int, ...], list[Card], list[Card]] | None:
    """The straight, flush or straight flush leaving the highest low hand (ties: the higher
    kind, then the higher cards in the high hand)."""
    joker = next((c for c in seven if c.is_joker), None) if has_joker else None
    best: tuple[tuple[int, int, int], tuple[int, ...], list[Card], list[Card]] | None = None
    candidate: tuple[tuple[int, int, int], tuple[int, ...], list[Card], list[Card]]
    for top, missing in straights:
        for used, rest in _straight_pick(seven, top, missing, joker, False):
            candidate = (_low_key(_rank(rest[0]), _rank(rest[1])), (0, top), used, rest)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
    if flush_possible:
        by_suit: dict[Any, list[Card]] = {}
        for card in seven:
            if card.suit is not None:
                by_suit.setdefault(card.suit, []).append(card)
        for group in by_suit.values():
            pool = group + ([joker] if joker is not None else [])
            if len(pool) < 5:
                continue
            for five in combinations(pool, 5):
                taken = {id(c) for c in five}
                rest = [c for c in seven if id(c) not in taken]
                kind = _flush_kind(five)
                candidate = (_low_key(_rank(rest[0]), _rank(rest[1])), kind, list(five), rest)
                if best is None or candidate[:2] > best[:2]:
                    best = candidate
    if best is None:
        return None
    return best


def _flush_kind(five: Sequence[Card]) -> tuple[int, ...]:
    """(2, top) for a straight flush, else (1, ranks high to low), for tie-breaks only."""
    natural = [int(c.rank) for c in five if not c.is_joker]
    mask = 0
    for r in natural:
        mask |= 1 << (r - 2)
    jokers = 5 - len(natural)
    for top, missing in reversed(_straights(mask)):
        if (missing == 0 and len(set(natural)) == 5) or (missing and jokers):
            return (2, top)
    return (1, *sorted((r if r != _JOKER_RANK else ACE for r in natural), reverse=True),
            *([ACE] * jokers))
