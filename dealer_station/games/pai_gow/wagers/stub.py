"""Counting the stub when the four more cards come from the shoe (5324.41(n)(7)(ii), (n)(8)).

With stacks of four from the automated shoe the dealer counts the stub, face down on the layout,
at least once every five rounds, to check the deck still holds its 53 cards. No count is needed
when the shuffler counts the deck after each shuffle and reports 52 cards plus the joker; a
shuffler (or a count) showing the wrong number of cards takes the deck off the table.

:class:`StubCount` tracks the rounds since the last count: it prompts in the fifth round
(``due``) and blocks the deal of a sixth round without a count (:meth:`StubCount.verify_deal`).

>>> stub = StubCount(required=True)
>>> for _ in range(4):
...     stub = stub.round_completed()
>>> stub.due, stub.can_deal
(True, True)
>>> stub = stub.round_completed()
>>> stub.verify_deal()
Traceback (most recent call last):
...
dealer_station.procedure.ProcedureError: count the stub before dealing: 5 rounds ...
... [5324.41(n)(7)(ii)]
>>> stub = stub.record_count(counted=25, hands=4)
>>> stub.rounds_since_count, stub.can_deal
(0, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from dealer_station.procedure import ProcedureError, allowed

from .config import BonusConfig, Completion

__all__ = ["DECK_SIZE", "ROUNDS_BETWEEN_COUNTS", "StubCount", "expected_stub"]

#: 52 cards plus the joker (5324.41(b), (n)(8)).
DECK_SIZE = 53
#: The stub is counted at least once every five rounds of play ((n)(7)(ii)).
ROUNDS_BETWEEN_COUNTS = 5


def expected_stub(hands: int) -> int:
    """The stub after seven cards to each of ``hands`` hands (players with a wager and the dealer);
    with no hand dealt yet (an overdue count before the deal) the whole deck.

    >>> expected_stub(7), expected_stub(0)
    (4, 53)
    """
    if not 0 <= hands <= 7:
        raise ValueError("zero to seven hands are dealt")
    return DECK_SIZE - 7 * hands


@dataclass(frozen=True, slots=True)
class StubCount:
    """``required``: the stub must be counted (stacks of four from the shoe and a shuffler that
    does not count); ``rounds_since_count``: rounds completed since the last count;
    ``deck_removed``: a wrong number of cards was found and the deck must leave the table."""

    required: bool
    rounds_since_count: int = 0
    deck_removed: bool = False
    last_problem: str = ""

    @classmethod
    def for_config(cls, config: BonusConfig) -> StubCount:
        required = (config.three_seven_completion is Completion.SHOE_STACKS_OF_FOUR
                    and not config.shuffler_counts_cards)
        return cls(required=required)

    @property
    def due(self) -> bool:
        """The stub must be counted this round (prompt the dealer)."""
        return self.required and self.rounds_since_count >= ROUNDS_BETWEEN_COUNTS - 1

    def verify_recount(self) -> None:
        """A deck found with the wrong number of cards leaves the table ((n)(8)): counting the
        same cards again does not bring it back; only a replacement deck counted whole (or the
        shuffler's count of it) does.

        >>> StubCount(True).record_count(counted=38, hands=2).verify_recount()
        Traceback (most recent call last):
        ...
        dealer_station.procedure.ProcedureError: the deck is removed from the table (the stub ...
        ... 39 expected): a second count does not return it; ... [5324.41(n)(8)]
        """
        if self.deck_removed:
            raise ProcedureError(
                f"the deck is removed from the table ({self.last_problem}): a second count "
                "does not return it; count the replacement deck (52 cards and the joker) "
                "before its first deal", "5324.41(n)(8)")

    @property
    def prompt(self) -> str | None:
        if self.deck_removed:
            return f"Remove the deck from the table: {self.last_problem}"
        if self.due:
            return "Count the stub face down on the layout (at least once every five rounds)"
        return None

    def verify_deal(self) -> None:
        if self.deck_removed:
            raise ProcedureError(f"the deck must be removed from the table: {self.last_problem}",
                                 "5324.41(n)(8)")
        if self.required and self.rounds_since_count >= ROUNDS_BETWEEN_COUNTS:
            raise ProcedureError(
                f"count the stub before dealing: {self.rounds_since_count} rounds since the "
                "last count",
                "5324.41(n)(7)(ii)",
            )

    @property
    def can_deal(self) -> bool:
        return allowed(self.verify_deal)

    def round_completed(self) -> StubCount:
        return replace(self, rounds_since_count=self.rounds_since_count + 1)

    def record_count(self, *, counted: int, hands: int) -> StubCount:
        """The dealer counted ``counted`` cards in the stub after ``hands`` hands were dealt;
        with ``hands=0`` the whole deck before the deal, and a deck found whole replaces one
        removed from the table.

        >>> removed = StubCount(True).record_count(counted=30, hands=2)
        >>> removed.deck_removed, removed.record_count(counted=53, hands=0).can_deal
        (True, True)
        """
        expected = expected_stub(hands)
        if counted != expected:
            # a replacement deck is no stub; the first count of a table's deck keeps the words
            # its rounds were journaled with (their records replay to the same effects)
            found = (f"the deck has {counted} cards, not 52 plus the joker"
                     if hands == 0 and self.deck_removed
                     else f"the stub has {counted} cards, {expected} expected")
            return replace(self, deck_removed=True, last_problem=found)
        if hands == 0:
            return self.new_deck()
        return replace(self, rounds_since_count=0)

    def shuffler_report(self, cards: int) -> StubCount:
        """The shuffler counted ``cards`` after the shuffle ((n)(8)): 53 is a count (of a deck
        that then replaces one removed from the table), any other number takes the deck off the
        table."""
        if cards != DECK_SIZE:
            return replace(self, deck_removed=True,
                           last_problem=f"the shuffler counted {cards} cards, not 52 plus the "
                           "joker")
        return self.new_deck()

    def to_json(self) -> dict[str, object]:
        return {"required": self.required, "rounds_since_count": self.rounds_since_count,
                "deck_removed": self.deck_removed, "last_problem": self.last_problem}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StubCount:
        """The tracker from :meth:`to_json`.

        >>> StubCount.from_json(StubCount(True, 3).to_json())
        StubCount(required=True, rounds_since_count=3, deck_removed=False, last_problem='')
        """
        return cls(bool(data["required"]), int(data["rounds_since_count"]),
                   bool(data.get("deck_removed", False)), str(data.get("last_problem", "")))

    def new_deck(self) -> StubCount:
        """A checked deck replaced the removed one."""
        return replace(self, deck_removed=False, last_problem="", rounds_since_count=0)
