"""Randomized conservation over thousands of rounds (5324.41(k)(5)-(k)(6)): progressive
contributions, deductions and reseeds reconcile exactly with the meter, the meter each settlement
reports after its payouts is the meter the payouts leave, every wager is settled exactly once, and
chips in equal chips out plus the house result."""

from __future__ import annotations

import random

import pytest

from dealer_station.cards import format_cards, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.progressive import (
    UNITS_PER_CENT,
    MeterEntryKind,
    ProgressiveMeter,
)
from dealer_station.games.pai_gow.wagers.seats import Seat
from dealer_station.games.pai_gow.wagers.settlement import chips_out, settle_round
from dealer_station.procedure import Payment

W = BonusWager
ROUNDS = 2000
# Hands that reach the meter and the premium rows often, beside random ones.
CRAFTED = [
    "As Ah Ad Ac JK Kd Kc", "Ah Kh Qh Jh Th 9d 9c", "Ah Kh Qh Jh Th 2d 3c",
    "As Ah Ad Ac JK 2d 3c", "JK Kh Qh Jh Th 4d 4c", "5h 6h 7h 8h 9h 2d 2c",
    "5h 6h 7h 8h 9h Th Jh", "9h 9d 9c 9s 2h 2d Kc", "Ah Kh Qh Jh Th Kd Qd",
    "2h 3d 4c 6s 7h 8d 9c", "2h 4d 6c 8s 9h Td Jc",
]
CONFIGS = [
    BonusConfig(offered=frozenset({W.FORTUNE_BONUS, W.INSURANCE, W.PROGRESSIVE}),
                fortune_insurance_limit=4_000_000),
    BonusConfig(offered=frozenset({W.IMPERIAL_BONUS, W.PROGRESSIVE}), imperial_limit=4_000_000),
    BonusConfig(offered=frozenset({W.SEVEN_CARD_BONUS, W.INSURANCE, W.PROGRESSIVE}),
                seven_card_limit=5_000_000),
]
STAKES = (0, 0, 100, 500, 2_500)


def _pool(rng: random.Random) -> list[str]:
    deck = list(pai_gow_deck())
    hands = list(CRAFTED)
    for _ in range(250):
        rng.shuffle(deck)
        hands.append(format_cards(deck[:7]))
    return hands


def _house_result(lines: list[Payment]) -> int:
    """What the house keeps, line by line: a collected stake, minus a win, plus the vigorish; a
    progressive wager is kept even when it wins (it went to the tray at the lockout)."""
    total = 0
    for line in lines:
        if line.outcome == "collect":
            total += line.stake
        elif line.outcome == "pay":
            total += line.vigorish - line.amount
            if line.wager == W.PROGRESSIVE.value:
                total += line.stake
    return total


@pytest.mark.parametrize("seed,denomination", [(11, 100), (12, 500)])
def test_meter_and_chips_conserved(seed: int, denomination: int) -> None:
    rng = random.Random(seed)
    pool = _pool(rng)
    rate = 2100 if denomination == 100 else 2700
    configs = [
        BonusConfig(offered=c.offered, fortune_insurance_limit=c.fortune_insurance_limit,
                    seven_card_limit=c.seven_card_limit, imperial_limit=c.imperial_limit,
                    progressive_denomination=denomination, progressive_rate_basis_points=rate,
                    progressive_reset=2_000_000)
        for c in CONFIGS
    ]
    meter = ProgressiveMeter(reset=2_000_000, rate_basis_points=rate)
    opening = meter.units
    wagered_progressive = 0
    paid_from_meter = 0
    for round_number in range(ROUNDS):
        config = configs[round_number % len(configs)]
        positions = rng.sample(range(1, 7), rng.randint(1, 6))
        seats: list[Seat] = []
        pai_gow: list[Payment] = []
        chips_in = 0
        for position in positions:
            wagers = {w.value: rng.choice(STAKES) for w in config.offered
                      if w is not W.PROGRESSIVE}
            if rng.random() < 0.6:
                wagers[W.PROGRESSIVE.value] = denomination
            wagers = {w: a for w, a in wagers.items() if a}
            seats.append(Seat(position, parse_cards(rng.choice(pool)), wagers))
            outcome = rng.choice(["collect", "push", "pay"])
            won = 1_000 if outcome == "pay" else 0
            pai_gow.append(Payment(0, position, "pai_gow", outcome, 1_000, won, won // 20))
            chips_in += 1_000 + sum(wagers.values())
        lit = [s.position for s in seats if W.PROGRESSIVE.value in s.wagers]
        for _ in lit:  # confirmed at the lockout: the contributions
            meter.contribute(denomination)
            wagered_progressive += denomination
        dealer = parse_cards(rng.choice(pool))
        result = settle_round(config, seats, dealer, pai_gow, meter=meter.value,
                              progressive_positions=lit)
        lines = list(result.payments)
        for line in lines:  # each meter payout is taken off when it is paid, in order
            if line.wager == W.PROGRESSIVE.value and line.clause == "5324.41(k)(3)(iii)":
                meter.deduct(line.amount)
                paid_from_meter += line.amount
        assert result.meter_after == meter.value
        assert meter.value >= meter.reset
        # every wager settled exactly once, at its full stake
        settled: dict[tuple[int | str, str], int] = {}
        for line in lines:
            if line.wager != "envy_bonus":
                key = (line.position, line.wager)
                settled[key] = settled.get(key, 0) + line.stake
        placed = {(s.position, w): a for s in seats for w, a in s.wagers.items()}
        placed.update({(s.position, "pai_gow"): 1_000 for s in seats})
        assert settled == placed
        assert chips_in == sum(chips_out(line) for line in lines) + _house_result(lines)
    assert meter.reconciles()
    contributions = meter.total(MeterEntryKind.CONTRIBUTION)
    deductions = -meter.total(MeterEntryKind.DEDUCTION)
    reseeds = meter.total(MeterEntryKind.RESEED)
    assert contributions == wagered_progressive * rate * UNITS_PER_CENT // 10_000
    assert deductions == paid_from_meter * UNITS_PER_CENT
    assert opening + contributions + reseeds - deductions == meter.units
    assert paid_from_meter > 0 and reseeds > 0  # the test reached the meter and its reseeds
