"""A surrender (5324.41(g)(3)) at a table with the optional wagers: the seven cards are collected
unseen, so the player's fortune bonus, insurance or imperial bonus wager is collected with the pai
gow wager, never left unsettled; the round still replays and settles to itself."""

from __future__ import annotations

import json

import pytest

from dealer_station.cards import pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.dealing import delivery_order
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.wagers.bonus_round import (
    PaiGowBonusRound,
    settle_bonus_document,
)
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager

DEALER_HAND = "Kc Kd 9h 7s 4c 3d 2h"
FOUR_QUEENS = "Qs Qc Qd Qh 5h Jd 8d"  # a premium hand: it must not earn anyone an envy bonus
NOTHING = "2c 4d 6c 8s Th Jh Kh"


def shoe(hands: dict[int, str], start: int) -> list[str]:
    wanted = {p: list(parse_cards(h, count=7)) for p, h in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    spare = [c for c in pai_gow_deck() if c not in used]
    out = []
    for p in delivery_order(start):
        cards = wanted.get(p)
        if cards is None:
            cards, spare = spare[:7], spare[7:]
        out.extend(cards)
    return [c.text for c in out + spare]


def new_round(*offered: BonusWager) -> PaiGowBonusRound:
    config = config_from_mapping({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "side_wagers": {"offered": sorted(w.value for w in offered)},
    })
    return PaiGowBonusRound(config, BonusConfig(offered=frozenset(offered)), dealer_id="D1",
                            round_id="r1")


def lines(r: PaiGowBonusRound) -> list[tuple[object, str, str, int, int]]:
    return [(p.position, p.wager, p.outcome, p.stake, p.amount) for p in r.payments]


@pytest.mark.parametrize(
    ("offered", "side"),
    [
        ((BonusWager.FORTUNE_BONUS, BonusWager.INSURANCE),
         {"fortune_bonus": 500, "insurance": 300}),
        ((BonusWager.IMPERIAL_BONUS,), {"imperial_bonus": 500}),
    ],
)
def test_surrender_collects_the_optional_wagers_5324_41_g_3(
    offered: tuple[BonusWager, ...], side: dict[str, int]
) -> None:
    r = new_round(*offered)
    r.shuffle()
    r.place_wager(5, 1000)
    for wager, amount in side.items():
        r.place_bonus_wager(5, wager, amount)
    r.place_wager(3, 1000)
    if BonusWager.FORTUNE_BONUS in offered:
        r.place_bonus_wager(3, "fortune_bonus", 500)  # an envy marker at 3
    r.no_more_bets()
    r.determine_starting_position(1)
    assert r.core.start is not None
    r.deal(shoe({5: FOUR_QUEENS, 3: NOTHING, DEALER: DEALER_HAND}, r.core.start))
    record = r.surrender(5)
    assert [line[:3] for line in lines(r)] == [
        (5, "pai_gow", "collect"), *((5, wager, "collect") for wager in side)]
    assert record.effects["optional_wagers_collected"] == [2, 3][: len(side)]
    for position in r.core.setting_order():
        r.set_hand_house_way(position)
    r.set_dealer_hand()
    r.settle()
    assert r.is_complete
    got = lines(r)
    # every wager at 5 settled exactly once, and the unseen four queens pay no envy at 3
    assert sorted(line[1] for line in got if line[0] == 5) == sorted(["pai_gow", *side])
    assert not [line for line in got if line[1] == "envy_bonus"]
    assert r.net[5] == -(1000 + sum(side.values()))
    assert sum(r.net.values()) == 0
    document = json.loads(json.dumps(r.to_document()))
    check = settle_bonus_document(document)
    assert check["matches"], check.get("differences")


def test_no_surrender_with_a_progressive_wager_5324_41_g_3() -> None:
    r = new_round(BonusWager.PROGRESSIVE)  # the shipped meter terms
    r.shuffle()
    r.place_wager(5, 1000)
    r.acceptor_lit(5)  # the progressive chip dropped in the acceptor
    r.no_more_bets()
    r.confirm_light_count(1)
    r.determine_starting_position(1)
    assert r.core.start is not None
    r.deal(shoe({5: NOTHING, DEALER: DEALER_HAND}, r.core.start))
    assert not r.can_surrender(5)
