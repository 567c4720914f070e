"""The Let It Ride round procedure: one test per "shall" of 9 NYCRR 5324.34(a)-(e), naming it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dealer_station.cards import parse_cards
from dealer_station.games.let_it_ride import LetItRideRound, Phase, config_from_mapping
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    deal,
    decide_all,
    settle_round,
)
from dealer_station.hardware import (
    LOCKOUT_OFF,
    LOCKOUT_ON,
    acceptor_lights,
    acceptors_enabled,
    shoe_dispense,
)
from dealer_station.procedure import GameRound, ProcedureError, replay

HANDS = {
    2: parse_cards("Ah Ad Kc"),   # pair of aces with the community cards below
    4: parse_cards("2c 7d 9s"),   # high card: loses
    6: parse_cards("Th Jh 3s"),   # pair of tens? no: tens only with a ten on the board
}
COMMUNITY = parse_cards("5h 8c Qd")   # left, right, burned


def make(dealing: str = "shoe", **table: Any) -> LetItRideRound:
    return LetItRideRound(config_from_mapping({"table": {"dealing": dealing, **table}}))


def bet(round_: LetItRideRound, position: int, amount: int = 500, **kwargs: Any) -> None:
    round_.place_wagers(position=position, bet_one=amount, bet_two=amount, bet_three=amount,
                        **kwargs)


def dealt_round(dealing: str = "shoe", positions: tuple[int, ...] = (2, 4, 6)) -> LetItRideRound:
    round_ = make(dealing)
    for position in positions:
        bet(round_, position)
    round_.announce_no_more_bets()
    deal(round_, cards_in_dealing_order(round_.config.dealing,
                                        {p: HANDS[p] for p in positions}, COMMUNITY))
    return round_


def clause_of(call: Any, *args: Any, **kwargs: Any) -> str | None:
    with pytest.raises(ProcedureError) as caught:
        call(*args, **kwargs)
    return caught.value.clause


def test_round_satisfies_the_game_round_protocol() -> None:
    round_: GameRound = make()
    assert round_.game == "let_it_ride"
    assert round_.step.phase == "betting" and not round_.is_complete
    assert list(round_.payments) == [] and list(round_.history) == []


# ---------------------------------------------------------------- wagers (c)

def test_three_equal_wagers_5324_34_c_4() -> None:
    """5324.34(c)(4): each player places three equal but separate wagers."""
    round_ = make()
    assert clause_of(round_.place_wagers, position=1, bet_one=500, bet_two=500,
                     bet_three=1000) == "5324.34(c)(4)"
    assert not round_.can_place_wagers(1, 500, 1000, 500)
    bet(round_, 1)
    assert round_.wagers[1].bet_one == round_.wagers[1].bet_three == 500


def test_wagers_within_table_limits() -> None:
    round_ = make(minimum=10, maximum=100)
    assert not round_.can_place_wagers(1, 500, 500, 500)
    assert not round_.can_place_wagers(1, 10_100, 10_100, 10_100)
    assert round_.can_place_wagers(1, 1000, 1000, 1000)


def test_bonus_only_with_the_three_wagers_5324_34_c_6_ii() -> None:
    """5324.34(c)(6)(ii): only a player who placed the three wagers may make the bonus wager."""
    round_ = make()
    round_.acknowledge_bonus(position=3)  # sensed before the wagers: no bonus wager yet
    assert 3 not in round_.wagers
    bet(round_, 3)
    assert round_.wagers[3].bonus == 100
    round_.acknowledge_bonus(position=3)  # sensed again: still one $1 bonus wager
    assert round_.wagers[3].bonus == 100
    round_.acknowledge_bonus(position=5)
    lockout = round_.announce_no_more_bets()
    assert lockout.effects["bonus_positions"] == [3]
    assert [(p.position, p.outcome) for p in round_.bonus_returns] == [(5, "return")]


def test_three_card_bonus_only_with_the_three_wagers_5324_34_c_7_ii() -> None:
    """5324.34(c)(7)(ii): only a player who placed the three wagers may make it."""
    round_ = make()
    assert clause_of(round_.place_three_card_bonus, position=3, amount=500) == \
        "5324.34(c)(7)(ii)"
    bet(round_, 3)
    assert not round_.can_place_three_card_bonus(3, 50_000)  # above the three-card maximum
    round_.place_three_card_bonus(position=3, amount=500)
    assert round_.wagers[3].three_card_bonus == 500


def test_side_wagers_refused_when_not_offered_5324_34_c_6_c_7() -> None:
    """5324.34(c)(6)(i), (c)(7)(i): the options exist only where the casino offers them."""
    round_ = LetItRideRound(config_from_mapping(
        {"bonus": {"offered": False}, "three_card_bonus": {"offered": False}}))
    bet(round_, 1)
    assert clause_of(round_.acknowledge_bonus, position=1) == "5324.34(c)(6)(i)"
    assert clause_of(round_.place_three_card_bonus, position=1, amount=500) == \
        "5324.34(c)(7)(i)"


def test_second_position_adjacent_and_nobody_waiting_5324_34_c_5() -> None:
    """5324.34(c)(5): two positions only if adjacent and no other player waits to be seated."""
    round_ = make()
    bet(round_, 3, player="Ann")
    assert clause_of(bet, round_, 5, player="Ann") == "5324.34(c)(5)"
    round_.set_players_waiting(count=1)
    assert clause_of(bet, round_, 4, player="Ann") == "5324.34(c)(5)"
    round_.set_players_waiting(count=0)
    bet(round_, 4, player="Ann")
    assert clause_of(bet, round_, 2, player="Ann") == "5324.34(c)(5)"  # a third position
    bet(round_, 5)  # another player
    assert round_.wagers[3].player == round_.wagers[4].player == "Ann"


def test_second_position_refused_where_not_permitted_5324_34_c_5() -> None:
    """5324.34(c)(5): 'may permit': a table can refuse two positions."""
    round_ = make(two_positions=False)
    bet(round_, 3, player="Ann")
    assert clause_of(bet, round_, 4, player="Ann") == "5324.34(c)(5)"


def test_no_wager_made_increased_or_withdrawn_after_no_more_bets_5324_34_c_3() -> None:
    """5324.34(c)(3): all wagers before 'no more bets'; none made, increased or withdrawn after."""
    round_ = make()
    bet(round_, 1)
    bet(round_, 2)
    round_.withdraw_wagers(position=2)  # allowed before
    round_.announce_no_more_bets()
    assert round_.dealt_positions == (1,)
    assert not round_.can_place_wagers(3, 500, 500, 500)
    assert not round_.can_withdraw_wagers(1)
    assert not round_.can_place_three_card_bonus(1, 500)
    assert not round_.can_announce_no_more_bets()


def test_no_more_bets_needs_a_player() -> None:
    assert clause_of(make().announce_no_more_bets) == "5324.34(c)(4)"


def test_bonus_after_lockout_is_reported_not_counted_5324_34_a_3_ii() -> None:
    """5324.34(a)(3)(ii): a bonus wager placed after 'no more bets' is not recognised; it
    counts only if its position's acceptor acknowledged it before the lockout."""
    round_ = make()
    bet(round_, 1)
    bet(round_, 2)
    round_.acknowledge_bonus(position=1)
    assert round_.step.hardware == (LOCKOUT_OFF, acceptors_enabled([2]), acceptor_lights([1]))
    round_.announce_no_more_bets()
    assert round_.lockout_engaged and LOCKOUT_ON in round_.step.hardware
    record = round_.acknowledge_bonus(position=2)
    assert record.effects["recognised"] is False and record.clause == "5324.34(a)(3)(ii)"
    assert round_.wagers[2].bonus == 0 and round_.wagers[1].bonus == 100
    assert [r["position"] for r in round_.unrecognised_bonus_wagers] == [2]
    assert round_.to_document()["unrecognised_bonus_wagers"][0]["position"] == 2


# ---------------------------------------------------------------- dealing (d)

def test_manual_dealing_order_5324_34_d_1() -> None:
    """5324.34(d)(1): one card at a time from the dealer's far left clockwise, a community card
    after each round; the three community cards placed left to right (the third burned)."""
    round_ = make("manual")
    for position in (6, 2, 4):
        bet(round_, position)
    round_.announce_no_more_bets()
    seen = []
    while round_.phase is Phase.DEALING:
        step = round_.step
        seen.append(step.positions[0] if step.positions else "C")
        assert step.expects == "card" and step.actions[0] == "deal_card"
        round_.deal_card()
    assert seen == [2, 4, 6, "C"] * 3
    assert all(len(round_.cards(p)) == 3 for p in (2, 4, 6))
    assert set(round_.community) == {"left", "right", "burn"}


def test_manual_card_to_the_wrong_place_is_refused_5324_34_d_1() -> None:
    """5324.34(d)(1): the dealer is told where each card goes; another place is refused."""
    round_ = make("manual")
    bet(round_, 2)
    bet(round_, 4)
    round_.announce_no_more_bets()
    assert clause_of(round_.deal_card, card="As", target=4) == "5324.34(d)(1)"
    round_.deal_card(card="As", target=2)
    assert clause_of(round_.deal_card, card="Ks", target="community") == "5324.34(d)(1)"
    assert round_.cards(2)[0] is not None and round_.cards(2)[0].text == "As"


def test_shoe_stacks_go_clockwise_then_community_5324_34_d_2() -> None:
    """5324.34(d)(2): first stack to the farthest-left player with wagers, clockwise; then the
    community stack: top card to the left box, middle to the right box, bottom burned."""
    round_ = make("shoe")
    for position in (7, 3, 5):
        bet(round_, position)
    round_.announce_no_more_bets()
    stacks = [["2s", "3s", "4s"], ["5s", "6s", "7s"], ["8s", "9s", "Ts"], ["Js", "Qs", "Ks"]]
    targets = []
    for stack in stacks:
        step = round_.step
        assert step.hardware == (LOCKOUT_ON, shoe_dispense(3)) and step.expects == "stack"
        targets.append(step.positions[0] if step.positions else "community")
        round_.receive_stack(cards=stack)
    assert targets == [3, 5, 7, "community"]
    assert [c.text for c in round_.cards(3) if c] == ["2s", "3s", "4s"]
    assert [c.text for c in round_.cards(7) if c] == ["8s", "9s", "Ts"]
    community = round_.community
    assert (community["left"], community["right"], community["burn"]) == \
        parse_cards("Js Qs Ks")
    assert round_.discard_rack[0] == {"from": "burn", "cards": ["Ks"]}
    assert round_.phase is Phase.BET_ONE


def test_manual_deal_card_refused_on_a_shoe_table_and_back() -> None:
    shoe = make("shoe")
    bet(shoe, 1)
    shoe.announce_no_more_bets()
    assert clause_of(shoe.deal_card, card="As") == "5324.34(d)(2)"
    manual = make("manual")
    bet(manual, 1)
    manual.announce_no_more_bets()
    assert clause_of(manual.receive_stack, cards=["As", "Ks", "Qs"]) == "5324.34(d)(1)"


# ---------------------------------------------------------------- dealer errors

def test_wrong_stack_count_halts_for_a_supervisor_5324_34_d_2() -> None:
    """5324.34(d)(2): stacks of three; any other count halts the round for a supervisor, who
    may continue (the stack is discarded and the next one goes to the same position)."""
    round_ = make("shoe")
    bet(round_, 2)
    bet(round_, 5)
    round_.announce_no_more_bets()
    record = round_.receive_stack(cards=["2s", "3s"])
    assert record.effects["halted"] is True and round_.phase is Phase.HALTED
    assert round_.step.expects == "supervisor" and "supervisor" in round_.step.instruction
    assert not round_.can_receive_stack(["4s", "5s", "6s"])
    assert not round_.can_decide_bet_one(2, True)
    round_.resolve_halt(supervisor="S. Boss", resolution="continue")
    assert round_.step.positions == (2,)
    round_.receive_stack(cards=["4s", "5s", "6s"])
    assert [c.text for c in round_.cards(2) if c] == ["4s", "5s", "6s"]
    assert {"from": "misdeal", "cards": ["2s", "3s"]} in round_.discard_rack


def test_duplicate_card_halts_and_a_supervisor_may_void_the_round() -> None:
    """A card already dealt halts the round; voiding returns every wager (5324.34(d))."""
    round_ = make("shoe")
    bet(round_, 2)
    round_.acknowledge_bonus(position=2)
    bet(round_, 5)
    round_.announce_no_more_bets()
    round_.receive_stack(cards=["As", "Ks", "Qs"])
    record = round_.receive_stack(cards=["2h", "As", "3h"])
    assert record.effects["halt"]["kind"] == "duplicate_card"
    assert not round_.can_resolve_halt("", "void_round")
    round_.resolve_halt(supervisor="S. Boss", resolution="void_round")
    assert round_.is_void
    assert [(p.position, p.wager, p.outcome, p.stake) for p in round_.payments] == [
        (5, "bet_one", "return", 500), (5, "bet_two", "return", 500),
        (5, "bet_three", "return", 500), (2, "bet_one", "return", 500),
        (2, "bet_two", "return", 500), (2, "bet_three", "return", 500),
        (2, "bonus", "return", 100)]
    assert round_.phase is Phase.RETURN_WAGERS and round_.void_returns == round_.payments
    round_.return_wagers()
    round_.collect_cards()
    assert round_.is_complete
    totals = round_.totals()
    assert totals["chips_in"] == totals["chips_out"] and totals["house_result"] == 0


def test_duplicate_card_in_manual_deal_halts() -> None:
    round_ = make("manual")
    bet(round_, 1)
    round_.announce_no_more_bets()
    round_.deal_card(card="As")
    round_.deal_card(card="Ks")
    round_.deal_card(card="As")
    assert round_.halt is not None and round_.halt["kind"] == "duplicate_card"
    round_.resolve_halt(supervisor="S", resolution="continue")
    assert round_.step.positions == (1,)  # the second card of position 1 again
    round_.deal_card(card="Qs")
    assert [c.text for c in round_.cards(1) if c] == ["As", "Qs"]


def test_decision_for_the_wrong_position_is_refused_and_nothing_changes_5324_34_e_2() -> None:
    """5324.34(e)(2): the dealer asks from the far left clockwise; a decision entered for
    another position is refused with the position to ask, and the round is unchanged."""
    round_ = dealt_round()
    before = len(round_.history)
    with pytest.raises(ProcedureError) as caught:
        round_.decide_bet_one(position=4, let_it_ride=False)
    assert caught.value.clause == "5324.34(e)(2)" and "position 2" in caught.value.reason
    assert len(round_.history) == before and round_.step.positions == (2, 4, 6)
    round_.call_supervisor(reason="chips moved at position 4 by mistake")
    assert round_.phase is Phase.HALTED
    round_.resolve_halt(supervisor="S", resolution="continue")
    assert round_.phase is Phase.BET_ONE


def test_exposed_card_is_recorded_and_play_continues_5324_34_d() -> None:
    """A card exposed early is recorded; under the default 'play' rule it stays in play."""
    round_ = dealt_round()
    round_.report_exposed_card(card="Ah", target=2)
    round_.report_exposed_card(card="5h", target="community")
    assert not round_.can_report_exposed_card("Ah", 4)  # Ah is position 2's card
    assert round_.phase is Phase.BET_ONE
    assert [e["card"] for e in round_.exposed_cards] == ["Ah", "5h"]
    decide_all(round_, {})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    settle_round(round_)
    assert round_.is_complete and round_.to_document()["exposed_cards"][0]["target"] == 2


def test_exposed_card_voids_the_round_under_the_void_rule() -> None:
    round_ = LetItRideRound(config_from_mapping({"table": {"exposed_card_rule": "void_round"}}))
    bet(round_, 1)
    round_.announce_no_more_bets()
    round_.receive_stack(cards=["As", "Ks", "Qs"])
    round_.report_exposed_card(card="As", target=1)
    assert round_.is_void and round_.phase is Phase.RETURN_WAGERS
    assert sum(p.stake for p in round_.payments if p.outcome == "return") == 1500
    round_.return_wagers()
    assert round_.phase is Phase.COLLECT_CARDS


# ---------------------------------------------------------------- completing the round (e)

def test_bet_one_then_first_community_card_then_bet_two_5324_34_e_2_to_e_5() -> None:
    """5324.34(e)(2)-(5): bet one decisions far left clockwise; the dealer's left community card
    turned; bet two decisions likewise, independent of bet one; then the second card."""
    round_ = dealt_round()
    assert round_.step.positions == (2, 4, 6) and round_.step.expects == "decision"
    assert not round_.can_turn_community_card()
    round_.decide_bet_one(position=2, let_it_ride=False)
    assert round_.step.positions == (4, 6)
    round_.decide_bet_one(position=4, let_it_ride=True)
    round_.decide_bet_one(position=6, let_it_ride=True)
    assert round_.phase is Phase.FIRST_COMMUNITY_CARD
    record = round_.turn_community_card()
    assert record.effects == {"community_card": "first", "card": "5h"}
    assert record.clause == "5324.34(e)(3)"
    round_.decide_bet_two(position=2, let_it_ride=True)  # without regard to bet one
    round_.decide_bet_two(position=4, let_it_ride=False)
    round_.decide_bet_two(position=6, let_it_ride=True)
    record = round_.turn_community_card()
    assert record.effects == {"community_card": "second", "card": "8c"}
    assert round_.on_layout(2) == ("bet_two", "bet_three")
    assert round_.on_layout(4) == ("bet_one", "bet_three")


def test_withdrawn_bet_is_returned_to_the_player_5324_34_e_2_ii() -> None:
    """5324.34(e)(2)(ii), (e)(4)(ii): a withdrawn bet is moved back toward the player."""
    round_ = dealt_round()
    round_.decide_bet_one(position=2, let_it_ride=False)
    payment = round_.payments[0]
    assert (payment.position, payment.wager, payment.outcome, payment.stake) == \
        (2, "bet_one", "return", 500)
    assert payment.clause == "5324.34(e)(2)(ii)"


def test_showdown_from_the_far_right_counter_clockwise_5324_34_e_6() -> None:
    """5324.34(e)(6): hands are turned from the dealer's far right counter-clockwise."""
    round_ = dealt_round()
    decide_all(round_, {})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    assert round_.step.positions == (6, 4, 2)
    assert clause_of(round_.show_hand, position=2) == "5324.34(e)(6)"
    round_.show_hand(position=6)
    assert round_.step.positions == (4, 2)


def test_losers_collected_before_winners_paid_5324_34_e_7_e_8() -> None:
    """5324.34(e)(7): a hand below a pair of tens loses, collected first; (e)(8): then winning
    wagers are paid from the far right counter-clockwise."""
    round_ = dealt_round()
    decide_all(round_, {})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    settle_round(round_)
    lines = [(p.position, p.wager, p.outcome) for p in round_.payments]
    assert lines == [
        (6, "bet_one", "collect"), (6, "bet_two", "collect"), (6, "bet_three", "collect"),
        (4, "bet_one", "collect"), (4, "bet_two", "collect"), (4, "bet_three", "collect"),
        (2, "bet_one", "pay"), (2, "bet_two", "pay"), (2, "bet_three", "pay")]
    assert [p.order for p in round_.payments] == list(range(1, 10))
    assert all(p.amount == 500 for p in round_.payments if p.outcome == "pay")  # pair 1:1


def test_cards_collected_so_each_hand_can_be_reconstructed_5324_34_e_9() -> None:
    """5324.34(e)(9), (e)(7), (e)(8)(ii): losing hands go to the discard rack as collected,
    winning hands after payment, then the community cards; each hand kept together."""
    round_ = dealt_round()
    decide_all(round_, {})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    settle_round(round_)
    rack = [(group["from"], group["cards"]) for group in round_.discard_rack]
    assert rack == [("burn", ["Qd"]), ("position 6", ["Th", "Jh", "3s"]),
                    ("position 4", ["2c", "7d", "9s"]), ("position 2", ["Ah", "Ad", "Kc"]),
                    ("community", ["5h", "8c"])]
    assert round_.step.hardware == (LOCKOUT_OFF,)


def test_unread_manual_cards_are_entered_when_turned() -> None:
    """Manual dealing without a card reader: cards are entered as they are turned."""
    round_ = make("manual")
    bet(round_, 3)
    round_.announce_no_more_bets()
    while round_.phase is Phase.DEALING:
        round_.deal_card()
    decide_all(round_, {})
    assert round_.step.expects == "card"
    assert not round_.can_turn_community_card()
    round_.turn_community_card(card="Kh")
    decide_all(round_, {})
    round_.turn_community_card(card="Kd")
    assert round_.step.expects == "cards"
    assert not round_.can_show_hand(3, ["Ks", "2c"])  # three cards
    round_.show_hand(position=3, cards=["Kh", "2c", "3c"])
    assert round_.phase is Phase.HALTED  # Kh is the first community card: a duplicate
    round_.resolve_halt(supervisor="S", resolution="continue")
    round_.show_hand(position=3, cards=["Ks", "2c", "4c"])
    settle_round(round_)
    assert round_.results[3].hand == "three_of_a_kind"
    assert [p.amount for p in round_.payments] == [1500, 1500, 1500]


def test_steps_name_hardware_and_inputs() -> None:
    round_ = make("manual")
    step = round_.step
    assert step.actions[0] == "announce_no_more_bets" and step.hardware[0] == LOCKOUT_OFF
    bet(round_, 1)
    round_.announce_no_more_bets()
    assert round_.step.hardware == (LOCKOUT_ON,)
    assert round_.step.instruction == "Deal the first card face down to position 1."


def test_replay_rebuilds_an_identical_round_and_document_is_json() -> None:
    round_ = dealt_round("manual")
    decide_all(round_, {2: False})
    round_.turn_community_card()
    decide_all(round_, {6: False})
    round_.turn_community_card()
    settle_round(round_)
    copy = replay(LetItRideRound(round_.config), round_.history)
    assert copy.history == round_.history
    assert copy.to_document() == round_.to_document()
    document = json.loads(json.dumps(round_.to_document()))
    assert document["game"] == "let_it_ride" and document["complete"] is True
    assert document["cards"]["positions"]["2"] == ["Ah", "Ad", "Kc"]
    assert document["decisions"]["2"] == {"bet_one": "withdraw", "bet_two": "let_it_ride"}
    assert [p["order"] for p in document["payments"]] == list(range(1, 10))


def test_three_separate_betting_areas_and_a_three_card_area_5324_34_a_2_i_v() -> None:
    """5324.34(a)(2)(i), (v): three separate betting areas per position (bet one, two, three),
    and a separate area for the three-card bonus; the document shows each area's wager."""
    round_ = make()
    bet(round_, 1)
    round_.place_three_card_bonus(position=1, amount=300)
    assert round_.to_document()["wagers"]["1"] == {
        "player": "seat 1", "bet_one": 500, "bet_two": 500, "bet_three": 500, "bonus": 0,
        "three_card_bonus": 300}


def test_cards_examined_then_left_face_down_after_bet_two_5324_34_e_1() -> None:
    """5324.34(e)(1): players examine their cards; after the bet two decision the cards are
    placed face down and not touched again: the dealer is told so."""
    round_ = dealt_round()
    assert "examined their cards" in round_.step.instruction
    decide_all(round_, {})
    round_.turn_community_card()
    assert "face down and untouched" in round_.step.instruction


def test_void_during_betting_returns_the_wagers_and_conserves_chips() -> None:
    round_ = make()
    bet(round_, 2)
    round_.acknowledge_bonus(position=2)
    round_.call_supervisor(reason="dispute at position 2")
    assert not round_.can_acknowledge_bonus(2)  # halted before the lockout
    round_.resolve_halt(supervisor="S", resolution="void_round")
    assert round_.is_void and round_.phase is Phase.RETURN_WAGERS
    # no card was dealt: the step says the round ends next, not "Collect the cards unseen"
    assert round_.step.next_instruction == "The round ends void (no card was dealt)"
    round_.return_wagers()  # no card was dealt: nothing to collect
    assert round_.is_complete
    totals = round_.totals()
    assert totals["chips_in"] == totals["chips_out"] == 1600 and totals["house_result"] == 0


def test_no_void_once_settlement_has_begun() -> None:
    round_ = dealt_round()
    decide_all(round_, {})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    while round_.phase is Phase.SHOWDOWN:
        round_.show_hand(position=round_.step.positions[0])
    round_.collect_losing_wagers()
    round_.call_supervisor(reason="player disputes the payout")
    assert not round_.can_resolve_halt("S", "void_round")
    round_.resolve_halt(supervisor="S", resolution="continue")
    assert round_.phase is Phase.PAY_WINNING_WAGERS


def test_a_supervisor_voids_the_round_returns_lines_then_the_cards_5324_34_e_8() -> None:
    """A supervisor's void (from the supervisor's screen, the round not halted): one RETURN line
    per wager on the layout, far right first ((e)(8)'s order); WAGERS RETURNED only at that
    step, then the cards collected unseen ((e)(9)); the round then ends void."""
    round_ = make("shoe")
    bet(round_, 2)
    bet(round_, 5)
    round_.announce_no_more_bets()
    round_.receive_stack(cards=["As", "Ks", "Qs"])
    assert not round_.can_void("S. Boss", " ") and not round_.can_void(" ", "flash")
    record = round_.void(supervisor="S. Boss", reason="cards flashed")
    assert (record.action, record.clause, record.effects["returned"]) == (
        "void", "5324.34(e)(8)", 3000)
    assert [(p.position, p.wager) for p in round_.void_returns] == [
        (5, "bet_one"), (5, "bet_two"), (5, "bet_three"),
        (2, "bet_one"), (2, "bet_two"), (2, "bet_three")]
    assert round_.step.phase == "return_wagers" and round_.step.positions == (5, 2)
    assert round_.step.next_instruction == "Collect the cards unseen"  # a stack was dealt
    assert not round_.can_collect_cards() and not round_.can_void("S. Boss", "again")
    assert not round_.can_call_supervisor("again")  # no second void, no halt over a void
    round_.return_wagers()
    assert round_.step.phase == "collect_cards" and "void" in round_.step.instruction
    round_.collect_cards()
    assert round_.is_complete and round_.is_void


def test_no_supervisor_void_once_settlement_has_begun_5324_34_e_7() -> None:
    round_ = make("shoe")
    bet(round_, 2)
    round_.announce_no_more_bets()
    round_.receive_stack(cards=["As", "Ks", "Qs"])
    round_.receive_stack(cards=["2h", "3h", "4h"])
    while round_.phase is not Phase.COLLECT_LOSING_WAGERS:
        action = round_.step.actions[0]
        if action.startswith("decide_"):
            getattr(round_, action)(position=round_.step.positions[0], let_it_ride=True)
        elif action == "show_hand":
            round_.show_hand(position=round_.step.positions[0])
        else:
            getattr(round_, action)()
    with pytest.raises(ProcedureError, match=r"settlement has begun.*\(e\)\(7\)"):
        round_.void(supervisor="S", reason="too late")
