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
from typing import Any

__all__ = ["STOP_SIGNALS", "close_on_signals"]

#: The signals that close the dealer's screen cleanly.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


def close_on_signals(window: Any, signals: tuple[signal.Signals, ...] = STOP_SIGNALS
                     ) -> Callable[[], None]:
    """Close ``window`` (its ``closeEvent``, as the close button does) and end the event loop
    when one of ``signals`` arrives. Call on the GUI thread before the event loop starts (a
    signal arriving earlier is kept and acted on when it starts). Returns the function that
    puts the previous handlers back."""
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
        # a stop from outside asks nobody (the round waits in the journal)
        getattr(window, "close_now", window.close)()
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
