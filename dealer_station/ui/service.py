"""The dealer's screen under the kiosk unit's service manager (``Type=notify``,
``WatchdogSec=``, :mod:`dealer_station.service_notify`): ``READY=1`` once the first screen is
drawn (or the reason the table could not start is shown), then ``WATCHDOG=1`` from a timer of
the GUI thread's own event loop, so the pings stop when the GUI thread hangs and systemd
restarts the station; ``STOPPING=1`` when the window closes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject, QTimer, SignalInstance

from dealer_station.service_notify import notify, watchdog_interval

__all__ = ["tell_the_service_manager"]


def tell_the_service_manager(window: QObject, shown: SignalInstance,
                             failed: SignalInstance | None = None,
                             environ: Mapping[str, str] | None = None) -> Callable[[], None]:
    """Notify readiness once ``shown`` (the window's first drawn screen) or ``failed`` (the
    worker's reason the table could not start) fires, then ping the watchdog from ``window``'s
    event loop; call on the GUI thread. Returns what to call at a clean close."""
    told: list[bool] = []

    def ready(*_: object) -> None:
        if not told:
            told.append(True)
            notify("READY=1\nSTATUS=the dealer's screen is up", environ)

    shown.connect(ready)
    if failed is not None:
        failed.connect(ready)  # the reason is on the screen: up, and pinging
    interval = watchdog_interval(environ)
    timer = QTimer(window)
    if interval is not None:
        timer.setInterval(max(int(interval * 1000), 100))
        # pings follow READY=1 (before it, systemd's start timeout watches the start)
        timer.timeout.connect(lambda: told and notify("WATCHDOG=1", environ))
        timer.start()

    def stopping() -> None:
        timer.stop()
        notify("STOPPING=1", environ)

    return stopping
