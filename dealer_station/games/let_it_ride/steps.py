"""What the dealer is told at each phase of a Let It Ride round: the
:class:`~dealer_station.procedure.Step` built from the round's public state only (the round's
``step`` property calls :func:`step_for`).

Hardware (:mod:`dealer_station.hardware`): the lockout off / on (the bonus wager lockout of
5324.34(a)(3)(ii)), the acceptors enabled at some seats (bonus acceptors that may still
acknowledge a $1 bonus wager: positions with the three wagers and no bonus yet), the acceptor
lights at others (acceptors showing an acknowledged bonus wager) and a stack of three dispensed
by the automated shoe ((d)(2)).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from dealer_station.games.let_it_ride.config import Dealing
from dealer_station.games.let_it_ride.phases import COMMUNITY, Phase, clockwise
from dealer_station.games.let_it_ride.settlement import SettlementLine
from dealer_station.games.void_steps import after_returns
from dealer_station.hardware import (
    LOCKOUT_OFF,
    LOCKOUT_ON,
    Hardware,
    acceptor_lights,
    acceptors_enabled,
    shoe_dispense,
)
from dealer_station.money import format_cents
from dealer_station.procedure import Step

if TYPE_CHECKING:
    from dealer_station.games.let_it_ride.round import LetItRideRound

__all__ = ["ORDINAL", "WAGER_WORDS", "step_for"]

#: The betting areas in words, for the dealer.
WAGER_WORDS = {"bet_one": "bet one", "bet_two": "bet two", "bet_three": "bet three",
               "bonus": "let it ride bonus", "three_card_bonus": "three-card bonus"}
ORDINAL = ("first", "second", "third")
_LOCKED = (LOCKOUT_ON,)


def _betting(round_: LetItRideRound) -> Step:
    wagers = round_.wagers
    eligible = clockwise(wagers)
    config = round_.config
    hardware: tuple[Hardware, ...] = (LOCKOUT_OFF,)
    if config.bonus_offered:
        hardware += (
            acceptors_enabled([p for p in eligible if not wagers[p].bonus]),
            acceptor_lights([p for p in eligible if wagers[p].bonus]),
        )
    side = []
    if config.bonus_offered:
        side.append("the $1 let it ride bonus")
    if config.three_card_offered:
        side.append("the three-card bonus")
    extra = f"; {' and '.join(side)} only with those three" if side else ""
    return Step(
        "betting",
        f"Take wagers: three equal wagers (bet one, two and three) at each position{extra}. "
        "Then announce 'No more bets'.",
        ("announce_no_more_bets", "place_wagers", "acknowledge_bonus", "place_three_card_bonus",
         "withdraw_wagers", "set_players_waiting"),
        eligible, hardware, "wagers", "5324.34(c)(3)", "Deal the cards" if wagers else None)


def _dealing(round_: LetItRideRound) -> Step:
    delivery = round_.next_delivery
    assert delivery is not None
    target, slot = delivery
    positions = (target,) if isinstance(target, int) else ()
    if round_.config.dealing is Dealing.SHOE:
        if target == COMMUNITY:
            text = ("Press DISPENSE and deliver the community stack face down: the top card into "
                    "the community box on your left, the middle card into the box on your "
                    "right, burn the bottom card.")
        else:
            text = f"Press DISPENSE and deliver the stack of three cards face down to position " \
                   f"{target}."
        return Step("dealing", text, ("receive_stack", "report_exposed_card"), positions,
                    (*_LOCKED, shoe_dispense(3)), "stack", "5324.34(d)(2)")
    if target == COMMUNITY:
        where = ("the community area on your left",
                 "the community area, right of the first card",
                 "the community area, right of the first two (it is burned)")
        text = f"Deal one card face down to {where[slot]}."
    else:
        text = f"Deal the {ORDINAL[slot]} card face down to position {target}."
    return Step("dealing", text, ("deal_card", "report_exposed_card"), positions, _LOCKED,
                "card", "5324.34(d)(1)")


def _decision(round_: LetItRideRound, wager: str, clause: str) -> Step:
    waiting = round_.awaiting_decision(wager)
    before = "Players have examined their cards. " if wager == "bet_one" else ""
    after = ("" if wager == "bet_one" else
             " After the decision the player's cards stay face down and untouched.")
    return Step(
        wager,
        f"{before}Ask position {waiting[0]}: withdraw {WAGER_WORDS[wager]} or let it ride?"
        f"{after}",
        (f"decide_{wager}", "report_exposed_card"), waiting, _LOCKED, "decision", clause,
        "Turn the first community card" if wager == "bet_one"
        else "Turn the second community card")


def _community(round_: LetItRideRound, slot: str, clause: str) -> Step:
    known = round_.community.get(slot) is not None
    which = ("the community card on your left: the first community card" if slot == "left"
             else "the remaining community card: the second community card")
    return Step(
        "first_community_card" if slot == "left" else "second_community_card",
        f"Turn {which}" + ("." if known else ", and enter it."),
        ("turn_community_card", "report_exposed_card"), (), _LOCKED,
        "confirm" if known else "card", clause)


def _showdown(round_: LetItRideRound) -> Step:
    waiting = round_.awaiting_showdown
    known = all(c is not None for c in round_.cards(waiting[0]))
    return Step(
        "showdown",
        f"Turn position {waiting[0]}'s three cards face up" + ("." if known else
                                                               " and enter them."),
        ("show_hand",), waiting, _LOCKED, "confirm" if known else "cards", "5324.34(e)(6)",
        "Collect the losing wagers")


def _lines_words(lines: Sequence[SettlementLine]) -> str:
    return "; ".join(
        f"position {line.position} {WAGER_WORDS[line.wager]} {format_cents(line.stake)}"
        + (f" wins {format_cents(line.amount)}" if line.outcome == "pay" else "")
        for line in lines)


def _collect_losing_wagers(round_: LetItRideRound) -> Step:
    settlement = round_.planned_settlement
    assert settlement is not None
    lines = settlement.collections
    text = ("Collect the losing wagers from your far right, counter-clockwise: "
            + _lines_words(lines) + ". Discard the cards of hands with no winning wager."
            if lines else "No losing wagers to collect: confirm.")
    return Step("collect_losing_wagers", text, ("collect_losing_wagers",),
                tuple(dict.fromkeys(line.position for line in lines)), _LOCKED, "confirm",
                "5324.34(e)(7)", "Pay the winning wagers")


def _pay_winning_wagers(round_: LetItRideRound) -> Step:
    settlement = round_.planned_settlement
    assert settlement is not None
    lines = settlement.payments
    text = ("Pay the winning wagers from your far right, counter-clockwise: "
            + _lines_words(lines) + "." if lines else "No winning wagers: confirm.")
    return Step("pay_winning_wagers", text, ("pay_winning_wagers",),
                tuple(dict.fromkeys(line.position for line in lines)), _LOCKED, "confirm",
                "5324.34(e)(8)", "Collect the cards")


def _collect_cards(round_: LetItRideRound) -> Step:
    positions = round_.cards_to_collect()
    parts = [f"position {p}" for p in positions] + ["the community cards"]
    if round_.is_void and not any(round_.community.values()):
        parts = parts[:-1] or ["the cards dealt"]  # no community card was dealt yet
    words = ("The round is void: pick up unseen, in this order, into the discard rack: "
             if round_.is_void else "Pick up in this order into the discard rack: ")
    return Step("collect_cards", words + ", ".join(parts) + ".",
                ("collect_cards",), positions, _LOCKED, "confirm", "5324.34(e)(9)")


def _return_wagers(round_: LetItRideRound) -> Step:
    lines = round_.void_returns
    return Step("return_wagers",
                "The round is void: return every wager to its player, from your far right, "
                "counter-clockwise, ticking each RETURN line.", ("return_wagers",),
                tuple(dict.fromkeys(int(line.position) for line in lines)), _LOCKED, "confirm",
                "5324.34(e)(8)", after_returns(round_.void_cards_out))


def _halted(round_: LetItRideRound) -> Step:
    halt = round_.halt or {}
    return Step("halted", f"Stop: {halt.get('reason', '')}. Call a supervisor.",
                ("resolve_halt",), (), _LOCKED, "supervisor", halt.get("clause"))


def _complete(round_: LetItRideRound) -> Step:
    return Step("complete", "The round is complete.", (), (), (LOCKOUT_OFF,), "none")


_BUILDERS: dict[Phase, Callable[[LetItRideRound], Step]] = {
    Phase.BETTING: _betting,
    Phase.DEALING: _dealing,
    Phase.BET_ONE: lambda r: _decision(r, "bet_one", "5324.34(e)(2)"),
    Phase.FIRST_COMMUNITY_CARD: lambda r: _community(r, "left", "5324.34(e)(3)"),
    Phase.BET_TWO: lambda r: _decision(r, "bet_two", "5324.34(e)(4)"),
    Phase.SECOND_COMMUNITY_CARD: lambda r: _community(r, "right", "5324.34(e)(5)"),
    Phase.SHOWDOWN: _showdown,
    Phase.COLLECT_LOSING_WAGERS: _collect_losing_wagers,
    Phase.PAY_WINNING_WAGERS: _pay_winning_wagers,
    Phase.COLLECT_CARDS: _collect_cards,
    Phase.HALTED: _halted,
    Phase.RETURN_WAGERS: _return_wagers,
    Phase.COMPLETE: _complete,
}


def step_for(round_: LetItRideRound) -> Step:
    """The step of ``round_``'s current phase."""
    return _BUILDERS[round_.phase](round_)
