"""The progressive meter over the shift, drawn with QPainter (PySide6-Essentials has no
QtCharts): the balance entry by entry as a step line, the reset value dashed, each hit marked
with one dot (its payout and reseed drawn as one step down to the reset value)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from dealer_station.meter_views import MeterSeries
from dealer_station.money import Cents, format_cents
from dealer_station.ui.theme import THEME

__all__ = ["LEGEND", "MeterChart"]

#: What the chart's marks mean, drawn above it.
LEGEND = ("— meter", "- - reset value", "● hit")
_LEGEND_GAP = "   "
_LEFT, _RIGHT = 110, 20  # the plot's margins: the values' labels on the left


@dataclass(frozen=True, slots=True)
class _Scale:
    """The plot's value range, its axes and what it draws: the meter's step line's corners and
    one dot a hit."""

    low: Cents
    high: Cents
    x: Callable[[float], float]
    y: Callable[[Cents], float]
    line: list[QPointF]
    dots: list[QPointF]


class MeterChart(QWidget):
    """Draws one :class:`MeterSeries`; the x axis is the entry order (every change of the meter
    gets its own step, however close in time)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(220)
        self.series: MeterSeries | None = None
        self.reset: Cents = 0

    def set_series(self, series: MeterSeries, reset: Cents) -> None:
        self.series, self.reset = series, reset
        self.update()

    def legend_lines(self) -> list[str]:
        """The legend's entries packed into as few lines as the chart's width holds (at
        1280×800 the chart is narrow: two or three lines, never cut)."""
        metrics = self.fontMetrics()
        room = self.width() - _LEFT - _RIGHT
        lines: list[str] = []
        for entry in LEGEND:
            joined = f"{lines[-1]}{_LEGEND_GAP}{entry}" if lines else entry
            if lines and metrics.horizontalAdvance(joined) <= room:
                lines[-1] = joined
            else:
                lines.append(entry)
        return lines

    def _area(self) -> QRectF:
        """The plot's rectangle: the legend's lines above it, the top value's label (centred
        on the plot's top edge) clear of them."""
        line = self.fontMetrics().height()
        return QRectF(self.rect()).adjusted(
            _LEFT, 10 + line * len(self.legend_lines()) + line // 2, -_RIGHT, -36)

    def plotted(self) -> _Scale:
        """Where the series' chart points and its hits' dots fall (what :meth:`paintEvent`
        draws)."""
        assert self.series is not None and self.series.points
        area = self._area()
        points = self.series.chart_points()
        low = min(min(p.balance for p in points), self.reset)
        high = max(max(p.balance for p in points), self.reset)
        span = max(high - low, high // 20, 100)
        low = max(low - span // 5, 0)
        high += span // 5
        count = len(points)

        def x(index: float) -> float:
            return area.left() + area.width() * (index / max(count, 1))

        def y(value: Cents) -> float:
            return area.bottom() - area.height() * (value - low) / max(high - low, 1)

        line = [QPointF(x(index), y(point.balance)) for index, point in enumerate(points)]
        # one dot a hit (its payout and reseed are the step after it)
        dots = [here for here, point in zip(line, points, strict=True) if point.kind == "hit"]
        return _Scale(low, high, x, y, line, dots)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(THEME.panel))
        legend = self.legend_lines()
        line = self.fontMetrics().height()
        area = self._area()
        painter.setPen(QPen(QColor(THEME.panel_line), 1))
        painter.drawRect(area)
        series = self.series
        if series is None or not series.points:
            painter.setPen(QColor(THEME.muted))
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, "No meter entries this shift")
            painter.end()
            return
        scale = self.plotted()
        low, high = scale.low, scale.high
        y = scale.y
        painter.setPen(QColor(THEME.muted))
        for value in (low, (low + high) // 2, high):
            painter.drawText(QRectF(0, y(value) - 10, 104, 20),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             format_cents(max(value, 0)))
        painter.drawText(QRectF(area.left(), area.bottom() + 6, area.width(), 24),
                         Qt.AlignmentFlag.AlignLeft, series.points[0].time[11:16] or "start")
        painter.drawText(QRectF(area.left(), area.bottom() + 6, area.width(), 24),
                         Qt.AlignmentFlag.AlignRight, series.points[-1].time[11:16])
        for number, words in enumerate(legend):
            painter.drawText(QRectF(area.left(), 4 + number * line, area.width(), line),
                             Qt.AlignmentFlag.AlignRight, words)
        dashed = QPen(QColor(THEME.next), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(dashed)
        painter.drawLine(QPointF(area.left(), y(self.reset)), QPointF(area.right(), y(self.reset)))
        painter.setPen(QPen(QColor(THEME.current), 3))
        previous: QPointF | None = None
        for here in scale.line:
            if previous is not None:
                painter.drawLine(previous, QPointF(here.x(), previous.y()))
                painter.drawLine(QPointF(here.x(), previous.y()), here)
            previous = here
        if previous is not None:
            painter.drawLine(previous, QPointF(area.right(), previous.y()))
        painter.setBrush(QColor(THEME.fault))
        painter.setPen(Qt.PenStyle.NoPen)
        for dot in scale.dots:
            painter.drawEllipse(dot, 7, 7)
        painter.end()
