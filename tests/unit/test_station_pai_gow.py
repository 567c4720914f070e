"""The station's Pai Gow Poker entry (``dealer_station.games.pai_gow.station_round``) and the
station's progressive wiring: rounds made from the table's configuration, illegal
configurations refused with the clause, the meter a progressive table needs (5324.41(k)(5)),
the light count feeding it once ((k)(2)), and the stub tracker carried from round to round and
across a restart ((n)(7)(ii))."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import (
    STATION_HOOKS,
    bonus_config,
    new_round,
    split_settings,
)
from dealer_station.games.pai_gow.wagers.config import BonusConfigError
from dealer_station.procedure import ProcedureError
from dealer_station.resources_path import resource_path
from dealer_station.station import Station, game_factory, game_hooks
from dealer_station.store import journal
from dealer_station.store import meters as meter_store

PIN_COST = 2**8
PROGRESSIVE = {"side_wagers": {"offered": ["progressive"]}}
THREE_THEN_FOUR = {"dealing": {"method": "three_then_four"},
                   "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]}}


def shipped_settings() -> dict[str, Any]:
    with resource_path("pai_gow.toml").open("rb") as handle:
        return tomllib.load(handle)


def station_at(data_dir: Path, settings: dict[str, Any], *, meter: bool = True,
               rate_bp: int = 2100) -> Station:
    station = Station.open("PG-U", str(data_dir), game="pai_gow", settings=settings,
                           pin_cost=PIN_COST)
    if station.needs_first_supervisor:
        station.create_first_supervisor("S1", "Sam", "111111")
        add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
        if meter:
            station.create_meter("progressive", wager="progressive", reset=1_000_000,
                                 rate_bp=rate_bp, supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    return station


def test_the_station_finds_pai_gow_with_its_hooks() -> None:
    assert game_factory("pai_gow") is new_round
    assert game_hooks("pai_gow") is STATION_HOOKS
    assert game_hooks("let_it_ride") is None


def test_shipped_table_without_optional_wagers_is_the_core_round_5324_41_d_1() -> None:
    round_ = new_round(shipped_settings())
    assert type(round_) is PaiGowRound
    assert STATION_HOOKS.prepare(shipped_settings(), None, dealer_id="D1", round_id=1) == {
        **shipped_settings(), "station_round": {"context": TableContext().to_json()}}
    # only the table context (a new game) added to a core round's journaled settings
    with pytest.raises(BonusConfigError) as refused:
        new_round({**shipped_settings(), "bonus_wagers": {"fortune_letter": "B"}})
    assert refused.value.clause == "5324.41(d)(1)"


def test_optional_wagers_come_from_the_table_and_the_bonus_settings_5324_41_d_1() -> None:
    settings = {"side_wagers": {"offered": ["fortune_bonus", "progressive"]},
                "bonus_wagers": {"fortune_letter": "C", "progressive_reset_dollars": 20000}}
    round_ = new_round(settings)
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    # (m)(2): the fortune table's letter
    assert round_.optional.bonus.table("envy_bonus").letter == "C"
    assert round_.optional.bonus.progressive_reset == 2_000_000
    table, bonus, context = split_settings({**settings, "station_round": {"dealer_id": "D"}})
    assert "bonus_wagers" not in table and bonus is not None and context == {"dealer_id": "D"}
    # the shipped pay tables and progressive terms when none are given
    default = new_round(PROGRESSIVE)
    assert isinstance(default, PaiGowRound) and default.optional is not None
    assert default.optional.bonus.progressive_rate_basis_points == 2100
    assert default.optional.bonus.progressive_reset == 1_000_000


def test_a_bonus_list_other_than_the_tables_is_refused_5324_41_d_1() -> None:
    with pytest.raises(BonusConfigError) as refused:
        new_round({**PROGRESSIVE, "bonus_wagers": {"offered": ["imperial_bonus"]}})
    assert refused.value.clause == "5324.41(d)(1)"


def test_families_that_may_not_share_a_table_are_refused_5324_41_l_1(tmp_path: Path) -> None:
    with pytest.raises(ProcedureError) as refused:
        new_round({"side_wagers": {"offered": ["fortune_bonus", "imperial_bonus"]}})
    assert refused.value.clause == "5324.41(l)(1)"
    station = station_at(tmp_path, PROGRESSIVE)
    station.sign_out()
    with pytest.raises(ProcedureError) as imperial:  # a supervisor cannot configure it either
        station.change_configuration({"side_wagers": {"offered": ["insurance",
                                                                  "imperial_bonus"]}},
                                     supervisor="S1", pin="111111")
    assert imperial.value.clause == "5324.41(p)(1)"
    assert station.configuration_version == 1
    with pytest.raises(BonusConfigError) as rate:
        station.change_configuration({**PROGRESSIVE,
                                      "bonus_wagers": {"progressive_rate_basis_points": 2000}},
                                     supervisor="S1", pin="111111")
    assert rate.value.clause == "5324.41(k)(5)"
    station.close()


def test_a_progressive_table_needs_its_configured_meter_5324_41_k_5(tmp_path: Path) -> None:
    station = station_at(tmp_path / "none", PROGRESSIVE, meter=False)
    with pytest.raises(ProcedureError, match="no progressive meter") as missing:
        station.start_round()
    assert missing.value.clause == "5324.41(k)(5)"
    assert station.round is None and journal.rounds(station.store) == []
    station.close()
    other = station_at(tmp_path / "rate", PROGRESSIVE, meter=False)
    with pytest.raises(ProcedureError, match="configuration pays the progressive wager") as no:
        other.create_meter("progressive", wager="progressive", reset=1_000_000, rate_bp=2500,
                           supervisor="S1", pin="111111")
    assert no.value.clause == "5324.41(k)(5)"
    with other.store.transaction() as work:  # a meter left from another configuration
        meter_store.create_meter(work, "progressive", "progressive", 1_000_000, 2500)
    with pytest.raises(ProcedureError, match="configured reset") as mismatch:
        other.start_round()
    assert mismatch.value.clause == "5324.41(k)(5)"
    other.close()


def test_the_confirmed_light_count_feeds_the_meter_once_5324_41_k_2(tmp_path: Path) -> None:
    station = station_at(tmp_path, PROGRESSIVE)
    station.start_round()
    station.perform("shuffle")
    for position in (1, 4, 6):
        station.perform("place_wager", position=position, amount=1000)
        station.perform("acceptor_lit", position=position)
    station.perform("no_more_bets")
    mismatch = station.perform("confirm_light_count", chips=2)
    assert mismatch.effects["dealing_blocked"]
    assert station.meter("progressive").current == 1_000_000  # nothing yet
    station.perform("determine_starting_position", number=3)
    deck = [card.text for card in pai_gow_deck()]
    with pytest.raises(ProcedureError) as blocked:  # the mismatch blocks dealing
        station.perform("deal", cards=deck)
    assert blocked.value.clause == "5324.41(k)(2)"
    station.perform("resolve_light_mismatch", voided=[6], reason="light with no chip")
    assert station.meter("progressive").current == 1_000_000 + 42  # 21% of two $1 chips
    entries = [e for e in meter_store.entries(station.store, "progressive")
               if e.kind == "contribution"]
    assert [(e.round_id, e.detail["wagered"]) for e in entries] == [(station.round_id, 200)]
    station.perform("deal", cards=deck)  # resolved: the deal goes on
    meter_store.check(station.store)
    station.close()


def test_the_stub_tracker_is_carried_to_the_next_round_and_across_a_restart_5324_41_n_7_ii(
        tmp_path: Path) -> None:
    station = station_at(tmp_path, THREE_THEN_FOUR, meter=False)
    counts = []
    for _ in range(2):
        round_ = station.start_round()
        assert isinstance(round_, PaiGowRound) and round_.optional is not None
        counts.append(round_.optional.stub.rounds_since_count)
        station.void_round("table closed", supervisor="S1", pin="111111")
    station.close()
    reopened = station_at(tmp_path, THREE_THEN_FOUR, meter=False)  # carried from the journal
    round_ = reopened.start_round()
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    counts.append(round_.optional.stub.rounds_since_count)
    assert counts == [0, 1, 2]
    summary = journal.round_summary(reopened.store, reopened.round_id or 0)
    assert summary.config["settings"]["station_round"] == {
        "dealer_id": "D1", "round_id": str(reopened.round_id),
        "stub": round_.optional.stub_at_start.to_json(), "context": round_.context.to_json()}
    reopened.close()


def test_bonus_config_defaults_name_exactly_the_tables_wagers() -> None:
    round_ = new_round(THREE_THEN_FOUR)
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    assert bonus_config(round_.config).offered == round_.optional.bonus.offered
