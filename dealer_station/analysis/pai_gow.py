"""Pai Gow Poker (5324.41): the exact return of every bonus wager and the progressive's fixed part,
from the census of all 154,143,080 seven-card hands, under the pay tables of
:mod:`dealer_station.games.pai_gow.wagers.paytables`.

Readings (docs/rules-interpretation.md, "Pay table analysis"):

* odds wagers win ``odds x wager`` and keep the wager; they lose the wager on any other hand;
* the envy bonus is a fixed payment per *other* hand at the table with a premium hand; its figure
  is the expected payment per other hand, ignoring the small effect of the player's own cards;
* the progressive's $1 wager is lost on every hand that does not pay and kept on a winning hand;
  the meter rows are reported as probabilities, with the share of the meter paid per wager and the
  meter at which the wager breaks even.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from math import comb

import numpy as np

from dealer_station.analysis.combinatorics import combinations_array
from dealer_station.analysis.pai_gow_census import PaiGowCensus, SevenCardFeatures
from dealer_station.analysis.pai_gow_wagers import (
    banker_hand_bonus_hands,
    fortune_hands,
    insurance_hands,
    player_hand_bonus_hands,
    progressive_hands,
    seven_card_bonus_hands,
    tally,
)
from dealer_station.analysis.report import PayLine, WagerReport, odds_report
from dealer_station.analysis.three_card_counts import PaiGowThree, classify_pai_gow_three
from dealer_station.cards import Card
from dealer_station.games.pai_gow.wagers.hands import three_card_bonus_hand
from dealer_station.games.pai_gow.wagers.paytables import (
    NO_LETTER,
    Fixed,
    MeterShare,
    Odds,
    PayTable,
    pay_table,
)

__all__ = [
    "banker_hand_bonus_report",
    "envy_report",
    "fortune_report",
    "insurance_report",
    "player_hand_bonus_report",
    "progressive_report",
    "seven_card_bonus_report",
    "three_card_bonus_counts",
    "three_card_bonus_report",
    "three_card_names",
]

SEVEN_CARD_HANDS = comb(53, 7)
THREE_CARD_HANDS = comb(53, 3)



def three_card_names() -> dict[PaiGowThree, str]:
    """Pay table names of the Pai Gow three-card bonus hands (5324.41(o)(1)), asked of the
    bonus wager's own hand reader for the first hand of each class."""
    hands = combinations_array(53, 3)
    codes = classify_pai_gow_three(hands)
    names: dict[PaiGowThree, str] = {}
    for code in PaiGowThree:
        if code is PaiGowThree.HIGH_CARD:
            continue
        first = hands[int(np.argmax(codes == code))].tolist()
        name = three_card_bonus_hand([Card.from_index(i) for i in first])
        if name is None:
            raise ValueError(f"the three-card bonus pays nothing on {code.name.lower()}")
        names[code] = name
    return names


def _worth(table: PayTable) -> Callable[[str], tuple[Fraction, int] | None]:
    """Order a table's rows by what they pay (a meter share above any fixed amount), equal pays
    by the row's place in the table (the higher hand), as the wager's settlement does."""

    def worth(hand: str) -> tuple[Fraction, int] | None:
        if not table.pays_on(hand):
            return None
        figure = table.figure(hand)
        place = table.hands.index(hand)
        if isinstance(figure, Odds):
            return Fraction(figure.won, figure.per), place
        if isinstance(figure, Fixed):
            return Fraction(figure.cents, 100), place
        return Fraction(10**12 + figure.basis_points), place

    return worth


def _odds(table: PayTable) -> dict[str, Fraction]:
    rows = {}
    for hand, figure in table.rows:
        if not isinstance(figure, Odds):
            raise TypeError(f"the {table.wager} table pays {hand} at {figure}, not at odds")
        rows[hand] = Fraction(figure.won, figure.per)
    return rows


def _in_table_order(counts: dict[str, int], table: PayTable) -> dict[str, int]:
    ordered = {hand: counts.get(hand, 0) for hand in reversed(table.hands)}
    ordered["losing_hands"] = counts.get("losing_hands", 0)
    return ordered


def _odds_wager(
    census: PaiGowCensus,
    table: PayTable,
    classify: Callable[[SevenCardFeatures], Iterable[str]],
    notes: tuple[str, ...] = (),
) -> WagerReport:
    counts = _in_table_order(tally(census, classify, _worth(table)), table)
    letter = None if table.letter == NO_LETTER else table.letter
    return odds_report(table.wager, letter, counts, _odds(table), census.total, notes)


def _table(wager: str, table: str | PayTable) -> PayTable:
    """A regulation table by letter, or a configured (possibly more generous) table as given."""
    return table if isinstance(table, PayTable) else pay_table(wager, table)


def fortune_report(
    census: PaiGowCensus, table: str | PayTable, royal_match: str
) -> WagerReport:
    """The fortune pai gow poker bonus wager, table ``letter`` of (m)(1) (or a configured one)."""
    table = _table("fortune_bonus", table)
    return _odds_wager(
        census,
        table,
        lambda f: fortune_hands(f, royal_match),
        (f"royal match: {royal_match.replace('_', ' and ')}, 5324.41(c)(6)(ii)",),
    )


def insurance_report(census: PaiGowCensus, table: str | PayTable) -> WagerReport:
    """The pai gow insurance wager, table ``letter`` of (m)(3) (or a configured one)."""
    return _odds_wager(census, _table("insurance", table), insurance_hands)


def seven_card_bonus_report(census: PaiGowCensus, table: str | PayTable) -> WagerReport:
    """The seven-card bonus wager, table ``letter`` of (o)(2) (or a configured one)."""
    return _odds_wager(census, _table("seven_card_bonus", table), seven_card_bonus_hands)


def player_hand_bonus_report(
    census: PaiGowCensus, table: str | PayTable = NO_LETTER
) -> WagerReport:
    """The imperial pai gow bonus wager's player hand bonus, (p)(4)."""
    return _odds_wager(
        census,
        _table("player_hand_bonus", table),
        player_hand_bonus_hands,
        ("the banker hand bonus, (p)(5), is reported separately",),
    )


def _fixed_lines(
    census: PaiGowCensus, table: PayTable, classify: Callable[[SevenCardFeatures], Iterable[str]]
) -> tuple[list[PayLine], dict[str, int]]:
    counts = _in_table_order(tally(census, classify, _worth(table)), table)
    lines = []
    for hand, count in counts.items():
        if hand == "losing_hands":
            continue
        figure = table.figure(hand)
        probability = count / census.total
        amount = figure.cents / 100 if isinstance(figure, Fixed) else 0.0
        pays = f"{figure} of the meter" if isinstance(figure, MeterShare) else str(figure)
        lines.append(PayLine(hand, count, probability, pays, probability * amount))
    return lines, counts


def banker_hand_bonus_report(
    census: PaiGowCensus, table: str | PayTable = NO_LETTER
) -> WagerReport:
    """The imperial banker hand bonus of (p)(5): what the bank's pai gow adds to each imperial
    wager (the bank's seven cards are another hand; card removal by the player's own hand is
    ignored). ``expected_return`` is the expected winnings per unit from it alone."""
    table = _table("banker_hand_bonus", table)
    counts = _in_table_order(tally(census, banker_hand_bonus_hands, _worth(table)), table)
    odds = _odds(table)
    lines = [
        PayLine(
            hand,
            count,
            count / census.total,
            f"{odds[hand].numerator}:{odds[hand].denominator}",
            float(Fraction(count, census.total) * odds[hand]),
        )
        for hand, count in counts.items()
        if hand != "losing_hands"
    ]
    rest = counts["losing_hands"]
    lines.append(PayLine("no_bonus", rest, rest / census.total, "nothing", 0.0))
    return WagerReport(
        "banker_hand_bonus",
        None,
        tuple(lines),
        census.total,
        sum(line.contribution for line in lines),
        notes=("not a wager of the player: paid on the imperial bonus wager besides the player "
               "hand bonus; the expected payout is per unit of that wager, per round",),
        paid_by=("the house, to each player with an imperial bonus wager, at these odds on that "
                 "wager, when the banker's hand (the dealer's, or the player bank's) is a nine, "
                 "ten or jack high pai gow, 5324.41(p)(5)"),
    )


def envy_report(census: PaiGowCensus, table: str | PayTable, royal_match: str) -> WagerReport:
    """The envy bonus of (m)(2), table ``letter`` (or a configured one): the expected payment, in
    dollars, that one other hand at the table brings to each envy bonus marker."""
    table = _table("envy_bonus", table)
    lines, counts = _fixed_lines(census, table, lambda f: fortune_hands(f, royal_match))
    expected = sum(line.contribution for line in lines)
    rest = counts["losing_hands"]
    lines.append(PayLine("no_bonus", rest, rest / census.total, "nothing", 0.0))
    return WagerReport(
        "envy_bonus",
        table.letter,
        tuple(lines),
        census.total,
        expected,
        notes=(
            "not a wager of the player: the expected payout is in dollars, per other hand at "
            "the table, to each envy bonus marker; the player's own cards are not removed from "
            "the other hand's deck",
        ),
        figures={"expected_dollars_per_other_hand": expected},
        paid_by=("the house, to each player with an envy bonus marker (a fortune bonus wager of "
                 "$5 or more), for every other hand at the table with a premium hand, "
                 "5324.41(l)(3), (m)(2)"),
    )


def progressive_report(census: PaiGowCensus, table: str | PayTable = NO_LETTER) -> WagerReport:
    """The $1 progressive payout wager of (k)(4): the fixed amounts exactly, the meter rows as
    probabilities (``figures``: the share of the meter paid per wager and the break-even meter)."""
    table = _table("progressive", table)
    lines, counts = _fixed_lines(census, table, progressive_hands)
    losing = counts["losing_hands"]
    lines.append(
        PayLine("losing_hands", losing, losing / census.total, "loses", -losing / census.total)
    )
    expected_fixed = sum(line.contribution for line in lines)
    meter_share = 0.0
    for hand, count in counts.items():
        figure = table.figure(hand) if hand != "losing_hands" else None
        if isinstance(figure, MeterShare):
            meter_share += count / census.total * figure.basis_points / 10_000
    figures: dict[str, float | int] = {"meter_share_per_wager": meter_share}
    if meter_share > 0 and expected_fixed < 0:
        figures["break_even_meter_dollars"] = -expected_fixed / meter_share
    return WagerReport(
        "progressive",
        None,
        tuple(lines),
        census.total,
        expected_fixed,
        notes=(
            "expected_return: the fixed amounts only, per $1 wager (a $5 wager pays five times "
            "them, (k)(4)(i)); add meter_share_per_wager x the meter for the whole return",
        ),
        figures=figures,
    )


def three_card_bonus_counts() -> dict[str, int]:
    """Hands of the Pai Gow three-card bonus over all 23,426 three-card hands of the 53 cards.

    >>> three_card_bonus_counts()["three_of_a_kind"]
    58
    """
    codes = classify_pai_gow_three(combinations_array(53, 3))
    raw = np.bincount(codes, minlength=len(PaiGowThree))
    names = three_card_names()
    counts = {names[code]: int(raw[code]) for code in reversed(PaiGowThree) if code in names}
    counts["losing_hands"] = int(raw[PaiGowThree.HIGH_CARD])
    return counts


def three_card_bonus_report(table: str | PayTable = NO_LETTER) -> WagerReport:
    """The Pai Gow three-card bonus wager of (o)(1) on the first three cards dealt."""
    table = _table("three_card_bonus", table)
    return odds_report(
        "three_card_bonus", None, three_card_bonus_counts(), _odds(table), THREE_CARD_HANDS
    )
