"""The progressive validation page: name the round and tap the position (a button each, the
positions the open round waits for marked, the first of them chosen), see the claim as the
journal holds it — the progressive wager counted at the light check, the seven cards dealt, the
best arrangement, the hand, the meter now, the amount and the meter after — or the reason there
is none; approve or reject with a reason; save the numbered jackpot record (text and PDF).
Nobody types cards.

On a linked pool the claim shown follows the pool as it moves (read again every second: the
amount is the pool's when paid, 5324.41(k)(6)); an approval made while an earlier hit is
pending says which hit at which table it waits for, and the record appears by itself when the
floor pays it in its turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station import jackpot as jackpot_print
from dealer_station.money import format_cents
from dealer_station.procedure import ProcedureError
from dealer_station.slips import PrinterFault, print_jackpot
from dealer_station.store import journal
from dealer_station.store import meters as meter_store
from dealer_station.store.meters import Jackpot
from dealer_station.ui.supervisor.calls import (
    Background,
    StaffContext,
    StationCalls,
    reason_of,
)
from dealer_station.ui.supervisor.configuration import full_settings
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.validation import (
    JackpotClaim,
    Waiting,
    approve_claim,
    claim_now,
    claims_waiting,
    reject_claim,
    show_claim,
)
from dealer_station.ui.supervisor.widgets import ChoiceButtons, StaffPage, message_label, say
from dealer_station.winners import (
    ID_TYPES,
    WinnerIdentification,
    threshold_of,
    threshold_words,
)

__all__ = ["ValidationPage", "save_jackpot_record"]

#: A numbered jackpot record made, with its table and what the record files with it.
_Made = tuple[Jackpot, str, dict[str, Any]]


def save_jackpot_record(directory: Path, record: Any, table: str,
                        filed: dict[str, Any] | None = None) -> tuple[Path, Path]:
    """Write the numbered record as ``jackpot-000012.txt`` and ``.pdf`` in ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    stem = directory / f"jackpot-{record.number:06d}"
    text, pdf = stem.with_suffix(".txt"), stem.with_suffix(".pdf")
    more = filed or {}
    text.write_text(jackpot_print.as_text(record, table=table, **more) + "\n",
                    encoding="utf-8")
    pdf.write_bytes(jackpot_print.as_pdf(record, table=table, **more))
    return text, pdf


#: The ID type buttons' words (dealer_station.winners.ID_TYPES, as the buttons say them).
ID_BUTTONS = {"drivers_license": "DRIVER'S LICENSE", "state_id": "STATE ID",
              "passport": "PASSPORT", "military_id": "MILITARY ID", "other_id": "OTHER ID"}


def _needs(station: Any, claim: JackpotClaim) -> dict[str, Any]:
    """What the page asks for beside the claim (:meth:`ValidationPage._set_claim`)."""
    threshold = ""
    if station.identification_needed(claim):
        threshold = threshold_words(*threshold_of(station.station_settings))
    return {"second": station.second_validator_needed(claim), "threshold": threshold}


class ValidationPage(StaffPage):
    """See :mod:`module docs <dealer_station.ui.supervisor.validation_page>`."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.session: StaffSession | None = None
        self.claim: JackpotClaim | None = None
        self.record: Any = None
        self.saved: tuple[Path, Path] | None = None
        self.printed: int | None = None
        self.table_name = ""
        self._candidates: dict[str, str] = {}
        #: The decision just taken, said again before the next claim's message.
        self._decided = ""
        layout = QVBoxLayout(self)
        heading = QLabel("PROGRESSIVE VALIDATION · 5324.41(k)(3)(iii)")
        heading.setObjectName("phase")
        layout.addWidget(heading)
        self.round = QLineEdit()
        self.round.setPlaceholderText("round number")
        # a button per betting position (an editable drop-down looked empty and was typed in)
        self.position = ChoiceButtons([])
        self.show_button = QPushButton("SHOW THE CLAIM")
        self.show_button.setObjectName("primary")
        pick = QGridLayout()
        pick.setHorizontalSpacing(10)
        pick.addWidget(QLabel("Round"), 0, 0)
        pick.addWidget(self.round, 0, 1)
        pick.addWidget(self.show_button, 0, 2)
        pick.addWidget(QLabel("Position"), 1, 0)
        pick.addWidget(self.position, 1, 1, 1, 2)
        pick.setColumnStretch(1, 1)
        layout.addLayout(pick)
        self.claim_box = QFrame()
        self.claim_box.setObjectName("panel")
        self.claim_grid = QGridLayout(self.claim_box)
        # ten rows of a linked claim, the message and the buttons fit 1280x800 with room
        # for a message of two lines (16 pt rows spaced 6 px made the window grow past 800)
        self.claim_grid.setContentsMargins(16, 8, 16, 8)
        self.claim_grid.setVerticalSpacing(2)
        self.claim_grid.setColumnStretch(1, 1)
        self.claim_grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.record_text = QPlainTextEdit()
        self.record_text.setReadOnly(True)
        self.record_text.setStyleSheet('font-family: "DejaVu Sans Mono"; font-size: 12pt;')
        self.shown = QStackedWidget()
        self.shown.addWidget(self.claim_box)
        self.shown.addWidget(self.record_text)
        #: The reporting threshold the claim shown reaches, in words ("": it does not).
        self._threshold = ""
        #: The round and position of the claim whose winner's identification is typed.
        self._winner_of: tuple[int, int] | None = None
        self._winner_form()
        layout.addWidget(self.shown, 1)
        # a payout above the station's second_validator_above: a second supervisor's id and PIN
        self.second_box = QFrame()
        second = QHBoxLayout(self.second_box)
        second.setContentsMargins(0, 0, 0, 0)
        self.second_words = QLabel("")
        self.second_words.setWordWrap(True)
        self.second_user = QLineEdit()
        self.second_user.setPlaceholderText("second supervisor's id")
        self.second_pin = QLineEdit()
        self.second_pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.second_pin.setPlaceholderText("their PIN")
        second.addWidget(self.second_words, 2)
        second.addWidget(self.second_user, 1)
        second.addWidget(self.second_pin, 1)
        self.second_box.hide()
        layout.addWidget(self.second_box)
        decide = QHBoxLayout()
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("reason (needed to reject)")
        self.approve_button = QPushButton("APPROVE AND PAY")
        self.approve_button.setObjectName("primary")
        self.reject_button = QPushButton("REJECT")
        self.reject_button.setObjectName("secondary")
        decide.addWidget(self.reason, 2)
        decide.addWidget(self.approve_button, 1)
        decide.addWidget(self.reject_button, 1)
        layout.addLayout(decide)
        keep = QHBoxLayout()
        self.save_button = QPushButton("SAVE THE RECORD (TEXT AND PDF)")
        self.print_button = QPushButton("PRINT THE RECORD")
        keep.addWidget(self.save_button, 3)
        keep.addWidget(self.print_button, 2)
        layout.addLayout(keep)
        self.background = Background(self)
        self.message = message_label()
        layout.addWidget(self.message)
        self.show_button.clicked.connect(self.show_claim)
        self.approve_button.clicked.connect(self.approve)
        self.reject_button.clicked.connect(self.reject)
        self.save_button.clicked.connect(self.save)
        self.print_button.clicked.connect(self.print_record)
        #: The approval that waits on the floor for an earlier hit (None: none).
        self.waiting: Waiting | None = None
        self._following = False
        # the claim shown is read again while it is in view: the pool moves with every
        # table's contribution, and an approval that waits is paid when its turn comes
        self.follow_timer = QTimer(self)
        self.follow_timer.setInterval(1000)
        self.follow_timer.timeout.connect(self.follow)
        self._set_claim(None)

    def _winner_form(self) -> None:
        """A payout that reaches the reporting threshold: the winner's ID type, name, ID
        number and address, typed from the ID the winner shows, in place of the claim's rows
        (APPROVE AND PAY asks for it; SHOW THE CLAIM shows the claim again, what was typed
        kept). Both never fitted on one page at 1280x800."""
        self.winner_box = QFrame()
        self.winner_box.setObjectName("panel")
        grid = QGridLayout(self.winner_box)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(8)
        self.winner_words = QLabel("")
        self.winner_words.setWordWrap(True)
        self.winner_id_type = ChoiceButtons([(value, ID_BUTTONS[value])
                                             for value, _words in ID_TYPES])
        self.winner_name = QLineEdit()
        self.winner_name.setObjectName("winner_name")
        self.winner_name.setPlaceholderText("winner's name, as on the ID")
        self.winner_id_number = QLineEdit()
        self.winner_id_number.setObjectName("winner_id_number")
        self.winner_id_number.setPlaceholderText("ID number")
        self.winner_address = QLineEdit()
        self.winner_address.setObjectName("winner_address")
        self.winner_address.setPlaceholderText("winner's address")
        grid.addWidget(self.winner_words, 0, 0, 1, 4)
        grid.addWidget(self.winner_id_type, 1, 0, 1, 4)
        for row, column, label, widget, span in (
                (2, 0, "Name", self.winner_name, 1), (2, 2, "ID number", self.winner_id_number, 1),
                (3, 0, "Address", self.winner_address, 3)):
            name = QLabel(label)
            name.setObjectName("muted")
            grid.addWidget(name, row, column)
            grid.addWidget(widget, row, column + 1, 1, span)
        grid.setColumnStretch(1, 3)
        grid.setColumnStretch(3, 2)
        grid.setRowStretch(4, 1)
        self.shown.addWidget(self.winner_box)

    def _clear_winner(self) -> None:
        for field in (self.winner_name, self.winner_id_number, self.winner_address):
            field.clear()
        self.winner_id_type.clear()

    def forget_winner(self) -> None:
        """What was typed of a winner's identification cleared (a sign-in or sign-out)."""
        self._clear_winner()
        self._winner_of = None

    def winner_needed(self) -> bool:
        """Whether the claim shown is approved only with the winner's identification."""
        return self.claim is not None and bool(self._threshold)

    def show_winner_form(self) -> None:
        """The winner's identification form in place of the claim's rows."""
        claim = self.claim
        if claim is None or not self._threshold:
            return
        self.winner_words.setText(
            f"<b>WINNER'S IDENTIFICATION · round {claim.round_id}, position {claim.position}, "
            f"{format_cents(claim.amount)}</b> reaches the reporting threshold "
            f"({self._threshold}): the ID type, name, ID number and address from the ID "
            "shown, then APPROVE AND PAY (SHOW THE CLAIM: the claim again).")
        self.shown.setCurrentWidget(self.winner_box)
        self.winner_name.setFocus()

    def entered_winner(self) -> WinnerIdentification | None:
        """The winner's identification as typed (``None``: the claim needs none)."""
        if not self.winner_needed():
            return None
        return WinnerIdentification(self.winner_name.text(), self.winner_id_type.value(),
                                    self.winner_id_number.text(), self.winner_address.text())

    # -- data from the station --------------------------------------------------------------
    def refresh(self) -> None:
        """The open round and the positions it waits for; the first is shown (and audited as
        shown) to the supervisor signed in."""
        session = self.session
        needs: dict[str, Any] = {}

        def read(context: StaffContext) -> tuple[int | None, tuple[int, ...],
                                                 JackpotClaim | str | None, int]:
            station = context.station
            positions = int(full_settings(station.game, station.settings)["table"]["positions"])
            round_id, waiting = claims_waiting(station)
            if round_id is None:
                rounds = journal.rounds(station.store, limit=1)
                round_id = rounds[0].id if rounds else None
            shown: JackpotClaim | str | None = None
            if waiting and session is not None and round_id is not None:
                try:
                    shown = show_claim(station, round_id, waiting[0], supervisor=session.user,
                                       pin=session.pin)
                    needs.update(_needs(station, shown))
                except ProcedureError as error:  # the reason, said on the screen
                    shown = reason_of(error)
            return round_id, waiting, shown, positions

        def show(found: tuple[int | None, tuple[int, ...], JackpotClaim | str | None,
                             int]) -> None:
            round_id, waiting, shown, positions = found
            if round_id is not None:
                self.round.setText(str(round_id))
            self._set_positions(positions, waiting)
            decided, self._decided = self._decided, ""
            if not waiting:
                say(self.message, decided + "No progressive payout waits for a supervisor "
                    "at this table.", done=decided.startswith("Approved"))
                return
            order = ", ".join(f"position {p}" for p in waiting)
            if self.shown.currentWidget() is self.record_text:
                # the record just made stays in view until the next claim is asked for
                say(self.message, decided + f"Next: position {waiting[0]} waits — press "
                    "SHOW THE CLAIM.", done=decided.startswith("Approved"))
                return
            if isinstance(shown, str):
                self._set_claim(None)
                self._refused(shown)
                return
            same = (self.claim is not None and shown is not None and decided == ""
                    and (self.claim.round_id, self.claim.position)
                    == (shown.round_id, shown.position))
            # the claim in view read again (the page opened once more, a sign-in's read come
            # late): its form, what is typed and the message stay
            self._set_claim(shown, **needs, keep_message=same)
            if same and self.shown.currentWidget() is self.winner_box:
                return
            say(self.message, decided + f"Round {round_id} waits for your validation: "
                f"{order} (paid in this order, 5324.41(k)(6)).")

        self.calls.submit(read, show, lambda words: say(self.message, words))

    def _set_positions(self, positions: int, waiting: tuple[int, ...]) -> None:
        """A button for each of the table's ``positions``, those ``waiting`` marked; the first
        waiting chosen, else the one chosen before."""
        before = self.position.value()
        self.position.set_options([(str(p), f"{p} · waits" if p in waiting else str(p))
                                   for p in range(1, positions + 1)])
        chosen = str(waiting[0]) if waiting else before
        if chosen in self.position.buttons:
            self.position.set_value(chosen)

    # -- the claim ------------------------------------------------------------------------------
    def show_claim(self) -> None:
        session = self.session
        round_text, position = self.round.text().strip(), self.position.value()
        if session is None:
            say(self.message, "Sign in first.")
            return
        if not round_text.isdigit() or not position.isdigit():
            say(self.message, "Enter the round number and tap the betting position.")
            return
        round_id, seat = int(round_text), int(position)

        needs: dict[str, Any] = {}

        def build(context: StaffContext) -> JackpotClaim | tuple[Jackpot, str, dict[str, Any]]:
            station = context.station
            try:
                claim = show_claim(station, round_id, seat, supervisor=session.user,
                                   pin=session.pin)
                needs.update(_needs(station, claim))
                return claim
            except ProcedureError:
                # approved already (at the table's screen, say): its numbered record, to save
                # or print, instead of a dead end
                made = meter_store.jackpots(station.store, round_id=round_id,
                                            position=str(seat))
                if not made:
                    raise
                return (made[-1], station.store.table,
                        jackpot_print.filed(station.store, made[-1]))

        def found(claim: JackpotClaim | tuple[Jackpot, str, dict[str, Any]]) -> None:
            if isinstance(claim, tuple):
                self._set_claim(None)
                self._show_record(*claim)
                say(self.message,
                    f"Round {round_id}, position {seat}: approved already by "
                    f"{claim[0].supervisor} — jackpot record No. {claim[0].number:06d}. Save "
                    "or print it.")
                return
            self._set_claim(claim, **needs)

        def refused(words: str) -> None:
            self._set_claim(None)
            self._refused(words)

        self.calls.submit(build, found, refused)

    def follow(self) -> None:
        """Read the claim in view again (the pool now, the amount at it, the hit an approval
        waits for); an approval that waited and was paid since shows its numbered record."""
        claim = self.claim
        if claim is None or claim.pool is None or self._following:
            if claim is None or claim.pool is None:
                self.follow_timer.stop()
            return
        self._following = True

        def read(context: StaffContext
                 ) -> tuple[JackpotClaim, dict[str, Any]] | _Made | None:
            station = context.station
            station.record_floor_payments()  # an approval paid in its turn: its record
            now = claim_now(station, claim)
            if now is not None:
                return now, _needs(station, now)
            made = meter_store.jackpots(station.store, round_id=claim.round_id,
                                        position=str(claim.position))
            if not made:
                return None
            return made[-1], station.store.table, jackpot_print.filed(station.store, made[-1])

        def show(found: tuple[JackpotClaim, dict[str, Any]] | _Made | None) -> None:
            self._following = False
            if self.claim is not claim:  # another claim was shown meanwhile
                return
            if found is None:
                self.waiting = None
                self._set_claim(None)
                self.refresh()
            elif len(found) == 3:
                self.waiting = None
                self._approved(found)
            elif found[0].lines() != claim.lines():
                self._set_claim(found[0], **found[1], keep_message=True)

        def failed(words: str) -> None:
            self._following = False

        self.calls.submit(read, show, failed)

    def _set_claim(self, claim: JackpotClaim | None, *, second: bool = False,
                   threshold: str = "", keep_message: bool = False) -> None:
        """``claim`` in view (``None``: none); ``second``: a second validator's id and PIN
        asked for; ``threshold``: the reporting threshold it reaches, in words (the winner's
        identification asked for; "": it does not); ``keep_message``: the same claim read
        again as the pool moved (the message and the winner's form stay)."""
        self.claim = claim
        if claim is not None and claim.pool is not None:
            if not self.follow_timer.isActive():
                self.follow_timer.start()
        else:
            self.follow_timer.stop()
        if not keep_message:  # (read again as the pool moved: what is being typed stays)
            self.second_pin.clear()
        self.second_box.setVisible(claim is not None and second)
        self._threshold = threshold if claim is not None else ""
        key = (claim.round_id, claim.position) if claim is not None and threshold else None
        if key is None or key != self._winner_of:
            self._clear_winner()  # (the same claim shown again keeps what was typed)
        self._winner_of = key
        if claim is not None and second:
            self.second_words.setText(
                f"{format_cents(claim.amount)} is above the amount one supervisor validates: "
                "a second supervisor validates it too")
        rows = claim.lines() if claim else []
        if claim is not None and threshold:  # said beside the amount (a row more cut the page)
            rows = [(label, f"{value} · the winner's ID needed" if label == "Amount" else value)
                    for label, value in rows]
        if not (keep_message and self._update_rows(rows)):
            self._build_rows(claim is None, rows)
        ready = (claim is not None and self.session is not None
                 and claim.approved_by is None)  # approved, waiting: paid in its turn
        self.approve_button.setEnabled(ready)
        self.reject_button.setEnabled(ready)
        self.save_button.setEnabled(self.record is not None)
        self.print_button.setEnabled(self.record is not None)
        if claim is not None:
            if claim.waiting_for is not None:
                say(self.message, f"Approved by {claim.approved_by} · waits for "
                    f"{claim.waiting_for} · paid from the pool as it stands then.")
            elif not keep_message:
                say(self.message, "")
            if not (keep_message and self.shown.currentWidget() is self.winner_box):
                self.shown.setCurrentWidget(self.claim_box)

    def _update_rows(self, rows: list[tuple[str, str]]) -> bool:
        """The claim's rows shown given ``rows``' values in place (the same claim read again:
        no row deleted and made again, nothing laid out anew); False: the rows differ."""
        shown: list[tuple[QWidget | None, QWidget | None]] = []
        for index in range(len(rows)):
            left = self.claim_grid.itemAtPosition(index, 0)
            right = self.claim_grid.itemAtPosition(index, 1)
            if left is None or right is None:
                return False
            shown.append((left.widget(), right.widget()))
        if self.claim_grid.count() != 2 * len(rows) or any(
                not isinstance(name, QLabel) or name.text() != label
                for (name, _value), (label, _words) in zip(shown, rows, strict=True)):
            return False
        for (_name, value), (_label, words) in zip(shown, rows, strict=True):
            if isinstance(value, QLabel) and value.text() != words:
                value.setText(words)
        return True

    def _build_rows(self, empty: bool, rows: list[tuple[str, str]]) -> None:
        """The claim's rows made anew (``empty``: no claim, one line where it will be)."""
        while self.claim_grid.count():
            item = self.claim_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:  # hidden now: drawn until deleted, it overlapped the rows
                widget.hide()
                widget.deleteLater()
        if empty:  # one line, where the claim will be (not a label and a far value)
            waiting = QLabel("No claim shown. Enter the round, tap the position, then SHOW THE "
                             "CLAIM: it comes from the round's journal — the wager counted at "
                             "the light check and the cards that position was dealt.")
            waiting.setObjectName("muted")
            waiting.setWordWrap(True)
            self.claim_grid.addWidget(waiting, 0, 0, 1, 2)
        for index, (label, value) in enumerate(rows):
            name = QLabel(label)
            name.setObjectName("muted")
            shown = QLabel(value)
            shown.setStyleSheet("font-size: 16pt; font-weight: bold;")
            self.claim_grid.addWidget(name, index, 0)
            self.claim_grid.addWidget(shown, index, 1)

    def claim_text(self) -> list[str]:
        """The claim's values as shown (for tests)."""
        shown = []
        for row in range(self.claim_grid.rowCount()):
            item = self.claim_grid.itemAtPosition(row, 1)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QLabel):
                shown.append(widget.text())
        return shown

    def _refused(self, words: str) -> None:
        say(self.message, f"Refused: {words}")

    # -- the decision ---------------------------------------------------------------------------
    def approve(self) -> None:
        claim, session = self.claim, self.session
        if claim is None or session is None:
            return

        if self.winner_needed() and self.shown.currentWidget() is not self.winner_box:
            self.show_winner_form()
            say(self.message, "Enter the winner's identification from the ID shown, then "
                "APPROVE AND PAY.")
            return
        second_user, second_pin = self.second_user.text().strip(), self.second_pin.text()
        self.second_pin.clear()
        winner = self.entered_winner()

        def pay(context: StaffContext) -> Any:
            station = context.station
            made = approve_claim(station, claim, supervisor=session.user,
                                 pin=session.pin, second_supervisor=second_user,
                                 second_pin=second_pin, winner=winner)
            if isinstance(made, Waiting):
                now = station.progressive_claim_now(claim.round_id, claim.position)
                return made, now, _needs(station, now)
            return made, station.store.table, jackpot_print.filed(station.store, made)

        def done(result: Any) -> None:
            if isinstance(result[0], Waiting):
                self.waiting = result[0]
                self._set_claim(result[1], **result[2])
                return
            self._approved(result)

        self.calls.submit(pay, done, self._refused)

    def _show_record(self, record: Jackpot, table: str,
                     filed: dict[str, Any] | None = None) -> None:
        """The numbered record in view, ready to save or print (``filed``: the table's local
        time and what the round's records add, :func:`dealer_station.jackpot.filed`)."""
        self.record, self.table_name = record, table
        self.record_text.setPlainText(jackpot_print.as_text(record, table=table,
                                                            **(filed or {})))
        self.shown.setCurrentWidget(self.record_text)
        self.save_button.setEnabled(True)
        self.print_button.setEnabled(True)

    def _approved(self, result: tuple[Any, str, dict[str, Any]]) -> None:
        self._show_record(*result)
        self._decided = (f"Approved: jackpot record No. {self.record.number:06d}. Save it and "
                         "have the player sign. ")
        say(self.message, self._decided, done=True)  # done: in the success colour
        self.refresh()  # the next payout the round waits for, if any
        self._set_claim(None)

    def reject(self) -> None:
        claim, session, reason = self.claim, self.session, self.reason.text()
        if claim is None or session is None:
            return

        def refuse(context: StaffContext) -> str:
            reject_claim(context.station, claim, reason, supervisor=session.user,
                         pin=session.pin)
            return reason.strip()

        def done(why: str) -> None:
            self.reason.clear()
            self._decided = f"Rejected ({why}): nothing was taken from the meter. "
            say(self.message, self._decided)
            self.refresh()  # the next payout the round waits for, if any
            self._set_claim(None)

        self.calls.submit(refuse, done, self._refused)

    def save(self) -> None:
        record = self.record
        if record is None:
            return

        def write(context: StaffContext) -> tuple[Path, Path]:
            store = context.station.store
            return save_jackpot_record(Path(store.directory) / "jackpots", record, store.table,
                                       jackpot_print.filed(store, record))

        def done(paths: tuple[Path, Path]) -> None:
            self.saved = paths
            say(self.message, f"Saved {paths[0]} and {paths[1]}", done=True)

        self.calls.submit(write, done, self._refused)

    def print_record(self) -> None:
        """Print the record as a slip on the table's receipt printer (a reprint is marked COPY
        and audited; a printer fault is shown and the record stays, to print again)."""
        record, session = self.record, self.session
        if record is None:
            return

        def send(context: StaffContext) -> bool:
            station = context.station
            if station.slip_printer is None:
                raise PrinterFault("no receipt printer is configured at this table ([devices] "
                                   "printer): save the record and print the PDF")
            copy: bool = print_jackpot(station, record.number,
                                       actor=session.user if session else None,
                                       printer=station.slip_printer)
            return copy

        def done(copy: bool) -> None:
            self.printed = record.number
            say(self.message, f"Jackpot record No. {record.number:06d} printed"
                + (" (marked COPY: a reprint)." if copy else "."), done=True)

        self.calls.submit(send, done, lambda words: say(self.message,
            f"Not printed: {words}. The record is kept: print it again when the printer "
            "is ready."))
