"""The dealer's screen for Pai Gow Poker (9 NYCRR 5324.41): what the felt shows of a
:class:`~dealer_station.games.pai_gow.round.PaiGowRound`, the buttons of each step and the round
action each performs.

Hole cards: a position's seven cards are drawn face down until its hand is set (the dealer sees
the cards to record the two of the low hand, (g)(1)); the dealer's hand until it is turned over and
set by the house way ((g)(2)). The automated shoe's seven-card stacks ((f)(3)) are gathered as they
arrive and given to the round as one deal once every stack is out.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.cards import Card
from dealer_station.games.pai_gow.config import (
    DealingMethod,
    StartingPosition,
    config_from_mapping,
)
from dealer_station.games.pai_gow.positions import DEALER, PLAYER_POSITIONS
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.setting import player_setting
from dealer_station.procedure import Payment
from dealer_station.ui.adapters.common import (
    event_kind,
    note_device_event,
    seat_light,
    settled_states,
    wager_views,
)
from dealer_station.ui.controller import Command, DeviceState, EntryRequest
from dealer_station.ui.view import SeatView, TableView

__all__ = ["PaiGowAdapter", "core", "core_round", "foul_judge"]

#: Stacks the shoe delivers for a seven-card deal: the six positions and the dealer.
STACKS = 7
AREAS = ("pai_gow", "progressive", "fortune", "envy", "insurance", "three_card_bonus",
         "seven_card_bonus", "imperial")


def core(round_: Any) -> PaiGowRound:
    """The core round of a round with optional wagers (``PaiGowBonusRound.core``), or itself."""
    found: PaiGowRound = getattr(round_, "core", round_)
    return found


def core_round(settings: Mapping[str, Any]) -> PaiGowRound:
    """A Pai Gow round of the core game from the station's settings (no bonus wagers)."""
    return PaiGowRound(config_from_mapping(dict(settings)))


def foul_judge(wheel_lowest: bool = False) -> Any:
    """The low-hand picker's judge: the reason a setting fouls (5324.41(g)(5)(iii)-(iv))."""

    def judge(seven: Sequence[Card], low: Sequence[Card]) -> str | None:
        return player_setting(seven, low, wheel_lowest=wheel_lowest).foul

    return judge


class PaiGowAdapter:
    """Adapter of the Pai Gow round for the dealer's screen."""

    game = "pai_gow"

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.config = config_from_mapping(dict(settings))
        self.judge = foul_judge(self.config.wheel_lowest)

    # ---------------------------------------------------------------- the felt
    def empty_table(self, devices: DeviceState) -> TableView:
        seats = [SeatView(str(p), str(p), active=False, light=seat_light(devices, str(p), False))
                 for p in PLAYER_POSITIONS]
        seats.append(SeatView("dealer", "Dealer", is_dealer=True))
        return TableView(self.game, "PAI GOW POKER", tuple(seats), lockout=devices.lockout)

    @staticmethod
    def _hand(round_: Any, position: int) -> tuple[Card, ...]:
        try:
            return core(round_).seven_cards(position)
        except KeyError:
            return ()

    def table_view(self, bonus_round: Any, devices: DeviceState) -> TableView:
        round_ = core(bonus_round)
        document = round_.to_document()
        results: Mapping[str, str] = document.get("results", {})
        states = settled_states(bonus_round.payments)
        wagers = round_.wagers
        sides = round_.side_wagers
        seats = []
        for p in PLAYER_POSITIONS:
            amounts = {"pai_gow": wagers.get(p, 0), **sides.get(p, {})}
            seven = self._hand(round_, p)
            setting = round_.setting(p)
            cards: tuple[Card | None, ...] = (None,) * len(seven)
            low: tuple[Card | None, ...] = ()
            decision = ""
            if setting is not None:
                cards, low = setting.high, setting.low
                decision = "FOUL" if setting.foul else ""
            if p in round_.surrendered:
                decision = "surrendered"
            title = f"{p} · BANK" if round_.bank == p else str(p)
            seats.append(SeatView(
                key=str(p), title=title,
                wagers=wager_views(p, amounts, AREAS, states),
                light=seat_light(devices, str(p), bool(sides.get(p, {}).get("progressive"))),
                cards=cards, low_cards=low, decision=decision,
                result=str(results.get(str(p), "")).replace("_", " "),
                foul=bool(setting and setting.foul),
                active=p in wagers,
            ))
        dealer_cards: tuple[Card | None, ...] = (None,) * len(self._hand(round_, DEALER))
        dealer_low: tuple[Card | None, ...] = ()
        if round_.dealer_hand is not None:
            dealer_cards, dealer_low = round_.dealer_hand.high, round_.dealer_hand.low
        start = round_.start
        seats.append(SeatView(
            key="dealer", title="Dealer", cards=dealer_cards, low_cards=dealer_low,
            decision=f"start: {'dealer' if start == DEALER else f'position {start}'}"
            if start else "",
            result="house way" if round_.dealer_hand is not None else "",
            is_dealer=True,
        ))
        lockout = devices.lockout
        lit = getattr(getattr(bonus_round, "lockout", None), "lit", None)
        note = f"{len(lit)} progressive light(s) lit" if lit else ""
        return TableView(self.game, "PAI GOW POKER", tuple(seats), lockout=lockout,
                         lockout_note=note)

    def done_positions(self, round_: Any) -> tuple[int | str, ...]:
        return ()

    def payments(self, round_: Any) -> tuple[Payment, ...]:
        return tuple(round_.payments)

    # ---------------------------------------------------------------- the buttons
    def commands(self, round_: Any, devices: DeviceState) -> tuple[Command, ...]:
        step = round_.step
        phase = step.phase
        if phase == "shuffle":
            return (Command("shuffled", "SHUFFLED", "S", "shuffle"),)
        if phase == "cut":
            offer = step.positions[0] if step.positions else None
            return (Command("cut", "CUT TAKEN", "C", "cut",
                            {"offered_to": offer, "accepted": True}),
                    Command("no_cut", "CUT DECLINED", "D", "cut",
                            {"offered_to": offer, "accepted": False}))
        if phase == "betting":
            if "accept_bank" in step.actions:
                offer = step.positions[0]
                return (Command("decline_bank", "BANK DECLINED", "D", "decline_bank",
                                {"position": offer}),
                        Command("accept_bank", "BANKS", "B", "accept_bank", {"position": offer}))
            return (Command("no_more_bets", "NO MORE BETS", "L", "no_more_bets"),)
        if phase == "dealer_wager":
            return (Command("dealer_wager", "DEALER'S WAGER PLACED", "W", "place_dealer_wager",
                            {"amount": core(round_).proposed_dealer_wager}),)
        if phase == "starting_position":
            if self.config.starting_position is StartingPosition.RNG:
                return (Command("rng", "RUN THE RNG", "G", "determine_starting_position",
                                {"number": 1}),)
            return ()
        if phase == "rng_wagers":
            return (Command("rng_settled", "RNG WAGERS SETTLED", "S", "settle_rng_wagers"),)
        if phase in ("deal", "four_card_stacks"):
            size = 3 if self.config.dealing is DealingMethod.THREE_THEN_FOUR and phase == "deal" \
                else (4 if phase == "four_card_stacks" else 7)
            if devices.shoe_reads_cards and "shoe" in devices.health:
                return (Command("dispense", "DISPENSE", "D", hardware=f"shoe_dispense:{size}"),)
            return ()
        if phase == "setting":
            position = step.positions[0] if step.positions else None
            if position is None:
                return ()
            return (Command("house_way", "HOUSE WAY", "H", "set_hand_house_way",
                            {"position": position}),
                    Command("surrender", "SURRENDER", "U", "surrender", {"position": position}))
        if phase == "banker":
            action = step.actions[0]
            label = ("CO-BANK SET BY HOUSE WAY" if action == "set_co_bank_hand"
                     else "DEALER'S HAND SET BY HOUSE WAY")
            return (Command("banker", label, "H", action),)
        if phase == "settlement":
            return (Command("settle", "SETTLE", "S", "settle"),)
        if phase == "lockout" and "confirm_light_count" in step.actions:
            lit = len(round_.lockout.lit)
            return (Command("count", f"{lit} CHIP(S) = {lit} LIGHT(S)", "C",
                            "confirm_light_count", {"chips": lit}),)
        if phase == "jackpot_record":
            return (Command("jackpot_done", "JACKPOT RECORD COMPLETE", "J",
                            "complete_jackpot_record", {"position": step.positions[0]}),)
        return ()

    @staticmethod
    def draw(action: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Randomness is an input: the RNG number is drawn here, at the press, and recorded."""
        if action == "determine_starting_position":
            return {**arguments, "number": secrets.randbelow(7) + 1}
        return dict(arguments)

    # ---------------------------------------------------------------- entry
    def entry(self, round_: Any, devices: DeviceState,
              selected: str | None) -> EntryRequest | None:
        step = round_.step
        if step.phase == "betting" and "accept_bank" not in step.actions:
            position = selected if selected and selected.isdigit() else ""
            wagers = core(round_).wagers
            placed = bool(position) and int(position) in wagers
            return EntryRequest("wagers", position, "WAGERS", options={
                "minimum": self.config.minimum_wager, "maximum": self.config.maximum_wager,
                "three_card": False, "placed": placed,
                "amount": wagers.get(int(position), 0) if position else 0,
                "single": True,
            })
        if step.phase == "progressive_validation" and step.positions:
            winner = int(step.positions[0])
            return EntryRequest("supervisor", str(winner),
                                step.instruction.split(" - ", 1)[-1], options={
                                    "approve": ("APPROVE", "approve_progressive",
                                                {"position": winner}),
                                    "reject": ("REJECT", "reject_progressive",
                                               {"position": winner, "reason": ""}),
                                })
        if step.phase == "setting" and step.positions:
            setting = int(step.positions[0])
            return EntryRequest("setting", str(setting), f"SET POSITION {setting}",
                                cards=self._hand(round_, setting),
                                options={"judge": self.judge})
        if step.phase in ("deal", "four_card_stacks") and not (
                devices.shoe_reads_cards and "shoe" in devices.health):
            done = len(devices.stacks)
            size = 7 if step.phase == "deal" else 4
            seen = tuple(c for stack in devices.stacks for c in stack)
            return EntryRequest("cards", str(done + 1),
                                f"ENTER STACK {done + 1} OF {STACKS} · top card first", size,
                                allow_joker=True, unavailable=seen)
        return None

    def entry_action(self, round_: Any, request: EntryRequest,
                     cards: Sequence[Card]) -> tuple[str, dict[str, Any]]:
        texts = [c.text for c in cards]
        if request.kind == "setting":
            return "set_hand", {"position": int(request.position), "low": texts}
        raise ValueError("stacks entered by hand are gathered by the controller")

    def wager_actions(self, round_: Any, position: int,
                      amounts: Mapping[str, int]) -> list[tuple[str, dict[str, Any]]]:
        if amounts.get("withdraw"):
            return [("withdraw_wager", {"position": position})]
        return [("place_wager", {"position": position, "amount": int(amounts.get("base", 0))})]

    # ---------------------------------------------------------------- devices
    def gather(self, round_: Any, stack: Sequence[Card],
               devices: DeviceState) -> list[tuple[str, dict[str, Any]]]:
        """One seven-card stack out of the shoe (or entered by hand): the deal when all are."""
        devices.stacks.append(tuple(stack))
        if len(devices.stacks) < STACKS:
            return []
        cards = [c.text for s in devices.stacks for c in s]
        devices.stacks.clear()
        return [("deal", {"cards": cards})]

    def device_actions(self, round_: Any, event: Any,
                       devices: DeviceState) -> list[tuple[str, dict[str, Any]]]:
        note_device_event(event, devices)
        if round_ is None:
            return []
        kind = event_kind(event)
        phase = round_.step.phase
        seat = getattr(event, "seat", None)
        if (kind == "CHIP_SENSED" and seat is not None and phase == "betting"
                and callable(getattr(round_, "can_acceptor_lit", None))
                and not getattr(event, "late", False) and round_.can_acceptor_lit(int(seat))):
            return [("acceptor_lit", {"position": int(seat)})]
        if kind == "LOCKOUT_BUTTON" and phase == "betting" and round_.can_no_more_bets():
            return [("no_more_bets", {})]
        if kind == "STACK_DISPENSED" and phase == "deal":
            cards = tuple(getattr(event, "cards", ()))
            if cards and all(c is not None for c in cards):
                return self.gather(round_, cards, devices)
        return []
