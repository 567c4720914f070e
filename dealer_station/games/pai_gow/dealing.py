"""Dealing Pai Gow Poker: the starting position, the seven-card stacks of each dealing method, the
stacks of three then four of the bonus tables, and whose turn it is to cut.

Positions are those of :mod:`dealer_station.games.pai_gow.positions` (1 at the dealer's far left,
6 at the far right, the dealer 7). Cards are given in the order they come off the deck (or out of
the shoe): the shuffle is an *input*, recorded by the round, never drawn here.

>>> starting_position(1), starting_position(2), starting_position(8), starting_position(9)
(7, 6, 7, 6)
>>> starting_position(2, anchor=3)
2
>>> starting_position(2, direction=CountDirection.CLOCKWISE)
1
>>> delivery_order(6)
(6, 7, 1, 2, 3, 4, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from dealer_station.cards import Card, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.config import CountDirection, DealingMethod, StartingPosition
from dealer_station.games.pai_gow.positions import (
    DEALER,
    PLAYER_POSITIONS,
    clockwise_from,
    counter_clockwise_from,
)
from dealer_station.procedure import ProcedureError

__all__ = [
    "CARDS_PER_HAND",
    "STACKS",
    "check_count",
    "collected_unseen",
    "cut_offer",
    "deck_for_hands",
    "deck_order",
    "delivery_order",
    "hand_dealt_stacks",
    "next_counter_clockwise",
    "rotation_from",
    "seven_card_hands",
    "stack_delivery",
    "starting_position",
    "three_then_four_hands",
]

T = TypeVar("T")

CARDS_PER_HAND = 7
STACKS = 7

_COUNT_RANGES = {StartingPosition.RNG: (1, 7), StartingPosition.DICE: (3, 18)}


def check_count(method: StartingPosition, number: int) -> None:
    """Refuse a number the random number generator (1-7) or three dice (3-18) cannot show.

    >>> check_count(StartingPosition.DICE, 2)
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: three dice total 3 to 18, not 2 [5324.2(b)]
    """
    low, high = _COUNT_RANGES[method]
    if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
        words = "the random number generator shows 1 to 7" if method is StartingPosition.RNG else (
            "three dice total 3 to 18"
        )
        raise ProcedureError(f"{words}, not {number!r}", "5324.2(b)")


def starting_position(
    number: int,
    *,
    anchor: int = DEALER,
    direction: CountDirection = CountDirection.COUNTER_CLOCKWISE,
) -> int:
    """The position the count of ``number`` ends on: ``anchor`` (the dealer, or the bank when a
    player banks, 5324.41(h)(8)(iii), (h)(9)(iv), (h)(10)(iii)) is one and every position counts,
    with a wager or not; 8 and 15 come back to the anchor."""
    ring = (
        counter_clockwise_from(anchor)
        if direction is CountDirection.COUNTER_CLOCKWISE
        else clockwise_from(anchor)
    )
    return ring[(number - 1) % len(ring)]


def delivery_order(start: int) -> tuple[int, ...]:
    """The seven positions in the order they receive cards or stacks: the starting position first,
    then clockwise, the dealer included (5324.41(f)(1)(iii), (f)(2)(iv), (f)(3)(iii))."""
    return clockwise_from(start)


def deck_for_hands(hands: Mapping[int, str], start: int) -> tuple[Card, ...]:
    """A deck ordered so that the automated shoe's stacks, delivered from ``start``, give each
    position in ``hands`` its seven cards; the other positions get the remaining cards in deck
    order. For scenarios, simulators and dispute reconstruction.

    >>> deck = deck_for_hands({3: "As Ks Qs Js Ts 9s 8s"}, start=3)
    >>> " ".join(card.text for card in deck[:7]), len(deck)
    ('As Ks Qs Js Ts 9s 8s', 53)
    """
    wanted = {p: list(parse_cards(h, count=CARDS_PER_HAND)) for p, h in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    spare = [c for c in pai_gow_deck() if c not in used]
    out: list[Card] = []
    for p in delivery_order(start):
        cards = wanted.get(p)
        if cards is None:
            cards, spare = spare[:CARDS_PER_HAND], spare[CARDS_PER_HAND:]
        out.extend(cards)
    return (*out, *spare)


def deck_order(hands: Mapping[int, Sequence[T]], start: int, method: DealingMethod) -> list[T]:
    """The order the 49 cards left the deck, from the seven hands as each position received
    them (its seven cards, in the order it received them): the inverse of
    :func:`seven_card_hands` for ``method`` (stack 1 delivered first), so a deal entered hand by
    hand is recorded as the deck it came from.

    >>> deck = list(range(49))
    >>> for method in (DealingMethod.MANUAL_SHOE, DealingMethod.HAND):
    ...     hands = seven_card_hands(deck, 4, method)
    ...     assert deck_order(hands, 4, method) == deck
    """
    places = seven_card_hands(list(range(STACKS * CARDS_PER_HAND)), start, method)
    out: list[T | None] = [None] * (STACKS * CARDS_PER_HAND)
    for position, indices in places.items():
        cards = list(hands[position])
        if len(cards) != CARDS_PER_HAND:
            raise ProcedureError(f"position {position} needs {CARDS_PER_HAND} cards, not "
                                 f"{len(cards)}", "5324.41(f)")
        for index, card in zip(indices, cards, strict=True):
            out[index] = card
    return [card for card in out if card is not None]


def hand_dealt_stacks(cards: Sequence[T]) -> list[list[T]]:
    """The seven stacks dealt from the hand in front of the chip tray: the first seven cards left to
    right, the next seven right to left, alternating (5324.41(f)(2)(i)). Stack 1 is the farthest
    to the dealer's left (index 0 here).

    >>> stacks = hand_dealt_stacks(list(range(49)))
    >>> stacks[0][:3], stacks[6][:3]
    ([0, 13, 14], [6, 7, 20])
    """
    stacks: list[list[T]] = [[] for _ in range(STACKS)]
    for i, card in enumerate(cards[: STACKS * CARDS_PER_HAND]):
        sweep, place = divmod(i, STACKS)
        stacks[place if sweep % 2 == 0 else STACKS - 1 - place].append(card)
    return stacks


def stack_delivery(first_stack: int) -> tuple[int, ...]:
    """The order the hand-dealt stacks (numbered 1-7 from the dealer's left) are delivered when
    ``first_stack`` goes first: the stacks to its right, then from the farthest left, left to
    right (5324.41(h)(9)(v); with stack 1 first, (f)(2)(iv)).

    >>> stack_delivery(1), stack_delivery(5), stack_delivery(7)
    ((1, 2, 3, 4, 5, 6, 7), (5, 6, 7, 1, 2, 3, 4), (7, 1, 2, 3, 4, 5, 6))
    """
    if not 1 <= first_stack <= STACKS:
        raise ProcedureError(f"the stacks are numbered 1 to 7, not {first_stack}", "5324.41(h)(9)")
    return tuple(range(first_stack, STACKS + 1)) + tuple(range(1, first_stack))


def seven_card_hands(
    cards: Sequence[T],
    start: int,
    method: DealingMethod,
    *,
    first_stack: int = 1,
) -> dict[int, list[T]]:
    """Each position's seven cards from the deck order ``cards`` (at least 49 of them).

    * manual shoe (5324.41(f)(1)(iii)): one card at a time from the starting position clockwise,
      seven times round;
    * automated shoe (f)(3): the shoe's seven-card stacks, the first to the starting position, then
      clockwise;
    * from the hand (f)(2): the seven stacks of :func:`hand_dealt_stacks`, delivered from
      ``first_stack`` (1, or the bank's choice of 5324.41(h)(9)(i)) to the starting position, then
      clockwise.

    >>> deck = list(range(53))
    >>> seven_card_hands(deck, 7, DealingMethod.MANUAL_SHOE)[7]
    [0, 7, 14, 21, 28, 35, 42]
    >>> seven_card_hands(deck, 7, DealingMethod.AUTOMATED_SHOE)[1]
    [7, 8, 9, 10, 11, 12, 13]
    """
    needed = STACKS * CARDS_PER_HAND
    if len(cards) < needed:
        raise ProcedureError(f"seven hands need {needed} cards, not {len(cards)}", "5324.41(f)")
    order = delivery_order(start)
    if method is DealingMethod.MANUAL_SHOE:
        return {p: list(cards[i:needed:STACKS]) for i, p in enumerate(order)}
    if method is DealingMethod.HAND:
        stacks = hand_dealt_stacks(cards)
        return {
            p: stacks[s - 1] for p, s in zip(order, stack_delivery(first_stack), strict=True)
        }
    if method is DealingMethod.AUTOMATED_SHOE:
        return {p: list(cards[i * 7 : i * 7 + 7]) for i, p in enumerate(order)}
    raise ProcedureError(
        "stacks of three then four are dealt with three_then_four_hands", "5324.41(n)(7)"
    )


def three_then_four_hands(
    first: Sequence[T], second: Sequence[T], wagered: Iterable[int], *, dealer: bool = True
) -> dict[int, list[T]]:
    """The hands of a table offering the three-card / seven-card bonus: stacks of three from the
    automated shoe to each position with a pai gow wager from the dealer's farthest left, clockwise,
    then the dealer (5324.41(n)(4)-(5)); then stacks of four the same way ((n)(7)(ii)).
    ``first`` is the cards of the three-card stacks in the order dispensed, ``second`` those of the
    four-card stacks. ``dealer=False``: the dealer has no hand (a player bank the dealer places no
    wager against, (h)(7)).

    >>> hands = three_then_four_hands("abcdefghi", "0123456789AB", [5, 2])
    >>> {p: "".join(h) for p, h in hands.items()}
    {2: 'abc0123', 5: 'def4567', 7: 'ghi89AB'}
    >>> sorted(three_then_four_hands("abcdef", "01234567", [5, 2], dealer=False))
    [2, 5]
    """
    order = [*sorted(p for p in set(wagered) if p != DEALER), *([DEALER] if dealer else [])]
    if len(first) < 3 * len(order) or len(second) < 4 * len(order):
        raise ProcedureError(
            f"{len(order)} hands need {3 * len(order)} cards in stacks of three and "
            f"{4 * len(order)} in stacks of four",
            "5324.41(n)(7)",
        )
    return {
        p: [*first[3 * i : 3 * i + 3], *second[4 * i : 4 * i + 4]] for i, p in enumerate(order)
    }


def cut_offer(
    seated: Iterable[int], last_offered: int | None, first_to_table: int | None = None
) -> int | None:
    """Who is offered the cut (5324.41(e)(2)): at a new game the first player to the table;
    otherwise the player next counter-clockwise after the one offered last, starting from the
    player at the dealer's far right. None when no player is seated (the dealer cuts).

    >>> cut_offer([2, 4, 6], None), cut_offer([2, 4, 6], 6), cut_offer([2, 4, 6], 2)
    (6, 4, 6)
    >>> cut_offer([2, 4, 6], None, first_to_table=4)
    4
    """
    players = sorted({p for p in seated if p in PLAYER_POSITIONS}, reverse=True)
    if not players:
        return None
    if first_to_table is not None:
        return first_to_table
    if last_offered is None:
        return players[0]
    for p in players:
        if p < last_offered:
            return p
    return players[0]


def next_counter_clockwise(seated: Iterable[int], after: int) -> int | None:
    """The next seated player counter-clockwise after position ``after``, wrapping round from the
    far left to the far right.

    >>> next_counter_clockwise([1, 3, 5], 3), next_counter_clockwise([1, 3, 5], 1)
    (1, 5)
    """
    return cut_offer(seated, after)


def rotation_from(seated: Iterable[int], first: int) -> tuple[int, ...]:
    """The seated players counter-clockwise starting at ``first`` (or the next one after it).

    >>> rotation_from([1, 3, 5, 6], 4)
    (3, 1, 6, 5)
    """
    players = sorted({p for p in seated if p in PLAYER_POSITIONS}, reverse=True)
    head = [p for p in players if p <= first]
    tail = [p for p in players if p > first]
    return tuple(head + tail)


def collected_unseen(hands: Mapping[int, Sequence[T]], wagered: Iterable[int]) -> list[int]:
    """The positions whose stacks go to the discard rack unseen: no wager there
    (5324.41(f)(1)(iv), (f)(2)(v)).

    >>> collected_unseen({1: "x", 2: "y", 7: "z"}, [2, 7])
    [1]
    """
    keep = set(wagered)
    return sorted(p for p in hands if p not in keep)
