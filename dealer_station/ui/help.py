"""HELP: the guides of ``docs/guide`` read inside the window, opened at the section that matches
the screen, and the dealer's quick card as a one-page PDF.

The viewer covers the window (as the staff screens do: a kiosk session shows one window) and
takes the keys while it is up, so no key read here moves the round; CLOSE uncovers the screen as
it was.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QMarginsF,
    QObject,
    QPointF,
    QRectF,
    Qt,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextTable,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_station.guide import guide_path, sections
from dealer_station.ui.messages import MessageLabel
from dealer_station.ui.theme import THEME, bar_button_style

if TYPE_CHECKING:
    from dealer_station.ui.main_window import MainWindow  # it puts this HELP in: imports us

__all__ = [
    "COLOUR_WORDS",
    "HelpViewer",
    "card_pdf",
    "dealer_help_button",
    "dealer_section",
    "guide_document",
    "help_button",
    "write_card",
]

#: The colour a guide's "■ word" swatch is drawn in (the screen's own colours, from the theme).
COLOUR_WORDS = {
    "yellow": THEME.current, "blue": THEME.next, "green": THEME.ok, "orange": THEME.warn,
    "red": THEME.fault, "grey": THEME.muted, "brown": THEME.secondary,
    "dark green": THEME.primary,
}

#: The dealer guide's section for each step the screen can show (the rest: the round's game).
_DEALER_SECTIONS = {"halted": "Calling a supervisor", "": "Starting a shift",
                    "progressive_validation": "A progressive hit",
                    "jackpot_record": "A progressive hit"}


def dealer_section(game_title: str, phase: str, blocked: bool) -> str:
    """The dealer guide's section for the screen the dealer sees.

    >>> dealer_section("PAI GOW POKER", "exposure", False)
    'A Pai Gow round'
    >>> dealer_section("LET IT RIDE", "bet_one", True)
    'When a device faults'
    >>> dealer_section("LET IT RIDE", "", False)
    'Starting a shift'
    >>> dealer_section("PAI GOW POKER", "jackpot_record", False)
    'A progressive hit'
    """
    if blocked:
        return "When a device faults"
    if phase in _DEALER_SECTIONS:
        return _DEALER_SECTIONS[phase]
    return "A Pai Gow round" if "PAI GOW" in game_title.upper() else "A Let It Ride round"


def _colour_swatches(document: QTextDocument) -> None:
    """Draw each "■ colour" square of the text in that colour."""
    names = sorted(COLOUR_WORDS, key=len, reverse=True)
    pattern = re.compile("■ (" + "|".join(names) + ")", re.I)
    text = document.toPlainText()
    for match in pattern.finditer(text):
        cursor = QTextCursor(document)
        cursor.setPosition(match.start())
        cursor.setPosition(match.start() + 1, QTextCursor.MoveMode.KeepAnchor)
        swatch = QTextCharFormat()
        swatch.setForeground(QColor(COLOUR_WORDS[match.group(1).lower()]))
        cursor.mergeCharFormat(swatch)


#: How wide a guide's screenshot is drawn in the viewer (pixels): the whole window at a glance,
#: the text beside it still readable at 1280×800.
IMAGE_WIDTH = 720


def _fit_images(document: QTextDocument, width: int) -> None:
    """Draw each image ``width`` wide (its height in proportion)."""
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().isImageFormat():
                image = fragment.charFormat().toImageFormat()
                image.setWidth(width)
                cursor = QTextCursor(document)
                cursor.setPosition(fragment.position())
                cursor.setPosition(fragment.position() + fragment.length(),
                                   QTextCursor.MoveMode.KeepAnchor)
                cursor.setCharFormat(image)
            it += 1
        block = block.next()


def guide_document(name: str, document: QTextDocument | None = None) -> QTextDocument:
    """Guide ``name`` as a rich-text document (its screenshots resolved beside the guide)."""
    path = guide_path(name)
    document = document if document is not None else QTextDocument()
    document.setBaseUrl(QUrl.fromLocalFile(str(path.parent) + "/"))
    document.setMarkdown(path.read_text(encoding="utf-8"))
    _colour_swatches(document)
    return document


#: The quick card's type on paper (points): the largest that fits one page is used, never
#: below the smallest a dealer reads at arm's length.
CARD_POINT_SIZES = (9.0, 8.5, 8.0, 7.5)


def card_pdf() -> bytes:
    """The dealer's quick card as a one-page US-letter PDF (the type made smaller, down to
    the last of :data:`CARD_POINT_SIZES`, until it fits one page)."""
    for size in CARD_POINT_SIZES:
        data, pages = _render_card(size)
        if pages <= 1:
            break
    return data


def _compact(document: QTextDocument, point_size: float) -> None:
    """Set the card tight for paper: the tables' cells padded by a fraction of the type (the
    screen's padding made each row of keys twice its text's height), the headings and lists
    with small gaps."""
    # the layout reads frame and block lengths as pixels at 96 dpi, whatever the device
    dots = 96.0 * point_size / 72.0
    for frame in document.rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            table_format = frame.format()
            table_format.setCellSpacing(0)
            table_format.setBorderCollapse(True)
            table_format.setBorder(1.0)
            table_format.setBorderBrush(QColor("#9e9e9e"))
            table_format.setTopMargin(dots * 0.2)
            table_format.setBottomMargin(dots * 0.2)
            frame.setFormat(table_format)
            for row in range(frame.rows()):
                for column in range(frame.columns()):
                    cell = frame.cellAt(row, column)
                    cell_format = cell.format().toTableCellFormat()
                    cell_format.setTopPadding(dots * 0.1)
                    cell_format.setBottomPadding(dots * 0.1)
                    cell_format.setLeftPadding(dots * 0.3)
                    cell_format.setRightPadding(dots * 0.3)
                    cell.setFormat(cell_format)
    block = document.begin()
    while block.isValid():
        block_format = block.blockFormat()
        heading = block_format.headingLevel()
        block_format.setTopMargin(dots * (0.4 if heading else 0.0))
        block_format.setBottomMargin(dots * (0.2 if heading else 0.1))
        cursor = QTextCursor(block)
        cursor.setBlockFormat(block_format)
        block = block.next()


def _render_card(point_size: float) -> tuple[bytes, int]:
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle("Dealer Station · dealer's quick card")
    writer.setCreator("dealer-station")
    writer.setResolution(300)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.Letter),
                                     QPageLayout.Orientation.Portrait,
                                     QMarginsF(12, 10, 12, 10), QPageLayout.Unit.Millimeter))
    document = QTextDocument()
    document.documentLayout().setPaintDevice(writer)
    font = QFont(THEME.font_family)
    font.setPointSizeF(point_size)
    document.setDefaultFont(font)
    guide_document("quick-card", document)
    _compact(document, point_size)
    # the writer's painter starts at the page's margins: the page's paint rect at (0, 0)
    page_size = writer.pageLayout().paintRectPixels(writer.resolution()).size().toSizeF()
    document.setPageSize(page_size)
    pages = document.pageCount()
    painter = QPainter(writer)
    for page in range(pages):
        if page:
            writer.newPage()
        painter.save()
        painter.translate(0, -page * page_size.height())
        document.drawContents(painter, QRectF(QPointF(0, page * page_size.height()), page_size))
        painter.restore()
    painter.end()
    buffer.close()
    return bytes(array.data()), pages


def write_card(path: str | Path) -> Path:
    """Write the quick card's PDF to ``path`` (OSError when it cannot be written)."""
    target = Path(path)
    target.write_bytes(card_pdf())
    return target


class HelpViewer(QFrame):
    """A guide read over the whole window: the Markdown with its screenshots, scrolled to a
    section; SAVE THE QUICK CARD (PDF) and CLOSE."""

    card_saved = Signal(str)

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName("help")
        self.setAutoFillBackground(True)
        self.setStyleSheet(f"QFrame#help {{ background: {THEME.background}; }}")
        self.guide = ""
        self.section = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 10, 16, 10)
        bar = QHBoxLayout()
        self.title = QLabel("")
        self.title.setStyleSheet("font-size: 17pt; font-weight: bold;")
        bar.addWidget(self.title, 1)
        self.card_button = QPushButton("SAVE THE QUICK CARD (PDF)")
        self.card_button.setStyleSheet(bar_button_style())
        self.card_button.clicked.connect(self.save_card)
        self.close_button = QPushButton("CLOSE")
        self.close_button.setStyleSheet(bar_button_style(THEME.primary))
        self.close_button.clicked.connect(self.close_help)
        for button in (self.card_button, self.close_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            bar.addWidget(button)
        layout.addLayout(bar)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        self.text.setStyleSheet(f"QTextBrowser {{ background: {THEME.panel}; "
                                f"color: {THEME.text}; font-size: {THEME.body_pt + 1}pt; "
                                "padding: 12px; }")
        layout.addWidget(self.text, 1)
        self.message = MessageLabel()
        layout.addWidget(self.message)
        self.card_saved.connect(self.message.setText)
        self.hide()
        window.installEventFilter(self)

    def open(self, guide: str, section: str = "") -> None:
        """Show guide ``guide`` scrolled to the heading ``section`` (its top when "")."""
        self.guide = guide
        guide_document(guide, self.text.document())
        self.text.document().setDefaultStyleSheet("")
        _fit_images(self.text.document(), IMAGE_WIDTH)
        heads = sections(guide_path(guide).read_text(encoding="utf-8"))
        self.title.setText(heads[0].title if heads else guide)
        self.message.setText("")
        self.setGeometry(self.window_.rect())
        self.show()
        self.raise_()
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)
        self.text.setFocus()
        self.scroll_to(section)

    def scroll_to(self, section: str) -> None:
        """Put heading ``section`` at the top of the view."""
        self.section = ""
        document = self.text.document()
        block = document.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and block.text().strip() == section:
                self.section = section
                cursor = QTextCursor(block)
                scroll = self.text.verticalScrollBar()
                scroll.setValue(scroll.maximum())  # then back up: the heading lands on top
                self.text.setTextCursor(cursor)
                self.text.ensureCursorVisible()
                return
            block = block.next()
        self.text.moveCursor(QTextCursor.MoveOperation.Start)

    def top_heading(self) -> str:
        """The last heading at or above the top of the view (what the reader is reading)."""
        top = self.text.cursorForPosition(self.text.viewport().rect().topLeft()).block()
        while top.isValid() and not top.blockFormat().headingLevel():
            top = top.previous()
        return top.text().strip() if top.isValid() else ""

    def save_card(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the dealer's quick card",
                                              str(Path.home() / "dealer-quick-card.pdf"),
                                              "PDF (*.pdf)")
        # the keys back to the guide: with no window manager (a kiosk's bare X server) the
        # window stayed inactive once the dialog closed, and Esc (and every key) did nothing
        self.window_.activateWindow()
        self.text.setFocus()
        if path:
            self.save_card_to(path)

    def save_card_to(self, path: str | Path) -> None:
        """Render the card here (no I/O), write it on a worker thread, then say where
        (:attr:`card_saved` carries the words)."""
        data = card_pdf()

        def write() -> None:
            try:
                Path(path).write_bytes(data)
                words = f"The quick card is saved: {path} (print it on one page)."
            except OSError as error:
                words = f"The quick card could not be saved: {error.strerror or error}"
            self.card_saved.emit(words)  # queued to the GUI thread

        threading.Thread(target=write, name="quick-card", daemon=True).start()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:  # Esc closes the guide, as CLOSE does
            self.close_help()
        else:
            super().keyPressEvent(event)

    def close_help(self) -> None:
        self.hide()
        application = QApplication.instance()
        if application is not None:
            application.removeEventFilter(self)
        self.window_.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window_ and event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.window_.rect())
        elif (event.type() == QEvent.Type.ShortcutOverride and self.isVisible()
              and isinstance(watched, QWidget)
              and (watched is self.window_ or self.window_.isAncestorOf(watched))):
            event.accept()  # the key is the reader's, never a dealer's shortcut
            return True
        return False


def help_button(guide: str, section: Callable[[], str]) -> QPushButton:
    """A HELP button opening ``guide`` at ``section()`` over the window it is in."""
    button = QPushButton("HELP")
    button.setStyleSheet(bar_button_style())
    button.setFixedHeight(40)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setToolTip("The guide, at the section for this screen")

    def show() -> None:
        window = button.window()
        viewer = window.findChild(HelpViewer, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if viewer is None:
            viewer = HelpViewer(window)
        viewer.open(guide, section())

    button.clicked.connect(show)
    return button


def dealer_help_button(window: MainWindow) -> QPushButton:
    """HELP in the dealer's step panel (beside PROBLEM…): the dealer's guide at the section of
    the step shown (a device fault, the game's round, the sign-in)."""

    def section() -> str:
        view = window.step_panel.view
        if view is None or window.lower_panels.currentWidget() is window.sign_in:
            return dealer_section("", "", False)
        return dealer_section(window.health.title.text(), view.phase, bool(view.blocked))

    button = help_button("dealer", section)
    window.step_panel.header.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
    return button
