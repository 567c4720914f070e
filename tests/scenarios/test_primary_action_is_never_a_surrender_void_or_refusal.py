"""The step panel's primary action — the dark green button, the one Enter presses — is never a
surrender, a void or a refusal, at any step either game's screen produces: whole scenario rounds
(both games; Pai Gow house-banked, with a player bank that sets its hands wrongly, a manual
shuffle and its cut, a halted round voided) are walked step by step and every primary is read
as the dealer's screen offers it. At "Expose the bank's hands" Enter was SURRENDER…."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from dealer_station.actions import CallSupervisor
from dealer_station.games.pai_gow.actions import Cut, DeclineBank, Surrender
from dealer_station.preview.controllers import preview_controller
from dealer_station.preview.scripts import LetItRideScript, PaiGowScript, tick_all
from dealer_station.procedure import HaltResolution
from dealer_station.ui.adapters.base import Command
from dealer_station.ui.controller import TableController

#: Words a primary button never says: what it would do by a reflexive Enter is undone by nothing.
FORBIDDEN_WORDS = ("SURRENDER", "VOID", "DECLINE", "REFUS", "REJECT", "WITHDRAW", "TAKE BACK")
#: Round actions a primary button never performs.
FORBIDDEN_ACTIONS = (Surrender, DeclineBank)
#: A round against a player bank at 6: its $100 covers the others' wagers ((h)(4)(ii)).
BANKED = {6: 10000, 2: 2500, 1: 1000}


def _refusal(command: Command) -> str:
    """Why ``command`` may not be a step's primary ("" when it may)."""
    words = [w for w in FORBIDDEN_WORDS if w in command.label.upper()]
    if words:
        return f"says {words[0]}"
    action = command.action
    if isinstance(action, FORBIDDEN_ACTIONS):
        return f"performs {type(action).__name__}"
    if isinstance(action, Cut) and not action.accepted:
        return "records the cut declined"
    if getattr(action, "resolution", None) == HaltResolution.VOID_ROUND:
        return "voids the round"
    return ""


def _check(controller: TableController, seen: list[str]) -> None:
    """The primary the screen shows now, checked, and the step noted."""
    round_ = controller.round
    if round_ is None:
        return
    view = controller.snapshot().step
    commands = controller.adapter.commands(round_, controller.devices)
    primary = view.primary
    seen.append(f"{round_.step.phase}:{primary.name if primary else '-'}")
    if primary is None:
        return
    command = next(c for c in commands if c.name == primary.name)
    why = _refusal(command)
    assert not why, (f"at {round_.step.phase} ({round_.step.instruction}) the primary "
                     f"{command.label} {why}")


def _press_primary(controller: TableController) -> None:
    tick_all(controller)
    primary = controller.snapshot().step.primary
    assert primary is not None, f"nothing to press at {controller.round.step}"
    controller.command(primary.name)


def _walk(controller: TableController, script: Any, *, rounds: int = 1,
          act: Mapping[str, Any] | None = None, limit: int = 400) -> list[str]:
    """Play ``rounds`` rounds of ``script``, checking the primary at every step; ``act`` plays
    the phases the script does not (phase → a function of the controller)."""
    seen: list[str] = []
    done = 0
    for _ in range(limit):
        _check(controller, seen)
        round_ = controller.round
        if round_ is not None and act and round_.step.phase in act:
            act[round_.step.phase](controller)
            continue
        before = controller.round
        script.play_step(controller)
        if before is not None and controller.round is None:
            done += 1
            if done == rounds:
                return seen
    raise AssertionError(f"the rounds did not end: {seen[-10:]}")


def _cut(controller: TableController) -> None:
    """The cut taken by the first player to the table (where the station was not told)."""
    controller.command("cut")
    if controller.opened == "cut":
        record = controller.submit_form({"position": "6"})
        assert record is not None, controller.message


def _bank_offer(controller: TableController) -> None:
    """The wagers, then the first player offered the bank takes it; no more bets."""
    step = controller.round.step
    if not controller.round.wagers:
        for position, amount in BANKED.items():
            controller.place(position, {"base": amount})
        return
    if "accept_bank" in step.actions:
        controller.command("accept_bank")
        assert controller.round.bank is not None, controller.message
        return
    LetItRideScript._press(controller, "no_more_bets")


@pytest.mark.parametrize("device_cards", [True, False])
def test_let_it_ride_primaries_5324_34(device_cards: bool) -> None:
    controller = preview_controller("let_it_ride", devices=False)
    seen = _walk(controller, LetItRideScript(device_cards=device_cards), rounds=2)
    assert any(s.startswith("decision") or "ride" in s for s in seen), seen


def test_pai_gow_house_banked_primaries_5324_41_g() -> None:
    controller = preview_controller("pai_gow", devices=False)
    seen = _walk(controller, PaiGowScript(device_cards=False), rounds=2)
    assert "exposure:set_hand" in seen, seen


def test_pai_gow_bank_exposed_primary_is_set_hand_5324_41_h_11_q() -> None:
    """5324.41(h)(11): the bank's hands exposed after the dealer's are set; Enter sets the hand
    picked (it was SURRENDER…). The bank's setting is entered wrongly here: (q) re-sets it."""
    controller = preview_controller("pai_gow", devices=False, overrides={
        "station_round": {"context": {"new_game": False, "last_unbanked_wagers": {"6": 10000}}}})
    script = PaiGowScript(wagers=BANKED, settings={2: "low", 1: "house_way"},
                          device_cards=False)
    said: list[str] = []

    def bank_sets(controller: TableController) -> None:
        if controller.round.step.actions[0] != "set_bank_hand":
            LetItRideScript._press(controller, "banker")
            return
        bank = controller.round.bank
        seven = controller.round.seven_cards(bank)
        record = controller.enter_cards(seven[:3])  # three cards low: set wrongly
        assert record is not None, controller.message
        said.append(controller.message)

    def dealer_wager(controller: TableController) -> None:
        """Less than the last wager, as the bank directs: its $100 covers $85 ((h)(7))."""
        controller.command("dealer_wager_other")
        assert controller.submit_form({"dollars": 50}) is not None, controller.message

    seen = _walk(controller, script, act={"betting": _bank_offer, "banker": bank_sets,
                                          "dealer_wager": dealer_wager})
    assert "banker:set_hand" in seen, seen
    assert said and "Rearrange the bank's cards by the house way" in said[0], said
    assert "5324.41(q)" in said[0] and "wager is kept" in said[0]


def test_pai_gow_manual_shuffle_cut_and_a_voided_halt_primaries_5324_41_e() -> None:
    controller = preview_controller("pai_gow", devices=False, overrides={
        "dealing": {"shuffle": "manual", "method": "hand"}})
    script = PaiGowScript(device_cards=False)
    halted: list[str] = []

    def exposed(controller: TableController) -> None:
        """A card exposed at the setting: halted, then voided by a supervisor."""
        if not halted:
            assert controller.perform(CallSupervisor(
                reason="card exposed: 9h dealt to position 1")) is not None, controller.message
            halted.append(controller.round.step.phase)
            return
        LetItRideScript._press(controller, "players_have_set")

    def halt(controller: TableController) -> None:
        controller.round.resolve_halt("S-100", HaltResolution.VOID_ROUND.value)

    seen = _walk(controller, script, act={
        "cut": _cut, "setting": exposed, "halted": halt,
        "return_wagers": _press_primary, "collect_cards": _press_primary})
    seen += _walk(controller, script, act={"cut": _cut})
    for step in ("cut:cut", "halted:-", "return_wagers:wagers_returned"):
        assert step in seen, seen
