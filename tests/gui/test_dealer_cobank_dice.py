"""The dice faces recorded at a table with optional wagers, from the dealer's screen (controller
and adapter, no window): the dice form gives the round with the optional wagers the three dice
with their total, as at a core table (5324.2(b), 5324.41(f)(1))."""

from __future__ import annotations

from typing import Any

from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import new_round
from dealer_station.preview.memory_station import MemoryStation
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.controller import TableController


def _dice_table(offered: list[str]) -> TableController:
    setup = load_table_config(game="pai_gow")
    settings: dict[str, Any] = {
        **setup.settings,
        "dealing": {**setup.settings["dealing"], "starting_position": "dice",
                    "method": "automated_shoe"},
        "side_wagers": {"offered": offered},
    }
    carried = {**settings, "station_round": {"dealer_id": "D-7", "round_id": "1"}}
    controller = TableController(MemoryStation(lambda: new_round(carried)),
                                 adapter_for("pai_gow", settings))
    controller.start_round()
    controller.command("shuffled")
    controller.place(3, {"base": 2500})
    controller.command("no_more_bets")
    return controller


def test_dice_faces_recorded_at_a_table_with_optional_wagers_5324_2_b():
    controller = _dice_table(["fortune_bonus", "insurance"])
    assert isinstance(controller.round, PaiGowRound) and controller.round.optional is not None
    assert controller.snapshot().entry.options["name"] == "dice"
    record = controller.submit_form({"dice": [6, 5, 1], "total": 0})
    assert record is not None, controller.message
    assert record.arguments == {"number": 12, "dice": [6, 5, 1]}
    core = controller.round.history[-1]
    assert core.action == "determine_starting_position"
    assert core.arguments == {"number": 12, "dice": [6, 5, 1]}
    assert controller.snapshot().step.phase == "deal"


def test_dice_total_alone_still_accepted_with_optional_wagers_5324_2_b():
    controller = _dice_table(["fortune_bonus", "insurance"])
    record = controller.submit_form({"dice": [0, 0, 0], "total": 9})
    assert record is not None and record.arguments == {"number": 9}


def test_dice_faces_recorded_at_a_core_table_alike_5324_2_b():
    controller = _dice_table([])
    assert controller.round.optional is None
    record = controller.submit_form({"dice": [2, 3, 4], "total": 0})
    assert record is not None and record.arguments == {"number": 9, "dice": [2, 3, 4]}
