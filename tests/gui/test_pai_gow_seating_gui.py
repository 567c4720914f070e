"""Players, not seats, through the dealer's screen against the simulated devices on
pseudo-terminals (9 NYCRR 5324.41(d)(2), (h)(3)-(4), (i)): between rounds SEATING… (a click)
starts the round and records a player leaving and a new one sitting down; SEATING… by its key
(Y) records the newcomer taking the adjacent area too, the same player, so (i)(2)'s order (the
larger wager set first) applies and a third or non-adjacent area is refused with (i)(1). The
next round a newcomer at a seat whose previous player wagered may not bank ((h)(4)(i)), while the
player who moved onto two areas may. Every change is a typed record in the journal and the log."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        return [record for summary in reversed(journal.rounds(station.store))
                for record in journal.round_records(station.store, summary.id)]


def _form(table: Table) -> Any:
    table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
               and s.entry.options["name"] == "seating")
    assert table.window.lower_panels.currentWidget() is table.window.form
    return table.window.form


def _seat(table: Table, change: str, position: int, other: int = 0) -> Any:
    """Fill in the open SEATING form and record it; the snapshot after."""
    form = _form(table)
    table.click(form.inputs["change"].buttons[change])
    form.inputs["position"].setValue(position)
    form.inputs["other"].setValue(other)
    before = (table.snapshot.records, table.snapshot.message)
    table.click(form.submit)
    return table.wait(lambda s: (s.records, s.message) != before)


def _seat_by_keys(table: Table, key: Qt.Key, position: int, other: int = 0) -> Any:
    """Fill in the open SEATING form by the keyboard alone: the change's letter, the
    position typed, Tab, the other position typed, Enter. The snapshot after."""
    form = _form(table)
    qtbot = table.qtbot
    qtbot.keyClick(table.window, key)  # the change: never the step's key (L, S)
    spin = form.inputs["position"]
    qtbot.waitUntil(lambda: spin.hasFocus())  # the first box takes the digits at once
    qtbot.keyClicks(spin, str(position))
    if other:
        qtbot.keyClick(spin, Qt.Key.Key_Tab)
        qtbot.waitUntil(lambda: form.inputs["other"].hasFocus())
        form.inputs["other"].selectAll()
        qtbot.keyClicks(form.inputs["other"], str(other))
    assert form.values()["position"] == position and form.values()["other"] == other
    before = (table.snapshot.records, table.snapshot.message)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Enter: the form's
    return table.wait(lambda s: (s.records, s.message) != before)


def _open_by_key(table: Table) -> None:
    with table.qtbot.waitActive(table.window):
        table.window.activateWindow()
    table.qtbot.keyClick(table.window, Qt.Key.Key_Y)
    _form(table)


def _wager(table: Table, position: int, chips: int) -> None:
    table.wager(position, 0, chips)  # $5 chips


def _deal_and_settle(table: Table) -> list[str]:
    """RNG, seven stacks from the shoe, the hands set, each exposed by the house way (the
    exposure order seen returned), every line ticked, ALL PAID."""
    table.dealt_to_the_exposures()
    order = []
    while table.phase == "exposure":
        order.append(table.snapshot.entry.position)
        table.press("house_way")
    table.tick_all()
    table.press("settle")
    table.wait(lambda s: s.step.phase == "between_rounds")
    table.tick_all()
    return order


def test_seating_changes_and_two_areas_through_the_window_5324_41_h_4_i(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        # between rounds: SEATING… next to START ROUND, by mouse; the round starts with it
        snap = table.snapshot
        assert [a.name for a in snap.step.actions] == ["start_round", "seating"]
        table.click(table.window.step_panel.button("seating"))
        snap = _seat(table, "leaves", 3)
        assert not snap.message, snap.message
        assert snap.step.phase == "shuffle"
        table.click(table.window.step_panel.button("seating"))  # each change its own form
        snap = _seat(table, "sits", 3)
        assert not snap.message, snap.message
        table.press("shuffled")
        # by key: the player at 4 leaves; the newcomer at 3 (player 7) takes 4 as well
        _open_by_key(table)
        _seat(table, "leaves", 4)
        _open_by_key(table)
        snap = _seat(table, "second_area", 4, other=3)
        assert not snap.message, snap.message
        _open_by_key(table)
        _seat(table, "leaves", 5)
        _open_by_key(table)
        snap = _seat(table, "second_area", 5, other=4)  # a third area: refused
        assert "5324.41(i)(1)" in snap.message
        table.click(table.window.form.cancel)
        _wager(table, 2, 5)
        _wager(table, 3, 5)  # player 7's larger wager: set (and exposed) first
        _wager(table, 4, 2)
        table.press("no_more_bets")
        assert _deal_and_settle(table) == ["3", "4", "2"]

        # round 2: the player at 2 leaves, a newcomer sits there; the bank is offered
        table.click(table.window.step_panel.button("seating"))
        _seat(table, "leaves", 2)
        table.click(table.window.step_panel.button("seating"))
        _seat(table, "sits", 2)
        table.click(table.window.step_panel.button("seating"))
        snap = _seat(table, "moves", 6, other=5)  # the same player, to the empty seat
        assert snap.table.seat("5").title == "5 · player 6"
        assert snap.table.seat("6").title == "6 · empty"
        table.press("shuffled")
        _wager(table, 2, 5)
        _wager(table, 3, 5)
        snap = table.wait(lambda s: any(a.name == "accept_bank" for a in s.step.actions))
        assert snap.step.positions[0] == 3  # player 7 wagered last round: may bank
        table.press("decline_bank")
        snap = table.wait(lambda s: bool(s.step.positions) and s.step.positions[0] == 2)
        # the newcomer at 2 (player 8) did not wager in the last round without a bank: BANKS
        # is disabled, and its key says why
        assert not table.window.step_panel.button("accept_bank").isEnabled()
        before = snap.message
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.qtbot.keyClick(table.window, Qt.Key.Key_B)
        snap = table.wait(lambda s: s.message != before)
        assert "5324.41(h)(4)(i)" in snap.message and "player 8" in snap.message
        assert any("player sits · position 2 · player 8" in line for line in snap.log)
        table.press("decline_bank")
        table.press("no_more_bets")
        _deal_and_settle(table)

        # between rounds the felt names the players at the positions
        snap = table.snapshot
        assert snap.step.phase == "between_rounds"
        titles = {seat.key: seat.title for seat in snap.table.seats}
        assert titles["2"] == "2 · player 8" and titles["3"] == "3 · player 7"
        assert titles["4"] == "4 · player 7" and titles["5"] == "5 · player 6"
        assert titles["6"] == "6 · empty" and titles["1"] == "1 · player 1"
        # a whole change by the keyboard: Y, L (LEAVES, not NO MORE BETS), digits, Enter
        _open_by_key(table)
        form = table.window.form
        assert "L leaves" in form._labels["change"].text()
        snap = _seat_by_keys(table, Qt.Key.Key_L, 1)
        assert not snap.message, snap.message
        assert snap.step.phase == "shuffle"  # Enter recorded it, pressed no step button
        assert snap.table.seat("1").title == "1 · empty"
        _open_by_key(table)
        snap = _seat_by_keys(table, Qt.Key.Key_M, 2, other=6)  # player 8 moves to 6
        assert not snap.message, snap.message
        assert snap.table.seat("6").title == "6 · player 8"
        # Escape cancels: nothing recorded, the step as it was
        _open_by_key(table)
        records = table.snapshot.records
        table.qtbot.keyClick(table.window, Qt.Key.Key_S)  # SITS DOWN chosen, not SHUFFLED
        assert table.window.form.inputs["change"].chosen() == ["sits"]
        table.qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        snap = table.wait(lambda s: s.entry is None)
        assert snap.records == records and snap.step.phase == "shuffle"
    finally:
        table.close()
    records = _journal(str(tmp_path))
    seating = [(r.action, r.arguments, r.effects.get("player")) for r in records
               if r.action.startswith("player_") and r.action != "players_have_set"]
    assert seating == [
        ("player_leaves", {"position": 3}, 3),
        ("player_sits", {"position": 3, "player": None}, 7),
        ("player_leaves", {"position": 4}, 4),
        ("player_sits", {"position": 4, "player": 7}, 7),
        ("player_leaves", {"position": 5}, 5),
        ("player_leaves", {"position": 2}, 2),
        ("player_sits", {"position": 2, "player": None}, 8),
        ("player_moves", {"position": 6, "to": 5}, 6),
        ("player_leaves", {"position": 1}, 1),
        ("player_moves", {"position": 2, "to": 6}, 8),
    ]
