"""A long notice never pushes the step's primary button off the step panel: after a
supervisor's void with a long reason and several RETURN lines, at 1280×800 (the size the station
opens at), WAGERS RETURNED lies wholly inside the step panel, visible and tappable, and a tap on
it acts; the notice scrolls (read whole by scrolling), the button does not move. (The notice
used to grow the panel's words past its height: the buttons were laid out under the lower
panel, partly off the step panel.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from test_void_returns_gui import round_started, void_from_the_supervisor_screen

from dealer_station.ui import key_guard

pytestmark = pytest.mark.gui

#: A supervisor's reason as long as one is written in practice, and then some: the notice
#: carries it whole (it is the record's reason).
LONG_REASON = ("the shoe flashed the second stack's cards face up to positions four and five "
               "while the dealer was reaching for the discard rack, and the players at "
               "positions one and two saw the top card of the next stack; floor supervisor "
               "called, surveillance notified and the shoe taken out of service for the "
               "technician before the next round, as the house's procedure requires ") * 4


def _visible_in(widget: QWidget, panel: QWidget) -> bool:
    """Whether ``widget`` is shown and lies wholly inside ``panel``'s rectangle (in the
    window's coordinates)."""
    window = panel.window()
    top_left = widget.mapTo(window, QPoint(0, 0))
    rect = QRect(top_left, widget.size())
    outer = QRect(panel.mapTo(window, QPoint(0, 0)), panel.size())
    return widget.isVisible() and outer.contains(rect)


def test_a_long_void_notice_keeps_wagers_returned_inside_the_step_panel_at_1280x800(
        qtbot, tmp_path):
    table = round_started(qtbot, str(tmp_path), "let_it_ride")
    try:
        for position in (1, 2, 3, 4, 5, 6):
            table.wager(position, chip=1)  # $25 on each of the three bets: 18 RETURN lines
        table.press("no_more_bets")
        void_from_the_supervisor_screen(table, LONG_REASON)
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert any(LONG_REASON.strip() in note for note in snap.step.notes)
        # the refusal of a key pressed too early adds its own line under the notice
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        # past the new step's guard against a double press, and the keyboard quiet since
        # the supervisor's screen closed (keys typed at once are held: ui/key_guard.py)
        qtbot.wait(max(600, int(key_guard.QUIET_SECONDS * 1000) + 100))
        qtbot.keyClick(table.window, Qt.Key.Key_Return)
        snap = table.wait(lambda s: bool(s.message))
        assert len(snap.step.notes) == 2, snap.step.notes
        for _ in range(12):  # the posted layouts run
            QApplication.processEvents()
        window, panel = table.window, table.window.step_panel
        button = panel.button("wagers_returned")
        assert (window.width(), window.height()) == (1280, 800)
        assert _visible_in(button, panel), (button.geometry(), panel.rect())
        assert panel.geometry().bottom() < window.lower_panels.geometry().top()
        # the notice is never cut: whole in its own room, which scrolls...
        notes, area = panel.notes, panel.notes_area
        assert LONG_REASON.strip() in notes.text() and snap.message in notes.text()
        assert notes.height() >= notes.heightForWidth(notes.width())
        assert area.isVisible() and area.verticalScrollBar().isVisible()
        # ...shown from the refusal just added under it (the answer to the key pressed)
        bar, notice = area.verticalScrollBar(), snap.step.notes[0]
        alone = QLabel(notice)  # the notice's lines, in the notes' type and width
        alone.setFont(notes.font())
        alone.setWordWrap(True)
        past = alone.heightForWidth(notes.width())
        assert bar.value() == min(past, bar.maximum()) > 0
        assert bar.value() + area.viewport().height() >= notes.height()  # the refusal whole
        # ...and the RETURN lines keep their room below (the notice took all but one line)
        assert window.lower_panels.height() >= 0.4 * window.right_column.height()
        # a tap on the button acts
        table.tick_all()
        table.click(panel.button("wagers_returned"))
        table.wait(lambda s: s.step.phase == "collect_cards")
    finally:
        table.close()
