"""The supervisor's Configuration and Accounts pages on the real dealer's screen read plainly
(issue: what a new user met): the games by their names, on/off settings as boxes, a return's
"%" on its line, each role a button of its own, the accounts list as tall as the page allows,
a success in the success colour. Clicks and typing on the window's widgets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gui_harness import Table, create_accounts
from PySide6.QtCore import QPoint, Qt
from test_accounts_gui import _create, _wait_calls

from dealer_station.ui.messages import ERROR

pytestmark = pytest.mark.gui

#: A second supervisor: the one on duty as the dealer may not change the configuration.
SECOND, SECOND_PIN = "S-200", "135713"


@pytest.fixture
def table(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    """The real dealer's screen, its first supervisor on duty as the dealer; :data:`SECOND`
    signs in on the supervisor's screen."""
    create_accounts(str(tmp_path), monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    opened = Table(qtbot, str(tmp_path), "let_it_ride")
    opened.sign_in_supervisor()
    yield opened
    opened.close()


def _open(table: Table, page: str) -> Any:
    screen = table.window.staff.supervisor
    table.staff_sign_in(screen, SECOND, SECOND_PIN)
    table.click(screen.pages.buttons[page])
    _wait_calls(table)
    return screen


def _settings(table: Table) -> dict[str, Any]:
    found: list[dict[str, Any]] = []
    table.window.call(lambda controller: found.append(controller.station.settings))
    table.qtbot.waitUntil(lambda: bool(found), timeout=10_000)
    return found[0]


def test_the_games_are_named_and_the_one_dealt_is_marked(table: Table) -> None:
    """The page showed the code words let_it_ride / pai_gow in a drop-down."""
    page = _open(table, "Configuration").configuration
    table.qtbot.waitUntil(lambda: page.current_game == "let_it_ride", timeout=10_000)
    shown = {button.text(): button.isChecked() for button in page.game.buttons.values()}
    assert shown == {"Let It Ride": True, "Pai Gow Poker": False}
    table.click(page.game.buttons["pai_gow"])
    table.qtbot.waitUntil(lambda: page.shown_game == "pai_gow", timeout=30_000)
    assert page.message.text().startswith("The shipped Pai Gow Poker configuration")
    assert "pai_gow" not in page.message.text()
    table.click(page.game.buttons["let_it_ride"])  # back: the table's own, stored settings
    table.qtbot.waitUntil(lambda: page.shown_game == "let_it_ride", timeout=30_000)
    assert page.game.value() == "let_it_ride" and "table.minimum" in page.editors


def test_an_on_off_setting_is_a_check_box_and_unticking_it_applies_off(table: Table) -> None:
    """On/off values were typed "yes"/"no" in text boxes."""
    page = _open(table, "Configuration").configuration
    table.qtbot.waitUntil(lambda: "bonus.offered" in page.toggles, timeout=10_000)
    assert "bonus.offered" not in page.editors
    box = page.toggles["bonus.offered"]
    assert box.isChecked() and box.text() == "bonus · offered"
    # a tap on the box (the row is as wide as the form; the words and box are at its left)
    table.qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(12, box.height() // 2))
    assert not box.isChecked()
    table.click(page.apply_button)
    table.qtbot.waitUntil(lambda: page.message.text().startswith(("Applied", "Refused")),
                          timeout=30_000)
    assert page.message.text().startswith("Applied"), page.message.text()
    assert page.message.objectName() == "good"  # a success in the success colour
    assert _settings(table)["bonus"]["offered"] is False


def test_a_theoretical_return_keeps_its_percent_sign_beside_the_figure(table: Table) -> None:
    """ "96.494 %" wrapped the "%" alone onto the next line: a no-break space holds it."""
    page = _open(table, "Configuration").configuration
    table.qtbot.waitUntil(lambda: "Base game (as configured): return 96.494"
                          in page.returns.text(), timeout=60_000)
    text = page.returns.text()
    assert "96.494\u00a0%" in text and " %" not in text


def test_each_role_is_a_button_and_a_tap_makes_that_role(table: Table) -> None:
    """The role drop-down opened centred on the current role: a tap meant for technician made
    a supervisor."""
    page = _open(table, "Accounts").accounts
    assert [b.text() for b in page.new_role.buttons.values()] == [
        "Dealer", "Supervisor", "Technician"]
    table.click(page.new_role.buttons["technician"])
    assert page.new_pin.placeholderText() == "6 to 12 digits"
    _create(table, page, "T-9", "Tara Tech", "technician", "515253")
    assert {a.id: a.role for a in page.accounts}["T-9"] == "technician"
    assert page.new_role.value() == "dealer" and page.new_pin.placeholderText() == "4 to 12 digits"


def test_a_success_reads_in_the_success_colour_and_a_refusal_in_the_warn_colour(
        table: Table) -> None:
    """Success messages were orange, the warn colour."""
    page = _open(table, "Accounts").accounts
    _create(table, page, "D-9", "Dan Dealer", "dealer", "9753")
    assert page.message.text() == "Created dealer D-9 (Dan Dealer)."
    assert page.message.objectName() == "good"
    _create(table, page, "D-9", "Dan Dealer", "dealer", "9753")  # the id is taken
    assert page.message.text().startswith("Refused:")
    assert page.message.objectName() == ERROR  # the screens' one error look


def test_the_accounts_list_takes_the_height_the_forms_leave(table: Table) -> None:
    """The list was a box of a fixed share of the page (4½ rows at 1280×800)."""
    page = _open(table, "Accounts").accounts
    for number in range(8):
        _create(table, page, f"D-{number}", f"Dealer {number}", "dealer", "2468")
    table.qtbot.waitUntil(lambda: len(page.accounts) == 10, timeout=10_000)
    rows = page.table.viewport().height() // page.table.rowHeight(0)
    assert rows >= 6, rows  # 4 before
    lower = page.create_button.parentWidget()
    assert lower.height() <= lower.sizeHint().height() + 4  # the forms at their own height


def test_the_three_card_tables_are_offered_with_what_they_pay(table: Table) -> None:
    """5324.34(f)(4): each three-card bonus table A-F is offered with its pays (a letter alone
    told the supervisor nothing), each button read whole at 1280x800."""
    from clipped_text import clipped_texts

    from dealer_station.games.let_it_ride.paytables import three_card_minimum

    page = _open(table, "Configuration").configuration
    table.qtbot.waitUntil(lambda: page.current_game == "let_it_ride", timeout=10_000)
    chooser = page.choosers["three_card_bonus.pay_table"]
    for letter, button in chooser.buttons.items():
        words = " ".join(button.text().split())
        pays = three_card_minimum(letter)
        assert words.startswith(f"table {letter}: ")
        assert f"straight {pays['straight'].to_win}," in words, words
        assert f"flush {pays['flush'].to_win}," in words, words
        assert ("mini royal 50" in words) == (letter in "DEF"), words
    page.fields_area.ensureWidgetVisible(chooser)
    table.qtbot.wait(100)
    cut = [line for line in clipped_texts(table.window)
           if "table " in line and ": pair" in line]
    assert cut == []


def _look(label: Any) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A message box's border and background colours as drawn (its left edge, half way down,
    and just inside it)."""
    from PySide6.QtGui import QColor

    label.adjustSize()
    image = label.grab().toImage()
    middle = image.height() // 2
    border, inside = QColor(image.pixel(1, middle)), QColor(image.pixel(4, middle))
    return ((border.red(), border.green(), border.blue()),
            (inside.red(), inside.green(), inside.blue()))


def test_an_error_and_a_note_look_the_same_on_every_screen(table: Table) -> None:
    """One look for errors, one for notes, on every screen: the supervisor's refusal looks as
    the dealer's error does (it was warm text there, a red box here), the supervisor's note as
    the dealer's form's note, and the two looks differ."""
    from dealer_station.ui.messages import NOTE

    page = _open(table, "Accounts").accounts
    _create(table, page, "D-9", "Dan Dealer", "dealer", "9753")
    _create(table, page, "D-9", "Dan Dealer", "dealer", "9753")  # the id is taken: refused
    assert page.message.objectName() == ERROR and page.message.isVisible()
    staff_error = _look(page.message)
    table.window.show_error("Refused: the dealer's screen's own error")
    dealer_error = _look(table.window.error)
    assert staff_error == dealer_error
    form = table.window.form.message
    form.note("A note on the dealer's form")
    page.message.note("A note on the supervisor's page")
    assert page.message.objectName() == form.objectName() == NOTE
    assert _look(page.message) == _look(form)
    assert _look(page.message) != staff_error
    card_entry = table.window.card_entry.message
    card_entry.error("Tap a rank first, then its suit.")
    assert _look(card_entry) == dealer_error
