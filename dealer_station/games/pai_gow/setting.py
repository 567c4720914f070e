"""Setting seven cards into a high hand and a low hand, fouls, and the result of a pai gow poker
wager against the banker's two hands.

The dealer enters a player's setting as the two cards of the low hand; the other five are the high
hand. A setting whose low hand outranks its high hand (5324.41(g)(5)(iii)) or whose low hand is
not exactly two cards ((g)(5)(iv)) is a foul: the wager loses. Hands are ranked by
:mod:`dealer_station.rankings.pai_gow`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from dealer_station.cards import Card, CardError, format_cards, parse_cards
from dealer_station.plural import counted
from dealer_station.rankings.pai_gow import (
    Comparison,
    compare_high,
    compare_low,
    evaluate_high,
    evaluate_low,
    high_not_lower_than_low,
)

__all__ = [
    "OUTRANKS",
    "WRONG_COUNT",
    "Outcome",
    "SetHand",
    "copy_push",
    "foul_clause",
    "low_outranks_high",
    "outcome",
    "player_setting",
    "seven_cards",
]


#: A low hand of other than two cards: the foul's clause.
WRONG_COUNT = "5324.41(g)(5)(iv)"
#: A low hand that outranks the high hand: the foul's clause.
OUTRANKS = "5324.41(g)(5)(iii)"


def foul_clause(hand: SetHand) -> str | None:
    """The clause of ``hand``'s foul (None: set correctly).

    >>> foul_clause(SetHand(parse_cards("Ks Qd 9h 5c"), parse_cards("As 3d 2c"), "3 low"))
    '5324.41(g)(5)(iv)'
    """
    if hand.foul is None:
        return None
    return WRONG_COUNT if len(hand.low) != 2 else OUTRANKS


class Outcome(StrEnum):
    """The result of a pai gow poker wager against the banker (5324.41(g)(5)-(7))."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


@dataclass(frozen=True, slots=True)
class SetHand:
    """Seven cards set as a high hand and a low hand; ``foul`` is the reason and clause when they
    were not set correctly (the hand loses), else None."""

    high: tuple[Card, ...]
    low: tuple[Card, ...]
    foul: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.high + self.low

    def to_json(self) -> dict[str, object]:
        return {"high": format_cards(self.high), "low": format_cards(self.low), "foul": self.foul}


def seven_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """Seven distinct Pai Gow cards (the joker allowed)."""
    return parse_cards(cards if isinstance(cards, str) else tuple(cards), count=7, allow_joker=True)


def low_outranks_high(
    high: Sequence[Card], low: Sequence[Card], *, wheel_lowest: bool = False
) -> bool:
    """Whether the two-card ``low`` hand outranks the five-card ``high`` hand (a foul,
    5324.41(g)(1), (g)(5)(iii)), as the rankings compare them.

    >>> low_outranks_high(parse_cards("Ks Qd 9h 5c 2s"), parse_cards("As 3d"))
    True
    >>> low_outranks_high(parse_cards("7s 7d 9h 5c 2s"), parse_cards("8s 8d"))
    True
    >>> low_outranks_high(parse_cards("As Qd 9h 5c 2s"), parse_cards("Ah Qc"))
    False
    """
    return not high_not_lower_than_low(
        evaluate_high(high, wheel_lowest=wheel_lowest), evaluate_low(low)
    )


def player_setting(
    seven: Sequence[Card], low: Iterable[Card] | Iterable[str] | str, *, wheel_lowest: bool = False
) -> SetHand:
    """The setting of ``seven`` cards with ``low`` as the low hand; fouls are recorded, not
    refused. Cards that are not among the seven are refused (:class:`CardError`).

    >>> hand = parse_cards("As Kd 9h 7c 5s 3d 2c", count=7)
    >>> player_setting(hand, "Kd 9h").foul is None
    True
    >>> player_setting(hand, "As Kd").foul
    'the low hand outranks the high hand [5324.41(g)(5)(iii)]'
    >>> player_setting(hand, "Kd 9h 7c").foul
    'the low hand has 3 cards, not two [5324.41(g)(5)(iv)]'
    >>> player_setting(hand, "Kd").foul
    'the low hand has 1 card, not two [5324.41(g)(5)(iv)]'
    """
    low_cards = parse_cards(low, allow_joker=True)
    missing = [c for c in low_cards if c not in seven]
    if missing:
        raise CardError(f"{format_cards(missing)} not among the seven cards {format_cards(seven)}")
    high = tuple(c for c in seven if c not in low_cards)
    if len(low_cards) != 2:
        return SetHand(
            high,
            tuple(low_cards),
            f"the low hand has {counted(len(low_cards), 'card')}, not two [{WRONG_COUNT}]",
        )
    if low_outranks_high(high, low_cards, wheel_lowest=wheel_lowest):
        return SetHand(high, tuple(low_cards), f"the low hand outranks the high hand "
                       f"[{OUTRANKS}]")
    return SetHand(high, tuple(low_cards))


def outcome(player: SetHand, banker: SetHand, *, wheel_lowest: bool = False) -> Outcome:
    """The player's pai gow poker wager against the banker's hands: a foul loses ((g)(5)(iii)-
    (iv)); both hands higher wins ((g)(7)); one higher is a push ((g)(6)); otherwise, copies
    included, it loses ((g)(5)(i)-(ii)): copy hands go to the banker.

    >>> banker = SetHand(parse_cards("Ks Kd 9h 5c 2s"), parse_cards("Qs Jd"))
    >>> outcome(SetHand(parse_cards("As Ad 9c 5d 3s"), parse_cards("Kh Qd")), banker).value
    'win'
    >>> outcome(SetHand(parse_cards("As Ad 9c 5d 3s"), parse_cards("Qh Jc")), banker).value
    'push'
    >>> outcome(SetHand(parse_cards("Kh Kc 9c 5d 2h"), parse_cards("Qh Jc")), banker).value
    'lose'
    """
    if player.foul:
        return Outcome.LOSE
    high = compare_high(
        evaluate_high(player.high, wheel_lowest=wheel_lowest),
        evaluate_high(banker.high, wheel_lowest=wheel_lowest),
    )
    low = compare_low(evaluate_low(player.low), evaluate_low(banker.low))
    higher = (high is Comparison.HIGHER) + (low is Comparison.HIGHER)
    return (Outcome.LOSE, Outcome.PUSH, Outcome.WIN)[higher]


def copy_push(player: SetHand, banker: SetHand, *, wheel_lowest: bool = False) -> str:
    """Why a push is a push when a copy made it one (the player's other hand higher, the copy
    going to the banker, 5324.41(g)(6)(i)-(ii)); "" for any other result.

    >>> banker = SetHand(parse_cards("Ks Kd 9h 5c 2s"), parse_cards("Qs Jd"))
    >>> copy_push(SetHand(parse_cards("As Ad 9c 5d 3s"), parse_cards("Qh Jc")), banker)
    'push: the low hand is a copy (a copy goes to the banker, 5324.41(g)(6)(i))'
    >>> copy_push(SetHand(parse_cards("Kh Kc 9c 5d 2h"), parse_cards("Ah Jc")), banker)
    'push: the high hand is a copy (a copy goes to the banker, 5324.41(g)(6)(ii))'
    >>> copy_push(SetHand(parse_cards("As Ad 9c 5d 3s"), parse_cards("9h 8c")), banker)
    ''
    """
    if player.foul:
        return ""
    high = compare_high(evaluate_high(player.high, wheel_lowest=wheel_lowest),
                        evaluate_high(banker.high, wheel_lowest=wheel_lowest))
    low = compare_low(evaluate_low(player.low), evaluate_low(banker.low))
    if high is Comparison.HIGHER and low is Comparison.COPY:
        return "push: the low hand is a copy (a copy goes to the banker, 5324.41(g)(6)(i))"
    if low is Comparison.HIGHER and high is Comparison.COPY:
        return "push: the high hand is a copy (a copy goes to the banker, 5324.41(g)(6)(ii))"
    return ""
