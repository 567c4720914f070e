"""Whether the dealer's screen can open a window here, checked before Qt is started: without a
graphical session, or without the system libraries Qt's X11 platform needs, Qt aborts the
process (SIGABRT, exit status 134) with a message about "the Qt platform plugin xcb". This says
instead, in one line, what is missing and how to go on. Qt-free.

>>> session_problem({}, find=lambda name: "lib", platform="linux")[:40]
'no graphical session: DISPLAY (X11) and '
>>> session_problem({"QT_QPA_PLATFORM": "offscreen"}, find=lambda name: None, platform="linux")
>>> there = {"exists": lambda path: True, "platform": "linux"}
>>> session_problem({"DISPLAY": ":0"}, find=lambda name: "lib", **there)
>>> "libxcb-cursor0" in session_problem({"DISPLAY": ":0"}, **there,
...     find=lambda name: None if name == "xcb-cursor" else "lib")
True
>>> session_problem({"DISPLAY": ":5"}, find=lambda name: "lib", platform="linux",
...                 exists=lambda path: False)[:37]
'no X server answers on DISPLAY=:5 (no'

"""

from __future__ import annotations

import ctypes.util
import os
import sys
from collections.abc import Callable, Mapping

__all__ = ["XCB_LIBRARIES", "session_problem"]

#: The libraries Qt's X11 (xcb) platform loads, by the name the linker knows, and the Debian /
#: Ubuntu package that installs each (the README's install line has them all).
XCB_LIBRARIES: Mapping[str, str] = {
    "xcb-cursor": "libxcb-cursor0",
    "xkbcommon-x11": "libxkbcommon-x11-0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-shape": "libxcb-shape0",
    "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-image": "libxcb-image0",
    "EGL": "libegl1",
    "GL": "libgl1",
    "fontconfig": "libfontconfig1",
    "dbus-1": "libdbus-1-3",
}
#: Qt platforms that draw without a window system (nothing to check).
_NO_WINDOW_SYSTEM = ("offscreen", "minimal", "minimalegl", "vnc", "linuxfb", "eglfs",
                     "vkkhrdisplay")
_OFFSCREEN = ("or draw it without a screen: QT_QPA_PLATFORM=offscreen dealer-station "
              "(a picture of any step: dealer-station screenshot)")


def _local_display_socket(display: str) -> str | None:
    """The socket of a local X display (``:0``, ``unix:1.0``); ``None`` for a remote one."""
    host, _, rest = display.partition(":")
    number = rest.split(".")[0]
    if host not in ("", "unix") or not number.isdigit():
        return None
    return f"/tmp/.X11-unix/X{number}"


def session_problem(environ: Mapping[str, str] | None = None, *,
                    find: Callable[[str], str | None] = ctypes.util.find_library,
                    platform: str = sys.platform,
                    exists: Callable[[str], bool] = os.path.exists) -> str | None:
    """What keeps Qt from opening a window in ``environ`` (default: this process's), in one
    line; ``None`` when nothing does (or it cannot be told: not Linux)."""
    env = os.environ if environ is None else environ
    if not platform.startswith("linux"):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    if chosen in _NO_WINDOW_SYSTEM:
        return None
    wayland, x11 = bool(env.get("WAYLAND_DISPLAY")), bool(env.get("DISPLAY"))
    if chosen.startswith("wayland"):
        if wayland:
            return None
        return ("no graphical session: WAYLAND_DISPLAY is not set (QT_QPA_PLATFORM="
                f"{chosen}). Run it in the table PC's desktop session, {_OFFSCREEN}")
    if not chosen and wayland:
        return None  # Qt takes the Wayland session
    if not x11:
        return ("no graphical session: DISPLAY (X11) and WAYLAND_DISPLAY are not set. Run it "
                f"in the table PC's desktop session (or kiosk mode, see installer/README.md), "
                f"{_OFFSCREEN}")
    display = env.get("DISPLAY", "")
    socket = _local_display_socket(display)
    if socket is not None and not exists(socket):
        return (f"no X server answers on DISPLAY={display} (no {socket}). Start the desktop "
                f"session first, {_OFFSCREEN}")
    missing = [package for library, package in XCB_LIBRARIES.items() if find(library) is None]
    if missing:
        return ("the X11 window needs system libraries that are not installed: "
                f"sudo apt-get install {' '.join(missing)} (see the README's quick start), "
                f"{_OFFSCREEN}")
    return None
