"""The stop message (a device fault that stops the step) reads whole in the step panel: a
jammed shoe at Pai Gow's deal, with the step's own way out ("… Or, once the shoe is cleared by
hand: REDEAL."), lost its last line at 1280x800 — the panel squeezed the label and nothing
shrank it as the instruction is shrunk."""

from __future__ import annotations

import dataclasses

import pytest
from clipped_text import clipped_texts
from PySide6.QtWidgets import QApplication

from dealer_station.preview.screenshot import preview_controller, script_for
from dealer_station.preview.scripts import play_until
from dealer_station.ui.main_window import MainWindow

JAMMED = ("Shoe fault (jam). This step is stopped: clear the fault or call a technician; the "
          "step resumes by itself when the device is back. Or, once the shoe is cleared by "
          "hand: REDEAL.")


def _settle() -> None:
    for _ in range(20):
        QApplication.processEvents()


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_jammed_shoe_s_stop_message_with_its_way_out_reads_whole(qtbot, size):
    controller = preview_controller("pai_gow")
    play_until(controller, script_for("pai_gow"), "deal")
    snapshot = controller.snapshot()
    snapshot = dataclasses.replace(snapshot, step=dataclasses.replace(snapshot.step,
                                                                      blocked=JAMMED))
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    window.show_snapshot(snapshot)
    _settle()
    assert window.step_panel.blocked.isVisible()
    assert [line for line in clipped_texts(window) if "'fault'" in line] == []
    # the fault gone: the next stop message starts again at the full size
    window.show_snapshot(dataclasses.replace(snapshot, step=dataclasses.replace(
        snapshot.step, blocked="Shoe fault (door open).")))
    _settle()
    assert window.step_panel.blocked.styleSheet() == ""
