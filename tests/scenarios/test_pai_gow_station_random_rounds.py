"""Random Pai Gow Poker rounds with the progressive through the Station, the station closed and
reopened every few rounds (5324.41(k)(2)-(k)(6)): light counts with and without mismatches,
meter hands forced now and then, approvals and rejections by supervisors who did not deal. At the
end the meter equals its journal and reconciles with what the rounds wagered and paid, every
approval has its numbered jackpot record, every round nets to zero and the audit chain verifies."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_pai_gow_station_rounds import (
    METER,
    RESET,
    assert_meter_is_its_journal,
    first_start,
    open_station,
)
from winner_support import approve

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.store import meters as meter_store

ROUNDS = 40
REOPEN_EVERY = 5
JACKPOT_HANDS = ["As Ks Qs Js Ts 9c 9d", "Ah Ad Ac As JK 8h 8d", "5h 6h 7h 8h 9h 2c 2d",
                 "9s 9h 9d 9c 4s 4d Kc"]


def shuffled(rng: random.Random) -> list[str]:
    deck = [card.text for card in pai_gow_deck()]
    rng.shuffle(deck)
    if rng.random() < 0.5:  # a meter hand in the first stack
        hand = rng.choice(JACKPOT_HANDS).split()
        deck = hand + [card for card in deck if card not in hand]
    return deck


def play(station: Station, rng: random.Random) -> tuple[int, int]:
    """One random round; returns its number and the cents wagered on the progressive."""
    station.start_round()
    assert station.round_id is not None
    round_id = station.round_id
    station.perform("shuffle")
    positions = rng.sample(range(1, 7), rng.randint(1, 6))
    for position in positions:
        station.perform("place_wager", position=position, amount=rng.choice([500, 1000, 2500]))
        if rng.random() < 0.4:
            station.perform("place_bonus_wager", position=position, wager="fortune_bonus",
                            amount=rng.choice([100, 500]))
    if station.can("decline_bank"):  # the bank is offered from the second round (5324.41(h))
        station.perform("decline_bank")
    lit = [p for p in positions if rng.random() < 0.8]
    for position in lit:
        station.perform("acceptor_lit", position=position)
    station.perform("no_more_bets")
    wagered = 100 * len(lit)
    if lit and rng.random() < 0.25:  # one light with no chip
        station.perform("confirm_light_count", chips=len(lit) - 1)
        station.perform("resolve_light_mismatch", voided=[lit[0]], reason="no chip")
        wagered -= 100
    else:  # a count of none too: dealing waits for it
        station.perform("confirm_light_count", chips=len(lit))
    station.perform("determine_starting_position", number=rng.randint(1, 7))
    station.perform("deal", cards=shuffled(rng))
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    station.perform("players_have_set")
    station.perform("set_dealer_hand")
    for position in round_.exposure_order():
        station.perform("set_hand_house_way", position=position)
    station.perform("settle")
    while station.round is not None:
        step = station.round.step
        position = step.positions[0]
        if "approve_progressive" in step.actions:
            who, pin = rng.choice([("S1", "111111"), ("S2", "222222")])
            if rng.random() < 0.3:
                station.supervise("reject_progressive", supervisor=who, pin=pin,
                                  position=position, reason="cards moved")
            else:
                approve(station, position, supervisor=who, pin=pin)
        else:
            assert step.actions == ("complete_jackpot_record",), step
            station.perform("complete_jackpot_record", position=position)
    return round_id, wagered


@pytest.mark.parametrize("seed", [11])
def test_random_station_rounds_reconcile_the_meter_5324_41_k_5(tmp_path: Path,
                                                               seed: int) -> None:
    rng = random.Random(seed)
    station = first_start(tmp_path)
    wagered: dict[int, int] = {}
    for number in range(ROUNDS):
        if number % REOPEN_EVERY == 0:
            station.close()
            station = open_station(tmp_path)
            station.sign_in("D1", "3333")
        round_id, cents = play(station, rng)
        wagered[round_id] = cents
    # contributions: 21% of what each round's confirmed count put on the meter, fractions carried
    carry, expected = 0, 0
    for round_id in sorted(wagered):
        if wagered[round_id]:
            cents, carry = meter_store.contribution_cents(wagered[round_id], 2100, carry)
            expected += cents
    stats = station.meter_statistics(METER)
    assert stats.contributions == expected
    paid_lines = approvals = rejections = 0
    for summary in journal.rounds(station.store, game="pai_gow"):
        assert summary.status == "complete" and summary.document is not None
        document: dict[str, Any] = dict(summary.document)
        assert sum(document["net"].values()) == 0
        rejections += sum(v["state"] == "rejected" for v in document["bonus"]["validations"])
        for line in document["payments"]:
            if line["wager"] == "progressive" and line["clause"] == "5324.41(k)(3)(iii)" and (
                    line["outcome"] == "pay"):
                paid_lines += line["amount"]
                approvals += 1
    jackpots = meter_store.jackpots(station.store)
    assert len(jackpots) == approvals == stats.hits == stats.validations
    assert [j.number for j in jackpots] == list(range(1, approvals + 1))
    assert stats.paid == paid_lines == sum(j.amount for j in jackpots)
    assert stats.current == RESET + expected - stats.paid + stats.reseeded
    assert_meter_is_its_journal(station)
    assert approvals > 0 and rejections > 0 and stats.reseeds > 0  # the seed covers each path
    assert station.store.verify_audit().ok
    station.close()
