"""A Pai Gow round halted for a supervisor (5324.41 has no misdeal clause; the reading is in
docs/rules-interpretation.md): nothing else happens until a supervisor continues it or voids it;
a void returns every wager still in play, far right first; once the lines are being collected
and paid the round can no longer be voided ((g)(7))."""

from __future__ import annotations

import pytest
from test_pai_gow_core_redeal import TABLE, at_the_deal

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow import config_from_mapping as pai_gow_config
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError, replay


def test_a_halt_blocks_the_round_until_a_supervisor_continues_it_5324_41_f() -> None:
    r = at_the_deal()
    record = r.call_supervisor("card exposed: As dealt to position 3")
    assert record.clause == "5324.41(f)"  # the dealing procedures; (q) is the bank's
    assert r.step.phase == "halted" and r.step.actions == ("resolve_halt",)
    assert r.step.clause == "5324.41(f)"
    with pytest.raises(ProcedureError):
        r.deal([c.text for c in pai_gow_deck()])
    with pytest.raises(ProcedureError):
        r.call_supervisor("again")
    assert r.resolve_halt("S2", "continue").clause == "5324.41(f)"
    assert r.step.phase == "deal" and not r.is_void
    r.deal([c.text for c in pai_gow_deck()])


def test_a_card_exposed_where_no_wager_is_refused_5324_41_f() -> None:
    """5324.41(f): a card "dealt to" a position with no wager is no card of the round (its
    stack, if any, is collected unseen): the report is refused and the round goes on."""
    r = at_the_deal()
    with pytest.raises(ProcedureError) as refused:
        r.call_supervisor("card exposed: As dealt to position 4")
    assert refused.value.clause == "5324.41(f)" and "position 4 has no wager" in str(
        refused.value)
    assert r.step.phase == "deal"
    r.call_supervisor("card exposed: As dealt to the dealer")
    assert r.step.phase == "halted"


def test_any_other_halt_cites_the_step_it_stopped_not_5324_41_q() -> None:
    r = at_the_deal()
    clause = r.step.clause
    record = r.call_supervisor("the shoe cannot be recovered")
    assert record.clause == clause and clause != "5324.41(q)"


def test_a_void_returns_every_wager_far_right_first_and_replays_5324_41_g_7() -> None:
    r = at_the_deal()
    r.call_supervisor("the shoe cannot be recovered")
    record = r.resolve_halt("S2", "void_round")
    assert record.effects["returned"] == 3500
    assert r.is_void and r.step.phase == "return_wagers" and not r.is_complete
    assert [(p.position, p.outcome, p.stake) for p in r.payments] == [
        (5, "return", 1000), (3, "return", 2500)]
    assert r.void_returns == r.payments
    r.return_wagers()
    assert r.step.phase == "collect_cards"  # at the deal: stacks may lie on the layout
    r.collect_cards()
    assert r.is_complete
    again = replay(PaiGowRound(pai_gow_config(TABLE)), r.history)
    assert again.is_void and again.is_complete and again.payments == r.payments


def test_a_supervisor_voids_the_round_return_lines_then_the_cards_5324_41_g_6() -> None:
    """The supervisor's void from the supervisor's screen (no halt first): each wager is
    returned as a push is, far right first, then the cards are collected ((g)(6), (g)(7));
    nothing else is possible in between, and the round ends void."""
    r = at_the_deal()
    assert not r.can_void("S2", "") and not r.can_void("", "flash")
    record = r.void("S2", "cards flashed by the shoe")
    assert (record.action, record.clause, record.effects["lines"]) == ("void", "5324.41(g)(6)",
                                                                       [1, 2])
    assert [(p.position, p.wager, p.stake) for p in r.void_returns] == [
        (5, "pai_gow", 1000), (3, "pai_gow", 2500)]
    assert r.step.actions == ("return_wagers",) and r.step.positions == (5, 3)
    assert r.step.next_instruction == "Collect the cards unseen"  # at the deal
    assert not r.can_collect_cards() and not r.can_void("S2", "again")
    assert not r.can_call_supervisor("again")  # no second void, no halt over a void
    with pytest.raises(ProcedureError):
        r.deal([c.text for c in pai_gow_deck()])
    r.return_wagers()
    r.collect_cards()
    assert r.is_complete and r.is_void


def test_no_void_once_the_settlement_is_being_paid_5324_41_g_7() -> None:
    r = at_the_deal()
    r.deal([c.text for c in pai_gow_deck()])
    r.players_have_set()
    while r.step.phase == "banker":
        r.set_dealer_hand()
    while r.step.phase == "exposure":
        r.set_hand_house_way(r.step.positions[0])
    assert r.step.phase == "settlement"
    r.call_supervisor("dispute")
    with pytest.raises(ProcedureError) as late:
        r.resolve_halt("S2", "void_round")
    assert late.value.clause == "5324.41(g)(7)"
    with pytest.raises(ProcedureError) as late:
        r.void("S2", "dispute")
    assert late.value.clause == "5324.41(g)(7)"
    r.resolve_halt("S2", "continue")
    assert r.step.phase == "settlement"


def test_a_void_before_the_deal_says_the_round_ends_after_the_returns_5324_41_g_6() -> None:
    """Voided before any card is dealt: the RETURN step says the round ends next (it said
    "Collect the cards unseen", then ended without that step), and it does."""
    r = PaiGowRound(pai_gow_config(TABLE))
    r.shuffle()
    r.place_wager(position=3, amount=2500)
    r.void("S2", "wrong table limits posted")
    assert r.step.phase == "return_wagers"
    assert r.step.next_instruction == "The round ends void (no card was dealt)"
    r.return_wagers()
    assert r.is_complete and r.is_void
