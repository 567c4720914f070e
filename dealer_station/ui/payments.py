"""The payment panel: each payment of the settlement in the regulated order, with amount and
vigorish, to be ticked off by the dealer (tap the line, or Space for the next one)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.theme import THEME
from dealer_station.ui.view import PaymentLine

__all__ = ["PaymentPanel"]

_VERB_COLOURS = {"COLLECT": "#f08a80", "PAY": "#7fe0a2", "PUSH": THEME.muted,
                 "RETURN": THEME.next}


class PaymentPanel(QFrame):
    """Lists :class:`PaymentLine` s with a tick box each; emits :attr:`ticked` (order, done)."""

    ticked = Signal(int, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._lines: tuple[PaymentLine, ...] = ()
        #: The verbs of the lines ticked at a later step: Space passes them by.
        self._later: tuple[str, ...] = ()
        self._boxes: dict[int, QCheckBox] = {}
        #: Ticks made here and sent to the station, not yet in a snapshot.
        self._pending: dict[int, bool] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel("SETTLEMENT · regulated order")
        self.title.setObjectName("phase")
        outer.addWidget(self.title)
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self._body = QWidget()
        self._grid = QGridLayout(self._body)
        self._grid.setContentsMargins(0, 0, 14, 0)
        self._grid.setHorizontalSpacing(10)
        self._grid.setVerticalSpacing(6)
        self._scroll.setWidget(self._body)
        outer.addWidget(self._scroll, 1)
        self.log = QLabel("")
        self.log.setObjectName("muted")
        self.log.setWordWrap(True)
        self.log.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        outer.addWidget(self.log, 1)
        self.summary = QLabel("")
        self.summary.setObjectName("muted")
        # wrapped: its words never ask the right column to widen (it is as wide at every step)
        self.summary.setWordWrap(True)
        outer.addWidget(self.summary)

    @property
    def lines(self) -> tuple[PaymentLine, ...]:
        return self._lines

    def _state(self, order: int, ticked: set[int]) -> bool:
        """A tick the dealer just made wins over a snapshot computed before it arrived."""
        if order in self._pending:
            if self._pending[order] == (order in ticked):
                del self._pending[order]  # the station has it now
            else:
                return self._pending[order]
        return order in ticked

    def set_lines(self, lines: Sequence[PaymentLine], ticked: set[int] | None = None,
                  later: tuple[str, ...] = ()) -> None:
        """Show ``lines`` with ``ticked`` ticked; the lines whose verb is in ``later`` are
        ticked at a later step (a tap ticks one, Space passes them by)."""
        ticked = ticked or set()
        self._later = later
        if tuple(lines) == self._lines:
            for order, box in self._boxes.items():
                box.blockSignals(True)
                box.setChecked(self._state(order, ticked))
                box.blockSignals(False)
            self._update_summary()
            return
        self._pending = {o: d for o, d in self._pending.items()
                         if any(line.order == o for line in lines)}
        self._lines = tuple(lines)
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self._boxes = {}
        for row, line in enumerate(self._lines):
            box = QCheckBox(f"{line.order}")
            box.setChecked(self._state(line.order, ticked))
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space is the window's "tick next"
            box.toggled.connect(lambda done, order=line.order: self._on_tick(order, done))
            verb = QLabel(line.verb)
            verb.setStyleSheet(f"color: {_VERB_COLOURS.get(line.verb, THEME.text)};"
                               " font-weight: bold;")
            who = QLabel(line.position)
            who.setStyleSheet("font-weight: bold;")
            # the description on a line of its own under the payment, wrapped: read whole
            # at 1280×800 ("bet one · withdrawn by the player"), never cut at the column edge
            # a winning Pai Gow line: its amount is what the dealer hands over, the line
            # under it first says how ("$100.00 won less $5.00 vigorish")
            what = QLabel(f"{line.vigorish} — {line.description}" if line.vigorish
                          else line.description)
            what.setObjectName("muted")
            what.setWordWrap(True)
            what.setTextFormat(Qt.TextFormat.PlainText)
            amount = QLabel(line.amount)
            amount.setStyleSheet("font-weight: bold; font-size: 15pt;")
            amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for column, widget in enumerate((box, verb, who, amount)):
                widget.setMinimumHeight(38)
                self._grid.addWidget(widget, 2 * row, column)
            self._grid.addWidget(what, 2 * row + 1, 1, 1, 3)
            self._boxes[line.order] = box
        self._grid.setColumnStretch(2, 1)
        self._grid.setRowStretch(2 * len(self._lines), 1)
        self._update_summary()
        QTimer.singleShot(0, self._show_next)  # once laid out: the next payment in view

    def set_log(self, lines: Sequence[str]) -> None:
        """Before any payment: the round so far, from its journal (newest last)."""
        self.log.setText("\n".join(lines))
        self._update_summary()

    def ticked_orders(self) -> set[int]:
        return {order for order, box in self._boxes.items() if box.isChecked()}

    def all_ticked(self) -> bool:
        return bool(self._boxes) and all(box.isChecked() for box in self._boxes.values())

    def tick_next(self) -> int | None:
        """Tick the first payment not yet ticked, of those due at this step; returns its
        order."""
        for line in self._lines:
            box = self._boxes[line.order]
            if not box.isChecked() and line.verb not in self._later:
                box.setChecked(True)
                return line.order
        return None

    def _on_tick(self, order: int, done: bool) -> None:
        self._pending[order] = done
        self._update_summary()
        self._show_next()
        self.ticked.emit(order, done)

    def _show_next(self) -> None:
        """Keep the first payment not yet ticked in view."""
        for line in self._lines:
            box = self._boxes[line.order]
            if not box.isChecked():
                self._scroll.ensureWidgetVisible(box)
                return

    def _update_summary(self) -> None:
        done = len(self.ticked_orders())
        total = len(self._lines)
        self._scroll.setVisible(bool(total))
        self.log.setVisible(not total)
        returns = bool(total) and all(line.verb == "RETURN" for line in self._lines)
        self.title.setText("RETURNS · each wager back, far right first" if returns else
                           "SETTLEMENT · regulated order" if total else
                           "ROUND SO FAR · from the journal")
        due = [line for line in self._lines if line.verb not in self._later]
        if self._later and all(self._boxes[line.order].isChecked() for line in due) \
                and done < total:
            later = " and ".join(self._later)
            self.summary.setText(f"{done} of {total} done · the {later} lines at the next step")
            return
        if total and done == total:  # nothing left for Space to tick (it said it still did)
            self.summary.setText(f"{done} of {total} done")
            return
        self.summary.setText(f"{done} of {total} done · Space ticks the next" if total else
                             "Payments appear here, in the regulated order, as they fall due")
