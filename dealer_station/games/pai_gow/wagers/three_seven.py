"""The three-card and seven-card bonus wagers (5324.41(n), (o)): dealing three then four, the
three-card bonus settled between them, the seven-card bonus with the pai gow wager.

Dealing ((n)(2)-(n)(7)): the automated shoe dispenses stacks of three; the first goes to the
player farthest to the dealer's left with a pai gow poker wager, then clockwise to each other player
with a wager, then to the dealer ((n)(4)-(n)(5); :func:`delivery_order`). The three-card bonuses are
settled ((n)(6); :func:`three_card_lines`: all losing wagers collected, then all winners paid).
Then four more cards go to each in the same order: dealt by hand from the stub ((n)(7)(i)) or as
stacks of four from the shoe ((n)(7)(ii)) (:class:`ThreeThenFour`).

The seven-card bonus is announced at the exposure of the hands, collected there when it loses
((g)(4), (g)(5)) and paid after the player's pai gow poker wager, the dealer resetting the hands to
the best paying hand ((g)(8); :func:`seven_card_lines`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from dealer_station.cards import Card, format_cards
from dealer_station.money import Cents
from dealer_station.procedure import Payment, ProcedureError

from .config import BonusConfig, Completion
from .families import BonusWager
from .hands import seven_card_bonus_hand, three_card_bonus_hand
from .seats import Seat, draft

__all__ = [
    "DEALER_STACK",
    "DealPhase",
    "ThreeThenFour",
    "delivery_order",
    "seven_card_lines",
    "three_card_lines",
]

#: The dealer's place in a delivery order.
DEALER_STACK = "dealer"


def delivery_order(wagered: Iterable[int]) -> tuple[int | str, ...]:
    """Players with a pai gow poker wager from the one farthest to the dealer's left, clockwise,
    then the dealer ((n)(4), (n)(5), (n)(7)).

    >>> delivery_order([5, 2, 6])
    (2, 5, 6, 'dealer')
    """
    return (*sorted(set(wagered)), DEALER_STACK)


def three_card_lines(
    hands: Mapping[int, Sequence[Card]], wagers: Mapping[int, Cents], config: BonusConfig
) -> list[Payment]:
    """Settle the three-card bonus wagers on the first three cards ((n)(6)): every losing wager
    collected, then every winning wager paid, each pass from the dealer's right. Not limited by
    the (o)(3) payout limit, which names the seven-card bonus only."""
    table = config.table("three_card_bonus")
    collects: list[Payment] = []
    pays: list[Payment] = []
    for position in sorted(wagers, reverse=True):
        stake = wagers[position]
        if not stake:
            continue
        cards = tuple(hands[position])
        if len(cards) != 3:
            raise ProcedureError(f"position {position} has {len(cards)} cards, not three",
                                 "5324.41(n)(6)")
        hand = three_card_bonus_hand(cards)
        if hand is not None and table.pays_on(hand):
            pays.append(draft(position, BonusWager.THREE_CARD_BONUS.value, "pay", stake,
                              table.odds(hand).pays(stake), hand=hand, clause="5324.41(n)(6)",
                              note=format_cards(cards)))
        else:
            collects.append(draft(position, BonusWager.THREE_CARD_BONUS.value, "collect", stake,
                                  hand=hand, clause="5324.41(n)(6)", note=format_cards(cards)))
    return collects + pays


def seven_card_lines(seat: Seat, config: BonusConfig) -> tuple[list[Payment], list[Payment]]:
    """``(collected at exposure, paid after the pai gow wager)`` for ``seat``'s seven-card bonus."""
    stake = seat.wager(BonusWager.SEVEN_CARD_BONUS)
    if not stake:
        return [], []
    table = config.table("seven_card_bonus")
    hand = seven_card_bonus_hand(seat.cards, config)
    if hand is not None and table.pays_on(hand):
        return [], [draft(seat, BonusWager.SEVEN_CARD_BONUS.value, "pay", stake,
                          table.odds(hand).pays(stake), hand=hand, clause="5324.41(g)(8)")]
    return [draft(seat, BonusWager.SEVEN_CARD_BONUS.value, "collect", stake, hand=hand,
                  clause="5324.41(g)(5)")], []


class DealPhase(StrEnum):
    THREE = "deal_three"  # stacks of three from the shoe
    SETTLE_THREE_CARD = "settle_three_card_bonus"
    FOUR = "deal_four"  # four more, from the stub by hand or stacks of four from the shoe
    DONE = "done"


@dataclass(frozen=True)
class ThreeThenFour:
    """The three-then-four deal of one round as an immutable state: each action returns the next.

    >>> from dealer_station.cards import parse_cards
    >>> deal = ThreeThenFour.start([4, 1], Completion.SHOE_STACKS_OF_FOUR)
    >>> deal.expected
    (1, 4, 'dealer')
    >>> deal = deal.deliver_three(1, parse_cards("As Ad 9c"))
    >>> deal.deliver_four(4, parse_cards("2c 3c 4c 5c"))
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: the stacks of three come first: ...
    ... position 4 [5324.41(n)(5)]
    """

    order: tuple[int | str, ...]
    completion: Completion
    phase: DealPhase = DealPhase.THREE
    delivered: int = 0
    cards: Mapping[int | str, tuple[Card, ...]] = field(default_factory=dict)

    @classmethod
    def start(cls, wagered: Iterable[int], completion: Completion) -> ThreeThenFour:
        return cls(delivery_order(wagered), completion)

    @property
    def expected(self) -> tuple[int | str, ...]:
        """Who receives the remaining stacks of this phase, in order."""
        return self.order[self.delivered:]

    def _next(self) -> int | str:
        return self.order[self.delivered]

    def verify_deliver_three(self, position: int | str, cards: Sequence[Card]) -> None:
        if self.phase is not DealPhase.THREE:
            raise ProcedureError("the stacks of three are already delivered", "5324.41(n)(5)")
        if position != self._next():
            raise ProcedureError(f"the next stack of three goes to {_name(self._next())}, not "
                                 f"{_name(position)}", "5324.41(n)(5)")
        if len(cards) != 3:
            raise ProcedureError("the shoe dispenses stacks of three cards", "5324.41(n)(2)")

    def deliver_three(self, position: int | str, cards: Sequence[Card]) -> ThreeThenFour:
        self.verify_deliver_three(position, cards)
        done = self.delivered + 1
        phase = DealPhase.SETTLE_THREE_CARD if done == len(self.order) else DealPhase.THREE
        return replace(self, phase=phase, delivered=0 if phase is not DealPhase.THREE else done,
                       cards={**self.cards, position: tuple(cards)})

    def verify_three_card_settled(self) -> None:
        if self.phase is not DealPhase.SETTLE_THREE_CARD:
            raise ProcedureError("the three-card bonuses are settled after every stack of three "
                                 "is delivered", "5324.41(n)(7)")

    def three_card_settled(self) -> ThreeThenFour:
        self.verify_three_card_settled()
        return replace(self, phase=DealPhase.FOUR, delivered=0)

    def verify_deliver_four(self, position: int | str, cards: Sequence[Card]) -> None:
        if self.phase is DealPhase.THREE:
            raise ProcedureError(f"the stacks of three come first: the next goes to "
                                 f"{_name(self._next())}", "5324.41(n)(5)")
        if self.phase is not DealPhase.FOUR:
            raise ProcedureError("settle the three-card bonus wagers before the four more cards",
                                 "5324.41(n)(7)")
        if position != self._next():
            raise ProcedureError(f"the next four cards go to {_name(self._next())}, not "
                                 f"{_name(position)}", "5324.41(n)(7)")
        if len(cards) != 4:
            raise ProcedureError("four additional cards complete each hand", "5324.41(n)(7)")

    def deliver_four(self, position: int | str, cards: Sequence[Card]) -> ThreeThenFour:
        self.verify_deliver_four(position, cards)
        done = self.delivered + 1
        phase = DealPhase.DONE if done == len(self.order) else DealPhase.FOUR
        return replace(self, phase=phase, delivered=done,
                       cards={**self.cards, position: (*self.cards[position], *cards)})

    @property
    def instruction(self) -> str:
        """What the dealer does next, in plain words."""
        if self.phase is DealPhase.THREE:
            return f"Deliver the stack of three from the shoe to {_name(self._next())}"
        if self.phase is DealPhase.SETTLE_THREE_CARD:
            return "Collect the losing three-card bonus wagers, then pay the winners"
        if self.phase is DealPhase.FOUR:
            how = ("deal four cards from the stub by hand"
                   if self.completion is Completion.STUB_BY_HAND
                   else "deliver the stack of four from the shoe")
            return f"{how[0].upper()}{how[1:]} to {_name(self._next())}"
        return "Every hand has seven cards"


def _name(position: int | str) -> str:
    return "the dealer" if position == DEALER_STACK else f"position {position}"
