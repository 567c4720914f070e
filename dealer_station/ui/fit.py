"""Text that always reads whole in the room a widget is given: a push button's label shrinks
(and, when shrinking alone is not enough, goes onto two lines) instead of being cut at both
ends ("R'S HAND SET BY HOUS"), recomputed whenever the button is resized, so the same screen
reads whole at 1280×800 and 1920×1080.

>>> two_lines("DEALER'S HAND SET BY HOUSE WAY")
("DEALER'S HAND", 'SET BY HOUSE WAY')
>>> two_lines("SHUFFLED")
('SHUFFLED',)
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QPushButton, QStyle, QStyleOptionButton

from dealer_station.ui.theme import disabled_button_rule

__all__ = ["ButtonTextFit", "fit_button", "relabel", "two_lines"]

#: The smallest type a button label is drawn in before it goes onto two lines (points).
ONE_LINE_MINIMUM = 13
#: The smallest type at all (points): still readable from a standing position.
MINIMUM_POINTS = 10


def two_lines(text: str) -> tuple[str, ...]:
    """``text`` broken at the space that makes its longer line shortest (one line when it has
    no space)."""
    words = text.split(" ")
    if len(words) < 2:
        return (text,)
    best = min(range(1, len(words)),
               key=lambda cut: max(len(" ".join(words[:cut])), len(" ".join(words[cut:]))))
    return " ".join(words[:best]), " ".join(words[best:])


def _fits(font: QFont, points: int, lines: tuple[str, ...], width: int, height: int) -> bool:
    sized = QFont(font)
    sized.setPointSize(points)
    metrics = QFontMetrics(sized)
    return (max(metrics.horizontalAdvance(line) for line in lines) <= width
            and metrics.lineSpacing() * len(lines) <= height)


class ButtonTextFit(QObject):
    """Keeps ``button``'s label whole: drawn at ``points`` when it fits the button's contents
    (its style-sheet padding honoured), else smaller, else on two lines; ``style`` is the
    button's own style sheet besides the type size. The full label stays the accessible name
    and the tooltip."""

    def __init__(self, button: QPushButton, points: int, style: str = "",
                 one_line_minimum: int = ONE_LINE_MINIMUM) -> None:
        super().__init__(button)
        self.button = button
        self.points = points
        self.style = style
        self.one_line_minimum = one_line_minimum
        self.label = button.text()
        self._applied: tuple[int, tuple[str, ...]] | None = None
        button.setAccessibleName(self.label)
        button.installEventFilter(self)
        self.fit()

    def set_label(self, text: str) -> None:
        self.label = text
        self.button.setAccessibleName(text)
        self._applied = None
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.button and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self.fit()
        return False

    def _room(self) -> tuple[int, int]:
        option = QStyleOptionButton()
        self.button.initStyleOption(option)
        rect = self.button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents,
                                                  option, self.button)
        return rect.width() - 4, rect.height()

    def fit(self) -> None:
        width, height = self._room()
        if width <= 0 or height <= 0:
            return
        font = self.button.font()
        one = (self.label,)
        choice: tuple[int, tuple[str, ...]] | None = None
        for points in range(self.points, self.one_line_minimum - 1, -1):
            if _fits(font, points, one, width, height):
                choice = (points, one)
                break
        if choice is None:
            lines = two_lines(self.label)
            for points in range(self.points, MINIMUM_POINTS - 1, -1):
                if _fits(font, points, lines, width, height):
                    choice = (points, lines)
                    break
        if choice is None:
            choice = (MINIMUM_POINTS, two_lines(self.label))
        if choice == self._applied:
            return
        self._applied = choice
        points, lines = choice
        sheet = f"QPushButton {{ {self.style} font-size: {points}pt; }}"
        if "background" in self.style:  # its own colour: dimmed too when disabled
            sheet += f" {disabled_button_rule()}"
        self.button.setStyleSheet(sheet)
        self.button.setText("\n".join(lines))
        self.button.setToolTip(self.label if len(lines) > 1 or points < self.points else "")


def fit_button(button: QPushButton, points: int, style: str = "",
               one_line_minimum: int = ONE_LINE_MINIMUM) -> ButtonTextFit:
    """Keep ``button``'s label whole (see :class:`ButtonTextFit`); ``one_line_minimum``: the
    smallest type tried on one line before two lines."""
    return ButtonTextFit(button, points, style, one_line_minimum)


def relabel(button: QPushButton, text: str) -> None:
    """Give ``button`` a new label, through its fit when it has one (a plain ``setText`` would
    be undone by the fit's next resize)."""
    fit = button.findChild(ButtonTextFit)
    if fit is None:
        button.setText(text)
    elif text != fit.label:
        fit.set_label(text)
