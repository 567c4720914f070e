"""A chip a bet acceptor senses before "no more bets" is that position's wager whatever the order
of the chip, the base wager, a change of it and a chip lifted and put back (Let It Ride's bonus,
5324.34(a)(3), (c)(6)(ii); Pai Gow's progressive, 5324.41(d)(4), (k)(2)); a chip where no base
wager is at the lockout is a RETURN line; the dispute re-run reports a sensed chip left
unsettled."""

from __future__ import annotations

import json
from typing import Any

from dealer_station.cards import parse_cards
from dealer_station.games.let_it_ride import LetItRideRound, config_from_mapping
from dealer_station.games.let_it_ride.autoplay import cards_in_dealing_order, play_out
from dealer_station.games.let_it_ride.config import Dealing
from dealer_station.games.let_it_ride.document import settle_document as settle_let_it_ride
from dealer_station.games.pai_gow.config import config_from_mapping as pai_gow_config
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.document import settle_document as settle_pai_gow
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.procedure import replay
from dealer_station.ui.adapters.base import DeviceState
from dealer_station.ui.adapters.let_it_ride import LetItRideAdapter
from dealer_station.ui.adapters.pai_gow import PaiGowAdapter
from dealer_station.ui.supervisor.history import RoundDetail, RoundRow, reconstruct
from dealer_station.ui.view import Light

# ------------------------------------------------------------------ Let It Ride

HANDS = {1: "Ah Ad Ac", 3: "9h 9d 9c", 5: "2c 7d Jh"}
COMMUNITY = "4s 6h Kc"  # left, right, burned


def let_it_ride() -> LetItRideRound:
    return LetItRideRound(config_from_mapping({"table": {"dealing": "shoe"}}))


def bet(round_: LetItRideRound, position: int, amount: int = 500) -> None:
    round_.place_wagers(position=position, bet_one=amount, bet_two=amount, bet_three=amount)


def play(round_: LetItRideRound) -> None:
    round_.announce_no_more_bets()
    hands = {p: parse_cards(HANDS[p]) for p in round_.dealt_positions}
    deck = cards_in_dealing_order(Dealing.SHOE, hands, parse_cards(COMMUNITY))
    play_out(round_, deck, {}, {})
    assert round_.is_complete


def bonus_lines(round_: LetItRideRound) -> list[tuple[int | str, str]]:
    return [(p.position, p.outcome) for p in round_.payments if p.wager == "bonus"]


def lights(adapter: Any, round_: Any) -> dict[str, Light]:
    view = adapter.table_view(round_, DeviceState())
    return {s.key: s.light for s in view.seats if s.light is not Light.OFF}


def test_bonus_chip_before_the_wagers_is_the_bonus_wager_5324_34_c_6_ii() -> None:
    r = let_it_ride()
    r.acknowledge_bonus(position=1)
    r.acknowledge_bonus(position=3)
    assert lights(LetItRideAdapter({}), r) == {"1": Light.RETURN, "3": Light.RETURN}
    bet(r, 1)
    bet(r, 3)
    assert lights(LetItRideAdapter({}), r) == {"1": Light.ON, "3": Light.ON}
    play(r)
    assert r.history[[x.action for x in r.history].index("announce_no_more_bets")].effects[
        "bonus_positions"] == [1, 3]
    assert bonus_lines(r) == [(3, "pay"), (1, "pay")]  # three nines, three aces
    assert settle_let_it_ride(json.loads(json.dumps(r.to_document())))["matches"]


def test_bonus_chip_lifted_and_put_back_is_one_wager_5324_34_a_3_i() -> None:
    r = let_it_ride()
    r.acknowledge_bonus(position=3)
    r.bonus_chip_removed(position=3)
    bet(r, 3)
    assert r.wagers[3].bonus == 0
    r.acknowledge_bonus(position=3)
    r.bonus_chip_removed(position=3)
    r.acknowledge_bonus(position=3)
    r.acknowledge_bonus(position=3)  # sensed again (an acceptor back after a restart)
    assert r.wagers[3].bonus == 100
    play(r)
    assert bonus_lines(r) == [(3, "pay")]


def test_wagers_withdrawn_with_the_chip_left_say_so_then_count_again_5324_34_c_3() -> None:
    r = let_it_ride()
    bet(r, 3)
    r.acknowledge_bonus(position=3)
    withdrawn = r.withdraw_wagers(position=3)
    assert "still on the bonus acceptor at position 3" in str(
        withdrawn.effects["bonus_chip_sensed"])
    assert lights(LetItRideAdapter({}), r) == {"3": Light.RETURN}
    bet(r, 3, 1000)  # the wager changed: the chip is its bonus wager again
    assert r.wagers[3].bonus == 100
    play(r)
    assert bonus_lines(r) == [(3, "pay")]


def test_chip_without_wagers_at_the_lockout_is_a_return_line_5324_34_c_6_ii() -> None:
    r = let_it_ride()
    bet(r, 1)
    r.acknowledge_bonus(position=5)
    play(r)
    lockout = next(x for x in r.history if x.action == "announce_no_more_bets")
    assert lockout.effects["sensed_returns"] == [5]
    assert bonus_lines(r) == [(5, "return")]
    assert r.totals()["chips_in"] == r.totals()["chips_out"] + r.totals()["house_result"]
    document = json.loads(json.dumps(r.to_document()))
    assert settle_let_it_ride(document)["matches"]
    document["payments"] = [p for p in document["payments"] if p["wager"] != "bonus"]
    check = settle_let_it_ride(document)
    assert not check["matches"]
    assert any("position 5 without a base wager was never returned" in str(d.get("words"))
               for d in check["differences"])


def test_a_document_that_never_settled_a_sensed_bonus_is_a_difference_5324_34_f_3() -> None:
    r = let_it_ride()
    r.acknowledge_bonus(position=1)
    bet(r, 1)
    play(r)
    document = json.loads(json.dumps(r.to_document()))
    document["payments"] = [p for p in document["payments"] if p["wager"] != "bonus"]
    words = [str(d.get("words")) for d in settle_let_it_ride(document)["differences"]]
    assert "the bonus chip sensed at position 1 at the lockout was never settled" in words


def test_each_order_replays_from_its_records_5324_34_a_3() -> None:
    r = let_it_ride()
    r.acknowledge_bonus(position=3)
    bet(r, 3)
    r.withdraw_wagers(position=3)
    bet(r, 1)
    r.acknowledge_bonus(position=5)
    r.bonus_chip_removed(position=5)
    play(r)
    again = replay(let_it_ride(), r.history)
    assert again.to_document() == r.to_document()


# ------------------------------------------------------------------ Pai Gow Poker

DEALER_HAND = "Kc Kd 9h 7s 4c 3d 2h"
FOUR_QUEENS = "Qs Qc Qd Qh 5h Jd 8d"
NOTHING = "2c 4d 6c 8s Th Jh Kh"
PROGRESSIVE = BonusConfig(offered=frozenset({BonusWager.PROGRESSIVE}))


def pai_gow(shuffled: bool = True) -> PaiGowRound:
    config = pai_gow_config({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "dealing": {"method": "automated_shoe"},
        "side_wagers": {"offered": ["progressive"]},
    })
    r = bonus_round(config, PROGRESSIVE, dealer_id="D1", round_id="r1")
    if shuffled:
        r.shuffle()
    return r


def play_pai_gow(r: PaiGowRound, hands: dict[int, str]) -> None:
    r.no_more_bets()
    assert r.optional is not None
    r.confirm_light_count(len(r.optional.lockout.lit))
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal([c.text for c in deck_for_hands({**hands, DEALER: DEALER_HAND}, r.start)])
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle(meter=1_000_000)


def progressive_lines(r: PaiGowRound) -> list[tuple[int | str, str]]:
    return [(p.position, p.outcome) for p in r.payments if p.wager == "progressive"]


def test_progressive_chip_before_the_wager_is_the_wager_5324_41_d_4() -> None:
    r = pai_gow()
    r.acceptor_lit(4)
    assert lights(PaiGowAdapter({}), r) == {"4": Light.RETURN}
    r.place_wager(4, 1000)
    assert lights(PaiGowAdapter({}), r) == {"4": Light.ON}
    lockout = r.no_more_bets()
    assert lockout.effects["lights"] == [4]
    assert r.optional is not None
    r.confirm_light_count(1)
    assert r.optional.lockout.wagered == (4,)


def test_progressive_chip_without_a_wager_is_returned_and_not_counted_5324_41_k_2() -> None:
    r = pai_gow()
    r.place_wager(4, 1000)
    r.acceptor_lit(4)
    r.place_wager(6, 1000)
    r.acceptor_lit(2)  # no pai gow wager at 2
    r.acceptor_lit(6)
    r.progressive_chip_removed(6)
    play_pai_gow(r, {4: FOUR_QUEENS, 6: NOTHING})
    lockout = next(x for x in r.history if x.action == "no_more_bets")
    assert lockout.effects["lights"] == [4] and lockout.effects["sensed_returns"] == [2]
    assert progressive_lines(r) == [(2, "return"), (4, "pay")]
    assert sum(r.net.values()) == 0
    document = json.loads(json.dumps(r.to_document()))
    assert settle_pai_gow(document)["matches"]
    document["payments"] = [p for p in document["payments"] if p["wager"] != "progressive"]
    words = [str(d.get("words")) for d in settle_pai_gow(document)["differences"]]
    assert "the progressive chip sensed at position 4 at the lockout was never settled" in words
    assert ("the progressive chip sensed at position 2 without a base wager was never returned"
            in words)


def test_wager_withdrawn_with_the_chip_left_then_placed_again_5324_41_d_3() -> None:
    r = pai_gow()
    r.place_wager(4, 1000)
    r.acceptor_lit(4)
    withdrawn = r.withdraw_wager(4)
    assert "still on the acceptor at position 4" in str(
        withdrawn.effects["progressive_chip_sensed"])
    assert lights(PaiGowAdapter({}), r) == {"4": Light.RETURN}
    r.acceptor_lit(4)  # sensed again after a restart: still one chip, no refusal
    r.place_wager(4, 2000)
    assert r.side_wagers[4]["progressive"] == PROGRESSIVE.progressive_denomination
    play_pai_gow(r, {4: FOUR_QUEENS})
    assert progressive_lines(r) == [(4, "pay")]
    assert r.optional is not None
    again = replay(bonus_round(r.config, r.optional.bonus, r.context, dealer_id="D1",
                               round_id="r1", stub=r.optional.stub_at_start), r.history)
    assert again.to_document() == r.to_document()


def test_progressive_chip_while_the_dealer_shuffles_waits_for_the_wager_5324_41_d_4() -> None:
    r = pai_gow(shuffled=False)
    assert r.step.phase == "shuffle"
    r.acceptor_lit(3)
    r.shuffle()
    r.place_wager(3, 1000)
    assert r.no_more_bets().effects["lights"] == [3]


def test_the_history_page_names_a_sensed_chip_never_settled_5324_34_f_3() -> None:
    """The History page's re-run lists the unsettled chip in words, not "matches"."""
    r = let_it_ride()
    r.acknowledge_bonus(position=1)
    bet(r, 1)
    play(r)
    document = json.loads(json.dumps(r.to_document()))
    document["payments"] = [p for p in document["payments"] if p["wager"] != "bonus"]
    row = RoundRow(1, "let_it_ride", "complete", "D1", "2026-12-07T12:00:00", ("1",), "")
    shown = reconstruct(RoundDetail(row, (), "", "", (), (), (), document))
    assert not shown.matches
    assert ("The bonus chip sensed at position 1 at the lockout was never settled"
            in shown.differences)
    assert "difference" in shown.verdict
