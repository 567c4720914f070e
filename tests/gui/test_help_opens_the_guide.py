"""HELP on each screen opens that person's guide at the section of what the screen shows, in a
viewer over the window (screenshots drawn, the dealer's keys not taken while reading), CLOSE
returns to the screen as it was; the quick card is saved as a one-page PDF from the viewer and
from ``dealer-station guide --card``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextDocument

from dealer_station import cli
from dealer_station.ui.help import HelpViewer
from tests.gui.gui_harness import (
    PIN,
    SUPERVISOR,
    TECHNICIAN,
    TECHNICIAN_PIN,
    Table,
    create_accounts,
)

pytestmark = pytest.mark.gui


def viewer_of(table: Table) -> HelpViewer:
    viewer = table.window.findChild(HelpViewer)
    assert viewer is not None, "HELP opened no viewer"
    return viewer


def open_help(table: Table, button: Any, section: str) -> HelpViewer:
    table.click(button)
    viewer = viewer_of(table)
    assert viewer.isVisible()
    assert viewer.section == section
    table.qtbot.waitUntil(lambda: viewer.top_heading() == section, timeout=5_000)
    return viewer


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def test_dealers_help_opens_the_section_of_the_screen_and_takes_no_key_of_the_round(
        qtbot: Any, tmp_path: Path) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    help_button = table.window.help_button
    assert help_button.text() == "HELP" and help_button.isVisible()
    viewer = open_help(table, help_button, "Starting a shift")
    table.click(viewer.close_button)
    assert not viewer.isVisible()
    open_help(table, help_button, "Starting a shift")
    qtbot.keyClick(viewer.text, Qt.Key.Key_Escape)  # Esc closes it too
    assert not viewer.isVisible()

    table.sign_in_supervisor()
    assert table.phase == "between_rounds"
    viewer = open_help(table, help_button, "A Let It Ride round")
    # the guide's screenshots are drawn (they come from docs/journeys)
    document = viewer.text.document()
    images = [fragment.charFormat().toImageFormat().name()
              for block in _blocks(document) for fragment in _fragments(block)
              if fragment.charFormat().isImageFormat()]
    assert images and all("../journeys/" in name for name in images)
    for name in images:
        image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(name))
        assert image is not None and not image.isNull(), name

    records = table.snapshot.records
    with qtbot.waitActive(table.window):
        table.window.activateWindow()
    qtbot.keyClick(table.window, Qt.Key.Key_S)  # START ROUND's key, while reading
    qtbot.wait(1000)
    assert table.snapshot.records == records and table.phase == "between_rounds"
    table.click(viewer.close_button)
    qtbot.keyClick(table.window, Qt.Key.Key_S)  # the guide closed: the key starts the round
    table.wait(lambda s: s.step.phase == "betting")
    table.close()


def _blocks(document: QTextDocument) -> list[Any]:
    found, block = [], document.begin()
    while block.isValid():
        found.append(block)
        block = block.next()
    return found


def _fragments(block: Any) -> list[Any]:
    found, it = [], block.begin()
    while not it.atEnd():
        found.append(it.fragment())
        it += 1
    return found


def test_staff_help_opens_the_section_of_the_page_shown(
        qtbot: Any, tmp_path: Path, monkeypatch: Any) -> None:
    create_accounts(str(tmp_path), monkeypatch, (TECHNICIAN, "technician", TECHNICIAN_PIN))
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    supervisor = table.window.staff.supervisor
    table.click(table.window.staff.supervisor_button)
    assert supervisor.sign_in_help_button is not None
    viewer = open_help(table, supervisor.sign_in_help_button, "Opening your screen")
    assert viewer.guide == "supervisor" and viewer.isVisible() and supervisor.isVisible()
    table.click(viewer.close_button)
    table.staff_sign_in(supervisor, SUPERVISOR, PIN)
    table.click(supervisor.pages.buttons["Accounts"])
    assert supervisor.help_button is not None and supervisor.help_button.isVisible()
    viewer = open_help(table, supervisor.help_button, "Accounts")
    assert viewer.guide == "supervisor"
    table.click(viewer.close_button)
    table.click(supervisor.pages.buttons["Progressive validation"])
    open_help(table, supervisor.help_button, "Validating a progressive")
    table.click(viewer.close_button)
    table.click(supervisor.header.sign_out_button)
    qtbot.waitUntil(lambda: not supervisor.isVisible(), timeout=10_000)

    technician = table.window.staff.technician
    table.staff_sign_in(technician, TECHNICIAN, TECHNICIAN_PIN)
    table.click(technician.pages.buttons["Frame trace"])
    assert technician.help_button is not None
    viewer = open_help(table, technician.help_button, "Reading the frame trace")
    assert viewer.guide == "technician"
    table.click(viewer.close_button)
    table.click(technician.header.sign_out_button)
    table.close()


def test_the_quick_card_is_saved_from_the_viewer_as_one_page(
        qtbot: Any, tmp_path: Path) -> None:
    table = Table(qtbot, str(tmp_path / "data"), "pai_gow")
    viewer = open_help(table, table.window.help_button, "Starting a shift")
    target = tmp_path / "card.pdf"
    viewer.save_card_to(target)
    qtbot.waitUntil(lambda: "saved" in viewer.message.text(), timeout=10_000)
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and pdf_pages(data) == 1
    viewer.save_card_to(tmp_path / "no-such-folder" / "card.pdf")
    qtbot.waitUntil(lambda: "could not be saved" in viewer.message.text(), timeout=10_000)
    table.close()


def test_guide_card_writes_a_one_page_pdf(tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "card.pdf"
    assert cli.main(["guide", "--card", str(target)]) == 0
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and pdf_pages(data) == 1
    assert b"Dealer Station" in data or len(data) > 5_000


def test_guide_lists_the_guides_and_refuses_bad_input_in_one_line(
        tmp_path: Path, capsys: Any) -> None:
    assert cli.main(["guide"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listed] == [
        "dealer", "supervisor", "technician", "quick-card"]
    assert all(Path(line.split(None, 1)[1]).is_file() for line in listed)
    assert cli.main(["guide", "--card", str(tmp_path / "card.txt")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and ".pdf" in error
    assert cli.main(["guide", "--card", str(tmp_path / "missing" / "card.pdf")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error


def test_after_the_save_dialog_the_guide_takes_the_keys_again(qtbot: Any, tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    """SAVE THE QUICK CARD (PDF), the file chosen, the dialog closed: Esc closes the guide, as
    before the dialog (with no window manager the window stayed inactive once the dialog
    closed and Esc did nothing; seen on a bare X server)."""
    from PySide6.QtWidgets import QFileDialog, QLineEdit

    table = Table(qtbot, str(tmp_path / "data"), "let_it_ride")
    viewer = open_help(table, table.window.help_button, "Starting a shift")
    elsewhere = QLineEdit()  # the dialog's own box holds the keys while it is open
    qtbot.addWidget(elsewhere)
    target = tmp_path / "card.pdf"

    def chosen(*_args: Any, **_kwargs: Any) -> tuple[str, str]:
        elsewhere.show()
        elsewhere.setFocus()
        return str(target), "PDF (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", chosen)
    table.click(viewer.card_button)
    qtbot.waitUntil(lambda: "saved" in viewer.message.text(), timeout=10_000)
    assert viewer.text.hasFocus()
    qtbot.keyClick(viewer.text, Qt.Key.Key_Escape)
    assert not viewer.isVisible()
    table.close()
