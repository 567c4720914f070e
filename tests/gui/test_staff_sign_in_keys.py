"""The supervisor's and technician's sign-in read id, Enter, PIN, Enter (as the dealer's does);
the supervisor's decision at the dealer's screen (a progressive payout) reads id, Enter, PIN."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from dealer_station.ui.sign_in import SignInPanel, SupervisorDecision
from dealer_station.ui.supervisor.widgets import StaffSignIn

PanelT = TypeVar("PanelT", bound=QWidget)


def _shown(qtbot, panel: PanelT) -> PanelT:
    qtbot.addWidget(panel)
    panel.show()
    with qtbot.waitActive(panel):
        panel.activateWindow()
    panel.user.setFocus()
    return panel


def test_enter_after_the_id_moves_to_the_pin_and_enter_after_the_pin_signs_in(qtbot):
    """Typing id, Enter, PIN, Enter signs in with that id and PIN (the PIN used to be typed on
    the end of the id: "S-1001123456", nothing sent)."""
    panel = _shown(qtbot, StaffSignIn("SUPERVISOR SIGN-IN", "hint"))
    qtbot.keyClicks(panel.user, "S-1001")
    qtbot.keyClick(panel.user, Qt.Key.Key_Return)
    assert panel.pin.hasFocus()
    qtbot.keyClicks(panel.pin, "123456")
    with qtbot.waitSignal(panel.submitted) as blocker:
        qtbot.keyClick(panel.pin, Qt.Key.Key_Return)
    assert blocker.args == ["S-1001", "123456"]


def test_enter_in_an_empty_id_box_asks_for_the_id_and_stays(qtbot):
    panel = _shown(qtbot, StaffSignIn("TECHNICIAN SIGN-IN", "hint"))
    qtbot.keyClick(panel.user, Qt.Key.Key_Return)
    assert panel.message.text() == "Enter your id and PIN."
    assert not panel.pin.hasFocus()


def test_the_supervisors_decision_goes_from_the_id_to_the_pin_with_enter(qtbot):
    """At a progressive payout the supervisor types id, Enter, PIN: the PIN lands in the PIN box
    (it was typed on the end of the id: "S-1002135790")."""
    panel = _shown(qtbot, SupervisorDecision())
    panel.start("position 3: natural royal flush and pair; pays $10,000.21")
    qtbot.keyClicks(panel.user, "S-1002")
    qtbot.keyClick(panel.user, Qt.Key.Key_Return)
    assert panel.pin.hasFocus()
    qtbot.keyClicks(panel.pin, "135790")
    assert (panel.user.text(), panel.pin.text()) == ("S-1002", "135790")
    with qtbot.waitSignal(panel.decided) as blocker:
        qtbot.mouseClick(panel.approve, Qt.MouseButton.LeftButton)
    assert blocker.args == ["approve", "S-1002", "135790", ""]


def test_approve_with_no_pin_says_what_is_missing_instead_of_doing_nothing(qtbot):
    panel = _shown(qtbot, SupervisorDecision())
    panel.start("position 3: natural royal flush and pair; pays $10,000.21")
    qtbot.keyClicks(panel.user, "S-1002")
    with qtbot.assertNotEmitted(panel.decided):
        qtbot.mouseClick(panel.approve, Qt.MouseButton.LeftButton)
    assert panel.message.isVisible()
    assert panel.message.text() == "Enter the supervisor's id and PIN, then APPROVE."
    assert panel.pin.hasFocus()


def test_the_first_supervisor_is_created_with_enter_between_the_boxes(qtbot):
    """First start: id, Enter, name, Enter, PIN, Enter, PIN again, Enter creates the supervisor
    (Enter in the name box did nothing, so the PIN went on the end of the name, "Sam
    Super123456", and Enter in the PIN box sent the form with the second PIN empty)."""
    panel = _shown(qtbot, SignInPanel())
    panel.set_first_start(True)
    panel.user.setFocus()
    for box, words in ((panel.user, "S-1001"), (panel.name, "Sam Super"), (panel.pin, "123456")):
        assert box.hasFocus()
        qtbot.keyClicks(box, words)
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert panel.pin_again.hasFocus() and not panel.message.isVisible()
    qtbot.keyClicks(panel.pin_again, "123456")
    with qtbot.waitSignal(panel.supervisor_requested) as blocker:
        qtbot.keyClick(panel.pin_again, Qt.Key.Key_Return)
    assert blocker.args == ["S-1001", "Sam Super", "123456"]
