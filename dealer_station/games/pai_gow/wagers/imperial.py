"""The imperial pai gow bonus wager (5324.41(p)): a player hand bonus and a banker hand bonus on
one wager.

After the player's pai gow poker wager is settled, the dealer rearranges the player's seven cards
into the best hand and pays the player hand bonus for the highest qualifying hand ((p)(3)(i),
(p)(4)); then pays the banker hand bonus when the bank's seven cards are a pai gow jack, ten or nine
high ((p)(3)(ii), (p)(5)), paid to every imperial wager. The bank is the dealer, or the player
banking the round, whose banker hand bonus is judged on the dealer's hand ((p)(3)(ii)).

An imperial wager with neither bonus loses and is collected at the exposure of the hands
((g)(5)); a winning one is paid after the player's pai gow poker wager ((g)(8)): the wager is
returned once, with the first bonus paid.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_station.cards import Card
from dealer_station.procedure import Payment

from .config import BonusConfig
from .families import BonusWager
from .hands import banker_hand_bonus_hand, player_hand_bonus_hand
from .seats import Seat, draft

__all__ = ["banker_cards_for", "imperial_lines"]

_WAGER = BonusWager.IMPERIAL_BONUS


def banker_cards_for(
    seat: Seat, dealer_cards: Sequence[Card], bank: Seat | None
) -> tuple[Card, ...]:
    """The seven cards that decide ``seat``'s banker hand bonus: the bank's when a player banks,
    except for the bank's own wager, which the dealer's hand decides ((p)(3)(ii))."""
    if bank is None or bank.position == seat.position:
        return tuple(dealer_cards)
    return bank.cards


def imperial_lines(
    seat: Seat, banker_cards: Sequence[Card], config: BonusConfig
) -> tuple[list[Payment], list[Payment]]:
    """``(collected at exposure, paid after the pai gow wager)`` for ``seat``'s imperial wager."""
    stake = seat.wager(_WAGER)
    if not stake:
        return [], []
    player_table = config.table("player_hand_bonus")
    banker_table = config.table("banker_hand_bonus")
    player_hand = player_hand_bonus_hand(seat.cards, config)
    banker_hand = banker_hand_bonus_hand(tuple(banker_cards), config)
    pays: list[Payment] = []
    returned = False
    if player_hand is not None and player_table.pays_on(player_hand):
        pays.append(draft(seat, _WAGER.value, "pay", stake,
                          player_table.odds(player_hand).pays(stake), hand=player_hand,
                          clause="5324.41(p)(3)(i)", note="player hand bonus"))
        returned = True
    if banker_hand is not None and banker_table.pays_on(banker_hand):
        pays.append(draft(seat, _WAGER.value, "pay", 0 if returned else stake,
                          banker_table.odds(banker_hand).pays(stake), hand=banker_hand,
                          clause="5324.41(p)(3)(ii)",
                          note="banker hand bonus"
                          + (" (the wager was returned with the player hand bonus)"
                             if returned else "")))
    if pays:
        return [], pays
    return [draft(seat, _WAGER.value, "collect", stake, hand=player_hand,
                  clause="5324.41(g)(5)", note="neither a player nor a banker hand bonus")], []
