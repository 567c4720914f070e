"""The round in progress, for the supervisor: which round, at which step, dealt by whom, the
wagers on the layout; and VOID THE ROUND with the reason (a supervisor who did not deal it; the
station checks the id and PIN again and journals the void, audited). The dealer's screen then says
which wagers go back to their players. The void asks to be confirmed (a tap on VOID THE ROUND
alone voids nothing), and what refuses it is written beside the reason box and the button."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from dealer_station.procedure import ProcedureError
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.widgets import StaffPage, message_label, page_heading

__all__ = ["OpenRound", "RoundPage", "open_round", "void_open_round"]


@dataclass(frozen=True, slots=True)
class OpenRound:
    """The round in progress as the supervisor reads it (``round_id`` None: none)."""

    round_id: int | None
    step: str = ""
    dealer: str = ""
    wagers: tuple[str, ...] = ()
    #: Voided already: the dealer is returning its wagers and collecting the cards.
    voided: bool = False

    @property
    def words(self) -> str:
        if self.round_id is None:
            return "No round is in progress."
        if self.voided:  # the dealer is giving the wagers back: each RETURN line, as ticked
            returns = "\n".join(self.wagers) or "no wager to return"
            return (f"Round {self.round_id} · VOID · dealer {self.dealer or '-'}: returning "
                    f"each wager (RETURN lines, ticked as given back), then collecting the "
                    f"cards\n{returns}")
        on_layout = "\n".join(self.wagers) or "no wager on the layout"
        return (f"Round {self.round_id} · {self.step} · dealer {self.dealer or '-'}\n"
                f"{on_layout}")


def open_round(context: StaffContext) -> OpenRound:
    """Read the open round (on the station's thread)."""
    station = context.station
    round_ = station.round
    if round_ is None:
        return OpenRound(None)
    controller = context.controller
    wagers = tuple(controller.on_layout()) if controller is not None else ()
    dealer = station.dealer.id if station.dealer is not None else ""
    return OpenRound(station.round_id, round_.step.instruction, dealer, wagers,
                     round_.is_void)


def void_open_round(context: StaffContext, session: StaffSession, reason: str) -> str:
    """Void the open round with ``reason`` as ``session``'s supervisor; returns what the dealer
    is told to do."""
    if context.controller is None:
        raise ProcedureError("the table is not running")
    words: str = context.controller.void_round(reason, session.user, session.pin)
    return words


class RoundPage(StaffPage):
    """See :mod:`module docs <dealer_station.ui.supervisor.round_page>`."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.session: StaffSession | None = None
        layout = QVBoxLayout(self)
        self.summary = page_heading(layout, "THE ROUND IN PROGRESS")
        # the reason, the button and what they answer side by side: a refusal is read where
        # the finger is, not at the bottom of the page
        row = QHBoxLayout()
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("the reason the round is voided (written in its record)")
        row.addWidget(self.reason, 2)
        self.void_button = QPushButton("VOID THE ROUND: RETURN EVERY WAGER")
        self.void_button.setObjectName("secondary")
        self.void_button.clicked.connect(self.ask)
        row.addWidget(self.void_button, 1)
        layout.addLayout(row)
        self.message = message_label()
        layout.addWidget(self.message)
        # the confirmation, under the button it answers: the round, its reason, yes or no
        self.confirmation = QWidget()
        confirm_row = QHBoxLayout(self.confirmation)
        confirm_row.setContentsMargins(0, 0, 0, 0)
        self.question = QLabel("")
        self.question.setWordWrap(True)
        confirm_row.addWidget(self.question, 2)
        self.keep_button = QPushButton("KEEP THE ROUND")
        self.keep_button.clicked.connect(self.keep)
        confirm_row.addWidget(self.keep_button, 1)
        self.confirm_button = QPushButton("CONFIRM THE VOID")
        self.confirm_button.setObjectName("secondary")
        self.confirm_button.clicked.connect(self.void)
        confirm_row.addWidget(self.confirm_button, 1)
        self.confirmation.hide()
        layout.addWidget(self.confirmation)
        self.refresh_button = QPushButton("REFRESH")
        self.refresh_button.clicked.connect(self.refresh)
        layout.addWidget(self.refresh_button)
        layout.addStretch(1)
        self.shown = OpenRound(None)

    def refresh(self) -> None:
        self.calls.submit(open_round, self._show, self.message.setText)

    def _show(self, found: OpenRound) -> None:
        self.shown = found
        self.summary.setText(found.words)
        can_void = found.round_id is not None and not found.voided
        self.void_button.setEnabled(can_void)
        self.reason.setEnabled(can_void)
        if not can_void:
            self.confirmation.hide()

    def ask(self) -> None:
        """VOID THE ROUND: the reason written first, then the void confirmed (or not)."""
        if self.session is None:
            return
        reason = self.reason.text().strip()
        if not reason:
            self.confirmation.hide()
            self.message.setText("Write the reason the round is voided.")
            self.reason.setFocus()
            return
        which = f"round {self.shown.round_id}" if self.shown.round_id is not None else "the round"
        self.message.setText("")
        self.question.setText(f"Void {which}: every wager goes back to its player. "
                              f"Reason: {reason}")
        self.confirmation.show()

    def keep(self) -> None:
        """KEEP THE ROUND: nothing voided."""
        self.confirmation.hide()
        self.message.setText("Not voided: the round goes on.")

    def void(self) -> None:
        """CONFIRM THE VOID: the round voided with the reason written."""
        session, reason = self.session, self.reason.text().strip()
        self.confirmation.hide()
        if session is None:
            return
        if not reason:
            self.message.setText("Write the reason the round is voided.")
            return

        def done(words: str) -> None:
            self.reason.clear()
            self.message.setText(words)
            self.refresh()

        self.message.setText("Voiding…")
        self.calls.submit(lambda context: void_open_round(context, session, reason), done,
                          lambda words: self.message.setText(f"Refused: {words}"))
