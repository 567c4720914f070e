"""Accounts and sign-in on the real dealer's screen (issue 14 items 4, 12, 13, 18; issue 20
items 7-8): the supervisor's Accounts page during a round (create, a too-short PIN refused,
unlock, disable), the sign-in form's attempts left and lock with the time left (the same words
for an unknown id), the dealer on duty in the top bar and SIGN OUT, each recorded as a session.
Everything through the window: clicks and typing on its widgets."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gui_harness import PIN, SUPERVISOR, Table
from PySide6.QtCore import Qt

from dealer_station.ui.messages import NOTE

pytestmark = pytest.mark.gui


@pytest.fixture
def table(qtbot: Any, tmp_path: Path) -> Iterator[Table]:
    """The real dealer's screen on a fresh table, the first supervisor created at the first
    start and signed in (on duty)."""
    opened = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        opened.sign_in_supervisor()
        yield opened
    finally:
        opened.close()


def _wait_calls(table: Table) -> None:
    table.qtbot.waitUntil(lambda: table.window.staff.calls.pending == 0, timeout=30_000)


def _audit(data_dir: Path) -> list[dict[str, Any]]:
    path = next(data_dir.glob("*/audit.jsonl"))
    return [json.loads(line) for line in path.read_text().splitlines()]


def _open_accounts(table: Table) -> Any:
    return table.open_supervisor_page("Accounts").accounts


def _sign_out_staff(table: Table) -> None:
    table.click(table.window.staff.supervisor.header.sign_out_button)
    _wait_calls(table)


def _create(table: Table, page: Any, user: str, name: str, role: str, pin: str) -> None:
    page.new_id.setText(user)
    page.new_name.setText(name)
    table.click(page.new_role.buttons[role])
    page.new_pin.setText(pin)
    page.new_pin_again.setText(pin)
    table.click(page.create_button)
    _wait_calls(table)


def _dealer_sign_in(table: Table, user: str, pin: str) -> str:
    panel = table.window.sign_in
    panel.user.setText(user)
    panel.pin.setText(pin)
    table.click(panel.submit_button)
    checking = "Checking…"  # the last refusal goes as the new attempt is sent
    # work under way: a note, not an error (ui/messages.py)
    assert panel.message.text() == checking and panel.message.objectName() == NOTE
    table.qtbot.waitUntil(lambda: panel.message.text() != checking
                          or table.snapshot.step.phase != "signed_out", timeout=10_000)
    return "" if table.snapshot.step.phase != "signed_out" else str(panel.message.text())


def _choose_own_pin_at_sign_in(table: Table, user: str, given: str, own: str) -> str:
    """The first sign-in with the PIN a supervisor gave: refused as a one-time PIN, the form
    asks for a new PIN twice; the given PIN and ``own`` sent. "" when on duty, else the
    refusal."""
    words = _dealer_sign_in(table, user, given)
    assert f"{user}'s PIN was set by" in words and "one-time PIN" in words, words
    panel = table.window.sign_in
    table.qtbot.waitUntil(panel.new_pin.isVisible, timeout=10_000)
    panel.user.setText(user)
    panel.pin.setText(given)
    panel.new_pin.setText(own)
    panel.new_pin_again.setText(own)
    table.click(panel.submit_button)
    table.qtbot.waitUntil(lambda: panel.message.text() != "Checking…"
                          or table.snapshot.step.phase != "signed_out", timeout=10_000)
    return "" if table.snapshot.step.phase != "signed_out" else str(panel.message.text())


def test_a_supervisor_manages_accounts_during_a_round_and_unlocks_a_locked_dealer(
        qtbot: Any, tmp_path: Path, table: Table) -> None:
    bar = table.window.health
    assert bar.on_duty == f"Test Supervisor ({SUPERVISOR}) · supervisor"
    button = bar.sign_out_button  # the name fits the bar at 1280 px: elided, never the id
    assert button.text().endswith(f"({SUPERVISOR})\nSIGN OUT")
    assert button.text().startswith("Test") and button.width() >= button.sizeHint().width()
    assert f"Test Supervisor ({SUPERVISOR})" in button.toolTip()
    table.press("start_round")
    round_title = table.snapshot.table.title
    page = _open_accounts(table)
    _create(table, page, "D-9", "Nia Dealer", "dealer", "4321")
    assert page.message.text() == "Created dealer D-9 (Nia Dealer)."
    assert page.state_text()["D-9"] == "active"
    _create(table, page, "S-2", "Sal Super", "supervisor", "4321")
    assert page.message.text() == "A supervisor's PIN is 6 to 12 digits."
    assert "S-2" not in page.state_text()
    _sign_out_staff(table)

    # the dealer on duty signs out from the top bar; the round waits
    table.click(table.window.health.sign_out_button)
    table.wait(lambda s: s.step.phase == "signed_out")
    assert not table.window.health.sign_out_button.isVisible()
    words = _dealer_sign_in(table, "D-9", "0000")
    assert words == "Wrong id or PIN: 4 attempts left before a 5 min lock"
    assert _dealer_sign_in(table, "NOBODY", "0000") == words  # the id is not confirmed
    for _ in range(3):
        words = _dealer_sign_in(table, "D-9", "0000")
    words = _dealer_sign_in(table, "D-9", "0000")
    assert words.startswith("Wrong id or PIN: locked for 5 min after 5 wrong PINs")
    panel = table.window.sign_in  # the time left counts down under the form
    qtbot.waitUntil(lambda: re.match(r"Locked after too many wrong PINs: try again in "
                                     r"4 min \d+ s", panel.message.text()) is not None,
                    timeout=5_000)
    words = _dealer_sign_in(table, "D-9", "4321")
    assert re.match(r"Locked after too many wrong PINs: try again in (5 min|4 min \d+ s), "
                    "or ask a supervisor to unlock it$", words), words

    page = _open_accounts(table)  # another supervisor unlocks, during the round
    assert re.match(r"locked \((5 min|4 min \d+ s) left\)$", page.state_text()["D-9"])
    page.choose("D-9")
    assert page.unlock_button.isEnabled()
    with qtbot.waitActive(table.window):
        table.window.activateWindow()
    table.click(page.unlock_button)
    assert page.unlock_button.hasFocus()  # the tap gave it the keyboard
    _wait_calls(table)
    assert page.state_text()["D-9"] == "active"
    # greyed once unlocked, UNLOCK passes the keyboard to the list, not to DISABLE (one Space
    # or Enter more disabled the account just unlocked)
    assert not page.unlock_button.isEnabled() and not page.active_button.hasFocus()
    assert page.table.hasFocus()
    _sign_out_staff(table)

    assert _choose_own_pin_at_sign_in(table, "D-9", "4321", "4848") == ""
    snap = table.wait(lambda s: s.step.phase != "signed_out")
    assert snap.table.title == round_title  # the same round, carried on by D-9
    assert bar.on_duty == "Nia Dealer (D-9) · dealer"
    assert bar.sign_out_button.isVisible()
    assert bar.sign_out_button.text().endswith("(D-9)\nSIGN OUT")

    page = _open_accounts(table)  # disabling the dealer on duty signs them out
    page.choose("D-9")
    table.click(page.active_button)
    _wait_calls(table)
    assert page.state_text()["D-9"] == "disabled"
    _sign_out_staff(table)
    table.wait(lambda s: s.step.phase == "signed_out" and s.on_duty == "")
    records = _audit(tmp_path)
    events = [(r["kind"], r["data"].get("event"), r["data"].get("user"), r["actor"])
              for r in records if r["kind"] == "user"]
    assert ("user", "created", "D-9", SUPERVISOR) in events
    assert ("user", "unlocked", "D-9", SUPERVISOR) in events
    assert ("user", "disabled", "D-9", SUPERVISOR) in events
    sessions = [r["data"]["session"] for r in records if r["kind"] == "session"]
    dealer = [s for s in sessions if s["screen"] == "dealer" and s["user"] == "D-9"]
    assert dealer and dealer[-1]["ended"] and dealer[-1]["end_reason"] == "signed out"
    ours = [s for s in sessions if s["screen"] == "supervisor" and s["ended"]]
    assert len({s["id"] for s in ours}) == 3  # each staff sign-in a session, each ended


def test_the_first_start_form_is_one_form_under_the_instruction(qtbot: Any,
                                                                 tmp_path: Path) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        assert table.phase == "first_start"
        panel = table.window.sign_in
        assert panel.pin_again.isVisible() and not panel.message.isVisible()
        panel.user.setText("S-1")
        panel.name.setText("Sam")
        panel.pin.setText("1234")
        panel.pin_again.setText("1234")
        qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
        assert panel.message.text() == "A supervisor's PIN is 6 to 12 digits."
        assert table.phase == "first_start"
    finally:
        table.close()


def test_a_locks_time_left_counts_down_to_its_end_under_the_sign_in_form(qtbot: Any) -> None:
    from dealer_station.ui.sign_in import SignInPanel

    panel = SignInPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_message("wrong id or PIN: locked for 5 s after 5 wrong PINs in a row", 2.5)
    assert panel.message.text().startswith("Wrong id or PIN: locked for 5 s")
    qtbot.waitUntil(lambda: panel.message.text().startswith(
        "Locked after too many wrong PINs: try again in 2 s"), timeout=3_000)
    qtbot.waitUntil(lambda: panel.message.text() == "The lock has ended: sign in again.",
                    timeout=4_000)


def test_users_command_while_the_window_runs_is_done_by_it_and_shown_at_once(
        qtbot: Any, tmp_path: Path, table: Table) -> None:
    """``dealer-station users`` while the dealer's screen holds the table: the window's station
    does it (on its worker thread) and the screen follows at once."""
    import os
    import subprocess
    import sys

    def users(*argv: str, stdin: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(Path(sys.executable).parent / "dealer-station"),
                               "--data-dir", str(tmp_path), "users", *argv, "--pin-stdin"],
                              input=stdin, capture_output=True, text=True, timeout=120,
                              env={**os.environ})

    table.click(table.window.health.sign_out_button)
    table.wait(lambda s: s.step.phase == "signed_out")
    done = users("add", "D-5", "--name", "Dee Five", "--role", "dealer", "--by", SUPERVISOR,
                 stdin=f"5151\n{PIN}\n")
    assert done.returncode == 0 and done.stdout.strip() == "created dealer D-5", done.stderr
    assert _choose_own_pin_at_sign_in(table, "D-5", "5151", "5252") == ""
    table.wait(lambda s: s.on_duty == "Dee Five (D-5) · dealer")
    done = users("disable", "D-5", "--by", SUPERVISOR, stdin=f"{PIN}\n")
    assert done.returncode == 0, done.stderr
    table.wait(lambda s: s.step.phase == "signed_out" and s.on_duty == "")
    refused = users("enable", "D-5", "--by", "D-5", stdin="5252\n")
    assert refused.returncode != 0
    assert refused.stderr.strip().splitlines() == [
        "dealer-station: wrong id or PIN: 4 attempts left before a 5 min lock"]


def test_the_staff_sign_in_counts_a_locks_time_left_down_for_an_unknown_id_too(
        qtbot: Any, tmp_path: Path, table: Table) -> None:
    staff = table.window.staff
    table.click(staff.supervisor_button)
    form = staff.supervisor.sign_in_panel
    for left in (4, 3, 2, 1):
        form.user.setText("S-GHOST")
        form.pin.setText("000000")
        table.click(form.sign_in_button)
        _wait_calls(table)
        plural = "s" if left != 1 else ""
        assert form.message.text() == (f"Refused: wrong id or PIN: {left} attempt{plural} "
                                       "left before a 5 min lock")
    form.pin.setText("000000")
    table.click(form.sign_in_button)
    _wait_calls(table)
    assert form.message.text().startswith("Refused: wrong id or PIN: locked for 5 min")
    qtbot.waitUntil(lambda: re.match(r"Refused: locked after too many wrong PINs: try "
                                     r"again in 4 min \d+ s", form.message.text())
                    is not None, timeout=5_000)
    table.click(form.cancel_button)


def test_a_refused_account_keeps_its_id_and_name_and_a_made_one_resets_the_form(
        qtbot: Any, table: Table) -> None:
    """An id the station refuses (taken already) keeps what was typed, to correct it — the id
    and name were cleared as the request was sent. A made account leaves the form empty with the
    role back to dealer — the last role stayed, and the next account silently took it."""
    page = _open_accounts(table)
    _create(table, page, "T-5", "Tia Tech", "technician", "654321")
    assert page.message.text() == "Created technician T-5 (Tia Tech)."
    assert (page.new_id.text(), page.new_name.text()) == ("", "")
    assert page.new_role.value() == "dealer"
    _create(table, page, "T-5", "Tom Tech", "technician", "654321")  # the id is taken
    assert page.message.text().startswith("Refused:"), page.message.text()
    assert (page.new_id.text(), page.new_name.text()) == ("T-5", "Tom Tech")
    assert page.new_role.value() == "technician"
    _sign_out_staff(table)


def test_an_account_is_created_with_enter_from_box_to_box(qtbot: Any, table: Table) -> None:
    """Id, Enter, name, Enter, PIN, Enter, PIN again, Enter creates the account (Enter did
    nothing in these boxes: the keyboard user had to reach for CREATE ACCOUNT)."""
    page = _open_accounts(table)
    with qtbot.waitActive(table.window):
        table.window.activateWindow()
    page.new_id.setFocus()
    for box, words in ((page.new_id, "D-4242"), (page.new_name, "Kay Board"),
                       (page.new_pin, "4242")):
        assert box.hasFocus()
        qtbot.keyClicks(box, words)
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert page.new_pin_again.hasFocus()
    qtbot.keyClicks(page.new_pin_again, "4242")
    qtbot.keyClick(page.new_pin_again, Qt.Key.Key_Return)
    _wait_calls(table)
    assert "D-4242" in [account.id for account in page.accounts]


def test_the_create_form_waits_for_the_station_and_then_takes_the_next_account(
        qtbot: Any, table: Table) -> None:
    """While the station checks a new account (a PIN's hash takes seconds), the CREATE ACCOUNT
    form takes no typing: the next account typed meanwhile went on the end of the first one's
    id, then the answer wiped the id and name and put the role back to dealer, and the PINs
    typed after went into the boxes of a form that no longer held the account meant. Once
    answered, the form is empty and the id box takes the next account."""
    page = _open_accounts(table)
    with qtbot.waitActive(table.window):
        table.window.activateWindow()
    page.new_id.setText("D-77")
    page.new_name.setText("Ann Early")
    page.new_pin.setText("7777")
    page.new_pin_again.setText("7777")
    table.click(page.create_button)
    assert page.calls.pending == 1
    assert not page.new_id.isEnabled() and not page.create_button.isEnabled()
    assert not page.new_role.buttons["supervisor"].isEnabled()
    qtbot.keyClicks(page.new_id, "S-78")  # typed at once: not taken
    assert page.new_id.text() == "D-77"
    _wait_calls(table)
    assert page.message.text() == "Created dealer D-77 (Ann Early)."
    assert page.new_id.isEnabled() and page.new_id.hasFocus()
    for box, words in ((page.new_id, "S-78"), (page.new_name, "Bo Next")):
        qtbot.keyClicks(box, words)
    table.click(page.new_role.buttons["supervisor"])
    page.new_pin.setText("787878")
    page.new_pin_again.setText("787878")
    table.click(page.create_button)
    _wait_calls(table)
    made = {account.id: account.role for account in page.accounts}
    assert (made["D-77"], made["S-78"]) == ("dealer", "supervisor")
    _sign_out_staff(table)
