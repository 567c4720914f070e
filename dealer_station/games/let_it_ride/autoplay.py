"""Driving a round from a known deck: for the simulator, the analysis and the tests.

The shuffle is an input: give the cards in the order they come out of the shoe (or off the top of
the hand-held deck) and :func:`deal` feeds them to the round as the regulation's dealing order
takes them; :func:`cards_in_dealing_order` builds such an order from the hands wanted.

>>> from dealer_station.cards import parse_cards
>>> order = cards_in_dealing_order(
...     Dealing.MANUAL, {2: parse_cards("As Ks Qs"), 6: parse_cards("2c 3c 4c")},
...     parse_cards("Js Ts 9d"))
>>> " ".join(c.text for c in order)
'As 2c Js Ks 3c Ts Qs 4c 9d'
>>> " ".join(c.text for c in cards_in_dealing_order(
...     Dealing.SHOE, {6: parse_cards("2c 3c 4c"), 2: parse_cards("As Ks Qs")},
...     parse_cards("Js Ts 9d")))
'As Ks Qs 2c 3c 4c Js Ts 9d'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from dealer_station.cards import Card
from dealer_station.games.let_it_ride.config import Dealing
from dealer_station.games.let_it_ride.phases import (
    COMMUNITY,
    Phase,
    manual_dealing_order,
    shoe_dealing_order,
)
from dealer_station.games.let_it_ride.round import LetItRideRound
from dealer_station.procedure import Record

__all__ = ["cards_in_dealing_order", "deal", "decide_all", "play_out", "settle_round",
           "take_wagers"]


def cards_in_dealing_order(
    dealing: Dealing, hands: Mapping[int, Sequence[Card]], community: Sequence[Card]
) -> tuple[Card, ...]:
    """The deck order that deals ``hands`` (three cards per position) and ``community`` (left,
    right, burned) under 5324.34(d)(1) (manual) or (d)(2) (shoe stacks)."""
    if dealing is Dealing.SHOE:
        return tuple(
            card
            for target in shoe_dealing_order(hands)
            for card in (community if target == COMMUNITY else hands[int(target)])
        )
    return tuple(
        community[d.slot] if d.target == COMMUNITY else hands[int(d.target)][d.slot]
        for d in manual_dealing_order(hands)
    )


def deal(round_: LetItRideRound, deck: Iterable[Card]) -> list[Record]:
    """Deal from ``deck`` (top first) until the dealing phase is over: stacks of three from the
    automated shoe, or one card at a time by hand. Stops early if the round halts."""
    records: list[Record] = []
    cards = iter(deck)
    while round_.phase is Phase.DEALING:
        if round_.config.dealing is Dealing.SHOE:
            stack = [next(cards).text for _ in range(3)]
            records.append(round_.receive_stack(cards=stack))
        else:
            records.append(round_.deal_card(card=next(cards).text))
    return records


def decide_all(round_: LetItRideRound, rides: Mapping[int, bool]) -> list[Record]:
    """Take the current phase's bet one or bet two decisions in the order the step asks for them
    (``rides[position]`` True lets the bet ride; a position left out lets it ride)."""
    records: list[Record] = []
    while round_.phase in (Phase.BET_ONE, Phase.BET_TWO):
        position = round_.step.positions[0]
        ride = rides.get(position, True)
        if round_.phase is Phase.BET_ONE:
            records.append(round_.decide_bet_one(position=position, let_it_ride=ride))
        else:
            records.append(round_.decide_bet_two(position=position, let_it_ride=ride))
    return records


def settle_round(round_: LetItRideRound) -> list[Record]:
    """From the showdown to the last card collected, in the regulated order."""
    records: list[Record] = []
    while round_.phase is Phase.SHOWDOWN:
        records.append(round_.show_hand(position=round_.step.positions[0]))
    for phase, action in (
        (Phase.COLLECT_LOSING_WAGERS, round_.collect_losing_wagers),
        (Phase.PAY_WINNING_WAGERS, round_.pay_winning_wagers),
        (Phase.COLLECT_CARDS, round_.collect_cards),
    ):
        if round_.phase is phase:
            records.append(action())
    return records


def play_out(round_: LetItRideRound, deck: Iterable[Card], bet_one: Mapping[int, bool],
             bet_two: Mapping[int, bool]) -> list[Record]:
    """From the deal to the last card collected: deal from ``deck``, the bet one decisions,
    the first community card, the bet two decisions, the second, the showdown and settlement
    (``bet_one[position]`` / ``bet_two[position]`` True lets that bet ride)."""
    records = deal(round_, deck)
    records += decide_all(round_, bet_one)
    records.append(round_.turn_community_card())
    records += decide_all(round_, bet_two)
    records.append(round_.turn_community_card())
    return records + settle_round(round_)


def take_wagers(round_: LetItRideRound, rng: random.Random, positions: Iterable[int]) -> None:
    """Betting for a simulated table: each position bets one of $5, $10, $25 three times, takes
    the bonus now and then (60 %) and the three card bonus ($1 or $5, 40 %); then no more
    bets."""
    for position in positions:
        amount = rng.choice((500, 1000, 2500))
        round_.place_wagers(position=position, bet_one=amount, bet_two=amount,
                            bet_three=amount)
        if rng.random() < 0.6:
            round_.acknowledge_bonus(position=position)
        if rng.random() < 0.4:
            round_.place_three_card_bonus(position=position, amount=rng.choice((100, 500)))
    round_.announce_no_more_bets()
