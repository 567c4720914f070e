"""Let It Ride through the dealer's screen against the simulated devices on pseudo-terminals:
the dealer's PROBLEM… menu (a card exposed early, a supervisor called to the table and deciding
at the screen), the bonus acceptor lights driven from the step's hardware, and an automated shoe
that does not read its cards (the stacks entered by hand after each DISPENSE)."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import SUPERVISOR, Table

from dealer_station.cards import Card, card_codes, standard_deck
from drivers.protocol.codes import LightMode

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return list(journal.round_records(station.store, summary.id))


def _place(table: Table, position: int) -> None:
    table.tap_seat(position)
    table.click(table.window.wager_entry._chip_buttons[1])
    table.click(table.window.wager_entry.place)
    table.wait(lambda s: s.table.seat(position).active)


def _lights(table: Table, expected: dict[int, LightMode]) -> None:
    acceptors = table.simulated[0].acceptors
    table.qtbot.waitUntil(lambda: all(acceptors[seat].light is mode
                                      for seat, mode in expected.items()), timeout=5000)


def _tap_card(table: Table, entry: Any, card: Card) -> None:
    table.click(entry._rank_buttons[card.rank])
    table.click(entry._suit_buttons[card.suit])


def test_exposed_card_and_supervisor_call_from_the_problem_menu_5324_34_d(qtbot, tmp_path):
    """5324.34(a)(3): the bonus acceptors invite a chip where the three wagers are placed and
    light when it is acknowledged; after the lockout only acknowledged lights stay on.
    5324.34(d): a card exposed early is recorded and the round goes on (the table's rule);
    a supervisor called by the dealer halts the round until a supervisor who did not deal
    decides at the screen."""
    deck = list(standard_deck())
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_dealer()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(deck))
        table.press("start_round")
        # Nothing dealt yet: a supervisor may be called, no card can have been exposed.
        assert [p.name for p in table.snapshot.step.problems] == ["call_supervisor"]
        for position in (2, 5):
            _place(table, position)
        _lights(table, {2: LightMode.ATTRACT, 5: LightMode.ATTRACT, 1: LightMode.OFF,
                        3: LightMode.OFF})
        table.backdoor.place_chip(2)
        table.wait(lambda s: any(w.area == "bonus" for w in s.table.seat(2).wagers))
        _lights(table, {2: LightMode.ON, 5: LightMode.ATTRACT})
        table.press("no_more_bets")
        _lights(table, {2: LightMode.ON, 5: LightMode.OFF})
        for stack in range(3):
            table.press("dispense", expect_record=False)
            table.wait(lambda s, n=stack: sum(1 for line in s.log if "receive stack" in line)
                       > n or s.step.phase == "bet_one")
        table.wait(lambda s: s.step.phase == "bet_one")
        # The primary action stays the one big button; the problems are in the menu.
        assert table.snapshot.step.primary is not None
        assert table.snapshot.step.primary.name == "ride"
        form = table.open_problem("exposed_card")
        exposed = deck[1]  # the middle card of position 2's stack (the first stack)
        table.click(form.inputs["target"].buttons["2"])
        _tap_card(table, form.inputs["card"], exposed)
        before = table.snapshot.records
        table.click(form.submit)
        snap = table.wait(lambda s: s.records > before)
        assert snap.step.phase == "bet_one"
        assert table.window.lower_panels.currentWidget() is not form
        assert "report exposed card" in snap.log[-1]
        # A supervisor called: the reason is written, the round halts.
        form = table.open_problem("call_supervisor")
        table.click(form.submit)  # no reason yet: refused, the form stays
        table.wait(lambda s: "why" in s.message.lower())
        form.inputs["reason"].setText("player says the card was flashed to the table")
        table.click(form.submit)
        snap = table.wait(lambda s: s.step.phase == "halted")
        assert snap.entry is not None and snap.entry.kind == "supervisor"
        assert not table.window.step_panel.problem_button.isVisible()
        table.supervisor_decides("approve", "D-7", "8642")  # the dealer may not decide
        assert table.phase == "halted" and table.snapshot.message
        table.supervisor_decides("approve")  # CONTINUE THE ROUND
        snap = table.wait(lambda s: s.step.phase == "bet_one")
        assert snap.step.positions[0] == 2
    finally:
        table.close()
    records = _journal(str(tmp_path))
    report = next(r for r in records if r.action == "report_exposed_card")
    assert report.arguments == {"card": exposed.text, "target": 2}
    assert report.effects["rule"] == "play"
    call = next(r for r in records if r.action == "call_supervisor")
    assert call.arguments["reason"] == "player says the card was flashed to the table"
    resolved = next(r for r in records if r.action == "resolve_halt")
    assert resolved.arguments == {"supervisor": SUPERVISOR, "resolution": "continue"}
    assert records[-1].action == "resolve_halt"


def test_a_shoe_that_does_not_read_takes_each_stack_by_hand_5324_34_d_2(qtbot, tmp_path):
    """``shoe_reads_cards = false``: DISPENSE still drives the shoe, and after each stack the
    dealer enters its three cards (tapped); the round gets exactly those cards ((d)(2))."""
    deck = list(standard_deck())
    table = Table(qtbot, str(tmp_path), "let_it_ride", devices={"shoe_reads_cards": False})
    try:
        table.start_round_with(deck)
        _place(table, 3)
        table.press("no_more_bets")
        entered = [deck[0:3], deck[3:6]]
        for cards in entered:
            snap = table.wait(lambda s: bool(s.step.actions))
            assert snap.step.actions[0].name == "dispense" and snap.entry is None
            before = table.snapshot.records
            table.press("dispense", expect_record=False)
            # the shoe's stack: its cards entered by hand, nothing recorded of what it says
            snap = table.wait(lambda s: s.entry is not None and s.entry.kind == "cards")
            assert snap.records == before
            entry = table.window.card_entry
            for card in cards:
                _tap_card(table, entry, card)
            table.click(entry.enter)
            table.wait(lambda s, b=before: s.records > b)
        assert table.wait(lambda s: s.step.phase == "bet_one")
    finally:
        table.close()
    stacks = [r.arguments["cards"] for r in _journal(str(tmp_path))
              if r.action == "receive_stack"]
    assert stacks == [[c.text for c in cards] for cards in entered]
