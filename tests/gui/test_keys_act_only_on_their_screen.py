"""Keys meant for one screen never act on another (ui/key_guard.py). With a dealer signed in,
the step's keys are window shortcuts (S or Enter START ROUND, L or Enter NO MORE BETS):

* an id, a PIN and Enter typed just after a staff screen closed — for a sign-in that is not
  there — start no round (S of "S-100" and the Enters did), and the screen says why;
* typing where no box takes it ("D-2001", Enter) holds the step's keys the same way;
* the step's keys work again once the keyboard has been quiet, or at once after a tap;
* Enter in a box of the dealer's screen (a PROBLEM… form's words) submits the form, never the
  step's primary button (it pressed NO MORE BETS)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gui_harness import PIN, SUPERVISOR, Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_signed_out_keys_go_to_the_sign_in import signed_in_between_rounds, typed

from dealer_station.ui import key_guard

pytestmark = pytest.mark.gui


@pytest.fixture
def table(qtbot: Any, tmp_path: Any) -> Iterator[Table]:
    """The dealer D-7 signed in between rounds: S or Enter would start a round."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        signed_in_between_rounds(qtbot, table)
        table.window.setFocus()
        yield table
    finally:
        table.close()


def ignored(table: Table) -> str:
    snap = table.wait(lambda s: any(n.startswith("Keys ignored") for n in s.step.notes))
    assert snap.step.phase == "between_rounds" and snap.records == 0, snap.step  # no round
    return next(n for n in snap.step.notes if n.startswith("Keys ignored"))


def s_starts_the_round(qtbot: Any, table: Table) -> None:
    """The step's keys act again: S starts the round."""
    typed(qtbot, table, "", Qt.Key.Key_S)
    table.wait(lambda s: s.step.phase == "betting")


def test_a_sign_in_typed_after_a_staff_screen_closes_starts_no_round(qtbot, table, monkeypatch):
    monkeypatch.setattr(key_guard, "QUIET_SECONDS", 0.5)
    screen = table.window.staff.supervisor
    table.click(table.window.staff.supervisor_button)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is screen.sign_in_panel.user)
    typed(qtbot, table, SUPERVISOR, Qt.Key.Key_Return)
    typed(qtbot, table, PIN, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: screen.stack.currentIndex() == 1, timeout=30_000)
    table.click(screen.header.sign_out_button)
    qtbot.waitUntil(lambda: not screen.isVisible())
    # back at the table, D-7 still signed in: the supervisor types a sign-in again
    typed(qtbot, table, SUPERVISOR, Qt.Key.Key_Return)
    typed(qtbot, table, PIN, Qt.Key.Key_Return)
    words = ignored(table)
    assert "just after the SUPERVISOR screen closed" in words and "(D-7)" in words, words
    qtbot.wait(700)  # the keyboard quiet: the step's keys act again
    s_starts_the_round(qtbot, table)


def test_typing_where_no_box_takes_it_holds_the_step_s_keys_until_a_tap(qtbot, table):
    typed(qtbot, table, "D-2001", Qt.Key.Key_Return)
    words = ignored(table)
    assert "typed where no box takes them" in words, words
    typed(qtbot, table, "", Qt.Key.Key_S)
    qtbot.wait(300)
    assert table.snapshot.step.phase == "between_rounds"  # still held: no round
    table.click(table.window.felt)  # a tap on the screen: the dealer is here
    s_starts_the_round(qtbot, table)


def test_enter_in_a_form_s_box_is_the_box_s_not_the_step_s_primary_button(qtbot, table):
    table.press("start_round")
    table.wager(3)
    form = table.open_problem("call_supervisor")
    box = form.inputs["reason"]
    box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box)
    records = table.snapshot.records
    typed(qtbot, table, "chips knocked over", Qt.Key.Key_Return)
    # Enter submits the form (the supervisor called with its words), never NO MORE BETS
    snap = table.wait(lambda s: s.step.phase == "halted")
    assert "chips knocked over" in snap.step.instruction
    assert snap.records == records + 1  # the halt alone: NO MORE BETS was not recorded
    assert not any(n.startswith("Keys ignored") for n in snap.step.notes)


def test_a_step_key_the_step_does_not_offer_holds_nothing(qtbot, table):
    """L (NO MORE BETS) pressed between rounds, where the step offers only START ROUND: nothing
    happens, as the guide says — it held every key for a pause with "Keys ignored: typed where
    no box takes them", and the right key pressed next (S) was ignored too."""
    typed(qtbot, table, "", Qt.Key.Key_L)
    qtbot.wait(200)
    assert not any(n.startswith("Keys ignored") for n in table.snapshot.step.notes)
    s_starts_the_round(qtbot, table)
