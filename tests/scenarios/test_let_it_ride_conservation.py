"""Thousands of random Let It Ride rounds: chips in = chips out + house result, every wager
settled exactly once in the regulated order, amounts as an independent oracle computes them from
the regulation's tables (5324.34(e)(7), (e)(8), (f)(1)-(4))."""

from __future__ import annotations

import random
import time

from dealer_station.cards import Card, standard_deck
from dealer_station.games.let_it_ride import (
    LetItRideRound,
    config_from_mapping,
    round_from_document,
    settle_document,
)
from dealer_station.games.let_it_ride.autoplay import play_out
from dealer_station.rankings.five_card import evaluate_five, qualifies
from dealer_station.rankings.three_card import evaluate_three

ROUNDS = 2000
DECK = standard_deck()
LIMIT = 100_000 * 100
REG_BASE = {"pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 5, "flush": 8,
            "full_house": 11, "four_of_a_kind": 50, "straight_flush": 200, "royal_flush": 1000}
REG_BONUS = {"royal_flush": 2_500_000, "straight_flush": 250_000, "four_of_a_kind": 40_000,
             "full_house": 20_000, "flush": 5_000, "straight": 2_500, "three_of_a_kind": 500}
REG_THREE_D = {"mini_royal": 50, "straight_flush": 40, "three_of_a_kind": 30, "straight": 6,
               "flush": 4, "pair": 1}
WAGER_ORDER = ("bet_one", "bet_two", "bet_three", "bonus", "three_card_bonus")


def oracle(round_: LetItRideRound, position: int) -> int:
    """The house's result on one position, from the regulation's tables (withdrawn bets 0)."""
    hand: tuple[Card, ...] = tuple(c for c in round_.cards(position) if c is not None)
    community = (round_.community["left"], round_.community["right"])
    five = (*hand, *(c for c in community if c is not None))
    category = evaluate_five(five).category.value
    w = round_.wagers[position]
    on_layout = round_.on_layout(position)
    base_stakes = sum(w.amount(b) for b in on_layout)
    if qualifies(five):
        house = -min(sum(w.amount(b) * REG_BASE[category] for b in on_layout), LIMIT)
    else:
        house = base_stakes
    if w.bonus:
        house += -REG_BONUS[category] if category in REG_BONUS else w.bonus
    if w.three_card_bonus:
        three = evaluate_three(hand).category.value
        house += (-w.three_card_bonus * REG_THREE_D[three] if three in REG_THREE_D
                  else w.three_card_bonus)
    return house


def random_round(rng: random.Random, dealing: str) -> LetItRideRound:
    config = config_from_mapping({"table": {"dealing": dealing, "payout_limit": 100_000}})
    round_ = LetItRideRound(config)
    positions = [p for p in range(1, 8) if rng.random() < 0.6] or [rng.randint(1, 7)]
    for position in positions:
        amount = rng.choice((500, 1000, 2500, 10_000, 50_000))
        round_.place_wagers(position=position, bet_one=amount, bet_two=amount, bet_three=amount)
        if rng.random() < 0.5:
            round_.acknowledge_bonus(position=position)
        if rng.random() < 0.5:
            round_.place_three_card_bonus(position=position, amount=rng.choice((100, 500, 10_000)))
    round_.announce_no_more_bets()
    if rng.random() < 0.05:  # a late bonus chip: reported, never counted
        round_.acknowledge_bonus(position=positions[0])
    deck = list(DECK)
    rng.shuffle(deck)  # the shuffle is an input
    play_out(round_, deck, {p: rng.random() < 0.5 for p in positions},
             {p: rng.random() < 0.5 for p in positions})
    return round_


def check(round_: LetItRideRound) -> None:
    totals = round_.totals()
    assert totals["chips_in"] == totals["chips_out"] + totals["house_result"]
    payments = round_.payments
    assert [p.order for p in payments] == list(range(1, len(payments) + 1))
    keys = [(p.position, p.wager) for p in payments]
    assert len(keys) == len(set(keys))  # each wager settled once
    placed = {(p, w) for p, wagers in round_.wagers.items() for w in WAGER_ORDER
              if getattr(wagers, w)}
    assert set(keys) == placed and sum(p.stake for p in payments) == totals["chips_in"]
    outcomes = [p.outcome for p in payments]
    assert outcomes == sorted(outcomes, key=("return", "collect", "pay").index)
    for outcome in ("collect", "pay"):
        run = [p for p in payments if p.outcome == outcome]
        assert [p.position for p in run] == sorted((p.position for p in run), reverse=True)
        for position in {p.position for p in run}:  # base wagers first, then bonus wagers
            wagers = [p.wager for p in run if p.position == position]
            assert wagers == sorted(wagers, key=WAGER_ORDER.index)
    assert totals["house_result"] == sum(oracle(round_, p) for p in round_.dealt_positions)


def test_conservation_over_thousands_of_random_rounds() -> None:
    """chips in = chips out + house result over 2000 random rounds (shoe and manual dealing),
    the house result as the regulation's tables give it; some replayed through the document."""
    rng = random.Random(5324_34)
    started = time.perf_counter()
    house = 0
    for number in range(ROUNDS):
        round_ = random_round(rng, "shoe" if number % 2 else "manual")
        check(round_)
        house += round_.totals()["house_result"]
        if number % 150 == 0:
            document = round_.to_document()
            assert round_from_document(document).to_document() == document
            assert settle_document(document)["matches"] is True
    assert time.perf_counter() - started < 30
    assert house != 0
