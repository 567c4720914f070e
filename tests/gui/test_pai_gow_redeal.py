"""A Pai Gow deal that went wrong before the round recorded it has a way out through the dealer's
screen, on the simulated table as shipped: the station closed mid-deal and started again (the
stacks out were never recorded: REDEAL collects them, the shoe reshuffles, the deal starts over),
and a shoe jam injected by the technician between rounds (REDEAL resets the shoe's fault and
reshuffles). The redeal is in the round's journal with its reason (docs/rules-interpretation.md,
5324.41(f))."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import TECHNICIAN, TECHNICIAN_PIN, Table, create_accounts
from test_pai_gow_shoe_as_shipped import to_the_deal

pytestmark = pytest.mark.gui

def records(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return list(journal.round_records(station.store, summary.id))


def simulated_table(qtbot: Any, table: Table) -> tuple[Any, Any]:
    """SIMULATED TABLE opened from the top bar: (its access, its panel, once it shows state)."""
    access = table.window.simulated_table
    qtbot.waitUntil(lambda: access.available, timeout=10_000)
    table.click(access.button)
    panel = access.panel
    qtbot.waitUntil(lambda: panel.state is not None, timeout=10_000)
    return access, panel


def dispense_all(table: Table) -> None:
    for number in range(1, 8):
        button = table.wait_button("dispense", f"DISPENSE STACK {number} OF 7")
        table.click(button)
    table.wait(lambda s: s.step.phase == "setting")


def test_a_deal_interrupted_by_a_restart_is_redealt_after_a_reshuffle(qtbot, tmp_path):
    data = str(tmp_path)
    table = Table(qtbot, data, "pai_gow")
    try:
        to_the_deal(table, (2,))
        table.click(table.window.step_panel.button("dispense"))
        table.wait_button("dispense", "DISPENSE STACK 2 OF 7")
    finally:
        table.close()
    table = Table(qtbot, data, "pai_gow")
    try:
        table.sign_in_supervisor()
        snap = table.wait(lambda s: s.step.phase == "deal")
        assert "The deal was interrupted" in " ".join(snap.step.notes)
        names = [a.name for a in snap.step.actions]
        assert names == ["redeal"]  # nothing is dispensed before the stacks out are collected
        table.click(table.window.step_panel.button("redeal"))
        dispense_all(table)
        assert not table.snapshot.message
    finally:
        table.close()
    redeals = [r for r in records(data) if r.action == "redeal"]
    assert [r.arguments["reason"] for r in redeals] == ["the station restarted during the deal"]
    assert [r.action for r in records(data)][-2:] == ["redeal", "deal"]


def test_a_shoe_jam_mid_deal_is_cleared_and_redealt(qtbot, tmp_path, monkeypatch):
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (TECHNICIAN, "technician", TECHNICIAN_PIN))
    table = Table(qtbot, data, "pai_gow")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.inject_fault("jam")
        to_the_deal(table, (3,))
        table.click(table.window.step_panel.button("dispense"))
        snap = table.wait(lambda s: s.step.blocked is not None and "jam" in s.step.blocked)
        assert "once the shoe is cleared by hand: REDEAL" in snap.step.blocked
        # the deal waits for the shoe: the one way on is the redeal, not stopped by the fault
        assert [a.name for a in snap.step.actions] == ["redeal"]
        redeal = table.window.step_panel.button("redeal")
        assert redeal.isEnabled()
        table.click(redeal)
        table.wait(lambda s: s.step.blocked is None)
        dispense_all(table)
        assert not table.snapshot.message
    finally:
        table.close()
    redeal = next(r for r in records(data) if r.action == "redeal")
    assert redeal.arguments["reason"] == "shoe fault (jam) during the deal"


def test_an_open_shoe_door_makes_the_deal_wait_not_redeal(qtbot, tmp_path):
    """The door opened from the simulated-table panel: the deal waits (no REDEAL: nothing to
    reset); closed again, the deal goes on from the stack it stood at."""
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table, (2,))
        table.click(table.wait_button("dispense", "DISPENSE STACK 1 OF 7"))
        table.wait_button("dispense", "DISPENSE STACK 2 OF 7")
        access, panel = simulated_table(qtbot, table)
        table.click(panel.door_button)  # OPEN DOOR
        snap = table.wait(lambda s: s.step.blocked is not None and "door open" in s.step.blocked)
        assert [a.name for a in snap.step.actions] == ["dispense"]
        assert not table.window.step_panel.button("dispense").isEnabled()
        qtbot.waitUntil(lambda: panel.door_button.text() == "CLOSE DOOR", timeout=10_000)
        table.click(panel.door_button)
        table.wait(lambda s: s.step.blocked is None)
        access.close_panel()
        for number in range(2, 8):
            table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
        table.wait(lambda s: s.step.phase == "setting")
    finally:
        table.close()


def test_a_jam_after_three_stacks_records_the_stacks_dealt_and_the_round_detail_shows_them(
        qtbot, tmp_path, monkeypatch):
    """The shoe jams at the fourth stack (SIMULATED TABLE → JAM NEXT DISPENSE): the redeal's
    record says which hands the three stacks out went to and the cards the shoe read of each
    (the audit trail and the dispute's replay: what was dealt before the interruption), and the
    supervisor's round detail shows them under INTERRUPTED DEAL once the round has ended; while
    it is open the detail shows no card at all (the page showed the live round's every hand and
    deck order, the dealer's hand before it was turned over)."""
    from dealer_station.games.pai_gow.positions import position_name

    data = str(tmp_path)
    second, second_pin = "S-200", "135713"
    create_accounts(data, monkeypatch, (second, "supervisor", second_pin))
    table = Table(qtbot, data, "pai_gow")
    try:
        to_the_deal(table, (2,))
        order = [int(p) for p in table.snapshot.step.positions]
        for number in range(1, 4):
            table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
        table.wait_button("dispense", "DISPENSE STACK 4 OF 7")
        access, panel = simulated_table(qtbot, table)
        table.click(panel.jam_button)
        qtbot.waitUntil(lambda: "jam at the next dispense" in panel.message.text(),
                        timeout=10_000)
        access.close_panel()
        table.click(table.wait_button("dispense", "DISPENSE STACK 4 OF 7"))
        table.wait(lambda s: s.step.blocked is not None and "jam" in s.step.blocked)
        table.click(table.window.step_panel.button("redeal"))
        snap = table.wait(lambda s: s.step.blocked is None and bool(s.step.notes))
        # the dealer is told what to do by hand before the first stack of the new deal
        said = " ".join(snap.step.notes)
        assert "gather the 3 stacks dealt, face down and unseen" in said, said
        assert "reshuffles it" in said and "Then DISPENSE STACK 1 OF 7" in said, said
        dispense_all(table)

        found: list[Any] = []
        table.window.call(lambda controller: found.extend(controller.station.round.history))
        qtbot.waitUntil(lambda: bool(found), timeout=10_000)
        redeal = next(r for r in found if r.action == "redeal")
        out = redeal.effects["stacks_out"]
        assert redeal.arguments["stacks"] == 3
        assert [each["hand"] for each in out] == [position_name(p) for p in order[:3]]
        assert all(len(each["cards"]) == 7 for each in out)
        assert len({card for each in out for card in each["cards"]}) == 21
        assert redeal.arguments["dealt"] == [each["cards"] for each in out]

        screen = table.window.staff.supervisor
        page = screen.history

        def detail(status: str) -> str:
            table.staff_sign_in(screen, second, second_pin)
            table.click(screen.pages.buttons["Round history"])
            table.click(page.find_button)
            qtbot.waitUntil(lambda: [row.status for row in page.rows] == [status],
                            timeout=15_000)
            page.view.clear()
            page.list.setCurrentRow(0)
            qtbot.waitUntil(lambda: "INTERRUPTED DEAL" in page.view.toPlainText(),
                            timeout=15_000)
            return page.view.toPlainText()

        text = detail("open")  # the round at the setting: the hands are hole cards
        assert "deal interrupted: shoe fault (jam) during the deal; 3 stacks" in text
        dealt = [card for each in out for card in each["cards"]]
        assert not any(card in text.split() for card in dealt), text
        assert text.count("shown once the round has ended") == 2
        assert not page.rerun_button.isEnabled()
        table.click(screen.header.sign_out_button)
        qtbot.waitUntil(lambda: not screen.isVisible(), timeout=10_000)
        table.settle_pai_gow()
        table.wait(lambda s: s.step.phase == "between_rounds")

        text = detail("complete")  # the round ended: what was dealt before the interruption
        assert ("deal interrupted: shoe fault (jam) during the deal; 3 stacks dealt before it, "
                "collected unseen, the deck reshuffled") in text
        for each in out:
            assert f"{each['hand']}: {' '.join(each['cards'])}" in text
        hands = ", ".join(position_name(p) for p in order[:3])
        assert f"the stacks delivered ({hands}), unseen (redeal" in text
        table.click(screen.header.sign_out_button)
    finally:
        table.close()
