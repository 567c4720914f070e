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
        # before any stack is out no card can be exposed: the menu does not offer it
        assert "exposed_card" not in [p.name for p in table.snapshot.step.problems]
        number = 1

        def out() -> list[str]:  # the wagering positions whose stacks are out
            return [k for k in ("4", "2") if table.snapshot.table.seat(int(k)).cards]

        # until one has its stack (from the RNG's start: at most the sixth of seven)
        while not out():
            table.click(table.window.step_panel.button("dispense"))
            number += 1
            table.wait_button("dispense", f"DISPENSE STACK {number} OF 7")
        names = [p.name for p in table.snapshot.step.problems]
        assert names == ["redeal", "exposed_card", "call_supervisor"]
        form = table.open_problem("exposed_card")
        where = out()[0]
        table.click(form.inputs["target"].buttons[where])
        card = parse_card("Kh")
        entry = form.inputs["card"]
        table.click(entry._rank_buttons[card.rank])
        table.click(entry._suit_buttons[card.suit])
        table.click(form.submit)
        snap = table.wait(lambda s: s.step.phase == "halted")
        assert f"card exposed: Kh dealt to position {where}" in snap.step.instruction
        assert snap.step.clause == "5324.41(f)"  # the dealing procedures, not the bank's (q)
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


def test_a_card_exposed_only_where_a_wager_has_its_stack_5324_41_f(qtbot, tmp_path):
    """5324.41(f): the stacks are dealt face down. CARD EXPOSED… lists only the positions with a
    wager whose stack is out (and the dealer's, once out): a card "dealt to position 3" with no
    wager there, or to a wagering position before its stack, is refused with one line and the
    round goes on (it halted, citing (q))."""
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table)
        number = 1

        def out() -> list[str]:
            return [seat.key for seat in table.snapshot.table.seats if seat.cards]

        # until a wagering position has its stack (the RNG's start: at most the sixth of seven)
        while not {"2", "4"} & set(out()):
            table.click(table.window.step_panel.button("dispense"))
            number += 1
            table.wait_button("dispense", f"DISPENSE STACK {number} OF 7")
        dealt = out()
        form = table.open_problem("exposed_card")
        offered = sorted(form.inputs["target"].buttons)
        assert offered == sorted(k for k in dealt if k in ("2", "4", "dealer")), (offered, dealt)
        assert "3" not in offered  # no wager at 3, its stack out or not
        waiting = {"2", "4"} - set(dealt)  # a wagering position whose stack is not out yet
        assert not waiting & set(offered)

        def report(controller):  # what a stale form (or a script) would send for position 3
            controller.submit_form({"target": "3", "card": "Kh"})

        table.window.call(report)
        snap = table.wait(lambda s: "position 3 has no wager" in s.message.lower())
        assert snap.step.phase == "deal" and "5324.41(f)" in snap.message
        if waiting:  # a wagering position whose stack is not out yet

            def early(controller):
                controller.submit_form({"target": sorted(waiting)[0], "card": "Kh"})

            table.window.call(early)
            snap = table.wait(lambda s: "no stack yet" in s.message)
            assert snap.step.phase == "deal"
    finally:
        table.close()
