"""Sign-in on the dealer's screen: the dealer's id and PIN, and, at the very first start of a
table, the one form that creates the first supervisor's account (id, name, PIN typed twice: a
mistyped PIN there would lock the table out). A refusal (wrong id or PIN with the attempts
left, a lock with its time left, a PIN too short) is written under the form; the box is hidden
while there is nothing to say."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_station.auth import locked_words, pin_problem, pin_rule
from dealer_station.ui.messages import ERROR, NOTE, MessageLabel, style_message

__all__ = ["LockCountdown", "SignInPanel", "SupervisorDecision"]

FIRST_START_INTRO = ("This table has no accounts yet. Create the first supervisor: the "
                     "supervisor then creates the dealers' and technicians' accounts on the "
                     "supervisor's Accounts page. With no hardware configured the station runs "
                     "the simulated table devices.")


class LockCountdown(QObject):
    """Says a lock's time left each second through ``say`` (the station's words,
    :func:`~dealer_station.auth.locked_words`), then that the lock has ended."""

    def __init__(self, say: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._say = say
        self._ends = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self._tick)

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self, seconds: float) -> None:
        """Count ``seconds`` down (nothing when not positive)."""
        self._timer.stop()
        if seconds > 0:
            self._ends = time.monotonic() + seconds
            self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _tick(self) -> None:
        left = self._ends - time.monotonic()
        if left <= 0:
            self._timer.stop()
            self._say("The lock has ended: sign in again.")
            return
        self._say(locked_words(left))


class SignInPanel(QFrame):
    """Emits :attr:`sign_in_requested` (id, PIN) or, in first-start mode,
    :attr:`supervisor_requested` (id, name, PIN) once the form is complete and both PINs
    match."""

    sign_in_requested = Signal(str, str)
    supervisor_requested = Signal(str, str, str)
    #: id, the one-time PIN, the new PIN its owner chose (a PIN set by someone else).
    pin_change_requested = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._first = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        self.title = QLabel("SIGN IN")
        self.title.setObjectName("phase")
        layout.addWidget(self.title)
        self.intro = QLabel(FIRST_START_INTRO)
        self.intro.setWordWrap(True)
        self.intro.setObjectName("muted")
        layout.addWidget(self.intro)
        form = QFormLayout()
        self.user = QLineEdit()
        self.name = QLineEdit()
        self.name.setPlaceholderText("full name")
        self.pin = QLineEdit()
        self.pin_again = QLineEdit()
        self.pin_again.setPlaceholderText("the same PIN again")
        for field in (self.pin, self.pin_again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Id", self.user)
        self._name_label = QLabel("Name")
        form.addRow(self._name_label, self.name)
        form.addRow("PIN", self.pin)
        self._again_label = QLabel("PIN again")
        form.addRow(self._again_label, self.pin_again)
        # a one-time PIN (set by someone else) is changed at the sign-in, before anything else
        self.new_pin = QLineEdit()
        self.new_pin.setPlaceholderText("a new PIN of your own")
        self.new_pin_again = QLineEdit()
        self.new_pin_again.setPlaceholderText("the same new PIN again")
        self._new_label, self._new_again_label = QLabel("New PIN"), QLabel("New PIN again")
        for field in (self.new_pin, self.new_pin_again):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(self._new_label, self.new_pin)
        form.addRow(self._new_again_label, self.new_pin_again)
        self._changing = False
        layout.addLayout(form)
        self.message = QLabel("")
        style_message(self.message, ERROR)
        self.message.setWordWrap(True)
        policy = self.message.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # the form does not jump when a refusal shows
        self.message.setSizePolicy(policy)
        self.message.hide()
        #: While the account of the last attempt is locked: its time left, each second.
        self.countdown = LockCountdown(self._say, self)
        self.submit_button = QPushButton("SIGN IN")
        self.submit_button.setObjectName("primary")
        self.submit_button.clicked.connect(self.submit)
        self.user.returnPressed.connect(self._after_id)  # id, Enter, PIN, Enter
        self.name.returnPressed.connect(self.pin.setFocus)  # first start: id, name, PIN, PIN
        self.pin.returnPressed.connect(self._after_pin)
        self.pin_again.returnPressed.connect(self.submit)
        layout.addWidget(self.submit_button)
        # the refusal under the button: SIGN IN stays where the finger is whatever its length
        # (a two-line refusal above it pushed it down a line)
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.set_first_start(False)
        self.set_pin_change(False)
        self.new_pin.returnPressed.connect(self.new_pin_again.setFocus)
        self.new_pin_again.returnPressed.connect(self.submit)

    def set_pin_change(self, changing: bool) -> None:
        """Ask for a new PIN (twice) with the one-time PIN, or not."""
        self._changing = changing and not self._first
        for widget in (self.new_pin, self.new_pin_again, self._new_label,
                       self._new_again_label):
            widget.setVisible(self._changing)
        if not self._changing:
            self.new_pin.clear()
            self.new_pin_again.clear()

    def _after_id(self) -> None:
        (self.name if self._first else self.pin).setFocus()

    def _after_pin(self) -> None:
        """Sign in; at the first start, on to the PIN typed again (it was sent with the second
        box empty, refused as "The two PINs differ")."""
        if self._first and self.pin.text() and not self.pin_again.text():
            self.pin_again.setFocus()
        else:
            self.submit()

    def set_first_start(self, first: bool) -> None:
        if first != self._first:
            self.show_message("")
        self._first = first
        for widget in (self.intro, self.name, self._name_label, self.pin_again,
                       self._again_label):
            widget.setVisible(first)
        self.title.setText("FIRST START · create the first supervisor" if first else
                           "SIGN IN · dealer or supervisor on duty")
        self.user.setPlaceholderText("personal id, e.g. S-1001" if first else
                                     "your id, e.g. D-2231")
        self.pin.setPlaceholderText(pin_rule("supervisor") if first else "PIN")
        self.submit_button.setText("CREATE SUPERVISOR" if first else "SIGN IN")

    def show_message(self, text: str, locked_seconds: float = 0.0) -> None:
        """Say why the last attempt was refused (hidden when ``text`` is empty); a lock's time
        left counts down (``locked_seconds``)."""
        self._say(text)
        self.countdown.start(locked_seconds)

    def _say(self, text: str, kind: str = ERROR) -> None:
        """A refusal (:data:`ERROR`) or work under way (:data:`NOTE`), in the screens' one
        look for each (ui/messages.py)."""
        style_message(self.message, kind)
        self.message.setText(text[:1].upper() + text[1:])
        self.message.setVisible(bool(text))

    def problem(self) -> str | None:
        """What is missing or wrong in the form, in words (``None``: it can be sent; the
        station checks everything again)."""
        if not self.user.text().strip():
            return "Enter your id." if not self._first else "Enter the supervisor's id."
        if self._first and not self.name.text().strip():
            return "Enter the supervisor's name."
        if not self.pin.text():
            return "Enter the PIN."
        if self._changing:
            if not self.new_pin.text():
                return "Choose a new PIN of your own (the PIN above is the one you were given)."
            if self.new_pin.text() != self.new_pin_again.text():
                return "The two new PINs differ: type the same new PIN twice."
        if self._first:
            wrong = pin_problem(self.pin.text(), "supervisor")
            if wrong is not None:
                return wrong[0].upper() + wrong[1:] + "."
            if self.pin.text() != self.pin_again.text():
                return "The two PINs differ: type the same PIN twice."
        return None

    def submit(self) -> None:
        reason = self.problem()
        if reason is not None:
            self.show_message(reason)
            return
        user, pin = self.user.text().strip(), self.pin.text()
        self.show_message("")
        self._say("Checking…", NOTE)  # a PIN check takes a moment (a memory-hard hash)
        if self._first:
            self.supervisor_requested.emit(user, self.name.text().strip(), pin)
            self.name.clear()
        elif self._changing:
            self.pin_change_requested.emit(user, pin, self.new_pin.text())
        else:
            self.sign_in_requested.emit(user, pin)
        self.pin.clear()
        self.pin_again.clear()
        self.new_pin.clear()
        self.new_pin_again.clear()


class SupervisorDecision(QFrame):
    """A supervisor's decision at the dealer's screen (a progressive payout waiting, 5324.41
    (k)(3)(iii); a round halted for a supervisor): what is to be decided, the supervisor's id and
    PIN, and the two decisions (APPROVE / REJECT with a reason, CONTINUE / VOID). Emits
    :attr:`decided` (``"approve"`` or ``"reject"``, supervisor id, PIN, reason)."""

    decided = Signal(str, str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        title = QLabel("SUPERVISOR VALIDATION · progressive payout")
        title.setObjectName("phase")
        layout.addWidget(title)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet("font-size: 15pt; font-weight: bold;")
        layout.addWidget(self.summary)
        form = QFormLayout()
        self.user = QLineEdit()
        self.user.setPlaceholderText("supervisor id (not the dealer of this round)")
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("reason (to reject)")
        form.addRow("Id", self.user)
        form.addRow("PIN", self.pin)
        form.addRow("Reason", self.reason)
        layout.addLayout(form)
        buttons = QHBoxLayout()
        self.reject = QPushButton("REJECT")
        self.reject.setObjectName("secondary")
        self.approve = QPushButton("APPROVE")
        self.approve.setObjectName("primary")
        for button in (self.reject, self.approve):  # long labels clip, never widen the window
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setStyleSheet("font-size: 16pt; padding: 6px 8px;")
        buttons.addWidget(self.reject, 2)
        buttons.addWidget(self.approve, 3)
        layout.addLayout(buttons)
        #: Why a press did nothing (no id or no PIN yet): a decision button never stays silent.
        self.message = MessageLabel()
        layout.addWidget(self.message)
        layout.addStretch(1)
        self.approve.clicked.connect(lambda: self._decide("approve"))
        self.reject.clicked.connect(lambda: self._decide("reject"))
        self.user.returnPressed.connect(self._after_id)  # id, Enter, PIN (as at the sign-in)
        self.title = title

    def _after_id(self) -> None:
        if self.user.text().strip():
            self.pin.setFocus()

    def start(self, summary: str, approve: str = "APPROVE", reject: str = "REJECT",
              title: str = "SUPERVISOR VALIDATION · progressive payout") -> None:
        """Show what is decided and the two decisions' labels."""
        self.title.setText(title)
        self.summary.setText(summary)
        self.approve.setText(approve)
        self.reject.setText(reject)
        self.message.hide()

    def _decide(self, action: str) -> None:
        user, pin = self.user.text().strip(), self.pin.text()
        if not user or not pin:
            button = self.approve if action == "approve" else self.reject
            self.message.setText(f"Enter the supervisor's id and PIN, then {button.text()}.")
            self.message.show()
            (self.pin if user else self.user).setFocus()
            return
        self.message.hide()
        self.decided.emit(action, user, pin, self.reason.text().strip())
        self.pin.clear()
