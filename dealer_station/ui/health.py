"""The bar along the top: game and round, the health of every device link (connected, fault,
reconnecting) always visible, and who is signed in."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from dealer_station.ui.theme import THEME
from dealer_station.ui.view import DeviceHealth, HealthState

__all__ = ["HealthStrip"]

_COLOURS = {
    HealthState.CONNECTED: THEME.ok,
    HealthState.RECONNECTING: THEME.warn,
    HealthState.FAULT: THEME.fault,
    HealthState.OFFLINE: THEME.fault,
    HealthState.NOT_CONFIGURED: THEME.faint,
}


class HealthStrip(QFrame):
    """Title on the left, one coloured dot and word per device, the user on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bar")
        self.setStyleSheet(f"QFrame#bar {{ background: {THEME.bar}; }}")
        self.setFixedHeight(52)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(18, 4, 18, 4)
        self._layout.setSpacing(22)
        self.title = QLabel("")
        self.title.setStyleSheet("font-size: 17pt; font-weight: bold;")
        self._layout.addWidget(self.title)
        self._layout.addStretch(1)
        self._items: list[QLabel] = []
        self._words: list[str] = []
        self._health: tuple[DeviceHealth, ...] = ()
        self._stretch_after = QWidget()
        self._layout.addWidget(self._stretch_after)
        self._layout.addStretch(1)
        self.user = QLabel("")
        self.user.setObjectName("muted")
        self._layout.addWidget(self.user)

    @property
    def health(self) -> tuple[DeviceHealth, ...]:
        return self._health

    def item_text(self) -> list[str]:
        """The words shown for each device (for tests)."""
        return list(self._words)

    def set_title(self, text: str) -> None:
        self.title.setText(text)

    def set_user(self, text: str) -> None:
        self.user.setText(text)

    def set_health(self, items: Sequence[DeviceHealth]) -> None:
        self._health = tuple(items)
        for label in self._items:
            self._layout.removeWidget(label)
            label.hide()
            label.deleteLater()
        self._items = []
        self._words = []
        index = self._layout.indexOf(self._stretch_after)
        for offset, item in enumerate(items):
            colour = _COLOURS[item.state]
            words = item.title
            if item.state is not HealthState.CONNECTED:
                words += f" — {item.state.value}"
            if item.detail:
                words += f" ({item.detail})"
            ink = THEME.text if item.state is HealthState.CONNECTED else colour
            label = QLabel(f'<span style="color:{colour}; font-size: 16pt;">●</span> '
                           f'<span style="color:{ink};">{words}</span>')
            self._words.append(words)
            label.setToolTip(item.detail)
            self._layout.insertWidget(index + offset, label)
            self._items.append(label)
