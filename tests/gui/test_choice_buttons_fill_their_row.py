"""A row of choice buttons given fewer options (the validation page's positions: 7 at a Let It
Ride table, 6 once the table deals Pai Gow Poker) fills its row again: the column of the button
removed kept its share, an empty gap at the row's end."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from dealer_station.ui.supervisor.widgets import ChoiceButtons

pytestmark = pytest.mark.gui


def test_fewer_choices_fill_the_row_again(qtbot: Any) -> None:
    row = ChoiceButtons([(str(p), str(p)) for p in range(1, 8)])
    qtbot.addWidget(row)
    row.resize(700, 60)
    row.show()
    row.set_options([(str(p), str(p)) for p in range(1, 7)])
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert list(row.buttons) == ["1", "2", "3", "4", "5", "6"]
    last = row.buttons["6"]
    qtbot.waitUntil(lambda: last.isVisible() and last.geometry().width() < 200, timeout=5_000)
    assert last.geometry().right() >= row.width() - 2, last.geometry()
    assert row.value() == "1"
