"""The form panel: input the dealer fills in before an action that needs more than a tap — the
card exposed and where it was dealt, the reason a supervisor is called, a chip or stub count, the
dice, how a light count mismatch is resolved. The fields come from the adapter as
:class:`~dealer_station.ui.view.FormField` items; the panel emits the values, the worker thread
turns them into the round's action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.card_entry import ManualCardEntry
from dealer_station.ui.fit import fit_button, relabel
from dealer_station.ui.messages import MessageLabel
from dealer_station.ui.theme import THEME
from dealer_station.ui.view import FormField

__all__ = ["FormPanel", "choice_keys"]

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def choice_keys(labels: Sequence[str], taken: Sequence[str] = ()) -> tuple[str, ...]:
    """A letter key for each choice: the first letter of one of its words not taken already,
    else any of its letters ("" when none is left). Never a digit: digits type a number.

    >>> choice_keys(["SITS DOWN", "LEAVES", "MOVES", "2ND AREA"])
    ('S', 'L', 'M', 'A')
    >>> choice_keys(["YES", "YELLOW"])
    ('Y', 'E')
    """
    used = {key.upper() for key in taken}
    keys = []
    for label in labels:
        words = label.upper().split()
        candidates = [w[0] for w in words if w[:1].isalpha()] + [c for c in label.upper()
                                                                  if c.isalpha()]
        key = next((c for c in candidates if c not in used), "")
        used.add(key)
        keys.append(key)
    return tuple(keys)


def _spin(minimum: int, maximum: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setValue(value)
    spin.setMinimumHeight(52)
    spin.setStyleSheet("font-size: 18pt;")
    return spin


class _Choices(QWidget):
    """Touch buttons for ``choice`` (one) or ``multi`` (any) fields."""

    def __init__(self, choices: Sequence[tuple[str, str]], exclusive: bool,
                 keys: Sequence[str] = ()) -> None:
        super().__init__()
        #: The letter that chooses each value by key (none for a value without one).
        self.keys: dict[str, str] = {key: value for (value, _label), key
                                     in zip(choices, keys, strict=False) if key}
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.group = QButtonGroup(self)
        self.group.setExclusive(exclusive)
        self.buttons: dict[str, QPushButton] = {}
        column = row = 0
        # one row while it fits: a long label takes two or three columns
        for value, label in choices:
            span = 1 if len(label) <= 3 else 2 if len(label) <= 6 else 3
            if column + span > 10:
                column, row = 0, row + 1
            button = QPushButton(label)
            button.setObjectName("key")
            button.setCheckable(True)
            button.setMinimumHeight(48)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            if span > 1:
                button.setStyleSheet("font-size: 12pt;")
            self.group.addButton(button)
            layout.addWidget(button, row, column, 1, span)
            column += span
            self.buttons[value] = button

    def chosen(self) -> list[str]:
        return [value for value, button in self.buttons.items() if button.isChecked()]

    def choose_by_key(self, key: str) -> bool:
        """The choice of letter ``key`` chosen (a ``multi`` one toggled); False: none has it."""
        value = self.keys.get(key.upper())
        if value is None:
            return False
        self.buttons[value].click()
        return True


class FormPanel(QFrame):
    """Shows a form; SUBMIT emits :attr:`submitted` with ``{field name: value}``, CANCEL
    :attr:`cancelled`. Values: ``card`` the card's text ("" when none), ``choice`` the value
    ("" when none), ``multi`` a list, ``text`` the text, ``number`` an int, ``dice`` a list of
    three ints (0 for a die not entered)."""

    # dict[str, Any]; object because PySide6 turns a dict argument into a QVariantMap (which
    # drops keys and values it cannot convert)
    submitted = Signal(object)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._fields: tuple[FormField, ...] = ()
        self.inputs: dict[str, Any] = {}
        #: Enter submits the form (one typed at the keyboard, box by box with Tab).
        self.enter_submits = False
        self._labels: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(8)
        self.title = QLabel("")
        self.title.setObjectName("phase")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        # The fields scroll when the panel is short (1280×800); the buttons stay in view.
        inner = QWidget()
        inner.setObjectName("formBody")
        inner.setStyleSheet("QWidget#formBody { background: transparent; }")
        self._body = QVBoxLayout(inner)
        self._body.setContentsMargins(0, 0, 6, 0)
        self._body.setSpacing(6)
        self.fields_area = QScrollArea()
        self.fields_area.setWidget(inner)
        self.fields_area.setWidgetResizable(True)
        self.fields_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fields_area.viewport().setAutoFillBackground(False)
        self.fields_area.setStyleSheet("QScrollArea { background: transparent; }")
        layout.addWidget(self.fields_area, 1)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.keys_hint = QLabel("")
        self.keys_hint.setObjectName("muted")
        self.keys_hint.setWordWrap(True)
        layout.addWidget(self.keys_hint)
        buttons = QHBoxLayout()
        self.cancel = QPushButton("CANCEL")
        self.cancel.setObjectName("secondary")
        self.cancel.setMinimumHeight(56)
        self.cancel.clicked.connect(self.cancelled)
        self.submit = QPushButton("OK")
        self.submit.setObjectName("primary")
        self.submit.setMinimumHeight(56)
        self.submit.clicked.connect(self._submit)
        for button in (self.cancel, self.submit):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            # the label shrinks (or takes two lines) to the button's share of the right
            # column, which is as wide at every step: it never widens the column
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            fit_button(button, THEME.button_pt)
        # a share each (1:2): with the Ignored policy a stretch of 0 gave CANCEL no width at
        # all, so a form opened by mistake had no way back
        buttons.addWidget(self.cancel, 1)
        buttons.addWidget(self.submit, 2)
        layout.addLayout(buttons)
        self._choice_keys: dict[str, _Choices] = {}
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)  # the form's keys before the step's

    def start(self, title: str, fields: Sequence[FormField], submit: str,
              cancel: bool = True, message: str = "") -> None:
        """Show ``fields`` under ``title``; ``submit`` labels the button."""
        while self._body.count():
            item = self._body.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self._fields = tuple(fields)
        self.inputs = {}
        self._choice_keys = {}
        self.title.setText(title)
        while self._body.count():  # the stretch left from the last form
            self._body.takeAt(0)
        for field in self._fields:
            label = QLabel(field.label)
            label.setWordWrap(True)
            label.setStyleSheet("font-size: 14pt;")
            self._labels[field.name] = label
            self._body.addWidget(label)
            widget = self._make(field)
            self._body.addWidget(widget)
        self._body.addStretch(1)
        relabel(self.submit, submit)
        self.cancel.setVisible(cancel)
        self.message.note(message)
        # keys: Tab from box to box, the choices' letters, Enter to submit, Esc to cancel
        hints = ["Enter " + self.submit.text().lower()] + (["Esc cancel"] if cancel else [])
        self.keys_hint.setText("keys: " + " · ".join(hints))
        first = next((w for w in self.inputs.values()
                      if isinstance(w, (QAbstractSpinBox, QLineEdit))), None)
        if first is not None:
            first.setFocus()
            if isinstance(first, QAbstractSpinBox):
                first.selectAll()  # a digit typed replaces the default
        else:
            self.setFocus()  # the choices' letters, Enter and Esc come here

    def keys(self) -> dict[str, str]:
        """The letter keys of the form's choices and the value each one chooses."""
        return {key: value for choices in self._choice_keys.values()
                for key, value in choices.keys.items()}

    def _typing(self) -> bool:
        """Focus in a box that takes letters (a form's words): letters are its own."""
        focus = QApplication.focusWidget()
        return isinstance(focus, QLineEdit) and not isinstance(focus.parent(), QAbstractSpinBox)

    def _key_of(self, event: QKeyEvent) -> str:
        """What a key does in the form: "submit", "cancel", "choice" or "" (not the form's)."""
        if event.key() in _ENTER:
            return "submit"
        if event.key() == Qt.Key.Key_Escape and self.cancel.isVisible():
            return "cancel"
        if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                | Qt.KeyboardModifier.AltModifier):
            return ""
        text = event.text().upper()
        if text and not self._typing() and any(text in c.keys
                                               for c in self._choice_keys.values()):
            return "choice"
        return ""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While the form shows, its keys are the form's, not the step's shortcuts (L for a
        choice never pressed NO MORE BETS; Enter submits the form, not the step's button)."""
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent) or not self.isVisible():
            return False
        window = self.window()
        if not isinstance(watched, QWidget) or not (watched is window
                                                    or window.isAncestorOf(watched)):
            return False
        focus = QApplication.focusWidget()
        if focus is not None and focus not in (window, self) and not self.isAncestorOf(focus):
            return False  # typed elsewhere (a staff screen, the guide over this one)
        what = self._key_of(event)
        if not what:
            return False
        event.accept()
        if kind == QEvent.Type.ShortcutOverride:
            return True  # no shortcut: the key press that follows comes here
        if event.isAutoRepeat():
            return True
        if what == "submit":
            self._submit()
        elif what == "cancel":
            self.cancelled.emit()
        else:
            text = event.text().upper()
            for choices in self._choice_keys.values():
                if choices.choose_by_key(text):
                    break
        return True

    def _make(self, field: FormField) -> QWidget:
        widget: QWidget
        if field.kind == "card":
            # The rank and suit keys only (the panel must fit 1280×800): the card chosen is
            # named under them; tapping another rank starts a new card.
            entry = ManualCardEntry(compact=True)
            entry.start(1, "", allow_joker=False)
            for button in entry._rank_buttons.values():
                button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            for part in (entry.title, entry.enter, entry.undo, entry.row):
                part.hide()
            inner_layout = entry.layout()
            if inner_layout is not None:
                inner_layout.setContentsMargins(0, 0, 0, 0)
            entry.setObjectName("formCard")
            entry.setStyleSheet("QFrame#formCard { background: transparent; }")
            chosen = self._labels[field.name]
            words = field.label
            chosen.setText(f"{words}: –")

            def restart(_checked: bool = False, entry: ManualCardEntry = entry) -> None:
                if entry.cards:
                    entry.remove_last()

            def name(_checked: bool = False, entry: ManualCardEntry = entry,
                     chosen: QLabel = chosen, words: str = words) -> None:
                shown = f"<b>{entry.cards[0]}</b>" if entry.cards else "–"
                chosen.setText(f"{words}: {shown}")

            for button in entry._rank_buttons.values():
                button.clicked.connect(restart)
            for button in entry._suit_buttons.values():
                button.clicked.connect(name)
            self.inputs[field.name] = entry
            widget = entry
        elif field.kind in ("choice", "multi"):
            taken = [key for c in self._choice_keys.values() for key in c.keys]
            keys = choice_keys([label for _value, label in field.choices], taken)
            choices = _Choices(field.choices, exclusive=field.kind == "choice", keys=keys)
            self.inputs[field.name] = choices
            self._choice_keys[field.name] = choices
            named = " · ".join(f"{key} {label.lower()}" for (_v, label), key
                               in zip(field.choices, keys, strict=True) if key)
            if named:
                self._labels[field.name].setText(f"{field.label} (keys: {named})")
            widget = choices
        elif field.kind == "text":
            line = QLineEdit()
            line.setMinimumHeight(48)
            line.setStyleSheet("font-size: 15pt;")
            self.inputs[field.name] = line
            widget = line
        elif field.kind == "number":
            spin = _spin(field.minimum, field.maximum, field.default)
            widget = QWidget()
            row = QHBoxLayout(widget)
            row.setContentsMargins(0, 0, 0, 0)
            for text, step in (("−", -1), ("+", 1)):
                button = QPushButton(text)
                button.setObjectName("key")
                button.setFixedWidth(72)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.clicked.connect(lambda _=False, s=spin, d=step: s.stepBy(d))
                row.addWidget(button)
                if step < 0:
                    row.addWidget(spin, 1)
            self.inputs[field.name] = spin
        elif field.kind == "dice":
            widget = QWidget()
            rows = QVBoxLayout(widget)
            rows.setContentsMargins(0, 0, 0, 0)
            rows.setSpacing(4)
            dice = []
            for _ in range(3):  # one row of faces per die, tapped
                die = _Choices(tuple((str(face), str(face)) for face in range(1, 7)),
                               exclusive=True)
                rows.addWidget(die)
                dice.append(die)
            self.inputs[field.name] = dice
        else:
            raise ValueError(f"unknown form field kind {field.kind!r}")
        return widget

    def values(self) -> dict[str, Any]:
        """What the dealer entered, by field name."""
        found: dict[str, Any] = {}
        for field in self._fields:
            widget = self.inputs[field.name]
            if field.kind == "card":
                found[field.name] = widget.cards[0].text if widget.cards else ""
            elif field.kind == "choice":
                chosen = widget.chosen()
                found[field.name] = chosen[0] if chosen else ""
            elif field.kind == "multi":
                found[field.name] = widget.chosen()
            elif field.kind == "text":
                found[field.name] = widget.text().strip()
            elif field.kind == "number":
                found[field.name] = int(widget.value())
            elif field.kind == "dice":
                found[field.name] = [int((die.chosen() or ["0"])[0]) for die in widget]
        return found

    def _submit(self) -> None:
        self.submitted.emit(self.values())

    def show_request(self, options: Mapping[str, Any], title: str) -> None:
        """Start from an :class:`~dealer_station.ui.controller.EntryRequest`'s options."""
        self.start(title, tuple(options.get("fields", ())), str(options.get("submit", "OK")),
                   bool(options.get("cancel", True)), str(options.get("note", "")))
        self.enter_submits = bool(options.get("enter_submits"))
        if self.enter_submits:  # typed: the first box takes the keys, Tab the next, Enter submits
            first = next((self.inputs[f.name] for f in self._fields if f.kind == "number"), None)
            if isinstance(first, QSpinBox):
                first.setFocus()
                first.selectAll()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter a box did not take (a number box passes it on) submits a form typed at the
        keyboard; any other form waits for its button (a box filled, Enter, the next not)."""
        if self.enter_submits and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._submit()
            event.accept()
            return
        super().keyPressEvent(event)
