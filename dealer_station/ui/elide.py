"""Text that can be long and must never cut or widen a screen — a device's fault in its own
words, an error's words: drawn on one line, shortened with … to the width it is given, the
whole text in the tooltip and shown by a tap (a touch screen has no hover). It asks for its
whole width but makes do with the first few characters, so neither its layout nor the window
grows for it.

Used by the dealer's top bar (each device's item) and by every label that shows a device's
status or an error's words.

>>> from PySide6.QtWidgets import QApplication
>>> application = QApplication.instance() or QApplication([])
>>> from PySide6.QtGui import QFont, QFontMetrics
>>> metrics = QFontMetrics(QFont())
>>> elided("Shoe", metrics, 1000)
'Shoe'
>>> short = elided("Shoe — no answer from the shoe", metrics, 60)
>>> short.startswith("Sh") and short.endswith("…") and metrics.horizontalAdvance(short) <= 60
True
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolTip, QWidget

__all__ = ["MINIMUM_CHARACTERS", "ElidedLabel", "elided", "head"]

#: The fewest characters shown before the ellipsis ("Accep…").
MINIMUM_CHARACTERS = 5


def elided(text: str, metrics: QFontMetrics, room: int) -> str:
    """``text`` on one line in at most ``room`` pixels of ``metrics``' font: whole when it
    fits, else cut at the end with …."""
    return metrics.elidedText(" ".join(text.split()), Qt.TextElideMode.ElideRight, max(0, room))


def head(text: str) -> str:
    """The least of ``text`` ever shown: its first :data:`MINIMUM_CHARACTERS` characters."""
    return text if len(text) <= MINIMUM_CHARACTERS else text[:MINIMUM_CHARACTERS] + "…"


class ElidedLabel(QLabel):
    """A one-line label for a device's status or an error's words: :meth:`setText` takes the
    whole text, the label draws as much as its width holds (… at the end), and the whole text is
    its tooltip and :attr:`whole`; a tap shows it at once. With ``points`` (largest, smallest)
    it first draws the words in smaller type, down to the smallest, and shortens them only
    below that; its height stays the largest type's, so nothing under it moves."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *,
                 points: tuple[int, int] | None = None) -> None:
        super().__init__(parent)
        self.whole = ""
        self._points = points
        self._drawn_pt = points[0] if points is not None else 0
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:
        self.whole = text
        self.setToolTip(text)
        self._shorten()
        self.updateGeometry()

    @property
    def shortened(self) -> bool:
        """The label shows less than its whole text."""
        return super().text() != " ".join(self.whole.split())

    def _room(self) -> int:
        margins = self.contentsMargins()
        return (self.width() - margins.left() - margins.right() - 2 * self.margin()
                - max(0, self.indent()))

    def _shorten(self) -> None:
        if self._points is not None:
            self._fit_points(self._points)
        super().setText(elided(self.whole, self.fontMetrics(), self._room()))

    def _sized(self, points: int) -> QFont:
        font = QFont(self.font())
        font.setPointSize(points)
        return font

    def _fit_points(self, points: tuple[int, int]) -> None:
        """The largest type of ``points`` the whole words fit in on one line."""
        largest, smallest = points
        words = " ".join(self.whole.split())
        chosen = next((size for size in range(largest, smallest, -1)
                       if QFontMetrics(self._sized(size)).horizontalAdvance(words)
                       <= self._room()), smallest)
        if chosen != self._drawn_pt:
            self._drawn_pt = chosen
            self.setStyleSheet("" if chosen == largest else f"font-size: {chosen}pt;")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._shorten()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._shorten()  # a style sheet's font: measured again

    def _size(self, text: str) -> QSize:
        margins = self.contentsMargins()
        metrics = self.fontMetrics()
        # as tall as the largest type, whatever the type drawn
        tall = (QFontMetrics(self._sized(self._points[0])) if self._points is not None
                else metrics)
        return QSize(metrics.horizontalAdvance(text) + margins.left() + margins.right()
                     + 2 * self.margin() + max(0, self.indent()) + 2,
                     tall.height() + margins.top() + margins.bottom() + 2 * self.margin())

    def sizeHint(self) -> QSize:
        return self._size(" ".join(self.whole.split()))

    def minimumSizeHint(self) -> QSize:
        return self._size(head(" ".join(self.whole.split())))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.shortened:  # a touch screen has no hover: a tap shows the whole text
            QToolTip.showText(event.globalPosition().toPoint(), self.whole, self)
        super().mousePressEvent(event)
