"""The pit's shift chart: drop, paid and hold per table and wager family as bars standing on
zero; a negative hold (the house paid more than it took) hangs below zero instead of being drawn
as nothing."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from dealer_station.floor.reports import ShiftLine

pytestmark = pytest.mark.gui


def _hold_column(qtbot: Any, hold: int) -> list[bool]:
    """Down the hold bar's column of one line (drop 100, paid 100 − hold): which rows are the
    hold colour."""
    from dealer_station.ui.pit import ShiftChart
    from dealer_station.ui.theme import THEME

    chart = ShiftChart()
    qtbot.addWidget(chart)
    chart.lines = [ShiftLine("T1", "ante", 10_000, 10_000 - hold, 1, hold)]
    image = QImage(300, 300, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    chart.paint_on(painter, QRectF(0, 0, 300, 300))
    painter.end()
    x = int(300 * 0.15 + 2 * (300 * 0.7 / 3) + 10)  # inside the third (hold) bar
    ok = QColor(THEME.ok).rgb()
    return [image.pixel(x, y) == ok for y in range(40, 260)]


def test_a_negative_hold_is_drawn_below_zero(qtbot: Any) -> None:
    won, lost = _hold_column(qtbot, 2_000), _hold_column(qtbot, -2_000)
    assert sum(won) > 10 and sum(lost) > 10
    first_won, first_lost = won.index(True), lost.index(True)
    assert first_lost > first_won + 10  # the house's loss starts lower: below the zero line
