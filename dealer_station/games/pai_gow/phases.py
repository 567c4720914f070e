"""The phases of a Pai Gow Poker round (9 NYCRR 5324.41), in the order the regulation sets them.

A leaf module: the round (:mod:`.round`), its steps (:mod:`.steps`) and the optional wagers
(:mod:`.wagers`) all read the phase, and none of them need the others to do so.

>>> [p.value for p in Phase][:3]
['shuffle', 'cut', 'betting']
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["HALT_CLAUSE", "VOID_CLAUSE", "Phase"]

#: A round voided by a supervisor: each wager is returned to its player as a push is and the
#: cards are then collected ((g)(6)), far right first ((g)(7)); docs/rules-interpretation.md.
VOID_CLAUSE = "5324.41(g)(6)"

#: The clause a halt cites: none of 5324.41 speaks of dealer errors but (q) (an irregularity
#: corrected so the round may be completed); see docs/rules-interpretation.md.
HALT_CLAUSE = "5324.41(q)"


class Phase(StrEnum):
    SHUFFLE = "shuffle"
    CUT = "cut"
    BETTING = "betting"
    DEALER_WAGER = "dealer_wager"
    STARTING = "starting_position"
    RNG_WAGERS = "rng_wagers"
    DEAL = "deal"
    FOUR_CARD = "four_card_stacks"
    SETTING = "setting"
    BANKER = "banker"
    EXPOSURE = "exposure"
    SETTLEMENT = "settlement"
    COMPLETE = "complete"
    HALTED = "halted"
    #: A voided round: each wager returned (as a push is, (g)(6)), then the cards collected.
    RETURN_WAGERS = "return_wagers"
    COLLECT_CARDS = "collect_cards"
