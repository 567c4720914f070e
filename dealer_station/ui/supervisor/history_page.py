"""The round history page: find rounds by time or position, see one round in full, re-run its
settlement and see any difference from what was paid (dispute reconstruction)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.history import (
    SHOWN,
    Reconstruction,
    RoundDetail,
    RoundRow,
    filters_problem,
    find_rounds,
    found_words,
    reconstruct,
    round_detail,
)
from dealer_station.ui.supervisor.widgets import message_label
from dealer_station.ui.theme import THEME

__all__ = ["HistoryPage", "detail_html"]


def _section(title: str, lines: list[str] | tuple[str, ...]) -> str:
    body = "<br>".join(html.escape(line) for line in lines) or "-"
    return (f'<p style="color:{THEME.muted}; font-weight:bold; margin-top:10px;">{title}</p>'
            f"<p>{body}</p>")


def detail_html(detail: RoundDetail, result: Reconstruction | None = None) -> str:
    """The round as rich text for the detail view."""
    row = detail.row
    parts = [f'<p style="font-size:16pt; font-weight:bold;">{html.escape(row.words)}</p>']
    if result is not None:
        colour = THEME.ok if result.matches and not result.error else THEME.fault
        parts.append(f'<p style="color:{colour}; font-size:15pt; font-weight:bold;">'
                     f"{html.escape(result.verdict)}</p>")
        parts.append(_section("DIFFERENCES", result.differences))
    if detail.interrupted:
        parts.append(_section("INTERRUPTED DEAL", detail.interrupted))
    parts += [_section("HANDS AS DEALT", [f"{where}: {cards}" for where, cards in detail.hands]),
             _section("CARDS IN THE ORDER DEALT", [detail.dealt]),
             _section("CARDS IN THE ORDER COLLECTED", detail.collected.splitlines()),
             _section("DECISIONS", detail.decisions),
             _section("PAYMENTS MADE, IN ORDER", detail.payments)]
    if result is not None:
        parts.append(_section("RE-RUN SETTLEMENT", result.payments))
    parts.append(_section("EVERY ACTION RECORD", detail.records))
    return "".join(parts)


class HistoryPage(QWidget):
    """See :mod:`module docs <dealer_station.ui.supervisor.history_page>`."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.rows: list[RoundRow] = []
        self.detail: RoundDetail | None = None
        self.result: Reconstruction | None = None
        layout = QVBoxLayout(self)
        heading = QLabel("ROUND HISTORY AND DISPUTES")
        heading.setObjectName("phase")
        layout.addWidget(heading)
        filters = QHBoxLayout()
        self.since = QLineEdit()
        self.since.setPlaceholderText("from (UTC) 2026-11-29 15:00")
        self.until = QLineEdit()
        self.until.setPlaceholderText("to (UTC)")
        self.position = QLineEdit()
        self.position.setPlaceholderText("position")
        self.find_button = QPushButton("FIND")
        self.find_button.setObjectName("primary")
        filters.addWidget(self.since, 3)
        filters.addWidget(self.until, 3)
        filters.addWidget(self.position, 1)
        filters.addWidget(self.find_button, 1)
        layout.addLayout(filters)
        body = QHBoxLayout()
        self.list = QListWidget()
        self.list.setWordWrap(True)
        # each row's height laid out again at the list's width (laid out once, at the width it
        # had before it was shown, a long row was cut to "positions 1,…" at 1280x800)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        # the words wrap at the list's width: a row's padding sideways came on top of it, so
        # each row was wider than the list (a sideways scroll bar, the line cut short)
        self.list.setStyleSheet("QListWidget::item { padding: 4px 0px; }")
        body.addWidget(self.list, 2)
        right = QVBoxLayout()
        self.view = QTextEdit()
        self.view.setReadOnly(True)
        right.addWidget(self.view, 1)
        self.rerun_button = QPushButton("RE-RUN THE SETTLEMENT")
        self.rerun_button.setEnabled(False)
        right.addWidget(self.rerun_button)
        body.addLayout(right, 3)
        layout.addLayout(body, 1)
        self.message = message_label()
        layout.addWidget(self.message)
        self.find_button.clicked.connect(self.search)
        for box in (self.since, self.until, self.position):  # Enter finds (it did nothing)
            box.returnPressed.connect(self.search)
        self.list.currentItemChanged.connect(self._selected)
        self.rerun_button.clicked.connect(self.rerun)

    def search(self) -> None:
        since, until, position = self.since.text(), self.until.text(), self.position.text()
        shown = SHOWN
        problem = filters_problem(since, until, position)
        if problem is not None:
            self.message.error(problem)
            return
        self.calls.submit(lambda context: find_rounds(context.station.store, since=since,
                                                      until=until, position=position,
                                                      limit=shown + 1),
                          lambda rows: self._show_rows(rows[:shown], more=len(rows) > shown),
                          self.message.error)

    refresh = search

    def _show_rows(self, rows: list[RoundRow], *, more: bool = False) -> None:
        self.rows = rows
        self.list.clear()
        for row in rows:
            item = QListWidgetItem(row.words)
            item.setData(Qt.ItemDataRole.UserRole, row.id)
            self.list.addItem(item)
        self.message.setText(found_words(len(rows), more))

    def _selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is not None:
            self.open_round(int(item.data(Qt.ItemDataRole.UserRole)))

    def open_round(self, round_id: int) -> None:
        def read(context: StaffContext) -> RoundDetail:
            return round_detail(context.station.store, round_id)

        self.calls.submit(read, self._show_detail, self.message.error)

    def _show_detail(self, detail: RoundDetail) -> None:
        self.detail, self.result = detail, None
        self.view.setHtml(detail_html(detail))
        self.rerun_button.setEnabled(detail.document is not None)  # an open round: not yet

    def rerun(self) -> None:
        detail = self.detail
        if detail is None:
            return

        def done(result: Reconstruction) -> None:
            self.result = result
            self.view.setHtml(detail_html(detail, result))
            if result.matches:  # a match reads as done, a difference as an error
                self.message.done(result.verdict)
            else:
                self.message.error(result.verdict)

        # replaying a round is pure computation on a copy of the document: a worker thread
        self.calls.submit(lambda _context: reconstruct(detail), done, self.message.error)
