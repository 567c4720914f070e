"""The supervisor's Archive page: the table's sealed days (segments) with their rounds, records,
size and state, what sealing is doing now (it runs beside the dealer, never in the dealer's
way) and its last result, the kept time, SEAL NOW, EXPORT FOR THE REGULATOR (every kept segment
with ``MANIFEST.json`` into a directory, e.g. a USB stick) and SET KEPT TIME (a configuration
change: the signed-in supervisor's PIN checked again by the station, between rounds, audited).

Everything runs on the station's thread (:mod:`dealer_station.archive_desk`); the page reads
afresh every time it is shown and every two seconds while sealing is under way.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealer_station.archive_desk import ArchiveView, archive_view, export_segments
from dealer_station.plural import counted
from dealer_station.store.sealer import SealingStatus
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.widgets import StaffPage, message_label, page_heading, say

__all__ = ["ArchivePage"]


class ArchivePage(StaffPage):
    """See :mod:`module docs <dealer_station.ui.supervisor.archive_page>`. ``session`` is set
    by the screen while a supervisor is signed in."""

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.session: StaffSession | None = None
        self.view: ArchiveView | None = None
        layout = QVBoxLayout(self)
        self.summary = page_heading(layout, "ARCHIVE · the days sealed for the regulator")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        layout.addWidget(self.list, 1)
        export_row = QHBoxLayout()
        self.out = QLineEdit()
        self.out.setPlaceholderText("directory to export to, e.g. /media/usb/LIR-4")
        self.export_button = QPushButton("EXPORT FOR THE REGULATOR")
        self.export_button.setObjectName("primary")
        export_row.addWidget(self.out, 3)
        export_row.addWidget(self.export_button, 2)
        layout.addLayout(export_row)
        keep_row = QHBoxLayout()
        keep_row.addWidget(QLabel("Days kept (0: for ever)"))
        self.keep = QSpinBox()
        self.keep.setRange(0, 36_500)
        self.keep.setMinimumWidth(140)
        self.keep_button = QPushButton("SET KEPT TIME")
        self.seal_button = QPushButton("SEAL NOW")
        keep_row.addWidget(self.keep)
        keep_row.addWidget(self.keep_button, 1)
        keep_row.addWidget(self.seal_button, 1)
        layout.addLayout(keep_row)
        self.message = message_label()
        layout.addWidget(self.message)
        self.timer = QTimer(self)
        self.timer.setInterval(2000)
        self.timer.timeout.connect(self.refresh)
        self.export_button.clicked.connect(self.export)
        self.keep_button.clicked.connect(self.set_kept_time)
        self.seal_button.clicked.connect(self.seal)

    def refresh(self) -> None:
        def read(context: StaffContext) -> ArchiveView:
            station = context.station
            if station.archive_status().state in ("ready", "removing"):
                station.finish_sealing(timeout=0)  # recorded now unless a round is open
            return archive_view(station.store, station.archive_status())

        self.calls.submit(read, self._show, self.message.setText)

    def _show(self, view: ArchiveView) -> None:
        self.view = view
        self.summary.setText("\n".join(view.summary()))
        self.list.clear()
        newest_first = [row.words for row in reversed(view.segments)]
        self.list.addItems(newest_first + ([view.more] if view.more else []) or
                           ["No day sealed yet: the first round after a day ends seals it."])
        if not self.keep.hasFocus():
            self.keep.setValue(view.keep_days)
        # nothing sealed, nothing to export: the page's green button stood ready on a new table
        self.export_button.setEnabled(bool(view.segments))
        self.export_button.setToolTip("" if view.segments else
                                      "No day sealed yet: nothing to export")
        busy = view.sealing is not None and view.sealing.state in ("sealing", "ready",
                                                                  "removing")
        if view.sealing is not None and not busy and self.message.text().startswith(
                "sealing the day"):
            self.message.setText(view.sealing.message or view.sealing.last)
        if busy and self.isVisible():
            self.timer.start()
        else:
            self.timer.stop()

    def seal(self) -> None:
        self.message.setText("Sealing beside the table…")
        self.calls.submit(lambda context: context.station.seal_now(), self._sealing,
                          self.message.setText)

    def _sealing(self, status: SealingStatus) -> None:
        self.message.setText(status.message or status.last or "Nothing to seal.")
        self.refresh()

    def _said(self, words: str) -> None:
        say(self.message, words, done=True)  # a change made: the success colour
        self.refresh()

    def export(self) -> None:
        text = self.out.text().strip()
        if not text or not Path(text).is_absolute():
            self.message.setText("Type the directory to export to (a full path, e.g. "
                                 "/media/usb/LIR-4).")
            return

        def write(context: StaffContext) -> str:
            files = export_segments(context.station.store, Path(text))
            return (f"{counted(len(files) - 1, 'segment')} and {files[-1].name} written to {text}: "
                    "each checked to be the file sealed.")

        self.message.setText("Exporting…")
        self.calls.submit(write, lambda words: say(self.message, words, done=True),
                          lambda words: say(self.message, words))

    def set_kept_time(self) -> None:
        session = self.session
        if session is None:
            return
        days = self.keep.value()

        def change(context: StaffContext) -> str:
            context.station.change_station_settings({"archive_keep_days": days},
                                                    supervisor=session.user, pin=session.pin)
            return ("Segments are kept for ever." if days == 0 else
                    f"Segments are kept {days} days after their day, then deleted from the "
                    "table (the change is audited).")

        self.calls.submit(change, self._said, self.message.setText)
