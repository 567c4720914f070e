"""Random whole rounds with the optional wagers (5324.41(k)-(p)): every round completes, replays
from its records, nets to zero, and the station's progressive meter, fed by each round's confirmed
contributions and approved deductions, reconciles exactly (5324.41(k)(5)-(k)(6))."""

from __future__ import annotations

import random

import pytest

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.games.pai_gow.wagers.progressive import MeterEntryKind, ProgressiveMeter
from dealer_station.procedure import replay

W = BonusWager
ROUNDS = 120
TABLES = [
    frozenset({W.FORTUNE_BONUS, W.INSURANCE, W.PROGRESSIVE}),
    frozenset({W.IMPERIAL_BONUS, W.PROGRESSIVE}),
    frozenset({W.SEVEN_CARD_BONUS, W.INSURANCE, W.PROGRESSIVE}),
]
# Hands that reach the meter, put on a random position now and then.
JACKPOTS = ["As Ks Qs Js Ts 9c 9d", "Ah Ad Ac As JK 8h 8d", "5h 6h 7h 8h 9h 2c 2d"]


def _deck(rng: random.Random) -> list[str]:
    deck = [c.text for c in pai_gow_deck()]
    rng.shuffle(deck)
    if rng.random() < 0.3:  # force a jackpot hand into the first stack
        hand = rng.choice(JACKPOTS).split()
        rest = [c for c in deck if c not in hand]
        deck = hand + rest
    return deck


@pytest.mark.parametrize("seed", [5, 6])
def test_random_rounds_conserve_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    meter = ProgressiveMeter(reset=1_000_000, rate_basis_points=2500)
    contributed = 0
    deducted = 0
    jackpot_number = 0
    for number in range(ROUNDS):
        offered = TABLES[number % len(TABLES)]
        bonus = BonusConfig(offered=offered, progressive_reset=1_000_000,
                            progressive_rate_basis_points=2500)
        config = config_from_mapping({
            "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
            "side_wagers": {"offered": sorted(w.value for w in offered)},
        })
        r = bonus_round(config, bonus, dealer_id="D1", round_id=f"r{number}")
        r.shuffle()
        positions = rng.sample(range(1, 7), rng.randint(1, 6))
        for position in positions:
            r.place_wager(position, rng.choice([500, 1000, 2500]))
            for wager in sorted(offered - {W.PROGRESSIVE}):
                if rng.random() < 0.6:
                    r.place_bonus_wager(position, wager.value, rng.choice([100, 500, 1000]))
            if rng.random() < 0.7:
                r.acceptor_lit(position)
        r.no_more_bets()
        lit = len(r.optional.lockout.lit)
        if rng.random() < 0.2:  # a miscount, then the recount
            r.confirm_light_count(lit + 1)
            assert not r.optional.lockout.can_deal
        confirmed = r.confirm_light_count(lit)
        contribution = confirmed.effects["meter_contribution"]
        meter.contribute(contribution)
        contributed += contribution
        r.determine_starting_position(rng.randint(1, 7))
        r.deal(_deck(rng))
        r.players_have_set()
        r.set_dealer_hand()
        for position in r.exposure_order():
            r.set_hand_house_way(position)
        r.settle(meter=meter.value)
        while r.optional.pending:
            position = r.optional.pending[0].position
            if rng.random() < 0.1:
                r.reject_progressive(position, "S1", "supervisor", reason="checked: rejected")
                continue
            jackpot_number += 1
            approved = r.approve_progressive(position, "S1", "supervisor", meter.value,
                                             jackpot_number, f"t{jackpot_number}")
            before = meter.value
            meter.deduct(approved.effects["meter_deduction"])
            deducted += approved.effects["amount"]
            assert approved.effects["meter_after"] == meter.value
            assert approved.effects["amount"] <= before
            r.complete_jackpot_record(position)
        assert r.is_complete
        assert sum(r.net.values()) == 0
        again = replay(bonus_round(config, bonus, dealer_id="D1", round_id=f"r{number}"),
                       r.history)
        assert again.to_document() == r.to_document()
    assert meter.reconciles()
    assert meter.total(MeterEntryKind.CONTRIBUTION) == contributed * 2500
    assert -meter.total(MeterEntryKind.DEDUCTION) == deducted * 10_000
    assert deducted > 0
