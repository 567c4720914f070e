"""Playing cards drawn by code with QPainter: vector shapes and text, crisp at any size.

A face-down card (``None``) is drawn as a card back; the painter is never given a hole card, so it
cannot show one.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from dealer_station.cards import Card, Suit
from dealer_station.ui.theme import THEME, Theme

__all__ = ["CARD_ASPECT", "SUIT_GLYPHS", "card_colour", "paint_card", "paint_slot"]

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


def _paint_face(painter: QPainter, rect: QRectF, card: Card, theme: Theme) -> None:
    painter.setBrush(QColor(theme.card_face))
    painter.setPen(QPen(QColor("#8a8f88"), max(1.0, rect.width() * 0.02)))
    painter.drawPath(_rounded(rect))
    colour = card_colour(card, theme)
    painter.setPen(colour)
    w, h = rect.width(), rect.height()
    if card.is_joker:
        painter.setFont(_font(w * 0.26))
        painter.drawText(rect.adjusted(0, h * 0.08, 0, -h * 0.45), Qt.AlignmentFlag.AlignCenter,
                         "JK")
        painter.setFont(_font(w * 0.5))
        painter.drawText(rect.adjusted(0, h * 0.4, 0, 0), Qt.AlignmentFlag.AlignCenter, "★")
        return
    assert card.suit is not None
    rank = "10" if card.rank.symbol == "T" else card.rank.symbol
    glyph = SUIT_GLYPHS[card.suit]
    # The rank large and the suit under it, readable from a standing position even when small.
    rank_size = w * (0.46 if len(rank) == 1 else 0.40)
    painter.setFont(_font(rank_size))
    painter.drawText(QRectF(rect.left(), rect.top() + h * 0.04, w, h * 0.46),
                     Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, rank)
    painter.setFont(_font(w * 0.52, bold=False))
    painter.drawText(QRectF(rect.left(), rect.top() + h * 0.44, w, h * 0.5),
                     Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, glyph)


_CACHE: OrderedDict[tuple[object, ...], QPixmap] = OrderedDict()
_CACHE_SIZE = 256


def paint_card(painter: QPainter, rect: QRectF, card: Card | None, theme: Theme = THEME,
               *, outline: str | None = None) -> None:
    """Draw ``card`` face up in ``rect`` (face down when ``None``); ``outline`` rings it in a
    colour (a foul, a card picked for the low hand). Each card is drawn by code once per size
    and device pixel ratio, then reused: crisp at any size, cheap to repaint."""
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    w, h = max(1, round(rect.width() * ratio)), max(1, round(rect.height() * ratio))
    pad = max(4, round(rect.width() * 0.1 * ratio))
    key = (card, w, h, pad, outline, theme)
    pixmap = _CACHE.get(key)
    if pixmap is None:
        pixmap = QPixmap(w + 2 * pad, h + 2 * pad)
        pixmap.fill(Qt.GlobalColor.transparent)
        inner = QPainter(pixmap)
        _draw_card(inner, QRectF(pad, pad, w, h), card, theme, outline)
        inner.end()
        pixmap.setDevicePixelRatio(ratio)
        _CACHE[key] = pixmap
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    painter.drawPixmap(QPointF(rect.left() - pad / ratio, rect.top() - pad / ratio), pixmap)


def _draw_card(painter: QPainter, rect: QRectF, card: Card | None, theme: Theme,
               outline: str | None) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if card is None:
        _paint_back(painter, rect, theme)
    else:
        _paint_face(painter, rect, card, theme)
    if outline:
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.setPen(QPen(QColor(outline), max(2.0, rect.width() * 0.07)))
        painter.drawPath(_rounded(rect.adjusted(-2, -2, 2, 2)))
    painter.restore()
