"""What the dealer is told at each phase of a Pai Gow Poker round: the
:class:`~dealer_station.procedure.Step` built from the round's public state (the round's ``step``
property calls :func:`step_for`), one builder per :class:`~.phases.Phase`, as
:mod:`dealer_station.games.let_it_ride.steps` does for Let It Ride.

Hardware (:mod:`dealer_station.hardware`): the lockout on (the optional wagers' lockout of
5324.41(k)(2), asked for while the betting is open whenever optional wagers are offered) and a
stack of N cards dispensed by the automated shoe (7, or 3 then 4 with the stacks of (n)(4)-(7)).

>>> from dealer_station.games.pai_gow.config import default_config
>>> from dealer_station.games.pai_gow.round import PaiGowRound
>>> step = step_for(PaiGowRound(default_config()))
>>> step.phase, step.actions, step.clause
('shuffle', ('shuffle',), '5324.41(e)(1)')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dealer_station.games.pai_gow import dealing
from dealer_station.games.pai_gow.config import DealingMethod, ShuffleMethod, StartingPosition
from dealer_station.games.pai_gow.phases import VOID_CLAUSE, Phase
from dealer_station.games.pai_gow.positions import PLAYER_POSITIONS, far_right_first, position_name
from dealer_station.games.void_steps import after_returns
from dealer_station.hardware import LOCKOUT_ON, shoe_dispense
from dealer_station.money import format_cents
from dealer_station.procedure import Step

if TYPE_CHECKING:
    from dealer_station.games.pai_gow.round import PaiGowRound

__all__ = ["step_for"]


def _halted(round_: PaiGowRound) -> Step:
    halt = round_.halt
    assert halt is not None  # a halted round always says why
    return Step(Phase.HALTED.value, f"Round halted ({halt['reason']}): a supervisor decides "
                "at the screen whether the round continues or is void",
                ("resolve_halt",), expects="supervisor", clause=round_.halt_clause)


def _shuffle(round_: PaiGowRound) -> Step:
    words = ("Shuffle the deck (52 cards and the joker) by hand"
             if round_.config.shuffle is ShuffleMethod.MANUAL
             else "Load the deck into the shuffler")
    return Step(Phase.SHUFFLE.value, words, ("shuffle",), clause="5324.41(e)(1)")


def _cut(round_: PaiGowRound) -> Step:
    offer = round_.expected_cut_offer()
    words = (f"Offer the cut to {position_name(offer)}" if offer is not None
             else "Offer the cut to the first player to the table")
    return Step(Phase.CUT.value, words, ("cut",), (offer,) if offer else (),
                expects="decision", clause="5324.41(e)(2)")


def _betting(round_: PaiGowRound) -> Step:
    phase = Phase.BETTING.value
    offer = round_.next_bank_offer()
    if offer is not None and round_.players:
        return Step(phase, f"Offer the bank to {position_name(offer)}",
                    ("accept_bank", "decline_bank", "place_wager"), (offer,),
                    expects="decision", clause="5324.41(h)(3)")
    config = round_.config
    hardware = (LOCKOUT_ON,) if config.side_wagers else ()
    words = "Take the wagers, then announce \"No more bets\""
    if config.player_banking and round_.context.house_banks_by_rotation:
        words += " (the house banks: the bank offer has come round to the dealer)"
    return Step(phase, words,
                ("place_wager", "place_side_wager", "place_rng_wager", "withdraw_wager",
                 "no_more_bets"), tuple(PLAYER_POSITIONS), hardware,
                expects="wagers", clause="5324.41(d)(3)")


def _dealer_wager(round_: PaiGowRound) -> Step:
    return Step(Phase.DEALER_WAGER.value, f"Place the dealer's wager against the bank: "
                f"{format_cents(round_.proposed_dealer_wager)}, "
                f"{round_.config.dealer_wager_words} (or less as the bank "
                "directs)", ("place_dealer_wager",), expects="amount",
                clause="5324.41(h)(7)")


def _starting(round_: PaiGowRound) -> Step:
    words = ("Activate the random number generator" if
             round_.config.starting_position is StartingPosition.RNG else
             ("Have the bank shake the shaker at least three times; remove the lid "
              "yourself, total the dice and announce the total" if round_.bank is not None
              else "Shake the dice, total them and announce the total"))
    return Step(Phase.STARTING.value, words, ("determine_starting_position",),
                expects="number", clause="5324.2(b)")


def _rng_shows(round_: PaiGowRound) -> str:
    """What the random number generator displayed this round ((j)(1)), said first at the steps
    after it runs, where the RNG side wager is offered (its wagers are on that number); "" with
    the dice, before it runs, or with no such wager (the seat's line shows the number)."""
    number = round_.starting_number
    if (round_.config.starting_position is not StartingPosition.RNG or number is None
            or not round_.config.rng_side_wager):
        return ""
    return f"The RNG shows {number}: "


def _rng_wagers(round_: PaiGowRound) -> Step:
    number = round_.starting_number
    return Step(Phase.RNG_WAGERS.value, f"{_rng_shows(round_)}collect the RNG side wagers not on "
                f"{number}, then pay those on {number}",
                ("settle_rng_wagers",),
                tuple(far_right_first(dict.fromkeys(p for p, _ in round_.rng_wagers))),
                clause="5324.41(j)(2)(iv)")


def _deal(round_: PaiGowRound) -> Step:
    phase = Phase.DEAL.value
    method = round_.config.dealing
    if method is DealingMethod.THREE_THEN_FOUR:
        return Step(phase, "Deliver the stacks of three from the farthest left "
                    "wager clockwise, then the dealer", ("deal",),
                    tuple(round_.wagered_positions), (shoe_dispense(3),),
                    expects="cards", clause="5324.41(n)(4)")
    assert round_.start is not None
    order = dealing.delivery_order(round_.start)
    hardware = (shoe_dispense(7),) if method is DealingMethod.AUTOMATED_SHOE else ()
    if method is DealingMethod.HAND and round_.bank is not None:
        return Step(phase, "Deal seven stacks in front of the chip tray; the bank "
                    f"chooses the first stack, delivered to {position_name(round_.start)}",
                    ("deal",), order, expects="cards", clause="5324.41(h)(9)(i)")
    shows = _rng_shows(round_)
    deal = "deal" if shows else "Deal"
    return Step(phase, f"{shows}{deal} seven stacks from {position_name(round_.start)} "
                "clockwise; collect unseen the stacks with no wager", ("deal",), order,
                hardware, expects="cards", clause="5324.41(f)")


def _four_card(round_: PaiGowRound) -> Step:
    return Step(Phase.FOUR_CARD.value, "Deliver the stacks of four", ("deal_four_card_stacks",),
                round_.first_stack_positions, (shoe_dispense(4),), expects="cards",
                clause="5324.41(n)(7)(ii)")


def _in_play(round_: PaiGowRound) -> tuple[int, ...]:
    """The players against the banker who have not surrendered, from the far right."""
    return tuple(p for p in far_right_first(round_.players) if p not in round_.surrendered)


def _setting(round_: PaiGowRound) -> Step:
    return Step(Phase.SETTING.value, "The players set their hands and place them face down "
                "(the bank's too); then confirm that all have set",
                ("players_have_set", "surrender"), _in_play(round_), clause="5324.41(g)(2)",
                next_instruction="Turn over the dealer's cards")


def _banker(round_: PaiGowRound) -> Step:
    phase = Phase.BANKER.value
    banker = round_.banker_actions()
    if banker[0] == "set_bank_hand":
        assert round_.bank is not None
        return Step(phase, f"Expose the bank's hands ({position_name(round_.bank)})"
                    " and enter the bank's low hand (two cards)",
                    ("set_bank_hand", "surrender"), (round_.bank,), expects="cards",
                    clause="5324.41(h)(11)")
    words = ("Set the co-bank's hand by the house way" if banker[0] == "set_co_bank_hand"
             else "Turn over the dealer's cards and set them by the house way")
    return Step(phase, words, (banker[0], "surrender"),
                clause="5324.41(h)(5)" if banker[0] == "set_co_bank_hand" else "5324.41(g)(2)")


def _exposure(round_: PaiGowRound) -> Step:
    order = round_.exposure_order()
    return Step(Phase.EXPOSURE.value, f"Expose the hands of {position_name(order[0])} and enter "
                "the low hand (two cards)",
                ("set_hand", "set_hand_house_way", "surrender"), order,
                expects="cards",
                clause="5324.41(h)(12)" if round_.bank is not None else "5324.41(g)(4)")


def _settlement(round_: PaiGowRound) -> Step:
    # each player's cards go with that player's settlement: there is no collection step of
    # its own (docs/rules-interpretation.md, "When the cards are collected", (g)(5)-(g)(9))
    return Step(Phase.SETTLEMENT.value, "Collect the losing wagers, then pay the winners from the "
                "far right less the vigorish, collecting each player's cards with their "
                "settlement", ("settle",), _in_play(round_), clause="5324.41(g)(4)")


def _return_wagers(round_: PaiGowRound) -> Step:
    lines = round_.void_returns
    return Step(Phase.RETURN_WAGERS.value, "The round is void: return every wager to its player, "
                "from your far right, ticking each RETURN line", ("return_wagers",),
                tuple(dict.fromkeys(line.position for line in lines
                                    if isinstance(line.position, int))),
                clause=VOID_CLAUSE, next_instruction=after_returns(round_.void_cards_out))


def _collect_cards(round_: PaiGowRound) -> Step:
    return Step(Phase.COLLECT_CARDS.value, "The round is void: collect every card and stack on "
                "the layout unseen, the dealer's too", ("collect_cards",), clause=VOID_CLAUSE)


def _complete(round_: PaiGowRound) -> Step:
    return Step(Phase.COMPLETE.value, "The round is complete", clause="5324.41(g)(7)")


_BUILDERS: dict[Phase, Callable[[PaiGowRound], Step]] = {
    Phase.SHUFFLE: _shuffle,
    Phase.CUT: _cut,
    Phase.BETTING: _betting,
    Phase.DEALER_WAGER: _dealer_wager,
    Phase.STARTING: _starting,
    Phase.RNG_WAGERS: _rng_wagers,
    Phase.DEAL: _deal,
    Phase.FOUR_CARD: _four_card,
    Phase.SETTING: _setting,
    Phase.BANKER: _banker,
    Phase.EXPOSURE: _exposure,
    Phase.SETTLEMENT: _settlement,
    Phase.COMPLETE: _complete,
    Phase.HALTED: _halted,
    Phase.RETURN_WAGERS: _return_wagers,
    Phase.COLLECT_CARDS: _collect_cards,
}


def step_for(round_: PaiGowRound) -> Step:
    """The step of ``round_``'s current phase."""
    return _BUILDERS[round_.phase](round_)
