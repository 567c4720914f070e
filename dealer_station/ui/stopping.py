"""Stopping the dealer's screen from outside: ``SIGTERM`` (``systemctl stop``, a plain ``kill``),
``SIGINT`` (Ctrl+C in the terminal it was started from) and ``SIGHUP`` (that terminal gone) close
the window exactly as its close button does: the worker stops, the devices and the station close
cleanly (the store seals its tail in a ``closed`` record, so the next start checks two digests
instead of proving the records again), a round in progress stays open in the journal and is
resumed at the next start, and the process exits with status 0.

Python runs its signal handlers only between bytecodes of the main thread, which sits in Qt's
event loop (C++) while the window is up: without a wake-up a signal waited for the next event, or
(``SIGTERM``'s default action) ended the process on the spot, with no clean close. So the C-level
handler writes the signal's number to one end of a socket pair (:func:`signal.set_wakeup_fd`) and
a :class:`~PySide6.QtCore.QSocketNotifier` on the other end wakes the event loop, whose slot
closes the window.
"""

from __future__ import annotations

import contextlib
import signal
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

__all__ = ["STOP_SIGNALS", "close_on_signals"]

#: The signals that close the dealer's screen cleanly.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def close_on_signals(window: QObject, close: Callable[[], None],
                     signals: tuple[signal.Signals, ...] = STOP_SIGNALS) -> Callable[[], None]:
    """Call ``close`` (the window's close without asking: the round waits in the journal) and
    end the event loop when one of ``signals`` arrives; ``window`` owns the wake-up notifier.
    Call on the GUI thread before the event loop starts (a signal arriving earlier is kept and
    acted on when it starts). Returns the function that puts the previous handlers back."""
    from PySide6.QtCore import QCoreApplication, QSocketNotifier

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    received: list[int] = []

    def note(number: int, _frame: object) -> None:
        received.append(number)  # (the wake-up byte does the work)

    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    previous = {number: signal.signal(number, note) for number in signals}
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, window)

    def woken() -> None:
        with contextlib.suppress(OSError):
            reader.recv(256)
        close()  # a stop from outside asks nobody
        QCoreApplication.quit()  # also when another top-level window (a guide) is still open

    notifier.activated.connect(woken)

    def restore() -> None:
        notifier.setEnabled(False)
        for number, handler in previous.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(previous_fd)
        reader.close()
        writer.close()

    return restore
