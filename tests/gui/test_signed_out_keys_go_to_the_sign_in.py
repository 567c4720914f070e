"""Signed out, the dealer's screen gives its keys to the sign-in form: the id field takes the
focus when the dealer signs out, when the screen opens signed out and when a staff screen
closes over a signed-out table, so an id typed there ("S-2", Enter) is the id — never the
step's shortcut letters (S once started rounds). Enter after the id goes to the PIN; Space
ticks no payment line while nobody is signed in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

pytestmark = pytest.mark.gui


def typed(qtbot: Any, table: Table, text: str, *keys: Qt.Key) -> None:
    """Type as a person does: each key to whatever has the keyboard focus now."""
    for character in text:
        target = QApplication.focusWidget() or table.window
        QTest.keyClicks(target, character)
    for key in keys:
        qtbot.keyClick(QApplication.focusWidget() or table.window, key)


def signed_in_between_rounds(qtbot: Any, table: Table) -> None:
    """The dealer D-7 signed in between rounds (S or Enter would start a round), the window
    active."""
    table.sign_in_dealer()
    table.wait_devices_online()
    assert table.window.step_panel.button("start_round").isEnabled()
    with qtbot.waitActive(table.window):
        table.window.activateWindow()


@pytest.fixture
def table(qtbot: Any, tmp_path: Any) -> Iterator[Table]:
    """The dealer D-7 signed in between rounds (S would start a round), then signed out with
    the top bar's SIGN OUT."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        signed_in_between_rounds(qtbot, table)
        table.click(table.window.health.sign_out_button)
        table.wait(lambda s: s.step.phase == "signed_out")
        yield table
    finally:
        table.close()


def test_an_id_typed_after_signing_out_is_the_id_not_a_shortcut(qtbot, table):
    panel = table.window.sign_in
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.user, timeout=5_000)
    typed(qtbot, table, "S-2", Qt.Key.Key_Return)
    assert panel.user.text() == "S-2"  # the last id (D-7) replaced, not appended to
    assert QApplication.focusWidget() is panel.pin  # Enter after the id: the PIN
    typed(qtbot, table, " ")
    qtbot.wait(300)
    snap = table.snapshot
    assert snap.step.phase == "signed_out" and snap.records == 0  # no round started


def test_the_sign_in_takes_the_keys_when_a_staff_screen_closes(qtbot, table):
    staff = table.window.staff
    table.click(staff.supervisor_button)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is staff.supervisor.sign_in_panel.user,
                    timeout=5_000)
    table.click(staff.supervisor.sign_in_panel.cancel_button)  # BACK TO THE TABLE
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table.window.sign_in.user,
                    timeout=5_000)
    typed(qtbot, table, "D-7")
    assert table.window.sign_in.user.text() == "D-7"
    assert table.snapshot.records == 0


def test_signing_in_makes_the_window_take_the_shortcut_keys(qtbot, table):
    """The step's keys are window shortcuts, which fire only in the active window. On a kiosk's
    bare X server (no window manager) nothing made the window active until the first tap: the
    id and PIN typed into the fields, then S or Space did nothing. Signing in activates it."""
    other = QWidget()  # another window active meanwhile (as no window manager ever activated
    qtbot.addWidget(other)  # the dealer's)
    other.show()
    with qtbot.waitActive(other):
        other.activateWindow()
    assert QApplication.activeWindow() is other
    panel = table.window.sign_in
    QTest.keyClicks(panel.user, "D-7")
    QTest.keyClicks(panel.pin, "8642")
    qtbot.keyClick(panel.pin, Qt.Key.Key_Return)
    table.wait(lambda s: s.step.phase == "between_rounds")
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table.window, timeout=5_000)
    qtbot.keyClick(QApplication.focusWidget() or table.window, Qt.Key.Key_S)
    table.wait(lambda s: s.step.phase == "betting")  # S: START ROUND
