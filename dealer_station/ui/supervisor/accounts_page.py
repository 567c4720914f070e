"""The supervisor's Accounts page: every account of the table with its role and state (active,
disabled, locked with the time left, counting down), CREATE ACCOUNT (dealer, supervisor or
technician, the PIN typed twice) and, for the account chosen in the list, RESET PIN, UNLOCK and
DISABLE / ENABLE.

Usable while the table is open and during a round: the round is not touched. Each action runs on
the station's thread with the signed-in supervisor's id and PIN, which the station checks again
(role and PIN) before it changes anything, and audits (:mod:`dealer_station.accounts`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_station.accounts import account_state
from dealer_station.auth import Role, pin_problem, pin_rule
from dealer_station.store.users import Account
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.widgets import ChoiceButtons, StaffPage, message_label, say

__all__ = ["AccountsPage"]

_COLUMNS = ("Id", "Name", "Role", "State")
#: Each role's button on the CREATE ACCOUNT form.
_ROLE_BUTTONS = {Role.DEALER: "Dealer", Role.SUPERVISOR: "Supervisor",
                 Role.TECHNICIAN: "Technician"}


def _pin_field(placeholder: str) -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setPlaceholderText(placeholder)
    return field


def _problem_of_pins(pin: str, again: str, role: str) -> str | None:
    """What is wrong with a new PIN typed twice for ``role`` (``None``: it can be sent).

    >>> _problem_of_pins("1234", "1234", "supervisor")
    "A supervisor's PIN is 6 to 12 digits."
    >>> _problem_of_pins("123456", "123465", "technician")
    'The two PINs differ: type the same PIN twice.'
    """
    wrong = pin_problem(pin, role)
    if wrong is not None:
        return wrong[0].upper() + wrong[1:] + "."
    if pin != again:
        return "The two PINs differ: type the same PIN twice."
    return None


class AccountsPage(StaffPage):
    """See :mod:`module docs <dealer_station.ui.supervisor.accounts_page>`. ``session`` is set
    by the screen while a supervisor is signed in."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.session: StaffSession | None = None
        self.accounts: list[Account] = []
        layout = QVBoxLayout(self)
        heading = QLabel("ACCOUNTS · dealers, supervisors, technicians")
        heading.setObjectName("phase")
        layout.addWidget(heading)
        self.table = QTableWidget(0, len(_COLUMNS))
        self.table.setHorizontalHeaderLabels(list(_COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(44)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # the list takes all the height the forms under it leave (it was a box of a fixed share
        # of the page showing 4½ rows however many accounts and however tall the window)
        layout.addWidget(self.table, 1)
        lower = QHBoxLayout()
        lower.setSpacing(16)
        self.create_form = self._create_form()
        lower.addWidget(self.create_form, 1)
        lower.addWidget(self._chosen_form(), 1)
        layout.addLayout(lower, 0)
        self.message = message_label()
        layout.addWidget(self.message)
        self.table.itemSelectionChanged.connect(self._chosen_changed)
        self._ticker = QTimer(self)
        self._ticker.setInterval(1000)
        self._ticker.timeout.connect(self._show_states)
        self._chosen_changed()

    # -- layout ------------------------------------------------------------------------------

    def _create_form(self) -> QFrame:
        box = QFrame()
        box.setObjectName("panel")
        column = QVBoxLayout(box)
        title = QLabel("CREATE ACCOUNT")
        title.setObjectName("phase")
        column.addWidget(title)
        form = QGridLayout()  # two fields a row: the form leaves the list its height
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText("personal id")
        self.new_id.setToolTip("the person's id, e.g. D-2231")
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("full name")
        # a drop-down opened centred on the current role: a tap meant for "technician" picked
        # "supervisor"; each role is its own button
        self.new_role = ChoiceButtons([(role.value, _ROLE_BUTTONS[role]) for role in Role])
        self.new_pin = _pin_field("")
        self.new_pin_again = _pin_field("same PIN")
        # any way the role changes (a tap, an arrow key and Space): the PIN's rule follows
        self.new_role.group.buttonToggled.connect(
            lambda *_: self._role_chosen(self.new_role.value()))
        self._role_chosen(self.new_role.value())
        for row, (words, field, again_words, again) in enumerate((
                ("Id", self.new_id, "Name", self.new_name),
                ("PIN", self.new_pin, "again", self.new_pin_again))):
            form.addWidget(QLabel(words), 2 * row, 0)
            form.addWidget(field, 2 * row, 1)
            form.addWidget(QLabel(again_words), 2 * row, 2)
            form.addWidget(again, 2 * row, 3)
        form.addWidget(QLabel("Role"), 1, 0)
        form.addWidget(self.new_role, 1, 1, 1, 3)
        column.addLayout(form)
        self.create_button = QPushButton("CREATE ACCOUNT")
        self.create_button.setObjectName("primary")
        self.create_button.clicked.connect(self.create_account)
        column.addWidget(self.create_button)
        # Enter goes from box to box and creates from the last (it did nothing)
        self.new_id.returnPressed.connect(self.new_name.setFocus)
        self.new_name.returnPressed.connect(self.new_pin.setFocus)
        self.new_pin.returnPressed.connect(self.new_pin_again.setFocus)
        self.new_pin_again.returnPressed.connect(self.create_account)
        return box

    def _role_chosen(self, role: str) -> None:
        """The PIN field says how many digits the role chosen takes (auth's own rule)."""
        if role:
            self.new_pin.setPlaceholderText(pin_rule(role))

    def _chosen_form(self) -> QFrame:
        box = QFrame()
        box.setObjectName("panel")
        column = QVBoxLayout(box)
        self.chosen_title = QLabel("")
        self.chosen_title.setObjectName("phase")
        self.chosen_title.setWordWrap(True)
        column.addWidget(self.chosen_title)
        grid = QGridLayout()
        self.reset_pin = _pin_field("new PIN")
        self.reset_pin_again = _pin_field("same PIN")
        grid.addWidget(self.reset_pin, 0, 0)
        grid.addWidget(self.reset_pin_again, 0, 1)
        self.reset_button = QPushButton("RESET PIN")
        grid.addWidget(self.reset_button, 1, 0, 1, 2)
        self.unlock_button = QPushButton("UNLOCK")
        self.active_button = QPushButton("DISABLE")
        grid.addWidget(self.unlock_button, 2, 0)
        grid.addWidget(self.active_button, 2, 1)
        column.addLayout(grid)
        self.reset_button.clicked.connect(self.reset)
        self.reset_pin.returnPressed.connect(self.reset_pin_again.setFocus)
        self.reset_pin_again.returnPressed.connect(self.reset)
        self.unlock_button.clicked.connect(self.unlock)
        self.active_button.clicked.connect(self.toggle_active)
        return box

    # -- the list ----------------------------------------------------------------------------

    def refresh(self) -> None:
        self.calls.submit(lambda context: context.station.accounts(), self._show, self._say)

    def showEvent(self, event: Any) -> None:
        self._ticker.start()
        super().showEvent(event)

    def hideEvent(self, event: Any) -> None:
        self._ticker.stop()
        super().hideEvent(event)

    def _say(self, words: str) -> None:
        say(self.message, words)

    def _show(self, accounts: list[Account]) -> None:
        chosen = self.chosen
        self.accounts = list(accounts)
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.accounts))
        for row, account in enumerate(self.accounts):
            for column, text in enumerate((account.id, account.name, account.role, "")):
                self.table.setItem(row, column, QTableWidgetItem(text))
            if chosen is not None and account.id == chosen.id:
                self.table.selectRow(row)
        self.table.blockSignals(False)
        self._show_states()
        self._chosen_changed()

    def _show_states(self) -> None:
        now = time.time()
        for row, account in enumerate(self.accounts):
            item = self.table.item(row, 3)
            if item is not None:
                item.setText(account_state(account, now))

    def state_text(self) -> dict[str, str]:
        """Each account's state as shown (for tests)."""
        return {account.id: self.table.item(row, 3).text()  # type: ignore[union-attr]
                for row, account in enumerate(self.accounts)}

    def choose(self, user_id: str) -> None:
        """Select ``user_id``'s row (as a tap on it does)."""
        for row, account in enumerate(self.accounts):
            if account.id == user_id:
                self.table.selectRow(row)

    @property
    def chosen(self) -> Account | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.accounts):
            return None
        return self.accounts[rows[0].row()]

    def _chosen_changed(self) -> None:
        chosen = self.chosen
        unlockable = chosen is not None and chosen.locked_until > time.time()
        if (self.unlock_button.hasFocus() and not unlockable) or (
                chosen is None and QApplication.focusWidget() in (self.reset_button,
                                                                  self.active_button)):
            # a button greyed while it has the keyboard passes it to the next one: UNLOCK,
            # greyed once the account is unlocked, left it on DISABLE, where one Space or
            # Enter more disabled the account just unlocked. The list takes it instead.
            self.table.setFocus()
        for button in (self.reset_button, self.unlock_button, self.active_button):
            button.setEnabled(chosen is not None)
        if chosen is None:
            self.chosen_title.setText("Choose an account in the list to reset its PIN, unlock, "
                                      "disable or enable it.")
            self.active_button.setText("DISABLE")
            self.reset_pin.setPlaceholderText("new PIN")
            return
        self.chosen_title.setText(f"{chosen.name} ({chosen.id}) · {chosen.role}")
        self.reset_pin.setPlaceholderText(f"new PIN, {pin_rule(chosen.role)}")
        self.active_button.setText("DISABLE" if chosen.active else "ENABLE")
        self.unlock_button.setEnabled(chosen.locked_until > time.time())

    # -- actions -----------------------------------------------------------------------------

    def _act(self, work: Callable[[Any, dict[str, str]], Any], done: str,
             then: Callable[[], None] | None = None,
             answered: Callable[[], None] | None = None) -> None:
        """Run ``work(station, credentials)`` on the station's thread with the supervisor's id
        and PIN; then say ``done`` (or the refusal) and read the list again; ``then`` runs only
        when the work was done (a refusal keeps what was typed), ``answered`` after either
        answer, first."""
        session = self.session
        if session is None:
            self._say("Sign in as a supervisor first.")
            return
        credentials = {"supervisor": session.user, "pin": session.pin}

        def run(context: StaffContext) -> Any:
            return work(context.station, credentials)

        def finished(_result: Any) -> None:
            if answered is not None:
                answered()
            if then is not None:
                then()
            say(self.message, done, done=True)
            self.refresh()

        def refused(words: str) -> None:
            if answered is not None:
                answered()
            self._say(f"Refused: {words}")
            self.refresh()

        self._say("Checking…")
        self.calls.submit(run, finished, refused)

    def create_account(self) -> None:
        user, name = self.new_id.text().strip(), self.new_name.text().strip()
        role, pin = self.new_role.value(), self.new_pin.text()
        problem = ("Enter the new account's id." if not user else
                   "Enter the new account's name." if not name else
                   _problem_of_pins(pin, self.new_pin_again.text(), role))
        if problem is not None:
            self._say(problem)
            return
        self.new_pin.clear()
        self.new_pin_again.clear()
        # the form waits for the station's answer (a PIN's hash takes seconds): the next
        # account typed meanwhile went on the end of this one's id, and its role and name were
        # wiped when this one was made — its PINs then went into the wrong boxes
        self.create_form.setEnabled(self.session is None)  # (no session: refused at once)
        self._act(lambda station, who: station.create_user(user, name, role, pin, **who),
                  f"Created {role} {user} ({name}).", then=self._account_created,
                  answered=self._create_answered)

    def _create_answered(self) -> None:
        """The station answered: the form takes typing again, from the id."""
        self.create_form.setEnabled(True)
        self.new_id.setFocus()

    def _account_created(self) -> None:
        """The form empty for the next account, its role back to the first (dealer): the role
        chosen last stayed, and the next account silently took it. Until the station says the
        account is made, the id and name stay (a refused id is corrected, not typed again)."""
        self.new_id.clear()
        self.new_name.clear()
        self.new_role.set_value(Role.DEALER.value)
        self._role_chosen(Role.DEALER.value)

    def reset(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        pin = self.reset_pin.text()
        problem = _problem_of_pins(pin, self.reset_pin_again.text(), chosen.role)
        if problem is not None:
            self._say(problem)
            return
        self.reset_pin.clear()
        self.reset_pin_again.clear()
        user = chosen.id
        self._act(lambda station, who: station.reset_pin(user, pin, **who),
                  f"New PIN set for {user} (any lock is lifted).")

    def unlock(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        user = chosen.id
        self._act(lambda station, who: station.unlock_user(user, **who), f"{user} unlocked.")

    def toggle_active(self) -> None:
        chosen = self.chosen
        if chosen is None:
            return
        user, active = chosen.id, not chosen.active
        self._act(lambda station, who: station.set_user_active(user, active, **who),
                  f"{user} {'enabled' if active else 'disabled'}.")

