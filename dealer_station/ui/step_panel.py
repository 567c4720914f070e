"""The step panel: the current instruction in large plain words, the one primary action (and any
alternatives) with their keyboard keys, the positions the step concerns in order, what comes next,
and — when a device fault matters to the step — a stop message saying what to do."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.fit import fit_button
from dealer_station.ui.theme import THEME
from dealer_station.ui.view import StepView

__all__ = ["StepPanel", "instruction_points"]


def _step_identity(view: StepView) -> tuple[object, ...]:
    """What makes a step another step: its phase, the positions it asks and its actions."""
    return (view.phase, view.positions, view.instruction, tuple(a.name for a in view.actions))


#: The instruction's smallest type (points), reached only when the panel has no more room.
SMALLEST_INSTRUCTION_PT = 13
#: The smallest type the stop message (a device fault that stops the step) shrinks to.
SMALLEST_STOP_PT = 10
#: How long after a new step a key the last step took for another action is not taken
#: (seconds): longer than a double press, shorter than a dealer's next deliberate one.
REPEAT_GUARD_SECONDS = 0.5
IN_FLIGHT_SECONDS = 1.5
#: How many actions share one row of the step panel.
_ONE_ROW = 3


def _label(name: str, text: str = "", wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def instruction_points(text: str) -> int:
    """The instruction's type size: as large as the panel allows for its length.

    >>> instruction_points("Ask position 2"), instruction_points("x" * 200)
    (22, 15)
    """
    if len(text) <= 70:
        return 22
    if len(text) <= 120:
        return 18
    return 15


def _smaller_if_cut(label: QLabel, points: int, smallest: int) -> bool:
    """One point smaller (True) when the shown ``label``, at ``points``, needs more height for
    its lines than it has and may still shrink to ``smallest``."""
    if (points > smallest and label.isVisible()
            and label.heightForWidth(label.width()) > label.height()):
        label.setStyleSheet(f"font-size: {points - 1}pt;")
        return True
    return False


class StepPanel(QFrame):
    """Shows a :class:`StepView`; a button press or its key emits :attr:`action_triggered`.
    The PROBLEM… menu in the panel's top corner (dealer-initiated errors) emits the same signal
    with the problem's name: reachable, never in the way of the one primary action."""

    action_triggered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._view: StepView | None = None
        self._buttons: dict[str, QPushButton] = {}
        self._shortcuts: list[QShortcut] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 12, 20, 12)
        layout.setSpacing(6)
        self.phase = _label("phase")
        self.problem_button = QToolButton()
        self.problem_button.setObjectName("problem")
        self.problem_button.setText("PROBLEM…")
        self.problem_button.setToolTip("Report a dealer error or call a supervisor")
        self.problem_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.problem_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.problem_button.setMinimumHeight(40)
        self.problem_menu = QMenu(self.problem_button)
        self.problem_button.setMenu(self.problem_menu)
        self.problem_button.hide()
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.phase, 1)
        header.addWidget(self.problem_button, 0, Qt.AlignmentFlag.AlignTop)
        #: The panel's top row (the window adds HELP at its end).
        self.header = header
        self.instruction = _label("instruction")
        self.instruction.setSizePolicy(QSizePolicy.Policy.Preferred,
                                       QSizePolicy.Policy.Minimum)
        self.instruction.setMaximumHeight(170)
        self._instruction_pt = THEME.instruction_pt
        self._guard_until = 0.0
        self._guarded: dict[str, str] = {}
        self._in_flight_until = 0.0
        self.order = _label("muted")
        self.blocked = _label("fault")
        self._blocked_pt = THEME.body_pt
        self.blocked.hide()
        self._button_row = QGridLayout()
        self._button_row.setSpacing(12)
        self.keys = _label("muted")
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setStyleSheet("color: #2c3a31;")
        self.next = _label("next")
        self.notes = _label("message")
        self.clause = _label("muted")
        layout.addLayout(header)
        for widget in (self.instruction, self.order, self.blocked):
            layout.addWidget(widget)
        layout.addLayout(self._button_row)
        for below in (self.keys, rule, self.next, self.notes, self.clause):
            layout.addWidget(below)
        layout.addStretch(1)

    @property
    def view(self) -> StepView | None:
        return self._view

    def button(self, action: str) -> QPushButton:
        """The button of ``action`` (for tests and the button panel)."""
        return self._buttons[action]

    def set_view(self, view: StepView) -> None:
        previous = self._view
        if previous is None or _step_identity(previous) != _step_identity(view):
            # a new step: for a moment, a key the last step took for another action is not
            # taken, so a double press meant for that step does not act on this one
            self._guard_until = time.monotonic() + REPEAT_GUARD_SECONDS
            self._guarded = self._inputs(previous) if previous is not None else {}
        self._view = view
        self.phase.setText(view.phase_label)
        self.instruction.setText(view.instruction)
        self._fit_instruction()
        self.order.setText(view.order_text)
        self.order.setVisible(bool(view.order_text))
        if self.blocked.text() != (view.blocked or ""):
            self.blocked.setText(view.blocked or "")
            self._blocked_pt = THEME.body_pt
            self.blocked.setStyleSheet("")
            QTimer.singleShot(0, self._shrink_blocked)
        self.blocked.setVisible(bool(view.blocked))
        self.next.setText(view.next_text)
        self.next.setVisible(bool(view.next_text))
        self.notes.setText("\n".join(view.notes))
        self.notes.setVisible(bool(view.notes))
        self.clause.setText(f"Rule: {view.clause}" if view.clause else "")
        self._rebuild_buttons(view)
        self._rebuild_problems(view)

    def _fit_instruction(self) -> None:
        """The instruction as large as its length allows, then smaller step by step (after each
        layout) while its lines need more height than the panel gives it: never cut."""
        self._instruction_pt = instruction_points(self.instruction.text())
        self.instruction.setStyleSheet(f"font-size: {self._instruction_pt}pt;")
        QTimer.singleShot(0, self._shrink_instruction)

    def _shrink_instruction(self) -> None:
        if _smaller_if_cut(self.instruction, self._instruction_pt, SMALLEST_INSTRUCTION_PT):
            self._instruction_pt -= 1
            QTimer.singleShot(0, self._shrink_instruction)

    def _shrink_blocked(self) -> None:
        """The stop message smaller step by step (after each layout) while its lines need more
        height than the panel gives it, as the instruction does: never cut (a jammed shoe's
        "… Or, once the shoe is cleared by hand: REDEAL." lost its last line at 1280x800)."""
        if _smaller_if_cut(self.blocked, self._blocked_pt, SMALLEST_STOP_PT):
            self._blocked_pt -= 1
            QTimer.singleShot(0, self._shrink_blocked)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size() != event.oldSize() and self.blocked.text():
            self._blocked_pt = THEME.body_pt
            self.blocked.setStyleSheet("")
            QTimer.singleShot(0, self._shrink_blocked)
        if event.size().width() != event.oldSize().width():
            self._fit_instruction()  # another window size: as large as it may be again
        elif event.size().height() < event.oldSize().height():
            QTimer.singleShot(0, self._shrink_instruction)  # less room: smaller if it must

    def _rebuild_problems(self, view: StepView) -> None:
        self.problem_menu.clear()
        for problem in view.problems:
            action = self.problem_menu.addAction(problem.label)
            action.setObjectName(problem.name)
            action.setEnabled(problem.enabled and (problem.recovery or not view.blocked))
            action.triggered.connect(lambda _=False, name=problem.name: self._problem(name))
        self.problem_button.setVisible(bool(view.problems))

    def problem(self, name: str) -> object:
        """The menu entry of problem ``name`` (for tests and the button panel)."""
        return next(a for a in self.problem_menu.actions() if a.objectName() == name)

    def _problem(self, name: str) -> None:
        if self._view is not None and any(p.name == name for p in self._view.problems):
            self.action_triggered.emit(name)

    def _rebuild_buttons(self, view: StepView) -> None:
        for button in self._buttons.values():
            self._button_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        for shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.deleteLater()
        self._buttons = {}
        self._shortcuts = []
        hints = []
        for index, action in enumerate(view.actions):
            button = QPushButton(action.label)
            button.setObjectName("primary" if action.primary else "secondary")
            button.setEnabled(action.enabled)
            button.setMinimumHeight(64 if action.primary else 56)
            # the label may be clipped, the window never widened (1280×800)
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, name=action.name: self._trigger(name))
            self._place_button(button, index, len(view.actions))
            # the label shrinks, or goes onto two lines, to read whole in the room it has
            if index and len(view.actions) > 2:  # a third action: smaller, never off the panel
                fit_button(button, 13, "padding: 4px 8px;")
            else:
                fit_button(button, THEME.button_pt)
            self._buttons[action.name] = button
            keys = [action.key] if action.key else []
            if action.primary:
                keys.append("Return")
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), self.window())
                shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
                shortcut.activated.connect(
                    lambda name=action.name, pressed=key: self._pressed(name, pressed))
                self._shortcuts.append(shortcut)
            # one hint per action: the primary's own key and Enter share it ("L or Enter
            # no more bets · lockout"), one line where two said the same at 1280×800
            pressed = " or ".join([*([action.key] if action.key else []),
                                   *(["Enter"] if action is view.primary else [])])
            if pressed:
                hints.append(f"{pressed} {action.label.lower()}")
        self.keys.setText("keys: " + " · ".join(hints) if hints else "")

    def _place_button(self, button: QPushButton, index: int, count: int) -> None:
        """Up to three actions share one row (the primary one wider); with more (a SURRENDER for
        each waiting position, say) the primary one takes the whole first row and the others
        follow three to a row, so no label is clipped at 1280×800."""
        if count <= _ONE_ROW:
            wide = index == 0 and count == _ONE_ROW
            column = 0 if index == 0 else index + 1 if count == _ONE_ROW else index
            self._button_row.addWidget(button, 0, column, 1, 2 if wide else 1)
            return
        if index == 0:
            self._button_row.addWidget(button, 0, 0, 1, _ONE_ROW)
            return
        row, column = divmod(index - 1, _ONE_ROW)
        self._button_row.addWidget(button, 1 + row, column)

    @staticmethod
    def _inputs(view: StepView) -> dict[str, str]:
        """The keys that act at ``view`` and the action each one performs."""
        inputs = {}
        for action in view.actions:
            if not action.enabled:
                continue
            if action.key:
                inputs[action.key.upper()] = action.name
            if action.primary:
                inputs["RETURN"] = action.name
        return inputs

    def _pressed(self, name: str, key: str) -> None:
        """A key of the step shown. Ignored while the last key's action is still on its way to
        the station (the step it was meant for may be ending) and, just after a new step
        appeared, a key the last step took for another action (T take back, then T turn card:
        a double press must not do both). A tap on a button always acts on the button seen."""
        now = time.monotonic()
        if now < self._in_flight_until:
            return
        meant = self._guarded.get(key.upper())
        if now < self._guard_until and meant is not None and meant != name:
            return
        # until the station answers (at most IN_FLIGHT_SECONDS: a lost answer never leaves the
        # keys dead)
        self._in_flight_until = now + IN_FLIGHT_SECONDS
        self._trigger(name, refused_too=True)

    def snapshot_arrived(self) -> None:
        """The station has answered (a new snapshot is shown): the next press is taken."""
        self._in_flight_until = 0.0

    def _trigger(self, name: str, *, refused_too: bool = False) -> None:
        """Emit ``name`` when its button is enabled; a key (``refused_too``) goes to the station
        even when it is not, so the dealer reads why (payments not ticked off, a device fault,
        the clause that refuses it) instead of nothing happening."""
        if self._view is None:
            return
        action = next((a for a in self._view.actions if a.name == name), None)
        if action is not None and (action.enabled or refused_too):
            self.action_triggered.emit(name)
