"""The meter view: on a table in a floor's linked pool, the pool's amount as the floor last
reported it (what the hits are paid from), labelled, above the table's own meter — its ledger
of contributions, where the pool's payments are entries of $0.00; each progressive meter's
current amount, overflow, base, limit, rate,
contributions, hits and total paid, its last 25 hits, and a chart of the meter over the shift;
and the meter's life by the supervisor signed in: create, change (between rounds), reseed after
a hit, retire — each checked by the station against 5324.41(k) with the supervisor's id and PIN,
refused with the clause, and audited."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_station.meter_views import (
    HIT_COLUMNS,
    LinkedPoolFigures,
    MeterPanel,
    hit_rows,
    linked_pool_figures,
    meter_panels,
    parse_rate,
    shift_start,
)
from dealer_station.money import format_cents, parse_amount
from dealer_station.station import Station
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.meter_chart import MeterChart
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.widgets import StaffPage, message_label, say

__all__ = ["MetersPage"]


class MetersPage(StaffPage):
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
        # a linked table's "current" is its own ledger, not the pool: the pool, from the floor,
        # beside the meter's name (in the row's height: the page is full at 1280x800)
        self.pool: LinkedPoolFigures | None = None
        self.pool_box = QFrame()
        self.pool_box.setObjectName("panel")
        pool_layout = QVBoxLayout(self.pool_box)
        pool_layout.setContentsMargins(12, 2, 12, 2)
        pool_layout.setSpacing(0)
        self.pool_amount = QLabel("")
        self.pool_amount.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.pool_details = QLabel("")
        self.pool_details.setObjectName("muted")
        self.pool_details.setStyleSheet("font-size: 10pt;")
        self.pool_details.setWordWrap(True)
        pool_layout.addWidget(self.pool_amount)
        pool_layout.addWidget(self.pool_details)
        self.pool_box.hide()
        top.insertWidget(1, self.pool_box, 3)
        layout.addLayout(top)
        self.figures = QGridLayout()
        layout.addLayout(self.figures)
        middle = QHBoxLayout()
        self.hits = QTableWidget(0, len(HIT_COLUMNS))
        self.hits.setHorizontalHeaderLabels(list(HIT_COLUMNS))
        self.hits.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # every column in view at 1280x800 (Amount and Supervisor were behind a sideways
        # scroll bar): each as wide as its words, the hand's words wrapped in what is left
        header = self.hits.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(HIT_COLUMNS.index("Hand"), QHeaderView.ResizeMode.Stretch)
        self.hits.setWordWrap(True)
        self.hits.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.hits.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.hits.verticalHeader().setVisible(False)
        # the page is this table's: its Table column (the regulator's, on the command line)
        # took room the Supervisor column then lacked (cut off behind a sideways scroll bar)
        self.hits.setColumnHidden(HIT_COLUMNS.index("Table"), True)
        self.hits.setStyleSheet("font-size: 10pt;")
        self.chart = MeterChart()
        self.hits.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        # the hits take the larger share (their six columns in view, the hand's words on two
        # lines), the chart never narrower than its axis and a readable line
        self.chart.setMinimumWidth(320)
        middle.addWidget(self.chart, 2)
        middle.addWidget(self.hits, 3)
        layout.addLayout(middle, 1)
        self.session: StaffSession | None = None
        self._configured: Any = None
        self._said = ""
        self._select = ""
        form = QGridLayout()
        form.setHorizontalSpacing(8)
        self.name = QLineEdit()
        self.name.setPlaceholderText("meter name")
        self.wager = QLineEdit("progressive")
        self.reset = QLineEdit()
        self.reset.setPlaceholderText("base, e.g. $10,000")
        self.rate = QLineEdit()
        self.rate.setPlaceholderText("rate, e.g. 21%")
        self.limit = QLineEdit()
        self.limit.setPlaceholderText("limit $ (empty: none)")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("reason (to retire)")
        fields = (("Name", self.name), ("Wager", self.wager), ("Base", self.reset),
                  ("Rate", self.rate), ("Limit", self.limit), ("Reason", self.reason))
        for index, (label, widget) in enumerate(fields):
            row, column = divmod(index, 3)
            form.addWidget(QLabel(label), row, column * 2)
            form.addWidget(widget, row, column * 2 + 1)
            form.setColumnStretch(column * 2 + 1, 1)
        self.create_button = QPushButton("CREATE")
        self.change_button = QPushButton("CHANGE")
        self.reseed_button = QPushButton("RESEED AFTER A HIT")
        self.retire_button = QPushButton("RETIRE")
        self.retire_button.setObjectName("secondary")
        buttons = QHBoxLayout()
        for button in (self.create_button, self.change_button, self.reseed_button,
                       self.retire_button):
            buttons.addWidget(button)
        form.addLayout(buttons, 2, 0, 1, 6)
        layout.addLayout(form)
        self.message = message_label()
        layout.addWidget(self.message)
        self.refresh_button.clicked.connect(self.refresh)
        self.choice.currentIndexChanged.connect(self._draw)
        self.create_button.clicked.connect(self.create_meter)
        self.change_button.clicked.connect(self.change)
        self.reseed_button.clicked.connect(self.reseed)
        self.retire_button.clicked.connect(self.retire)

    def refresh(self) -> None:
        since = shift_start(self.shift_hours)

        def read(context: StaffContext) -> tuple[list[MeterPanel], Any,
                                                 LinkedPoolFigures | None]:
            controller = context.controller
            return (meter_panels(context.station.store, since=since),
                    context.station.configured_meter_terms(),
                    linked_pool_figures(controller.floor if controller is not None else None))

        def show(found: tuple[list[MeterPanel], Any, LinkedPoolFigures | None]) -> None:
            self._configured, self.pool = found[1], found[2]
            self._show(found[0])

        self.calls.submit(read, show, functools.partial(say, self.message))

    def _show(self, panels: list[MeterPanel]) -> None:
        # the meter just created is shown (the list stayed on a retired one, its buttons off)
        chosen, self._select = self._select or self.choice.currentText(), ""
        self.panels = panels
        self.choice.blockSignals(True)
        self.choice.clear()
        self.choice.addItems([p.name for p in panels])
        if chosen:
            self.choice.setCurrentText(chosen)
        self.choice.blockSignals(False)
        self._draw()
        terms = self._configured
        if terms is not None and not any(p.wager == terms.wager and not p.stats.retired
                                         for p in panels):
            # no meter in service for the table's progressive: the configuration's terms,
            # ready to CREATE (under a name not taken by a retired one)
            taken = {p.name for p in panels}
            name = "pai_gow_progressive"
            self.name.setText(name if name not in taken else f"{name}_{len(taken) + 1}")
            self.wager.setText(terms.wager)
            self.reset.setText(format_cents(terms.reset))
            self.rate.setText(f"{terms.rate_bp / 100:g}%")
            self.limit.clear()
            said, self._said = self._said, ""
            say(self.message, (said + " " if said else "") + "This table has no progressive "
                "meter in service: the configuration's terms are filled in — CREATE makes it.")
        elif not panels:
            say(self.message, "This table has no progressive meter.")
        self._said = ""

    def _linked(self, panel: MeterPanel) -> bool:
        """``panel`` is the meter of the table's progressive, paid from a linked pool."""
        wager = self._configured.wager if self._configured is not None else "progressive"
        return self.pool is not None and panel.wager == wager and not panel.stats.retired

    def _show_pool(self, panel: MeterPanel | None) -> None:
        pool = self.pool
        linked = pool is not None and panel is not None and self._linked(panel)
        self.pool_box.setVisible(linked)
        if not linked or pool is None or panel is None:
            return
        (amount_label, amount), *rest = pool.lines()
        self.pool_amount.setText(f"{pool.title}: {amount}")
        self.pool_details.setText(" · ".join([amount_label, *(f"{label}: {value}"
                                                              for label, value in rest)]))
        self.pool_box.setToolTip(pool.explanation(panel.name))

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
        self.hits.setRowCount(0)
        self._show_pool(panel)
        # CHANGE, RESEED and RETIRE act on the meter shown, in service (they stood ready on a
        # table without a meter, beside an empty list of meters)
        in_service = panel is not None and not panel.stats.retired
        for button in (self.change_button, self.reseed_button, self.retire_button):
            button.setEnabled(in_service)
        self.choice.setEnabled(bool(self.panels))
        if panel is None:
            return
        self.name.setText(panel.name)
        self.wager.setText(panel.wager)
        self.reset.setText(format_cents(panel.stats.reset))
        self.rate.setText(f"{panel.stats.rate_bp / 100:g}%")
        self.limit.setText("" if panel.stats.limit is None else format_cents(panel.stats.limit))
        rows = hit_rows(panel)
        self.hits.setRowCount(len(rows))
        when = HIT_COLUMNS.index("Time (UTC)")
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                # the date over the time: the row's columns all in view beside the chart
                cell = value.replace(" ", "\n", 1) if column == when else value
                self.hits.setItem(row, column, QTableWidgetItem(cell))
        for row, (label, value) in enumerate(panel.lines(linked=self._linked(panel))):
            name = QLabel(label)
            name.setObjectName("muted")
            shown = QLabel(value)
            shown.setStyleSheet("font-size: 14pt; font-weight: bold;")
            self.figures.addWidget(name, row // 2, (row % 2) * 2)
            self.figures.addWidget(shown, row // 2, (row % 2) * 2 + 1)
        self.chart.set_series(panel.series, panel.stats.reset)

    # -- the meter's life ---------------------------------------------------------------------
    def _act(self, what: Callable[[Any, StaffSession], str], *, select: str = "") -> None:
        """Do ``what`` on the worker; done, say so and show the meters again (``select``: that
        meter chosen)."""
        session = self.session
        if session is None:
            say(self.message, "Sign in first.")
            return

        def run(context: StaffContext) -> str:
            return what(context.station, session)

        def done(words: str) -> None:
            say(self.message, words, done=True)
            self._said = words  # kept in front of what the refresh says
            self._select = select
            self.refresh()

        self.calls.submit(run, done, lambda words: say(self.message, f"Refused: {words}"))

    def _terms(self) -> tuple[int, int, int | None]:
        limit = self.limit.text().strip()
        return (parse_amount(self.reset.text()), parse_rate(self.rate.text()),
                parse_amount(limit) if limit else None)

    def create_meter(self) -> None:
        name, wager = self.name.text().strip(), self.wager.text().strip()

        def make(station: Station, session: StaffSession) -> str:
            reset, rate, limit = self._terms()
            made = station.create_meter(name, wager=wager, reset=reset, rate_bp=rate,
                                        limit=limit, supervisor=session.user, pin=session.pin)
            return f"Created meter {made.name} at {format_cents(made.current)}."

        self._act(make, select=name)

    def change(self) -> None:
        name = self.name.text().strip()

        def alter(station: Station, session: StaffSession) -> str:
            reset, rate, limit = self._terms()
            now = station.meter(name)
            changed = station.change_meter(
                name, reset=None if reset == now.reset else reset,
                rate_bp=None if rate == now.rate_bp else rate,
                limit=None if limit == now.limit else limit,
                clear_limit=limit is None and now.limit is not None,
                supervisor=session.user, pin=session.pin)
            return f"Changed meter {changed.name}."

        self._act(alter)

    def reseed(self) -> None:
        name = self.name.text().strip()

        def refill(station: Station, session: StaffSession) -> str:
            moved = station.reseed_meter(name, supervisor=session.user, pin=session.pin)
            return f"Reseeded {name}: {format_cents(moved)} from the overflow."

        self._act(refill)

    def retire(self) -> None:
        name, reason = self.name.text().strip(), self.reason.text()

        def end(station: Station, session: StaffSession) -> str:
            gone = station.retire_meter(name, reason=reason, supervisor=session.user,
                                        pin=session.pin)
            return f"Retired meter {gone.name} ({format_cents(gone.current)} on it)."

        self._act(end)
