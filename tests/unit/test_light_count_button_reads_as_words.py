"""Pai Gow's lockout step (5324.41(k)(2)): the button that confirms the progressive chips
counted agree with the lights lit reads as plain words — "1 CHIP = 1 LIGHT" for one, "2 CHIPS
= 2 LIGHTS" for more (it read "1 CHIPS = 1 LIGHTS", taken for a typo)."""

from __future__ import annotations

from dealer_station.games.pai_gow.actions import AcceptorLit
from dealer_station.preview.controllers import preview_controller


def _lockout_with_lights(*positions: int) -> str:
    controller = preview_controller("pai_gow", overrides={
        "side_wagers": {"offered": ["progressive"]}})
    controller.start_round()
    controller.command("shuffled")
    for position in positions:
        controller.place(position, {"base": 2500})
        controller.perform(AcceptorLit(position=position))
    controller.command("no_more_bets")
    step = controller.snapshot().step
    assert step.phase == "lockout", step
    return step.actions[0].label


def test_one_progressive_light_reads_one_chip_one_light():
    assert _lockout_with_lights(4) == "1 CHIP = 1 LIGHT"


def test_two_progressive_lights_read_two_chips_two_lights():
    assert _lockout_with_lights(2, 4) == "2 CHIPS = 2 LIGHTS"
