"""The house way: how the dealer sets seven cards into a five-card high hand and a two-card low
hand, for the dealer's hand, the co-bank's hand (5324.41(h)(5)), a bank hand the bank set
incorrectly (5324.41(q)) and any player who asks.

A casino's house way is *data*: ``resources/house_ways/<name>.toml`` (the standard one is written
up rule by rule in ``docs/house-way.md``). This module is the engine that reads and applies it. The
engine is deterministic: the same seven cards and the same house way give the same two hands.

It works on rank counts (the joker counted as an ace, 5324.41(c)(1)) and on the straights and
flushes the cards can form (the joker completing them, 5324.41(c)(3)), so that it sets tens of
thousands of hands a second; the hands it sets are ranked by :mod:`dealer_station.rankings.pai_gow`
everywhere else. Every plan keeps the high hand at least as high as the low hand
(5324.41(g)(1)).

>>> from dealer_station.cards import format_cards
>>> high, low = set_hand("As Ks 7d 7c 4h 3s 2d")
>>> format_cards(high), format_cards(low)
('7d 7c 4h 3s 2d', 'As Ks')
>>> high, low = set_hand("JK As Kd Qc Jh 9s 4d")
>>> format_cards(high), format_cards(low)
('JK Kd Qc Jh 9s', 'As 4d')
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from dealer_station.cards import SUITS, Card, CardError, Rank, parse_cards
from dealer_station.resources_path import resource_path

__all__ = [
    "CATEGORIES",
    "CategoryRule",
    "Condition",
    "HouseWay",
    "HouseWayError",
    "StraightOrFlush",
    "house_way_from_mapping",
    "load_house_way",
    "set_hand",
]

ACE = 14
_JOKER_RANK = int(Rank.JOKER)


class HouseWayError(ValueError):
    """A house way file that cannot be used, with the reason."""


class StraightOrFlush(StrEnum):
    """What a category does when the seven cards also hold a straight, flush or straight flush."""

    ALWAYS = "always"
    IF_LOW_NOT_WORSE = "if_low_not_worse"
    NEVER = "never"


#: Each category with the quantities its conditions may name and the alternative plan it has
#: (``keep_together_when`` / ``split_when``), if any.
CATEGORIES: Mapping[str, tuple[frozenset[str], str | None]] = {
    "no_pair": (frozenset({"singleton", "second_singleton"}), None),
    "one_pair": (frozenset({"pair", "singleton", "second_singleton"}), None),
    "two_pair": (
        frozenset({"high_pair", "low_pair", "singleton", "second_singleton"}),
        "keep_together_when",
    ),
    "three_pair": (frozenset({"high_pair", "low_pair", "singleton"}), None),
    "trips": (frozenset({"trips", "singleton", "second_singleton"}), "split_when"),
    "two_trips": (frozenset({"high_trips", "low_trips"}), None),
    "full_house": (
        frozenset({"trips", "pair", "singleton", "second_singleton"}),
        "keep_together_when",
    ),
    "four_of_a_kind": (
        frozenset({"quads", "pair", "singleton", "second_singleton"}),
        "keep_together_when",
    ),
    "five_aces": (frozenset({"pair", "singleton"}), "keep_together_when"),
}

_RANK_WORDS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, "10": 10}


def _rank_value(text: Any, where: str) -> int:
    if isinstance(text, str) and text.upper() in _RANK_WORDS:
        return _RANK_WORDS[text.upper()]
    if isinstance(text, str) and text.isdigit() and 2 <= int(text) <= 9:
        return int(text)
    raise HouseWayError(f"{where}: {text!r} is not a rank (2-9, T, J, Q, K, A)")


@dataclass(frozen=True, slots=True)
class Condition:
    """One set of conditions: each ``(quantity, at_least, at_most)`` must hold."""

    bounds: tuple[tuple[str, int, int], ...]

    def holds(self, quantities: Mapping[str, int]) -> bool:
        for name, low, high in self.bounds:
            value = quantities.get(name)
            if value is None or not low <= value <= high:
                return False
        return True


@dataclass(frozen=True, slots=True)
class CategoryRule:
    """The rule of one category: its straight/flush policy and the conditions choosing its
    alternative plan (keep together / split)."""

    straight_or_flush: StraightOrFlush
    alternative_when: tuple[Condition, ...] = ()

    def alternative(self, quantities: Mapping[str, int]) -> bool:
        return any(c.holds(quantities) for c in self.alternative_when)


@dataclass(frozen=True, slots=True)
class HouseWay:
    """A validated house way: a name and the rule of every category."""

    name: str
    description: str
    version: int
    rules: Mapping[str, CategoryRule]
    _patterns: dict[int, Any] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    #: For :mod:`.house_way_bulk`: the low mask (positions in code order) by rank pattern, and
    #: by flush key (``_FLUSH_KEY | pattern << 7 | positions of the flush suit's cards``).
    _low_masks: dict[int, int] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def set_hand(
        self, cards: Iterable[Card] | Iterable[str] | str
    ) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Set seven cards by this house way: ``(high five cards, low two cards)``: the plan of
        their rank pattern, replaced by a straight or flush when the category's policy and the
        cards call for it."""
        # The station sets one hand at a time: this path makes no object but the two hands.
        codes: list[int] | None = None
        if type(cards) is tuple:
            try:
                codes = list(map(_CODES.__getitem__, map(id, cards)))
            except KeyError:  # a card not seen yet
                codes = None
        if codes is None or len(codes) != 7:
            cards = _seven(cards)
            codes = [_CODES.get(id(c)) or _code(c) for c in cards]
        by_code = dict(zip(codes, cards, strict=True))
        if len(by_code) != 7:
            raise CardError("the seven cards must be seven different cards")
        packed = sum(map(_PACKED.__getitem__, codes), _SUIT_BIAS)
        codes.sort(reverse=True)
        seven = list(map(by_code.__getitem__, codes))
        pattern = packed >> 16
        plan = self._patterns.get(pattern)
        if plan is None:
            plan = _plan_pattern(pattern, [c >> 2 for c in codes], self)
        high, low, policy, plan_low, straight, straights, _ = plan
        if policy is not StraightOrFlush.NEVER:
            if packed & _FLUSH_BITS:
                straight = _flush_setting(packed, pattern, codes, straights)
            if straight is not None and (
                policy is StraightOrFlush.ALWAYS or straight[0] >= plan_low
            ):
                high, low = _PICKS[straight[1]]
        return high(seven), low(seven)


def _condition(raw: Any, category: str, names: frozenset[str]) -> Condition:
    if not isinstance(raw, Mapping) or not raw:
        raise HouseWayError(f"[{category}]: each condition set must be a non-empty table")
    bounds: dict[str, list[int]] = {}
    for key, value in raw.items():
        name, _, side = key.rpartition("_at_")
        if side not in ("least", "most") or name not in names:
            allowed = ", ".join(sorted(names))
            raise HouseWayError(
                f"[{category}]: unknown condition {key!r} (quantities: {allowed}; "
                "suffix _at_least or _at_most)"
            )
        bound = bounds.setdefault(name, [2, ACE])
        bound[0 if side == "least" else 1] = _rank_value(value, f"[{category}] {key}")
    return Condition(tuple((n, lo, hi) for n, (lo, hi) in sorted(bounds.items())))


def house_way_from_mapping(data: Mapping[str, Any]) -> HouseWay:
    """Validate a house way read from TOML; every category must be present.

    >>> way = house_way_from_mapping({"name": "x", **{c: {"straight_or_flush": "never"}
    ...                               for c in CATEGORIES}})
    >>> way.rules["trips"].straight_or_flush.value
    'never'
    """
    known = {"name", "description", "version", *CATEGORIES}
    unknown = set(data) - known
    if unknown:
        raise HouseWayError(f"unknown section(s) in the house way: {', '.join(sorted(unknown))}")
    rules: dict[str, CategoryRule] = {}
    for category, (names, alternative_key) in CATEGORIES.items():
        section = data.get(category)
        if not isinstance(section, Mapping):
            raise HouseWayError(f"the house way has no [{category}] rule")
        allowed = {"straight_or_flush"} | ({alternative_key} if alternative_key else set())
        extra = set(section) - allowed
        if extra:
            raise HouseWayError(f"[{category}]: unknown key(s) {', '.join(sorted(extra))}")
        try:
            policy = StraightOrFlush(section.get("straight_or_flush", "always"))
        except ValueError:
            raise HouseWayError(
                f"[{category}]: straight_or_flush must be always, if_low_not_worse or never"
            ) from None
        raw_conditions = section.get(alternative_key, []) if alternative_key else []
        if not isinstance(raw_conditions, list):
            raise HouseWayError(f"[{category}]: {alternative_key} must be a list of tables")
        conditions = tuple(_condition(c, category, names) for c in raw_conditions)
        rules[category] = CategoryRule(policy, conditions)
    version = data.get("version", 1)
    if not isinstance(version, int):
        raise HouseWayError("version must be a number")
    return HouseWay(
        name=str(data.get("name", "")),
        description=str(data.get("description", "")),
        version=version,
        rules=rules,
    )


@cache
def load_house_way(name: str = "standard") -> HouseWay:
    """The house way ``resources/house_ways/<name>.toml``, validated (cached)."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise HouseWayError(f"{name!r} is not a house way name")
    path = resource_path("house_ways", f"{name}.toml")
    with path.open("rb") as handle:
        try:
            data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise HouseWayError(f"{path}: {error}") from None
    return house_way_from_mapping(data)


def set_hand(
    cards: Iterable[Card] | Iterable[str] | str, house_way: HouseWay | str | None = None
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Set seven Pai Gow cards by the house way (the standard one by default): returns
    ``(high, low)``, five cards and two cards.

    >>> from dealer_station.cards import format_cards
    >>> high, low = set_hand("Ah Ad Kc Kd 9s 5h 2c")
    >>> format_cards(high), format_cards(low)
    ('Ah Ad 9s 5h 2c', 'Kd Kc')
    """
    if house_way is None or isinstance(house_way, str):
        house_way = load_house_way(house_way or "standard")
    return house_way.set_hand(_seven(cards))


def _seven(cards: Iterable[Card] | Iterable[str] | str) -> tuple[Card, ...]:
    """Seven cards from text, card texts or cards (refused with the reason otherwise)."""
    if isinstance(cards, str):
        return parse_cards(cards, count=7, allow_joker=True)
    seven: tuple[Any, ...] = tuple(cards)
    if len(seven) != 7 or not all(type(c) is Card for c in seven):
        return parse_cards(seven, count=7, allow_joker=True)
    return seven


# ----------------------------------------------------------------------------------------------
# The engine.
#
# Cards are numbered by a code, rank * 4 + 3 - suit number (spades first within a rank; the joker
# 60), and seven cards are ordered by code, high to low: the joker first, then rank high to low.
# Everything below works on *positions* 0-6 in that order, so the plan of a rank pattern (the same
# for every hand with those ranks, whatever the suits) is worked out once per house way and a hand
# is set by picking its cards at the plan's positions. A rank pattern is the sum of
# 1 << 3 * (rank - 2) over the seven cards (the joker counted at its own rank 15; no rank appears
# more than four times, so the sum identifies the ranks); beside it, four 4-bit suit counters
# biased by 3, the joker adding one to each, so that a counter reaches 8 exactly when a flush is
# possible.

_JOKER = _JOKER_RANK * 4
_SUIT_BIAS = 0x3333
_FLUSH_BITS = 0x8888
_SUIT_NUMBERS = {suit: n for n, suit in enumerate(SUITS)}
#: code -> rank pattern increment << 16 | suit counter increment.
_PACKED: list[int] = [0] * (_JOKER + 1)
for _r in range(2, ACE + 1):
    for _n in range(4):
        _PACKED[_r * 4 + 3 - _n] = (1 << 3 * (_r - 2)) << 16 | 1 << 4 * _n
_PACKED[_JOKER] = (1 << 3 * (_JOKER_RANK - 2)) << 16 | 0x1111
del _r, _n

#: id(card) -> code, for the cards held in ``_HELD`` (held so that an id is never reused while it
#: is a key here).
_CODES: dict[int, int] = {}
_HELD: list[Card] = []

#: low-hand positions (a 7-bit mask with two bits) -> (pick the high hand, pick the low hand), each
#: picking from the seven cards in code order and returning the cards in that order.
_PICKS: dict[int, tuple[Any, Any]] = {
    (1 << a) | (1 << b): (
        itemgetter(*(i for i in range(7) if i not in (a, b))), itemgetter(a, b)
    )
    for a, b in combinations(range(7), 2)
}

#: A plan: (pick high, pick low, the category's straight/flush policy, the plan's low-hand key,
#: the best straight with no flush as (low-hand key, low mask) or None, the straights, the
#: plan's low mask).
_Plan = tuple[
    Any, Any, StraightOrFlush, int, tuple[int, int] | None, tuple[tuple[int, int], ...], int
]
_NO_STRAIGHT: tuple[int, int] | None = None

#: (rank pattern << 7 | positions of the flush suit's cards) -> the best straight or flush as
#: (low-hand key, low mask), whatever the house way; bounded.
_FLUSHES: dict[int, tuple[int, int] | None] = {}


def _code(card: Any) -> int:
    """The code of a card not seen yet (and remember it)."""
    if type(card) is not Card:
        raise CardError(f"{card!r} is not a card")
    if len(_HELD) > 4096:
        _CODES.clear()
        _HELD.clear()
    suit = card.suit
    code = _JOKER if suit is None else int(card.rank) * 4 + 3 - _SUIT_NUMBERS[suit]
    _CODES[id(card)] = code
    _HELD.append(card)
    return code


def _flush_setting(
    packed: int, pattern: int, codes: list[int], straights: tuple[tuple[int, int], ...]
) -> tuple[int, int] | None:
    """The best straight or flush of seven cards that can make a flush (remembered by rank pattern
    and the positions of the flush suit's cards)."""
    suit = 3 - ((packed & _FLUSH_BITS).bit_length() - 4) // 4  # its code's two low bits
    suited = 0
    for i in range(1 if codes[0] == _JOKER else 0, 7):
        if codes[i] & 3 == suit:
            suited |= 1 << i
    return _flush_of(pattern, suited, codes, straights)


def _flush_of(
    pattern: int, suited: int, codes: list[int], straights: tuple[tuple[int, int], ...]
) -> tuple[int, int] | None:
    key = pattern << 7 | suited
    try:
        return _FLUSHES[key]
    except KeyError:
        pass
    if len(_FLUSHES) > 200_000:
        _FLUSHES.clear()
    ranks = [c >> 2 for c in codes]
    pool = [i for i in range(7) if suited >> i & 1]
    if ranks[0] == _JOKER_RANK:
        pool.append(0)
    found = _FLUSHES[key] = _best_straight_or_flush(ranks, straights, pool)
    return found


def _plan_pattern(pattern: int, ranks: list[int], way: HouseWay) -> _Plan:
    """Plan the rank pattern of seven cards (``ranks`` high to low, the joker 15 first) and
    remember it under ``pattern``."""
    by_rank: dict[int, list[int]] = {}
    mask = 0
    for i, r in enumerate(ranks):
        if r != _JOKER_RANK:
            if r in by_rank:
                by_rank[r].append(i)
            else:
                by_rank[r] = [i]
            mask |= 1 << (r - 2)
    has_joker = ranks[0] == _JOKER_RANK
    if has_joker:
        by_rank.setdefault(ACE, []).append(0)
    # Groups (count, rank, positions): largest count first, then highest rank; the joker last.
    groups = sorted([(len(v), r, v) for r, v in by_rank.items()], reverse=True)
    category, plan, quantities = _plan(groups)
    rule = way.rules[category]
    _, low = plan(groups, bool(rule.alternative_when) and rule.alternative(quantities))
    low_mask = (1 << low[0]) | (1 << low[1])
    straights = _straights(mask, has_joker)
    straight = _NO_STRAIGHT
    if straights and rule.straight_or_flush is not StraightOrFlush.NEVER:
        straight = _best_straight_or_flush(ranks, straights, ())
    pick_high, pick_low = _PICKS[low_mask]
    entry: _Plan = (
        pick_high,
        pick_low,
        rule.straight_or_flush,
        _low_key(_ace(ranks[low[0]]), _ace(ranks[low[1]])),
        straight,
        straights,
        low_mask,
    )
    way._patterns[pattern] = entry
    return entry


def _ace(rank: int) -> int:
    return ACE if rank == _JOKER_RANK else rank


def _low_key(a: int, b: int) -> int:
    """Order two low-hand ranks (joker as ace): a pair above any two different cards, then the
    higher card, then the lower."""
    if a == b:
        return 256 | a << 4 | a
    return a << 4 | b if a > b else b << 4 | a


_Groups = list[tuple[int, int, list[int]]]
_Split = tuple[list[int], list[int]]


def _singles(groups: _Groups) -> list[int]:
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
    if together and len(rest) == 2 and groups[2][0] == 1:  # two different cards besides
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


# The straights of each 13-bit rank mask (bit r - 2 for ranks 2..14), worked out when a mask first
# comes up (not 8,192 of them at import: a command that sets one hand does not pay for the rest):
# the straights' top ranks it holds with no card missing, and with exactly one card missing (the
# joker's), as ``(top, missing rank)``.
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


def _best_straight_or_flush(
    ranks: Sequence[int], straights: Sequence[tuple[int, int]], pool: Sequence[int]
) -> tuple[int, int] | None:
    """The straight, flush or straight flush of seven cards (``ranks`` in code order, the joker
    15 first) leaving the highest low hand, as (low-hand key, low mask); ties go to the higher
    kind, then to the first found: straights low to high, each natural before the joker stands in
    for one of its cards, then the five-card combinations of ``pool`` (the positions of the flush
    suit's cards, the joker's last), in order."""
    has_joker = ranks[0] == _JOKER_RANK
    best: tuple[int, tuple[int, ...]] | None = None
    best_low = 0
    first: dict[int, int] = {}
    for i in range(7):
        r = ranks[i]
        if r not in first:
            first[r] = i
    for top, missing in straights:
        window = _WINDOWS[top - 5]
        kind: tuple[int, ...] = (0, top)
        if missing:
            candidates = [sum(1 << first[r] for r in window if r != missing) | 1]
        else:
            natural = sum(1 << first[r] for r in window)
            candidates = [natural]
            if has_joker:
                candidates += [natural & ~(1 << first[r]) | 1 for r in window]
        for used in candidates:
            low_mask = 127 & ~used
            key = _mask_low_key(ranks, low_mask)
            if best is None or (key, kind) > best:
                best, best_low = (key, kind), low_mask
    for five in combinations(pool, 5):
        low_mask = 127 & ~sum(1 << i for i in five)
        key = _mask_low_key(ranks, low_mask)
        if best is not None and key < best[0]:
            continue
        kind = _flush_kind([ranks[i] for i in five])
        if best is None or (key, kind) > best:
            best, best_low = (key, kind), low_mask
    return None if best is None else (best[0], best_low)


def _mask_low_key(ranks: Sequence[int], low_mask: int) -> int:
    a, b = (ranks[i] for i in range(7) if low_mask >> i & 1)
    return _low_key(_ace(a), _ace(b))


def _flush_kind(five: Sequence[int]) -> tuple[int, ...]:
    """(2, top) for a straight flush, else (1, ranks high to low), for tie-breaks only (the
    joker's ace counted after the natural ranks)."""
    natural = [r for r in five if r != _JOKER_RANK]
    mask = 0
    for r in natural:
        mask |= 1 << (r - 2)
    jokers = 5 - len(natural)
    for top, missing in reversed(_straights(mask)):
        if (missing == 0 and len(set(natural)) == 5) or (missing and jokers):
            return (2, top)
    return (1, *sorted(natural, reverse=True), *([ACE] * jokers))


#: Marks a flush key among the rank patterns of :attr:`HouseWay._low_masks`.
_FLUSH_KEY = 1 << 60


def _low_mask(way: HouseWay, key: int, codes: list[int]) -> int:
    """The low hand (a mask of positions in code order) of seven cards (``codes`` in code
    order) of key ``key`` (see :attr:`HouseWay._low_masks`), as :meth:`HouseWay.set_hand`
    picks it; remembered under the key, for :mod:`.house_way_bulk`."""
    flush = bool(key & _FLUSH_KEY)
    pattern = (key & ~_FLUSH_KEY) >> 7 if flush else key
    suited = key & 127 if flush else -1
    plan = way._patterns.get(pattern)
    if plan is None:
        plan = _plan_pattern(pattern, [c >> 2 for c in codes], way)
    _, _, policy, plan_low, straight, straights, low_mask = plan
    if flush and policy is not StraightOrFlush.NEVER:
        straight = _flush_of(pattern, suited, codes, straights)
    if (policy is not StraightOrFlush.NEVER and straight is not None
            and (policy is StraightOrFlush.ALWAYS or straight[0] >= plan_low)):
        low_mask = straight[1]
    way._low_masks[key] = low_mask
    return low_mask
