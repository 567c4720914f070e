"""The service manager's notification protocol (systemd's ``sd_notify``), written here in a few
lines instead of a dependency: a datagram of ``KEY=value`` lines sent to the unix socket named
by ``$NOTIFY_SOCKET`` (a path, or ``@name`` in the abstract namespace). The kiosk unit is
``Type=notify`` with ``WatchdogSec=``: the dealer's screen says ``READY=1`` once its first
screen is shown, then ``WATCHDOG=1`` from the GUI thread's event loop at half the interval
systemd gives in ``$WATCHDOG_USEC``, so a GUI thread that hangs stops the pings and systemd
restarts the station; ``STOPPING=1`` on a clean close. Without ``$NOTIFY_SOCKET`` (not under
systemd) nothing is sent. No Qt here: the screen's timer is in ``dealer_station/ui/app.py``.

>>> watchdog_interval({"WATCHDOG_USEC": "30000000"})
15.0
>>> watchdog_interval({}) is None, watchdog_interval({"WATCHDOG_USEC": "junk"}) is None
(True, True)
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

__all__ = ["notify", "watchdog_interval"]


def notify(state: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``state`` (``READY=1``, ``WATCHDOG=1``, ``STOPPING=1``, ``STATUS=...``, lines
    joined by newlines) to the service manager; False when there is none to tell. A manager
    gone away is not the station's failure: an OSError is swallowed (False)."""
    address = (os.environ if environ is None else environ).get("NOTIFY_SOCKET", "")
    if not address or address[0] not in "/@":
        return False
    target = "\0" + address[1:] if address[0] == "@" else address
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sender:
            sender.connect(target)
            sender.sendall(state.encode("utf-8"))
    except OSError:
        return False
    return True


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between two watchdog pings: half the ``WatchdogSec=`` systemd passes in
    ``$WATCHDOG_USEC`` (None: no watchdog). ``$WATCHDOG_PID`` is not compared with this
    process: under the kiosk's compositor (cage) the main process systemd watches is the
    compositor, whose child the station is (the unit's ``NotifyAccess=all``)."""
    text = (os.environ if environ is None else environ).get("WATCHDOG_USEC", "")
    try:
        usec = int(text)
    except ValueError:
        return None
    return usec / 2_000_000 if usec > 0 else None
