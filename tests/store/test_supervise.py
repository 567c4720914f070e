"""A supervisor's decision on a Let It Ride round through the station: authenticated, never by
whoever dealt the round, and a round the decision voids is closed void with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_pins import add_account
from station_helpers import PIN_COST

from dealer_station.auth import AccessDenied
from dealer_station.procedure import HaltResolution
from dealer_station.station import Station
from dealer_station.store import journal


def halted_round(directory: Path) -> Station:
    """A Let It Ride round S2 started and D1 (relief dealer) halted for a supervisor."""
    station = Station.open("LIR", str(directory), game="let_it_ride",
                           settings={"table": {"dealing": "shoe"}}, pin_cost=PIN_COST)
    station.create_first_supervisor("S1", "Sam", "111111")
    add_account(station, "S2", "Sue", "supervisor", "222222", supervisor="S1", pin="111111")
    add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    station.sign_in("S2", "222222")
    station.start_round()
    station.perform("place_wagers", position=3, bet_one=500, bet_two=500, bet_three=500)
    station.sign_in("D1", "3333")  # relief dealer takes over the round
    station.perform("announce_no_more_bets")
    station.perform("call_supervisor", reason="chips moved for the wrong position")
    return station


def test_the_halt_resolution_decides_the_permission_not_words_in_the_arguments(
        tmp_path: Path) -> None:
    """Voiding the round takes the void permission, going on with it the permission to decide
    on a halted round: read from the typed resolution (issue 15), journaled as its value."""
    station = halted_round(tmp_path)
    with pytest.raises(AccessDenied, match="may not void a round they dealt"):
        station.supervise("resolve_halt", supervisor="S2", pin="222222",
                          resolution=HaltResolution.VOID_ROUND)
    with pytest.raises(AccessDenied, match="may not void a round they dealt"):
        station.supervise("resolve_halt", supervisor="S2", pin="222222",
                          resolution="void_round")  # the screens' string form, same decision
    with pytest.raises(AccessDenied, match="may not decide on a round they dealt"):
        station.supervise("resolve_halt", supervisor="S2", pin="222222",
                          resolution=HaltResolution.CONTINUE)
    with pytest.raises(AccessDenied, match="may not void a round they dealt"):
        station.supervise("void", supervisor="S2", pin="222222", reason="wrong table")
    record = station.supervise("resolve_halt", supervisor="S1", pin="111111",
                               resolution=HaltResolution.CONTINUE)
    assert record.to_json()["arguments"] == {"supervisor": "S1", "resolution": "continue"}
    assert type(record.arguments["resolution"]) is str
    assert station.round is not None and station.round.step.phase != "halted"
    station.close()


def test_a_halted_round_is_resolved_only_by_a_supervisor_who_did_not_deal_it(
        tmp_path: Path) -> None:
    station = halted_round(tmp_path)
    with pytest.raises(AccessDenied, match="supervisor's decision"):
        station.perform("resolve_halt", supervisor="S1", resolution="void_round")
    with pytest.raises(AccessDenied, match="only a supervisor"):
        station.supervise("resolve_halt", supervisor="D1", pin="3333", resolution="void_round")
    with pytest.raises(AccessDenied, match="round they dealt"):
        station.supervise("resolve_halt", supervisor="S2", pin="222222", resolution="void_round")
    round_id = station.round_id
    assert round_id is not None
    record = station.supervise("resolve_halt", supervisor="S1", pin="111111",
                               resolution="void_round")
    assert record.arguments["supervisor"] == "S1"
    while station.round is not None:  # the cards are collected, then the round is over
        station.perform(station.round.step.actions[0])
    summary = journal.round_summary(station.store, round_id)
    assert summary.status == "void"
    assert summary.void_reason == "chips moved for the wrong position (voided by S1)"
    assert summary.document is not None
    returned = [p for p in summary.document["payments"] if p["outcome"] == "return"]
    assert sum(p["stake"] for p in returned) == 1500
    station.close()
