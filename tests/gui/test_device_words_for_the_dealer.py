"""A cable pulled on the simulated table (SIMULATED TABLE → UNPLUG …), as a new user pulled the
acceptor lights' during a Let It Ride deal: the dealer reads one line per device in words to act
on — in the top bar "Acceptor lights" with "no answer" under it, read whole at 1280×800 and
1920×1080, and in the step's stop message what to do ("check that their cable is plugged in
…; nothing is lost") — never the port and the protocol ("/dev/pts/1: no answer from device 16
to command 0x04 after 4 attempts", once per seat, which stay the technician's: the device list,
the trace, the log), never "reconnecting", and never a box over the step's instruction."""

from __future__ import annotations

import pytest
from clipped_text import clipped_texts
from gui_harness import Table
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel
from test_simulated_table_panel import _button, _open_panel

pytestmark = pytest.mark.gui

SIZES = ((1280, 800), (1920, 1080))


def _dealer_words(table: Table) -> list[str]:
    """Every text the dealer's window shows (labels, buttons, the top bar's devices)."""
    window = table.window
    shown = [w.text() for w in (*window.findChildren(QLabel),
                                *window.findChildren(QAbstractButton)) if w.isVisible()]
    return shown + [item.shown_words() for item in window.health.items]


def _rect(widget, window) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_pulled_cable_is_said_once_in_a_dealers_words(qtbot, tmp_path, size):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        window.resize(*size)
        table.sign_in_dealer()
        table.wait_devices_online()
        table.press("start_round")
        panel = _open_panel(table)
        table.click(_button(panel, "sim-unplug-acceptors"))
        snap = table.wait(lambda s: any(h.name == "acceptors" and len(h.seats_away) == 7
                                        for h in s.health) and bool(s.step.blocked),
                          timeout=30_000)
        table.click(_button(panel, "sim-close"))
        qtbot.waitUntil(lambda: any(i.shown_words() == "Acceptor lights — no answer"
                                    for i in window.health.items), timeout=10_000)
        acceptors = next(i for i in window.health.items if i.item.name == "acceptors")
        assert acceptors.lines == ("Acceptor lights", "no answer")  # one item, not one a seat
        assert "/dev/" in acceptors.item.detail  # the technician's detail is still known
        blocked = snap.step.blocked or ""
        assert blocked.startswith("Acceptor lights: no answer — check that their cable is "
                                  "plugged in and they are switched on; nothing is lost."), blocked
        words = " ".join(_dealer_words(table))
        assert "/dev/" not in words and "0x04" not in words and "device 16" not in words
        assert "reconnecting" not in words.lower()
        assert words.count("no answer —") <= 2  # the step's message (and a tapped box), once
        assert clipped_texts(window) == [], clipped_texts(window)
        assert [i.shown_words() for i in window.health.items if i.elided] == []
        assert "…" not in window.health.sign_out_button.text()  # the name on duty whole
        qtbot.mouseClick(acceptors, Qt.MouseButton.LeftButton)  # the sentence, over the felt
        box = window.health.detail
        assert box.isVisible() and box.text() == acceptors.advice
        assert not _rect(box, window).intersects(_rect(window.step_panel, window))
        table.click(window.simulated_table.button)
        table.click(_button(panel, "sim-unplug-acceptors"))  # plugged back in
        table.wait(lambda s: not s.step.blocked, timeout=30_000)
        qtbot.waitUntil(lambda: not box.isVisible(), timeout=10_000)  # nothing left to read
    finally:
        table.close()
