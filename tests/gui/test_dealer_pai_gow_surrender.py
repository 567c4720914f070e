"""Surrender at the dealer's screen (controller and adapter, no window): before the dealer exposes a
player's hands that player may surrender (5324.41(g)(3)); with several positions waiting one
SURRENDER… asks which (the step panel keeps one row at 1280×800), with one it is a direct button."""

from __future__ import annotations

from typing import Any

from dealer_station.games.pai_gow.actions import Surrender
from dealer_station.games.pai_gow.station_round import new_round
from dealer_station.preview.memory_station import MemoryStation
from dealer_station.preview.scripts import PaiGowScript, play_until
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.controller import TableController


def _table_at(phase: str) -> TableController:
    setup = load_table_config(game="pai_gow")
    settings: dict[str, Any] = {**setup.settings, "side_wagers": {"offered": []}}
    controller = TableController(MemoryStation(lambda: new_round(settings)),
                                 adapter_for("pai_gow", settings))
    play_until(controller, PaiGowScript(device_cards=False), phase)
    return controller


def _commands(controller: TableController) -> dict[str, Any]:
    return {c.name: c for c in controller.adapter.commands(controller.round, controller.devices)}


def test_several_waiting_positions_share_one_surrender_form_5324_41_g_3() -> None:
    controller = _table_at("setting")
    commands = _commands(controller)
    assert commands["surrender"].form == "surrender"
    assert not [name for name in commands if name.startswith("surrender_")]
    request = controller.adapter.form(controller.round, "surrender", controller.devices)
    assert request is not None
    (field,) = request.options["fields"]
    assert [value for value, _ in field.choices] == ["6", "5", "3", "2", "1"]
    controller.command("surrender")  # the dealer presses SURRENDER…: the form opens
    assert controller.snapshot().entry.options["name"] == "surrender"
    record = controller.submit_form({"position": "3"})
    assert record is not None, controller.message
    assert (record.action, dict(record.arguments)) == ("surrender", {"position": 3})
    assert 3 in controller.round.surrendered
    request = controller.adapter.form(controller.round, "surrender", controller.devices)
    assert request is not None
    assert [value for value, _ in request.options["fields"][0].choices] == ["6", "5", "2", "1"]


def test_a_surrender_form_without_a_position_is_refused_5324_41_g_3() -> None:
    controller = _table_at("setting")
    try:
        controller.adapter.form_action(controller.round, "surrender", {"position": ""})
    except ValueError as error:
        assert "Choose the position" in str(error)
    else:
        raise AssertionError("a surrender with no position was accepted")


def test_at_exposure_the_player_about_to_be_exposed_may_surrender_5324_41_g_4() -> None:
    controller = _table_at("exposure")
    position = controller.round.step.positions[0]
    commands = _commands(controller)
    assert commands["surrender"].action == Surrender(position=position)
    assert commands["surrender"].label == f"SURRENDER {position}"
