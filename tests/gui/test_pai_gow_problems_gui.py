"""Pai Gow's PROBLEM… menu on the simulated table as shipped: a card exposed during the deal
halts the round for a supervisor (5324.41 has no misdeal clause), who lets it go on or voids it
at the dealer's screen, every wager returned; a supervisor called for anything else halts it the
same way (docs/rules-interpretation.md)."""

from __future__ import annotations

import pytest
from gui_harness import SUPERVISOR, Table
from test_pai_gow_shoe_as_shipped import wager

from dealer_station.cards import parse_card

pytestmark = pytest.mark.gui


def to_the_deal(table: Table) -> None:
    table.sign_in_dealer()
    table.wait_devices_online()
    table.press("start_round")
    table.press("shuffled")
    for position in (2, 4):
        wager(table, position)
    table.press("no_more_bets")
    table.press("rng")
    table.wait(lambda s: s.step.phase == "deal")


def test_a_card_exposed_during_the_deal_halts_and_a_supervisor_voids_the_round(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table)
        table.click(table.window.step_panel.button("dispense"))
        table.wait_button("dispense", "DISPENSE STACK 2 OF 7")
        names = [p.name for p in table.snapshot.step.problems]
        assert names == ["redeal", "exposed_card", "call_supervisor"]
        form = table.open_problem("exposed_card")
        table.click(form.inputs["target"].buttons["4"])
        card = parse_card("Kh")
        entry = form.inputs["card"]
        table.click(entry._rank_buttons[card.rank])
        table.click(entry._suit_buttons[card.suit])
        table.click(form.submit)
        snap = table.wait(lambda s: s.step.phase == "halted")
        assert "card exposed: Kh dealt to position 4" in snap.step.instruction
        assert snap.entry is not None and snap.entry.kind == "supervisor"
        table.supervisor_decides("reject", "D-7", "8642")  # the dealer may not void it
        assert table.phase == "halted" and table.snapshot.message
        table.supervisor_decides("reject")  # VOID ROUND
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        returned = [(line.position, line.verb) for line in snap.payments]
        assert returned == [("pos 4", "RETURN"), ("pos 2", "RETURN")]  # far right first
        assert not table.window.step_panel.button("wagers_returned").isEnabled()
        table.tick_all()
        table.press("wagers_returned")
        table.wait(lambda s: s.step.phase == "collect_cards")  # the stacks out, unseen
        table.press("cards_collected")
        table.wait(lambda s: s.step.phase == "between_rounds")
        assert table.window.step_panel.button("start_round").isEnabled()
    finally:
        table.close()

    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, str(tmp_path)) as station:
        summary = journal.rounds(station.store)[0]
    assert summary.status == "void"
    assert "card exposed" in (summary.void_reason or "")
    assert SUPERVISOR in (summary.void_reason or "")


def test_a_supervisor_called_lets_the_round_continue(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table)
        form = table.open_problem("call_supervisor")
        form.inputs["reason"].setText("player disputes the starting position")
        table.click(form.submit)
        table.wait(lambda s: s.step.phase == "halted")
        table.supervisor_decides("approve")  # CONTINUE ROUND
        table.wait(lambda s: s.step.phase == "deal")
        for number in range(1, 8):
            table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
        table.wait(lambda s: s.step.phase == "setting")
    finally:
        table.close()
