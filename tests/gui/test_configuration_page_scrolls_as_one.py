"""The supervisor's Configuration page scrolls as one: one scroll area holds the game's fields
and the THEORETICAL RETURN column, its one vertical scroll bar at the page's right edge, every
field (down to START-UP RECOVERY's last box) and the returns reachable by it at 1280×800 and at
1920×1080, and the "Applied" line under APPLY in view after APPLY. (The fields had a scroll area
of their own in the middle of the page and the returns another beside it: at 1280×800 a scroll
bar stood between the two columns, read as two scroll bars stacked.)"""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QScrollBar, QWidget

pytestmark = pytest.mark.gui


def _settle(table: Table) -> None:
    table.qtbot.waitUntil(lambda: table.window.staff.calls.pending == 0, timeout=30_000)
    for _ in range(12):  # the posted layouts run
        QApplication.processEvents()


def _in_view(widget: QWidget, window: QWidget) -> bool:
    """``widget`` is shown whole within ``window`` and within every scroll area around it."""
    corner = widget.mapTo(window, QPoint(0, 0))
    shown = QRect(corner, widget.size())
    if not (widget.isVisible() and window.rect().contains(shown)):
        return False
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            viewport = parent.viewport()
            room = QRect(viewport.mapTo(window, QPoint(0, 0)), viewport.size())
            if not room.contains(shown):
                return False
        parent = parent.parentWidget()
    return True


def _returns_end_in_view(page: Any) -> bool:
    """Scrolled to the bottom (again, as returns arrive), the returns' last line in view."""
    bar, viewport = page.fields_area.verticalScrollBar(), page.fields_area.viewport()
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    end = page.returns.mapTo(viewport, QPoint(0, page.returns.height())).y()
    return bool(end <= viewport.height())


def _open_configuration(table: Table) -> Any:
    """A dealer on duty at the table, a supervisor taps SUPERVISOR, signs in there, opens
    Configuration."""
    table.sign_in_dealer()
    table.wait_devices_online()
    screen = table.open_supervisor_page("Configuration")
    _settle(table)
    return screen.configuration


@pytest.mark.parametrize("game", ["let_it_ride", "pai_gow"])
def test_the_configuration_page_has_one_scroll_bar_and_every_field_in_reach(
        qtbot: Any, tmp_path: Any, game: str) -> None:
    table = Table(qtbot, str(tmp_path), game)
    try:
        window = table.window
        page = _open_configuration(table)
        last_box = list(page.recovery.values())[-1]
        for size in ((1280, 800), (1920, 1080)):
            window.resize(*size)
            _settle(table)
            areas = [a for a in page.findChildren(QAbstractScrollArea) if a.isVisible()]
            assert areas == [page.fields_area], [a.geometry() for a in areas]
            bars = [b for b in page.findChildren(QScrollBar) if b.isVisible()]
            assert len(bars) == 1 and bars[0].orientation() == Qt.Orientation.Vertical, size
            bar = bars[0]
            right = bar.mapTo(page, QPoint(bar.width(), 0)).x()
            assert right >= page.apply_button.mapTo(page, QPoint(
                page.apply_button.width(), 0)).x() - 2, size  # at the page's right edge
            viewport = page.fields_area.viewport()
            bar.setValue(0)  # the returns' first line at the top, their last at the bottom
            _settle(table)
            assert 0 <= page.returns.mapTo(viewport, QPoint(0, 0)).y() < viewport.height()
            qtbot.waitUntil(lambda: _returns_end_in_view(page), timeout=5_000)
            page.fields_area.ensureWidgetVisible(last_box, 0, 0)
            _settle(table)
            assert _in_view(last_box, window), size
            assert not page.fields_area.horizontalScrollBar().isVisible(), size
        window.resize(1280, 800)
        _settle(table)
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: bool(page.message.text()), timeout=5_000)
        _settle(table)
        assert page.message.text().startswith("Applied"), page.message.text()
        assert _in_view(page.message, window) and _in_view(page.apply_button, window)
    finally:
        table.close()
