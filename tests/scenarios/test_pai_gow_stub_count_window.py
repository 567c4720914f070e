"""The stub count "at least once every five rounds of play" (5324.41(n)(7)(ii)) over whole
rounds as the station makes them: a count in any round of the window, made at either moment (the
stub after the four more cards, or the whole deck before a deal that waited for it), a voided
round, a restart (the round before rebuilt from its document, as the station rebuilds it from the
journal). Never more than five rounds of play between two counts; the dealer reminded in the fifth
round; the deal of the sixth refused."""

from __future__ import annotations

import json

import pytest

from dealer_station.games.pai_gow.document import round_from_document
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError
from tests.scenarios.pai_gow_stub_play import (
    DECK,
    count_before_the_deal,
    finish,
    next_round,
    to_the_deal,
)

AFTER = "after the four more cards"
BEFORE = "before the deal"


def _play(plan: dict[int, str], rounds: int, *, voided: frozenset[int] = frozenset(),
          restarts: frozenset[int] = frozenset()) -> list[tuple[int, int, bool, bool]]:
    """Play ``rounds`` rounds; ``plan`` says in which round the dealer counts and when (an
    overdue deal is always released by a count of the whole deck). Returns, per round: the
    rounds of play since the last count at its start, whether the step reminded the dealer,
    and whether the deal waited for a count, with the rounds of play between counts checked
    against the clause as it goes."""
    previous: PaiGowRound | None = None
    since = 0  # the clause's own count: rounds of play since the last count
    seen = []
    for number in range(1, rounds + 1):
        r = next_round(previous, number)
        assert r.optional is not None
        start = r.optional.stub.rounds_since_count
        assert start == since
        to_the_deal(r)
        reminded = r.optional.stub.due
        waited = r.step.phase == "stub_count"
        # the sixth round of play without a count waits; never earlier, never later
        assert waited == (since >= 5)
        # the reminder is in the fifth round (and the overdue sixth)
        assert reminded == (since >= 4)
        if waited:
            with pytest.raises(ProcedureError) as refused:
                r.deal(DECK[:6])
            assert refused.value.clause == "5324.41(n)(7)(ii)"
            count_before_the_deal(r)
            since = 0
        elif plan.get(number) == BEFORE:
            assert not r.can_count_stub(53)  # not overdue: counted after the four more cards
        if number in voided:
            r.void("S1", "a card exposed")
            since += 1  # a voided round counts toward the five (the count comes earlier)
        else:
            counted = plan.get(number) == AFTER
            finish(r, count=counted)
            since = 0 if counted else since + 1
        assert since <= 5
        seen.append((number, start, reminded, waited))
        if number in restarts:
            r = round_from_document(json.loads(json.dumps(r.to_document())))
        previous = r
    return seen


def test_left_alone_the_deal_waits_every_fifth_round_after_the_count_5324_41_n_7_ii() -> None:
    """No count but the ones the station asks for: the refusals come at rounds 6, 11, 16, ...
    (the round whose deal waited for the count is the first of the next five), not 6, 12, 18."""
    seen = _play({}, 31)
    assert [n for n, _, _, waited in seen if waited] == [6, 11, 16, 21, 26, 31]
    assert [n for n, _, reminded, waited in seen if reminded and not waited] == [
        5, 10, 15, 20, 25, 30]


@pytest.mark.parametrize("moment", [AFTER])
@pytest.mark.parametrize("position", [1, 2, 3, 4, 5])
def test_a_count_in_any_round_of_the_window_starts_the_next_five_5324_41_n_7_ii(
        position: int, moment: str) -> None:
    """A count after the four more cards in round 1-5 of the window: the next five rounds of
    play are those after it, the sixth waits."""
    seen = _play({position: moment}, position + 7)
    waited = [n for n, _, _, w in seen if w]
    assert waited == [position + 6]


@pytest.mark.parametrize("position", [1, 2, 3, 4, 5, 6])
def test_a_window_count_after_an_overdue_one_5324_41_n_7_ii(position: int) -> None:
    """Round 6 waits and is counted before its deal; a later count after the four more cards in
    round 6 + k - 1 (the k-th of the new five) moves the next refusal to five rounds after it."""
    count_round = 5 + position
    seen = _play({count_round: AFTER} if position <= 5 else {}, count_round + 7)
    waited = [n for n, _, _, w in seen if w]
    if position <= 5:
        assert waited == [6, count_round + 6]
    else:  # no count in rounds 6-10: round 11 waits
        assert waited[:2] == [6, 11]


@pytest.mark.parametrize("void_at", [1, 3, 5, 6, 8])
def test_voided_rounds_count_toward_the_five_5324_41_n_7_ii(void_at: int) -> None:
    seen = _play({}, 12, voided=frozenset({void_at}))
    assert [n for n, _, _, w in seen if w] == [6, 11]


@pytest.mark.parametrize("restart_after", [4, 5, 6, 7, 10])
def test_a_restart_carries_the_rounds_since_the_count_5324_41_n_7_ii(restart_after: int) -> None:
    plain = _play({}, 16)
    restarted = _play({}, 16, restarts=frozenset({restart_after}))
    assert restarted == plain
