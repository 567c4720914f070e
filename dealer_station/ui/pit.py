"""The pit screen (``dealer-station pit --url postgresql://…``): every table on the floor (game,
round, phase, dealer, device health, audit head, pool and what is pending), the pending
jackpots with the pit's validation, a history search across tables, the shift report per
table and wager family (table, chart, CSV and PDF) and the pit supervisors (each one's state; a
new PIN, unlock, disable, enable — by another pit supervisor's id and PIN, audited:
:mod:`dealer_station.floor.pit_auth`).

Every floor query runs on the pit's worker thread (:class:`PitWorker`), never on the GUI
thread; the screen is refreshed when the floor announces a change (LISTEN/NOTIFY on the pools'
and tables' channels, :mod:`dealer_station.floor.listen`), not by polling.
"""

from __future__ import annotations

import functools
import getpass
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, QSize, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QPageSize, QPainter, QPdfWriter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.accounts import account_state
from dealer_station.errors import RuleError

# at the top (on the GUI thread, before the worker's and the listener's threads start): imported
# inside the SUPERVISORS tab's handlers, psycopg's JSON types were first loaded on the GUI thread
# while the listener's thread loaded psycopg itself, and Python's import locks refused the pair as
# a deadlock: the listener's thread died (the pit heard no more of the floor) and the tab raised
from dealer_station.floor import pit_auth, pools, reports
from dealer_station.floor.config import connect, redact
from dealer_station.floor.listen import Listener
from dealer_station.money import format_cents
from dealer_station.plural import counted
from dealer_station.ui.theme import THEME, stylesheet

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["PitWindow", "PitWorker", "main"]

TABLE_COLUMNS = ("Table", "Game", "Round", "Phase", "Dealer", "Devices (live)", "Audit head",
                 "Pool", "Pending")
HIT_COLUMNS = ("Pool", "Hit", "Table", "Round", "Position", "Hand", "Share / amount")
HISTORY_COLUMNS = ("Table", "Round", "Game", "Dealer", "Status", "Started", "Ended", "Records")
SUPERVISOR_COLUMNS = ("Id", "Name", "State")


@dataclass(frozen=True)
class PitQuestion:
    """What the pit's screen asks of the floor's database: ``run(connection)`` (a psycopg
    connection) on the :class:`PitWorker`'s thread; ``tag`` says which answer it is."""

    tag: str
    run: Callable[[FloorConnection], object]


@dataclass(frozen=True)
class PitAnswer:
    """The answer to the :class:`PitQuestion` tagged ``tag``: what it returned, or the
    exception that stopped it."""

    tag: str
    result: object


class PitWorker(QObject):
    """Answers the screen's :class:`PitQuestion` on its own thread with :attr:`done`."""

    done = Signal(PitAnswer)

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._connection: FloorConnection | None = None

    @Slot(PitQuestion)
    def run(self, question: PitQuestion) -> None:
        result: object
        try:
            if self._connection is None or self._connection.closed:
                self._connection = connect(self.url)
            result = question.run(self._connection)
        except Exception as error:
            if self._connection is not None and self._connection.broken:
                self._connection = None
            result = error
        self.done.emit(PitAnswer(question.tag, result))


def _table(columns: tuple[str, ...]) -> QTableWidget:
    widget = QTableWidget(0, len(columns))
    widget.setHorizontalHeaderLabels(list(columns))
    widget.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    widget.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    # each column as wide as its words, the last one taking the rest of the width (the rows
    # were resized to their contents at each fill, which also undid the stretch: the lists
    # stood in a narrow strip at the left of the window)
    header = widget.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    widget.verticalHeader().setVisible(False)
    return widget


def _fill(widget: QTableWidget, rows: list[tuple[str, ...]]) -> None:
    widget.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            widget.setItem(r, c, QTableWidgetItem(text))


def _field(placeholder: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setPlaceholderText(placeholder)
    edit.setMinimumHeight(44)
    return edit


def _button(text: str, slot: Callable[[], None]) -> QPushButton:
    button = QPushButton(text)
    button.setMinimumHeight(48)
    button.clicked.connect(slot)
    return button


class ShiftChart(QWidget):
    """Drop, paid and hold per table and wager family, as bars."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[reports.ShiftLine] = []
        self.setMinimumHeight(260)

    def paint_on(self, painter: QPainter, area: QRectF) -> None:
        painter.fillRect(area, QColor(THEME.panel))
        if not self.lines:
            painter.setPen(QColor(THEME.muted))
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, "No finished rounds")
            return
        above = max(max(line.drop, line.paid, line.hold) for line in self.lines)
        # a hold below zero (the house paid more than it took) hangs below the zero line
        below = max(max(-line.hold, 0) for line in self.lines)
        legend = 24.0
        bottom = area.bottom() - 40
        height = bottom - area.top() - legend - 10
        scale = height / ((above + below) or 1)
        zero = bottom - below * scale  # the bars stand on the zero line
        slot = area.width() / len(self.lines)
        colours = ((THEME.next, "drop"), (THEME.warn, "paid"), (THEME.ok, "hold"))
        for i, (colour, name) in enumerate(colours):
            painter.fillRect(QRectF(area.left() + 10 + i * 90, area.top() + 6, 14, 14),
                             QColor(colour))
            painter.setPen(QColor(THEME.text))
            painter.drawText(QRectF(area.left() + 28 + i * 90, area.top() + 2, 70, 22),
                             Qt.AlignmentFlag.AlignVCenter, name)
        for n, line in enumerate(self.lines):
            left = area.left() + n * slot + slot * 0.15
            width = slot * 0.7 / 3
            for i, value in enumerate((line.drop, line.paid, line.hold)):
                h = abs(value) * scale
                painter.fillRect(QRectF(left + i * width, zero - h if value >= 0 else zero,
                                        width - 2, h), QColor(colours[i][0]))
            painter.setPen(QColor(THEME.text))
            painter.drawText(QRectF(area.left() + n * slot, bottom + 4, slot, 34),
                             Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
                             f"{line.table_id} {line.wager.replace('_', ' ')}")
        painter.setPen(QPen(QColor(THEME.muted), 1))
        painter.drawLine(int(area.left()), int(zero), int(area.right()), int(zero))

    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        self.paint_on(painter, QRectF(self.rect()))
        painter.end()


class PitWindow(QMainWindow):
    ask = Signal(PitQuestion)
    floor_changed = Signal()
    floor_lost = Signal(str)

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.setWindowTitle(f"Pit · {redact(url)}")
        self.setStyleSheet(stylesheet())
        self.status = QLabel("Connecting to the floor…")
        self.status.setWordWrap(True)
        #: What became of the person's last action (a decision, a search, an export).
        self.outcome = QLabel("")
        self.outcome.setWordWrap(True)
        self.say("")
        self.tabs = QTabWidget()
        self.tables = _table(TABLE_COLUMNS)
        self.hits = _table(HIT_COLUMNS)
        self.history_rows = _table(HISTORY_COLUMNS)
        self.shift = _table(reports.SHIFT_COLUMNS)
        self.chart = ShiftChart()
        self.shift_lines: list[reports.ShiftLine] = []
        self.validator = _field("your id (the validating supervisor)")
        self.pin = _field("your PIN")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.reason = _field("reason (to reject)")
        self.filters = {name: _field(hint) for name, hint in (
            ("table", "table id"), ("dealer", "dealer id"), ("since", "since (YYYY-MM-DD)"),
            ("until", "until (YYYY-MM-DD)"))}
        self.shift_since = _field("shift from (YYYY-MM-DD or ISO time)")
        self.shift_until = _field("to")
        self.supervisors = _table(SUPERVISOR_COLUMNS)
        self.supervisor_ids: list[str] = []
        self.manager = _field("your id (a pit supervisor)")
        self.manager_pin = _field("your PIN")
        self.new_pin = _field("new PIN (6-12 digits)")
        self.new_pin_again = _field("same PIN")
        self.add_id = _field("new supervisor's id")
        self.add_name = _field("their name")
        self.add_pin = _field("their PIN (6-12 digits)")
        self.add_pin_again = _field("same PIN")
        for secret in (self.manager_pin, self.new_pin, self.new_pin_again, self.add_pin,
                       self.add_pin_again):
            secret.setEchoMode(QLineEdit.EchoMode.Password)
        self._build()
        self._thread = QThread()
        self.worker = PitWorker(url)
        self.worker.moveToThread(self._thread)
        self.ask.connect(self.worker.run)
        self.worker.done.connect(self._answer)
        self._thread.start()
        self._refresh_soon = QTimer(self)
        self._refresh_soon.setSingleShot(True)
        self._refresh_soon.setInterval(150)  # coalesces a burst of notifications
        self._refresh_soon.timeout.connect(self.refresh)
        self.floor_changed.connect(self._refresh_soon.start)
        # a station that vanishes (crashed, unplugged) announces nothing: the tables are read
        # again every few seconds so that its row says STATION AWAY (one cheap query)
        self._liveness = QTimer(self)
        self._liveness.setInterval(5000)
        self._liveness.timeout.connect(self.refresh)
        self._liveness.start()
        self.floor_lost.connect(lambda why: self.status.setText(
            f"The floor cannot be reached: {why}. The screen shows what it last read."))
        self.listener = Listener(url, lambda _a: self.floor_changed.emit(), self._floor_state,
                                 on_table=lambda _t: self.floor_changed.emit())
        self.listener.start()
        self.pending: list[Any] = []

    def say(self, words: str, *, done: bool = False) -> None:
        """What became of the person's action: a change made (``done``) in the success colour,
        anything else (a refusal, what is missing) in the warm one (both were the warm one)."""
        self.outcome.setStyleSheet(f"color: {THEME.ok if done else THEME.current}; "
                                   "font-weight: bold;")
        self.outcome.setText(words)

    # -- layout ------------------------------------------------------------------------------

    def _build(self) -> None:
        tables = QWidget()
        QVBoxLayout(tables).addWidget(self.tables)
        jackpots = QWidget()
        layout = QVBoxLayout(jackpots)
        note = QLabel("Hits waiting for validation, in the floor's order (the first is decided "
                      "first). Select one, give your id and PIN, then APPROVE or REJECT with "
                      "the reason.")
        note.setWordWrap(True)  # one long line held the pit window wider than 1280
        layout.addWidget(note)
        layout.addWidget(self.hits)
        row = QHBoxLayout()
        row.addWidget(self.validator)
        row.addWidget(self.pin)
        row.addWidget(self.reason)
        row.addWidget(_button("APPROVE", lambda: self.decide(True)))
        row.addWidget(_button("REJECT", lambda: self.decide(False)))
        layout.addLayout(row)
        history = QWidget()
        layout = QVBoxLayout(history)
        row = QHBoxLayout()
        for edit in self.filters.values():
            row.addWidget(edit)
        row.addWidget(_button("SEARCH", self.search))
        layout.addLayout(row)
        layout.addWidget(self.history_rows)
        shift = QWidget()
        layout = QVBoxLayout(shift)
        row = QHBoxLayout()
        row.addWidget(self.shift_since)
        row.addWidget(self.shift_until)
        row.addWidget(_button("MAKE REPORT", self.make_report))
        row.addWidget(_button("EXPORT CSV", lambda: self.export("csv")))
        row.addWidget(_button("EXPORT PDF", lambda: self.export("pdf")))
        layout.addLayout(row)
        layout.addWidget(self.shift)
        layout.addWidget(self.chart)
        people = QWidget()
        layout = QVBoxLayout(people)
        note = QLabel("The pit supervisors. Give your id and PIN, then add one, or select one "
                      "and act (another pit supervisor; a new PIN also your own): each change "
                      "is recorded with your id. The floor's first pit supervisor is added "
                      "without them.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.supervisors.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.supervisors)
        row = QHBoxLayout()
        row.addWidget(self.manager)
        row.addWidget(self.manager_pin)
        layout.addLayout(row)
        row = QHBoxLayout()
        for field in (self.add_id, self.add_name, self.add_pin, self.add_pin_again):
            row.addWidget(field)
        row.addWidget(_button("ADD SUPERVISOR", self.add_supervisor))
        layout.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.new_pin)
        row.addWidget(self.new_pin_again)
        row.addWidget(_button("SET NEW PIN", self.set_new_pin))
        layout.addLayout(row)
        row = QHBoxLayout()
        for words, act in (("UNLOCK", "unlock"), ("DISABLE", "disable"), ("ENABLE", "enable")):
            row.addWidget(_button(words, functools.partial(self.manage, act)))
        layout.addLayout(row)
        for widget, title in ((tables, "TABLES"), (jackpots, "PENDING JACKPOTS"),
                              (history, "HISTORY"), (shift, "SHIFT REPORT"),
                              (people, "SUPERVISORS")):
            self.tabs.addTab(widget, title)
        self._people = people
        self.tabs.currentChanged.connect(self._tab_shown)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.status)
        layout.addWidget(self.outcome)
        layout.addWidget(self.tabs)
        self.setCentralWidget(body)

    # -- floor -------------------------------------------------------------------------------

    def _floor_state(self, up: bool, reason: str) -> None:
        """From the listener's thread: the floor reached (refresh) or lost (say why)."""
        if up:
            self.floor_changed.emit()
        else:
            self.floor_lost.emit(reason)

    def refresh(self) -> None:
        self.ask.emit(PitQuestion("tables", lambda c: (reports.table_rows(c), _pending(c))))

    def search(self) -> None:
        table, dealer, since, until = (self.filters[name].text().strip()
                                       for name in ("table", "dealer", "since", "until"))
        self.ask.emit(PitQuestion("history", lambda c: reports.history(
            c, table=table, dealer=dealer, since=since, until=until)))

    def make_report(self) -> None:
        since, until = self.shift_since.text().strip(), self.shift_until.text().strip()
        self.ask.emit(PitQuestion("shift", lambda c: reports.shift_report(c, since=since,
                                                                          until=until)))

    def decide(self, approve: bool) -> None:
        row = self.hits.currentRow()
        by = self.validator.text().strip()
        pin = self.pin.text()
        reason = self.reason.text().strip() or None
        if row < 0 or row >= len(self.pending):
            self.say("Select the hit to decide first.")
            return
        if not by or not pin:
            self.say("Give your id and PIN: the validation is checked and "
                                 "recorded with them.")
            return
        self.pin.clear()  # never left on the screen
        hit = self.pending[row]
        if hit.at_table:  # (the floor refuses it too: one decision per hit)
            self.say(f"Hit {hit.order} is validated at table {hit.table_id}: its supervisor "
                     "decides it there.")
            return
        self.ask.emit(PitQuestion("decided", lambda c: pit_auth.decide_at_pit(
            c, hit.pool, hit.order, approve=approve, supervisor=by, pin=pin, reason=reason)))

    # -- pit supervisors ---------------------------------------------------------------------

    def _tab_shown(self, index: int) -> None:
        if self.tabs.widget(index) is self._people:
            self.read_supervisors()

    def read_supervisors(self) -> None:
        self.ask.emit(PitQuestion("supervisors", pit_auth.supervisors))

    def _chosen_and_manager(self) -> tuple[str, str, str] | None:
        """The supervisor selected, the acting id and PIN (the PIN field emptied); None (and
        what is missing said) when one is missing."""
        row = self.supervisors.currentRow()
        by, pin = self.manager.text().strip(), self.manager_pin.text()
        if row < 0 or row >= len(self.supervisor_ids):
            self.say("Select the pit supervisor first.")
            return None
        if not by or not pin:
            self.say("Give your id and PIN: the change is checked and recorded "
                                 "with them.")
            return None
        self.manager_pin.clear()  # never left on the screen
        return self.supervisor_ids[row], by, pin

    def manage(self, act: str) -> None:
        """UNLOCK, DISABLE or ENABLE the pit supervisor selected."""
        found = self._chosen_and_manager()
        if found is None:
            return
        user, by, pin = found

        def run(connection: FloorConnection) -> str:
            if act == "unlock":
                pit_auth.unlock_supervisor(connection, user, by=by, by_pin=pin)
            else:
                pit_auth.set_supervisor_active(connection, user, act == "enable", by=by,
                                               by_pin=pin)
            done = {"unlock": "unlocked", "disable": "disabled", "enable": "enabled"}[act]
            return f"{user} {done} by {by}"

        self.ask.emit(PitQuestion("managed", run))

    def add_supervisor(self) -> None:
        """ADD SUPERVISOR: a new pit supervisor (id, name, the PIN typed twice), added by the
        acting pit supervisor's id and PIN, as ``dealer-station floor supervisor add`` adds one
        (the PIN rules, audited); the floor's first one without them (by the screen's user)."""
        user, name = self.add_id.text().strip(), self.add_name.text().strip()
        pin, again = self.add_pin.text(), self.add_pin_again.text()
        by, by_pin = self.manager.text().strip(), self.manager_pin.text()
        first = not self.supervisor_ids
        missing = ("the new supervisor's id" if not user else "their name" if not name
                   else "their PIN" if not pin else None)
        if missing is not None:
            self.say(f"Give {missing}, then ADD SUPERVISOR.")
            return
        if pin != again:
            self.say("The two PINs differ: type the same PIN twice.")
            return
        if not first and (not by or not by_pin):
            self.say("Give your id and PIN: the new supervisor is added and "
                                 "recorded with them.")
            return
        by = by or getpass.getuser()
        for secret in (self.add_pin, self.add_pin_again, self.manager_pin):
            secret.clear()  # never left on the screen

        def run(connection: FloorConnection) -> str:
            pit_auth.add_supervisor(connection, user, name, pin, by=by, by_pin=by_pin or None)
            return f"{user} ({name}) added by {by}"

        self.ask.emit(PitQuestion("added", run))

    def set_new_pin(self) -> None:
        """SET NEW PIN: the PIN typed twice for the pit supervisor selected (it lifts a lock)."""
        pin, again = self.new_pin.text(), self.new_pin_again.text()
        if pin != again:
            self.say("The two new PINs differ: type the same PIN twice.")
            return
        found = self._chosen_and_manager()
        if found is None:
            return
        user, by, by_pin = found
        self.new_pin.clear()
        self.new_pin_again.clear()

        def run(connection: FloorConnection) -> str:
            pit_auth.change_supervisor_pin(connection, user, pin, by=by, by_pin=by_pin)
            return f"{user}: new PIN set by {by} (any lock is lifted)"

        self.ask.emit(PitQuestion("managed", run))

    def export(self, kind: str, path: str | None = None) -> None:
        if path is None:
            path, _chosen = QFileDialog.getSaveFileName(self, f"Export the shift report "
                                                        f"({kind.upper()})",
                                                        f"shift-report.{kind}")
            if not path:
                return
        try:
            if kind == "csv":
                Path(path).write_text(reports.shift_csv(self.shift_lines), encoding="utf-8")
            else:
                self._pdf(path)
        except OSError as error:
            self.say(f"Could not write {path}: {error}")
            return
        self.say(f"Shift report written to {path}", done=True)

    def _pdf(self, path: str) -> None:
        writer = QPdfWriter(path)
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setResolution(96)
        painter = QPainter(writer)
        try:
            width = writer.width()
            painter.setPen(QColor("#000000"))
            y = 30
            since, until = self.shift_since.text() or "the first round", \
                self.shift_until.text() or "now"
            painter.drawText(20, y, f"Shift report · {since} to {until}")
            y += 30
            for row in [reports.SHIFT_COLUMNS, *map(reports.shift_cells, self.shift_lines)]:
                for c, text in enumerate(row):
                    painter.drawText(20 + c * (width - 40) // len(row), y, text)
                y += 22
            self.chart.paint_on(painter, QRectF(20, y + 20, width - 40, 320))
        finally:
            painter.end()

    @Slot(str, object)
    def _answer(self, answer: PitAnswer) -> None:
        tag = answer.tag
        result: Any = answer.result  # what the question tagged so returns
        if isinstance(result, ValueError | RuleError):  # a refusal (wrong PIN, not this ...)
            (self.status.setText if tag == "tables" else self.say)(
                f"Refused: {' '.join(str(result).split())}")
            return
        if isinstance(result, Exception):
            (self.status.setText if tag == "tables" else self.say)(
                f"The floor refused or cannot be reached: {' '.join(str(result).split())}")
            return
        if tag == "tables":
            rows, self.pending = result
            _fill(self.tables, [_table_cells(t) for t in rows])
            _fill(self.hits, [(h.pool, str(h.order), h.table_id, f"{h.round_id:,}", h.position,
                               h.hand, h.award) for h in self.pending])
            self.tabs.setTabText(1, f"PENDING JACKPOTS ({len(self.pending)})"
                                 if self.pending else "PENDING JACKPOTS")
            self.status.setText(f"{counted(len(rows), 'table')} on the floor; "
                                f"{counted(len(self.pending), 'jackpot')} pending")
        elif tag == "history":
            _fill(self.history_rows, [(h.table_id, f"{h.round_id:,}", h.game, h.dealer or "",
                                       h.status, h.started, h.ended or "", str(h.records))
                                      for h in result])
            self.say(f"{counted(len(result), 'round')} found")
        elif tag == "shift":
            self.shift_lines = list(result)
            _fill(self.shift, [reports.shift_cells(line) for line in self.shift_lines])
            self.chart.lines = self.shift_lines
            self.chart.update()
            self.say(f"Shift report: {counted(len(self.shift_lines), 'line')}")
        elif tag == "supervisors":
            now = time.time()
            self.supervisor_ids = [account.id for account in result]
            _fill(self.supervisors, [(account.id, account.name, account_state(account, now))
                                     for account in result])
        elif tag in ("managed", "added"):
            self.say(f"Pit supervisor {result}.", done=True)
            if tag == "added":
                self.add_id.clear()
                self.add_name.clear()
            self.read_supervisors()
        elif tag == "decided":
            if result.status == "pending":  # approved: a hit before it is still pending
                self.say(f"Hit {result.order} of pool {result.pool}: APPROVED by "
                         f"{result.approved_by} — paid from the pool as it stands when the "
                         "hits before it are decided", done=True)
            else:
                self.say(f"Hit {result.order} of pool {result.pool}: {result.status.upper()}"
                         + (f" {format_cents(result.amount_cents)}"
                            if result.amount_cents is not None else ""), done=True)
            self.refresh()

    def closeEvent(self, event: Any) -> None:
        self._liveness.stop()
        self.listener.stop(2.0)
        self._thread.quit()
        self._thread.wait(3000)
        super().closeEvent(event)


class _Pending:
    def __init__(self, hit: Any, award: str, at_table: bool) -> None:
        self.pool, self.order, self.table_id = hit.pool, hit.order, hit.table_id
        self.round_id, self.position, self.hand = hit.round_id, hit.position, hit.hand
        self.at_table = at_table
        # who decides it, and whether it waits for a hit before it (paid in hit order)
        if hit.approved_by is not None:
            award += f" · approved by {hit.approved_by}, paid in its turn"
        elif at_table:
            award += f" · validated at table {hit.table_id}"
        self.award = award


def _pending(connection: FloorConnection) -> list[_Pending]:
    rows = connection.execute(
        "SELECT pool, hit_order, share_bp, fixed_cents, at_table FROM pool_hits WHERE status = "
        "'pending' ORDER BY pool, hit_order").fetchall()
    awards = {(str(r[0]), int(r[1])): ((f"{r[2] / 100:g}% of the pool" if r[2] is not None
                                        else format_cents(int(r[3]))), bool(r[4]))
              for r in rows}
    return [_Pending(h, *awards[(h.pool, h.order)])
            for h in pools.hits(connection, status="pending")]


def _table_cells(row: reports.TableRow) -> tuple[str, ...]:
    return (row.table_id, row.game.replace("_", " "),
            f"{row.round_id:,}" if row.round_id else "", row.phase, row.dealer or "",
            row.devices(), f"record {row.audit_seq:,}",
            f"{row.pool} {format_cents(row.pool_cents)}" if row.pool and row.pool_cents
            is not None else "", str(row.pending) if row.pending else "")


def fitted_size(available: QSize) -> QSize:
    """The pit window's first size: 1400×900, never larger than the screen's room (a 1280×800
    table PC's screen had the window's right edge and its buttons off the screen).

    >>> fitted_size(QSize(1280, 800)), fitted_size(QSize(1920, 1080))
    (PySide6.QtCore.QSize(1280, 800), PySide6.QtCore.QSize(1400, 900))
    """
    return QSize(min(1400, available.width()), min(900, available.height()))


def main(url: str) -> int:
    app = QApplication.instance() or QApplication([])
    window = PitWindow(url)
    window.resize(fitted_size(window.screen().availableGeometry().size()))
    window.show()
    window.refresh()
    return int(app.exec())
