"""Named states of the dealer's screen that a scripted round does not pass through — the dealer's
PROBLEM… forms, a halted round, the Pai Gow light count mismatch, the dice, the stacks of three
then four — for ``dealer-station screenshot --step NAME`` and ``docs/screenshots/``. Qt-free: each
scene is a preview controller driven to the state through the same actions as the screen.

>>> sorted(SCENES["let_it_ride"])
['call_supervisor', 'exposed_card', 'halted']
"""

from __future__ import annotations

from collections.abc import Callable

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.actions import (
    AcceptorLit,
    ConfirmLightCount,
    Deal,
    DealFourCardStacks,
)
from dealer_station.preview.controllers import preview_controller, script_for
from dealer_station.preview.scripts import play_until
from dealer_station.ui.controller import TableController

__all__ = ["SCENES", "scene"]


def _let_it_ride_at_bet_one() -> TableController:
    controller = preview_controller("let_it_ride")
    play_until(controller, script_for("let_it_ride"), "bet_one")
    return controller


def _exposed_card() -> TableController:
    controller = _let_it_ride_at_bet_one()
    controller.open_form("exposed_card")
    return controller


def _call_supervisor() -> TableController:
    controller = _let_it_ride_at_bet_one()
    controller.open_form("call_supervisor")
    return controller


def _halted() -> TableController:
    controller = _let_it_ride_at_bet_one()
    controller.open_form("call_supervisor")
    controller.submit_form({"reason": "chips moved at position 5 after the deal"})
    return controller


def _progressive_table(starting: str = "rng") -> TableController:
    """A Pai Gow table with the progressive: wagers at 2 and 4, position 4's light lit, the
    lockout pressed."""
    controller = preview_controller("pai_gow", overrides={
        "side_wagers": {"offered": ["progressive"]},
        "dealing": {"starting_position": starting}})
    controller.start_round()
    controller.command("shuffled")
    controller.place(2, {"base": 2500})
    controller.place(4, {"base": 2500})
    controller.perform(AcceptorLit(position=4))
    controller.command("no_more_bets")
    return controller


def _light_count_mismatch() -> TableController:
    controller = _progressive_table()
    controller.perform(ConfirmLightCount(chips=2))
    return controller


def _dice() -> TableController:
    controller = _progressive_table("dice")
    controller.perform(ConfirmLightCount(chips=1))
    return controller


def _three_then_four() -> TableController:
    """Stacks of three dealt to positions 2 (with a three-card bonus wager), 5 and the dealer."""
    controller = preview_controller("pai_gow", overrides={
        "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
        "dealing": {"method": "three_then_four"}})
    controller.start_round()
    controller.command("shuffled")
    controller.place(2, {"base": 2500, "three_card_bonus": 500})
    controller.place(5, {"base": 2500})
    controller.command("no_more_bets")
    deck = tuple(card.text for card in pai_gow_deck())
    controller.perform(Deal(cards=deck[:9]))
    return controller


def _stub_count() -> TableController:
    controller = _three_then_four()
    controller.command("three_card_settled")
    deck = tuple(card.text for card in pai_gow_deck())
    controller.perform(DealFourCardStacks(cards=deck[9:21]))
    controller.open_form("stub_count")
    return controller


#: game → scene name → a controller in that state.
SCENES: dict[str, dict[str, Callable[[], TableController]]] = {
    "let_it_ride": {"exposed_card": _exposed_card, "call_supervisor": _call_supervisor,
                    "halted": _halted},
    "pai_gow": {"light_count_mismatch": _light_count_mismatch, "dice": _dice,
                "three_card_bonus": _three_then_four, "stub_count": _stub_count},
}


def scene(game: str, name: str) -> TableController:
    """A preview controller of ``game`` in the scene ``name``; raises ValueError when the
    scene does not reach its state (a message from the round)."""
    controller = SCENES[game][name]()
    if controller.message:
        raise ValueError(f"scene {name}: {controller.message}")
    return controller
