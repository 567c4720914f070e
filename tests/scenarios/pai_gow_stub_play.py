"""Whole three-then-four rounds with the stub count, as the station makes them (the tracker
carried by :meth:`PaiGowStationHooks.prepare`): shared by the stub-count scenarios and the
long-session properties."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import STATION_HOOKS, new_round

SETTINGS: dict[str, Any] = {
    "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
    "dealing": {"method": "three_then_four", "starting_position": "rng"},
    "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
}
DECK = [c.text for c in pai_gow_deck()]


def next_round(previous: PaiGowRound | None, number: int,
               table: Mapping[str, Any] | None = None) -> PaiGowRound:
    prepared = STATION_HOOKS.prepare(SETTINGS, previous, dealer_id="D1", round_id=number,
                                     table=table)
    round_ = new_round(prepared)
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    return round_


def to_the_deal(r: PaiGowRound) -> None:
    """Shuffle, one wager at position 2 with a three-card bonus, no bank, "no more bets", the
    random number generator's starting position."""
    while r.step.phase not in ("deal", "stub_count"):
        step = r.step
        if step.phase == "shuffle":
            r.shuffle()
        elif step.phase == "cut":
            r.cut(step.positions[0] if step.positions else None, False)
        elif "accept_bank" in step.actions:
            r.decline_bank(step.positions[0])
        elif step.phase == "betting" and 2 not in r.wagers:
            r.place_wager(2, 1000)
            r.place_bonus_wager(2, "three_card_bonus", 500)
        elif step.phase == "betting":
            r.no_more_bets()
        elif step.phase == "starting_position":
            r.determine_starting_position(1)
        else:
            raise AssertionError(f"unexpected step {step.phase}")


def count_before_the_deal(r: PaiGowRound) -> None:
    """The deal waits for the count: the dealer counts the whole deck (nothing dealt yet)."""
    assert r.step.phase == "stub_count"
    r.count_stub(53)
    assert r.step.phase == "deal"


def finish(r: PaiGowRound, *, count: bool = False) -> None:
    """Stacks of three, the three-card bonus, stacks of four, (the stub counted), house way,
    the dealer's hand, the settlement."""
    r.deal(DECK[:6])
    r.settle_three_card_bonus()
    r.deal_four_card_stacks(DECK[6:14])
    if count:
        r.count_stub(53 - 7 * 2)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(2)
    r.settle()
    assert r.is_complete
