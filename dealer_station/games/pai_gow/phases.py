"""The phases of a Pai Gow Poker round (9 NYCRR 5324.41), in the order the regulation sets them.

A leaf module: the round (:mod:`.round`), its steps (:mod:`.steps`) and the optional wagers
(:mod:`.wagers`) all read the phase, and none of them need the others to do so.

>>> [p.value for p in Phase][:3]
['shuffle', 'cut', 'betting']
"""

from __future__ import annotations

import re
from enum import StrEnum

__all__ = ["EXPOSED_CARD", "EXPOSED_CARD_CLAUSE", "VOID_CLAUSE", "Phase", "exposed_at",
           "halt_clause"]

#: A round voided by a supervisor: each wager is returned to its player as a push is and the
#: cards are then collected ((g)(6)), far right first ((g)(7)); docs/rules-interpretation.md.
VOID_CLAUSE = "5324.41(g)(6)"

#: How the dealer's report of a card exposed before its time begins ("card exposed: Ks dealt to
#: position 3"): the halt it makes cites :data:`EXPOSED_CARD_CLAUSE`.
EXPOSED_CARD = "card exposed:"
#: A card exposed before its time: 5324.41 has no exposed-card clause, so the halt cites the
#: dealing procedures the card broke ((f): the stacks dealt face down, "without exposing the
#: cards"); (q) speaks only of a bank's hands set wrongly. docs/rules-interpretation.md.
EXPOSED_CARD_CLAUSE = "5324.41(f)"


def exposed_at(reason: str) -> int | None:
    """The position a card-exposed report names ("card exposed: Kh dealt to position 4"), None
    for the dealer or any other halt.

    >>> exposed_at("card exposed: Kh dealt to position 4"), exposed_at("card exposed: Kh dealt "
    ...     "to the dealer"), exposed_at("chips knocked over at position 4")
    (4, None, None)
    """
    if not reason.strip().lower().startswith(EXPOSED_CARD):
        return None
    found = re.search(r"dealt to position (\d+)\s*$", reason.strip())
    return int(found.group(1)) if found else None


def halt_clause(reason: str, step_clause: str | None) -> str:
    """The clause a halt cites: a card exposed, the dealing procedures; any other dealer's call,
    the clause of the step the round halted at (5324.41 has no clause for dealer errors).

    >>> halt_clause("card exposed: Ks dealt to position 3", "5324.41(g)(4)")
    '5324.41(f)'
    >>> halt_clause("chips knocked over", "5324.41(g)(4)")
    '5324.41(g)(4)'
    """
    if reason.strip().lower().startswith(EXPOSED_CARD):
        return EXPOSED_CARD_CLAUSE
    return step_clause or "5324.41"


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
