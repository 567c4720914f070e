"""Refusals reach the screens in plain words (issue 14, item 14): never the program's names
("(Station.supervise('approve_progressive', …))", a method's Python signature error), through
the same formatting every screen uses (the dealer's controller and the staff screens' calls)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from station_helpers import PIN_COST

from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.ui.supervisor.calls import reason_of
from dealer_station.ui.words import plain_words

CODE = re.compile(r"\b[A-Z]\w*\.\w+|\w\(\)|\b[a-z]+_[a-z_]+\b|(?<!\w)'\w[^'\s]*'")


def _station(tmp_path: Path) -> Station:
    station = Station.open("LIR", str(tmp_path), game="let_it_ride",
                           settings={"table": {"dealing": "shoe"}}, pin_cost=PIN_COST)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.sign_in("S1", "111111")
    station.start_round()
    return station


def test_a_supervisors_decision_asked_of_the_dealer_is_refused_in_words(tmp_path: Path) -> None:
    station = _station(tmp_path)
    with pytest.raises(ProcedureError) as refused:
        station.perform("resolve_halt", supervisor="S1", resolution="void_round")
    words = reason_of(refused.value)
    assert "supervisor's decision" in words and not CODE.search(words), words


def test_an_action_given_the_wrong_details_is_refused_in_words(tmp_path: Path) -> None:
    station = _station(tmp_path)
    with pytest.raises(ProcedureError) as refused:  # a ProcedureError, not a TypeError
        station.perform("place_wagers", position=3, chips=500)
    words = reason_of(refused.value)
    assert words.startswith("place wagers cannot be taken") and not CODE.search(words), words
    assert station.round is not None and not station.round.history[1:]  # nothing taken


@pytest.mark.parametrize("shown", [
    "approve_progressive is refused (Station.supervise('approve_progressive', …))",
    "PaiGowRound.verify_approve_progressive() got an unexpected keyword argument 'cards'",
    "AccessDenied: no user 'S-9'",
])
def test_code_in_any_refusal_is_spelt_as_words(shown: str) -> None:
    words = plain_words(shown)
    assert words and not CODE.search(words), words
