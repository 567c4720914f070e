"""The fortune pai gow poker bonus wager, the envy bonus and the pai gow insurance wager
(5324.41(l)(4), (m)).

After the pai gow poker wagers are settled, the dealer takes the players from the dealer's right,
counter-clockwise, rearranges each player's seven cards into the best hand and
(:func:`bonus_and_insurance_pass`, (l)(4)(ii)):

* collects a fortune bonus without a qualifying hand and an insurance wager without a pai gow
  ((a)); pays a winning insurance wager (a pai gow, by its highest card, the joker an ace (c)(7))
  and a fortune bonus with a qualifying hand that is not premium ((b));
* acknowledges a *premium qualifying hand* (four of a kind or better: the hands of the envy table)
  and leaves the fortune bonus and the cards face up ((c)).

Then the final pass (:func:`envy_and_premium_pass`, (l)(4)(iii)), again from the dealer's right:
each player with an envy bonus marker (a fortune bonus of $5 or more, (l)(3)) is paid one envy
bonus for each premium hand of *another* player at the table ((a)), then a premium fortune bonus of
that player is paid ((b)). Whether a premium hand of the dealer earns envy bonuses is the setting
``envy_counts_dealer_hand`` (default: no; see docs/rules-interpretation.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_station.cards import Card
from dealer_station.procedure import Payment

from .config import BonusConfig
from .families import ENVY_BONUS, BonusWager
from .hands import fortune_hand, insurance_hand
from .seats import Seat, draft, far_right_first

__all__ = [
    "DEALER_HAND",
    "bonus_and_insurance_pass",
    "envy_and_premium_pass",
    "is_premium",
    "premium_hands",
]

#: The position name of the dealer's hand in envy lines.
DEALER_HAND = "dealer"
_FORTUNE = BonusWager.FORTUNE_BONUS
_INSURANCE = BonusWager.INSURANCE


def is_premium(hand: str | None, config: BonusConfig) -> bool:
    """A premium qualifying poker hand: one on the envy bonus table (four of a kind or better).

    >>> is_premium("four_of_a_kind", BonusConfig()), is_premium("full_house", BonusConfig())
    (True, False)
    """
    return config.table("envy_bonus").pays_on(hand)


def premium_hands(
    seats: Sequence[Seat], dealer_cards: Sequence[Card] | None, config: BonusConfig
) -> list[tuple[int | str, str]]:
    """Every premium hand at the table as ``(position, hand)``, the dealer's last when counted."""
    found: list[tuple[int | str, str]] = []
    for seat in far_right_first(seats):
        hand = fortune_hand(seat.cards, config)
        if hand is not None and is_premium(hand, config):
            found.append((seat.position, hand))
    if config.envy_counts_dealer_hand and dealer_cards:
        hand = fortune_hand(tuple(dealer_cards), config)
        if hand is not None and is_premium(hand, config):
            found.append((DEALER_HAND, hand))
    return found


def bonus_and_insurance_pass(
    seats: Sequence[Seat], config: BonusConfig
) -> tuple[list[Payment], list[int]]:
    """The lines of (l)(4)(ii), and the positions whose premium hand is acknowledged and left
    face up (with any fortune bonus) for the final pass."""
    lines: list[Payment] = []
    left_up: list[int] = []
    fortune_table = config.table("fortune_bonus")
    insurance_table = config.table("insurance")
    for seat in far_right_first(seats):
        hand = fortune_hand(seat.cards, config)
        fortune = seat.wager(_FORTUNE)
        if hand is not None and is_premium(hand, config):
            left_up.append(seat.position)
        elif fortune:
            if hand is not None and fortune_table.pays_on(hand):
                lines.append(draft(seat, _FORTUNE.value, "pay", fortune,
                                   fortune_table.odds(hand).pays(fortune), hand=hand,
                                   clause="5324.41(l)(4)(ii)(b)"))
            else:
                lines.append(draft(seat, _FORTUNE.value, "collect", fortune, hand=hand,
                                   clause="5324.41(l)(4)(ii)(a)"))
        insured = seat.wager(_INSURANCE)
        if insured:
            pai_gow = insurance_hand(seat.cards)
            if pai_gow is not None and insurance_table.pays_on(pai_gow):
                lines.append(draft(seat, _INSURANCE.value, "pay", insured,
                                   insurance_table.odds(pai_gow).pays(insured),
                                   hand=pai_gow, clause="5324.41(l)(4)(ii)(b)"))
            else:
                lines.append(draft(seat, _INSURANCE.value, "collect", insured, hand=pai_gow,
                                   clause="5324.41(l)(4)(ii)(a)"))
    return lines, left_up


def envy_and_premium_pass(
    seats: Sequence[Seat], dealer_cards: Sequence[Card] | None, config: BonusConfig
) -> list[Payment]:
    """The lines of the final pass (l)(4)(iii): for each player from the dealer's right, the envy
    bonus payments (one per other premium hand) then the premium fortune bonus."""
    premiums = premium_hands(seats, dealer_cards, config)
    envy_table = config.table("envy_bonus")
    fortune_table = config.table("fortune_bonus")
    lines: list[Payment] = []
    for seat in far_right_first(seats):
        if seat.has_envy_marker:
            for other, hand in premiums:
                if other == seat.position:
                    continue
                amount = envy_table.fixed(hand).cents
                where = "the dealer" if other == DEALER_HAND else f"position {other}"
                lines.append(draft(seat, ENVY_BONUS, "pay", 0, amount, hand=hand,
                                   clause="5324.41(l)(4)(iii)(a)",
                                   note=f"envy bonus for the {hand.replace('_', ' ')} at {where}"))
        fortune = seat.wager(_FORTUNE)
        own = next((hand for pos, hand in premiums if pos == seat.position), None)
        if fortune and own is not None:
            lines.append(draft(seat, _FORTUNE.value, "pay", fortune,
                               fortune_table.odds(own).pays(fortune), hand=own,
                               clause="5324.41(l)(4)(iii)(b)"))
    return lines

