"""Whole Pai Gow rounds through the dealer's screen (controller and adapter on a journal-less
station) in which players set none, one, three, four or all seven cards low: each setting is entered
as picked and recorded as what it is, the foul of 5324.41(g)(5)(iv) with its clause; the step
says so; the felt marks it; the wager loses at the settlement; the round replays to itself."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.preview.controllers import preview_controller
from dealer_station.preview.scripts import PaiGowScript, play_until, tick_all
from dealer_station.procedure import replay

WAGERS = {6: 2500, 4: 1000, 2: 1500, 1: 1000}


@pytest.mark.parametrize("counts", [(1, 3, 4, 7), (3, 2, 0, 5)])
def test_any_low_hand_count_is_recorded_as_the_foul_5324_41_g_5_iv(counts: tuple[int, ...]
                                                                    ) -> None:
    controller = preview_controller("pai_gow", devices=False)
    script = PaiGowScript(wagers=WAGERS, device_cards=False)
    play_until(controller, script, "exposure")
    entered: dict[int, int] = {}
    for count in counts:
        round_ = controller.round
        assert isinstance(round_, PaiGowRound) and round_.step.phase == "exposure"
        position = int(round_.step.positions[0])
        commands = controller.adapter.commands(round_, controller.devices)
        assert commands[0].name == "set_hand" and commands[0].submits_entry  # Enter: SET HAND
        seven = round_.seven_cards(position)
        low = seven[:count] if count != 2 else script.low_hand(seven, "low")
        record = controller.enter_cards(low)
        assert record is not None, controller.message
        entered[position] = count
        setting = record.effects["setting"]
        assert isinstance(setting, dict)
        if count == 2:
            assert setting["foul"] is None and record.clause == "5324.41(g)(4)"
            continue
        assert record.clause == "5324.41(g)(5)(iv)"
        cards = "card" if count == 1 else "cards"
        assert setting["foul"] == f"the low hand has {count} {cards}, not two [5324.41(g)(5)(iv)]"
        assert controller.message.startswith(f"Position {position} fouled: the low hand has")
        seat = controller.snapshot().table.seat(position)
        assert seat.foul and seat.decision == "FOUL"
        assert len(seat.low_cards) == count and len(seat.cards) == 7 - count
    assert controller.round.step.phase == "settlement"
    tick_all(controller)
    round_ = controller.round
    assert controller.command("settle") is not None, controller.message
    results = round_.to_document()["results"]
    for position, count in entered.items():
        if count != 2:
            assert results[str(position)] == "lose", (position, results)
    fouled = {p for p, c in entered.items() if c != 2}
    collected = {p.position for p in round_.payments if p.outcome == "collect"}
    assert fouled <= collected
    again = replay(PaiGowRound(round_.config, round_.context), round_.history)
    assert again.to_document() == round_.to_document()
