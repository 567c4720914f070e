"""Scripted rounds played through the :class:`~dealer_station.ui.controller.TableController`
exactly as the dealer plays them (the same buttons, card entry and device events): for the
screenshot command, the GUI tests and the benchmark.

The cards are an input, never drawn here: each script names the hands it deals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dealer_station.cards import Card, parse_cards
from dealer_station.ui.controller import TableController

__all__ = ["LET_IT_RIDE_PHASES", "LetItRideScript", "chip_event", "stack_event"]

#: The steps of a Let It Ride round, in order (``round.step.phase``).
LET_IT_RIDE_PHASES = (
    "between_rounds", "betting", "dealing", "bet_one", "first_community_card", "bet_two",
    "second_community_card", "showdown", "collect_losing_wagers", "pay_winning_wagers",
    "collect_cards", "complete",
)

_event_number = 0


def _device_event(**fields: Any) -> Any:
    """A :class:`drivers.events.DeviceEvent` as the device layer delivers it."""
    global _event_number
    from drivers.events import DeviceEvent, EventKind

    _event_number += 1
    kind = EventKind[fields.pop("kind")]
    return DeviceEvent(fields.pop("device"), "SCRIPT", _event_number, kind, **fields)


def chip_event(seat: int, late: bool = False) -> Any:
    """The bet acceptor at ``seat`` sensed a chip."""
    return _device_event(device="acceptors", kind="CHIP_SENSED", seat=seat, late=late)


def stack_event(cards: Sequence[Card], stack: int = 1) -> Any:
    """The reading shoe dispensed a stack and read its cards."""
    return _device_event(device="shoe", kind="STACK_DISPENSED", stack=stack, cards=tuple(cards))


@dataclass
class LetItRideScript:
    """A Let It Ride round at six positions with bonus and three-card bonus wagers, some bets
    taken back, winners and losers. ``device_cards``: the shoe reads the stacks (device events);
    otherwise they are entered by hand as the dealer would."""

    wagers: Mapping[int, int] = field(default_factory=lambda: {
        1: 1000, 2: 2500, 3: 500, 5: 5000, 6: 1500, 7: 1000})
    bonus: Sequence[int] = (2, 3, 6)
    three_card: Mapping[int, int] = field(default_factory=lambda: {5: 500, 1: 500})
    hands: Mapping[int, str] = field(default_factory=lambda: {
        1: "Ts Tc 4d", 2: "Qs 5c 3h", 3: "Ah Kh 8c", 5: "9d 9h 7d", 6: "Jc Js Jd",
        7: "2c 6h 8s"})
    community: str = "Qh 7s 2d"
    take_back: Mapping[str, Sequence[int]] = field(default_factory=lambda: {
        "bet_one": (3, 7), "bet_two": (7,)})
    device_cards: bool = True

    def stacks(self) -> list[tuple[Card, ...]]:
        """The shoe's stacks in dealing order (5324.34(d)(2)): positions clockwise, then the
        community stack."""
        order = [tuple(parse_cards(self.hands[p], count=3)) for p in sorted(self.wagers)]
        return [*order, tuple(parse_cards(self.community, count=3))]

    def play_step(self, controller: TableController) -> None:
        """Do what the current step asks, once (one or a few records)."""
        round_ = controller.round
        if round_ is None:
            if not controller.start_round():
                raise RuntimeError(controller.message)
            return
        phase = round_.step.phase
        if phase == "betting":
            for position, amount in self.wagers.items():
                controller.place(position, {"base": amount,
                                            "three_card_bonus": self.three_card.get(position, 0)})
            for position in self.bonus:
                controller.device_event(chip_event(position))
            self._press(controller, "no_more_bets")
        elif phase == "dealing":
            index = len([r for r in round_.history if r.action == "receive_stack"])
            stack = self.stacks()[index]
            if self.device_cards:
                controller.device_event(stack_event(stack, index + 1))
            else:
                controller.enter_cards(stack)
        elif phase in ("bet_one", "bet_two"):
            position = round_.step.positions[0]
            self._press(controller, "take_back" if position in self.take_back.get(phase, ())
                        else "ride")
        elif phase in ("first_community_card", "second_community_card"):
            self._press(controller, "turn")
        elif phase == "showdown":
            self._press(controller, "show")
        elif phase == "collect_losing_wagers":
            tick_all(controller)
            self._press(controller, "collected")
        elif phase == "pay_winning_wagers":
            tick_all(controller)
            self._press(controller, "paid")
        elif phase == "collect_cards":
            self._press(controller, "cards_collected")
        else:
            raise RuntimeError(f"the script cannot play the {phase} step: {round_.step}")

    @staticmethod
    def _press(controller: TableController, name: str) -> None:
        before = controller.round.history if controller.round is not None else ()
        controller.command(name)
        after = controller.round.history if controller.round is not None else None
        if after is not None and len(after) == len(before):
            raise RuntimeError(f"{name}: {controller.message}")


def tick_all(controller: TableController) -> None:
    """The dealer ticks off every payment listed, in order."""
    for line in controller.snapshot().payments:
        controller.tick(line.order, True)


def play_until(controller: TableController, script: Any, phase: str,
               limit: int = 200) -> None:
    """Play ``script`` until the current step is ``phase`` (``complete``: the round's end)."""
    started = False
    for _ in range(limit):
        current = controller.round.step.phase if controller.round is not None else (
            "complete" if started else "between_rounds")
        if current == phase:
            return
        script.play_step(controller)
        started = started or controller.round is not None
    raise RuntimeError(f"the round never reached the {phase} step")


def play_round(controller: TableController, script: Any,
               on_step: Callable[[TableController], None] | None = None) -> None:
    """Play one whole round; ``on_step`` is called after each step (tests check the screen)."""
    play_until(controller, script, "complete", limit=400)
    if on_step is not None:
        on_step(controller)
