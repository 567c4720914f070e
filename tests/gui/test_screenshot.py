"""``dealer-station screenshot``: pictures of the dealer's screen at a named step, at the two
sizes the screen must work at."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QImage

from dealer_station.preview.screenshot import render

pytestmark = pytest.mark.gui


def test_screenshot_command_writes_the_step_at_1280x800(tmp_path):
    out = tmp_path / "lir.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station.cli", "screenshot", "--game", "let-it-ride",
         "--step", "bet_one", str(out)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1280, 800)


def test_screenshot_at_1920x1080_for_pai_gow_setting_5324_41_g_1(qapp, tmp_path):
    """The low-hand entry of (g)(1) at full HD."""
    path = render("pai-gow", "setting", tmp_path / "pg.png", (1920, 1080))
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1920, 1080)


def test_screenshot_refuses_an_unknown_step(qapp, tmp_path):
    with pytest.raises(ValueError, match="unknown step"):
        render("let-it-ride", "no_such_step", tmp_path / "x.png")
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station.cli", "screenshot", "--game", "pai-gow",
         "--step", "nope", str(tmp_path / "y.png")], capture_output=True, text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert done.returncode == 2 and "unknown step" in done.stderr
