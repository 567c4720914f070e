"""Pieces shared by the supervisor's and technician's screens: the staff sign-in, the header
with the sign-out button, the page navigation and the dark theme's extra rules for lists, tables
and text areas (the dealer's :mod:`~dealer_station.ui.theme` supplies everything else)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QButtonGroup,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.auth import AuthenticationError, PinChangeRequired
from dealer_station.ui.help import help_button
from dealer_station.ui.messages import DONE, NOTE, MessageLabel, style_message
from dealer_station.ui.sign_in import LockCountdown
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls, reason_of
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.theme import THEME, stylesheet

__all__ = [
    "ChoiceButtons",
    "PageSwitcher",
    "StaffFrame",
    "StaffHeader",
    "StaffPage",
    "StaffSignIn",
    "message_label",
    "page_heading",
    "say",
    "staff_stylesheet",
]


def staff_stylesheet() -> str:
    """The dealer's dark felt theme plus lists, tables, combo boxes and text areas."""
    t = THEME
    return stylesheet() + f"""
QListWidget, QTableWidget, QPlainTextEdit, QTextEdit {{ background: {t.background};
    border: 1px solid {t.panel_line}; border-radius: 8px; font-size: {t.body_pt}pt; }}
QListWidget::item {{ min-height: 44px; padding: 4px 8px; }}
QListWidget::item:selected, QTableWidget::item:selected {{ background: {t.felt};
    color: {t.text}; }}
QHeaderView::section {{ background: {t.panel}; color: {t.muted}; border: none;
    padding: 6px; font-weight: bold; }}
QTableWidget {{ gridline-color: {t.panel_line}; }}
QComboBox {{ background: {t.background}; border: 1px solid {t.panel_line}; border-radius: 6px;
    min-height: 44px; padding: 2px 10px; }}
QComboBox QAbstractItemView {{ background: {t.panel}; selection-background-color: {t.felt}; }}
QPushButton#nav {{ text-align: left; padding-left: 18px; min-height: 64px;
    font-size: {t.body_pt + 2}pt; border: 2px solid transparent;
    border-left: 6px solid transparent; }}
QPushButton#nav:focus {{ border: 2px solid {t.next}; border-left: 6px solid {t.next}; }}
QPushButton#nav:checked {{ background: {t.felt}; border: 2px solid transparent;
    border-left: 6px solid {t.current}; }}
QPushButton#nav:checked:focus {{ border: 2px solid {t.next};
    border-left: 6px solid {t.current}; }}
QLabel#title {{ font-size: {t.instruction_pt}pt; font-weight: bold; }}
QPushButton#choice {{ min-height: 48px; padding: 2px 14px; font-size: {t.body_pt + 2}pt;
    border: 2px solid {t.panel_line}; }}
QPushButton#choice:checked {{ background: {t.felt}; border: 2px solid {t.current}; }}
QPushButton#nav:checked:disabled, QPushButton#choice:checked:disabled {{ background: #173a28;
    color: {t.faint}; }}
QPushButton#choice:focus {{ border: 2px solid {t.next}; }}
QLabel#bad {{ color: {t.fault}; font-weight: bold; }}
QLineEdit[refused="true"], QPushButton#choice[refused="true"] {{
    border: 3px solid {t.fault}; }}
QCheckBox[refused="true"] {{ color: {t.fault}; font-weight: bold; }}
"""


def page_heading(layout: QVBoxLayout, title: str) -> QLabel:
    """A page's heading ``title`` in ``layout``, then a wrapped summary line under it (the
    label returned, empty until the page writes it)."""
    heading = QLabel(title)
    heading.setObjectName("phase")
    layout.addWidget(heading)
    summary = QLabel("")
    summary.setWordWrap(True)
    layout.addWidget(summary)
    return summary


def message_label() -> MessageLabel:
    """Where a page's refusals and results are written: the screens' one message widget (an
    error in the red box, a note in the calm one)."""
    return MessageLabel()


def say(label: QLabel, words: str, *, done: bool = False) -> None:
    """Write ``words`` in a :func:`message_label`: ``done`` (the thing asked is done) ringed in
    the success colour, a refusal as an error, anything else ("Checking…") as a note."""
    if isinstance(label, MessageLabel):
        label.say(words, DONE if done else None)
    else:
        label.setText(words)


class ChoiceButtons(QWidget):
    """One of a few values, each a large button in a row, the chosen one marked (a drop-down's
    popup opens centred on the current item, so a tap meant for another picked the one under
    the finger). ``options``: (value, words shown) pairs; :attr:`chosen` emits the value a tap
    picks; ``columns``: that many buttons a row (0: all in one row)."""

    chosen = Signal(str)

    def __init__(self, options: Sequence[tuple[str, str]],
                 parent: QWidget | None = None, *, columns: int = 0) -> None:
        super().__init__(parent)
        self.columns = columns
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(6)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, QPushButton] = {}
        self.set_options(options)

    def set_options(self, options: Sequence[tuple[str, str]]) -> None:
        """The buttons for ``options`` instead of the ones shown; the first chosen."""
        for button in self.buttons.values():
            self.group.removeButton(button)
            button.deleteLater()
        self.buttons = {}
        across = self.columns or max(len(options), 1)
        for column in range(self.grid.columnCount()):  # fewer buttons: no empty column left
            self.grid.setColumnStretch(column, 0)
        for index, (value, words) in enumerate(options):
            button = QPushButton(words)
            button.setObjectName("choice")
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, v=value: self.chosen.emit(v))
            self.group.addButton(button)
            self.buttons[value] = button
            self.grid.addWidget(button, index // across, index % across)
        for column in range(across):
            self.grid.setColumnStretch(column, 1)
        if options:
            self.set_value(options[0][0])

    def value(self) -> str:
        """The value chosen ("" when there are no options)."""
        return next((v for v, button in self.buttons.items() if button.isChecked()), "")

    def set_value(self, value: str) -> None:
        """Mark ``value`` chosen (no :attr:`chosen` signal: that is a person's tap)."""
        self.buttons[value].setChecked(True)

    def clear(self) -> None:
        """None chosen (a value a person must pick, never one picked for them)."""
        self.group.setExclusive(False)
        for button in self.buttons.values():
            button.setChecked(False)
        self.group.setExclusive(True)


class _RowsShown:
    """Rows of a form shown or hidden together (``isVisible``, ``show``, ``hide``)."""

    def __init__(self, form: QFormLayout, rows: tuple[int, ...]) -> None:
        self._form, self._rows, self._shown = form, rows, True

    def isVisible(self) -> bool:
        return self._shown

    def show(self) -> None:
        self._set(True)

    def hide(self) -> None:
        self._set(False)

    def _set(self, shown: bool) -> None:
        self._shown = shown
        for row in self._rows:
            self._form.setRowVisible(row, shown)


class StaffSignIn(QFrame):
    """Id and PIN of a supervisor or technician; emits :attr:`submitted` or
    :attr:`cancelled` (back to the dealer's screen)."""

    submitted = Signal(str, str)
    cancelled = Signal()

    def __init__(self, title: str, hint: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 30, 40, 30)
        heading = QLabel(title)
        heading.setObjectName("title")
        outer.addWidget(heading)
        note = QLabel(hint)
        note.setObjectName("muted")
        note.setWordWrap(True)
        outer.addWidget(note)
        #: What this person may and may not do now, shown before the PIN is typed (information
        #: in the calm notice style: it was in the red fault style, alarming for a rule).
        self.notice = QLabel("")
        style_message(self.notice, NOTE)
        self.notice.setWordWrap(True)
        self.notice.hide()
        outer.addWidget(self.notice)
        form = QFormLayout()
        form.setVerticalSpacing(14)
        self.user = QLineEdit()
        self.user.setPlaceholderText("your id")
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN")
        form.addRow("Id", self.user)
        form.addRow("PIN", self.pin)
        outer.addLayout(form)
        # a one-time PIN (set by someone else) is changed here before anything else: two rows
        # of the same form (aligned with the id and PIN), shown when asked
        self._form = form
        self.new_pin_form = _RowsShown(form, (2, 3))
        self.new_pin = QLineEdit()
        self.new_pin_again = QLineEdit()
        for field, words in ((self.new_pin, "a new PIN of your own"),
                             (self.new_pin_again, "the same new PIN")):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setPlaceholderText(words)
        form.addRow("New PIN", self.new_pin)
        form.addRow("Again", self.new_pin_again)
        self.new_pin_form.hide()
        self._chosen_pin = ""
        row = QHBoxLayout()
        self.sign_in_button = QPushButton("SIGN IN")
        self.sign_in_button.setObjectName("primary")
        self.cancel_button = QPushButton("BACK TO THE TABLE")
        row.addWidget(self.sign_in_button, 2)
        row.addWidget(self.cancel_button, 1)
        outer.addLayout(row)
        #: The row of SIGN IN and BACK TO THE TABLE (the screen adds HELP to it).
        self.buttons_row = row
        self.message = message_label()
        outer.addWidget(self.message)
        #: A lock's time left, said again each second after a refusal that locked.
        self.countdown = LockCountdown(lambda words: self.message.setText(f"Refused: {words}"),
                                       self)
        self.sign_in_button.clicked.connect(self.submit)
        self.user.returnPressed.connect(self._after_id)  # id, Enter, PIN, Enter
        self.pin.returnPressed.connect(self.submit)
        self.cancel_button.clicked.connect(self.cancelled)

    def _after_id(self) -> None:
        """Enter in the id box goes on to the PIN (it typed into the id box: "S-1001123456")."""
        if self.user.text().strip():
            self.pin.setFocus()
        else:
            self.message.setText("Enter your id and PIN.")

    def submit(self) -> None:
        user, pin = self.user.text().strip(), self.pin.text()
        self.pin.clear()
        self.countdown.stop()
        if not user or not pin:
            self.message.setText("Enter your id and PIN.")
            return
        if self.new_pin_form.isVisible():
            new, again = self.new_pin.text(), self.new_pin_again.text()
            self.new_pin.clear()
            self.new_pin_again.clear()
            if not new or new != again:
                self.message.setText("Type your new PIN twice, the same both times (and your "
                                     "current PIN above it).")
                return
            self._chosen_pin = new
        self.message.setText("Checking…")
        self.submitted.emit(user, pin)

    def take_new_pin(self) -> str:
        """The new PIN chosen with this submission ("" when none was asked)."""
        chosen, self._chosen_pin = self._chosen_pin, ""
        return chosen

    def ask_new_pin(self, words: str) -> None:
        """The PIN was a one-time PIN: ask for a new one (twice) with the current one."""
        self.new_pin_form.show()
        self.message.setText(words)
        self.pin.setFocus()

    def reset(self) -> None:
        self.user.clear()
        self.pin.clear()
        self.new_pin.clear()
        self.new_pin_again.clear()
        self.new_pin_form.hide()
        self._chosen_pin = ""
        self.countdown.stop()
        self.message.setText("")

    def refuse(self, words: str, locked_seconds: float = 0.0) -> None:
        """Say why the sign-in was refused; a lock's time left then counts down."""
        self.message.setText(f"Refused: {words}")
        self.countdown.start(locked_seconds)

    def set_notice(self, text: str) -> None:
        """Say, before the PIN is typed, what is refused now and why ("" hides it)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))


class StaffHeader(QFrame):
    """The bar on top: the screen's name, who is signed in, the sign-out button."""

    sign_out = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bar")
        self.setStyleSheet(f"QFrame#bar {{ background: {THEME.bar}; }}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(18, 6, 18, 6)
        self.title = QLabel(title)
        self.title.setStyleSheet("font-size: 17pt; font-weight: bold;")
        layout.addWidget(self.title)
        layout.addStretch(1)
        self.who = QLabel("")
        self.who.setObjectName("muted")
        layout.addWidget(self.who)
        self.sign_out_button = QPushButton("SIGN OUT · BACK TO THE TABLE")
        self.sign_out_button.setObjectName("secondary")
        self.sign_out_button.clicked.connect(self.sign_out)
        layout.addWidget(self.sign_out_button)


class StaffFrame(QFrame):
    """The frame of a staff screen: the sign-in page (:attr:`sign_in_panel` in a margin), then
    the work page (:attr:`work`, laid out by :attr:`work_layout`) under the :attr:`header` with
    the sign-out button, both in :attr:`stack`. The sign-in panel's submission calls
    :meth:`sign_in`, its cancel emits :attr:`closed`, the header's sign-out calls
    :meth:`sign_out`: a screen overrides those two and fills :attr:`work_layout`."""

    closed = Signal()

    def __init__(self, calls: StationCalls, title: str, sign_in_title: str, hint: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("staff")
        self.setStyleSheet(staff_stylesheet())
        self.setAutoFillBackground(True)
        self.calls = calls
        self.session: StaffSession | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.stack = QStackedWidget()
        layout.addWidget(self.stack)
        self.sign_in_panel = StaffSignIn(sign_in_title, hint)
        holder = QWidget()
        holder_layout = QVBoxLayout(holder)
        holder_layout.setContentsMargins(200, 60, 200, 60)
        holder_layout.addWidget(self.sign_in_panel)
        holder_layout.addStretch(1)
        self.stack.addWidget(holder)
        self.work = QWidget()
        self.work_layout = QVBoxLayout(self.work)
        self.work_layout.setContentsMargins(0, 0, 0, 0)
        self.header = StaffHeader(title)
        self.work_layout.addWidget(self.header)
        self.stack.addWidget(self.work)
        self.sign_in_panel.submitted.connect(self._submitted)
        self.sign_in_panel.cancelled.connect(self.closed)
        self.header.sign_out.connect(self.sign_out)
        #: HELP in the header and beside SIGN IN: the guide (set by the screen: :meth:`set_help`).
        self.help_button: QPushButton | None = None
        self.sign_in_help_button: QPushButton | None = None

    def set_help(self, guide: str, sections: Mapping[str, str], pages: PageSwitcher,
                 signing_in: str) -> None:
        """HELP in the header: ``guide`` opened at the section of the page shown (``sections``
        by page name; the guide's top for another); HELP beside SIGN IN: at ``signing_in``."""
        def section() -> str:
            shown = pages.stack.currentIndex()
            name = next((n for i, n in enumerate(pages.buttons) if i == shown), "")
            return sections.get(name, "")

        self.help_button = help_button(guide, section)
        self.sign_in_help_button = help_button(guide, lambda: signing_in)
        for button in (self.help_button, self.sign_in_help_button):
            button.setStyleSheet("")  # the staff screen's own large buttons
            button.setMinimumHeight(56)
            button.setMaximumHeight(16777215)
        layout = self.header.layout()
        if isinstance(layout, QHBoxLayout):
            layout.insertWidget(layout.count() - 1, self.help_button)
        self.sign_in_panel.buttons_row.addWidget(self.sign_in_help_button, 1)

    def _submitted(self, user: str, pin: str) -> None:
        """The sign-in form sent: with a new PIN chosen (the one-time PIN asked to be changed),
        the PIN is changed first (the current one checked), then the person signs in with the
        new one."""
        new = self.sign_in_panel.take_new_pin()
        if not new:
            self.sign_in(user, pin)
            return

        def change(context: StaffContext) -> str | tuple[str, float]:
            try:
                context.station.change_own_pin(user, pin, new)
            except AuthenticationError as error:
                return reason_of(error), error.locked_seconds
            return new

        def changed(result: str | tuple[str, float]) -> None:
            if isinstance(result, str):
                self.sign_in_panel.new_pin_form.hide()
                self.sign_in(user, result)
            else:
                self.sign_in_panel.refuse(*result)

        self.calls.submit(change, changed, self.sign_in_panel.refuse)

    def sign_in(self, user: str, pin: str) -> None:
        """Check ``user``'s PIN and role on the station (each screen its own role)."""
        raise NotImplementedError

    def submit_sign_in(self, check: Callable[[StaffContext], StaffSession],
                       signed_in: Callable[[StaffSession], None]) -> None:
        """Run ``check`` on the station's thread; then ``signed_in(session)``, or the refusal
        under the form (with a lock's time left counting down)."""
        def attempt(context: StaffContext) -> StaffSession | tuple[str, float] | str:
            try:
                return check(context)
            except PinChangeRequired as error:
                return reason_of(error)  # (words alone: the form asks for a new PIN)
            except AuthenticationError as error:
                return reason_of(error), error.locked_seconds

        def answered(result: StaffSession | tuple[str, float] | str) -> None:
            if isinstance(result, str):
                self.sign_in_panel.ask_new_pin(result)
            elif isinstance(result, StaffSession):
                signed_in(result)
                # the PIN box hid and Qt gave the focus to the next widget, SIGN OUT · BACK TO
                # THE TABLE: an Enter or a Space more than needed signed the person out again
                focused = QApplication.focusWidget()
                if isinstance(focused, QAbstractButton) and self.isAncestorOf(focused):
                    focused.clearFocus()
            else:
                self.sign_in_panel.refuse(*result)

        self.calls.submit(attempt, answered, self.sign_in_panel.refuse)

    def sign_out(self) -> None:
        """End the session, back to the sign-in page, emit :attr:`closed`."""
        raise NotImplementedError


class StaffPage(QWidget):
    """A page of a staff screen that shows what it reads from the station. The
    :class:`PageSwitcher` reads it again (:meth:`refresh`) whenever the person opens it, so
    what another page or the dealer's screen did since shows at once; a page that holds the
    person's unsaved edits says ``refresh_on_show = False``."""

    #: Read again from the station each time the page is opened.
    refresh_on_show = True

    def refresh(self) -> None:
        """Read what the page shows from the station again (answers arrive later)."""
        raise NotImplementedError


class PageSwitcher(QWidget):
    """Big navigation buttons on the left, the pages on the right."""

    def __init__(self, pages: Sequence[tuple[str, QWidget]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(12)
        column = QVBoxLayout()
        column.setSpacing(10)
        self.stack = QStackedWidget()
        self.buttons: dict[str, QPushButton] = {}
        for index, (name, page) in enumerate(pages):
            button = QPushButton(name)
            button.setObjectName("nav")
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, i=index: self.show_page(i, fresh=True))
            column.addWidget(button)
            self.buttons[name] = button
            self.stack.addWidget(page)
        column.addStretch(1)
        layout.addLayout(column, 1)
        layout.addWidget(self.stack, 5)
        self.show_page(0)

    def show_named(self, name: str) -> None:
        """Show the page whose button reads ``name`` (as a tap on it does: read afresh)."""
        self.show_page(list(self.buttons).index(name), fresh=True)

    def show_page(self, index: int, *, fresh: bool = False) -> None:
        """Show page ``index``; ``fresh``: read it again from the station first (what another
        page or the dealer's screen did since shows at once: a page never goes stale). A page
        that holds the person's unsaved edits says so with ``refresh_on_show = False``; a page
        that is not a :class:`StaffPage` reads nothing from the station."""
        self.stack.setCurrentIndex(index)
        page = self.stack.widget(index)
        if fresh and isinstance(page, StaffPage) and page.refresh_on_show:
            page.refresh()
        for position, button in enumerate(self.buttons.values()):
            button.setChecked(position == index)
