"""The dealer's screen for Let It Ride (9 NYCRR 5324.34): what the felt shows of a
:class:`~dealer_station.games.let_it_ride.LetItRideRound`, the buttons of each step and the
round action each performs.

Hole cards: a position's cards are drawn face down until its hand is shown at the showdown
((e)(6)), the community cards until each is turned ((e)(3), (e)(5)); the burned card never. The
shoe may have read them all: the screen still does not show them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.cards import Card
from dealer_station.games.let_it_ride import LetItRideRound, config_from_mapping
from dealer_station.games.let_it_ride.actions import (
    AcknowledgeBonus,
    AnnounceNoMoreBets,
    BonusChipRemoved,
    CallSupervisor,
    CollectCards,
    CollectLosingWagers,
    DealCard,
    DecideBetOne,
    DecideBetTwo,
    PayWinningWagers,
    PlaceThreeCardBonus,
    PlaceWagers,
    ReceiveStack,
    ReportExposedCard,
    ResolveHalt,
    SetPlayersWaiting,
    ShowHand,
    TurnCommunityCard,
    WithdrawWagers,
)
from dealer_station.games.let_it_ride.config import Dealing, payout_limit_notice
from dealer_station.games.let_it_ride.phases import COMMUNITY
from dealer_station.hardware import shoe_dispense
from dealer_station.money import format_cents
from dealer_station.plural import counted
from dealer_station.procedure import HaltResolution, Payment
from dealer_station.ui.adapters.base import (
    ActionCall,
    Command,
    DeviceState,
    EntryRequest,
    GameAdapter,
    void_commands,
)
from dealer_station.ui.adapters.common import (
    decisions,
    note_device_event,
    note_unread_stack,
    seat_light,
    settled_states,
    stack_cards,
    wager_views,
)
from dealer_station.ui.view import FormField, SeatView, TableView
from drivers.events import DeviceEvent, EventKind

__all__ = ["AREAS", "LetItRideAdapter"]

#: The betting areas of a position, in the order the felt shows them.
AREAS = ("bet_one", "bet_two", "bet_three", "bonus", "three_card_bonus")
_POSITIONS = range(1, 8)
#: The phases in which a card exposed early is reported (5324.34(d), before the showdown).
_BEFORE_SHOWDOWN = ("dealing", "bet_one", "first_community_card", "bet_two",
                    "second_community_card")


def _hand_words(name: str) -> str:
    return name.replace("_", " ")


class LetItRideAdapter(GameAdapter[LetItRideRound]):
    """Adapter of the Let It Ride round for the dealer's screen."""

    game = "let_it_ride"

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.config = config_from_mapping(dict(settings))

    # ---------------------------------------------------------------- the felt
    def empty_table(self, devices: DeviceState) -> TableView:
        waiting = devices.chips_before_the_round  # no wagers yet: RETURN unless they come
        seats = tuple(SeatView(str(p), str(p), active=False,
                               light=seat_light(devices, str(p), False, p in waiting))
                      for p in _POSITIONS)
        return TableView(self.game, "LET IT RIDE", seats, community_label="Community",
                         lockout=devices.lockout)

    def table_view(self, round_: LetItRideRound, devices: DeviceState) -> TableView:
        wagers = round_.wagers
        results = round_.results
        states = settled_states(round_.payments)
        decided = decisions(round_.history)
        # cards in the discard rack have left the layout ((e)(7) with their losing wagers,
        # (e)(9) the rest): the felt no longer draws them
        racked = {str(group.get("from")) for group in round_.discard_rack}
        seats = []
        returns = self.chips_to_return(round_)
        for p in _POSITIONS:
            w = wagers.get(p)
            amounts = w.to_json() if w is not None else {}
            withdrawn = [a for a in ("bet_one", "bet_two")
                         if decided.get(p, {}).get(a) is False]
            cards = () if f"position {p}" in racked else round_.cards(p)
            shown = p in results
            visible: tuple[Card | None, ...] = tuple(cards) if shown else (None,) * len(cards)
            words = []
            for area in ("bet_one", "bet_two"):
                if area in decided.get(p, {}):
                    n = "1" if area == "bet_one" else "2"
                    words.append(f"{n} rides" if decided[p][area] else f"{n} back")
            result = ""
            if shown:
                r = results[p]
                result = _hand_words(r.hand) if r.qualifies else "below tens"
            seats.append(SeatView(
                key=str(p), title=str(p),
                wagers=wager_views(p, {k: int(v) for k, v in amounts.items() if k in AREAS},
                                   AREAS, states, withdrawn),
                light=seat_light(devices, str(p), bool(w and w.bonus), p in returns),
                cards=visible,
                decision=" · ".join(words),
                result=result,
                active=w is not None,
            ))
        community = round_.community
        turned = round_.community_turned
        centre: list[Card | None] = []
        for index, slot in enumerate(("left", "right")):
            if slot in community and COMMUNITY not in racked:
                centre.append(community[slot] if turned > index else None)
        notes = []
        if "burn" in community:
            notes.append("third card burned")
        if turned < 2 and centre:
            notes.append(f"{len(centre) - turned} face down")
        lockout = devices.lockout if devices.lockout is not None else round_.lockout_engaged
        late = len(round_.unrecognised_bonus_wagers)
        notes = [f"{counted(late, 'late bonus chip')} refused"] if late else []
        if returns and not round_.is_complete:
            notes.append("RETURN the $1 chip at position "
                         + ", ".join(str(p) for p in sorted(returns)) + ": no wagers there")
        return TableView(
            game=self.game,
            title="LET IT RIDE",
            seats=tuple(seats),
            community=tuple(centre),
            community_label="Community",
            community_note=" · ".join(notes),
            lockout=lockout,
            lockout_note=" · ".join(notes),
        )

    @staticmethod
    def chips_to_return(round_: LetItRideRound) -> frozenset[int]:
        """Positions whose bonus chip is not a wager: sensed without wagers while bets are open,
        or returned at the lockout."""
        if round_.step.phase == "betting":
            return frozenset(p for p in round_.sensed_bonus_chips if p not in round_.wagers)
        return frozenset(int(p.position) for p in round_.bonus_returns)

    def done_positions(self, round_: LetItRideRound,
                       devices: DeviceState) -> tuple[int | str, ...]:
        phase = round_.step.phase
        if phase in ("bet_one", "bet_two"):
            decided = decisions(round_.history)
            return tuple(p for p in sorted(decided) if phase in decided[p])
        if phase == "showdown":
            return tuple(round_.results)
        return ()

    # ---------------------------------------------------------------- the buttons
    def commands(self, round_: LetItRideRound, devices: DeviceState) -> tuple[Command, ...]:
        voided = void_commands(round_)
        if voided is not None:
            return voided
        step = round_.step
        phase = step.phase
        if phase == "betting":
            # a player at two adjacent positions ((c)(5)): offered once a position has wagers
            second = ((Command("second_position", "SECOND POSITION…", "A",
                               form="second_position"),)
                      if self.config.two_positions and round_.wagers else ())
            return (Command("no_more_bets", "NO MORE BETS · LOCKOUT", "L",
                            AnnounceNoMoreBets()), *second)
        if phase == "dealing":
            if self.config.dealing is Dealing.SHOE:
                if "shoe" in devices.health and not devices.misread:
                    if self._typing_due(devices):
                        return ()  # the stack out of a shoe that does not read: typed first
                    return (Command("dispense", "DISPENSE", "D", hardware=shoe_dispense(3)),)
                return ()  # the stack is entered by hand (manual card entry)
            target = round_.next_delivery
            return (Command("dealt", "CARD DEALT", "D",
                            DealCard(target=target[0] if target else None)),)
        if phase in ("bet_one", "bet_two"):
            position = int(step.positions[0])
            decide = DecideBetOne if phase == "bet_one" else DecideBetTwo
            return (
                Command("ride", "LET IT RIDE", "R", decide(position=position, let_it_ride=True)),
                Command("take_back", "TAKE BACK", "T",
                        decide(position=position, let_it_ride=False)),
            )
        if phase in ("first_community_card", "second_community_card"):
            if step.expects == "confirm":
                return (Command("turn", "TURN CARD", "T", TurnCommunityCard()),)
            return ()
        if phase == "showdown":
            if step.expects == "confirm":
                return (Command("show", f"SHOW POSITION {step.positions[0]}", "S",
                                ShowHand(position=int(step.positions[0]))),)
            return ()
        if phase == "collect_losing_wagers":
            return (Command("collected", "LOSING WAGERS COLLECTED", "C",
                            CollectLosingWagers(), needs_ticks=("collect",)),)
        if phase == "pay_winning_wagers":
            return (Command("paid", "ALL PAID", "P", PayWinningWagers(),
                            needs_ticks=("pay",)),)
        if phase == "collect_cards":
            return (Command("cards_collected", "CARDS COLLECTED", "C", CollectCards()),)
        return ()

    # ---------------------------------------------------------------- dealer errors
    def problems(self, round_: LetItRideRound, devices: DeviceState) -> tuple[Command, ...]:
        """The step panel's PROBLEM… menu: a card exposed before its time (5324.34(d)), a
        supervisor called to the table (the round halts until one decides)."""
        found = []
        if self._exposable(round_):
            found.append(Command("exposed_card", "CARD EXPOSED…", "", form="exposed_card"))
        if round_.can_call_supervisor("dealer error"):
            found.append(Command("call_supervisor", "CALL A SUPERVISOR…", "",
                                 form="call_supervisor"))
        return tuple(found)

    @staticmethod
    def _exposable(round_: LetItRideRound) -> tuple[int | str, ...]:
        """Where a card may have been exposed: the positions dealt so far, the community."""
        if round_.step.phase not in _BEFORE_SHOWDOWN:
            return ()
        dealt: list[int | str] = [p for p in _POSITIONS if round_.cards(p)]
        if round_.community:
            dealt.append("community")
        return tuple(dealt)

    def form(self, round_: LetItRideRound, name: str,
             devices: DeviceState) -> EntryRequest | None:
        if name == "exposed_card":
            targets = self._exposable(round_)
            if not targets:
                return None
            choices = tuple((str(t), str(t) if t != "community" else "COMMUNITY")
                            for t in targets)
            return EntryRequest("form", "", "CARD EXPOSED · which card, dealt where?", options={
                "name": name, "submit": "RECORD THE EXPOSED CARD",
                "fields": (FormField("choice", "target", "Dealt to position", choices),
                           FormField("card", "card", "The card")),
                "note": ("Table rule: the round is void, every wager returned."
                         if self.config.exposed_card_rule.value == "void_round"
                         else "Table rule: the round goes on, the card stays where dealt."),
            })
        if name == "second_position":
            return self._second_position_form(round_)
        if name == "call_supervisor":
            if not round_.can_call_supervisor("dealer error"):
                return None
            return EntryRequest("form", "", "CALL A SUPERVISOR · the round halts", options={
                "name": name, "submit": "HALT AND CALL",
                "fields": (FormField("text", "reason", "Why (written in the round's record)"),),
            })
        return None

    def _second_position_form(self, round_: LetItRideRound) -> EntryRequest | None:
        """A player's second position ((c)(5)): the player's position, the adjacent one, the
        three equal wagers there, and how many players wait to be seated (none, or the
        second position is refused)."""
        if round_.step.phase != "betting" or not self.config.two_positions or \
                not round_.wagers:
            return None
        placed = sorted(round_.wagers)
        free = [p for p in _POSITIONS if p not in round_.wagers
                and any(abs(p - q) == 1 for q in placed)]
        low, high = self.config.minimum // 100, self.config.maximum // 100
        return EntryRequest("form", "", "SECOND POSITION · one player at two positions",
                            options={
            "name": "second_position", "submit": "PLACE THE SECOND POSITION",
            "fields": (
                FormField("choice", "first", "The player's position",
                          tuple((str(p), str(p)) for p in placed)),
                FormField("choice", "second", "Their second position, next to it",
                          tuple((str(p), str(p)) for p in free)),
                FormField("number", "dollars", "Each of its three wagers, $", minimum=low,
                          maximum=high, default=low),
                FormField("number", "waiting", "Players waiting to be seated", minimum=0,
                          maximum=20, default=round_.players_waiting)),
            "note": "5324.34(c)(5): two adjacent positions, only while no other player is "
                    "waiting to be seated.",
        })

    def form_action(self, round_: LetItRideRound, name: str,
                    values: Mapping[str, Any]) -> ActionCall | list[ActionCall]:
        if name == "second_position":
            first, second = str(values.get("first", "")), str(values.get("second", ""))
            if not first or not second:
                raise ValueError("Choose the player's position and the second position.")
            wagers = round_.wagers.get(int(first))
            if wagers is None:
                raise ValueError(f"Position {first} has no wagers.")
            amount = int(values.get("dollars", 0)) * 100
            waiting = int(values.get("waiting", 0))
            actions: list[ActionCall] = []
            if waiting != round_.players_waiting:  # what the dealer sees, recorded first
                actions.append(SetPlayersWaiting(count=waiting))
            actions.append(PlaceWagers(position=int(second), bet_one=amount, bet_two=amount,
                                       bet_three=amount, player=wagers.player))
            return actions
        if name == "exposed_card":
            target = str(values.get("target", ""))
            card = str(values.get("card", ""))
            if not target or not card:
                raise ValueError("Choose where the card was dealt and tap the card.")
            where: int | str = int(target) if target.isdigit() else target
            return ReportExposedCard(card=card, target=where)
        if name == "call_supervisor":
            reason = str(values.get("reason", "")).strip()
            if not reason:
                raise ValueError("Write why the supervisor is called.")
            return CallSupervisor(reason=reason)
        raise ValueError(f"no form {name!r}")

    def payments(self, round_: LetItRideRound) -> tuple[Payment, ...]:
        """Payments made so far and, at settlement, the collections and payments still due
        (5324.34(e)(7)-(8)), numbered on in the order the dealer makes them."""
        made = tuple(round_.payments)
        plan = round_.planned_settlement
        phase = round_.step.phase
        if plan is None or phase not in ("collect_losing_wagers", "pay_winning_wagers"):
            return made
        due = (plan.collections if phase == "collect_losing_wagers" else ()) + plan.payments
        order = max((p.order for p in made), default=0)
        pending = tuple(
            Payment(order + i, line.position, line.wager, line.outcome, line.stake, line.amount,
                    hand=line.hand, clause=line.clause, note=line.note)
            for i, line in enumerate(due, start=1))
        return made + pending

    @staticmethod
    def _shoe_live(devices: DeviceState) -> bool:
        """The shoe reads the cards it deals (and read the last stack): stacks arrive by
        themselves; otherwise the dealer enters them."""
        health = devices.health.get("shoe")
        return health is not None and devices.shoe_reads_cards and not devices.misread

    @staticmethod
    def _typing_due(devices: DeviceState) -> bool:
        """A shoe that does not read has dispensed a stack the dealer has not entered yet."""
        return not devices.shoe_reads_cards and devices.unread > 0

    # ---------------------------------------------------------------- entry
    def entry(self, round_: LetItRideRound, devices: DeviceState,
              selected: str | None) -> EntryRequest | None:
        step = round_.step
        seen = tuple(c for p in _POSITIONS for c in round_.cards(p) if c is not None)
        seen += tuple(c for c in round_.community.values() if c is not None)
        if step.phase == "halted":
            return EntryRequest("supervisor", "", step.instruction, options={
                "heading": "SUPERVISOR · the round is halted",
                "approve": ("CONTINUE ROUND", ResolveHalt(HaltResolution.CONTINUE)),
                "reject": ("VOID ROUND", ResolveHalt(HaltResolution.VOID_ROUND)),
            })
        if step.phase == "betting":
            position = selected if selected and selected.isdigit() else ""
            w = round_.wagers.get(int(position)) if position else None
            return EntryRequest("wagers", position, "WAGERS", options={
                "minimum": self.config.minimum, "maximum": self.config.maximum,
                "notice": payout_limit_notice(self.config),
                "three_card": self.config.three_card_offered,
                "placed": bool(w), "amount": w.bet_one if w else 0,
                "three_card_amount": w.three_card_bonus if w else 0,
            })
        if (step.phase == "dealing" and self.config.dealing is Dealing.SHOE
                and not self._shoe_live(devices)):
            if ("shoe" in devices.health and not devices.misread
                    and not self._typing_due(devices)):
                return None  # a shoe that does not read: DISPENSE first, then its stack
            target = round_.next_delivery
            community = target is not None and target[0] == "community"
            where = "THE COMMUNITY STACK" if community else (
                f"POSITION {target[0]}'S STACK" if target else "THE STACK")
            options: dict[str, Any] = {}
            if "shoe" in devices.health:
                to = "the community stack dispensed" if community else (
                    f"the stack dispensed to position {target[0]}" if target else "the stack")
                options["step"] = (f"Deliver {to}, then type its 3 cards, top card first, "
                                   "and press Enter.")
            return EntryRequest("cards", str(target[0]) if target else "",
                                f"{where} · 3 cards, top card first", 3,
                                unavailable=seen, options=options)
        if step.phase in ("first_community_card", "second_community_card") and \
                step.expects != "confirm":
            return EntryRequest("cards", "community", "ENTER THE COMMUNITY CARD TURNED", 1,
                                unavailable=seen)
        if step.phase == "showdown" and step.expects != "confirm":
            showing = step.positions[0]
            return EntryRequest("cards", str(showing),
                                f"ENTER POSITION {showing}'S THREE CARDS", 3, unavailable=seen)
        return None

    def entry_action(self, round_: LetItRideRound, request: EntryRequest,
                     cards: Sequence[Card]) -> ActionCall:
        texts = tuple(c.text for c in cards)
        phase = round_.step.phase
        if phase == "dealing":
            return ReceiveStack(cards=texts)
        if phase in ("first_community_card", "second_community_card"):
            return TurnCommunityCard(card=texts[0])
        if phase == "showdown":
            return ShowHand(position=int(request.position), cards=texts)
        raise ValueError(f"no cards are entered at the {phase} step")

    def wager_actions(self, round_: LetItRideRound, position: int,
                      amounts: Mapping[str, int]) -> list[ActionCall]:
        """``amounts``: ``base`` (each of the three equal wagers), ``three_card_bonus``; an
        ``withdraw`` key takes every wager back."""
        if amounts.get("withdraw"):
            return [WithdrawWagers(position=position)]
        actions: list[ActionCall] = []
        base = int(amounts.get("base", 0))
        if position not in round_.wagers:
            actions.append(PlaceWagers(position=position, bet_one=base, bet_two=base,
                                       bet_three=base))
        three = int(amounts.get("three_card_bonus", 0))
        if three:
            actions.append(PlaceThreeCardBonus(position=position, amount=three))
        return actions

    # ---------------------------------------------------------------- devices
    def device_actions(self, round_: LetItRideRound | None, event: DeviceEvent,
                       devices: DeviceState) -> list[ActionCall]:
        note_device_event(event, devices)
        if round_ is None:
            return []
        phase = round_.step.phase
        note_unread_stack(event, devices, phase == "dealing")
        match event.kind:
            case EventKind.CHIP_SENSED if event.seat is not None:
                # before the wagers or after them: the round decides what the chip is
                if round_.can_acknowledge_bonus(event.seat):
                    return [AcknowledgeBonus(position=event.seat)]
            case EventKind.CHIP_REMOVED if event.seat is not None:
                if round_.can_bonus_chip_removed(event.seat):
                    return [BonusChipRemoved(position=event.seat)]
            case EventKind.LOCKOUT_BUTTON if phase == "betting":
                return [AnnounceNoMoreBets()]
            case EventKind.STACK_DISPENSED if phase == "dealing" and devices.shoe_reads_cards:
                cards = stack_cards(event)
                if cards is not None:
                    devices.misread = False
                    return [ReceiveStack(cards=tuple(c.text for c in cards))]
                devices.misread = True  # a card the shoe could not read: enter it by hand
        return []


def describe_wagers(amount: int) -> str:
    """``3 × $25.00``: the three equal base wagers of a position.

    >>> describe_wagers(2500)
    '3 × $25.00'
    """
    return f"3 × {format_cents(amount)}"
