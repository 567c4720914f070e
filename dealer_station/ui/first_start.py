"""The first start of a table: a dialog asking for the first supervisor's account.

A freshly installed station has no configuration (it runs the shipped default with the simulated
table devices) and no accounts. Nobody can sign in to deal, and only a supervisor may create the
dealers' accounts, so the first thing the screen asks for is the first supervisor: id, name and
PIN, typed twice (a mistyped PIN here would lock the table out). The account is created through
the station's account API (:meth:`dealer_station.station.Station.create_first_supervisor`, the
same as ``dealer-station users add``), on the window's worker thread like any request; the
sign-in panel's first-start mode stays underneath if the dialog is put aside.

:func:`offer_first_start` connects a main window: the dialog opens when a snapshot asks for the
first supervisor, opens again with the station's reason if the account was refused, and closes
once the supervisor exists.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

__all__ = ["FirstStartOffer", "FirstSupervisorDialog", "offer_first_start"]

#: The kind of entry a snapshot carries when the table has no supervisor yet.
FIRST_SUPERVISOR = "first_supervisor"


class FirstSupervisorDialog(QDialog):
    """Id, name, PIN and the PIN again; emits :attr:`supervisor_requested` (id, name, PIN) when
    they are complete and the two PINs match."""

    supervisor_requested = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("First start: the first supervisor")
        self.setModal(True)
        layout = QVBoxLayout(self)
        intro = QLabel("This table has no accounts yet. Create the first supervisor: the "
                       "supervisor then creates the dealers' and technicians' accounts.\n"
                       "No hardware is configured until a technician sets up the table's "
                       "devices: the station runs with the simulated table devices.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.user = QLineEdit()
        self.user.setPlaceholderText("personal id, e.g. S-1001")
        self.name = QLineEdit()
        self.name.setPlaceholderText("full name")
        self.pin = QLineEdit()
        self.pin.setPlaceholderText("4 to 12 digits")
        self.pin_again = QLineEdit()
        for field in (self.pin, self.pin_again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Id", self.user)
        form.addRow("Name", self.name)
        form.addRow("PIN", self.pin)
        form.addRow("PIN again", self.pin_again)
        layout.addLayout(form)
        self.error = QLabel("")
        self.error.setObjectName("fault")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.create_button = buttons.addButton("Create supervisor",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton("Later", QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def problem(self) -> str | None:
        """What is missing or wrong in the form, in words; ``None`` when it can be sent (the
        station still checks the id and the PIN's format)."""
        if not self.user.text().strip():
            return "Enter the supervisor's id."
        if not self.name.text().strip():
            return "Enter the supervisor's name."
        if not self.pin.text():
            return "Enter a PIN."
        if self.pin.text() != self.pin_again.text():
            return "The two PINs differ: type the same PIN twice."
        return None

    def show_problem(self, text: str) -> None:
        self.error.setText(text)

    def submit(self) -> None:
        reason = self.problem()
        if reason is not None:
            self.show_problem(reason)
            return
        self.supervisor_requested.emit(self.user.text().strip(), self.name.text().strip(),
                                       self.pin.text())
        self.pin.clear()
        self.pin_again.clear()
        self.show_problem("")
        self.accept()


class FirstStartOffer(QObject):
    """Opens :class:`FirstSupervisorDialog` over ``window`` while its snapshots ask for the
    first supervisor; the account request goes to the worker as
    ``controller.create_first_supervisor(id, name, pin)``."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.main_window = window
        self.dialog = FirstSupervisorDialog(window)
        self.dialog.supervisor_requested.connect(self._request)
        self.dialog.rejected.connect(self._put_aside)
        self.declined = False
        self.waiting = False
        self.main_window.snapshot_shown.connect(self.on_snapshot)

    def _request(self, user: str, name: str, pin: str) -> None:
        self.waiting = True
        self.main_window.call_requested.emit(
            lambda controller: controller.create_first_supervisor(user, name, pin))

    def _put_aside(self) -> None:
        self.declined = True

    def on_snapshot(self, snapshot: Any) -> None:
        entry = getattr(snapshot, "entry", None)
        if entry is None or entry.kind != FIRST_SUPERVISOR:
            self.waiting = False
            if self.dialog.isVisible():
                self.dialog.done(QDialog.DialogCode.Accepted)
            return
        if self.dialog.isVisible() or self.declined:
            return
        message = str(getattr(snapshot, "message", "") or "")
        if self.waiting:
            if not message:
                return  # the worker has not answered the request yet
            self.dialog.show_problem(message)
            self.waiting = False
        self.dialog.open()


def offer_first_start(window: QWidget) -> FirstStartOffer:
    """Show the first-start dialog over ``window`` (a main window: ``snapshot_shown`` and
    ``call_requested`` signals) whenever the table has no supervisor."""
    return FirstStartOffer(window)
