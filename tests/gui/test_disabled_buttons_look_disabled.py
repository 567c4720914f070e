"""A disabled button looks disabled everywhere — the dealer's screen, the supervisor's and
technician's screens, the SIMULATED TABLE panel: dimmer than the same button enabled (a
disabled VOID stayed orange with grey words and looked like a button to press)."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPushButton

pytestmark = pytest.mark.gui


def background(button: QPushButton) -> QColor:
    """The colour painted near the button's left edge, half-way down (beside its words)."""
    button.ensurePolished()
    image = button.grab().toImage()
    return image.pixelColor(min(8, image.width() - 1), image.height() // 2)


def test_every_button_disabled_is_dimmer_than_enabled(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        window = table.window
        window.simulated_table.button.click()  # the panel's own buttons exist once opened
        qtbot.wait(200)
        buttons = [b for b in window.findChildren(QPushButton) if b.width() > 16]
        buttons += [b for b in window.staff.supervisor.findChildren(QPushButton)]
        buttons += [b for b in window.staff.technician.findChildren(QPushButton)]
        looks_enabled = []
        for button in {id(b): b for b in buttons}.values():
            if button.width() <= 16 or button.height() <= 16:
                continue
            was = button.isEnabled()
            button.setEnabled(True)
            enabled = background(button)
            button.setEnabled(False)
            disabled = background(button)
            button.setEnabled(was)
            if disabled.valueF() > 0.8 * enabled.valueF():  # not clearly dimmer
                looks_enabled.append(f"{button.text()!r} ({button.objectName()}): "
                                     f"{enabled.name()} -> {disabled.name()}")
        assert not looks_enabled, "\n".join(looks_enabled)
    finally:
        table.close()
