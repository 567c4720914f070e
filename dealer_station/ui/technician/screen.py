"""The technician's screen, opened over the dealer's screen between rounds.

Pages: the device list (identity, firmware, link state, error counters) with the per-device
tests (lamp, sensor, dispense, lockout) and their live results; the decoded frame trace of every
line; fault injection on the simulated table; the diagnostics bundle export. The screen is
locked out during a round: signing in is refused, and a round that is open (or opens) disables
everything that moves hardware, which the station refuses anyway.
"""

from __future__ import annotations

import re
from collections import deque
from concurrent.futures import Future, wait
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QHideEvent, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_station.audit import utc_now
from dealer_station.auth import Role
from dealer_station.integrity import IntegrityError, program_identity
from dealer_station.plural import counted
from dealer_station.slips import printer_report
from dealer_station.ui.messages import NOTE, style_message
from dealer_station.ui.supervisor.calls import POLL_MS, Background, StaffContext, StationCalls
from dealer_station.ui.supervisor.session import StaffSession, sign_in_staff, sign_out_staff
from dealer_station.ui.supervisor.widgets import PageSwitcher, StaffFrame, message_label, say
from dealer_station.ui.technician.actions import (
    begin_diagnostic,
    clear_faults,
    export_bundle,
    inject_fault,
)
from dealer_station.ui.technician.bundle import RecentLogs
from dealer_station.ui.technician.device_tests import (
    ACTION_SECONDS,
    DEVICE_TESTS,
    submit_test,
)
from dealer_station.ui.technician.devices import DeviceRow, device_rows, fitted_widths
from dealer_station.ui.technician.faults import FAULTS, LINES
from dealer_station.ui.technician.trace import TraceTap
from dealer_station.ui.theme import THEME

__all__ = ["TechnicianScreen", "sign_in_technician"]

#: The device table's columns: what a technician reads first (the link, the faults) on the left,
#: readable without scrolling at 1280×800; the identity after.
# the simulated table's hands: a finger's height, lower than the test buttons above them
HANDS_HEIGHT = 48

_COLUMNS = ("Device", "Link", "Faults", "Errors", "Serial", "Model", "Firmware")


def _ended(future: Future[Any]) -> Future[Any]:
    """Wait (on a background thread) until the device test ``future`` is done."""
    wait([future])
    return future


def sign_in_technician(context: StaffContext, user: str, pin: str) -> StaffSession:
    """A technician signs in, also during a round: to see the devices and clear their faults
    (the tests that move hardware stay refused until the round ends)."""
    return sign_in_staff(context.station, user, pin, Role.TECHNICIAN)


def program_text() -> str:
    """The running program's identity as the technician's screen shows it.

    >>> program_text().startswith("Program: dealer-station ")
    True
    """
    try:
        identity = program_identity()
    except IntegrityError as error:  # start-up refuses first; said here all the same
        return f"Program: NOT the signed program: {error}"
    if not identity.verified:
        return (f"Program: dealer-station {identity.version}, {identity.unsigned_kind} (not a "
                "signed bundle): not verified")
    note = f" ({identity.key_note})" if identity.key_note else ""
    return (f"Program: dealer-station {identity.version} · manifest SHA-256 "
            f"{identity.manifest_sha256} · signing key {identity.key_fingerprint[:16]}{note} · "
            f"{identity.files} files verified at start-up")


def round_notice(round_id: int | None) -> str:
    """What the technician may do while round ``round_id`` is in progress, said before the PIN.

    >>> round_notice(None)
    ''
    >>> round_notice(7).split(":")[0]
    'Round 7 is in progress'
    """
    if round_id is None:
        return ""
    return (f"Round {round_id} is in progress: sign in to see the devices and clear their "
            "faults. The lamp, sensor, dispense and lockout tests and fault injection move "
            "the table's hardware: they are refused until the round ends.")


#: The empty trace box's words: before START TRACE, and while every frame is a routine poll.
TRACE_OFF = "START TRACE shows every frame between the station and the devices, decoded."
TRACE_QUIET = ("Tracing: no frame but the routine polls yet (a device answering with no event "
               "and no fault), hidden — tick Show routine polls to see them. An event, a fault "
               "or an error shows here at once.")


class TechnicianScreen(StaffFrame):
    """Sign-in, then the technician's pages. Emits :attr:`closed` on sign-out."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None, *,
                 bundle_dir: Path | None = None) -> None:
        super().__init__(
            calls, "TECHNICIAN", "TECHNICIAN SIGN-IN",
            "Device tests move the table's hardware: they run only between rounds, and no round "
            "can start while one runs.", parent)
        self.locked_round: int | None = None
        self.rows: list[DeviceRow] = []
        self.outcomes: list[Any] = []
        self.running: str | None = None
        #: How long the sensor and lockout tests wait for the action they ask for (seconds).
        self.action_seconds = ACTION_SECONDS
        self.bundle_dir = bundle_dir
        self.bundle_path: Path | None = None
        self.tap = TraceTap()
        self.logs = RecentLogs.install()
        self._trace_seen = 0
        self.lock = QLabel("")
        style_message(self.lock, NOTE)  # what waits for the round: information, not a fault
        self.lock.setStyleSheet("margin: 8px 12px 0px 12px;")
        self.lock.setWordWrap(True)
        self.lock.hide()
        self.work_layout.addWidget(self.lock)
        self.pages = PageSwitcher([("Devices and tests", self._devices_page()),
                                   ("Frame trace", self._trace_page()),
                                   ("Fault injection", self._faults_page()),
                                   ("Diagnostics bundle", self._bundle_page()),
                                   ("Receipt printer", self._printer_page())])
        self.work_layout.addWidget(self.pages, 1)
        # the page says where the slips go and the printer's fault as it opens (the guide's
        # words); it was an empty box until SHOW THE PRINTER'S LAST SLIPS was pressed
        self.pages.buttons["Receipt printer"].clicked.connect(self.show_printer)
        self.set_help("technician", {
            "Devices and tests": "The device tests",
            "Frame trace": "Reading the frame trace",
            "Fault injection": "Injecting faults on the simulated table",
            "Diagnostics bundle": "The diagnostics bundle",
            "Receipt printer": "The receipt printer"}, self.pages,
                      "The technician's screen")
        self.message = message_label()
        self.message.setContentsMargins(16, 4, 16, 8)
        self.work_layout.addWidget(self.message)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.poll)
        # A device test answers from its device's thread, which touches no Qt object: its
        # outcomes and prompts go to the plain queue ``_reports``, read on the GUI thread by
        # ``_report_timer`` (the screen's: a deleted screen drops them); its end comes through
        # ``_test_ends`` (a calls.Background of the station calls, which outlive the screen, so
        # the diagnostic block is closed even when the screen was deleted meanwhile).
        self._reports: deque[Any] = deque()
        self._report_timer = QTimer(self)
        self._report_timer.setInterval(POLL_MS)
        self._report_timer.timeout.connect(self._drain_reports)
        self._test_ends = Background(calls)

    # -- pages ------------------------------------------------------------------------------
    def _devices_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)  # the page's room is the list's
        # the program's identity for a regulator to compare with the approved build's (verified
        # at start-up, before any window: reading it here does no I/O)
        self.program = QLabel(program_text())
        self.program.setObjectName("program")
        self.program.setWordWrap(True)
        self.program.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.program)
        # the buttons above the list and the results: what appears under them (the results,
        # the simulated table's hands) never moves them under the technician's finger
        buttons = QGridLayout()
        self.test_buttons: dict[str, QPushButton] = {}
        for index, (key, test) in enumerate(DEVICE_TESTS.items()):
            button = QPushButton(test.label)
            button.setObjectName("primary")
            button.clicked.connect(lambda _=False, k=key: self.run_test(k))
            buttons.addWidget(button, index // 3, index % 3)
            self.test_buttons[key] = button
        # a jam cleared by hand, a misread: the devices' latched faults reset (during a round too)
        self.clear_button = QPushButton("CLEAR FAULTS")
        self.clear_button.setObjectName("secondary")
        self.clear_button.clicked.connect(self.clear_device_faults)
        buttons.addWidget(self.clear_button, 1, 1)
        self.refresh_button = QPushButton("REFRESH")
        self.refresh_button.clicked.connect(self.refresh)
        buttons.addWidget(self.refresh_button, 1, 2)
        layout.addLayout(buttons)
        layout.addWidget(self._hands_row())
        self.table = QTableWidget(0, len(_COLUMNS))
        self.table.setHorizontalHeaderLabels(list(_COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setDefaultSectionSize(40)
        self.table.setWordWrap(True)  # a long model or firmware on two lines where there is room
        layout.addWidget(self.table, 3)
        self.results = QListWidget()
        # the device list takes the room: the tests' results show once there are some (their
        # empty box under the buttons left the list five rows at 1280x800 during a round, the
        # lockout controller a scroll away)
        layout.addWidget(self.results, 1)
        self.results.hide()
        self.results.model().rowsInserted.connect(lambda *_: self.results.show())
        return page

    def _hands_row(self) -> QWidget:
        """On a simulated table, the hands a test asks for (the chip on the acceptor the sensor
        test names, the dealer's lockout button), through the simulated table's back door as
        the SIMULATED TABLE panel acts; enabled only while a test waits for them."""
        row = QWidget()
        # one low line, the words beside the hands: on a line of their own, with the test
        # buttons' height, they took two of the nine devices' rows out of view at 1280x800
        row.setStyleSheet(f"QPushButton {{ min-height: {HANDS_HEIGHT - 8}px; padding: 2px 12px; }}")
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        self.hands_words = QLabel("SIMULATED TABLE:")
        self.hands_words.setObjectName("muted")
        self.hands_words.setToolTip("The hands the test asks for, on the simulated table")
        line.addWidget(self.hands_words)
        self.hands: dict[str, QPushButton] = {}
        for key, words in (("place", "PLACE CHIP"), ("remove", "REMOVE CHIP"),
                           ("lockout", "PRESS LOCKOUT")):
            button = QPushButton(words)
            button.setObjectName("secondary")
            button.setEnabled(False)
            button.clicked.connect(lambda _=False, k=key: self.act(k))
            line.addWidget(button, 1)
            self.hands[key] = button
        self.asked_seat: int | None = None
        row.hide()  # shown once the table is known to be simulated
        self.hands_row = row
        return row

    def act(self, key: str) -> None:
        """Do, on the simulated table, what the test waiting asks for (``place`` or ``remove``
        the chip at the seat it names, ``lockout``: press the dealer's button)."""
        seat = self.asked_seat

        def hands(context: StaffContext) -> None:
            table = context.simulation
            if table is None:
                return
            if key == "lockout":
                table.backdoor.press_lockout_button()
            elif seat is not None and key == "place":
                table.backdoor.place_chip(seat)
            elif seat is not None:
                table.backdoor.remove_chip(seat)

        self.calls.submit(hands, lambda _done: None, self._say)

    def _ask(self, prompt: str) -> None:
        """A test asks for an action: said on the screen, the simulated table's hands for it
        enabled."""
        found = re.search(r"seat (\d+)", prompt)
        self.asked_seat = int(found.group(1)) if found else None
        sensor = self.asked_seat is not None
        for key, button in self.hands.items():
            button.setEnabled((key == "lockout") is not sensor)
        if sensor:
            relabel_hands = {"place": f"PLACE CHIP AT {self.asked_seat}",
                             "remove": f"REMOVE CHIP AT {self.asked_seat}"}
            for key, words in relabel_hands.items():
                self.hands[key].setText(words)
        say(self.message, f"Waiting up to {self.action_seconds:g} s: {prompt}"
            + (" (on the simulated table: the hands above the list)"
               if self.hands_row.isVisible() else ""))

    def _trace_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        row = QHBoxLayout()
        self.trace_button = QPushButton("START TRACE")
        self.trace_button.setCheckable(True)
        self.trace_button.toggled.connect(self.set_tracing)
        row.addWidget(self.trace_button)
        # the lines' heartbeat (polls answered "no events", hundreds a second) is hidden unless
        # asked for; PAUSE holds the view still to read it (the frames are still kept)
        self.routine_box = QCheckBox("Show routine polls")
        self.routine_box.setToolTip("Every device is polled many times a second and asked for "
                                    "its status every second; answers with no event and no "
                                    "fault are routine")
        self.routine_box.toggled.connect(lambda _on: self._refill_trace())
        row.addWidget(self.routine_box)
        self.pause_button = QPushButton("PAUSE")
        self.pause_button.setCheckable(True)
        self.pause_button.toggled.connect(self._paused)
        row.addWidget(self.pause_button)
        self.trace_count = QLabel("")
        self.trace_count.setObjectName("muted")
        self.trace_count.setWordWrap(True)
        row.addWidget(self.trace_count, 1)
        layout.addLayout(row)
        self.trace = QPlainTextEdit()
        self.trace.setReadOnly(True)
        self.trace.setMaximumBlockCount(2000)
        self.trace.setStyleSheet('font-family: "DejaVu Sans Mono"; font-size: 11pt;')
        self.trace.setPlaceholderText(TRACE_OFF)
        layout.addWidget(self.trace, 1)
        return page

    def _faults_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        note = QLabel("Simulated table only: inject a fault and watch the dealer's screen, the "
                      "device list and the trace react.")
        note.setObjectName("muted")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.fault = QComboBox()
        for key, fault in FAULTS.items():
            self.fault.addItem(fault.label, key)
        self.line = QComboBox()
        self.line.addItems(list(LINES))
        layout.addWidget(self.fault)
        layout.addWidget(self.line)
        self.inject_button = QPushButton("INJECT THE FAULT")
        self.inject_button.setObjectName("secondary")
        self.inject_button.clicked.connect(self.inject)
        layout.addWidget(self.inject_button)
        self.injected = QListWidget()
        layout.addWidget(self.injected, 1)
        return page

    def _bundle_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        note = QLabel("One archive with the configuration, recent logs and the audit tail, the "
                      "device identities and counters, and the frame trace (no accounts or "
                      "PINs).")
        note.setObjectName("muted")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.export_button = QPushButton("EXPORT THE DIAGNOSTICS BUNDLE")
        self.export_button.setObjectName("primary")
        self.export_button.clicked.connect(self.export)
        layout.addWidget(self.export_button)
        self.bundle_label = QLabel("")
        self.bundle_label.setWordWrap(True)
        layout.addWidget(self.bundle_label)
        layout.addStretch(1)
        return page

    def _printer_page(self) -> QWidget:
        """The jackpot slips' printer: which one, its fault, and the simulated printer's last
        slips as it printed them."""
        page = QWidget()
        layout = QVBoxLayout(page)
        self.printer_refresh = QPushButton("SHOW THE PRINTER'S LAST SLIPS")
        self.printer_refresh.setObjectName("primary")
        self.printer_refresh.clicked.connect(self.show_printer)
        layout.addWidget(self.printer_refresh)
        self.printer_text = QPlainTextEdit()
        self.printer_text.setReadOnly(True)
        self.printer_text.setStyleSheet('font-family: "DejaVu Sans Mono"; font-size: 11pt;')
        layout.addWidget(self.printer_text, 1)
        return page

    def show_printer(self) -> None:
        self.calls.submit(lambda context: printer_report(context.station.slip_printer),
                          self.printer_text.setPlainText, self._say)

    # -- session ----------------------------------------------------------------------------
    def start(self) -> None:
        self.session = None
        self.sign_in_panel.reset()
        self.sign_in_panel.set_notice("")
        self.stack.setCurrentIndex(0)
        # each opening starts clean: the last technician's "Injected: …", test results and
        # injections were shown to the next one's sign-in as if they were theirs
        say(self.message, "")
        self.results.clear()
        self.results.hide()
        self.injected.clear()

        def read(context: StaffContext) -> int | None:
            found: int | None = context.station.round_id
            return found

        # what is refused during a round is said before the PIN is typed
        self.calls.submit(read, lambda found: self.sign_in_panel.set_notice(round_notice(found)))

    def sign_in(self, user: str, pin: str) -> None:
        self.submit_sign_in(lambda context: sign_in_technician(context, user, pin),
                            self._signed_in)

    def _signed_in(self, session: StaffSession) -> None:
        self.session = session
        self.header.who.setText(f"{session.name} ({session.user}) · technician")
        self.stack.setCurrentIndex(1)
        self.refresh()
        if self.isVisible():
            self.timer.start()

    def sign_out(self) -> None:
        session, self.session = self.session, None
        self.timer.stop()
        if self.trace_button.isChecked():
            self.trace_button.setChecked(False)
        if session is not None:
            self.calls.submit(lambda context: sign_out_staff(context.station, session))
        self.stack.setCurrentIndex(0)
        self.closed.emit()

    def hideEvent(self, event: QHideEvent) -> None:
        self.timer.stop()
        super().hideEvent(event)

    # -- reading the station and devices ------------------------------------------------------
    def _say(self, words: str) -> None:
        """A refusal, a problem or work under way, in the warm colour (a success is said with
        ``say(..., done=True)`` in the success colour: it read as a warning in orange)."""
        say(self.message, words)

    def refresh(self) -> None:
        def read(context: StaffContext) -> tuple[int | None, list[DeviceRow], bool]:
            return (context.station.round_id, device_rows(context.manager),
                    context.simulation is not None)

        self.calls.submit(read, self._show, self._say)

    def poll(self) -> None:
        """Every second: the lock, the device list, new trace lines."""
        if self.calls.pending == 0:
            self.refresh()
        if not self.pause_button.isChecked():
            lines, self._trace_seen = self.tap.since(
                self._trace_seen, routine=self.routine_box.isChecked())
            if lines:
                self.trace.appendPlainText("\n".join(lines))
        hidden = "" if self.routine_box.isChecked() else (
            f" · {self.tap.routine_count} routine polls hidden")
        self.trace_count.setText(f"{self.tap.count} frames{hidden}"
                                 + (" · PAUSED" if self.pause_button.isChecked() else ""))

    def _paused(self, on: bool) -> None:
        self.pause_button.setText("RESUME" if on else "PAUSE")
        if not on:
            self._refill_trace()  # what came meanwhile

    def _refill_trace(self) -> None:
        """The view again from the kept frames, with or without the routine polls."""
        routine = self.routine_box.isChecked()
        self.trace.setPlainText("\n".join(self.tap.lines(routine=routine)))
        self._trace_seen = self.tap.count if routine else self.tap.notable_count
        self.trace.moveCursor(QTextCursor.MoveOperation.End)

    def _show(self, found: tuple[int | None, list[DeviceRow], bool]) -> None:
        self.locked_round, rows, simulated = found
        self.hands_row.setVisible(simulated)
        # a device in trouble (not online, or a fault latched) at the top: a jammed shoe was
        # the table's last row, below six acceptors, out of view at 1280x800
        self.rows = sorted(rows, key=lambda row: row.link == "online" and not row.faults)
        self._set_locked(self.locked_round)
        self.table.setRowCount(len(self.rows))
        for index, row in enumerate(self.rows):
            values = (row.subject, row.link + (f" ({row.detail})" if row.detail else ""),
                      ", ".join(row.faults) or "none", row.errors_text, row.serial, row.model,
                      row.firmware)
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # a long link state or error: … in the cell, whole here
                if column == 1:
                    item.setForeground(QColor(THEME.ok if row.link == "online" else THEME.fault))
                self.table.setItem(index, column, item)
        self._fit_columns()
        if not self.rows:
            say(self.message, "No devices are open at this station.")

    def _fit_columns(self) -> None:
        """Every column in view (Model and Firmware needed sideways scrolling at 1280×800): the
        widest narrowed alike, their words wrapped on up to three lines (a long link state ends
        in …, whole in the cell's tooltip); the serial number whole. The room of the vertical
        scroll bar is kept, so its coming does not push the last column out of view."""
        table, header = self.table, self.table.horizontalHeader()
        table.resizeColumnsToContents()
        columns = range(table.columnCount())
        natural = [table.columnWidth(c) for c in columns]
        least = [header.sectionSizeFromContents(c).width() for c in columns]
        available = (table.maximumViewportSize().width()
                     - table.verticalScrollBar().sizeHint().width() - 2)
        for column, width in enumerate(fitted_widths(natural, least, available,
                                                     frozenset({_COLUMNS.index("Serial")}))):
            table.setColumnWidth(column, width)
        table.setWordWrap(True)
        table.resizeRowsToContents()
        tallest = 3 * table.fontMetrics().lineSpacing() + 12
        for row in range(table.rowCount()):
            if table.rowHeight(row) > tallest:
                table.setRowHeight(row, tallest)
        # every device in view comes first: where the wrapped rows would need scrolling (the
        # simulated table's hands take a line at 1280x800), each row is one line, a long model
        # ending in … and whole in its tooltip
        rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
        if rows + header.height() > table.height() - 2 * table.frameWidth():
            table.setWordWrap(False)
            table.resizeRowsToContents()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.rows:
            self._fit_columns()

    def _set_locked(self, round_id: int | None) -> None:
        locked = round_id is not None
        self.lock.setVisible(locked)
        if locked:
            self.lock.setText(f"Round {round_id} is in progress: device tests and fault "
                              "injection wait until the round ends; CLEAR FAULTS works now.")
        for button in (*self.test_buttons.values(), self.inject_button):
            button.setEnabled(not locked and self.running is None)
        self.clear_button.setEnabled(self.running is None)

    def clear_device_faults(self) -> None:
        """Reset every device's latched faults (also during a round), audited."""
        session = self.session
        if session is None:
            return
        say(self.message, "Clearing the devices' faults…")

        def done(words: str) -> None:
            say(self.message, words, done="not reset" not in words)
            self.refresh()

        self.calls.submit(lambda context: clear_faults(context, session), done,
                          lambda words: say(self.message, f"Refused: {words}"))

    # -- tests -------------------------------------------------------------------------------
    def run_test(self, key: str) -> None:
        session = self.session
        if session is None or self.running is not None:
            return
        test = DEVICE_TESTS[key]
        report = self._reports.append  # the device's thread touches no Qt object
        seconds = self.action_seconds

        def start(context: StaffContext) -> tuple[Any, Future[Any]]:
            block = begin_diagnostic(context, session, test.name)
            assert context.manager is not None  # begin_diagnostic refused it without devices
            try:
                future = submit_test(context.manager, key, simulation=context.simulation,
                                     on_outcome=report, prompt=lambda text: report(f"→ {text}"),
                                     action_seconds=seconds)
            except BaseException:
                block.__exit__(None, None, None)
                raise
            return block, future

        self.running = key
        self._set_locked(self.locked_round)
        self.results.addItem(QListWidgetItem(f"{test.label} · started {utc_now()[11:19]}"))
        self.calls.submit(start, self._test_started, self._test_refused)

    def _test_started(self, started: tuple[Any, Future[Any]]) -> None:
        block, future = started
        calls = self.calls

        def ended(_done: object) -> None:  # the future, or what stopped the wait
            calls.submit(lambda _context: block.__exit__(None, None, None))
            if shiboken6.isValid(self):
                self._test_finished(future)

        if shiboken6.isValid(self):
            self._report_timer.start()
        self._test_ends.run(lambda: _ended(future), ended)

    def _test_refused(self, words: str) -> None:
        self.running = None
        self._set_locked(self.locked_round)
        say(self.message, f"Refused: {words}")
        self.results.addItem(QListWidgetItem(f"Refused: {words}"))

    def _show_outcome(self, outcome: Any) -> None:
        if isinstance(outcome, str):
            self.results.addItem(QListWidgetItem(outcome))
            if outcome.startswith("→ "):
                self._ask(outcome[2:])
            return
        self.outcomes.append(outcome)
        item = QListWidgetItem(str(outcome))
        item.setForeground(QColor(THEME.ok if outcome.passed else THEME.fault))
        self.results.addItem(item)
        self.results.scrollToBottom()

    def _drain_reports(self) -> None:
        while self._reports:
            self._show_outcome(self._reports.popleft())

    def _test_finished(self, future: Future[Any]) -> None:
        self._report_timer.stop()
        self._drain_reports()
        self.asked_seat = None
        for button in self.hands.values():
            button.setEnabled(False)
        key, self.running = self.running, None
        error = future.exception()
        if error is not None:
            self.results.addItem(QListWidgetItem(f"FAIL {key}: {error}"))
            say(self.message, f"The {key} test could not run: {error}")
        else:
            outcomes = future.result()
            failed = [o for o in outcomes if not o.passed]
            say(self.message, f"{DEVICE_TESTS[key or 'lamp'].label}: "
                + (f"FAILED, {len(failed)} of {len(outcomes)}: {failed[0].subject}: "
                   f"{failed[0].detail}" if failed else "every check passed"),
                done=not failed)
        self._set_locked(self.locked_round)

    # -- trace, faults, bundle ------------------------------------------------------------------
    def set_tracing(self, on: bool) -> None:
        tap = self.tap
        self.trace_button.setText("STOP TRACE" if on else "START TRACE")
        # the box empty while every frame is a routine poll, hidden: it read as no frame at all
        self.trace.setPlaceholderText(TRACE_QUIET if on else TRACE_OFF)
        if on:
            self.calls.submit(lambda context: tap.attach(context.manager),
                              lambda count: say(self.message, f"Tracing {counted(count, 'line')}."),
                              self._say)
        else:  # "Tracing 3 lines." stayed under the pages after STOP TRACE
            self.calls.submit(lambda context: tap.detach(context.manager),
                              lambda _none: say(self.message, "Trace stopped.", done=True),
                              self._say)

    def inject(self) -> None:
        session = self.session
        if session is None:
            return
        key, line = str(self.fault.currentData()), self.line.currentText()

        def done(words: str) -> None:
            self.injected.addItem(QListWidgetItem(f"{utc_now()[11:19]} {words}"))
            say(self.message, f"Injected: {words}")

        self.calls.submit(lambda context: inject_fault(context, session, key, line), done,
                          lambda words: say(self.message, f"Refused: {words}"))

    def export(self) -> None:
        session = self.session
        if session is None:
            return
        trace, logs = self.tap.lines(), list(self.logs.lines)
        events = self.tap.lines(routine=False)
        chosen = self.bundle_dir
        stamp = utc_now()[:19].replace(":", "").replace("-", "")

        def write(context: StaffContext) -> Path:
            directory = chosen or Path(context.station.store.directory) / "diagnostics"
            return export_bundle(context, session, directory / f"diagnostics-{stamp}.zip",
                                 trace=trace, logs=logs, events=events)

        def done(path: Path) -> None:
            self.bundle_path = path
            self.bundle_label.setText(f"Written {path}")
            say(self.message, f"Diagnostics bundle written: {path}", done=True)

        self.calls.submit(write, done, lambda words: say(self.message, f"Refused: {words}"))
