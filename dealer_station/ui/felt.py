"""The table view: the felt as the dealer sees it, drawn from a :class:`TableView`.

Each betting position shows its wagers per betting area (chips with amounts), the acceptor light,
its cards (face down until exposed), its decision and result; the position asked now is ringed,
the next one marked. The centre holds the community cards (Let It Ride) or the dealer's hand
(Pai Gow); the lockout state and the progressive meter sit in the corners; the chip tray nearest.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_station.cards import Card
from dealer_station.money import Cents, format_cents
from dealer_station.ui.card_art import CARD_ASPECT, index_box, paint_card, paint_slot
from dealer_station.ui.layout import felt_layout
from dealer_station.ui.theme import THEME
from dealer_station.ui.view import Light, SeatView, TableView, WagerView

__all__ = ["CAPTION_MIN_PX", "Drawn", "FeltView", "caption_boxes", "chip_text", "fit_words",
           "lockout_badge"]

#: The smallest type a chip's caption ("1", "bonus", "3-card") is written in: below it the
#: captions were a cramped blur at 1280x800.
CAPTION_MIN_PX = 10.0


@dataclass(frozen=True, slots=True)
class Drawn:
    """Something the felt drew last, where a person must read it: a card (``box``: the card,
    ``ink``: its rank's box, which must stay uncovered) or a chip's caption (``box`` = ``ink``:
    its words, ``px`` their size), in the position ``seat`` (its key; "community")."""

    kind: str
    seat: str
    text: str
    box: QRectF
    ink: QRectF
    px: float = 0.0


def chip_text(amount: Cents) -> str:
    """What a chip shows: whole dollars plainly, cents only when there are some.

    >>> chip_text(2500), chip_text(150), chip_text(500000)
    ('25', '1.50', '5K')
    """
    if amount % 100:
        return f"{amount / 100:.2f}"
    whole = amount // 100
    if whole >= 1000 and whole % 1000 == 0:
        return f"{whole // 1000}K"
    return str(whole)


_LIGHT_COLOURS = {
    Light.ON: THEME.warn,
    Light.FLASHING: THEME.current,
    Light.ATTRACT: THEME.next,
    Light.LATE: THEME.fault,
    Light.RETURN: THEME.fault,
}
_LIGHT_WORDS = {
    Light.ON: "lit",
    Light.FLASHING: "flash",
    Light.ATTRACT: "attract",
    Light.LATE: "LATE",
    Light.RETURN: "RETURN",
}



#: The smallest type a badge on the felt shrinks to before its words are shortened with "…".
BADGE_MIN_PX = 10.0


def lockout_badge(view: TableView) -> str:
    """The words of the felt's lockout badge: LOCKOUT ON, BETS OPEN, or — between rounds,
    while the next round's betting waits for START ROUND or for the last round's money to be
    settled — NO BETS with what waits (never BETS OPEN then).

    >>> lockout_badge(TableView("let_it_ride", "LET IT RIDE", (), lockout=False))
    'BETS OPEN'
    >>> lockout_badge(TableView("let_it_ride", "LET IT RIDE", (), lockout=False,
    ...                         betting_waits="2 payments to tick"))
    'NO BETS · 2 payments to tick'
    """
    if view.betting_waits:
        text = f"NO BETS · {view.betting_waits}"
    else:
        text = "LOCKOUT ON" if view.lockout else "BETS OPEN"
    return f"{text} · {view.lockout_note}" if view.lockout_note else text


def fit_words(text: str, room: float, px: float, bold: bool = False) -> tuple[QFont, str]:
    """The font and the words of a badge drawn ``room`` pixels wide at most: the type shrinks
    from ``px`` until the whole text fits (the lockout badge's "LOCKOUT ON · 1 progressive
    light(s) lit" beside the meter's at 1280x800); only below :data:`BADGE_MIN_PX` is the text
    shortened, with "…" (never cut at both ends)."""
    size = px
    while True:
        font = QFont(THEME.font_family)
        font.setPixelSize(max(1, round(size)))
        font.setBold(bold)
        metrics = QFontMetricsF(font)
        if metrics.horizontalAdvance(text) <= room:
            return font, text
        if size - 1 < BADGE_MIN_PX:
            return font, metrics.elidedText(text, Qt.TextElideMode.ElideRight, max(room, 0.0))
        size -= 1


def caption_boxes(labels: list[str], left: float, top: float, step: float,
                  metrics: QFontMetricsF, right: float | None = None) -> list[QRectF]:
    """Where each chip's caption ("1", "bonus", "3-card"...) is written under a row of chips
    ``step`` apart from ``left``: the box its text takes, centred under its chip. When a caption
    is wider than its chip's room (five wagers on a narrow position), the captions alternate
    between two lines, so that neighbours on a line are two chips apart and never run into
    each other ("bonus" and "3-card" read whole, not "ıonus-can")."""
    widths = [metrics.horizontalAdvance(label) for label in labels]
    staggered = any(width > step for width in widths)
    line = metrics.height()
    boxes = []
    for index, width in enumerate(widths):
        centre = left + step * (index + 0.5)
        row = index % 2 if staggered else 0
        x = centre - width / 2
        if right is not None:  # the end captions kept within the position ("bonus" past it)
            x = max(left, min(x, right - width))
        boxes.append(QRectF(x, top + row * line, width, line))
    return boxes

class FeltView(QWidget):
    """Draws the table; a tap on a position emits :attr:`seat_clicked` with its key."""

    seat_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: TableView | None = None
        self._seat_rects: dict[str, QRectF] = {}
        self._cached: tuple[tuple[int, int, float], QPixmap] | None = None
        #: The cards and chip captions of the last paint, in the order drawn (a later card
        #: covers an earlier one): what the window-size checks read (tests/gui/clipped_text.py).
        self.drawn: list[Drawn] = []
        self._seat_key = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(640, 420)
        self.setObjectName("felt")

    # ---------------------------------------------------------------- state
    @property
    def view(self) -> TableView | None:
        return self._view

    def set_view(self, view: TableView) -> None:
        self._view = view
        self.update()

    def seat_rect(self, key: str) -> QRectF:
        """Where position ``key`` is drawn (for taps and tests)."""
        self._layout_seats()
        return self._seat_rects[key]

    def sizeHint(self) -> QSize:
        return QSize(860, 700)

    # ---------------------------------------------------------------- input
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._layout_seats()
        for key, rect in self._seat_rects.items():
            if rect.contains(event.position()):
                self.seat_clicked.emit(key)
                return
        super().mousePressEvent(event)

    # ---------------------------------------------------------------- drawing
    def _players(self) -> list[SeatView]:
        assert self._view is not None
        return [s for s in self._view.seats if not s.is_dealer]

    def _dealer(self) -> SeatView | None:
        assert self._view is not None
        return next((s for s in self._view.seats if s.is_dealer), None)

    def _layout_seats(self) -> None:
        self._seat_rects = {}
        if self._view is None:
            return
        players = self._players()
        layout = felt_layout(len(players), dealer_hand=self._dealer() is not None)
        w, h = self.width(), self.height()
        sw, sh = layout.seat_size[0] * w, layout.seat_size[1] * h
        sw = min(sw, sh * 1.15)
        for seat, (x, y) in zip(players, layout.seats, strict=False):
            left = min(max(4.0, x * w - sw / 2), w - sw - 4.0)  # whole seats, even when narrow
            self._seat_rects[seat.key] = QRectF(left, y * h - sh / 2, sw, sh)
        dealer = self._dealer()
        if dealer is not None:
            cw = min(w * 0.36, sh * 1.7)
            cx, cy = layout.centre
            self._seat_rects[dealer.key] = QRectF(cx * w - cw / 2, cy * h - sh / 2, cw, sh)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.drawPixmap(0, 0, self._background())
        if self._view is None:
            painter.end()
            return
        self._layout_seats()
        self.drawn = []
        for seat in self._players():
            self._paint_seat(painter, self._seat_rects[seat.key], seat)
        dealer = self._dealer()
        if dealer is not None:
            self._paint_seat(painter, self._seat_rects[dealer.key], dealer)
        else:
            self._paint_community(painter)
        self._paint_badges(painter)
        painter.end()

    def _background(self) -> QPixmap:
        """The felt and the chip tray, drawn once per size."""
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio)
        if self._cached is None or self._cached[0] != key:
            pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(QColor(THEME.background))
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self._paint_felt(painter)
            painter.end()
            self._cached = (key, pixmap)
        return self._cached[1]

    def _paint_felt(self, painter: QPainter) -> None:
        w, h = self.width(), self.height()
        path = QPainterPath()
        rect = QRectF(-w * 0.02, h * 0.06, w * 1.04, h * 1.84)
        path.moveTo(rect.left(), h * 0.985)
        path.arcTo(rect, 180.0, -180.0)
        path.lineTo(rect.left(), h * 0.985)
        painter.setBrush(QColor(THEME.felt))
        painter.setPen(QPen(QColor(THEME.felt_edge), max(4.0, w * 0.008)))
        painter.drawPath(path)
        # The chip tray, nearest the dealer.
        layout = felt_layout(7, dealer_hand=False)
        tw, th = w * 0.34, h * 0.055
        tray = QRectF(layout.tray[0] * w - tw / 2, layout.tray[1] * h - th / 2, tw, th)
        painter.setBrush(QColor(THEME.tray))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(tray, 6, 6)
        painter.setPen(QColor(THEME.chip))
        painter.setFont(self._font(th * 0.38))
        painter.drawText(tray, Qt.AlignmentFlag.AlignCenter, "CHIP TRAY  ·  dealer")

    def _font(self, px: float, bold: bool = False) -> QFont:
        font = QFont(THEME.font_family)
        font.setPixelSize(max(8, round(px)))
        font.setBold(bold)
        return font

    def _paint_seat(self, painter: QPainter, rect: QRectF, seat: SeatView) -> None:
        self._seat_key = seat.key
        painter.save()
        fill = THEME.seat if seat.active or seat.is_dealer else THEME.seat_empty
        painter.setBrush(QColor(fill))
        if seat.order == 0:
            painter.setPen(QPen(QColor(THEME.current), 5.0))
        elif seat.order == 1:
            painter.setPen(QPen(QColor(THEME.next), 3.5))
        elif seat.order is not None:
            painter.setPen(QPen(QColor(THEME.muted), 1.5, Qt.PenStyle.DashLine))
        else:
            painter.setPen(QPen(QColor(THEME.felt_edge), 1.0))
        painter.drawRoundedRect(rect, 10, 10)
        pad = rect.width() * 0.05
        unit = rect.height()
        # Number (or "Dealer") top left.
        painter.setPen(QColor(THEME.text))
        head = QRectF(rect.left() + pad, rect.top() + pad * 0.6, rect.width() - 2 * pad,
                      unit * 0.15)
        title_font = self._font(unit * 0.13, bold=True)
        wide = QFontMetricsF(title_font).horizontalAdvance(seat.title)
        if wide > head.width():  # a long title ("2 · CO-BANK") shrinks to fit, never clipped
            title_font = self._font(unit * 0.13 * head.width() / wide, bold=True)
        painter.setFont(title_font)
        painter.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         seat.title)
        if seat.order in (0, 1):
            self._paint_pill(painter, rect, "NOW" if seat.order == 0 else "NEXT",
                             THEME.current if seat.order == 0 else THEME.next, unit)
        self._paint_light(painter, head, seat.light, unit)
        if not seat.active and not seat.is_dealer and not seat.cards:
            painter.setPen(QColor(THEME.muted))
            painter.setFont(self._font(unit * 0.1))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "open")
            painter.restore()
            return
        cards_top = head.bottom() + pad * 0.5
        cards_h = unit * (0.36 if not seat.low_cards else 0.5)
        self._paint_hand(painter, QRectF(rect.left() + pad, cards_top, rect.width() - 2 * pad,
                                         cards_h), seat)
        chips_top = cards_top + cards_h + pad * 0.6
        chips_h = unit * 0.2
        if seat.wagers and not seat.low_cards:
            self._paint_wagers(painter, QRectF(rect.left() + pad, chips_top,
                                               rect.width() - 2 * pad, chips_h), seat.wagers)
        elif seat.wagers:
            chips_h = unit * 0.14
            self._paint_wagers(painter, QRectF(rect.left() + pad, chips_top,
                                               rect.width() - 2 * pad, chips_h), seat.wagers)
        line_h = unit * 0.095
        bottom = QRectF(rect.left() + 2, rect.bottom() - line_h - 3, rect.width() - 4, line_h)
        if seat.result:
            painter.setPen(QColor(THEME.fault if seat.foul else THEME.text))
            self._fit_text(painter, bottom, seat.result, unit * 0.075, bold=True)
            bottom = bottom.translated(0, -line_h)
        if seat.decision:
            painter.setPen(QColor(THEME.current if seat.order == 0 else THEME.muted))
            self._fit_text(painter, bottom, seat.decision, unit * 0.07)
        painter.restore()

    def _fit_text(self, painter: QPainter, rect: QRectF, text: str, px: float,
                  bold: bool = False) -> None:
        """Draw ``text`` centred in ``rect``, shrinking the type until it fits."""
        size = px
        while size > 8:
            painter.setFont(self._font(size, bold=bold))
            if painter.fontMetrics().horizontalAdvance(text) <= rect.width():
                break
            size -= 1
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_pill(self, painter: QPainter, rect: QRectF, text: str, colour: str,
                    unit: float) -> None:
        """A tag on the seat's top edge: NOW for the position asked, NEXT for the one after."""
        font = self._font(unit * 0.075, bold=True)
        painter.setFont(font)
        tw = painter.fontMetrics().horizontalAdvance(text) + unit * 0.12
        th = unit * 0.11
        pill = QRectF(rect.center().x() - tw / 2, rect.top() - th / 2, tw, th)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        painter.drawRoundedRect(pill, th / 2, th / 2)
        painter.setPen(QColor(THEME.bar))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_light(self, painter: QPainter, head: QRectF, light: Light, unit: float) -> None:
        if light is Light.OFF:
            return
        r = unit * 0.045
        centre = QPointF(head.right() - r, head.center().y())
        painter.setPen(QPen(QColor("#000000"), 1.0))
        painter.setBrush(QColor(_LIGHT_COLOURS[light]))
        painter.drawEllipse(centre, r, r)
        if light is Light.FLASHING:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(THEME.current), 2.0))
            painter.drawEllipse(centre, r * 1.7, r * 1.7)
        painter.setPen(QColor(_LIGHT_COLOURS[light]))
        painter.setFont(self._font(unit * 0.068, bold=True))
        words = QRectF(head.left(), head.top(), head.width() - 2.6 * r, head.height())
        painter.drawText(words, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         _LIGHT_WORDS[light])

    def _paint_cards_row(self, painter: QPainter, area: QRectF, cards: tuple[Card | None, ...],
                         outline: str | None = None) -> None:
        if not cards:
            return
        n = len(cards)
        ch = area.height()
        cw = ch / CARD_ASPECT
        if n <= 3 and n * cw * 1.08 > area.width():  # few cards: shrink rather than overlap
            cw = area.width() / (n * 1.08)
            ch = cw * CARD_ASPECT
        gap = cw * 0.08
        total = n * cw + (n - 1) * gap
        step = cw + gap
        if total > area.width():  # fan the cards so that every index stays visible
            step = (area.width() - cw) / max(1, n - 1)
            total = area.width()
        left = area.center().x() - total / 2
        for i, card in enumerate(cards):
            # fanned, each card but the last shows only its left strip: its index written there
            visible = step if i < n - 1 and step < cw else None
            rect = QRectF(left + i * step, area.top(), cw, ch)
            paint_card(painter, rect, card, outline=outline, visible=visible)
            self._drew_card(rect, card, visible)

    def _drew_card(self, rect: QRectF, card: Card | None, visible: float | None = None) -> None:
        self.drawn.append(Drawn("card", self._seat_key, "back" if card is None else str(card),
                                rect, index_box(rect, card, visible)))

    def _paint_hand(self, painter: QPainter, area: QRectF, seat: SeatView) -> None:
        if seat.low_cards:
            low_h = area.height() * 0.47
            self._paint_cards_row(painter, QRectF(area.left(), area.top(), area.width(), low_h),
                                  seat.low_cards,
                                  outline=THEME.fault if seat.foul else None)
            self._paint_cards_row(painter, QRectF(area.left(), area.top() + low_h + 3,
                                                  area.width(), area.height() - low_h - 3),
                                  seat.cards)
            return
        if not seat.cards:
            ch = area.height()
            n = 7 if seat.is_dealer else 3
            cw = ch / CARD_ASPECT
            if n * cw * 1.08 <= area.width():
                left = area.center().x() - (n * cw * 1.08) / 2
                for i in range(n):
                    paint_slot(painter, QRectF(left + i * cw * 1.08, area.top(), cw, ch))
            return
        self._paint_cards_row(painter, area, seat.cards)

    def _paint_wagers(self, painter: QPainter, area: QRectF, wagers: tuple[WagerView, ...]) -> None:
        n = len(wagers)
        d = min(area.height() * 0.72, area.width() / max(n, 1) * 0.85)
        step = area.width() / max(n, 1)
        for i, wager in enumerate(wagers):
            cx = area.left() + step * (i + 0.5)
            cy = area.top() + d / 2
            centre = QPointF(cx, cy)
            faded = wager.state in ("withdrawn", "lost", "unrecognised")
            if wager.state == "withdrawn":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor(THEME.text), 1.5))
            else:
                painter.setBrush(QColor("#7d7767" if faded else THEME.chip))
                ring = {"won": THEME.ok, "lost": THEME.fault, "unrecognised": THEME.fault}
                painter.setPen(QPen(QColor(ring.get(wager.state, "#8c7a4a")),
                                    3.0 if wager.state in ring else 1.5))
            painter.drawEllipse(centre, d / 2, d / 2)
            if wager.state != "withdrawn":
                painter.setPen(QColor(THEME.chip_text))
                painter.setFont(self._font(d * 0.36, bold=True))
                painter.drawText(QRectF(cx - d / 2, cy - d / 2, d, d), Qt.AlignmentFlag.AlignCenter,
                                 chip_text(wager.amount))
        caption_font = self._font(max(CAPTION_MIN_PX, d * 0.3))
        painter.setFont(caption_font)
        boxes = caption_boxes([wager.label for wager in wagers], area.left(),
                              area.top() + d + 1, step, QFontMetricsF(caption_font),
                              right=area.right())
        for wager, box in zip(wagers, boxes, strict=True):
            faded = wager.state in ("withdrawn", "lost", "unrecognised")
            painter.setPen(QColor(THEME.muted if not faded else THEME.faint))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, wager.label)
            self.drawn.append(Drawn("caption", self._seat_key, wager.label, box, box,
                                    float(caption_font.pixelSize())))

    def _paint_community(self, painter: QPainter) -> None:
        assert self._view is not None
        view = self._view
        layout = felt_layout(len(self._players()), dealer_hand=False)
        w, h = self.width(), self.height()
        ch = h * 0.12
        cw = ch / CARD_ASPECT
        cx, cy = layout.centre[0] * w, layout.centre[1] * h
        painter.setPen(QColor(THEME.text))
        painter.setFont(self._font(h * 0.024, bold=True))
        painter.drawText(QRectF(cx - w * 0.2, cy - ch / 2 - h * 0.045, w * 0.4, h * 0.04),
                         Qt.AlignmentFlag.AlignCenter, view.community_label or "Community")
        cards = view.community or ()
        self._seat_key = "community"
        for i in range(2):
            rect = QRectF(cx - cw - cw * 0.08 + i * (cw * 1.16), cy - ch / 2, cw, ch)
            if i < len(cards):
                paint_card(painter, rect, cards[i])
                self._drew_card(rect, cards[i])
            else:
                paint_slot(painter, rect)
        if view.community_note:
            painter.setPen(QColor(THEME.muted))
            painter.setFont(self._font(h * 0.02))
            painter.drawText(QRectF(cx - w * 0.3, cy + ch / 2 + 4, w * 0.6, h * 0.04),
                             Qt.AlignmentFlag.AlignCenter, view.community_note)

    def _paint_badges(self, painter: QPainter) -> None:
        assert self._view is not None
        view = self._view
        w, h = self.width(), self.height()
        bh = max(30.0, h * 0.05)
        px = bh * 0.42
        right = w - 10.0  # the lockout badge's room ends where the meter's badge begins
        if view.meter is not None:
            text = f"PROGRESSIVE {format_cents(view.meter)}"
            if view.meter_note:
                text += f" · {view.meter_note}"
            font, text = fit_words(text, w * 0.5 - 50, px, bold=True)
            painter.setFont(font)
            tw = painter.fontMetrics().horizontalAdvance(text) + 40
            rect = QRectF(w - tw - 10, 10, tw, bh)
            right = rect.left() - 10
            painter.setBrush(QColor(THEME.bar))
            painter.setPen(QPen(QColor(THEME.current), 2.0))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(QColor(THEME.current))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        if view.lockout is not None:
            text = lockout_badge(view)
            colour = THEME.warn if view.lockout or view.betting_waits else THEME.ok
            font, text = fit_words(text, right - 10 - 40, px, bold=True)
            painter.setFont(font)
            rect = QRectF(10, 10, painter.fontMetrics().horizontalAdvance(text) + 40, bh)
            painter.setBrush(QColor(THEME.bar))
            painter.setPen(QPen(QColor(colour), 2.0))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(QColor(colour))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
