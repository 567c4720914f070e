"""Every action the rules core offers is played through the screens: each game's typed
actions (its ``ACTIONS``, as the station reads them: :func:`game_actions`) are mapped to the GUI
test (the real window, ``qtbot``) or journey (``open_station``) that reaches it the way a dealer,
supervisor or technician does. The sweep fails when an action has no entry, when the test named
does not exist or does not drive a window, or when its file never mentions what is pressed to
reach the action (the cheap check that the route named is the one the test takes).

An action no round made by the station can take is listed apart, with the check that proves
it; one the screens cannot reach yet is an expected failure, named with the reason."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from dealer_station.games.registry import _BUILTIN, game_actions, game_factory
from dealer_station.procedure import ProcedureError
from dealer_station.table_config import load_table_config

ROOT = Path(__file__).resolve().parents[2]
GUI = "tests/gui/"
JOURNEYS = "tests/journeys/"
LIR_ROUND = GUI + "test_let_it_ride_gui.py::test_let_it_ride_round_through_the_gui_over_pty_5324_34"
PG_ROUND = GUI + "test_pai_gow_gui.py::test_pai_gow_round_through_the_gui_over_pty_5324_41"
TAKEN_BACK = GUI + "test_wagers_taken_back_gui.py::"
LIR_BACK = (TAKEN_BACK
            + "test_wagers_taken_back_and_a_bonus_chip_lifted_before_no_more_bets_5324_34_c")
PG_BACK = TAKEN_BACK + "test_a_pai_gow_wager_taken_back_and_a_progressive_chip_lifted_5324_41_d_3"
PROBLEMS = (GUI + "test_dealer_problems_gui.py::"
            "test_exposed_card_and_supervisor_call_from_the_problem_menu_5324_34_d")
PG_CALLED = GUI + "test_pai_gow_problems_gui.py::test_a_supervisor_called_lets_the_round_continue"
LIR_VOID = (GUI + "test_void_returns_gui.py::"
            "test_a_let_it_ride_void_has_return_lines_ticked_kept_on_restart_then_the_cards")
PG_VOID = (GUI + "test_void_returns_gui.py::"
           "test_a_pai_gow_void_at_the_deal_has_return_lines_then_the_cards")
BANKS = (GUI + "test_dealer_pai_gow_gui.py::"
         "test_a_player_banks_and_the_dealer_wagers_against_the_bank_5324_41_h_7")
THREE_THEN_FOUR = (GUI + "test_dealer_pai_gow_gui.py::"
                   "test_three_then_four_with_the_three_card_bonus_and_stub_count_5324_41_n_7")
PROGRESSIVE = (GUI + "test_pai_gow_progressive_gui.py::"
               "test_progressive_straight_flush_validated_by_a_supervisor_5324_41_k_3")
SEATING = (GUI + "test_pai_gow_seating_gui.py::"
           "test_seating_changes_and_two_areas_through_the_window_5324_41_h_4_i")
RNG = (GUI + "test_rng_side_wager_gui.py::"
       "test_rng_side_wagers_taken_shown_and_settled_in_order_5324_41_j")

#: (game, action) -> (the test that plays it through the screens, what its file presses or
#: does to reach it).
PLAYED: dict[tuple[str, str], tuple[str, str]] = {
    ("let_it_ride", "acknowledge_bonus"): (LIR_BACK, "place_chip"),
    ("let_it_ride", "announce_no_more_bets"): (LIR_ROUND, '"no_more_bets"'),
    ("let_it_ride", "bonus_chip_removed"): (LIR_BACK, "remove_chip"),
    ("let_it_ride", "call_supervisor"): (PROBLEMS, '"call_supervisor"'),
    ("let_it_ride", "collect_cards"): (LIR_ROUND, '"cards_collected"'),
    ("let_it_ride", "collect_losing_wagers"): (LIR_ROUND, '"collected"'),
    ("let_it_ride", "deal_card"): (
        TAKEN_BACK + "test_a_table_dealing_by_hand_confirms_each_card_with_card_dealt_5324_34_d_1",
        '"dealt"'),
    ("let_it_ride", "decide_bet_one"): (LIR_ROUND, "Key_R"),
    ("let_it_ride", "decide_bet_two"): (LIR_ROUND, "Key_R"),
    ("let_it_ride", "pay_winning_wagers"): (LIR_ROUND, '"paid"'),
    ("let_it_ride", "place_three_card_bonus"): (LIR_BACK, "_three_buttons"),
    ("let_it_ride", "place_wagers"): (LIR_ROUND, "wager_entry"),
    ("let_it_ride", "receive_stack"): (
        JOURNEYS + "test_non_reading_shoe_journey.py::"
        "test_a_round_of_each_game_with_a_shoe_that_does_not_read_by_keys_5324_34_d_2_5324_41_f_3",
        "DISPENSE"),
    ("let_it_ride", "report_exposed_card"): (PROBLEMS, '"exposed_card"'),
    ("let_it_ride", "resolve_halt"): (PROBLEMS, "supervisor_decides"),
    ("let_it_ride", "return_wagers"): (LIR_VOID, "wagers_returned"),
    ("let_it_ride", "set_players_waiting"): (
        GUI + "test_two_positions_gui.py::"
        "test_a_second_adjacent_position_only_while_nobody_waits_5324_34_c_5",
        '"waiting"'),
    ("let_it_ride", "show_hand"): (LIR_ROUND, '"show"'),
    ("let_it_ride", "turn_community_card"): (LIR_ROUND, '"turn"'),
    ("let_it_ride", "void"): (LIR_VOID, "void_button"),
    ("let_it_ride", "withdraw_wagers"): (LIR_BACK, "withdraw"),
    ("pai_gow", "accept_bank"): (BANKS, '"accept_bank"'),
    ("pai_gow", "acceptor_lit"): (PG_BACK, "place_chip"),
    ("pai_gow", "approve_progressive"): (PROGRESSIVE, '"approve"'),
    ("pai_gow", "call_supervisor"): (PG_CALLED, '"call_supervisor"'),
    ("pai_gow", "collect_cards"): (PG_VOID, "cards_collected"),
    ("pai_gow", "complete_jackpot_record"): (PROGRESSIVE, '"jackpot_done"'),
    ("pai_gow", "confirm_light_count"): (PROGRESSIVE, '"count"'),
    ("pai_gow", "count_stub"): (THREE_THEN_FOUR, "stub"),
    ("pai_gow", "cut"): (
        GUI + "test_pai_gow_cut_gui.py::"
        "test_a_new_games_cut_goes_to_the_first_player_to_the_table_5324_41_e_2_i",
        '"cut"'),
    ("pai_gow", "deal"): (PG_ROUND, '"dispense"'),
    ("pai_gow", "deal_four_card_stacks"): (THREE_THEN_FOUR, '"dispense"'),
    ("pai_gow", "decline_bank"): (
        GUI + "test_dealer_pai_gow_gui.py::"
        "test_the_house_banks_when_the_offer_returns_to_the_dealer_5324_41_h_3",
        '"decline_bank"'),
    ("pai_gow", "determine_starting_position"): (PG_ROUND, '"rng"'),
    ("pai_gow", "no_more_bets"): (PG_ROUND, '"no_more_bets"'),
    ("pai_gow", "place_bonus_wager"): (THREE_THEN_FOUR, "three"),
    ("pai_gow", "place_dealer_wager"): (BANKS, '"dealer_wager"'),
    ("pai_gow", "place_rng_wager"): (
        JOURNEYS + "test_rng_side_wager_journey.py::"
        "test_rng_side_wagers_placed_shown_and_settled_before_the_deal_5324_41_j",
        "PLACE WAGERS"),
    ("pai_gow", "place_wager"): (PG_ROUND, "wager_entry"),
    ("pai_gow", "player_leaves"): (SEATING, "seating"),
    ("pai_gow", "player_moves"): (SEATING, "seating"),
    ("pai_gow", "player_sits"): (SEATING, "seating"),
    ("pai_gow", "players_have_set"): (PG_ROUND, '"players_have_set"'),
    ("pai_gow", "progressive_chip_removed"): (PG_BACK, "remove_chip"),
    ("pai_gow", "redeal"): (
        GUI + "test_pai_gow_redeal.py::test_a_shoe_jam_mid_deal_is_cleared_and_redealt",
        '"redeal"'),
    ("pai_gow", "reject_progressive"): (
        GUI + "test_pai_gow_progressive_gui.py::"
        "test_a_rejected_payout_s_collect_line_is_named_and_ticked_before_the_next_round",
        '"reject"'),
    ("pai_gow", "resolve_halt"): (PG_CALLED, "supervisor_decides"),
    ("pai_gow", "resolve_light_mismatch"): (
        GUI + "test_dealer_pai_gow_gui.py::"
        "test_light_count_mismatch_recounted_then_resolved_and_dice_start_5324_41_k_2",
        "mismatch"),
    ("pai_gow", "return_wagers"): (PG_VOID, "wagers_returned"),
    ("pai_gow", "set_bank_hand"): (BANKS, 'button("set_hand")'),
    ("pai_gow", "set_co_bank_hand"): (
        GUI + "test_dealer_cobank_gui.py::"
        "test_a_player_co_banks_the_round_through_the_screen_5324_41_h_5",
        '"banker"'),
    ("pai_gow", "set_dealer_hand"): (PG_ROUND, '"banker"'),
    ("pai_gow", "set_hand"): (PG_ROUND, 'button("set_hand")'),
    ("pai_gow", "set_hand_house_way"): (PG_ROUND, '"house_way"'),
    ("pai_gow", "settle"): (PG_ROUND, '"settle"'),
    ("pai_gow", "settle_rng_wagers"): (RNG, '"rng_settled"'),
    ("pai_gow", "settle_three_card_bonus"): (THREE_THEN_FOUR, '"three_card_settled"'),
    ("pai_gow", "shuffle"): (PG_ROUND, '"shuffled"'),
    ("pai_gow", "shuffler_report"): (
        GUI + "test_deck_count_gui.py::"
        "test_the_shufflers_own_count_finds_a_short_deck_at_the_shuffle_5324_41_n_8",
        "shuffler"),
    ("pai_gow", "surrender"): (
        TAKEN_BACK + "test_a_player_surrenders_before_the_hands_are_exposed_5324_41_g_3",
        '"surrender"'),
    ("pai_gow", "void"): (PG_VOID, "void_from_the_supervisor_screen"),
    ("pai_gow", "withdraw_wager"): (PG_BACK, "withdraw"),
}

#: Actions no round the station makes can take (the check below proves each): the screens
#: have nothing to reach.
NOT_AT_A_STATION: dict[tuple[str, str], str] = {
    ("pai_gow", "place_side_wager"): (
        "the seam of a round without the optional wagers' part: the station builds every "
        "round offering a side wager with that part, which takes them as place_bonus_wager, "
        "and a round offering none refuses them"),
}

#: Actions the screens do not reach yet (or reach by a route that does not work yet): each an
#: expected failure with the reason, until its route is built and mapped above.
NOT_YET: dict[tuple[str, str], str] = {}


def _every_action() -> list[tuple[str, str]]:
    found = []
    for game in sorted(_BUILTIN):
        table = game_actions(game)
        assert table, f"{game} declares no actions"
        found.extend((game, name) for name in sorted(table))
    return found


@cache
def _tests_in(path: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse((ROOT / path).read_text())
    return {node.name: node for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def _xfailed(node: ast.FunctionDef) -> bool:
    return any("xfail" in ast.unparse(decorator) for decorator in node.decorator_list)


def _reached(game: str, action: str) -> None:
    """The action is mapped to a test that exists, drives a window, and mentions its route."""
    assert (game, action) in PLAYED, (
        f"{game} {action}: no GUI or journey test is named as playing it through the screens")
    reference, route = PLAYED[game, action]
    path, _, name = reference.partition("::")
    assert path.startswith((GUI, JOURNEYS)), f"{reference} is not a GUI or journey test"
    assert (ROOT / path).is_file(), f"{game} {action}: {path} does not exist"
    tests = _tests_in(path)
    assert name in tests, f"{game} {action}: {path} has no test {name}"
    arguments = {a.arg for a in tests[name].args.args}
    assert arguments & {"qtbot", "open_station"}, (
        f"{reference} drives no window (neither qtbot nor open_station)")
    assert route in (ROOT / path).read_text(), (
        f"{game} {action}: {path} never mentions {route!r}, the route named for it")
    assert not _xfailed(tests[name]), f"{reference} is an expected failure"


@pytest.mark.parametrize(("game", "action"), [
    pytest.param(game, action, id=f"{game}-{action}", marks=(
        [pytest.mark.xfail(strict=True, reason=NOT_YET[game, action])]
        if (game, action) in NOT_YET else []))
    for game, action in _every_action() if (game, action) not in NOT_AT_A_STATION])
def test_the_action_is_played_through_the_screens(game: str, action: str) -> None:
    _reached(game, action)


def test_the_sweep_names_only_the_core_s_actions() -> None:
    """No entry for an action the core no longer has, none listed twice over."""
    every = set(_every_action())
    for listed in (PLAYED, NOT_AT_A_STATION, NOT_YET):
        assert set(listed) <= every, sorted(set(listed) - every)
    assert not set(PLAYED) & set(NOT_AT_A_STATION)


def _station_round(game: str, side_wagers: list[str]) -> object:
    settings = dict(load_table_config(game=game).settings)
    settings["side_wagers"] = {"offered": side_wagers}
    if "three_card_bonus" in side_wagers:  # dealt in stacks of three then four ((n)(2))
        settings["dealing"] = {**settings["dealing"], "method": "three_then_four"}
    return game_factory(game)(settings)


@pytest.mark.parametrize("offered", [[], ["three_card_bonus"], ["progressive"]])
def test_no_round_the_station_makes_takes_a_plain_side_wager(offered: list[str]) -> None:
    """``place_side_wager`` at a round as the station makes it, in betting with a pai gow
    wager at position 2: refused whether side wagers are offered or not."""
    from dealer_station.games.pai_gow.actions import PlaceWager

    round_ = _station_round("pai_gow", offered)
    round_.shuffle()  # type: ignore[attr-defined]
    round_.place_wager(**PlaceWager(position=2, amount=2500).arguments())  # type: ignore[attr-defined]
    for wager in offered or ["three_card_bonus"]:
        with pytest.raises(ProcedureError):
            round_.verify_place_side_wager(2, wager, 500)  # type: ignore[attr-defined]
