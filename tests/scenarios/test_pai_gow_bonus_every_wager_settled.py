"""Random Pai Gow rounds with the optional wagers, driven by each step's actions the way the
station drives them, with the paths the other random tests leave out: player banks and co-banks
(with and without the dealer's wager, (h)(5), (h)(7)), surrenders ((g)(3)), fouls
((g)(5)(iii)-(iv)), overdue stub counts ((n)(7)(ii)) and light miscounts ((k)(2)). Every round
completes; every wager placed is settled exactly once (the imperial bonus once or twice,
(p)(3)); the parties net to zero and the round's document settles to itself
(``dealer-station settle``)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.document import settle_document
from dealer_station.games.pai_gow.round import PaiGowRound, Phase
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.games.pai_gow.wagers.stub import StubCount
from dealer_station.procedure import ProcedureError

W = BonusWager
TABLES = [
    (frozenset({W.FORTUNE_BONUS, W.INSURANCE, W.PROGRESSIVE}), "automated_shoe"),
    (frozenset({W.IMPERIAL_BONUS, W.PROGRESSIVE}), "automated_shoe"),
    (frozenset({W.THREE_CARD_BONUS, W.SEVEN_CARD_BONUS, W.INSURANCE}), "three_then_four"),
    (frozenset({W.IMPERIAL_BONUS}), "hand"),
    (frozenset({W.FORTUNE_BONUS, W.INSURANCE}), "manual_shoe"),
    (frozenset({W.THREE_CARD_BONUS, W.PROGRESSIVE}), "three_then_four"),
]
ROUNDS = 240


def _betting(r: PaiGowRound, rng: random.Random, offered: frozenset[BonusWager],
             banking: bool) -> dict[int, set[str]]:
    placed: dict[int, set[str]] = {}
    for position in sorted(rng.sample(range(1, 7), rng.randint(2, 5))):
        r.place_wager(position, rng.choice([500, 1000, 2500]))
        placed[position] = {"pai_gow"}
        for wager in sorted(offered - {W.PROGRESSIVE}):
            if rng.random() < 0.6:
                r.place_bonus_wager(position, wager.value, rng.choice([100, 500]))
                placed[position].add(wager.value)
        if W.PROGRESSIVE in offered and rng.random() < 0.5:
            r.acceptor_lit(position)
            placed[position].add("progressive")
    offers = r.bank_offer_order()
    if banking and offers and rng.random() < 0.7:
        for position in offers:
            if rng.random() < 0.5 and r.can_accept_bank(position, chips=1_000_000):
                r.accept_bank(position, co_bank=rng.random() < 0.3, chips=1_000_000)
                break
            r.decline_bank(position)
    elif offers:
        r.decline_bank()
    r.no_more_bets()
    return placed


def _play(r: PaiGowRound, rng: random.Random, deck: list[str]) -> None:
    """From "no more bets" to the end, taking whatever the step asks for."""
    miscounted = False
    for _ in range(100):
        if r.is_complete:
            return
        step = r.step
        actions = step.actions
        if step.phase == "stub_count":
            r.count_stub(53) if rng.random() < 0.5 else r.shuffler_report(53)
        elif "confirm_light_count" in actions:
            lit = len(r.optional.lockout.lit)
            if not miscounted and rng.random() < 0.3:
                miscounted = True
                r.confirm_light_count(lit + 1)
            else:
                r.confirm_light_count(lit)
        elif "place_dealer_wager" in actions:
            r.place_dealer_wager(rng.choice([0, r.proposed_dealer_wager]))
        elif "determine_starting_position" in actions:
            r.determine_starting_position(rng.randint(1, 7))
        elif "deal" in actions:
            r.deal(deck)
        elif "settle_three_card_bonus" in actions:
            r.settle_three_card_bonus()
        elif "deal_four_card_stacks" in actions:
            dealt = next(rec for rec in r.history if rec.action == "deal")
            stacks = dealt.effects["three_card_stacks"]
            assert isinstance(stacks, dict)
            hands = len(stacks)  # the dealer's only when the dealer plays
            r.deal_four_card_stacks(deck[3 * hands: 7 * hands])
        elif r.phase is Phase.SETTING:
            if step.positions and rng.random() < 0.1 and r.can_surrender(step.positions[0]):
                r.surrender(step.positions[0])
            else:
                r.players_have_set()
        elif r.phase is Phase.EXPOSURE:
            _set_one(r, rng, step.positions)
        elif "set_bank_hand" in actions:
            _set_one(r, rng, ())
        elif "set_co_bank_hand" in actions:
            r.set_co_bank_hand()
        elif "set_dealer_hand" in actions:
            r.set_dealer_hand()
        elif "settle" in actions:
            r.settle(meter=1_000_000)
        elif r.optional.pending:
            position = r.optional.pending[0].position
            r.approve_progressive(position, "S1", "supervisor", 1_000_000, 1, "t")
            r.complete_jackpot_record(position)
        else:
            raise AssertionError(f"no way on from {step}")
    raise AssertionError(f"the round did not finish: {r.step}")


def _set_one(r: PaiGowRound, rng: random.Random, positions: tuple[int, ...]) -> None:
    bank = r.bank
    if positions:
        position = positions[0]
        if r.can_surrender(position) and rng.random() < 0.2:
            r.surrender(position)
        elif rng.random() < 0.2:  # the player's own setting, a foul now and then
            cards = [c.text for c in r.seven_cards(position)]
            r.set_hand(position, rng.sample(cards, rng.choice([2, 2, 3])))
        else:
            r.set_hand_house_way(position)
    else:
        assert bank is not None
        r.set_bank_hand([c.text for c in rng.sample(r.seven_cards(bank), 2)])


@pytest.mark.parametrize("seed", [1, 2])
def test_every_wager_settled_once_5324_41_g_h_k_to_p(seed: int) -> None:
    rng = random.Random(seed)
    for number in range(ROUNDS):
        offered, method = TABLES[number % len(TABLES)]
        bonus = BonusConfig(offered=offered, progressive_reset=1_000_000)
        config = config_from_mapping({
            "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
            "dealing": {"method": method},
            "side_wagers": {"offered": sorted(w.value for w in offered)},
        })
        banking = rng.random() < 0.6
        context = (TableContext(new_game=False, last_unbanked_wagers=dict.fromkeys(range(1, 7),
                                                                                   5000))
                   if banking else None)
        stub = (StubCount(required=True, rounds_since_count=rng.randint(0, 6))
                if method == "three_then_four" else None)
        r = bonus_round(config, bonus, context, dealer_id="D1", round_id=f"r{number}",
                             stub=stub)
        r.shuffle()
        deck = [c.text for c in pai_gow_deck()]
        rng.shuffle(deck)
        try:
            placed = _betting(r, rng, offered, banking)
        except ProcedureError:  # e.g. the only player became the bank: no round
            continue
        _play(r, rng, deck)
        settled = Counter((p.position, p.wager) for p in r.payments)
        for position, wagers in placed.items():
            for wager in wagers - ({"pai_gow"} if position == r.bank else set()):
                expected = (1, 2) if wager == "imperial_bonus" else (1,)
                assert settled[(position, wager)] in expected, (number, position, wager)
        assert sum(r.net.values()) == 0
        check = settle_document(json.loads(json.dumps(r.to_document())))
        assert check["matches"], (number, check.get("differences"))
