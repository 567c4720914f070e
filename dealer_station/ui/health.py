"""The bar along the top: game and round, the health of every device link always visible, and
who is signed in.

Each device is one item: a coloured dot, its name and, when it is not connected, a second line
of short words a dealer acts on ("no answer", "jam": :func:`dealer_station.ui.device_words.status`),
never the port or the protocol (those are the technician's: the device list, the trace, the
log). The item's whole sentence (what is wrong and what to do) is its tooltip and, on a tap, a
box over the felt — never over the step panel, whose instruction the dealer is reading. The
bar fits its words at 1280 pixels: the title and the buttons a little smaller, the title on two
lines; a device's words are shortened only past that, never the name on duty's id."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from dealer_station.ui.device_words import advice, status
from dealer_station.ui.elide import elided, head
from dealer_station.ui.theme import THEME, bar_button_style
from dealer_station.ui.view import DeviceHealth, HealthState

__all__ = ["HealthItem", "HealthStrip", "even_shares", "health_words"]

_COLOURS = {
    HealthState.CONNECTED: THEME.ok,
    HealthState.CONNECTING: THEME.warn,
    HealthState.NOT_ANSWERING: THEME.warn,
    HealthState.FAULT: THEME.fault,
    HealthState.OFFLINE: THEME.fault,
    HealthState.NOT_CONFIGURED: THEME.faint,
}

#: How long a tapped device's full words stay shown (milliseconds).
DETAIL_MS = 8000
#: The dot's diameter and the gap after it (pixels).
_DOT, _GAP = 14, 8


def health_words(item: DeviceHealth) -> str:
    """The words for one device on one line: its name and, unless connected, its status in a
    dealer's words (never the technical detail).

    >>> health_words(DeviceHealth("shoe", HealthState.FAULT, "jam", label="Shoe"))
    'Shoe — jam'
    >>> health_words(DeviceHealth("shoe", HealthState.NOT_ANSWERING, "/dev/pts/1: no answer "
    ...                           "from device 1 to command 0x04 after 4 attempts", label="Shoe"))
    'Shoe — no answer'
    """
    said = status(item)
    return f"{item.title} — {said}" if said else item.title


class HealthItem(QWidget):
    """One device: a coloured dot, its name and (unless connected) its status on a second line,
    each line elided to the width it is given only when the bar has no room left (down to the
    device's name); its sentence for the dealer is the tooltip and, on a tap, the strip's
    detail box."""

    tapped = Signal(QWidget)  # this HealthItem (a class cannot name itself in its own body)

    def __init__(self, item: DeviceHealth, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item = item
        self.words = health_words(item)
        #: The lines drawn: the name, and the status under it.
        self.lines = tuple(line for line in (item.title, status(item)) if line)
        #: What the dealer does about it (the tooltip and the tap box).
        self.advice = advice(item) or item.title
        self.colour = _COLOURS[item.state]
        self.ink = THEME.text if item.state is HealthState.CONNECTED else self.colour
        self.setToolTip(self.advice)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def _room(self) -> int:
        return self.width() - _DOT - _GAP

    def shown_lines(self) -> tuple[str, ...]:
        metrics = self.fontMetrics()
        return tuple(elided(line, metrics, self._room()) for line in self.lines)

    def shown_words(self) -> str:
        """The words as drawn at the current width, the lines joined with " — " (elided with …
        when they do not fit)."""
        return " — ".join(self.shown_lines())

    @property
    def elided(self) -> bool:
        return self.shown_lines() != self.lines

    def _whole_width(self) -> int:
        metrics = self.fontMetrics()
        return _DOT + _GAP + max(metrics.horizontalAdvance(line) for line in self.lines) + 2

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(self._whole_width(), max(_DOT, metrics.height() * len(self.lines)))

    def name_width(self) -> int:
        """The width of the device's name and status whole: what the bar makes room for
        before it shortens anything else."""
        return self._whole_width()

    def minimumSizeHint(self) -> QSize:
        """Room for the start of the device's name: the words are shortened from the end, and
        the tooltip (and a tap) give the sentence whole."""
        metrics = self.fontMetrics()
        return QSize(_DOT + _GAP + metrics.horizontalAdvance(head(self.lines[0])) + 2,
                     max(_DOT, metrics.height() * len(self.lines)))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        middle = self.height() // 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(self.colour))
        painter.drawEllipse(QPoint(_DOT // 2, middle), _DOT // 2, _DOT // 2)
        painter.setFont(self.font())
        lines = self.shown_lines()
        height = self.fontMetrics().height()
        top = (self.height() - height * len(lines)) // 2
        for number, line in enumerate(lines):
            # the name in the text's colour, the status under it in the state's
            painter.setPen(QColor(THEME.text if number == 0 else self.ink))
            painter.drawText(_DOT + _GAP, top + number * height, self._room(), height,
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                             line)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.tapped.emit(self)
        event.accept()


#: The bar's title, its buttons' type (points) and their side padding (pixels): full size and
#: compact (a narrow bar), by ``compact``.
TITLE_PT = {False: 15, True: 13}
BUTTON_PT = {False: 12, True: 11}
BUTTON_PADDING = {False: 10, True: 6}


def _title_style(*, compact: bool) -> str:
    return f"font-size: {TITLE_PT[compact]}pt; font-weight: bold;"


def _advance(widget: QLabel | QPushButton, points: int) -> int:
    """The width of ``widget``'s text (its widest line) in its font at ``points``."""
    font = QFont(widget.font())
    font.setPointSize(points)
    metrics = QFontMetrics(font)
    return max((metrics.horizontalAdvance(line) for line in widget.text().splitlines()),
               default=0)


def even_shares(needs: Sequence[int], room: int) -> list[int]:
    """``room`` shared among ``needs``: each gets what it needs or an even share of what is
    left after the smaller needs, whichever is less (the largest needs give way first).

    >>> even_shares([60, 180, 900], 600)
    [60, 180, 360]
    >>> even_shares([60, 180], 600)
    [60, 180]
    """
    shares = [0] * len(needs)
    left = max(0, room)
    for rank, index in enumerate(sorted(range(len(needs)), key=lambda i: needs[i])):
        shares[index] = min(needs[index], left // (len(needs) - rank))
        left -= shares[index]
    return shares


#: The widest the on-duty name line may be (pixels): the bar has no room for more at 1280.
ON_DUTY_PIXELS = 110


def fit_on_duty(who: str, metrics: QFontMetrics, room: int = ON_DUTY_PIXELS) -> str:
    """``Name (id)`` in at most ``room`` pixels of ``metrics``' font: the name is elided,
    never the id."""
    if metrics.horizontalAdvance(who) <= room or not who.endswith(")") or " (" not in who:
        return who
    name, _, rest = who.rpartition(" (")
    tail = f" ({rest}"
    left = max(metrics.horizontalAdvance("M…"), room - metrics.horizontalAdvance(tail))
    return metrics.elidedText(name, Qt.TextElideMode.ElideRight, left) + tail


class HealthStrip(QFrame):
    """Title on the left, one coloured dot and word per device, the dealer on duty and SIGN
    OUT on the right (:attr:`sign_out_requested`)."""

    sign_out_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bar")
        self.setStyleSheet(f"QFrame#bar {{ background: {THEME.bar}; }}")
        self.setFixedHeight(52)
        # the bar takes the window's width, never sets it: nothing in it widens the window
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(12, 4, 12, 4)
        self._layout.setSpacing(8)
        self.title = QLabel("")
        self._title_text = ""
        #: Narrow bar (1280 pixels): the title and the bar's buttons a little smaller, so the
        #: devices' names read whole (:meth:`fit`).
        self.compact = False
        self._buttons: dict[QPushButton, str] = {}  # each bar button and its background
        self.title.setStyleSheet(_title_style(compact=False))
        # the game and round read whole; the devices' words give way first
        self.title.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        self._layout.addWidget(self.title)
        self._layout.addStretch(1)
        self.on_duty = ""
        self._on_duty_short = ""
        self._items: list[HealthItem] = []
        self._words: list[str] = []
        self._health: tuple[DeviceHealth, ...] = ()
        self._stretch_after = QWidget()
        self._stretch_after.setFixedWidth(0)
        self._layout.addWidget(self._stretch_after)
        self._layout.addStretch(1)
        #: A tapped device's full words, in a box under the bar (over the window, never
        #: widening it); hidden after :data:`DETAIL_MS` or by a tap on it.
        self.detail = QLabel("")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setStyleSheet(f"background: {THEME.panel}; border: 2px solid {THEME.warn}; "
                                  "border-radius: 8px; padding: 10px;")
        self.detail.hide()
        self.detail.mousePressEvent = lambda _event: self.detail.hide()  # type: ignore[method-assign]
        self._detail_name = ""
        #: Where the box may go, in the window's coordinates (the felt): set by the window.
        self.detail_room: Callable[[], QRect] | None = None
        self._detail_timer = QTimer(self)
        self._detail_timer.setSingleShot(True)
        self._detail_timer.setInterval(DETAIL_MS)
        self._detail_timer.timeout.connect(self.detail.hide)
        #: Who is on duty, on the SIGN OUT button itself (two short lines: the bar has no
        #: room for a label beside it at 1280 pixels).
        self.sign_out_button = QPushButton("SIGN OUT")
        self.sign_out_button.setStyleSheet(
            "QPushButton { min-height: 36px; max-height: 44px; padding: 0px 8px; "
            "font-size: 10pt; line-height: 100%; }")
        self.sign_out_button.setFixedHeight(44)
        self.sign_out_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.sign_out_button.clicked.connect(self.sign_out_requested)
        self.sign_out_button.hide()
        self._layout.addWidget(self.sign_out_button)

    @property
    def health(self) -> tuple[DeviceHealth, ...]:
        return self._health

    @property
    def items(self) -> tuple[HealthItem, ...]:
        return tuple(self._items)

    def item_text(self) -> list[str]:
        """The words shown for each device (for tests)."""
        return list(self._words)

    def set_title(self, text: str) -> None:
        """The game and round ("PAI GOW POKER · Round 9"), on two lines in a narrow bar."""
        self._title_text = text
        self._show_title()
        self.fit()

    def _show_title(self) -> None:
        self.title.setText(self._title_text.replace(" · ", "\n") if self.compact
                           else self._title_text)

    def add_button(self, button: QPushButton, background: str = "",
                   before: QWidget | None = None) -> None:
        """Put ``button`` in the bar (before ``before`` when that is in the bar), in the bar's
        style (``background`` its colour), made smaller with the bar when it is narrow."""
        self._buttons[button] = background
        button.setStyleSheet(bar_button_style(background, compact=self.compact))
        button.setFixedHeight(40)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay the dealer's
        index = self._layout.indexOf(before) if before is not None else -1
        if index >= 0:
            self._layout.insertWidget(index, button)
        else:
            self._layout.addWidget(button)
        self.fit()

    def _laid_out(self) -> list[QWidget]:
        """The bar's widgets the layout spaces out: all but the hidden ones (a device item
        just added, not yet shown, counts; a stretch does not)."""
        widgets = []
        for index in range(self._layout.count()):
            item = self._layout.itemAt(index)
            widget = item.widget() if item is not None else None
            if widget is not None and not (
                    widget.isHidden()
                    and widget.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)):
                widgets.append(widget)
        return widgets

    def _room(self, widgets: Sequence[QWidget]) -> int:
        """The bar's width less its margins and the spacing between ``widgets``."""
        margins = self._layout.contentsMargins()
        return (self.width() - margins.left() - margins.right()
                - self._layout.spacing() * max(0, len(widgets) - 1))

    def roomy_width(self) -> int:
        """The width the bar's contents take at full size (the title at its full type, every
        device's name and state, each button at its full type and padding) and its margins
        and spacing."""
        widgets = self._laid_out()
        total = self.width() - self._room(widgets)
        for widget in widgets:
            widget.ensurePolished()
            # a device: its name and state (a long detail is shortened, never made room for)
            if isinstance(widget, HealthItem):
                total += widget.name_width()
            elif widget is self.sign_out_button:
                total += self._whole_on_duty_width()  # the name on duty reads whole too
            else:
                total += max(0, widget.sizeHint().width())
            if not self.compact:
                continue
            if widget is self.title:  # on one line at its full type
                font = QFont(self.title.font())
                font.setPointSize(TITLE_PT[False])
                total += (QFontMetrics(font).horizontalAdvance(self._title_text)
                          - _advance(self.title, TITLE_PT[True]))
            elif isinstance(widget, QPushButton) and widget in self._buttons:
                total += (_advance(widget, BUTTON_PT[False]) - _advance(widget, BUTTON_PT[True])
                          + 2 * (BUTTON_PADDING[False] - BUTTON_PADDING[True]))
        return total

    def fit(self) -> None:
        """Compact when the bar's contents at full size do not fit its width (else the
        devices' names would be shortened with …), full size again when they do; then the
        devices' room shared out."""
        compact = self.roomy_width() > self.width() > 0
        if compact != self.compact:
            self.compact = compact
            self.title.setStyleSheet(_title_style(compact=compact))
            self._show_title()
            for button, background in self._buttons.items():
                button.setStyleSheet(bar_button_style(background, compact=compact))
        self._give_on_duty_room()
        self._share_device_room()

    def _share_device_room(self) -> None:
        """The devices' room shared so that a long status is shortened first: each device is
        given at most an even share of what is left, the short ones their whole words and
        the rest to the long ones (else the layout would shorten every name a little)."""
        widgets = self._laid_out()
        room = self._room(widgets) - sum(max(0, widget.sizeHint().width()) for widget in widgets
                                         if not isinstance(widget, HealthItem))
        for item, width in zip(self._items, even_shares(
                [item.sizeHint().width() for item in self._items], room), strict=True):
            item.setMaximumWidth(max(width, item.minimumSizeHint().width()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()

    def set_user(self, text: str, short: str = "") -> None:
        """Who is signed in as the dealer on duty (``text`` in full, the button's tooltip;
        ``short`` on the button above SIGN OUT); "" when nobody: the button is hidden."""
        self.on_duty = text
        self._on_duty_short = short or text
        self._name_on_duty(ON_DUTY_PIXELS)
        self.sign_out_button.setToolTip(f"On duty: {text}. SIGN OUT: the dealer signs out; a "
                                        "round in progress waits where it stands" if text
                                        else "")
        self.sign_out_button.setVisible(bool(text))
        self.fit()

    def _name_on_duty(self, room: int) -> None:
        """The on-duty name on the SIGN OUT button in at most ``room`` pixels."""
        self.sign_out_button.ensurePolished()  # its style sheet's font measures the name
        shown = fit_on_duty(self._on_duty_short, self.sign_out_button.fontMetrics(), room)
        text = f"{shown}\nSIGN OUT" if shown else "SIGN OUT"
        # the words it would read whole: what a check of shortened words compares with
        self.sign_out_button.setProperty(
            "whole", f"{self._on_duty_short}\nSIGN OUT" if self._on_duty_short else "SIGN OUT")
        if text != self.sign_out_button.text():
            self.sign_out_button.setText(text)

    def _on_duty_chrome(self) -> int:
        """The SIGN OUT button's width less its widest line's (its padding and frame)."""
        button = self.sign_out_button
        button.ensurePolished()
        metrics = button.fontMetrics()
        lines = button.text().splitlines() or [""]
        return button.sizeHint().width() - max(metrics.horizontalAdvance(line) for line in lines)

    def _whole_on_duty_width(self) -> int:
        """The SIGN OUT button's width with the name on duty whole above SIGN OUT."""
        metrics = self.sign_out_button.fontMetrics()
        return self._on_duty_chrome() + max(metrics.horizontalAdvance(self._on_duty_short),
                                            metrics.horizontalAdvance("SIGN OUT"))

    def _give_on_duty_room(self) -> None:
        """The name on duty as whole as the bar's room allows once every device's name and
        state are whole (at least :data:`ON_DUTY_PIXELS`; the whole name is the tooltip)."""
        button = self.sign_out_button
        if not self._on_duty_short:
            return
        widgets = self._laid_out()
        # a device's detail gives way first
        free = self._room(widgets) - self._on_duty_chrome() - sum(
            w.name_width() if isinstance(w, HealthItem) else max(0, w.sizeHint().width())
            for w in widgets if w is not button)
        self._name_on_duty(max(ON_DUTY_PIXELS, free))

    def show_detail(self, item: HealthItem) -> None:
        """Show ``item``'s full words under the bar, within the window."""
        window = self.window()
        if self.detail.parent() is not window:
            self.detail.setParent(window)
        self._detail_name = item.item.name
        self._place_detail(item)
        self.detail.show()
        self.detail.raise_()
        self._detail_timer.start()

    def hide_detail(self) -> None:
        """Close the tapped device's box (a screen or panel opened over the dealer's)."""
        self._detail_timer.stop()
        self.detail.hide()

    def _place_detail(self, item: HealthItem, *, move: bool = True) -> None:
        """The box sized to ``item``'s words (as many lines as they take, within the window's
        width) under the item: again whenever the words change while it is shown, so the box
        never cuts new, longer words."""
        window = self.window()
        room = max(200, window.width() - 40)
        left, right = 10, window.width() - 10
        if self.detail_room is not None:  # over the felt, never over the step's instruction
            felt = self.detail_room()
            left, right = felt.left() + 10, felt.right() - 10
            room = max(200, right - left)
        self.detail.setText(item.advice)
        words = self.detail.fontMetrics().horizontalAdvance(item.advice) + 40
        self.detail.setFixedWidth(min(room, max(300, words)))
        self.detail.setFixedHeight(self.detail.heightForWidth(self.detail.width()))
        corner = item.mapTo(window, QPoint(0, item.height() + 8)) if move else self.detail.pos()
        x = max(left, min(corner.x(), right - self.detail.width()))
        self.detail.move(x, self.mapTo(window, QPoint(0, self.height())).y() + 4)

    def set_health(self, items: Sequence[DeviceHealth]) -> None:
        self._health = tuple(items)
        shown = self._detail_name if self.detail.isVisible() else None
        for widget in self._items:
            self._layout.removeWidget(widget)
            widget.hide()
            widget.deleteLater()
        self._items = []
        self._words = []
        index = self._layout.indexOf(self._stretch_after)
        font = QFont(self.font())
        for offset, item in enumerate(items):
            widget = HealthItem(item)
            widget.setFont(font)
            widget.tapped.connect(self.show_detail)
            self._words.append(widget.words)
            self._layout.insertWidget(index + offset, widget)
            self._items.append(widget)
            if item.name == shown and not status(item):
                self.detail.hide()  # the device is back: no words left to read
            elif item.name == shown:
                # the device's new words, still shown whole where they were
                self._place_detail(widget, move=False)
        if shown is not None and shown not in {item.name for item in items}:
            self.detail.hide()
        self.fit()
