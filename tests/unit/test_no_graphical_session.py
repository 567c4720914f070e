"""``dealer-station`` with no graphical session (issue 14, item 21): one line on stderr saying a
graphical session is needed and how to run offscreen, exit status 2 — not Qt's abort (status
134) naming the xcb platform plugin; with the X11 libraries missing, the line names the
packages to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from dealer_station.ui.display import session_problem


def test_no_display_is_one_clear_line_and_a_clean_exit(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, "-m", "dealer_station.cli", "--data-dir",
                           str(tmp_path / "data")], capture_output=True, text=True, env=env,
                          timeout=60, check=False)
    assert done.returncode == 2, (done.returncode, done.stderr)
    ours = [line for line in done.stderr.splitlines() if "graphical session" in line]
    assert len(ours) == 1 and ours[0].startswith("dealer-station: no graphical session")
    assert "QT_QPA_PLATFORM=offscreen" in ours[0]
    assert "qt.qpa" not in done.stderr and "Traceback" not in done.stderr


def test_missing_x11_libraries_are_named_with_their_packages() -> None:
    missing = {"xcb-cursor", "xkbcommon-x11"}
    words = session_problem({"DISPLAY": ":0"}, platform="linux", exists=lambda _path: True,
                            find=lambda name: None if name in missing else f"lib{name}.so")
    assert words is not None
    assert "sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 " in words
    assert "QT_QPA_PLATFORM=offscreen" in words


def test_an_offscreen_or_wayland_session_needs_no_x11() -> None:
    nothing = {"find": lambda _name: None, "platform": "linux", "exists": lambda _p: False}
    assert session_problem({"QT_QPA_PLATFORM": "offscreen"}, **nothing) is None
    assert session_problem({"WAYLAND_DISPLAY": "wayland-0"}, **nothing) is None
    assert session_problem({"QT_QPA_PLATFORM": "wayland"}, **nothing) is not None
