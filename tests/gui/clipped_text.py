"""Finding text a person cannot read whole on a window: every visible label and button whose
text does not fit the room its widget has (the font's metrics of the text against the widget's
contents rectangle, honouring word wrap and a button's style-sheet padding), or whose widget is
cut off by the window or by a parent that does not scroll; and words a widget shortened itself
with …: a device of the top bar drawn elided, a button whose ``whole`` property (the name on
duty's) is longer than what it shows.

Tables and lists too (:class:`QAbstractItemView`): a column past the view's right edge (read
only by scrolling sideways: the Meters hits' Amount and Supervisor), a cell whose words do not
fit its room ("positions 1,…"). And the felt's card boxes: a card's rank covered by the next
card of its row or cut by its position's box (seven cards: the "10" read "1("), a chip's caption
in cramped type or running into another.

Used by the GUI tests and the journey tests: ``clipped_texts(window)`` lists what is clipped,
one line each (empty when everything reads whole)."""

from __future__ import annotations

import re

from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QWidget,
)

__all__ = ["clipped_cells", "clipped_texts", "felt_unreadable", "window_fits"]

SLACK = 1  # pixels of rounding allowed
#: The smallest type a chip's caption on the felt is read in (pixels).
READABLE_PX = 10
#: At most this many rows of a table or list are read (the rows shown first).
ROWS_READ = 60


def _plain(label: QLabel) -> str:
    text = label.text()
    if label.textFormat() == Qt.TextFormat.RichText or (
            label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def _shown(widget: QWidget, window: QWidget) -> bool:
    """Visible on the window: shown, not zero-sized, and not hidden under another screen that
    covers the window (a staff screen over the dealer's)."""
    if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
        return False
    return widget.visibleRegion().boundingRect().isValid()


def _scroll_area(widget: QWidget) -> QAbstractScrollArea | None:
    """The scroll area whose viewport holds the widget, if any."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def _cut_sideways_in(widget: QWidget, area: QAbstractScrollArea) -> str:
    """A scroll area that never scrolls sideways (its horizontal scroll bar always off) cuts
    what is wider than its viewport: no scrolling brings the right edge into view."""
    if area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        return ""
    viewport = area.viewport()
    left = widget.mapTo(viewport, QPoint(0, 0)).x()
    if left < -SLACK or left + widget.width() > viewport.width() + SLACK:
        return (f"cut sideways by {type(area).__name__} {area.objectName()!r} "
                f"(x {left}..{left + widget.width()}, viewport {viewport.width()} px)")
    return ""


def _label_fits(label: QLabel) -> str:
    text = _plain(label).strip()
    if not text or (label.pixmap() is not None and not label.pixmap().isNull()):
        return ""
    room = label.contentsRect()
    margin = label.margin() * 2 + label.indent() if label.indent() > 0 else label.margin() * 2
    width, height = room.width() - margin, room.height() - label.margin() * 2
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        if needed > label.height() + SLACK:
            return f"needs {needed} px of height, has {label.height()}"
        metrics = QFontMetrics(label.font())
        longest = max((metrics.horizontalAdvance(word) for word in re.split(r"\s+", text)),
                      default=0)
        if longest > width + SLACK:
            return f"a word needs {longest} px, has {width}"
        return ""
    hint = label.minimumSizeHint() if label.textFormat() != Qt.TextFormat.PlainText else None
    metrics = QFontMetrics(label.font())
    lines = text.splitlines() or [text]
    needed_width = max(metrics.horizontalAdvance(line) for line in lines)
    needed_height = metrics.height() * len(lines)
    if hint is not None and hint.isValid():
        needed_width = max(needed_width, hint.width() - 2 * label.frameWidth() - margin)
    if needed_width > width + SLACK:
        return f"needs {needed_width} px of width, has {width}"
    if needed_height > height + SLACK:
        return f"needs {needed_height} px of height, has {height}"
    return ""


def _button_fits(button: QAbstractButton) -> str:
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
    if not text:
        return ""
    metrics = QFontMetrics(button.font())
    lines = text.splitlines()
    needed_width = max(metrics.horizontalAdvance(line) for line in lines)
    needed_height = metrics.height() * len(lines)
    if isinstance(button, QPushButton):
        option = QStyleOptionButton()
        button.initStyleOption(option)
        room = button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option,
                                             button)
        if not button.icon().isNull():
            needed_width += button.iconSize().width() + 4
    elif isinstance(button, QToolButton):
        room = button.contentsRect()
        hint = button.sizeHint()
        if hint.width() > button.width() + SLACK:
            return f"needs {hint.width()} px of width, has {button.width()}"
    else:  # check boxes, radio buttons: the indicator takes part of the width
        hint = button.sizeHint()
        if hint.width() > button.width() + SLACK:
            return f"needs {hint.width()} px of width, has {button.width()}"
        return ""
    if needed_width > room.width() + SLACK:
        return f"needs {needed_width} px of width, has {room.width()}"
    if needed_height > room.height() + SLACK:
        return f"needs {needed_height} px of height, has {room.height()}"
    return ""


def _cut_by_parent(widget: QWidget, window: QWidget) -> str:
    """The widget's box is not wholly within the window and each parent up to it (unless a
    scroll area holds it: cut edges scroll into view, except sideways in one that never
    scrolls sideways)."""
    area = _scroll_area(widget)
    if area is not None:
        return _cut_sideways_in(widget, area)
    box = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None:
        if parent is window or parent.isWindow():
            area = window.rect()
        else:
            area = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        if not area.adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(box):
            return f"cut off by {type(parent).__name__} {parent.objectName()!r}"
        if parent is window or parent.isWindow():
            break
        parent = parent.parentWidget()
    return ""


def _cell_fits(view: QAbstractItemView, index: object) -> str:
    """Whether the words of the cell ``index`` fit the room its text has (the item's padding
    and the view's word wrap honoured); a cell whose tooltip holds its words whole is
    shortened on purpose (a technician's long link state) and read whole there."""
    text = str(index.data(Qt.ItemDataRole.DisplayRole) or "").strip()  # type: ignore[attr-defined]
    if not text:
        return ""
    tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "").strip()  # type: ignore[attr-defined]
    if tip == text:
        return ""  # shortened on purpose, whole in its tooltip (as an elided label's)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualRect(index)  # type: ignore[arg-type]
    delegate = view.itemDelegateForIndex(index) or view.itemDelegate()  # type: ignore[arg-type]
    if not isinstance(delegate, QStyledItemDelegate):
        return ""  # a delegate of its own draws the cell: its room is its own
    delegate.initStyleOption(option, index)  # type: ignore[arg-type]
    room = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
    # the delegate writes the words inside a margin each side (Qt's text margin)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    room = room.adjusted(margin, 0, -margin, 0)
    metrics = QFontMetrics(option.font)
    wrap = bool(getattr(view, "wordWrap", lambda: False)())
    if wrap:
        needed = metrics.boundingRect(QRect(0, 0, max(1, room.width()), 100_000),
                                      int(Qt.TextFlag.TextWordWrap), text)
        longest = max((metrics.horizontalAdvance(w) for w in re.split(r"\s+", text)), default=0)
        if longest > room.width() + SLACK:
            return f"a word needs {longest} px, has {room.width()}"
        if needed.height() > room.height() + SLACK:
            return f"needs {needed.height()} px of height, has {room.height()}"
        return ""
    lines = text.splitlines() or [text]
    width = max(metrics.horizontalAdvance(line) for line in lines)
    if width > room.width() + SLACK:
        return f"needs {width} px of width, has {room.width()}"
    if metrics.height() * len(lines) > room.height() + SLACK:
        return f"needs {metrics.height() * len(lines)} px of height, has {room.height()}"
    return ""


def clipped_cells(view: QAbstractItemView) -> list[str]:
    """The columns of a table past its right edge (read only by scrolling sideways) and the
    cells of a table or list whose words are cut, one line each."""
    model = view.model()
    if model is None:
        return []
    found = []
    name = f"{type(view).__name__} {view.objectName()!r}"
    viewport = view.viewport().width()
    columns = ([c for c in range(model.columnCount()) if not view.isColumnHidden(c)]
               if isinstance(view, QTableView) else [0])
    if isinstance(view, QTableView):
        header = view.horizontalHeader()
        for column in columns:
            right = header.sectionViewportPosition(column) + header.sectionSize(column)
            if header.sectionViewportPosition(column) < -SLACK or right > viewport + SLACK:
                title = model.headerData(column, Qt.Orientation.Horizontal)
                found.append(f"{name} column {title!r}: off the view (x .. {right}, view "
                             f"{viewport} px)")
    for row in range(min(model.rowCount(QModelIndex()), ROWS_READ)):
        for column in columns:
            index = model.index(row, column)
            box = view.visualRect(index)
            why = ""
            if not isinstance(view, QTableView) and box.right() + 1 > viewport + SLACK:
                why = f"wider than the view ({box.width()} px, view {viewport} px)"
            why = why or _cell_fits(view, index)
            if why:
                short = " ".join(str(index.data() or "").split())[:70]
                found.append(f"{name} row {row} column {column} {short!r}: {why}")
    return found


def felt_unreadable(felt: QWidget) -> list[str]:
    """The felt's cards whose rank is covered (by a card drawn over it) or cut by its
    position's box or the felt, and its chips' captions in cramped type, running into each
    other or out of their position, one line each. The felt is drawn afresh first."""
    drawn = getattr(felt, "drawn", None)
    if drawn is None:
        return []
    felt.grab()  # a paint at the size shown: what it records is what a person sees
    drawn = list(felt.drawn)
    seats = getattr(felt, "_seat_rects", {})
    whole = felt.rect().toRectF()
    found = []
    for i, item in enumerate(drawn):
        where = f"position {item.seat}"
        room = QRectF(seats.get(item.seat, whole))
        if item.ink.isEmpty():
            continue
        if not room.adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(item.ink) or \
                not whole.contains(item.ink):
            found.append(f"felt {item.kind} {item.text!r} at {where}: cut by its box")
            continue
        if item.kind == "card":
            for later in drawn[i + 1:]:
                if later.kind != "card":
                    continue
                covered = later.box.intersected(item.ink)
                if covered.width() > SLACK and covered.height() > SLACK:
                    found.append(f"felt card {item.text!r} at {where}: its rank covered "
                                 f"{covered.width():.0f} px by {later.text!r}")
                    break
        else:
            if item.px < READABLE_PX:
                found.append(f"felt caption {item.text!r} at {where}: {item.px:.0f} px type, "
                             f"cramped (at least {READABLE_PX})")
            for other in drawn[i + 1:]:
                if other.kind == "caption" and other.seat == item.seat and \
                        other.box.intersects(item.box):
                    found.append(f"felt caption {item.text!r} at {where}: runs into "
                                 f"{other.text!r}")
    return found


def clipped_texts(window: QWidget) -> list[str]:
    """Every visible label and button of ``window`` whose text is cut, every table column or
    cell cut, every card or chip caption of the felt not read whole, one line each: its class
    and name, the text and why."""
    found = []
    for item in window.findChildren(QWidget):  # the top bar's devices, drawn by themselves
        if (callable(getattr(item, "shown_words", None)) and getattr(item, "elided", False)
                and item.window() is window and _shown(item, window)):
            found.append(f"{type(item).__name__} {item.shown_words()!r}: elided in the top bar")
    for view in window.findChildren(QAbstractItemView):
        if view.window() is window and _shown(view, window) and view.objectName() != "qt_menu":
            found += clipped_cells(view)
    for felt in window.findChildren(QWidget, "felt"):
        if felt.window() is window and _shown(felt, window):
            found += felt_unreadable(felt)
    widgets: list[QWidget] = [*window.findChildren(QLabel), *window.findChildren(QAbstractButton)]
    for widget in widgets:
        if widget.window() is not window or not _shown(widget, window):
            continue
        if isinstance(widget, QLabel):
            why = _label_fits(widget)
            text = _plain(widget)
        else:
            assert isinstance(widget, QAbstractButton)
            why = _button_fits(widget)
            text = widget.text()
            whole = widget.property("whole")  # words the widget shortened itself (a name …)
            if not why and isinstance(whole, str) and whole and whole != text:
                why = f"shortened from {' '.join(whole.split())!r}"
        if not text.strip():
            continue
        why = why or _cut_by_parent(widget, window)
        if why:
            short = " ".join(text.split())[:70]
            found.append(f"{type(widget).__name__} {widget.objectName()!r} {short!r}: {why}")
    return found


def window_fits(window: QWidget, size: tuple[int, int]) -> list[str]:
    """The window was given ``size`` (the screen): it has not grown past it, and nothing in it
    asks for more."""
    problems = []
    if window.width() > size[0] or window.height() > size[1]:
        problems.append(f"window is {window.width()}x{window.height()}, screen {size}")
    hint = window.minimumSizeHint()
    if hint.width() > size[0] or hint.height() > size[1]:
        problems.append(f"window needs at least {hint.width()}x{hint.height()}, screen {size}")
    screen = window.screen()
    if screen is not None and window.isVisible() and not window.testAttribute(
            Qt.WidgetAttribute.WA_DontShowOnScreen):
        available = screen.geometry()
        if available.width() >= size[0] and (window.frameGeometry().width() > available.width()
                                              or window.height() > available.height()):
            problems.append(f"window {window.frameGeometry()} past the screen {available}")
    return problems
