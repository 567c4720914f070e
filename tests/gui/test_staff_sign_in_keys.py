"""The supervisor's and technician's sign-in read id, Enter, PIN, Enter (as the dealer's does)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealer_station.ui.supervisor.widgets import StaffSignIn


def _shown(qtbot, title: str) -> StaffSignIn:
    panel = StaffSignIn(title, "hint")
    qtbot.addWidget(panel)
    panel.show()
    with qtbot.waitActive(panel):
        panel.activateWindow()
    panel.user.setFocus()
    return panel


def test_enter_after_the_id_moves_to_the_pin_and_enter_after_the_pin_signs_in(qtbot):
    """Typing id, Enter, PIN, Enter signs in with that id and PIN (the PIN used to be typed on
    the end of the id: "S-1001123456", nothing sent)."""
    panel = _shown(qtbot, "SUPERVISOR SIGN-IN")
    qtbot.keyClicks(panel.user, "S-1001")
    qtbot.keyClick(panel.user, Qt.Key.Key_Return)
    assert panel.pin.hasFocus()
    qtbot.keyClicks(panel.pin, "123456")
    with qtbot.waitSignal(panel.submitted) as blocker:
        qtbot.keyClick(panel.pin, Qt.Key.Key_Return)
    assert blocker.args == ["S-1001", "123456"]


def test_enter_in_an_empty_id_box_asks_for_the_id_and_stays(qtbot):
    panel = _shown(qtbot, "TECHNICIAN SIGN-IN")
    qtbot.keyClick(panel.user, Qt.Key.Key_Return)
    assert panel.message.text() == "Enter your id and PIN."
    assert not panel.pin.hasFocus()
