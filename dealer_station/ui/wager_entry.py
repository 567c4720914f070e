"""Wager entry during betting: tap a position on the felt, tap chips for the three equal base
wagers (and the three-card bonus where offered), then PLACE. By the keyboard: the position's
digit (or the arrows), the amount typed in dollars (Tab to the three-card bonus), Enter to
place, Esc to leave the box. The $1 let it ride bonus is not entered here: the position's bet
acceptor senses it (5324.34(a)(3)). Where Pai Gow's RNG side wager is offered (5324.41(j)), a
tap on a number 1 to 7 puts the chosen chip on it; a player may bet on several numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_station.money import format_cents

__all__ = ["WagerEntry"]

CHIPS = (500, 2500, 10000, 50000)
#: The chips a tap on an RNG number puts on it.
RNG_CHIPS = (500, 2500)


class WagerEntry(QFrame):
    """Emits :attr:`place_requested` (position, amounts) with ``base`` and
    ``three_card_bonus`` in cents (and ``rng_3``: the chips added on the RNG's number 3), or
    ``{"withdraw": 1}``."""

    # (int, dict[str, int]); object because PySide6 turns a dict argument into a QVariantMap
    place_requested = Signal(int, object)
    #: Esc in a typed amount: the keys go back to the step (and the position digits).
    left_the_boxes = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._position = ""
        self._base = 0
        self._three = 0
        self._options: Mapping[str, Any] = {}
        #: Chips added and not placed, per position (base, three-card bonus, RNG numbers).
        self._drafts: dict[str, tuple[int, int, dict[int, int]]] = {}
        #: RNG side wager chips added and not placed: number → cents.
        self._rng: dict[int, int] = {}
        self._rng_chip = RNG_CHIPS[0]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel("")
        self.title.setObjectName("phase")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.base_label = QLabel("")
        self.base_label.setStyleSheet("font-size: 17pt; font-weight: bold;")
        self.base_label.setWordWrap(True)
        layout.addWidget(self.base_label)
        self.notice_label = QLabel("")  # the table's payout limit notice (5324.34(f)(2))
        self.notice_label.setObjectName("muted")
        self.notice_label.setWordWrap(True)
        self.notice_label.setVisible(False)
        layout.addWidget(self.notice_label)
        grid = QGridLayout()
        self._chip_buttons: list[QPushButton] = []
        for column, chip in enumerate(CHIPS):
            button = self._key(f"+{format_cents(chip)[:-3]}")
            button.clicked.connect(lambda _=False, c=chip: self.add_base(c))
            grid.addWidget(button, 0, column)
            self._chip_buttons.append(button)
        clear = self._key("CLEAR")
        clear.clicked.connect(self.clear)
        grid.addWidget(clear, 0, len(CHIPS))
        layout.addLayout(grid)
        # the typed boxes share rows the panel has anyway: a taller wager entry would take
        # height from the step panel and move its primary button while the wagers are taken
        #: The base wager typed in whole dollars (the chips tapped show in it too).
        self.amount = self._box("wager $, Enter")
        self.amount.textEdited.connect(self._typed_base)
        #: The three-card bonus typed in whole dollars (Tab from the wager).
        self.three_amount = self._box("3-card $")
        self.three_label = QLabel("")
        self.three_label.setWordWrap(True)
        layout.addWidget(self.three_label)
        three = QHBoxLayout()
        self._three_buttons: list[QPushButton] = []
        for chip in (500, 2500):
            button = self._key(f"+{format_cents(chip)[:-3]} 3-card")
            button.clicked.connect(lambda _=False, c=chip: self.add_three(c))
            three.addWidget(button)
            self._three_buttons.append(button)
        self.three_amount.textEdited.connect(self._typed_three)
        three.insertWidget(0, self.amount, 1)
        three.addWidget(self.three_amount, 1)
        layout.addLayout(three)
        self.rng_label = QLabel("")  # Pai Gow: the RNG side wager, where offered
        self.rng_label.setWordWrap(True)
        layout.addWidget(self.rng_label)
        chips = QHBoxLayout()
        self._rng_chip_buttons: dict[int, QPushButton] = {}
        for chip in RNG_CHIPS:
            button = self._key(f"{format_cents(chip)[:-3]} chip")
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, c=chip: self.choose_rng_chip(c))
            chips.addWidget(button)
            self._rng_chip_buttons[chip] = button
        layout.addLayout(chips)
        numbers = QHBoxLayout()
        self._rng_buttons: dict[int, QPushButton] = {}
        for number in range(1, 8):
            button = self._key(str(number))
            button.setToolTip(f"RNG side wager on {number}")
            button.clicked.connect(lambda _=False, n=number: self.add_rng(n))
            numbers.addWidget(button)
            self._rng_buttons[number] = button
        layout.addLayout(numbers)
        self.progressive_label = QLabel("")  # Pai Gow: the chip the acceptor senses
        self.progressive_label.setWordWrap(True)
        self.progressive_label.setVisible(False)
        layout.addWidget(self.progressive_label)
        #: A hint for the dealer (how the $1 bonus is taken), in the muted words of the
        #: panel's other hints: not a message (it would take a message's box and push the step
        #: panel's buttons up while the wagers are entered).
        self.message = QLabel("")
        self.message.setObjectName("muted")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        self.withdraw = QPushButton("TAKE ALL BACK")
        self.withdraw.setObjectName("secondary")
        self.withdraw.clicked.connect(self._withdraw)
        self.place = QPushButton("PLACE WAGERS")
        self.place.setObjectName("primary")
        self.place.clicked.connect(self._place)
        buttons.addWidget(self.withdraw)
        buttons.addWidget(self.place, 2)
        layout.addLayout(buttons)

    def _box(self, placeholder: str) -> QLineEdit:
        box = QLineEdit()
        box.setPlaceholderText(placeholder)
        box.setValidator(QIntValidator(0, 1_000_000, box))
        box.setStyleSheet("font-size: 15pt;")
        box.returnPressed.connect(self._place)
        return box

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.left_the_boxes.emit()
            return
        super().keyPressEvent(event)

    def type_in(self) -> None:
        """Put the keys in the wager's box (a position chosen, its wager not placed yet;
        placed: the three-card bonus, where it may still be added)."""
        if not self._position:
            return
        box = self.three_amount if self._options.get("placed") else self.amount
        if box.isVisible() and box.isEnabled():
            box.setFocus()
            box.selectAll()

    def in_a_box(self) -> bool:
        return self.amount.hasFocus() or self.three_amount.hasFocus()

    def _typed_base(self, text: str) -> None:
        if not self._options.get("placed"):
            self._base = int(text or 0) * 100
        self._refresh(typed=True)

    def _typed_three(self, text: str) -> None:
        self._three = max(int(text or 0) * 100, int(self._options.get("three_card_amount", 0)))
        self._refresh(typed=True)

    @staticmethod
    def _key(text: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName("key")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return button

    @property
    def base(self) -> int:
        return self._base

    def start(self, position: str, options: Mapping[str, Any]) -> None:
        """Show the entry for ``position`` ("" when none is chosen yet). Chips added at a
        position and not placed are kept for it while the wagers are taken: tapping another
        position and coming back shows them again (they were dropped without a word)."""
        # the RNG chips added are on the layout once the position's RNG wagers changed
        rng = (dict(self._rng) if position != self._position or options.get("rng_placed") ==
               self._options.get("rng_placed") else {})
        if self._position and (self._added() or rng):
            self._drafts[self._position] = (self._base, self._three, rng)
        if not position:  # none chosen: a new betting (or none at all)
            self._drafts.clear()
        self._position = position
        self._options = dict(options)
        self._base = int(options.get("amount", 0))
        self._three = int(options.get("three_card_amount", 0))
        self._rng = {}
        draft = self._drafts.pop(position, None)
        if draft is not None and not options.get("placed"):
            self._base, self._three = max(self._base, draft[0]), max(self._three, draft[1])
        if draft is not None:
            self._rng = draft[2]
        self._refresh()

    def _added(self) -> bool:
        """Base or three-card chips added and not placed."""
        return not self._options.get("placed") and (
            self._base > int(self._options.get("amount", 0))
            or self._three > int(self._options.get("three_card_amount", 0)))

    def choose_rng_chip(self, chip: int) -> None:
        """The chip a tap on a number puts on it."""
        self._rng_chip = chip
        self._refresh()

    def add_rng(self, number: int) -> None:
        """A tap on the RNG's number ``number``: the chosen chip on it (not placed yet)."""
        if self._position:
            self._rng[number] = self._rng.get(number, 0) + self._rng_chip
        self._refresh()

    def add_base(self, amount: int) -> None:
        if not self._options.get("placed"):
            self._base += amount
        self._refresh()

    def add_three(self, amount: int) -> None:
        self._three += amount
        self._refresh()

    def clear(self) -> None:
        if not self._options.get("placed"):
            self._base = 0
        self._three = int(self._options.get("three_card_amount", 0))
        self._rng = {}
        self._refresh()

    def _refresh(self, typed: bool = False) -> None:
        chosen = bool(self._position)
        if not typed:  # the boxes show what the chips and the station say
            self.amount.setText(str(self._base // 100) if self._base else "")
            self.three_amount.setText(str(self._three // 100) if self._three else "")
        placed = bool(self._options.get("placed"))
        if not chosen:
            self.title.setText("WAGERS · tap a position, or type its number")  # one line
        else:
            single = bool(self._options.get("single"))
            self.title.setText(f"POSITION {self._position} · " + (
                "wager placed" if placed and single else "wagers placed" if placed
                else "the wager" if single else "three equal wagers"))
        minimum = int(self._options.get("minimum", 0))
        maximum = int(self._options.get("maximum", 0))
        limits = f" (table {format_cents(minimum)}–{format_cents(maximum)})" if maximum else ""
        # the limits go with the notice, so the amount stays one line at 1280×800
        notice = " · ".join(part for part in (limits.strip(" ()").capitalize(),
                                              str(self._options.get("notice", ""))) if part)
        self.notice_label.setVisible(bool(notice))
        self.notice_label.setText(notice)
        words = ("Wager: " if self._options.get("single") else "Bet one, two, three: 3 × ")
        self.base_label.setText(words + format_cents(self._base))
        offered = bool(self._options.get("three_card"))
        self.three_label.setVisible(offered)
        self.three_label.setText(f"Three-card bonus: {format_cents(self._three)}")
        for button in self._three_buttons:
            button.setVisible(offered)
            button.setEnabled(chosen)
        # the progressive's and the bonus's lines show whether a position is chosen or not, so
        # PLACE WAGERS does not move down under the finger when a position is tapped
        progressive = int(self._options.get("progressive", 0))
        self.progressive_label.setVisible(progressive > 0)
        if not chosen:
            self.progressive_label.setText(
                f"Progressive {format_cents(progressive)}: the player drops the chip in the "
                "position's acceptor; its light records the wager")
        elif self._options.get("progressive_lit"):
            self.progressive_label.setText(
                f"Progressive {format_cents(progressive)}: LIT — the chip is in the acceptor "
                "(counted at no more bets)")
        else:
            self.progressive_label.setText(
                f"Progressive {format_cents(progressive)}: not lit — the player drops the chip "
                "in this position's acceptor; its light records the wager")
        self._refresh_rng(chosen)
        for button in self._chip_buttons:
            button.setEnabled(chosen and not placed)
        self.amount.setEnabled(chosen and not placed)
        self.three_amount.setVisible(offered)
        self.three_amount.setEnabled(chosen)
        # placed: only a three-card bonus added since is left to place (a second press of
        # PLACE WAGERS did nothing and said nothing)
        added = self._three > int(self._options.get("three_card_amount", 0)) or bool(self._rng)
        self.place.setEnabled(chosen and (added if placed else self._base > 0 or self._three > 0
                                          or bool(self._rng)))
        self.withdraw.setEnabled(chosen and placed)
        self.message.setText("" if self._options.get("single") else
                             "The $1 bonus is sensed by the position's acceptor.")
        self.message.setVisible(bool(self.message.text()))

    def _refresh_rng(self, chosen: bool) -> None:
        """The RNG row: the numbers, the chip a tap puts on one, what is on each number."""
        offered = bool(self._options.get("rng"))
        for widget in (self.rng_label, *self._rng_buttons.values(),
                       *self._rng_chip_buttons.values()):
            widget.setVisible(offered)
        if not offered:
            return
        on = dict(self._options.get("rng_placed", ()))
        for number, amount in self._rng.items():
            on[number] = on.get(number, 0) + amount
        shown = ", ".join(f"{format_cents(amount)} on {number}" +
                          ("" if number not in self._rng else " (to place)")
                          for number, amount in sorted(on.items()))
        self.rng_label.setText(f"RNG side wager, pays {self._options.get('rng_odds', '')}: "
                               + (shown or f"tap a number for a {format_cents(self._rng_chip)} "
                                           "chip on it"))
        for chip, button in self._rng_chip_buttons.items():
            button.setChecked(chip == self._rng_chip)
            button.setEnabled(chosen)
        for button in self._rng_buttons.values():
            button.setEnabled(chosen)

    def _place(self) -> None:
        if self._position and self.place.isEnabled():
            amounts = {"base": self._base}
            if self._three > int(self._options.get("three_card_amount", 0)):
                amounts["three_card_bonus"] = self._three
            for number, amount in sorted(self._rng.items()):
                amounts[f"rng_{number}"] = amount
            self.place_requested.emit(int(self._position), amounts)

    def _withdraw(self) -> None:
        if self._position:
            self.place_requested.emit(int(self._position), {"withdraw": 1})
