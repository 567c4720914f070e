"""A person at the table, for the journey tests: an X server, the application started the way
``dealer-station`` starts, and hands (real X mouse and keyboard events through ``xdotool``) and
eyes (what the screen shows, from :mod:`journey_eyes`, and screenshots).

The hands press only what the eyes see: a button is found by its visible text, uncovered, and
clicked at its place on the screen; text is typed with the keyboard into the field that has the
focus. Nothing here calls into the station, the controller, the adapters or the simulated devices.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: How long a person waits for the screen to follow before calling it a failure.
PATIENCE = 20.0
#: Width of the screenshots kept for docs/journeys/ (pixels).
SHOT_WIDTH = 960

Text = str | re.Pattern[str]


class JourneyError(AssertionError):
    """The screen did not show what the journey expected; carries what it showed instead."""


def _normal(text: str) -> str:
    return " ".join(text.split()).casefold()


def matches(pattern: Text, text: str) -> bool:
    """A string matches a text equal to it (case and spacing aside); a regular expression
    matches a text it is found in.

    >>> matches("Start round", "START  ROUND"), matches("START", "START ROUND")
    (True, False)
    >>> matches(re.compile("round", re.I), "START ROUND")
    True
    """
    if isinstance(pattern, re.Pattern):
        return pattern.search(text) is not None
    return _normal(pattern) == _normal(text)


def missing_tools() -> list[str]:
    """The programs the journeys need that are not installed."""
    return [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]


# ---------------------------------------------------------------------------- the X server
class XServer:
    """An Xvfb server on a free display (``-displayfd``: the server picks it)."""

    def __init__(self, width: int, height: int) -> None:
        self.size = (width, height)
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 15
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip():
            self.process.kill()
            raise RuntimeError(f"Xvfb did not start: {self.process.stderr.read().decode()[-400:]}"
                               if self.process.stderr else "Xvfb did not start")
        self.display = f":{int(number)}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# ---------------------------------------------------------------------------- what is seen
@dataclass(frozen=True)
class Seen:
    """One thing on the screen: a widget with text, a row, a tab, a menu entry or a position
    drawn on the felt."""

    kind: str
    cls: str
    text: str
    rect: tuple[int, int, int, int]
    enabled: bool
    uncovered: bool
    raw: dict[str, Any] = field(compare=False, repr=False)

    @property
    def centre(self) -> tuple[int, int]:
        x, y, w, h = self.rect
        return x + w // 2, y + h // 2



@dataclass(frozen=True)
class Screen:
    """What the screen showed at one moment."""

    size: tuple[int, int]
    windows: tuple[dict[str, Any], ...]
    largest_window: tuple[int, int]
    things: tuple[Seen, ...]

    @classmethod
    def from_reply(cls, reply: dict[str, Any]) -> Screen:
        things = tuple(Seen(w["kind"], w["cls"], w.get("text", ""), tuple(w["rect"]),
                            bool(w.get("enabled", True)), bool(w.get("uncovered", True)), w)
                       for w in reply["widgets"])
        return cls(tuple(reply["screen"][2:]), tuple(reply["windows"]),
                   tuple(reply["largest_window"]), things)

    def visible(self) -> Iterator[Seen]:
        return (t for t in self.things if t.uncovered)

    def find(self, text: Text, kind: str | None = None) -> list[Seen]:
        return [t for t in self.visible() if (kind is None or t.kind == kind)
                and matches(text, t.text)]

    def reachable(self, text: Text, kind: str | None = None) -> list[Seen]:
        """What a person can click: uncovered, enabled, not behind another window's modal
        dialog."""
        return [t for t in self.find(text, kind) if t.enabled and t.raw.get("reachable", True)]

    def texts(self) -> list[str]:
        return [t.text for t in self.visible() if t.text.strip()]

    def shows(self, text: Text) -> bool:
        """Some text on the screen is (or contains, for a pattern) ``text``."""
        return any(matches(text, t.text) for t in self.visible())

    def buttons(self) -> list[str]:
        return [t.text for t in self.visible() if t.kind == "button" and t.enabled]

    def summary(self) -> str:
        lines = [" | ".join(self.buttons())]
        lines += [t.text.replace("\n", " / ")[:160] for t in self.visible()
                  if t.kind in ("label", "field") and t.text.strip()]
        return "\n".join(lines)


# ---------------------------------------------------------------------------- the application
class Station:
    """``dealer-station`` running in its own process on ``xserver`` (its own data directory),
    watched by :mod:`eyes`; ``shots`` is where screenshots go."""

    def __init__(self, xserver: XServer, data_dir: Path, shots: Shots,
                 args: Iterable[str] = ()) -> None:
        self.xserver = xserver
        self.data_dir = data_dir
        self.shots = shots
        self.args = list(args)
        self.process: subprocess.Popen[bytes] | None = None
        self._socket: socket.socket | None = None
        self._buffer = b""
        self.log = data_dir.parent / f"{data_dir.name}-app.log"
        #: The PINs a supervisor gave (one-time PINs), by account, until the owner's first
        #: sign-in chooses their own.
        self.given_pins: dict[str, str] = {}

    # -------------------------------------------------------------- life
    def start(self) -> Station:
        self._address = tempfile.mktemp(prefix="journey-eyes-", suffix=".sock")
        environment = dict(os.environ, DISPLAY=self.xserver.display, QT_QPA_PLATFORM="xcb",
                           JOURNEY_EYES=self._address)
        for name in ("DEALER_STATION_DATA_DIR", "DEALER_STATION_TABLE"):
            environment.pop(name, None)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, str(HERE / "journey_eyes.py"), "--data-dir", str(self.data_dir),
                 *self.args], env=environment, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise JourneyError(f"dealer-station exited ({self.process.returncode}) at start:"
                                   f"\n{self.tail()}")
            try:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self._socket.connect(self._address)
                break
            except OSError:
                self._socket.close()
                self._socket = None
                if time.monotonic() > deadline:
                    raise JourneyError("dealer-station did not open its window in 60 s") from None
                time.sleep(0.1)
        self._buffer = b""
        return self

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def kill(self) -> None:
        """SIGKILL, as a power cut: nothing of the application runs after it."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._disconnect()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self._disconnect()

    def _disconnect(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self._socket is None:
            raise JourneyError("dealer-station is not running")
        if self.process is not None and self.process.poll() is not None:
            raise JourneyError(f"dealer-station died ({self.process.returncode}):\n{self.tail()}")
        self._socket.settimeout(30)
        self._socket.sendall((json.dumps(request) + "\n").encode())
        while b"\n" not in self._buffer:
            try:
                chunk = self._socket.recv(1 << 20)
            except TimeoutError:
                raise JourneyError("the window did not answer in 30 s (frozen?)") from None
            if not chunk:
                raise JourneyError(f"dealer-station went away:\n{self.tail()}")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise JourneyError(f"eyes: {reply['error']}")
        return reply

    # -------------------------------------------------------------- eyes
    def look(self) -> Screen:
        return Screen.from_reply(self._ask({"op": "look"}))

    def wait(self, condition: Callable[[Screen], Any], what: str,
             patience: float = PATIENCE, failure_shot: bool = True) -> Screen:
        """Look until ``condition(screen)`` holds; fail with what the screen shows instead
        (and a screenshot of it, unless the caller tries again)."""
        deadline = time.monotonic() + patience
        while True:
            screen = self.look()
            if condition(screen):
                return screen
            if time.monotonic() > deadline:
                if failure_shot:
                    self.shots.failure(self, what)
                raise JourneyError(f"waited {patience:.0f} s for {what}; the screen shows:\n"
                                   f"{screen.summary()}")
            time.sleep(0.15)

    def wait_for(self, *texts: Text, patience: float = PATIENCE,
                 failure_shot: bool = True) -> Screen:
        """Wait until every one of ``texts`` is on the screen."""
        return self.wait(lambda s: all(s.shows(t) for t in texts),
                         " and ".join(repr(getattr(t, "pattern", t)) for t in texts), patience,
                         failure_shot)

    def wait_gone(self, text: Text, patience: float = PATIENCE) -> Screen:
        return self.wait(lambda s: not s.shows(text),
                         f"{getattr(text, 'pattern', text)!r} to go", patience)

    def unreadable(self) -> list[str]:
        """Text cut on the open windows, and any window that is (or was) larger than the
        screen: one line each, empty when all reads whole."""
        reply = self._ask({"op": "clipped"})
        return [*reply["windows"], *reply["clipped"]]

    def shot(self, name: str, caption: str) -> Path | None:
        """A screenshot of the whole X screen for this step of the journey."""
        return self.shots.take(self, name, caption)

    # -------------------------------------------------------------- hands
    def _xdotool(self, *arguments: str) -> None:
        subprocess.run(["xdotool", *arguments], check=True, timeout=30,
                       env=dict(os.environ, DISPLAY=self.xserver.display))

    def click_at(self, x: int, y: int) -> None:
        # no "mousemove --sync": it waits ~15 s when the pointer is already there (a button
        # pressed twice in a row)
        self._xdotool("mousemove", str(x), str(y), "sleep", "0.05", "click", "1")

    def click(self, thing: Seen) -> None:
        self.click_at(*thing.centre)

    def find(self, text: Text, kind: str | None = "button",
             patience: float = PATIENCE) -> Seen:
        """Wait until one enabled ``kind`` showing ``text`` is on screen, uncovered, and has
        stayed where it is for a moment (a person aims at a button that has stopped moving: the
        layout settles after each change)."""
        last: list[Seen | None] = [None]

        def settled(screen: Screen) -> bool:
            found = screen.reachable(text, kind)
            now = found[0] if found else None
            before, last[0] = last[0], now
            return now is not None and before is not None and before.rect == now.rect

        self.wait(settled, f"{kind or 'something'} {getattr(text, 'pattern', text)!r}",
                  patience)
        found = last[0]
        assert found is not None
        return found

    def press(self, text: Text, kind: str | None = "button",
              patience: float = PATIENCE) -> None:
        """Click the button (tab, row, menu entry…) showing ``text``."""
        self.click(self.find(text, kind, patience))

    def scroll_down(self, thing: Seen, clicks: int = 5) -> None:
        """Turn the mouse wheel down over ``thing``."""
        x, y = thing.centre
        self._xdotool("mousemove", str(x), str(y), "click", "--repeat", str(clicks),
                      "--delay", "30", "5")

    def tap_seat(self, position: int | str) -> None:
        """Tap the position drawn on the felt."""
        self.press(str(position), kind="seat")

    def fill_the_screen(self) -> None:
        """Make the main window as large as the screen, as a person maximises it (X has no
        window manager here to do it: the request goes to the X server the same way)."""
        width, height = self.xserver.size
        self._xdotool("search", "--sync", "--onlyvisible", "--name", "^Dealer Station$",
                      "windowmove", "%@", "0", "0", "windowsize", "%@", str(width),
                      str(height))
        self.wait(lambda s: any(w["title"] == "Dealer Station" and w["rect"][2:] ==
                                [width, height] for w in s.windows),
                  f"the window at {width}x{height}")

    def key(self, *keys: str) -> None:
        """Press keys by their X names (``Return``, ``space``, ``r``, ``ctrl+a``)."""
        for name in keys:
            self._xdotool("key", "--clearmodifiers", name)
            time.sleep(0.05)

    def type(self, text: str) -> None:
        self._xdotool("type", "--delay", "15", text)

    def fill(self, field_text: Text, value: str) -> None:
        """Click the field labelled (or with the placeholder) ``field_text`` and type ``value``
        over what it holds."""
        self.click(self.field(field_text))
        self.key("ctrl+a", "BackSpace")
        self.type(value)

    def field(self, label: Text) -> Seen:
        """The text field with placeholder ``label``, or the one to the right of (or under)
        the label ``label``."""
        def locate(screen: Screen) -> Seen | None:
            fields = [t for t in screen.visible() if t.kind == "field" and t.enabled
                      and t.raw.get("reachable", True)]
            for candidate in fields:
                if matches(label, str(candidate.raw.get("placeholder", ""))):
                    return candidate
            for caption in screen.find(label, "label"):
                if not caption.raw.get("reachable", True):
                    continue
                x, y, w, h = caption.rect
                beside = [f for f in fields if f.rect[0] >= x + w - 2
                          and abs(f.centre[1] - (y + h // 2)) < max(h, f.rect[3]) // 2 + 4]
                below = [f for f in fields if 0 <= f.rect[1] - (y + h) < 40
                         and abs(f.rect[0] - x) < 40]
                near = sorted(beside, key=lambda f: f.rect[0]) or below
                if near:
                    return near[0]
            return None

        screen = self.wait(locate, f"a field {getattr(label, 'pattern', label)!r}")
        found = locate(screen)
        assert found is not None
        return found


# ---------------------------------------------------------------------------- screenshots
@dataclass
class Step:
    name: str
    caption: str
    file: str


class Shots:
    """Screenshots of one journey's steps, numbered in order, in ``directory/journey/``; the
    journey's captions are written next to them (``steps.json``) for the index."""

    def __init__(self, directory: Path, journey: str, title: str = "") -> None:
        self.directory = directory / journey
        self.journey = journey
        self.title = title
        self.steps: list[Step] = []
        #: While set, steps are not photographed (a journey's set-up shown in another one).
        self.paused = False
        if self.directory.exists():
            shutil.rmtree(self.directory)
        self.directory.mkdir(parents=True)

    @contextlib.contextmanager
    def pause(self) -> Iterator[None]:
        self.paused = True
        try:
            yield
        finally:
            self.paused = False

    def take(self, station: Station, name: str, caption: str) -> Path | None:
        if self.paused:
            return None
        file = f"{len(self.steps) + 1:02d}-{name}.png"
        path = self.directory / file
        reply = station._ask({"op": "shot", "path": str(path), "width": SHOT_WIDTH})
        if not reply.get("saved"):
            raise JourneyError(f"screenshot {path} not saved")
        self.steps.append(Step(name, caption, file))
        self.write()
        return path

    def failure(self, station: Station, what: str) -> None:
        """Where the journey stopped: a screenshot named for it."""
        with contextlib.suppress(JourneyError, OSError):
            station._ask({"op": "shot", "path": str(self.directory / "FAILED-here.png"),
                          "width": SHOT_WIDTH})
        self.steps.append(Step("FAILED", f"stopped waiting for {what}", "FAILED-here.png"))
        self.write()

    def write(self) -> None:
        (self.directory / "steps.json").write_text(json.dumps(
            {"title": self.title, "steps": [step.__dict__ for step in self.steps]},
            indent=1, ensure_ascii=False) + "\n")
