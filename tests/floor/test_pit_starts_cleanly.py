"""The pit's screen in a fresh process, its SUPERVISORS tab opened at once: the floor's listener
keeps running and the list fills the width. (The tab's handler imported psycopg's JSON types on
the GUI thread while the listener's thread imported psycopg itself; Python's import locks refused
the pair as a deadlock: the listener's thread died — the pit heard no more of the floor — and the
tab raised KeyError 'psycopg'. And each fill resized the lists to their contents: a narrow strip
at the window's left.)"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = """
import sys, threading, time
from PySide6.QtWidgets import QApplication
from dealer_station.ui.pit import PitWindow

app = QApplication([])
window = PitWindow(sys.argv[1])
window.resize(1280, 800)
window.show()
window.tabs.setCurrentIndex(4)  # SUPERVISORS, at once
deadline = time.monotonic() + 20
while time.monotonic() < deadline and window.supervisors.rowCount() == 0:
    app.processEvents()
    time.sleep(0.02)
listening = any(t.name == "floor-listener" and t.is_alive() for t in threading.enumerate())
table = window.supervisors
used = sum(table.columnWidth(c) for c in range(table.columnCount()))
print(listening, table.rowCount(), used >= 0.9 * table.viewport().width())
window.close()
"""


def test_the_pit_opened_on_its_supervisors_tab_keeps_listening_and_fills_the_width(
        floor_url: str) -> None:
    added = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "supervisor",
                            "add", "P-1", "--name", "Pat Pit", "--pin-stdin", "--url", floor_url],
                           input="246810\n246810\n", capture_output=True, text=True, timeout=60)
    assert added.returncode == 0, added.stderr
    shown = subprocess.run([sys.executable, "-c", SCRIPT, floor_url], capture_output=True,
                           text=True, timeout=120,
                           env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert "Traceback" not in shown.stderr, shown.stderr
    assert shown.stdout.split() == ["True", "1", "True"], (shown.stdout, shown.stderr)
