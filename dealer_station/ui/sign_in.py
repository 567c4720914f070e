"""Sign-in on the dealer's screen: the dealer's id and PIN (and, at the very first start of a
table, the first supervisor's account)."""

from __future__ import annotations

from PySide6.QtCore import Signal
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

__all__ = ["SignInPanel", "SupervisorDecision"]


class SignInPanel(QFrame):
    """Emits :attr:`sign_in_requested` (id, PIN) or, in first-start mode,
    :attr:`supervisor_requested` (id, name, PIN)."""

    sign_in_requested = Signal(str, str)
    supervisor_requested = Signal(str, str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._first = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        self.title = QLabel("SIGN IN")
        self.title.setObjectName("phase")
        layout.addWidget(self.title)
        form = QFormLayout()
        self.user = QLineEdit()
        self.user.setPlaceholderText("your id, e.g. D-2231")
        self.name = QLineEdit()
        self.name.setPlaceholderText("full name")
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText("PIN")
        form.addRow("Id", self.user)
        self._name_label = QLabel("Name")
        form.addRow(self._name_label, self.name)
        form.addRow("PIN", self.pin)
        layout.addLayout(form)
        self.submit_button = QPushButton("SIGN IN")
        self.submit_button.setObjectName("primary")
        self.submit_button.clicked.connect(self.submit)
        self.pin.returnPressed.connect(self.submit)
        layout.addWidget(self.submit_button)
        layout.addStretch(1)
        self.set_first_start(False)

    def set_first_start(self, first: bool) -> None:
        self._first = first
        self.name.setVisible(first)
        self._name_label.setVisible(first)
        self.title.setText("FIRST START · create the first supervisor" if first else
                           "SIGN IN · dealer or supervisor on duty")
        self.submit_button.setText("CREATE SUPERVISOR" if first else "SIGN IN")

    def submit(self) -> None:
        user, pin = self.user.text().strip(), self.pin.text()
        if not user or not pin:
            return
        if self._first:
            self.supervisor_requested.emit(user, self.name.text().strip() or user, pin)
        else:
            self.sign_in_requested.emit(user, pin)
        self.pin.clear()


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
        layout.addStretch(1)
        self.approve.clicked.connect(lambda: self._decide("approve"))
        self.reject.clicked.connect(lambda: self._decide("reject"))
        self.title = title

    def start(self, summary: str, approve: str = "APPROVE", reject: str = "REJECT",
              title: str = "SUPERVISOR VALIDATION · progressive payout") -> None:
        """Show what is decided and the two decisions' labels."""
        self.title.setText(title)
        self.summary.setText(summary)
        self.approve.setText(approve)
        self.reject.setText(reject)

    def _decide(self, action: str) -> None:
        user, pin = self.user.text().strip(), self.pin.text()
        if not user or not pin:
            return
        self.decided.emit(action, user, pin, self.reason.text().strip())
        self.pin.clear()
