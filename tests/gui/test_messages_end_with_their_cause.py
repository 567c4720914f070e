"""Every message under the dealer's step has an owner and an end: it goes once its cause is
gone, not at some later action. Seen by a new user: "Supervisor S-… created … create the
dealers' accounts" still said once the accounts existed; "Keys ignored …" long after the keys
worked again; a supervisor's refusal at a progressive validation still shown after another
supervisor had approved (BETS OPEN on the felt before START ROUND: see
test_pai_gow_progressive_gui's badge test, the round's end unlocking the lockout). And the
Accounts page's PIN box says the PIN rule of the role chosen (it said 4-12 digits with
Supervisor chosen)."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import PIN, SUPERVISOR, Table
from PySide6.QtCore import Qt
from test_pai_gow_progressive_gui import (
    DEALER_ID,
    DEALER_PIN,
    _progressive_table,
    _to_the_validation,
)
from test_signed_out_keys_go_to_the_sign_in import signed_in_between_rounds, typed

from dealer_station.auth import pin_problem
from dealer_station.ui import key_guard

pytestmark = pytest.mark.gui


def _keys_ignored(snap: Any) -> bool:
    return any(note.startswith("Keys ignored") for note in snap.step.notes)


def test_the_first_supervisor_s_words_go_once_a_dealer_s_account_exists(qtbot, tmp_path):
    """The first supervisor's words say to create the dealers' accounts: once one exists
    (made on the SUPERVISOR screen), they are gone from the sign-in."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        snap = table.create_first_supervisor()
        assert "create the dealers' accounts" in snap.message
        table.window.call(lambda c: None)
        snap = table.wait(lambda s: s.step.phase == "signed_out")
        assert "create the dealers' accounts" in snap.message  # no dealer yet: still true
        table.window.call(lambda c: c.station.create_user(
            "D-7", "Dee Dealer", "dealer", "8642", supervisor=SUPERVISOR, pin=PIN))
        snap = table.wait(lambda s: not s.message)
        assert snap.step.phase == "signed_out"
        assert "create the dealers' accounts" not in " ".join(snap.step.notes)
    finally:
        table.close()


def test_keys_ignored_goes_when_the_keys_work_again(qtbot, tmp_path, monkeypatch):
    """Typing where no box takes it holds the step's keys and says so; once the keyboard has
    been quiet the hold is over, and its words go by themselves (no action needed)."""
    monkeypatch.setattr(key_guard, "QUIET_SECONDS", 0.5)
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        signed_in_between_rounds(qtbot, table)
        table.window.setFocus()
        typed(qtbot, table, "D-2001", Qt.Key.Key_Return)
        table.wait(_keys_ignored)
        snap = table.wait(lambda s: not _keys_ignored(s), timeout=5_000)
        assert snap.step.phase == "between_rounds" and snap.records == 0
    finally:
        table.close()


def test_a_refusal_goes_once_another_supervisor_approved(qtbot, tmp_path, monkeypatch):
    """5324.41(k)(3)(iii): the dealer of the round is refused at the dealer's screen; another
    supervisor approves on the SUPERVISOR screen's Progressive validation page: back at the
    table, the refusal (whose cause, the pending validation, is gone) is not shown."""
    table = _progressive_table(qtbot, tmp_path, monkeypatch)
    try:
        _to_the_validation(table)
        table.supervisor_decides("approve", DEALER_ID, DEALER_PIN)
        refusal = table.snapshot.message
        assert refusal and table.phase == "progressive_validation"
        screen = table.window.staff.supervisor
        table.staff_sign_in(screen, SUPERVISOR, PIN)
        screen.pages.show_page(1)  # Progressive validation
        page = screen.validation
        qtbot.waitUntil(lambda: page.approve_button.isEnabled(), timeout=10_000)
        table.click(page.approve_button)
        qtbot.waitUntil(lambda: page.record is not None, timeout=10_000)
        table.click(screen.header.sign_out_button)
        qtbot.waitUntil(lambda: not screen.isVisible(), timeout=10_000)
        snap = table.wait(lambda s: s.step.phase != "progressive_validation")
        assert refusal not in (snap.message, *snap.step.notes), snap.step.notes
    finally:
        table.close()


def test_the_accounts_pin_box_says_the_rule_of_the_role_chosen(qtbot, tmp_path):
    """The new PIN's box says the digits auth asks of the role chosen, however it is chosen (a
    tap, the keyboard); the reset box says the chosen account's."""
    from dealer_station.ui.supervisor.accounts_page import AccountsPage

    class _NoCalls:
        def submit(self, *args: Any) -> None:
            pass

    page = AccountsPage(_NoCalls())  # type: ignore[arg-type]
    qtbot.addWidget(page)
    for role in ("dealer", "supervisor", "technician"):
        button = page.new_role.buttons[role]
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        hint = page.new_pin.placeholderText()
        shortest = int(hint.split()[0])
        assert pin_problem("1" * shortest, role) is None, (role, hint)
        assert pin_problem("1" * (shortest - 1), role) is not None, (role, hint)
    page.new_role.buttons["dealer"].setChecked(True)  # not a tap: the keyboard's Space
    assert page.new_pin.placeholderText() == "4 to 12 digits"
