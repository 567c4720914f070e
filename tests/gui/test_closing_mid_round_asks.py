"""Closing the dealer's window during a round asks first, with the fact that the round waits
in the journal and resumes where it stands; between rounds (and on a stop signal, see
test_window_stops_cleanly_on_signals.py) it closes at once. The window's close button used to
end the station mid-round without a word."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui


def _answer(table: Table, words: str) -> None:
    question = table.window.close_question
    assert question is not None and question.isVisible()
    (button,) = [b for b in question.buttons() if b.text() == words]
    table.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_closing_during_a_round_asks_and_keeps_playing_when_told(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_dealer()
        table.wait_devices_online()
        table.press("start_round")
        table.wait(lambda s: s.round_open is not None)
        table.window.close()
        question = table.window.close_question
        assert question is not None
        assert "resumes where it stands" in question.text() and "journal" in question.text()
        assert table.window.isVisible() and table.window.thread_ is not None
        _answer(table, "KEEP PLAYING")
        assert table.window.close_question is None and table.window.isVisible()
        table.window.close()
        _answer(table, "CLOSE THE STATION")
        qtbot.waitUntil(lambda: not table.window.isVisible(), timeout=10_000)
        assert table.window.thread_ is None  # stopped
    finally:
        table.close()


def test_closing_between_rounds_asks_nothing(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_dealer()
        table.wait_devices_online()
        assert table.snapshot.round_open is None
        table.window.close()
        assert table.window.close_question is None
        assert not table.window.isVisible() and table.window.thread_ is None
    finally:
        table.close()
