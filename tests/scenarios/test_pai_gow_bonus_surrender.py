"""Optional wagers at positions the core treats specially, each settled exactly once and the round
replaying and settling to itself:

* a surrender (5324.41(g)(3)): the seven cards are collected unseen, so the player's fortune
  bonus, insurance or imperial bonus wager is collected with the pai gow wager;
* a player bank with an imperial bonus wager (5324.41(p)(3)(ii)): its banker hand bonus is judged
  on the dealer's hand, so the dealer's stack is kept even when the dealer places no wager;
* a player bank at a three-card / seven-card table the dealer places no wager against ((h)(7),
  (n)(4)-(7)): the dealer gets no stack of three and no stack of four."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.document import settle_document
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round

DEALER_HAND = "Kc Kd 9h 7s 4c 3d 2h"
FOUR_QUEENS = "Qs Qc Qd Qh 5h Jd 8d"  # a premium hand: it must not earn anyone an envy bonus
NOTHING = "2c 4d 6c 8s Th Jh Kh"


def shoe(hands: Mapping[int, str], start: int) -> list[str]:
    """The automated shoe's output giving each position its hand from ``start``."""
    return [c.text for c in deck_for_hands(hands, start)]


def new_round(*offered: BonusWager, context: TableContext | None = None,
              method: str = "automated_shoe") -> PaiGowRound:
    config = config_from_mapping({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "dealing": {"method": method},
        "side_wagers": {"offered": sorted(w.value for w in offered)},
    })
    return bonus_round(config, BonusConfig(offered=frozenset(offered)), context,
                            dealer_id="D1", round_id="r1")


def lines(r: PaiGowRound) -> list[tuple[object, str, str, int, int]]:
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
    assert r.start is not None
    r.deal(shoe({5: FOUR_QUEENS, 3: NOTHING, DEALER: DEALER_HAND}, r.start))
    record = r.surrender(5)
    assert [line[:3] for line in lines(r)] == [
        (5, "pai_gow", "collect"), *((5, wager, "collect") for wager in side)]
    assert record.effects["optional_wagers_collected"] == [2, 3][: len(side)]
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    assert r.is_complete
    got = lines(r)
    # every wager at 5 settled exactly once, and the unseen four queens pay no envy at 3
    assert sorted(line[1] for line in got if line[0] == 5) == sorted(["pai_gow", *side])
    assert not [line for line in got if line[1] == "envy_bonus"]
    assert r.net[5] == -(1000 + sum(side.values()))
    assert sum(r.net.values()) == 0
    document = json.loads(json.dumps(r.to_document()))
    check = settle_document(document)
    assert check["matches"], check.get("differences")


def test_no_surrender_with_a_progressive_wager_5324_41_g_3() -> None:
    r = new_round(BonusWager.PROGRESSIVE)  # the shipped meter terms
    r.shuffle()
    r.place_wager(5, 1000)
    r.acceptor_lit(5)  # the progressive chip dropped in the acceptor
    r.no_more_bets()
    r.confirm_light_count(1)
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal(shoe({5: NOTHING, DEALER: DEALER_HAND}, r.start))
    assert not r.can_surrender(5)


@pytest.mark.parametrize("dealer_wager", [0, 1000])
def test_bank_imperial_banker_bonus_on_the_dealers_hand_5324_41_p_3_ii(dealer_wager: int) -> None:
    """The bank's own banker hand bonus is judged on the dealer's seven cards, here a pai gow
    nine high (100:1), whether or not the dealer wagers against the bank ((h)(7))."""
    context = TableContext(new_game=False, last_unbanked_wagers={3: 4000, 1: 1000, 2: 1000})
    r = new_round(BonusWager.IMPERIAL_BONUS, context=context)
    r.shuffle()
    for position, amount in ((1, 1000), (2, 1000), (3, 4000)):
        r.place_wager(position, amount)
    r.place_bonus_wager(3, "imperial_bonus", 500)  # placed before the bank is accepted
    for position in r.bank_offer_order():
        if position == 3:
            break
        r.decline_bank(position)
    r.accept_bank(3)
    r.no_more_bets()
    r.place_dealer_wager(dealer_wager)
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal(shoe({1: NOTHING, 2: "Ts Tc Td 2d 3c 5d Kc", 3: FOUR_QUEENS,
                 DEALER: "2s 3h 4s 6s 7d 8h 9c"}, r.start))
    r.players_have_set()
    if r.can_set_dealer_hand():
        r.set_dealer_hand()
    r.set_bank_hand("Qs Qh")
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    imperial = [(p.position, p.outcome, p.hand, p.amount) for p in r.payments
                if p.wager == "imperial_bonus"]
    assert imperial == [(3, "pay", "four_of_a_kind", 12_500), (3, "pay", "nine_high", 50_000)]
    assert r.is_complete and sum(r.net.values()) == 0
    check = settle_document(json.loads(json.dumps(r.to_document())))
    assert check["matches"], check.get("differences")


def test_three_then_four_with_a_player_bank_and_no_dealer_wager_5324_41_n_7() -> None:
    context = TableContext(new_game=False, last_unbanked_wagers={3: 4000, 5: 1000, 6: 1000})
    r = new_round(BonusWager.THREE_CARD_BONUS, BonusWager.SEVEN_CARD_BONUS, context=context,
                  method="three_then_four")
    r.shuffle()
    for position, amount in ((3, 4000), (5, 1000), (6, 1000)):
        r.place_wager(position, amount)
    r.place_bonus_wager(5, "three_card_bonus", 500)
    r.place_bonus_wager(6, "seven_card_bonus", 500)
    for position in r.bank_offer_order():
        if position == 3:
            break
        r.decline_bank(position)
    r.accept_bank(3)
    r.no_more_bets()
    r.place_dealer_wager(0)
    record = r.deal(["5s", "Ks", "Kh", "3c", "8c", "4s", "8d", "5c", "4c"])
    assert record.effects["three_card_stacks"] == {"3": "5s Ks Kh", "5": "3c 8c 4s",
                                                   "6": "8d 5c 4c"}
    r.settle_three_card_bonus()
    r.deal_four_card_stacks(["2h", "3h", "6h", "7h", "9s", "Ts", "Js", "Qs", "Ad", "Kd", "Qd",
                             "Jd"])
    assert all(len(r.seven_cards(p)) == 7 for p in (3, 5, 6))
    r.players_have_set()
    r.set_bank_hand("5s 2h")
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    assert r.is_complete and sum(r.net.values()) == 0
    settled = {(p.position, p.wager) for p in r.payments}
    assert {(5, "three_card_bonus"), (6, "seven_card_bonus"), (5, "pai_gow"),
            (6, "pai_gow")} <= settled
    check = settle_document(json.loads(json.dumps(r.to_document())))
    assert check["matches"], check.get("differences")
