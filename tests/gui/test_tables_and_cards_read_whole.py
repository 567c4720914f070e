"""Tables, lists and the felt's card boxes read whole at both window sizes (the window-size
journey's clip check, tests/gui/clipped_text.py, reads them too): seen at 1280x800 — the Meters
hits' Amount and Supervisor columns off screen; the Round history's rows cut to "positions
1,…"; seven cards in a position's box overlapping with the "10" cut to "1("; Let It Ride's chip
captions in cramped type."""

from __future__ import annotations

from typing import Any

import pytest
from clipped_text import READABLE_PX, clipped_cells, felt_unreadable
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_supervisor_screen import PAI_GOW_HANDS, sign_in
from winner_support import enter_winner

from dealer_station.preview import scripts
from dealer_station.preview.controllers import preview_controller, script_for
from dealer_station.preview.demo import DemoTable, play_pai_gow_to_validation
from dealer_station.ui.main_window import MainWindow
from dealer_station.ui.supervisor.history import RoundRow
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui

SIZES = [(1280, 800), (1920, 1080)]


@pytest.fixture
def pai_gow(qtbot: Any, tmp_path: Any) -> Any:
    """A Pai Gow table whose round waits for a natural royal's validation."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    demo.call(lambda c: play_pai_gow_to_validation(c.station, PAI_GOW_HANDS))
    yield demo
    demo.close()


@pytest.fixture
def pai_gow_screen(qtbot: Any, pai_gow: Any) -> SupervisorScreen:
    widget = SupervisorScreen(pai_gow.calls)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.start()
    return widget


def _settle(qtbot: Any) -> None:
    for _ in range(3):
        QApplication.processEvents()
    qtbot.wait(50)


def test_the_meters_hits_show_every_column_and_cell(qtbot, pai_gow, pai_gow_screen):
    """5324.41(k)(3): the hit's row, who validated it included, in view at both sizes."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    screen.pages.show_page(1)  # Progressive validation
    enter_winner(screen.validation)  # the hit reaches the reporting threshold
    qtbot.mouseClick(screen.validation.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    qtbot.mouseClick(screen.pages.buttons["Meters"], Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    hits = screen.meters.hits
    assert hits.rowCount() == 1
    for size in SIZES:
        screen.resize(*size)
        _settle(qtbot)
        assert clipped_cells(hits) == [], size


def test_the_round_history_rows_read_whole(qtbot, pai_gow, pai_gow_screen):
    """A round at all seven positions: its row says every position, at both sizes."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.history
    rows = [RoundRow(9, "pai_gow", "complete", "D-2001", "2026-12-07T01:33:00Z",
                     tuple(str(p) for p in range(1, 8)), ""),
            RoundRow(8, "let_it_ride", "void", "D-2001", "2026-12-07T01:30:00Z",
                     ("1", "3", "7"), "a card was exposed during the deal")]
    screen.resize(*SIZES[-1])  # found in the large window, then the window made smaller
    qtbot.mouseClick(screen.pages.buttons["Round history"], Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    page._show_rows(rows)  # the search the page makes when shown, answered
    _settle(qtbot)
    for size in reversed(SIZES):
        screen.resize(*size)
        _settle(qtbot)
        assert page.list.count() == 2
        assert clipped_cells(page.list) == [], size


def _window(qtbot: Any, controller: Any, size: tuple[int, int]) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.show_snapshot(controller.snapshot())
    _settle(qtbot)
    return window


@pytest.mark.parametrize("size", SIZES)
def test_seven_cards_in_a_position_read_whole(qtbot, size):
    """5324.41(g): at the settlement each position's seven cards (two and five) are in view,
    every rank uncovered by the next card and within the position's box."""
    controller = preview_controller("pai_gow")
    scripts.play_until(controller, script_for("pai_gow"), "settlement")
    window = _window(qtbot, controller, size)
    found = felt_unreadable(window.felt)
    cards = [d for d in window.felt.drawn if d.kind == "card" and d.text != "back"]
    assert len(cards) >= 7 * 2, len(cards)  # the hands are drawn face up
    assert not [f for f in found if "card" in f], found
    window.close()


@pytest.mark.parametrize("size", SIZES)
def test_let_it_ride_chip_captions_read_whole(qtbot, size):
    """5324.34(c): each position's chips are captioned ("1", "2", "$", "bonus", "3-card") in
    type a dealer reads, never running into each other or out of the position."""
    controller = preview_controller("let_it_ride")
    scripts.play_until(controller, script_for("let_it_ride"), "bet_one")
    window = _window(qtbot, controller, size)
    found = felt_unreadable(window.felt)
    captions = [d for d in window.felt.drawn if d.kind == "caption"]
    assert len(captions) >= 4 and all(d.px >= READABLE_PX for d in captions)
    assert found == [], found
    window.close()
