"""The last steps of a voided round, the same in both games (a leaf: it needs only the
procedure's records): the void's words checked, then WAGERS RETURNED once each RETURN line is
ticked off at the dealer's screen (:meth:`VoidSteps.return_wagers`). Each round says where its
RETURN step is and what follows it (the cards collected, or the end); the readings are in
docs/rules-interpretation.md (5324.34(e)(8)-(e)(9), 5324.41(g)(6)-(g)(7)).

>>> check_void_words("S-1", "cards flashed", "5324.41(g)(6)")
>>> check_void_words("S-1", " ", "5324.41(g)(6)")
Traceback (most recent call last):
dealer_station.procedure.ProcedureError: write the reason the round is voided [5324.41(g)(6)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from dealer_station.procedure import JSONValue, Payment, ProcedureError, Record, allowed

__all__ = ["VoidSteps", "after_returns", "check_void_words", "return_words"]


def check_void_words(supervisor: str, reason: str, clause: str) -> None:
    """A void names the supervisor and says why (refused with ``clause`` otherwise)."""
    if not str(supervisor).strip():
        raise ProcedureError("the supervisor voiding the round must be named", clause)
    if not str(reason).strip():
        raise ProcedureError("write the reason the round is voided", clause)


def after_returns(cards_out: bool) -> str:
    """What the RETURN step says comes next: the cards, or the round's end when none was dealt
    (it said "Collect the cards unseen" before the deal too, then ended without that step).

    >>> after_returns(False)
    'The round ends void (no card was dealt)'
    """
    return "Collect the cards unseen" if cards_out else "The round ends void (no card was dealt)"


def return_words(lines: int, cards_out: bool) -> str:
    """What the dealer does after a void, for the notice under the step: the RETURN lines,
    then the cards only when some were dealt (it said "collect the cards unseen" before the
    deal too, beside "Next: The round ends void (no card was dealt)").

    >>> return_words(1, False)
    'Return each wager listed (1 RETURN line, tick each); no card was dealt.'
    >>> return_words(2, True)
    'Return each wager listed (2 RETURN lines, tick each), then collect the cards unseen.'
    """
    listed = f"Return each wager listed ({lines} RETURN line{'s' if lines != 1 else ''}, tick each)"
    return listed + (", then collect the cards unseen." if cards_out else "; no card was dealt.")


class VoidSteps:
    """WAGERS RETURNED of a voided round (mixed into each game's round)."""

    #: The clause the void's records cite.
    void_clause: ClassVar[str] = ""

    @property
    def void_returns(self) -> tuple[Payment, ...]:
        """The RETURN lines of the void (each game's own)."""
        raise NotImplementedError

    def _require_return_step(self) -> None:
        """Refuse unless the round is at its RETURN step (each game's own)."""
        raise NotImplementedError

    def _after_returns(self) -> None:
        """Move the round on once the wagers are back: the cards, or the end."""
        raise NotImplementedError

    def _record(self, action: str, arguments: Mapping[str, JSONValue],
                effects: Mapping[str, JSONValue], clause: str | None) -> Record:
        raise NotImplementedError

    def verify_return_wagers(self) -> None:
        self._require_return_step()

    def can_return_wagers(self) -> bool:
        return allowed(self.verify_return_wagers)

    def return_wagers(self) -> Record:
        """Every wager of the voided round returned to its player (each RETURN line ticked off
        at the dealer's screen): then the cards are collected, if any were dealt."""
        self.verify_return_wagers()
        self._after_returns()
        return self._record("return_wagers", {},
                            {"returned": sum(p.stake for p in self.void_returns)},
                            self.void_clause)
