"""Scripted rounds played through the :class:`~dealer_station.ui.controller.TableController`
exactly as the dealer plays them (the same buttons, card entry and device events): for the
screenshot command, the GUI tests and the benchmark.

The cards are an input, never drawn here: each script names the hands it deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from dealer_station.cards import Card, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.actions import DetermineStartingPosition
from dealer_station.games.pai_gow.setting import player_setting
from dealer_station.ui.controller import TableController
from drivers.events import DeviceEvent, EventKind

__all__ = [
    "LET_IT_RIDE_PHASES",
    "PAI_GOW_PHASES",
    "LetItRideScript",
    "PaiGowScript",
    "chip_event",
    "play_until",
    "stack_event",
    "tick_all",
]

#: The steps of a Let It Ride round, in order (``round.step.phase``).
LET_IT_RIDE_PHASES = (
    "between_rounds", "betting", "dealing", "bet_one", "first_community_card", "bet_two",
    "second_community_card", "showdown", "collect_losing_wagers", "pay_winning_wagers",
    "collect_cards", "complete",
)

_event_number = 0


def _next_number() -> int:
    """The next event number of the scripted devices."""
    global _event_number
    _event_number += 1
    return _event_number


def chip_event(seat: int, late: bool = False) -> DeviceEvent:
    """The bet acceptor at ``seat`` sensed a chip, as the device layer delivers it."""
    return DeviceEvent("acceptors", "SCRIPT", _next_number(), EventKind.CHIP_SENSED, seat=seat,
                       late=late)


def stack_event(cards: Sequence[Card | None], stack: int = 1) -> DeviceEvent:
    """The reading shoe dispensed a stack and read its cards (None: a card it misread), each
    as its wire code."""
    codes = tuple(None if card is None else card.index for card in cards)
    return DeviceEvent("shoe", "SCRIPT", _next_number(), EventKind.STACK_DISPENSED, stack=stack,
                       cards=codes)


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
        round_ = _round_or_start(controller)
        if round_ is None:
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
            tick_all(controller, ("COLLECT", "RETURN"))
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


#: The steps of a Pai Gow round, in order (``round.step.phase``).
PAI_GOW_PHASES = (
    "between_rounds", "shuffle", "betting", "starting_position", "deal", "setting", "banker",
    "exposure", "settlement", "complete",
)


@dataclass
class PaiGowScript:
    """A Pai Gow round at five positions: the shoe deals a known deck, some players set their
    own hands (one fouls), one asks for the house way; the dealer's hand by the house way."""

    wagers: Mapping[int, int] = field(default_factory=lambda: {
        1: 2500, 2: 1000, 3: 5000, 5: 2000, 6: 10000})
    seed: int = 11
    starting_number: int = 3
    #: position → "house_way", "foul" or "low" (a legal low hand: the two lowest cards)
    settings: Mapping[int, str] = field(default_factory=lambda: {
        1: "low", 2: "foul", 3: "house_way", 5: "low", 6: "house_way"})
    device_cards: bool = True

    def deck(self) -> list[Card]:
        """The shoe's deck (a shuffle is an input: this script's own, seeded)."""
        cards = list(pai_gow_deck())
        random.Random(self.seed).shuffle(cards)
        return cards

    def low_hand(self, seven: Sequence[Card], kind: str) -> tuple[Card, ...]:
        """The two cards the player puts in the low hand: a legal setting, or (``foul``) one
        whose low hand outranks the high hand (5324.41(g)(5)(iii)) when the cards allow it."""
        pairs = sorted(combinations(seven, 2),
                       key=lambda two: sorted(-c.rank for c in two), reverse=kind != "foul")
        for two in pairs:
            if bool(player_setting(seven, two).foul) == (kind == "foul"):
                return tuple(two)
        return tuple(pairs[0])

    def play_step(self, controller: TableController) -> None:
        round_ = _round_or_start(controller)
        if round_ is None:
            return
        phase = round_.step.phase
        if phase == "shuffle":
            LetItRideScript._press(controller, "shuffled")
        elif phase == "betting":
            for position, amount in self.wagers.items():
                controller.place(position, {"base": amount})
            LetItRideScript._press(controller, "no_more_bets")
        elif phase == "starting_position":
            if controller.perform(DetermineStartingPosition(number=self.starting_number)) is None:
                raise RuntimeError(controller.message)
        elif phase == "deal":
            deck = self.deck()
            done = len(controller.devices.stacks)
            stack = tuple(deck[7 * done: 7 * done + 7])
            if self.device_cards:
                controller.device_event(stack_event(stack, done + 1))
            else:
                controller.enter_cards(stack)
        elif phase == "setting":  # the players set their own hands, 5324.41(g)(2)
            LetItRideScript._press(controller, "players_have_set")
        elif phase == "exposure":  # exposed from the far right, (g)(4)
            position = round_.step.positions[0]
            kind = self.settings.get(position, "house_way")
            if kind == "house_way":
                LetItRideScript._press(controller, "house_way")
            else:
                seven = round_.seven_cards(position)
                if controller.enter_cards(self.low_hand(seven, kind)) is None:
                    raise RuntimeError(controller.message)
        elif phase == "banker" and round_.step.actions[0] == "set_bank_hand":
            bank = round_.step.positions[0]
            seven = round_.seven_cards(bank)
            if controller.enter_cards(self.low_hand(seven, self.settings.get(bank, "house_way"))
                                      ) is None:
                raise RuntimeError(controller.message)
        elif phase == "banker":
            LetItRideScript._press(controller, "banker")
        elif phase == "settlement":  # each line ticked off as collected or paid, (g)(7)
            tick_all(controller)
            LetItRideScript._press(controller, "settle")
        else:
            raise RuntimeError(f"the script cannot play the {phase} step: {round_.step}")


def tick_all(controller: TableController, verbs: Sequence[str] | None = None) -> None:
    """The dealer ticks off every payment listed (or those with the ``verbs``), in order."""
    for line in controller.snapshot().payments:
        if verbs is None or line.verb in verbs:
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


def _round_or_start(controller: TableController) -> Any:
    """The round in progress; none after starting one (the start is this step)."""
    if controller.round is None:
        if not controller.start_round():
            raise RuntimeError(controller.message)
        return None
    return controller.round
