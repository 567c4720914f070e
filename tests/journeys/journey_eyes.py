"""The journeys' eyes inside the application's process:
``python tests/journeys/journey_eyes.py ARGS`` runs ``dealer-station ARGS`` — the same entry
point, :func:`dealer_station.cli.main` — and answers, on a local socket, what a person sees on
the screen. It never calls into the station, the controller, the adapters or the simulators,
and it changes nothing: it only reads the widgets that are on screen (their text, where they
are, whether their text fits) and takes screenshots of the X screen.

Why a process of its own: a journey kills the application with SIGKILL mid-round and starts it
again, as a power cut would; and the input comes from outside, as real X events (xdotool), so a
button is pressed only if it is really on screen where the eyes saw it, uncovered.

The one difference from ``dealer-station``: the eyes create the ``QApplication`` (with the same
arguments :func:`dealer_station.ui.app.main` would use) before calling the entry point, which
then takes that instance (``QApplication.instance() or QApplication(...)``), so that the socket
server can live on the GUI thread.

Protocol: one JSON object per line each way. ``{"op": "look"}`` answers the screen
(:func:`look`); ``{"op": "shot", "path": P, "width": W}`` saves a PNG of the whole X screen,
scaled to ``W`` pixels wide.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

#: What the eyes answer about the felt (drawn, not widgets): where each position is drawn.
SEAT_KEYS = ("1", "2", "3", "4", "5", "6", "7", "dealer")


def _plain(text: str) -> str:
    if "<" in text and ">" in text:
        from PySide6.QtGui import QTextDocument

        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def _rect(widget: Any) -> list[int]:
    from PySide6.QtCore import QPoint

    origin = widget.mapToGlobal(QPoint(0, 0))
    return [origin.x(), origin.y(), widget.width(), widget.height()]


def _covered(widget: Any, point: Any) -> bool:
    """Some other widget is drawn over ``point`` (global) of ``widget``: a visible sibling of
    the widget or of one of its parents, stacked above it (a staff screen or the
    simulated-table panel over the dealer's screen)."""
    from PySide6.QtWidgets import QWidget

    child = widget
    parent = widget.parentWidget()
    while parent is not None and not child.isWindow():
        siblings = [w for w in parent.children() if isinstance(w, QWidget)]
        for sibling in siblings[siblings.index(child) + 1:]:
            if (sibling.isVisible() and not sibling.isWindow()
                    and sibling.rect().contains(sibling.mapFromGlobal(point))):
                return True
        child, parent = parent, parent.parentWidget()
    return False


def _uncovered(widget: Any) -> bool:
    """A person can see the widget's centre: it is on the screen and nothing is drawn over it
    (no widget stacked above it there, no other window there)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    centre = widget.mapToGlobal(QPoint(widget.width() // 2, widget.height() // 2))
    if not QApplication.primaryScreen().geometry().contains(centre):
        return False
    top = QApplication.widgetAt(centre)
    if top is not None and top.window() is not widget.window():
        return False  # another window (a dialog, a menu) is over it
    return not _covered(widget, centre)


def _reachable(widget: Any) -> bool:
    """No modal dialog of another window stands in the way of the widget."""
    from PySide6.QtWidgets import QApplication

    modal = QApplication.activeModalWidget()
    return modal is None or widget.window() is modal


def _describe(widget: Any) -> dict[str, Any] | None:
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QLabel,
        QLineEdit,
        QPlainTextEdit,
        QTextEdit,
    )

    kind = ""
    text = ""
    extra: dict[str, Any] = {}
    if isinstance(widget, QAbstractButton):
        kind = "button"
        text = widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if widget.isCheckable():
            extra["checked"] = widget.isChecked()
    elif isinstance(widget, QLabel):
        kind = "label"
        text = _plain(widget.text())
    elif isinstance(widget, QLineEdit):
        kind = "field"
        text = "•" * len(widget.text()) if widget.echoMode() != QLineEdit.EchoMode.Normal \
            else widget.text()
        extra["placeholder"] = widget.placeholderText()
    elif isinstance(widget, QComboBox):
        kind = "choice"
        text = widget.currentText()
        extra["items"] = [widget.itemText(i) for i in range(widget.count())]
    elif isinstance(widget, (QPlainTextEdit, QTextEdit)):
        kind = "text"
        text = widget.toPlainText()
    elif widget.objectName() == "felt":
        kind = "felt"
    elif callable(getattr(widget, "shown_words", None)):  # a device in the top bar
        kind = "label"
        text = widget.shown_words()
    else:
        return None
    described = {"kind": kind, "cls": type(widget).__name__, "name": widget.objectName(),
                 "text": text, "rect": _rect(widget), "enabled": widget.isEnabled(),
                 "uncovered": _uncovered(widget), "reachable": _reachable(widget),
                 "focus": widget.hasFocus(),
                 "tooltip": widget.toolTip()}
    described.update(extra)
    return described


def _items(widget: Any) -> list[dict[str, Any]]:
    """Rows of lists, tables and trees, tabs of tab bars, entries of open menus and the
    positions drawn on the felt: each with its text and where it is on the screen."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QAbstractItemView, QMenu, QTabBar

    found: list[dict[str, Any]] = []

    def add(kind: str, text: str, rect: Any, enabled: bool = True) -> None:
        origin = widget.mapToGlobal(QPoint(rect.x(), rect.y()))
        found.append({"kind": kind, "cls": type(widget).__name__, "text": text,
                      "rect": [origin.x(), origin.y(), rect.width(), rect.height()],
                      "enabled": enabled and widget.isEnabled(), "uncovered": True,
                      "reachable": _reachable(widget)})

    if isinstance(widget, QMenu):
        for action in widget.actions():
            if action.isVisible() and not action.isSeparator():
                add("menu-item", action.text().replace("&", ""), widget.actionGeometry(action),
                    action.isEnabled())
    elif isinstance(widget, QTabBar):
        for index in range(widget.count()):
            add("tab", widget.tabText(index).replace("&", ""), widget.tabRect(index),
                widget.isTabEnabled(index))
    elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        viewport = widget.viewport()
        offset = viewport.mapTo(widget, QPoint(0, 0))
        root = widget.rootIndex()
        try:
            columns = model.columnCount(root)
        except TypeError:  # a list model: one column (its columnCount is private)
            columns = 1
        for row in range(min(model.rowCount(root), 400)):
            cells = []
            first = None
            for column in range(columns):
                index = model.index(row, column, root)
                value = model.data(index)
                cells.append("" if value is None else str(value))
                if first is None:
                    first = widget.visualRect(index)
            if first is None or not first.isValid():
                continue
            rect = first.translated(offset)
            if rect.bottom() < offset.y() or rect.top() > offset.y() + viewport.height():
                continue  # scrolled out of view
            rect.setWidth(viewport.width())
            add("row", " | ".join(cells), rect)
    elif widget.objectName() == "felt" and hasattr(widget, "seat_rect"):
        for key in SEAT_KEYS:
            try:
                area = widget.seat_rect(key)
            except KeyError:
                continue
            add("seat", key, area.toRect())
    return found


class Eyes:
    """What is on the screen, for a journey: every visible widget with text, every open window,
    the screen's size and the largest any window has been since the start."""

    def __init__(self, app: Any) -> None:
        from PySide6.QtCore import QEvent, QObject

        self.app = app
        self.largest = [0, 0]
        eyes = self

        class Watch(QObject):
            def eventFilter(self, watched: Any, event: Any) -> bool:
                if event.type() == QEvent.Type.Resize and getattr(watched, "isWindow",
                                                                  lambda: False)():
                    frame = watched.frameGeometry()
                    eyes.largest = [max(eyes.largest[0], frame.width()),
                                    max(eyes.largest[1], frame.height())]
                return False

        self.watch = Watch()
        app.installEventFilter(self.watch)

    def look(self) -> dict[str, Any]:
        from PySide6.QtWidgets import QApplication, QWidget

        screen = QApplication.primaryScreen().geometry()
        windows = []
        widgets: list[dict[str, Any]] = []
        for top in QApplication.topLevelWidgets():
            if not top.isVisible():
                continue
            frame = top.frameGeometry()
            windows.append({"cls": type(top).__name__, "title": top.windowTitle(),
                            "rect": [frame.x(), frame.y(), frame.width(), frame.height()],
                            "active": top.isActiveWindow()})
            for widget in [top, *top.findChildren(QWidget)]:
                if widget.window() is not top:
                    continue  # a dialog's widgets are listed with the dialog
                if not widget.isVisible() or widget.visibleRegion().isEmpty():
                    continue
                described = _describe(widget)
                if described is not None:
                    widgets.append(described)
                widgets.extend(_items(widget))
        focus = QApplication.focusWidget()
        return {"screen": [screen.x(), screen.y(), screen.width(), screen.height()],
                "windows": windows, "largest_window": list(self.largest),
                "widgets": widgets, "focus": type(focus).__name__ if focus else None}

    def clipped(self) -> dict[str, Any]:
        """Text cut anywhere on the open windows, and windows larger than the screen, by the
        GUI tests' own check (tests/gui/clipped_text.py)."""
        from clipped_text import clipped_texts, window_fits
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication

        screen = QApplication.primaryScreen().geometry()
        clipped: list[str] = []
        windows: list[str] = []
        for top in QApplication.topLevelWidgets():
            if top.isVisible() and top.isWindow() and top.windowType() != Qt.WindowType.ToolTip:
                clipped += clipped_texts(top)
                windows += window_fits(top, (screen.width(), screen.height()))
        if self.largest[0] > screen.width() or self.largest[1] > screen.height():
            windows.append(f"a window grew to {self.largest[0]}x{self.largest[1]} on a "
                           f"{screen.width()}x{screen.height()} screen")
        return {"clipped": clipped, "windows": windows}

    def shot(self, path: str, width: int) -> dict[str, Any]:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication

        image = QApplication.primaryScreen().grabWindow(0).toImage()
        if width and image.width() > width:
            image = image.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation)
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        return {"saved": bool(image.save(path, "PNG", 9)), "size": [image.width(),
                                                                    image.height()]}


def serve(eyes: Eyes, address: str) -> Any:
    """Answer requests on the local socket ``address``, on the GUI thread."""
    from PySide6.QtNetwork import QLocalServer

    server = QLocalServer()
    QLocalServer.removeServer(address)
    if not server.listen(address):
        raise SystemExit(f"eyes: cannot listen on {address}: {server.errorString()}")

    def connected() -> None:
        while server.hasPendingConnections():
            socket = server.nextPendingConnection()
            socket.readyRead.connect(lambda s=socket: answer(s))

    def answer(socket: Any) -> None:
        while socket.canReadLine():
            request = json.loads(bytes(socket.readLine().data()).decode())
            try:
                if request["op"] == "look":
                    reply = eyes.look()
                elif request["op"] == "clipped":
                    reply = eyes.clipped()
                elif request["op"] == "shot":
                    reply = eyes.shot(request["path"], int(request.get("width", 0)))
                else:
                    reply = {"error": f"unknown op {request['op']!r}"}
            except Exception as error:  # a journey reports it; the application goes on
                reply = {"error": f"{type(error).__name__}: {error}"}
            socket.write((json.dumps(reply) + "\n").encode())
            socket.flush()

    server.newConnection.connect(connected)
    return server


def main(argv: list[str]) -> int:
    import dealer_station.ui  # the PySide6 work-around, as the application does

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gui"))  # clipped_text
    from PySide6.QtWidgets import QApplication

    from dealer_station.cli import main as dealer_station

    app = QApplication.instance() or QApplication(sys.argv[:1])
    server = serve(Eyes(app), os.environ["JOURNEY_EYES"])  # noqa: F841 (kept alive)
    return dealer_station(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
