"""The dealer's screen performs typed actions end to end (issue 15): every button of a scripted
round of each game carries the game's own typed record (never a name looked up at run time),
a supervisor's decision carries its record with the reason written, and the preview's station,
a whole ``StationPort``, refuses a supervisor's decision in one line and loses nothing."""

from __future__ import annotations

import pytest

from dealer_station.actions import Action
from dealer_station.games.let_it_ride.actions import ACTIONS as LET_IT_RIDE_ACTIONS
from dealer_station.games.pai_gow.actions import ACTIONS as PAI_GOW_ACTIONS
from dealer_station.games.pai_gow.actions import ApproveProgressive, RejectProgressive
from dealer_station.preview.controllers import preview_controller, script_for
from dealer_station.preview.memory_station import NO_SUPERVISORS
from dealer_station.preview.scenes import scene
from dealer_station.procedure import HaltResolution

TABLES = {"let_it_ride": LET_IT_RIDE_ACTIONS, "pai_gow": PAI_GOW_ACTIONS}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_button_of_a_round_carries_the_games_typed_record(game: str) -> None:
    controller = preview_controller(game, devices=False)
    script = script_for(game)
    seen: set[str] = set()
    for _ in range(300):
        round_ = controller.round
        if round_ is not None:
            commands = (*controller.adapter.commands(round_, controller.devices),
                        *controller.adapter.problems(round_, controller.devices))
            for command in commands:
                if (command.hardware is not None or command.form is not None
                        or command.submits_entry):  # the entry's own action: entry_action
                    assert command.action is None, command
                    continue
                assert isinstance(command.action, Action), command
                assert TABLES[game][command.action.name] is type(command.action), command
                seen.add(command.action.name)
            if round_.step.phase == "complete":
                break
        script.play_step(controller)
        if controller.round is None and seen:
            break
    assert len(seen) >= 5, seen  # the walk went through the round's steps


def test_a_halted_round_offers_the_supervisor_typed_decisions_5324_34_d() -> None:
    controller = scene("let_it_ride", "halted")
    entry = controller.snapshot().entry
    assert entry is not None and entry.kind == "supervisor"
    (approve, continue_), (reject, void) = entry.options["approve"], entry.options["reject"]
    assert (approve, reject) == ("CONTINUE ROUND", "VOID ROUND")
    assert continue_.resolution is HaltResolution.CONTINUE
    assert void.resolution is HaltResolution.VOID_ROUND


def test_a_rejection_carries_the_reason_the_supervisor_wrote_5324_41_k_3() -> None:
    rejected = RejectProgressive(position=5, reason="").with_reason("chip after the lockout")
    assert rejected == RejectProgressive(position=5, reason="chip after the lockout")
    assert ApproveProgressive(position=5).with_reason("ignored") == ApproveProgressive(5)


def test_a_preview_station_refuses_a_supervisors_decision_in_one_line_and_keeps_the_round(
) -> None:
    controller = scene("let_it_ride", "halted")
    round_ = controller.round
    assert round_ is not None
    records = len(round_.history)
    _label, decision = controller.snapshot().entry.options["approve"]
    assert controller.supervise(decision, "S-1", "111111") is False
    assert NO_SUPERVISORS in controller.message.lower()
    assert controller.round is round_ and len(round_.history) == records
    with pytest.raises(Exception, match=NO_SUPERVISORS):
        controller.void_round("chips moved", "S-1", "111111")
    assert len(round_.history) == records and round_.step.phase == "halted"
