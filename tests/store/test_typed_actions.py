"""Typed actions (issue 15): Let It Ride's actions as frozen records of their arguments, taken by
``Station.perform`` / ``Station.supervise`` beside the string form, journaling exactly what the
string form journals (``Record.to_json()`` unchanged)."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import crash_player
import pytest
from station_helpers import PIN_COST

from dealer_station.actions import Action
from dealer_station.games.let_it_ride.actions import ACTIONS, PlaceWagers, WithdrawWagers
from dealer_station.games.let_it_ride.round import LetItRideRound
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store import journal

#: What the station fills in itself (from the PIN checked), never a field of the typed action.
#: The arguments the station fills in (optional in the typed record, left out at the screen;
#: the two games share these records, dealer_station.actions).
STATION_SUPPLIED = {"resolve_halt": {"supervisor"}, "void": {"supervisor"}}


def test_every_let_it_ride_action_is_typed_with_the_rounds_own_arguments() -> None:
    """One record per action of the round, its fields the method's arguments (required where
    the method requires them): a renamed or added argument fails here, not at the table."""
    actions = {name for name, _ in inspect.getmembers(LetItRideRound, inspect.isfunction)
               if hasattr(LetItRideRound, f"verify_{name}")}
    assert "place_wagers" in actions  # the walk sees the round's actions
    assert set(ACTIONS) == actions
    for name, typed in ACTIONS.items():
        method = inspect.signature(getattr(LetItRideRound, name)).parameters
        wanted = {key: (param.default is inspect.Parameter.empty
                        and key not in STATION_SUPPLIED.get(name, set()))
                  for key, param in method.items() if key != "self"}
        fields = inspect.signature(typed).parameters
        assert {key: param.default is inspect.Parameter.empty
                for key, param in fields.items()} == wanted, name


def typed(action: str, arguments: dict[str, Any]) -> Action:
    return ACTIONS[action](**{key: value for key, value in arguments.items()
                              if key not in STATION_SUPPLIED.get(action, set())})


def play(station: Station, rounds: int, seed: int, *, typed_actions: bool) -> None:
    crash_player.setup(station)
    station.sign_in("D1", crash_player.PINS["D1"])
    for _ in range(rounds):
        station.start_round()
        assert station.round_id is not None
        for action, arguments in crash_player.let_it_ride_plan(station.round_id, seed):
            if not typed_actions:
                crash_player.perform(station, action, arguments)
            elif "supervisor" in arguments:
                who = arguments["supervisor"]
                station.supervise(typed(action, arguments), supervisor=who,
                                  pin=crash_player.PINS[who])
            else:
                station.perform(typed(action, arguments))


def test_a_round_played_with_typed_actions_journals_what_the_string_form_does(
        tmp_path: Path) -> None:
    """Eight rounds (round 7 halted and voided by a supervisor) played once by name and once
    typed: the journals hold the same records."""
    journals = []
    for typed_actions in (False, True):
        station = Station.open("LIR-1", str(tmp_path / str(typed_actions)), game="let_it_ride",
                               settings=crash_player.SETTINGS, pin_cost=PIN_COST)
        play(station, 8, 21, typed_actions=typed_actions)
        journals.append([(summary.status, [record.to_json() for record in
                                           journal.round_records(station.store, summary.id)])
                         for summary in journal.rounds(station.store, limit=20)])
        station.close()
    by_name, by_type = journals
    assert len(by_name) == 8 and by_name[0][0] == "complete"
    assert any(status == "void" for status, _ in by_name)  # the halt's void is in it
    assert by_type == by_name


def test_a_typed_action_carries_its_arguments(tmp_path: Path) -> None:
    station = Station.open("LIR-1", str(tmp_path), game="let_it_ride",
                           settings=crash_player.SETTINGS, pin_cost=PIN_COST)
    crash_player.setup(station)
    station.sign_in("D1", crash_player.PINS["D1"])
    station.start_round()
    with pytest.raises(TypeError, match="carries its arguments"):
        station.perform(WithdrawWagers(position=2), position=3)
    assert station.can(PlaceWagers(position=2, bet_one=500, bet_two=500, bet_three=500))
    record = station.perform(PlaceWagers(position=2, bet_one=500, bet_two=500, bet_three=500))
    assert record.to_json()["arguments"] == {"position": 2, "bet_one": 500, "bet_two": 500,
                                             "bet_three": 500, "player": None}
    station.close()


def test_an_action_by_name_is_read_into_its_typed_record_and_refused_in_words(
        tmp_path: Path) -> None:
    """The string form (scripts, the command line, the meters' part deciding a claim) is read
    into the game's typed record in one place: a misspelt action or argument is one plain line
    (a ProcedureError, as the screens show it), nothing is journaled, and ``can`` says no."""
    station = Station.open("LIR-1", str(tmp_path), game="let_it_ride",
                           settings=crash_player.SETTINGS, pin_cost=PIN_COST)
    crash_player.setup(station)
    station.sign_in("D1", crash_player.PINS["D1"])
    round_id = station.start_round() and station.round_id
    assert round_id is not None
    with pytest.raises(ProcedureError, match=r"^let_it_ride has no action 'place_wager'$"):
        station.perform("place_wager", position=2, amount=500)
    with pytest.raises(ProcedureError, match="place wagers cannot be taken with what was "
                       "given: got an unexpected keyword argument postion"):
        station.perform("place_wagers", postion=2, position=2, bet_one=500, bet_two=500,
                        bet_three=500)
    with pytest.raises(ProcedureError, match="missing a required argument: bet_three"):
        station.preview("place_wagers", position=2, bet_one=500, bet_two=500)
    assert not station.can("place_wager", position=2, amount=500)
    assert not station.can("place_wagers", postion=2)
    assert list(journal.round_records(station.store, round_id)) == []
    record = station.perform("place_wagers", position=2, bet_one=500, bet_two=500,
                             bet_three=500)
    assert record.to_json() == station.round.history[-1].to_json()
    assert [r.action for r in journal.round_records(station.store, round_id)] == [
        "place_wagers"]
    station.close()
