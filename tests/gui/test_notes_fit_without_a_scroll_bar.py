"""The step panel's notes read whole when the panel has room for them: no scroll bar, no line a
scroll away. (A note that fitted in the room only without the scroll bar — its last word
within a bar's width of the edge — was given the room of the wider lines; the scroll area then
showed its bar, which narrowed the words, rewrapped them a line longer and kept the bar: under
the first supervisor's creation the notes read "… to create the dealers'" with "accounts." a
scroll away, in a panel with half its height to spare.)"""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from dealer_station.ui.step_panel import NotesArea

pytestmark = pytest.mark.gui


def _settle() -> None:
    for _ in range(12):  # the posted layouts run
        QApplication.processEvents()


def _reads_whole(area: NotesArea) -> bool:
    label = area.label
    return (not area.verticalScrollBar().isVisible()
            and label.height() >= label.heightForWidth(label.width()))


def test_the_first_supervisor_s_note_reads_whole_under_the_sign_in(qtbot: Any, tmp_path) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.create_first_supervisor()
        _settle()
        area = table.window.step_panel.notes_area
        assert area.label.text().endswith("to create the dealers' accounts."), area.label.text()
        assert area.isVisible() and _reads_whole(area), (area.size(), area.label.size())
    finally:
        table.close()


def test_a_note_that_fits_only_without_the_bar_is_given_the_room_to_read_whole(qtbot) -> None:
    """Whatever the fonts: words that wrap to one line more at the width beside the scroll bar
    than at the whole width read whole in a room with height to spare."""
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    label = QLabel()
    label.setObjectName("message")
    label.setWordWrap(True)
    area = NotesArea(label)
    column.addWidget(area)
    column.addStretch(1)
    holder.resize(500, 600)
    holder.show()
    width = 500 - column.contentsMargins().left() - column.contentsMargins().right()
    area.set_words_width(width)
    bar = area.verticalScrollBar().sizeHint().width()
    words = "word"
    while not label.heightForWidth(width - bar) > label.heightForWidth(width):
        words += " word" if len(words) % 3 else " w"
        label.setText(words)
        assert len(words) < 2000
    area.show_notes((words,))
    _settle()
    assert _reads_whole(area), (area.size(), label.size(), label.heightForWidth(width))
