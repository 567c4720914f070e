"""Randomized conservation test of the Pai Gow Poker round (9 NYCRR 5324.41(g), (h), (j)).

Thousands of random rounds (house bank, player bank, co-bank; random wagers, settings (fouls
included), surrenders, RNG side wagers, dealing methods) are played through :class:`PaiGowRound`
and checked against an independent oracle written here from the regulation's words: each
player's result, the 5% vigorish rounded up to 25 cents ((g)(8)), the centre of the table with
its shortfall or surplus ((h)(12)-(13)), the RNG side wager rounded down to the dollar
((j)(2)(vi)). No chip is created or lost: every round's nets sum to zero.
"""

from __future__ import annotations

import json
import random
from decimal import ROUND_CEILING, Decimal
from itertools import combinations

from dealer_station.cards import Card, pai_gow_deck
from dealer_station.games.pai_gow import (
    PaiGowRound,
    TableContext,
    config_from_mapping,
    settle_document,
)
from dealer_station.procedure import replay
from dealer_station.rankings.pai_gow import (
    Comparison,
    compare_high,
    compare_low,
    evaluate_high,
    evaluate_low,
    high_not_lower_than_low,
)

ROUNDS = 2000


def oracle_vig(won: int) -> int:
    """5324.41(g)(8): five percent, rounded up to 25 cents."""
    return int((Decimal(won) * Decimal("0.05") / 25).to_integral_value(ROUND_CEILING)) * 25


def oracle_result(
    high: tuple[Card, ...], low: tuple[Card, ...], b_high: tuple[Card, ...],
    b_low: tuple[Card, ...],
) -> str:
    """5324.41(g)(5)-(7) from the rankings, the copy to the banker."""
    if len(low) != 2 or not high_not_lower_than_low(evaluate_high(high), evaluate_low(low)):
        return "lose"
    h = compare_high(high, b_high) is Comparison.HIGHER
    lo = compare_low(low, b_low) is Comparison.HIGHER
    return "win" if h and lo else ("push" if h or lo else "lose")


def random_config(rng: random.Random) -> object:
    method = rng.choice(["automated_shoe", "manual_shoe", "hand"])
    return config_from_mapping({
        "table": {"minimum_wager": "$1", "maximum_wager": "$1,000"},
        "dealing": {"method": method, "starting_position": "rng"},
        "rng_side_wager": {"offered": True, "odds": rng.choice(["6:1", "11:2"])},
    })


def play(rng: random.Random) -> tuple[PaiGowRound, dict[int | str, int]]:
    config = random_config(rng)
    banked = rng.random() < 0.5
    positions = sorted(rng.sample(range(1, 7), rng.randint(1, 6)))
    bank = rng.choice(positions) if banked and len(positions) > 1 else None
    co_bank = bank is not None and rng.random() < 0.5
    context = TableContext(new_game=False, bank_first_offer=6,
                           last_unbanked_wagers={p: rng.choice([500, 2500]) for p in positions})
    r = PaiGowRound(config, context)  # type: ignore[arg-type]
    r.shuffle()
    stakes = {p: rng.choice([100, 500, 700, 1300, 2500, 10000, 13000]) for p in positions}
    if bank is not None:
        stakes[bank] = sum(a for p, a in stakes.items() if p != bank) + 5000
    for p in positions:
        r.place_wager(p, stakes[p])
    rng_bets: list[tuple[int, int, int]] = []
    for p in positions:
        if p != bank and rng.random() < 0.3:
            bet = (p, rng.randint(1, 7), rng.choice([100, 500, 1000]))
            rng_bets.append(bet)
            r.place_rng_wager(*bet)
    if bank is not None:
        for p in r.bank_offer_order():
            if p == bank:
                break
            r.decline_bank(p)
        r.accept_bank(bank, co_bank=co_bank)
    else:
        while r.next_bank_offer() is not None:
            r.decline_bank(r.next_bank_offer())
    r.no_more_bets()
    dealer_wager = 0
    if r.phase.value == "dealer_wager":
        dealer_wager = rng.choice([0, r.proposed_dealer_wager])
        r.place_dealer_wager(dealer_wager)
    number = rng.randint(1, 7)
    r.determine_starting_position(number)
    if rng_bets:
        r.settle_rng_wagers()
    deck = list(pai_gow_deck())
    rng.shuffle(deck)
    first = rng.randint(1, 7) if bank is not None and config.dealing.value == "hand" else 1
    r.deal([c.text for c in deck], first_stack=first)

    expected: dict[int | str, int] = {}
    rng_house = 0
    for p, n, amount in rng_bets:
        won = amount * 6 if config.rng_side_wager_odds == 6 else amount * 11 // 2
        gain = won // 100 * 100 if n == number else -amount  # (j)(2)(vi): down to the dollar
        expected[p] = expected.get(p, 0) + gain
        rng_house -= gain
    players = [p for p in positions if p != bank]
    settings: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}
    surrendered: list[int] = []
    for p in sorted(players, reverse=True):  # a few surrender before the dealer's hand
        if rng.random() < 0.04:
            r.surrender(p)
            surrendered.append(p)
    r.players_have_set()
    if r.phase.value == "banker" and r.step.actions[0] == "set_dealer_hand":
        r.set_dealer_hand()
    if bank is not None and not co_bank:
        b_seven = r.seven_cards(bank)
        b_low_try = rng.choice(list(combinations(b_seven, 2)))
        r.set_bank_hand([c.text for c in b_low_try])
    if r.phase.value == "banker":
        r.set_co_bank_hand()
    for p in r.exposure_order():  # (g)(4): exposed from the far right
        seven = r.seven_cards(p)
        choice = rng.random()
        if choice < 0.04:
            r.surrender(p)
            surrendered.append(p)
            continue
        if choice < 0.5:
            high, low = r.house_way.set_hand(seven)
            r.set_hand_house_way(p)
        else:
            low_size = 2 if rng.random() < 0.95 else 3
            low = tuple(rng.choice(list(combinations(seven, low_size))))
            high = tuple(c for c in seven if c not in low)
            r.set_hand(p, [c.text for c in low])
        settings[p] = (high, low)
    r.settle()

    banker = r.bank_hand if bank is not None else r.dealer_hand
    assert banker is not None
    if bank is not None and not co_bank:
        b_high = tuple(c for c in r.seven_cards(bank) if c not in b_low_try)
        if high_not_lower_than_low(evaluate_high(b_high), evaluate_low(b_low_try)):
            assert set(banker.low) == set(b_low_try)  # set correctly: kept as the bank set it
        else:
            assert r.bank_reset  # (q)
    for p in surrendered:
        expected[p] = expected.get(p, 0) - stakes[p]
    winners = vig_total = 0
    center = sum(stakes[p] for p in surrendered) if bank is not None else 0
    for p, (high, low) in settings.items():
        result = oracle_result(high, low, banker.high, banker.low)
        stake = stakes[p]
        if result == "win":
            vig = oracle_vig(stake)
            expected[p] = expected.get(p, 0) + stake - vig
            winners += stake
            vig_total += vig
        elif result == "lose":
            expected[p] = expected.get(p, 0) - stake
            center += stake
        else:
            expected.setdefault(p, 0)
    house = vig_total
    if bank is not None and dealer_wager:
        assert r.dealer_hand is not None
        d = oracle_result(r.dealer_hand.high, r.dealer_hand.low, banker.high, banker.low)
        if d == "win":
            winners += dealer_wager
            house += dealer_wager
        elif d == "lose":
            center += dealer_wager
            house -= dealer_wager
    if bank is not None:
        if winners > center:
            short = winners - center
            from_bank = short // 2 if co_bank else short
            expected["bank"] = -from_bank
            house -= short - from_bank
        else:
            surplus = center - winners
            tray = surplus - surplus // 2 if co_bank else 0
            vig = min(oracle_vig(surplus - tray), surplus - tray)
            expected["bank"] = surplus - tray - vig
            house += tray + vig
        assert -expected["bank"] <= stakes[bank]  # the bank never pays more than it covered
    if bank is None:
        expected["house"] = -sum(expected.values())  # every player's loss is the house's gain
    else:
        expected["house"] = house + rng_house
    assert sum(expected.values()) == 0  # the oracle itself balances
    return r, expected


def test_randomized_rounds_conserve_chips_5324_41_g_h_j() -> None:
    """5324.41(g)(5)-(8), (h)(11)-(14), (j)(2): thousands of random rounds agree with the oracle
    and conserve every chip; a sample replays from its records and its document."""
    rng = random.Random(20241102)
    kinds: dict[str, int] = {}
    for i in range(ROUNDS):
        r, expected = play(rng)
        net = r.net
        assert sum(net.values()) == 0, (i, net)
        assert {k: v for k, v in net.items() if v or k in expected} == {
            k: int(v) for k, v in expected.items() if v or k in net
        }, (i, r.to_document())
        kind = ("co-bank" if r.co_bank else "bank") if r.bank is not None else "house"
        kinds[kind] = kinds.get(kind, 0) + 1
        if i % 100 == 0:
            again = replay(PaiGowRound(r.config, r.context), r.history)
            assert again.to_document() == r.to_document()
            assert settle_document(json.loads(json.dumps(r.to_document())))["matches"]
    assert min(kinds.values()) > ROUNDS // 10, kinds
