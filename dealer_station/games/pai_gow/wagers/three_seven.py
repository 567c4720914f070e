"""The three-card and seven-card bonus wagers (5324.41(n), (o)): the three-card bonus settled
between the stacks of three and the four more cards, the seven-card bonus with the pai gow wager.

The dealing itself (stacks of three from the player farthest to the dealer's left with a wager,
clockwise, then the dealer, (n)(4)-(n)(5); four more cards in the same order, (n)(7)) is the
round's (:mod:`dealer_station.games.pai_gow.dealing`); its optional wagers
(:class:`.part.OptionalWagers`) put the three-card settlement between them ((n)(6):
:func:`three_card_lines`, all losing wagers collected, then all winners paid) and the stub count
after them (:mod:`.stub`).

The seven-card bonus is announced at the exposure of the hands, collected there when it loses
((g)(4), (g)(5)) and paid after the player's pai gow poker wager, the dealer resetting the hands to
the best paying hand ((g)(8); :func:`seven_card_lines`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dealer_station.cards import Card, format_cards
from dealer_station.money import Cents
from dealer_station.procedure import Payment, ProcedureError

from .config import BonusConfig
from .families import BonusWager
from .hands import seven_card_bonus_hand, three_card_bonus_hand
from .seats import Seat, draft

__all__ = ["seven_card_lines", "three_card_lines"]


def three_card_lines(
    hands: Mapping[int, Sequence[Card]], wagers: Mapping[int, Cents], config: BonusConfig
) -> list[Payment]:
    """Settle the three-card bonus wagers on the first three cards ((n)(6)): every losing wager
    collected, then every winning wager paid, each pass from the dealer's right. Not limited by
    the (o)(3) payout limit, which names the seven-card bonus only."""
    table = config.table("three_card_bonus")
    collects: list[Payment] = []
    pays: list[Payment] = []
    for position in sorted(wagers, reverse=True):
        stake = wagers[position]
        if not stake:
            continue
        cards = tuple(hands[position])
        if len(cards) != 3:
            raise ProcedureError(f"position {position} has {len(cards)} cards, not three",
                                 "5324.41(n)(6)")
        hand = three_card_bonus_hand(cards)
        if hand is not None and table.pays_on(hand):
            pays.append(draft(position, BonusWager.THREE_CARD_BONUS.value, "pay", stake,
                              table.odds(hand).pays(stake), hand=hand, clause="5324.41(n)(6)",
                              note=format_cards(cards)))
        else:
            collects.append(draft(position, BonusWager.THREE_CARD_BONUS.value, "collect", stake,
                                  hand=hand, clause="5324.41(n)(6)", note=format_cards(cards)))
    return collects + pays


def seven_card_lines(seat: Seat, config: BonusConfig) -> tuple[list[Payment], list[Payment]]:
    """``(collected at exposure, paid after the pai gow wager)`` for ``seat``'s seven-card bonus."""
    stake = seat.wager(BonusWager.SEVEN_CARD_BONUS)
    if not stake:
        return [], []
    table = config.table("seven_card_bonus")
    hand = seven_card_bonus_hand(seat.cards, config)
    if hand is not None and table.pays_on(hand):
        return [], [draft(seat, BonusWager.SEVEN_CARD_BONUS.value, "pay", stake,
                          table.odds(hand).pays(stake), hand=hand, clause="5324.41(g)(8)")]
    return [draft(seat, BonusWager.SEVEN_CARD_BONUS.value, "collect", stake, hand=hand,
                  clause="5324.41(g)(5)")], []
