"""The meter view: each progressive meter's current and reset values, rate, contributions and
hits, with a chart of the meter over the shift."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.meter_chart import MeterChart
from dealer_station.ui.supervisor.meters import MeterPanel, meter_panels, shift_start
from dealer_station.ui.supervisor.widgets import message_label

__all__ = ["MetersPage"]


class MetersPage(QWidget):
    """See :mod:`module docs <dealer_station.ui.supervisor.meters_page>`."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.panels: list[MeterPanel] = []
        self.shift_hours = 8.0
        layout = QVBoxLayout(self)
        heading = QLabel("PROGRESSIVE METERS · this shift (last 8 hours)")
        heading.setObjectName("phase")
        layout.addWidget(heading)
        top = QHBoxLayout()
        self.choice = QComboBox()
        top.addWidget(self.choice, 2)
        self.refresh_button = QPushButton("REFRESH")
        top.addWidget(self.refresh_button, 1)
        layout.addLayout(top)
        self.figures = QGridLayout()
        layout.addLayout(self.figures)
        self.chart = MeterChart()
        layout.addWidget(self.chart, 1)
        self.message = message_label()
        layout.addWidget(self.message)
        self.refresh_button.clicked.connect(self.refresh)
        self.choice.currentIndexChanged.connect(self._draw)

    def refresh(self) -> None:
        since = shift_start(self.shift_hours)

        def read(context: StaffContext) -> list[MeterPanel]:
            return meter_panels(context.station.store, since=since)

        self.calls.submit(read, self._show, self.message.setText)

    def _show(self, panels: list[MeterPanel]) -> None:
        chosen = self.choice.currentText()
        self.panels = panels
        self.choice.blockSignals(True)
        self.choice.clear()
        self.choice.addItems([p.name for p in panels])
        if chosen:
            self.choice.setCurrentText(chosen)
        self.choice.blockSignals(False)
        self.message.setText("" if panels else "This table has no progressive meter.")
        self._draw()

    def figure_text(self) -> dict[str, str]:
        """The figures shown, by label (for tests)."""
        shown = {}
        for row in range(self.figures.rowCount()):
            for column in (0, 2):
                label = self.figures.itemAtPosition(row, column)
                value = self.figures.itemAtPosition(row, column + 1)
                if label is not None and value is not None:
                    shown[label.widget().text()] = value.widget().text()  # type: ignore[union-attr]
        return shown

    def _draw(self, _index: int = 0) -> None:
        while self.figures.count():
            item = self.figures.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        panel = next((p for p in self.panels if p.name == self.choice.currentText()), None)
        if panel is None:
            return
        for row, (label, value) in enumerate(panel.lines()):
            name = QLabel(label)
            name.setObjectName("muted")
            shown = QLabel(value)
            shown.setStyleSheet("font-size: 17pt; font-weight: bold;")
            self.figures.addWidget(name, row // 2, (row % 2) * 2)
            self.figures.addWidget(shown, row // 2, (row % 2) * 2 + 1)
        self.chart.set_series(panel.series, panel.reset)
