"""Python's garbage collector runs on the GUI thread only, while a window is open.

Python collects on whichever thread allocates when a generation's threshold is reached. When
that is a device or worker thread and the garbage holds a Qt object (a widget of a closed screen
in a reference cycle), the QObject is destroyed off the GUI thread: Qt takes its connection lock,
then shiboken asks for the GIL — while the GUI thread holds the GIL and waits for that lock to
make a connection. The window freezes for good (seen in the GUI tests: the GUI thread in
``QObject::connectImpl``, a device thread in ``~QObject`` waiting for the GIL).

So while a :class:`GuiThreadCollector` lives, automatic collection is off and a timer on the GUI
thread collects each generation as its threshold would have; the last collector to go turns
automatic collection back on.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 250
_living: list[int] = [0]


class GuiThreadCollector(QObject):
    """Collects garbage on the thread it lives on (the GUI thread) every :data:`INTERVAL_MS`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        _living[0] += 1
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.collect)
        self._timer.start(INTERVAL_MS)
        self.destroyed.connect(_collector_gone)

    def collect(self) -> int:
        """Collect the oldest generation whose threshold is passed; the objects found."""
        first, second, third = gc.get_count()
        limit_first, limit_second, limit_third = self._thresholds
        if first <= limit_first:
            return 0
        generation = 0
        if second > limit_second:
            generation = 2 if third > limit_third else 1
        return gc.collect(generation)


def _collector_gone() -> None:
    _living[0] -= 1
    if _living[0] <= 0:
        _living[0] = 0
        gc.enable()
