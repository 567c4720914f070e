"""The winner's identification on the supervisor's validation page: a payout that reaches the
reporting threshold (the shipped $10,000 progressive) shows the form — ID type, name, ID
number, address — and is approved only when it is filled; the jackpot record shown then
prints it; a payout under the threshold ($50) asks for nothing. The page at 1280x800 with the
form shown keeps every claim row and field whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import test_supervisor_screen
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton
from test_supervisor_screen import sign_in
from winner_support import WINNER, enter_winner

from dealer_station.ui.supervisor.screen import SupervisorScreen
from dealer_station.winners import winner_of

pytestmark = pytest.mark.gui

#: The supervisor screen's tests' Pai Gow round at the progressive validation.
pai_gow = test_supervisor_screen.pai_gow


def _validation_page(qtbot: Any, pai_gow: Any) -> tuple[SupervisorScreen, Any]:
    """The supervisor screen open, S2 signed in, the progressive validation page showing the
    round's claim that needs the winner's identification: ``(screen, page)``."""
    screen = SupervisorScreen(pai_gow.calls)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.start()
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.validation
    screen.pages.show_named("Progressive validation")
    qtbot.waitUntil(lambda: page.claim is not None and page.winner_needed(), timeout=20_000)
    return screen, page


def _cut(page: Any) -> list[str]:
    """The labels, fields and buttons of the page drawn smaller than they need (cut)."""
    cut = []
    widgets = [w for kind in (QLabel, QLineEdit, QPushButton) for w in page.findChildren(kind)]
    for widget in widgets:
        if not widget.isVisibleTo(page) or widget.visibleRegion().isEmpty():
            continue
        need = widget.minimumSizeHint()
        if isinstance(widget, QLabel) and widget.wordWrap():
            need.setHeight(widget.heightForWidth(widget.width()))
        if isinstance(widget, QLineEdit):  # its text's height (the focus frame is drawn in)
            need.setHeight(widget.fontMetrics().height() + 4)
        if widget.height() < need.height() or (
                isinstance(widget, QPushButton) and widget.width() < need.width()):
            cut.append(f"{type(widget).__name__} {widget.text()[:40]!r} {widget.size()} "
                       f"< {need}")
    return cut


def _look(screen: Any, page: Any, path: Path) -> None:
    """The screen at 1280x800 as drawn, saved to look at; nothing on the page cut."""
    QApplication.processEvents()  # the rows taken away are deleted, the layout done
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    shot = screen.grab()
    shot.save(str(path))
    assert (shot.width(), shot.height()) == (1280, 800)  # the page did not widen the screen
    assert _cut(page) == []


def test_the_winner_s_identification_is_filled_on_the_validation_page(
        qtbot: Any, pai_gow: Any, tmp_path: Path) -> None:
    screen, page = _validation_page(qtbot, pai_gow)
    assert page.claim_text()[-3].endswith(" · the winner's ID needed")  # the amount's row
    _look(screen, page, tmp_path / "validation-claim.png")
    # APPROVE AND PAY asks for the identification first, in place of the claim's rows
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    assert page.shown.currentWidget() is page.winner_box and page.record is None
    assert "reaches the reporting threshold ($600.00 and at least 300 times the wager)" in \
        page.winner_words.text()
    assert page.winner_id_type.value() == ""  # a person picks the ID type, none is picked
    _look(screen, page, tmp_path / "validation-winner-form.png")
    # approved without it: refused in one line, nothing paid
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record is None
    assert page.message.text() == ("Refused: the winner's identification needs the name "
                                   "[reporting threshold]"), page.message.text()
    page.winner_name.setText(WINNER.name)
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record is None and "needs the ID type" in page.message.text()
    # SHOW THE CLAIM shows the claim again, what was typed kept
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.shown.currentWidget() is page.claim_box
    assert page.winner_name.text() == WINNER.name
    assert enter_winner(page)
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record is not None, page.message.text()
    text = page.record_text.toPlainText()
    assert f"Winner             {WINNER.name}" in text
    assert f"ID                 passport {WINNER.id_number}" in text
    assert f"Address            {WINNER.address}" in text
    assert page.shown.currentWidget() is page.record_text and page.winner_name.text() == ""
    kept = pai_gow.call(lambda c: winner_of(c.station.store, page.record.number))
    assert kept == WINNER
    # the next payout, $50 from the reseeded meter: no identification asked for
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.claim is not None and page.claim.amount == 5000
    assert not page.winner_needed() and "winner's ID" not in " ".join(page.claim_text())
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record is not None and page.record.number == 2
    assert "Winner" not in page.record_text.toPlainText()
    assert pai_gow.call(lambda c: winner_of(c.station.store, 2)) is None


def test_a_rejection_needs_no_identification(qtbot: Any, pai_gow: Any) -> None:
    _screen, page = _validation_page(qtbot, pai_gow)  # held: the page is the screen's child
    page.reason.setText("cards disturbed before the validation")
    qtbot.mouseClick(page.reject_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.message.text().startswith("Rejected (cards disturbed"), page.message.text()
