"""The step panel: the current instruction in large plain words, the one primary action (and any
alternatives) with their keyboard keys, the positions the step concerns in order, what comes next,
and — when a device fault matters to the step — a stop message saying what to do.

The panel's buttons sit at its bottom edge, the primary action on the last row: the window gives
the panel the same height at every step (see ``ui/main_window.py``), so the primary button keeps
its place under the dealer's finger from step to step while the words above it change. The words
are fitted to the room above the buttons (:meth:`StepPanel.fit`): as large as they fit, smaller
only when they must."""

from __future__ import annotations

import time

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QScroller,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dealer_station.ui.fit import fit_button
from dealer_station.ui.messages import ERROR
from dealer_station.ui.theme import THEME
from dealer_station.ui.view import StepView

__all__ = ["NotesArea", "StepPanel"]


def _step_identity(view: StepView) -> tuple[object, ...]:
    """What makes a step another step: its phase, the positions it asks and its actions."""
    return (view.phase, view.positions, view.instruction, tuple(a.name for a in view.actions))


#: The instruction's smallest type (points), reached only when the panel has no more room.
SMALLEST_INSTRUCTION_PT = 13
#: The smallest type the stop message (a device fault that stops the step) shrinks to.
SMALLEST_STOP_PT = 10
#: The smallest type (instruction, stop message) read comfortably from a standing position:
#: the window gives the panel more height before its words go smaller than this.
COMFORTABLE_PT = (15, THEME.body_pt)
#: How long after a new step a key the last step took for another action is not taken
#: (seconds): longer than a double press, shorter than a dealer's next deliberate one.
REPEAT_GUARD_SECONDS = 0.5
IN_FLIGHT_SECONDS = 1.5
#: The room (lines) the step panel asks for its notes when their whole words do not fit beside a
#: comfortable instruction: the notes scroll in it, the buttons keep their place below.
NOTE_LINES_KEPT = 3
#: How many actions share one row of the step panel.
_ONE_ROW = 3


def _label(name: str, text: str = "", wrap: bool = True) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def _points_style(points: int, largest: int) -> str:
    """The style sheet of a label drawn at ``points`` ("" at its theme size)."""
    return "" if points == largest else f"font-size: {points}pt;"


def _height_at(measure: QLabel, text: str, points: int, width: int) -> int:
    """The height of ``text`` on the hidden label ``measure`` at ``points``, ``width`` wide."""
    measure.setText(text)
    measure.setStyleSheet(f"font-size: {points}pt;")
    measure.ensurePolished()
    return measure.heightForWidth(width)


class NotesArea(QScrollArea):
    """The step's notes (a void's notice with its reason, a refusal, a resumed round's words) in
    a room of their own that scrolls: their words are never cut and never push the step's
    buttons off the panel, however long a supervisor's reason. It asks for their whole height
    (:meth:`whole`) and can make do with :data:`NOTE_LINES_KEPT` lines (:meth:`least`) or, when
    the panel is squeezed further, one; a drag or the scroll bar reads the rest."""

    def __init__(self, label: QLabel) -> None:
        super().__init__()
        self.label = label
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay the window's shortcuts
        self.verticalScrollBar().setStyleSheet("QScrollBar:vertical { width: 18px; }")
        QScroller.grabGesture(self.viewport(),
                              QScroller.ScrollerGestureType.LeftMouseButtonGesture)
        self._width = 0
        self._past = ""
        self._measure = QLabel(self)
        self._measure.setObjectName(label.objectName())
        self._measure.setWordWrap(True)
        self._measure.setTextFormat(label.textFormat())
        self._measure.hide()
        self.verticalScrollBar().rangeChanged.connect(lambda _low, _high: self._scroll())

    def show_notes(self, notes: tuple[str, ...]) -> None:
        """Show ``notes`` (one paragraph each): from their start, or — when they are the notes
        shown plus new ones (a refusal under a void's notice) — from the first new one, so the
        answer to what the dealer just pressed is in view, not scrolled away under an older
        note."""
        before = tuple(self.label.text().split("\n")) if self.label.text() else ()
        text = "\n".join(notes)
        if text == self.label.text():
            return  # the same notes: read where the dealer scrolled them
        self.label.setText(text)
        # the older notes' words, scrolled past (measured as laid out: see _scroll)
        self._past = ("\n".join(before) if before and len(notes) > len(before)
                      and notes[:len(before)] == before else "")
        self.setVisible(bool(notes))
        self.updateGeometry()
        self._scroll()

    def _scroll(self) -> None:
        """Show the notes from their start, or from the first new one: the older notes'
        height at the width the label has now (a scroll bar appearing narrows it, more lines)."""
        past = 0
        if self._past:  # laid out as the label lays its words out, on its hidden twin
            self._measure.setText(self._past)
            self._measure.ensurePolished()
            past = self._measure.heightForWidth(self.label.width())
        bar = self.verticalScrollBar()
        bar.setValue(min(past, bar.maximum()))

    def whole(self, width: int) -> int:
        """The height of the notes' whole words in a room ``width`` pixels wide, measured at
        the width they have beside the scroll bar: a note that fits without the bar only by
        the bar's width was given the room of the wider lines, the bar appeared (the scroll
        area measures the words at the width it has), the words rewrapped narrower and the
        last line was a scroll away with the panel's room to spare ("…create the dealers'"
        under the first supervisor's creation, "accounts." cut)."""
        self.label.ensurePolished()
        bar = self.verticalScrollBar().sizeHint().width()
        return self.label.heightForWidth(max(1, width - bar))

    def least(self, width: int, lines: int = NOTE_LINES_KEPT) -> int:
        """The room the notes ask for when their whole words do not fit: ``lines`` lines (all
        of them when fewer)."""
        self.label.ensurePolished()
        return min(self.whole(width), lines * self.label.fontMetrics().lineSpacing())

    def set_words_width(self, width: int) -> None:
        """The width the notes are measured at (the panel's words' width)."""
        if width != self._width:
            self._width = width
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(self._width, self.whole(self._width or self.width()))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.least(self._width or self.width(), 1))


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
        self._guard_until = 0.0
        self._guarded: dict[str, str] = {}
        self._in_flight_until = 0.0
        self.order = _label("muted")
        self.blocked = _label(ERROR)
        self.blocked.hide()
        #: The type sizes the words are drawn in (points), see :meth:`fit`.
        self._points = (THEME.instruction_pt, THEME.body_pt)
        # hidden twins of the fitted labels: the height of their words at another size is
        # measured on them, so the labels shown change size once, never try sizes on screen
        self._measures = (_label("instruction"), _label(ERROR))
        for measure in self._measures:
            measure.setParent(self)
            measure.hide()
        self._button_row = QGridLayout()
        self._button_row.setSpacing(12)
        self.keys = _label("muted")
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setStyleSheet("color: #2c3a31;")
        self.next = _label("next")
        self.notes = _label("message")
        self.notes_area = NotesArea(self.notes)
        self.notes_area.hide()
        self.clause = _label("muted")
        layout.addLayout(header)
        for widget in (self.instruction, self.order, self.blocked, rule, self.next,
                       self.notes_area, self.clause):
            layout.addWidget(widget)
        layout.addStretch(1)  # the room the words do not take: the buttons stay at the bottom
        layout.addWidget(self.keys)
        layout.addLayout(self._button_row)

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
        self.order.setText(view.order_text)
        self.order.setVisible(bool(view.order_text))
        self.blocked.setText(view.blocked or "")
        self.blocked.setVisible(bool(view.blocked))
        self.next.setText(view.next_text)
        self.next.setVisible(bool(view.next_text))
        self.notes_area.show_notes(tuple(view.notes))
        self.clause.setText(f"Rule: {view.clause}" if view.clause else "")
        self.clause.setVisible(bool(view.clause))  # an empty line took the notes' room
        self._rebuild_buttons(view)
        self._rebuild_problems(view)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()  # the lines shown or hidden count in the height measured now
        self.fit()

    def _sizes_for(self, height: int, width: int,
                   smallest: tuple[int, int] = (SMALLEST_INSTRUCTION_PT, SMALLEST_STOP_PT),
                   ) -> tuple[tuple[int, int], int]:
        """The type sizes (instruction, stop message) the words take in a panel ``width`` ×
        ``height``: the instruction as large as it fits (down to ``smallest[0]``), then the
        stop message smaller (down to ``smallest[1]``); and the height the panel needs with
        them (more than ``height`` when even the smallest type does not fit). The notes are
        counted whole while the words stay at a comfortable size beside them; past that they
        are counted at the room they scroll in (:meth:`NotesArea.least`), so a long note
        never shrinks the instruction nor pushes the buttons down."""
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        words = width - (self.width() - self.contentsRect().width()) - margins.left() \
            - margins.right()
        area = self.notes_area
        area.set_words_width(words)
        labels = tuple(zip((self.instruction, self.blocked), self._measures, strict=True))
        rest = layout.totalHeightForWidth(width) - sum(
            label.heightForWidth(words) for label, _ in labels if not label.isHidden())
        scrolled = rest
        if not area.isHidden():  # the layout counted the notes whole
            scrolled -= area.whole(words) - area.least(words)
        comfortable = (max(smallest[0], COMFORTABLE_PT[0]), max(smallest[1], COMFORTABLE_PT[1]))
        need = rest
        for others, down_to in ((rest, comfortable), (scrolled, smallest)):
            sizes = [(points, THEME.body_pt) for points in
                     range(THEME.instruction_pt, down_to[0] - 1, -1)]
            sizes += [(down_to[0], points) for points in
                      range(THEME.body_pt - 1, down_to[1] - 1, -1)]
            for chosen in sizes:
                need = others + sum(
                    _height_at(measure, label.text(), points, words)
                    for (label, measure), points in zip(labels, chosen, strict=True)
                    if not label.isHidden())
                if need <= height:
                    return chosen, need
        return sizes[-1], need

    def needed_height(self, height: int, *, comfortable: bool = False) -> int:
        """The height the panel needs at its width when it is given ``height``: ``height`` or
        less when its words fit there (shrunk as far as they may — with ``comfortable`` no
        smaller than :data:`COMFORTABLE_PT`), more when they do not."""
        if comfortable:
            return self._sizes_for(height, self.width(), COMFORTABLE_PT)[1]
        return self._sizes_for(height, self.width())[1]

    def fit(self, height: int | None = None) -> None:
        """The words fitted to the panel's height (``height`` when it is about to get it): the
        instruction as large as the room above the buttons allows (a long instruction is drawn
        smaller than a short one; a larger window draws it larger), the stop message at its
        full size unless even the smallest instruction leaves it too little room — never
        cut."""
        points, _need = self._sizes_for(self.height() if height is None else height,
                                        self.width())
        if points != self._points:
            self._points = points
            self.instruction.setStyleSheet(_points_style(points[0], THEME.instruction_pt))
            self.blocked.setStyleSheet(_points_style(points[1], THEME.body_pt))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

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
            button.show()  # now, not when the layout gets to it: its row counts in fit()
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
        """Up to three actions share one row (the primary one, first, wider); with more (a
        SURRENDER for each waiting position, say) the others go three to a row above the
        primary one, which takes the whole last row: the primary button is always at the
        panel's bottom edge, where it was at the last step, and no label is clipped at
        1280×800."""
        if count <= _ONE_ROW:
            wide = index == 0 and count == _ONE_ROW
            column = 0 if index == 0 else index + 1 if count == _ONE_ROW else index
            self._button_row.addWidget(button, 0, column, 1, 2 if wide else 1)
            return
        above = -(-(count - 1) // _ONE_ROW)  # rows of the other actions
        if index == 0:
            self._button_row.addWidget(button, above, 0, 1, _ONE_ROW)
            return
        row, column = divmod(index - 1, _ONE_ROW)
        self._button_row.addWidget(button, row, column)

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
