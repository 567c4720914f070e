"""The dealer's main window: the health bar on top, the felt on the left, the step panel and the
payment panel (or card entry at the steps that need it) on the right.

The window never touches the round or the devices itself: it sends requests to the
:class:`~dealer_station.ui.bridge.TableWorker` on its thread and draws the snapshots it gets back.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QMetaObject,
    QObject,
    QPoint,
    QRect,
    QSize,
    Qt,
    QThread,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLayout,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.bridge import DeviceBridge, Job, TableWorker, start_worker
from dealer_station.ui.card_entry import LowHandPicker, ManualCardEntry
from dealer_station.ui.controller import Snapshot, TableController
from dealer_station.ui.elide import ElidedLabel
from dealer_station.ui.felt import FeltView
from dealer_station.ui.form_panel import FormPanel
from dealer_station.ui.gc_guard import GuiThreadCollector
from dealer_station.ui.health import HealthStrip
from dealer_station.ui.help import dealer_help_button
from dealer_station.ui.key_guard import KeyGuard
from dealer_station.ui.messages import ERROR, style_message
from dealer_station.ui.payments import PaymentPanel
from dealer_station.ui.sign_in import SignInPanel, SupervisorDecision
from dealer_station.ui.sim_panel import install_simulated_table
from dealer_station.ui.step_panel import StepPanel
from dealer_station.ui.supervisor.access import install_staff_access
from dealer_station.ui.theme import stylesheet
from dealer_station.ui.wager_entry import WagerEntry
from dealer_station.ui.words import plain_words

__all__ = ["MainWindow", "PanelStack", "close_question"]


def close_question(round_id: int) -> str:
    """What the dealer is asked when the window is closed during a round.

    >>> print(close_question(4))  # doctest: +NORMALIZE_WHITESPACE
    Round 4 is in progress. Close the station now? Nothing is lost: the round waits in the
    journal and resumes where it stands when the station starts again.
    """
    return (f"Round {round_id} is in progress. Close the station now? Nothing is lost: the "
            "round waits in the journal and resumes where it stands when the station starts "
            "again.")


class PanelStack(QStackedWidget):
    """The lower panels, one shown at a time, sized by the one shown: a panel that is not
    shown (the card entry, the wager entry) takes no room from the step panel above.
    QStackedWidget itself asks for the largest of all its pages. A page with nothing that
    wants more room (the wager entry, a sign-in) takes no more height than it asks for, at
    the top of its room (right under the step panel's buttons, where it was at the last
    step); a page with a list that scrolls or cards drawn to the room (the payments, a form,
    the cards) takes all the room the step panel leaves."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(self._page_changed)

    def _page_changed(self, _index: int) -> None:
        current = self.currentWidget()
        grows = current is not None and any(
            child.sizePolicy().expandingDirections() & Qt.Orientation.Vertical
            for child in current.findChildren(QWidget))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred if grows
                           else QSizePolicy.Policy.Maximum)
        parent = self.parentWidget()
        column = parent.layout() if parent is not None else None
        if column is not None:  # a page that does not grow sits at the top of its room
            column.setAlignment(self, Qt.AlignmentFlag(0) if grows
                                else Qt.AlignmentFlag.AlignTop)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.sizeHint() if current is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        current = self.currentWidget()
        return current.minimumSizeHint() if current is not None else super().minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        """No height for its width: QStackedWidget answers with the tallest of all its pages,
        which the column's layout then took as this panel's least height and split the column
        evenly with the step panel (a step panel grown for a stop message was overlapped)."""
        return False

    def least_height(self) -> int:
        """The least height the page shown needs: all it asks for when it has nothing that
        grows (the wager entry, a sign-in form), else its minimum (a list in it scrolls)."""
        if self.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Maximum:
            return self.sizeHint().height()
        return self.minimumSizeHint().height()


#: The right column's share of the window's width, and its least width in pixels (the wager
#: entry's chips and fields, the payments' summary, the step panel's buttons at 1280×800).
RIGHT_COLUMN_SHARE = 0.4
RIGHT_COLUMN_LEAST = 540
#: The share of the right column's height kept for the step panel at every step.
STEP_PANEL_SHARE = 0.5


def right_column_width(body: int) -> int:
    """The right column's width in a window body ``body`` pixels wide (beside the felt): the
    same at every step, whatever the panels show, so the felt never changes width and no
    button moves sideways between steps.

    >>> right_column_width(1248), right_column_width(1888)
    (540, 755)
    """
    return max(RIGHT_COLUMN_LEAST, round(body * RIGHT_COLUMN_SHARE))


class StepPanelFirst(QObject):
    """The right column's height shared with the step panel first, and the same at every step:
    the step panel keeps :data:`STEP_PANEL_SHARE` of the column (its primary button at its
    bottom edge thus stays where the dealer's finger found it at the last step, and the lower
    panel does not move when a "Next: …" line appears), its words fitted to that room; it
    gets more only when its words would have to go smaller than is read comfortably (a
    jammed shoe's stop message, a void's note of every wager to return), less only when the
    lower panel shown cannot make do with the rest (the manual card entry, the first
    supervisor's form). Recomputed whenever either panel's
    contents or the column's size change."""

    def __init__(self, step_panel: StepPanel, lower: PanelStack, column: QWidget,
                 parent: QObject) -> None:
        super().__init__(parent)
        self.step_panel, self.lower, self.column = step_panel, lower, column
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.share)
        for watched in (step_panel, lower, column):
            watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize):
            self._soon.start()
        return False

    def share(self) -> None:
        layout = self.column.layout()
        if layout is None or not self.column.isVisible():
            return
        column = self.column.contentsRect().height() - layout.spacing()
        most = column - self.lower.minimumSizeHint().height()
        room = min(round(column * STEP_PANEL_SHARE), column - self.lower.least_height())
        # more height before the words go smaller than is read comfortably beside a note (a
        # void's notice), up to what the lower panel can spare. Never for a stop message: it
        # comes and goes with a device, and the buttons and the lower panel (the wagers being
        # entered) must not move under the dealer's hands when it does (the primary moved
        # 50 px down and PLACE WAGERS went under the window's edge). Nor for a long instruction
        # alone (a settlement's list of wagers moved the primary 17 px from the last step's
        # place). Their words are fitted smaller in the room instead.
        stopped = not self.step_panel.blocked.isHidden()
        noted = not self.step_panel.notes_area.isHidden()
        height = max(room, self.step_panel.needed_height(room,
                                                         comfortable=noted and not stopped))
        height = max(0, min(height, most))
        if (self.step_panel.minimumHeight(), self.step_panel.maximumHeight()) != (height, height):
            self.step_panel.setFixedHeight(height)
        self.step_panel.fit(height)


#: How long closing the window waits for the table worker: long enough for a journal commit or
#: a device call in flight (a slow disk, a device timing out) to end.
SHUTDOWN_WAIT_SECONDS = 30.0


class MainWindow(QMainWindow):
    """The dealer's screen for one table."""

    command_requested = Signal(str)
    cards_requested = Signal(tuple)  # tuple[Card, ...]
    tick_requested = Signal(int, bool)
    call_requested = Signal(Job)
    snapshot_shown = Signal(Snapshot)

    def __init__(self, worker: TableWorker | None = None, bridge: DeviceBridge | None = None,
                 *, judge: object = None) -> None:
        super().__init__()
        # garbage (Qt objects among it) collected on this thread only: see ui/gc_guard.py
        self._collector = GuiThreadCollector(self)
        self.setWindowTitle("Dealer Station")
        self.setStyleSheet(stylesheet())
        self._judge = judge
        self.snapshot: Snapshot | None = None
        #: Closing during a round was agreed (or needs no question: a stop signal).
        self._close_agreed = False
        #: The question asked when the window is closed during a round, while it is open.
        self.close_question: QMessageBox | None = None
        #: What each entry panel was last started for (restarted only when it changes).
        self._requests: dict[str, object] = {}
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.health = HealthStrip()
        outer.addWidget(self.health)
        body = QHBoxLayout()
        body.setContentsMargins(10, 10, 10, 10)
        body.setSpacing(12)
        self.felt = FeltView()
        # a tapped device's words over the felt: the step panel's instruction stays in view
        self.health.detail_room = lambda: QRect(self.felt.mapTo(self, QPoint(0, 0)),
                                                self.felt.size())
        body.addWidget(self.felt, 1)
        #: The step panel above the lower panels, as wide at every step (see resizeEvent).
        self.right_column = QWidget()
        right = QVBoxLayout(self.right_column)
        right.setContentsMargins(0, 0, 0, 0)
        right.setSpacing(10)
        self.step_panel = StepPanel()
        right.addWidget(self.step_panel, 0)
        self.lower_panels = PanelStack()
        self.payments = PaymentPanel()
        self.card_entry = ManualCardEntry()
        self.low_hand = LowHandPicker(buttons=False)  # SET HAND and HOUSE WAY: the step's
        self.sign_in = SignInPanel()
        self.wager_entry = WagerEntry()
        self.supervisor_decision = SupervisorDecision()
        self.form = FormPanel()
        for widget in (self.payments, self.card_entry, self.low_hand, self.sign_in,
                       self.wager_entry, self.supervisor_decision, self.form):
            self.lower_panels.addWidget(widget)
        right.addWidget(self.lower_panels, 1)
        self._column = StepPanelFirst(self.step_panel, self.lower_panels, self.right_column,
                                      self)
        body.addWidget(self.right_column, 0)
        self._body = body
        outer.addLayout(body, 1)
        # what went wrong, on one line (… when long, whole in the tooltip and on a tap): an
        # error's words never widen the window nor cut the panels above
        self.error = ElidedLabel("")
        style_message(self.error, ERROR)  # the screens' one error look (ui/messages.py)
        self.error.hide()
        outer.addWidget(self.error)
        self.setCentralWidget(central)
        # The window's size is the screen's or the person's to choose, never its content's: no
        # text, status or form may make it grow past the screen (and stay grown). What does
        # not fit is made to fit by the panels themselves (elided, wrapped, shrunk).
        window_layout = self.layout()
        if window_layout is not None:
            window_layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for button in self.findChildren(QPushButton):  # touch targets: keys stay the window's
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.step_panel.action_triggered.connect(self._step_action)
        self.payments.ticked.connect(self.tick_requested)
        self.card_entry.cards_entered.connect(self.cards_requested)
        self.low_hand.setting_chosen.connect(self.cards_requested)
        self.sign_in.sign_in_requested.connect(
            lambda user, pin: self.call(lambda c: c.sign_in(user, pin)))
        self.sign_in.pin_change_requested.connect(
            lambda user, pin, new: self.call(lambda c: c.sign_in(user, pin, new)))
        self.sign_in.supervisor_requested.connect(
            lambda user, name, pin: self.call(
                lambda c: c.create_first_supervisor(user, name, pin)))
        self.health.sign_out_requested.connect(lambda: self.call(lambda c: c.sign_out()))
        self.wager_entry.place_requested.connect(self._place)
        self.supervisor_decision.decided.connect(self._supervisor_decided)
        self.form.submitted.connect(self._submit_form)
        self.form.cancelled.connect(lambda: self.call(lambda c: c.open_form(None)))
        self.felt.seat_clicked.connect(lambda key: self.call(lambda c: c.select(key)))
        space = QShortcut(QKeySequence("Space"), self)
        space.setContext(Qt.ShortcutContext.WindowShortcut)
        space.activated.connect(self._space)
        # during betting: a position by its digit or the arrows, its wager typed (wager_entry)
        self._position_keys: list[QShortcut] = []
        for digit in range(1, 10):  # while a low hand is picked: the card of that number
            self._position_key(str(digit), self._chooser(str(digit)))
        self._position_key("Left", lambda: self._choose_position(-1))
        self._position_key("Right", lambda: self._choose_position(1))
        self._typing_wager = ""
        self.wager_entry.left_the_boxes.connect(self.setFocus)
        # after the Enter that placed it has gone through the box (a later turn of the loop):
        # Enter seen outside a box would hold the step's keys (key_guard)
        self.wager_entry.place_requested.connect(
            lambda *_: QTimer.singleShot(0, self.setFocus))
        self.staff = install_staff_access(self)  # SUPERVISOR / TECHNICIAN screens over this one
        # keys meant for a box, or for a staff screen, never act on the step (ui/key_guard.py)
        self.key_guard = KeyGuard(
            self, standing_aside=lambda: self.staff.showing is not None,
            say=lambda words: self.call(lambda c: c.keys_ignored(words)),
            unsay=lambda: self.call(lambda c: c.keys_work_again()),
            signed_in=self._on_duty, typing_box=self._typing_box)
        self.simulated_table = install_simulated_table(self)  # only with simulated devices
        self.help_button = dealer_help_button(self)  # the guide at this screen's section
        self.worker = worker
        self.bridge = bridge
        self.thread_: QThread | None = None
        if worker is not None:
            self.attach(worker, bridge)

    def attach(self, worker: TableWorker, bridge: DeviceBridge | None = None) -> None:
        """Connect to ``worker`` and start it on its own thread."""
        self.worker = worker
        self.bridge = bridge
        self.command_requested.connect(worker.command)
        self.cards_requested.connect(worker.enter_cards)
        self.tick_requested.connect(worker.tick)
        self.call_requested.connect(worker.call)
        worker.snapshot_ready.connect(self.show_snapshot)
        worker.failed.connect(self.show_error)
        self.thread_ = start_worker(worker, bridge)

    def _position_key(self, key: str, act: Callable[[], None]) -> None:
        shortcut = QShortcut(QKeySequence(key), self)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.setEnabled(False)  # only while the wagers are taken (show_snapshot)
        shortcut.activated.connect(act)
        self._position_keys.append(shortcut)

    def _chooser(self, key: str) -> Callable[[], None]:
        return lambda: self._choose_position(key)

    def _choose_position(self, which: str | int) -> None:
        """A position's digit (``which`` its key), or an arrow (``which`` -1 or 1: the position
        to the left or right of the one chosen) while the wagers are taken: the position is
        chosen as a tap on the felt chooses it, and its wager's box takes the typed amount."""
        snapshot = self.snapshot
        if self.lower_panels.currentWidget() is self.low_hand and isinstance(which, str):
            self.low_hand.toggle(int(which) - 1)  # 1 the leftmost card
            return
        if snapshot is None or self.lower_panels.currentWidget() is not self.wager_entry:
            return
        keys = [seat.key for seat in snapshot.table.seats if not seat.is_dealer]
        if isinstance(which, int):
            chosen = snapshot.entry.position if snapshot.entry is not None else ""
            at = keys.index(chosen) + which if chosen in keys else 0 if which > 0 else -1
            key = keys[at % len(keys)]
        elif which in keys:
            key = which
        else:
            return
        self._typing_wager = key
        if snapshot.entry is not None and snapshot.entry.position == key:
            self.wager_entry.type_in()  # chosen already: straight to its box
        self.call(lambda c: c.select(key))

    def _step_action(self, name: str) -> None:
        """A step button (or its key): the low hand picked is sent as the picker's own SET
        HAND sends it; any other goes to the table."""
        snapshot = self.snapshot
        action = next((a for a in snapshot.step.actions if a.name == name), None) if (
            snapshot is not None) else None
        if (action is not None and action.submits_entry
                and self.lower_panels.currentWidget() is self.low_hand):
            self.low_hand.submit()
            return
        self.command_requested.emit(name)

    def _space(self) -> None:
        """Space ticks the next payment line, only while the lines are on screen: never while
        signed out (no dealer to tick them) or while another entry takes the keys."""
        if self.lower_panels.currentWidget() is self.payments:
            self.payments.tick_next()

    def _typing_box(self) -> QLineEdit | None:
        """The box that takes typed keys no other box has: the card entry's, while it shows."""
        if self.lower_panels.currentWidget() is self.card_entry and self.card_entry.isVisible():
            return self.card_entry.typed
        return None

    def _on_duty(self) -> str:
        """Who is signed in at this table ("" while signed out or at the first start)."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.step.phase in ("signed_out", "first_start"):
            return ""
        return snapshot.on_duty.split(" · ")[0]

    def focus_keys(self) -> None:
        """Where typed keys go: the sign-in form's id while signed out (or at the first start),
        so an id typed there is never read as the step's shortcut letters; otherwise the
        window's shortcuts. Not while a staff screen covers this one (its keys are its own)."""
        if self.staff.showing is not None:
            return
        # the window active too: a field takes typed keys without it, but the step's shortcuts
        # (window shortcuts) fire only in the active window, which a kiosk's bare X server
        # (no window manager) never makes it until the first tap
        self.activateWindow()
        if self.lower_panels.currentWidget() is self.sign_in:
            self.sign_in.user.setFocus()
            self.sign_in.user.selectAll()  # the last id typed is replaced, never appended to
        else:
            self.setFocus()

    def call(self, run: Callable[[TableController], object]) -> None:
        """Run ``run(controller)`` on the table worker's thread (dropped while no table runs);
        the screen is redrawn after it."""
        self.call_requested.emit(Job(run))

    def _place(self, position: int, amounts: dict[str, int]) -> None:
        self.call(lambda c: c.place(position, amounts))

    def _submit_form(self, values: dict[str, Any]) -> None:
        self.call(lambda c: c.submit_form(values))

    def _supervisor_decided(self, which: str, user: str, pin: str, reason: str) -> None:
        entry = self.snapshot.entry if self.snapshot is not None else None
        if entry is None or entry.kind != "supervisor" or which not in entry.options:
            return
        _label, action = entry.options[which]
        decided = action.with_reason(reason)  # the typed record, with the reason written
        self.call(lambda c: c.supervise(decided, user, pin))

    def show_error(self, text: str) -> None:
        self.error.setText(plain_words(text))
        self.error.show()

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw ``snapshot``: the felt, the step, and the lower panel the step needs."""
        previous, self.snapshot = self.snapshot, snapshot
        page = self.lower_panels.currentWidget()
        self.step_panel.snapshot_arrived()
        # Only what changed is redrawn: a device event usually changes one seat of the felt.
        if previous is None or previous.table.title != snapshot.table.title:
            self.health.set_title(snapshot.table.title)
        if previous is None or previous.health != snapshot.health:
            self.health.set_health(snapshot.health)
        if previous is None or previous.on_duty != snapshot.on_duty:
            self.health.set_user(snapshot.on_duty, snapshot.on_duty.split(" · ")[0])
        if previous is None or previous.table != snapshot.table:
            self.felt.set_view(snapshot.table)
        if previous is None or previous.step != snapshot.step:
            self.step_panel.set_view(snapshot.step)
        entry = snapshot.entry
        if entry is None or entry.kind != "form":
            self._requests.pop("form", None)  # a form opened again starts empty
        if self.lower_panels.currentWidget() is self.sign_in and (
                entry is None or entry.kind not in ("sign_in", "first_supervisor")):
            self.activateWindow()  # signed in: the shortcuts work at once (see focus_keys)
            self.setFocus()  # keys go to the window's shortcuts, not a sign-in field
        if self.lower_panels.currentWidget() is self.card_entry and (
                entry is None or entry.kind != "cards"):
            self.setFocus()  # the cards are in: keys go back to the step panel
            self.sign_in.show_message("")  # signed in: the form starts clean next time
            self._requests.pop("sign_in", None)
        if entry is not None and entry.kind == "supervisor":
            self.supervisor_decision.start(
                entry.title, entry.options["approve"][0], entry.options["reject"][0],
                str(entry.options.get("heading", "SUPERVISOR VALIDATION · progressive payout")))
            self.lower_panels.setCurrentWidget(self.supervisor_decision)
        elif entry is not None and entry.kind == "form":
            form_key = (entry.title, tuple(sorted((k, repr(v)) for k, v in
                                                  entry.options.items())))
            if self._requests.get("form") != form_key:
                self.form.show_request(entry.options, entry.title)
                self._requests["form"] = form_key
            self.lower_panels.setCurrentWidget(self.form)
        elif entry is not None and entry.kind == "wagers":
            wager_key = (entry.position, tuple(sorted(entry.options.items())))
            if self._requests.get("wagers") != wager_key:
                self.wager_entry.start(entry.position, entry.options)
                self._requests["wagers"] = wager_key
            self.lower_panels.setCurrentWidget(self.wager_entry)
            if self._typing_wager and entry.position == self._typing_wager:
                self._typing_wager = ""
                self.wager_entry.type_in()  # chosen by its key: the amount typed next
        elif entry is not None and entry.kind in ("sign_in", "first_supervisor"):
            self.sign_in.set_first_start(entry.kind == "first_supervisor")
            self.sign_in.set_pin_change(bool(entry.options.get("change_pin")))
            attempt = entry.options.get("attempt")
            if self._requests.get("sign_in") != attempt:  # each answer shown once
                self.sign_in.show_message(str(entry.options.get("refused", "")),
                                          float(entry.options.get("locked_seconds", 0.0)))
                self._requests["sign_in"] = attempt
            self.lower_panels.setCurrentWidget(self.sign_in)
            before = previous.entry if previous is not None else None
            if before is None or before.kind != entry.kind:
                self.focus_keys()  # signed out: the keys go to the id, not to shortcuts
        elif entry is not None and entry.kind == "setting":
            if self._requests.get("setting") != (entry.position, entry.cards):
                self.low_hand.start(entry.position, entry.cards,
                                    entry.options.get("judge", self._judge),
                                    bank=bool(entry.options.get("bank")))
                self._requests["setting"] = (entry.position, entry.cards)
            self.lower_panels.setCurrentWidget(self.low_hand)
        elif entry is not None and entry.kind == "cards":
            key = (entry.position, entry.title, entry.count)
            if self._requests.get("cards") != key:
                self.card_entry.start(entry.count, entry.title, allow_joker=entry.allow_joker,
                                      unavailable=entry.unavailable)
                self._requests["cards"] = key
                self.card_entry.typed.setFocus()  # type the cards at once, one Enter
            self.lower_panels.setCurrentWidget(self.card_entry)
        else:
            self.payments.set_lines(snapshot.payments, set(snapshot.ticked), snapshot.later)
            self.payments.set_log(snapshot.log)
            self.lower_panels.setCurrentWidget(self.payments)
        taking_wagers = self.lower_panels.currentWidget() is self.wager_entry
        picking = self.lower_panels.currentWidget() is self.low_hand
        for shortcut in self._position_keys:
            shortcut.setEnabled(taking_wagers or (picking and shortcut.key().toString()
                                                  in tuple("1234567")))
        if (previous is None or previous.step != snapshot.step
                or self.lower_panels.currentWidget() is not page):
            self._column.share()  # the step's words fitted before the screen is drawn
        self.snapshot_shown.emit(snapshot)

    def shutdown(self) -> None:
        """Stop the worker thread (the journal already holds every action), waiting up to
        :data:`SHUTDOWN_WAIT_SECONDS` for the work in flight; a thread still running then is
        reported and kept, never destroyed."""
        self.simulated_table.shutdown()
        if self.thread_ is not None:
            if self.worker is not None and self.thread_.isRunning():
                QMetaObject.invokeMethod(self.worker, "stop",
                                         Qt.ConnectionType.BlockingQueuedConnection)
            self.thread_.quit()
            if not self.thread_.wait(int(SHUTDOWN_WAIT_SECONDS * 1000)):
                # never destroyed while running: bridge.start_worker keeps it until it ends
                print(f"table worker thread still running {SHUTDOWN_WAIT_SECONDS:.0f} s after "
                      "shutdown; kept until it ends", file=sys.stderr)
            self.thread_ = None

    def resizeEvent(self, event: QResizeEvent) -> None:
        margins = self._body.contentsMargins()
        body = (event.size().width() - margins.left() - margins.right()
                - self._body.spacing())
        self.right_column.setFixedWidth(right_column_width(body))
        super().resizeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Close; during a round only once the dealer says so (:meth:`ask_to_close`): the
        round waits in the journal, but a close button pressed by mistake should not stop the
        table. Between rounds, after a stop signal or once stopped, it closes at once."""
        round_id = self.snapshot.round_open if self.snapshot is not None else None
        if round_id is not None and not self._close_agreed and self.thread_ is not None:
            event.ignore()
            self.ask_to_close(round_id)
            return
        self.shutdown()
        super().closeEvent(event)
        event.accept()

    def ask_to_close(self, round_id: int) -> None:
        """Ask whether to close the station during round ``round_id`` (the window stays usable
        meanwhile: the question is window-modal, never a blocking loop)."""
        if self.close_question is not None:
            self.close_question.raise_()
            return
        question = QMessageBox(QMessageBox.Icon.Question, "Close Dealer Station?",
                               close_question(round_id), parent=self)
        question.setWindowModality(Qt.WindowModality.WindowModal)
        close = question.addButton("CLOSE THE STATION", QMessageBox.ButtonRole.DestructiveRole)
        keep = question.addButton("KEEP PLAYING", QMessageBox.ButtonRole.RejectRole)
        question.setDefaultButton(keep)
        question.setEscapeButton(keep)

        def answered(button: object) -> None:
            self.close_question = None
            question.deleteLater()
            if button is close:
                self.close_now()

        question.buttonClicked.connect(answered)
        self.close_question = question
        question.open()

    def close_now(self) -> None:
        """Close without asking (a stop signal, the dealer's answer)."""
        self._close_agreed = True
        self.close()
