"""Judging hands and settling wagers: pure functions of the configuration, the wagers, the
decisions and the cards (no procedure state), shared by the round and by ``dealer-station settle``.

Order of settlement (5324.34(e)(6)-(8)): hands are examined from the dealer's far right
counter-clockwise; every losing wager is collected first, in that order; then every winning wager
is paid in that order, at each position its base wagers still on the layout (bet one, bet two, bet
three) and then its bonus wagers (let it ride bonus, three-card bonus). The payout limit of
5324.34(f)(2) caps the base wagers of one hand only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from dealer_station.cards import Card, format_cards
from dealer_station.games.let_it_ride.config import LetItRideConfig
from dealer_station.games.let_it_ride.paytables import BASE_HANDS
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import JSONValue
from dealer_station.rankings.five_card import evaluate_five, qualifies
from dealer_station.rankings.three_card import evaluate_three

__all__ = [
    "BASE_WAGERS",
    "HandResult",
    "Settlement",
    "SettlementLine",
    "Wagers",
    "judge_hand",
    "settle",
]

#: The three base wagers, in the regulation's words (5324.34(c)(4)).
BASE_WAGERS: tuple[str, ...] = ("bet_one", "bet_two", "bet_three")

_AREAS = ("bet_one", "bet_two", "bet_three", "bonus", "three_card_bonus")

# The rankings' category values, in case they use the regulation's other spellings.
_ALIASES = {"two_pairs": "two_pair", "one_pair": "pair", "mini_royal_flush": "mini_royal"}


def _category(value: str) -> str:
    return _ALIASES.get(value, value)


@dataclass(frozen=True, slots=True)
class Wagers:
    """The wagers at one betting position when "no more bets" was announced (cents)."""

    player: str
    bet_one: Cents
    bet_two: Cents
    bet_three: Cents
    bonus: Cents = 0
    three_card_bonus: Cents = 0

    def amount(self, wager: str) -> Cents:
        """The amount on one betting area (``bet_one`` ... ``three_card_bonus``).

        >>> Wagers("seat 1", 500, 500, 500, bonus=100).amount("bonus")
        100
        """
        if wager not in _AREAS:
            raise ValueError(f"no betting area {wager!r}")
        amount: Cents = getattr(self, wager)
        return amount

    @property
    def total(self) -> Cents:
        return self.bet_one + self.bet_two + self.bet_three + self.bonus + self.three_card_bonus

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "player": self.player,
            "bet_one": self.bet_one,
            "bet_two": self.bet_two,
            "bet_three": self.bet_three,
            "bonus": self.bonus,
            "three_card_bonus": self.three_card_bonus,
        }


@dataclass(frozen=True, slots=True)
class HandResult:
    """A position's hand as judged at the showdown: ``hand`` is the five-card category of the
    player's three cards and the two community cards (5324.34(e)(6)(i)), ``qualifies`` whether
    it is a pair of tens or better ((e)(7)), ``three_card`` the category of the player's own
    three cards for the three-card bonus ((c)(7)(i))."""

    position: int
    cards: tuple[Card, ...]
    hand: str
    qualifies: bool
    three_card: str

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "cards": format_cards(self.cards),
            "hand": self.hand,
            "qualifies": self.qualifies,
            "three_card": self.three_card,
        }


def judge_hand(position: int, cards: Sequence[Card], community: Sequence[Card]) -> HandResult:
    """Judge a position's three cards with the two community cards."""
    five = (*cards, *community)
    return HandResult(
        position=position,
        cards=tuple(cards),
        hand=_category(evaluate_five(five).category.value),
        qualifies=qualifies(five),
        three_card=_category(evaluate_three(tuple(cards)).category.value),
    )


@dataclass(frozen=True, slots=True)
class SettlementLine:
    """One wager's settlement before it is numbered into a :class:`~dealer_station.procedure.
    Payment`: ``outcome`` is ``collect`` or ``pay``; ``amount`` the winnings (stake returned)."""

    position: int
    wager: str
    outcome: str
    stake: Cents
    amount: Cents
    hand: str
    clause: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The showdown's settlement: collections first, then payments, each in dealing order."""

    collections: tuple[SettlementLine, ...]
    payments: tuple[SettlementLine, ...]

    def winning_positions(self) -> tuple[int, ...]:
        """Positions with at least one winning wager, in paying order (their cards stay face up
        until every winning wager is paid, 5324.34(e)(8))."""
        seen: list[int] = []
        for line in self.payments:
            if line.position not in seen:
                seen.append(line.position)
        return tuple(seen)


def _base_lines(
    config: LetItRideConfig, result: HandResult, wagers: Wagers, on_layout: Iterable[str]
) -> list[SettlementLine]:
    lines: list[SettlementLine] = []
    wins = result.qualifies and result.hand in BASE_HANDS
    odds = config.base_pay_table[result.hand] if wins else None
    limit = config.payout_limit  # None: the facility established no payout limit
    paid = 0
    for wager in on_layout:
        stake = wagers.amount(wager)
        if odds is None:
            lines.append(SettlementLine(result.position, wager, "collect", stake, 0, result.hand,
                                        "5324.34(e)(7)", "lower than a pair of tens"))
            continue
        full = odds.pay(stake)
        amount = full if limit is None else min(full, limit - paid)
        paid += amount
        note = (f"payout limit {format_cents(limit)} reached; "
                f"{format_cents(full - amount)} not paid"
                if limit is not None and amount < full else "")
        lines.append(SettlementLine(result.position, wager, "pay", stake, amount, result.hand,
                                    "5324.34(f)(2)" if note else "5324.34(f)(1)", note))
    return lines


def _bonus_line(config: LetItRideConfig, result: HandResult, wagers: Wagers) -> SettlementLine:
    fixed = config.bonus_pay_table.get(result.hand)
    if fixed is None:
        return SettlementLine(result.position, "bonus", "collect", wagers.bonus, 0, result.hand,
                              "5324.34(c)(6)(i)", "lower than three of a kind")
    amount = fixed if config.bonus_returns_wager else fixed - wagers.bonus
    return SettlementLine(result.position, "bonus", "pay", wagers.bonus, amount, result.hand,
                          "5324.34(f)(3)")


def _three_card_line(
    config: LetItRideConfig, result: HandResult, wagers: Wagers
) -> SettlementLine:
    odds = config.three_card_pay_table.get(result.three_card)
    stake = wagers.three_card_bonus
    if odds is None:
        return SettlementLine(result.position, "three_card_bonus", "collect", stake, 0,
                              result.three_card, "5324.34(c)(7)(i)", "lower than a pair")
    return SettlementLine(result.position, "three_card_bonus", "pay", stake, odds.pay(stake),
                          result.three_card, "5324.34(f)(4)")


def settle_hand(
    config: LetItRideConfig, result: HandResult, wagers: Wagers, on_layout: Iterable[str]
) -> list[SettlementLine]:
    """Every wager of one hand settled, base wagers still on the layout first, then the let it
    ride bonus wager, then the three-card bonus wager (each has no bearing on the others,
    5324.34(c)(6)(iv), (c)(7)(iv))."""
    lines = _base_lines(config, result, wagers, on_layout)
    if wagers.bonus:
        lines.append(_bonus_line(config, result, wagers))
    if wagers.three_card_bonus:
        lines.append(_three_card_line(config, result, wagers))
    return lines


def settle(
    config: LetItRideConfig,
    results: Sequence[HandResult],
    wagers: Mapping[int, Wagers],
    on_layout: Mapping[int, Sequence[str]],
) -> Settlement:
    """Settle every hand: ``results`` in showdown order (from the dealer's far right,
    counter-clockwise), ``on_layout`` the base wagers each position let ride (bet three always).
    """
    collections: list[SettlementLine] = []
    payments: list[SettlementLine] = []
    for result in results:
        for line in settle_hand(config, result, wagers[result.position],
                                on_layout[result.position]):
            (payments if line.outcome == "pay" else collections).append(line)
    return Settlement(tuple(collections), tuple(payments))
