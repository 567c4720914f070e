"""Playing cards drawn by code with QPainter: vector shapes and text, crisp at any size.

A face-down card (``None``) is drawn as a card back; the painter is never given a hole card, so it
cannot show one.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)

from dealer_station.cards import Card, Suit
from dealer_station.ui.theme import THEME, Theme

__all__ = ["CARD_ASPECT", "SUIT_GLYPHS", "card_colour", "index_box", "paint_card", "paint_slot"]

#: Height over width of a poker card (88.9 × 63.5 mm).
CARD_ASPECT = 1.4

SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


def card_colour(card: Card, theme: Theme = THEME) -> QColor:
    """Red for hearts and diamonds (and the joker), black for spades and clubs."""
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.is_joker
    return QColor(theme.card_red if red else theme.card_black)


def _rounded(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    radius = rect.width() * 0.09
    path.addRoundedRect(rect, radius, radius)
    return path


def _font(size: float, bold: bool = True, family: str = THEME.font_family) -> QFont:
    font = QFont(family)
    font.setPixelSize(max(6, round(size)))
    font.setBold(bold)
    return font


def paint_slot(painter: QPainter, rect: QRectF, theme: Theme = THEME) -> None:
    """An empty card place: a dashed outline on the felt."""
    painter.save()
    pen = QPen(QColor(theme.felt_line), max(1.0, rect.width() * 0.03), Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(_rounded(rect))
    painter.restore()


def _paint_back(painter: QPainter, rect: QRectF, theme: Theme) -> None:
    painter.setBrush(QColor(theme.card_back))
    painter.setPen(QPen(QColor("#0c1a33"), max(1.0, rect.width() * 0.025)))
    painter.drawPath(_rounded(rect))
    inner = rect.adjusted(rect.width() * 0.1, rect.width() * 0.1, -rect.width() * 0.1,
                          -rect.width() * 0.1)
    painter.setClipPath(_rounded(inner))
    painter.setPen(QPen(QColor(theme.card_back_line), max(1.0, rect.width() * 0.03)))
    step = max(4.0, rect.width() / 6)
    # One path for the lattice (PySide6 6.12 leaks a reference to None on each drawLine call).
    lattice = QPainterPath()
    x = inner.left() - inner.height()
    while x < inner.right():
        lattice.moveTo(QPointF(x, inner.bottom()))
        lattice.lineTo(QPointF(x + inner.height(), inner.top()))
        lattice.moveTo(QPointF(x, inner.top()))
        lattice.lineTo(QPointF(x + inner.height(), inner.bottom()))
        x += step
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(lattice)
    painter.setClipping(False)
    painter.setPen(QPen(QColor(theme.card_back_line), max(1.0, rect.width() * 0.03)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(_rounded(inner))


def _paint_face(painter: QPainter, rect: QRectF, card: Card, theme: Theme,
                visible: float | None = None) -> None:
    painter.setBrush(QColor(theme.card_face))
    painter.setPen(QPen(QColor("#8a8f88"), max(1.0, rect.width() * 0.02)))
    painter.drawPath(_rounded(rect))
    colour = card_colour(card, theme)
    painter.setPen(colour)
    w, h = rect.width(), rect.height()
    if card.is_joker:
        strip = min(w, visible) if visible is not None else w
        painter.setFont(_shrunk("JK", w * 0.26, strip * 0.94, True))
        painter.drawText(QRectF(rect.left(), rect.top() + h * 0.08, strip, h * 0.47),
                         Qt.AlignmentFlag.AlignCenter, "JK")
        painter.setFont(_shrunk("★", w * 0.5, strip * 0.94, True))
        painter.drawText(QRectF(rect.left(), rect.top() + h * 0.4, strip, h * 0.6),
                         Qt.AlignmentFlag.AlignCenter, "★")
        return
    rank_font, rank_rect, glyph_font, glyph_rect = _index_layout(rect, card, visible)
    painter.setFont(rank_font)
    painter.drawText(rank_rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                     _rank_text(card))
    painter.setFont(glyph_font)
    assert card.suit is not None
    painter.drawText(glyph_rect, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                     SUIT_GLYPHS[card.suit])


def _rank_text(card: Card) -> str:
    return "10" if card.rank.symbol == "T" else card.rank.symbol


def _shrunk(text: str, size: float, room: float, bold: bool) -> QFont:
    """The font of ``text`` at ``size`` pixels, smaller until it fits ``room`` pixels wide."""
    font = _font(size, bold)
    while QFontMetricsF(font).horizontalAdvance(text) > room and size > 6:
        size -= 1
        font = _font(size, bold)
    return font


def _index_layout(rect: QRectF, card: Card, visible: float | None) -> tuple[
        QFont, QRectF, QFont, QRectF]:
    """Where a face's rank and suit are written: centred on the card, or — when the next card
    of a fanned row covers all but ``visible`` pixels of its left edge — centred in that strip,
    the type smaller if need be (centred on the card, a fanned "10" read "1(")."""
    w, h = rect.width(), rect.height()
    strip = min(w, visible) if visible is not None else w
    rank = _rank_text(card)
    # The rank large and the suit under it, readable from a standing position even when small.
    rank_font = _shrunk(rank, w * (0.46 if len(rank) == 1 else 0.40), strip * 0.94, True)
    assert card.suit is not None
    glyph_font = _shrunk(SUIT_GLYPHS[card.suit], w * 0.52, strip * 0.94, False)
    return (rank_font, QRectF(rect.left(), rect.top() + h * 0.04, strip, h * 0.46),
            glyph_font, QRectF(rect.left(), rect.top() + h * 0.44, strip, h * 0.5))


def index_box(rect: QRectF, card: Card | None, visible: float | None = None) -> QRectF:
    """The box the rank of ``card`` (the joker's "JK") drawn in ``rect`` takes: its text's
    width and the line's height (empty for a card back), what must stay uncovered for the card
    to be read."""
    if card is None:
        return QRectF()
    if card.is_joker:
        strip = min(rect.width(), visible) if visible is not None else rect.width()
        font = _shrunk("JK", rect.width() * 0.26, strip * 0.94, True)
        room = QRectF(rect.left(), rect.top() + rect.height() * 0.08, strip, rect.height() * 0.47)
        text = "JK"
    else:
        font, room, _, _ = _index_layout(rect, card, visible)
        text = _rank_text(card)
    metrics = QFontMetricsF(font)
    width = metrics.horizontalAdvance(text)
    height = metrics.height()
    return QRectF(room.center().x() - width / 2, room.center().y() - height / 2, width, height)


_CACHE: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_CACHE_SIZE = 256


def paint_card(painter: QPainter, rect: QRectF, card: Card | None, theme: Theme = THEME,
               *, outline: str | None = None, visible: float | None = None) -> None:
    """Draw ``card`` face up in ``rect`` (face down when ``None``); ``outline`` rings it in a
    colour (a foul, a card picked for the low hand); ``visible``: the pixels of its left edge
    that the next card of a fanned row leaves in view (its rank and suit are written there).
    Each card is drawn by code once per size and device pixel ratio, then reused: crisp at any
    size, cheap to repaint."""
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    w, h = max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio))
    pad = max(4, round(rect.width() * 0.1 * ratio))
    strip = None if visible is None or visible >= rect.width() else round(visible * ratio)
    key = (card, w, h, pad, outline, theme, strip)
    pixmap = _CACHE.get(key)
    if pixmap is None:
        pixmap = QPixmap(w + 2 * pad, h + 2 * pad)
        pixmap.fill(Qt.GlobalColor.transparent)
        inner = QPainter(pixmap)
        _draw_card(inner, QRectF(pad, pad, w, h), card, theme, outline, strip)
        inner.end()
        pixmap.setDevicePixelRatio(ratio)
        _CACHE[key] = pixmap
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    painter.drawPixmap(QPointF(rect.left() - pad / ratio, rect.top() - pad / ratio), pixmap)


def _draw_card(painter: QPainter, rect: QRectF, card: Card | None, theme: Theme,
               outline: str | None, visible: float | None) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if card is None:
        _paint_back(painter, rect, theme)
    else:
        _paint_face(painter, rect, card, theme, visible)
    if outline:
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.setPen(QPen(QColor(outline), max(2.0, rect.width() * 0.07)))
        painter.drawPath(_rounded(rect.adjusted(-2, -2, 2, 2)))
    painter.restore()
