"""The simulated-table panel, used as a person uses it: SIMULATED TABLE in the dealer's top bar
opens it over the felt (never over the step panel); a chip placed there is sensed by the
acceptor and reaches the screen through the normal driver path (the felt's light); the shoe
jams and clears, its door opens; a cable pulled shows in the top bar and the window stays
within the screen; every call into the simulators runs off the GUI thread."""

from __future__ import annotations

import threading
from typing import Any

from gui_harness import Table
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QPushButton

from dealer_station.ui.theme import THEME
from dealer_station.ui.view import Light


def _open_panel(table: Table) -> Any:
    access = table.window.simulated_table
    table.qtbot.waitUntil(access.button.isVisible, timeout=10_000)
    table.click(access.button)
    table.qtbot.waitUntil(lambda: access.panel.isVisible() and bool(access.panel.chip_buttons),
                          timeout=10_000)
    return access.panel


def _button(panel: Any, name: str) -> QPushButton:
    button = panel.findChild(QPushButton, name)
    assert button is not None, name
    return button


def _settle() -> None:
    for _ in range(12):  # the posted layouts run
        QApplication.processEvents()


def _in_window(widget: Any, window: Any) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def test_simulated_table_opens_over_the_felt_and_leaves_the_step_panel_uncovered(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        window = table.window
        assert _in_window(panel, window).intersects(_in_window(window.felt, window))
        assert not _in_window(panel, window).intersects(_in_window(window.step_panel, window))
        assert not _in_window(panel, window).intersects(_in_window(window.lower_panels, window))
        assert sorted(panel.chip_buttons) == [1, 2, 3, 4, 5, 6, 7]  # one acceptor a position
        for button in panel.findChildren(QPushButton):  # touch targets, keys stay the dealer's
            assert button.height() >= 44 and button.focusPolicy() == Qt.FocusPolicy.NoFocus
        table.click(_button(panel, "sim-close"))
        assert not panel.isVisible()
        table.click(window.simulated_table.button)  # the top bar's button opens it again
        assert panel.isVisible()
    finally:
        table.close()


def test_a_chip_placed_on_the_panel_is_sensed_by_the_acceptor_and_lights_the_felt(qtbot,
                                                                                    tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        threads: list[str] = []
        backdoor = panel.table.backdoor
        place = backdoor.place_chip
        backdoor.place_chip = lambda seat: (threads.append(threading.current_thread().name),
                                            place(seat))[1]

        def light(seat: str) -> Light:
            return next(s.light for s in table.snapshot.table.seats if s.key == seat)

        assert light("3") is Light.OFF
        table.click(panel.chip_buttons[3])
        # no wagers at position 3: the felt shows the chip as one to return, never "lit"
        table.wait(lambda s: next(x.light for x in s.table.seats if x.key == "3")
                   is Light.RETURN)
        assert threads == ["simulated-table"]  # never the GUI thread
        qtbot.waitUntil(lambda: panel.chip_buttons[3].text() == "3 · REMOVE CHIP")
        assert panel.chip_states[3].text().startswith("chip on")
        assert "position 3" in panel.message.text()
        table.click(panel.chip_buttons[3])
        table.wait(lambda s: next(x.light for x in s.table.seats if x.key == "3") is Light.OFF)
        assert light("2") is Light.OFF
    finally:
        table.close()


def test_a_chip_placed_before_the_round_starts_is_its_bonus_wager_5324_34_c_6_ii(qtbot,
                                                                                tmp_path):
    """A player drops the $1 chip between rounds: the round started next hears of it, and the
    chip is position 3's bonus wager once its wagers are entered."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        panel = _open_panel(table)
        table.click(panel.chip_buttons[3])
        table.wait(lambda s: s.table.seat("3").light is Light.RETURN)
        table.click(panel.close_button)
        table.press("start_round")
        table.wait(lambda s: s.table.seat("3").light is Light.RETURN)
        table.wager(3)
        snap = table.wait(lambda s: s.table.seat("3").light is Light.ON)
        assert any(w.area == "bonus" for w in snap.table.seat("3").wagers)
    finally:
        table.close()


def test_shoe_jam_door_and_cables_from_the_panel_show_on_the_dealers_screen(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        assert sorted(panel.chip_buttons) == [1, 2, 3, 4, 5, 6]
        table.click(_button(panel, "sim-jam"))
        qtbot.waitUntil(lambda: "jams at the next dispense" in panel.shoe_state.text())
        table.click(_button(panel, "sim-unjam"))
        qtbot.waitUntil(lambda: "no jam" in panel.shoe_state.text())
        table.click(_button(panel, "sim-door"))
        table.wait(lambda s: any(h.name == "shoe" and h.state.value == "fault"
                                 for h in s.health))
        qtbot.waitUntil(lambda: _button(panel, "sim-door").text() == "CLOSE DOOR")
        table.click(_button(panel, "sim-door"))
        table.wait(lambda s: any(h.name == "shoe" and h.state.value == "connected"
                                 for h in s.health))
        table.click(_button(panel, "sim-unplug-shoe"))
        table.wait(lambda s: any(h.name == "shoe" and h.state.value != "connected"
                                 for h in s.health), timeout=20_000)
        screen = table.window.screen().availableGeometry()
        assert table.window.width() <= max(screen.width(), 1280)
        qtbot.waitUntil(lambda: _button(panel, "sim-unplug-shoe").text() == "PLUG IN SHOE")
        table.click(_button(panel, "sim-unplug-shoe"))
        table.wait_devices_online()
    finally:
        table.close()


def test_the_receipt_printer_goes_out_of_paper_and_offline_from_the_panel(qtbot, tmp_path):
    """The jackpot slips' simulated printer: PAPER OUT and UNPLUG PRINTER make it report the
    fault the station then refuses a print with; pressed again, it is ready."""
    from dealer_station.slips import printer_report

    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        qtbot.waitUntil(lambda: panel.findChild(QPushButton, "sim-printer-no-paper") is not None,
                        timeout=10_000)

        def report() -> str:
            found: list[str] = []
            table.window.call(
                lambda c: found.append(printer_report(c.station.slip_printer)))
            qtbot.waitUntil(lambda: bool(found), timeout=10_000)
            return found[0]

        assert "— ready" in report()
        table.click(_button(panel, "sim-printer-no-paper"))
        qtbot.waitUntil(lambda: panel.printer_state.text() == "printer: no paper")
        assert "FAULT: no paper" in report()
        assert _button(panel, "sim-printer-no-paper").text() == "LOAD PAPER"
        table.click(_button(panel, "sim-printer-no-paper"))
        qtbot.waitUntil(lambda: panel.printer_state.text() == "printer: ready")
        table.click(_button(panel, "sim-printer-offline"))
        qtbot.waitUntil(lambda: panel.printer_state.text() == "printer: offline")
        assert "FAULT: offline" in report()
    finally:
        table.close()


def test_the_lockout_controller_s_words_name_the_game_s_acceptor_wager(qtbot, tmp_path):
    """At Pai Gow the acceptors take the progressive wager, not a bonus: the panel's lockout
    line said "open: bonus chips are taken" there."""
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        qtbot.waitUntil(lambda: bool(panel.lockout_state.text()), timeout=10_000)
        assert "progressive chips" in panel.lockout_state.text()
        assert "bonus" not in panel.lockout_state.text()
    finally:
        table.close()


def test_the_shoe_s_buttons_keep_their_place_when_the_chip_words_grow(qtbot, tmp_path):
    """At NO MORE BETS each chip's words grow ("no chip · light off" → "… · locked") and took
    a second line at 1280×800: the rows below moved ~80 px down under the finger (a tap
    meant for the next-cards field landed on JAM NEXT DISPENSE). Each chip's words stay on
    their one line, in smaller type."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        table.sign_in_supervisor()
        table.press("start_round")
        table.wager(1)
        words = panel.chip_states[2]
        qtbot.waitUntil(lambda: words.text() == "no chip · light off", timeout=10_000)
        below = (panel.shoe_state, _button(panel, "sim-jam"), panel.next_cards,
                 _button(panel, "sim-stack-next"), _button(panel, "sim-lockout-button"))
        _settle()
        before = [_in_window(widget, panel) for widget in below]
        table.click(_button(panel, "sim-lockout-button"))  # no more bets: locked
        qtbot.waitUntil(lambda: words.text().endswith("· locked"), timeout=10_000)
        table.wait(lambda s: s.step.phase == "dealing")
        _settle()
        assert [_in_window(widget, panel) for widget in below] == before
        full = QFont(words.font())
        full.setPointSize(THEME.body_pt)
        # too long for one line at the full size: drawn smaller, whole, on the same line
        assert QFontMetrics(full).horizontalAdvance(words.text()) > words.contentsRect().width()
        assert not words.shortened and words.font().pointSize() < THEME.body_pt
    finally:
        table.close()


def test_the_next_cards_box_is_emptied_once_the_shoe_has_them(qtbot, tmp_path):
    """STACK NEXT CARDS takes the typed cards and empties the box (the message keeps them):
    the next hand typed there is that hand alone (it was added to the last one and refused as
    cards named twice). A refused hand stays in the box to be corrected."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        panel = _open_panel(table)
        stack = _button(panel, "sim-stack-next")
        panel.next_cards.setText("As Ks Qs")
        table.click(stack)
        qtbot.waitUntil(lambda: "As Ks Qs" in panel.message.text(), timeout=10_000)
        assert panel.next_cards.text() == ""
        panel.next_cards.setText("Ah Kh Qh")
        table.click(stack)
        qtbot.waitUntil(lambda: "Ah Kh Qh." in panel.message.text(), timeout=10_000)
        assert panel.next_cards.text() == "" and "As" not in panel.message.text()
        panel.next_cards.setText("Ah Ah")  # named twice: refused
        table.click(stack)
        qtbot.waitUntil(lambda: panel.message.text().startswith("Not done"), timeout=10_000)
        assert panel.next_cards.text() == "Ah Ah"  # kept, to be corrected
    finally:
        table.close()
