"""Pit supervisors are managed as a station's accounts are, through ``dealer-station floor
supervisor``: listed with their state, a new PIN (lifting a lock), unlocked after wrong PINs,
disabled and enabled — each by another pit supervisor's id and PIN, never on one's own
account, each change audited on the floor (they could only be added); the same on the pit
screen's SUPERVISORS tab."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton


def _floor(url: str, *arguments: str, pins: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "supervisor",
                           *arguments, "--pin-stdin", "--url", url], input=pins,
                          capture_output=True, text=True, timeout=60)


def _states(url: str) -> dict[str, str]:
    listed = _floor(url, "list")
    assert listed.returncode == 0, listed.stderr
    return {line.split("  ")[0]: line.split("  ")[-1] for line in listed.stdout.splitlines()}


def _audit(url: str) -> list[tuple[str, str, Any]]:
    from dealer_station.floor.config import connect

    with connect(url) as connection:
        rows = connection.execute("SELECT actor, event, detail->>'user' FROM pit_audit WHERE "
                                  "event NOT IN ('sign_in', 'sign_in_failed') ORDER BY id")
        return [tuple(row) for row in rows.fetchall()]


def _one_line_refusal(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 2, result.stdout
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_a_locked_pit_supervisor_is_unlocked_by_another_and_never_by_themself(
        floor_url: str) -> None:
    assert _floor(floor_url, "add", "S9", "--name", "Sal Pit",
                  pins="919191\n919191\n").returncode == 0
    added = _floor(floor_url, "add", "S8", "--name", "Sid Pit", "--by", "S9",
                   pins="818181\n818181\n919191\n")
    assert added.returncode == 0, added.stderr
    assert _states(floor_url) == {"S8": "active", "S9": "active"}
    for _ in range(5):  # S8's wrong PINs (adding someone): the fifth locks the account
        wrong = _floor(floor_url, "add", "S7", "--name", "Sue", "--by", "S8",
                       pins="717171\n717171\n000000\n")
        assert wrong.returncode == 2
    assert _states(floor_url)["S8"].startswith("locked (")
    _one_line_refusal(_floor(floor_url, "unlock", "S8", "--by", "S8", pins="818181\n"),
                      "another pit supervisor unlocks")
    unlocked = _floor(floor_url, "unlock", "S8", "--by", "S9", pins="919191\n")
    assert unlocked.returncode == 0 and "S8 unlocked by S9" in unlocked.stdout
    assert _states(floor_url)["S8"] == "active"
    assert _floor(floor_url, "add", "S7", "--name", "Sue", "--by", "S8",
                  pins="717171\n717171\n818181\n").returncode == 0  # S8's PIN works again
    assert ("S9", "unlocked", "S8") in _audit(floor_url)


def test_a_new_pin_is_set_by_another_or_by_oneself_and_the_old_one_stops_working(
        floor_url: str) -> None:
    _floor(floor_url, "add", "S9", "--name", "Sal Pit", pins="919191\n919191\n")
    _floor(floor_url, "add", "S8", "--name", "Sid Pit", "--by", "S9",
           pins="818181\n818181\n919191\n")
    _one_line_refusal(_floor(floor_url, "pin", "S8", "--by", "S9",
                             pins="828282\n828283\n919191\n"), "the two new PINs differ")
    _one_line_refusal(_floor(floor_url, "pin", "S8", "--by", "S9", pins="12\n12\n919191\n"),
                      "6 to 12 digits")
    changed = _floor(floor_url, "pin", "S8", "--by", "S9", pins="828282\n828282\n919191\n")
    assert changed.returncode == 0 and "new PIN set by S9" in changed.stdout
    _one_line_refusal(_floor(floor_url, "unlock", "S9", "--by", "S8", pins="818181\n"),
                      "wrong id or PIN")  # the old PIN
    mine = _floor(floor_url, "pin", "S8", "--by", "S8", pins="838383\n838383\n828282\n")
    assert mine.returncode == 0, mine.stderr  # one's own, with the current PIN
    assert _floor(floor_url, "unlock", "S9", "--by", "S8", pins="838383\n").returncode == 0
    assert [row for row in _audit(floor_url) if row[1] == "pin_changed"] == [
        ("S9", "pin_changed", "S8"), ("S8", "pin_changed", "S8")]


def test_a_disabled_pit_supervisor_cannot_act_until_enabled_and_nobody_disables_themself(
        floor_url: str) -> None:
    _floor(floor_url, "add", "S9", "--name", "Sal Pit", pins="919191\n919191\n")
    _floor(floor_url, "add", "S8", "--name", "Sid Pit", "--by", "S9",
           pins="818181\n818181\n919191\n")
    _one_line_refusal(_floor(floor_url, "disable", "S9", "--by", "S9", pins="919191\n"),
                      "may not disable their own account")
    disabled = _floor(floor_url, "disable", "S8", "--by", "S9", pins="919191\n")
    assert disabled.returncode == 0 and "S8 disabled by S9" in disabled.stdout
    assert _states(floor_url) == {"S8": "disabled", "S9": "active"}
    _one_line_refusal(_floor(floor_url, "unlock", "S9", "--by", "S8", pins="818181\n"),
                      "wrong id or PIN")  # the same words as an unknown id
    _one_line_refusal(_floor(floor_url, "enable", "S7", "--by", "S9", pins="919191\n"),
                      "no pit supervisor S7")
    assert _floor(floor_url, "enable", "S8", "--by", "S9", pins="919191\n").returncode == 0
    assert _states(floor_url)["S8"] == "active"
    assert _floor(floor_url, "unlock", "S9", "--by", "S8", pins="818181\n").returncode == 0
    events = [row for row in _audit(floor_url) if row[1] in ("disabled", "enabled")]
    assert events == [("S9", "disabled", "S8"), ("S9", "enabled", "S8")]


@pytest.mark.gui
def test_the_pit_screen_lists_its_supervisors_and_unlocks_sets_a_pin_and_disables(
        qtbot: Any, floor_url: str) -> None:
    """The pit screen's SUPERVISORS tab: each pit supervisor with its state; a locked one
    unlocked, given a new PIN and disabled by another (id and PIN), one's own refused."""
    from dealer_station.auth import AuthenticationError
    from dealer_station.floor.config import connect
    from dealer_station.floor.pit_auth import add_supervisor, authenticate
    from dealer_station.ui.pit import PitWindow

    with connect(floor_url) as connection:
        add_supervisor(connection, "S9", "Sal Pit", "919191", by="floor")
        add_supervisor(connection, "S8", "Sid Pit", "818181", by="S9", by_pin="919191")
        for _ in range(5):
            with pytest.raises(AuthenticationError):
                authenticate(connection, "S8", "000000")
    window = PitWindow(floor_url)
    qtbot.addWidget(window)
    window.show()
    # no help line holds the window wider than the 1280 pixels of a table PC's screen
    assert window.minimumSizeHint().width() <= 1280, window.minimumSizeHint()
    buttons = {b.text(): b for b in window.findChildren(QPushButton)}
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(4).center())
    qtbot.waitUntil(lambda: window.supervisors.rowCount() == 2, timeout=15_000)

    def states() -> dict[str, str]:
        table = window.supervisors
        return {table.item(r, 0).text(): table.item(r, 2).text()
                for r in range(table.rowCount())}

    def act(user: str, by: str, pin: str, button: str, outcome: str) -> None:
        window.supervisors.selectRow(window.supervisor_ids.index(user))
        window.manager.setText(by)
        window.manager_pin.setText(pin)
        qtbot.mouseClick(buttons[button], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.outcome.text() == outcome, timeout=15_000)
        assert window.manager_pin.text() == ""  # never left on the screen

    assert states()["S8"].startswith("locked (") and states()["S9"] == "active"
    act("S8", "S9", "919191", "UNLOCK", "Pit supervisor S8 unlocked by S9.")
    qtbot.waitUntil(lambda: states()["S8"] == "active", timeout=15_000)
    window.new_pin.setText("828282")
    window.new_pin_again.setText("828282")
    act("S8", "S9", "919191", "SET NEW PIN",
        "Pit supervisor S8: new PIN set by S9 (any lock is lifted).")
    with connect(floor_url) as connection:
        assert authenticate(connection, "S8", "828282", purpose="test") == "S8"
    act("S9", "S9", "919191", "DISABLE",
        "Refused: a pit supervisor may not disable their own account")
    act("S8", "S9", "919191", "DISABLE", "Pit supervisor S8 disabled by S9.")
    qtbot.waitUntil(lambda: states()["S8"] == "disabled", timeout=15_000)
    assert ("S9", "disabled", "S8") in _audit(floor_url)
    window.close()


def test_the_pit_screen_adds_a_pit_supervisor_as_the_floor_command_does(
        qtbot: Any, floor_url: str) -> None:
    """ADD SUPERVISOR on the SUPERVISORS tab: the floor's first pit supervisor without another's
    PIN; later ones by a pit supervisor's id and PIN, with the PIN rules of ``floor supervisor
    add`` (6-12 digits, typed twice), one line for each refusal and nothing stored; each
    addition audited with who added."""
    from dealer_station.floor.config import connect
    from dealer_station.floor.pit_auth import authenticate
    from dealer_station.ui.pit import PitWindow
    from dealer_station.ui.theme import THEME

    window = PitWindow(floor_url)
    qtbot.addWidget(window)
    window.show()
    buttons = {b.text(): b for b in window.findChildren(QPushButton)}
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(4).center())

    def add(user: str, name: str, pin: str, again: str, by: str, by_pin: str,
            outcome: str) -> None:
        for field, text in ((window.add_id, user), (window.add_name, name),
                            (window.add_pin, pin), (window.add_pin_again, again),
                            (window.manager, by), (window.manager_pin, by_pin)):
            field.clear()
            qtbot.keyClicks(field, text)
        window.outcome.clear()
        qtbot.mouseClick(buttons["ADD SUPERVISOR"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.outcome.text() != "", timeout=15_000)
        assert window.outcome.text() == outcome
        assert window.add_pin.text() == "" or outcome.startswith(("Give", "The two"))
        # an addition in the success colour, anything else in the warm one
        colour = THEME.ok if outcome.startswith("Pit supervisor") else THEME.current
        assert f"color: {colour}" in window.outcome.styleSheet()

    # the floor's first: no other supervisor's PIN (recorded with the id given)
    add("S9", "Sal Pit", "919191", "919191", "floor-admin", "",
        "Pit supervisor S9 (Sal Pit) added by floor-admin.")
    qtbot.waitUntil(lambda: window.supervisor_ids == ["S9"], timeout=15_000)
    # bad input: one line each, nothing stored
    add("S7", "Sue Pit", "1234", "1234", "S9", "919191",
        "Refused: a supervisor's PIN is 6 to 12 digits")
    add("S7", "Sue Pit", "717171", "717172", "S9", "919191",
        "The two PINs differ: type the same PIN twice.")
    add("S7", "Sue Pit", "717171", "717171", "", "",
        "Give your id and PIN: the new supervisor is added and recorded with them.")
    add("S7", "Sue Pit", "717171", "717171", "S9", "000000",
        "Refused: wrong id or PIN: 4 attempts left before a 5 min lock")
    add("S9", "Sal Again", "717171", "717171", "S9", "919191",
        "Refused: pit supervisor S9 exists already")
    assert window.supervisor_ids == ["S9"]
    add("S7", "Sue Pit", "717171", "717171", "S9", "919191",
        "Pit supervisor S7 (Sue Pit) added by S9.")
    qtbot.waitUntil(lambda: window.supervisor_ids == ["S7", "S9"], timeout=15_000)
    assert window.supervisors.item(0, 2).text() == "active"
    assert window.add_id.text() == window.add_name.text() == ""
    with connect(floor_url) as connection:
        assert authenticate(connection, "S7", "717171", purpose="test") == "S7"
    assert [row for row in _audit(floor_url) if row[1] == "supervisor_added"] == [
        ("floor-admin", "supervisor_added", "S9"), ("S9", "supervisor_added", "S7")]
    window.close()
