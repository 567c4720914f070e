"""No label or button text of the dealer's window is clipped, and the window never grows past
the screen (issue 14, item 8): every visible QLabel and QAbstractButton of the real main window,
at 1280×800 and 1920×1080, at every step of a scripted round of both games and in each named
scene (forms, a halt, the dice...), reads whole — its text's font metrics within the widget's
contents rectangle, word wrap honoured — and within the window. Plus the live window on the
simulated table with the SIMULATED TABLE panel open."""

from __future__ import annotations

from typing import Any

import pytest
from clipped_text import clipped_texts, window_fits
from gui_harness import Table
from PySide6.QtWidgets import QApplication

from dealer_station.preview.scenes import SCENES, scene
from dealer_station.preview.screenshot import preview_controller, script_for
from dealer_station.ui.main_window import MainWindow

SIZES = ((1280, 800), (1920, 1080))


def _settle(app: Any, rounds: int = 12) -> None:
    for _ in range(rounds):  # the panels' posted layouts and the step text's fitting passes
        app.processEvents()


def _problems(window: MainWindow, snapshot: Any, where: str) -> list[str]:
    app = QApplication.instance()
    found = []
    for size in SIZES:
        window.resize(*size)
        window.show_snapshot(snapshot)
        _settle(app)
        found += [f"{where} {size[0]}x{size[1]}: {p}"
                  for p in clipped_texts(window) + window_fits(window, size)]
    return found


@pytest.mark.parametrize("game", ["let_it_ride", "pai_gow"])
def test_every_step_of_a_round_reads_whole_at_both_sizes(qtbot, game):
    controller = preview_controller(game)
    script = script_for(game)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    found: list[str] = []
    phases: list[str] = []
    found += _problems(window, controller.snapshot(), "between_rounds")
    for _ in range(300):
        script.play_step(controller)
        if controller.round is None:
            found += _problems(window, controller.snapshot(), "complete")
            break
        phases.append(controller.round.step.phase)
        found += _problems(window, controller.snapshot(), phases[-1])
    assert len(set(phases)) >= 7, phases  # the walk went through the round
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game,name", [(g, n) for g, names in SCENES.items() for n in names])
def test_each_scene_reads_whole_at_both_sizes(qtbot, game, name):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    found = _problems(window, scene(game, name).snapshot(), name)
    assert not found, "\n".join(found)


def test_live_window_with_the_simulated_table_open_reads_whole(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        table.sign_in_supervisor()  # the top bar at its fullest: the one on duty, SIGN OUT
        table.press("start_round")  # and the title with its round
        access = table.window.simulated_table
        qtbot.waitUntil(access.button.isVisible)
        table.click(access.button)
        qtbot.waitUntil(lambda: bool(access.panel.chip_buttons))
        found = []
        for size in SIZES:
            table.window.resize(*size)
            _settle(QApplication.instance())
            qtbot.wait(50)
            found += clipped_texts(table.window) + window_fits(table.window, size)
        # the felt at its narrowest (a wide step panel beside it: Pai Gow's deal at 1280x800
        # left it 688 px, and the panel's right column was cut)
        table.window.resize(1280, 800)
        table.window.felt.setMaximumWidth(table.window.felt.minimumWidth())
        chip = access.panel.chip_buttons[3]  # the longest words: "3 · REMOVE CHIP"
        table.click(chip)
        qtbot.waitUntil(lambda: "REMOVE" in chip.text())
        _settle(QApplication.instance())
        qtbot.wait(50)
        found += [f"narrowest felt: {line}" for line in clipped_texts(table.window)]
        assert not found, "\n".join(found)
    finally:
        table.close()


def test_the_check_finds_a_clipped_button_and_a_cut_wrapped_label(qtbot):
    """The check itself: it sees what a person would not read whole."""
    from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    button = QPushButton("DEALER'S HAND SET BY HOUSE WAY")
    button.setFixedWidth(120)
    label = QLabel("Ask position 1: withdraw bet two or let it ride? After the decision the "
                   "player's cards stay face down and untouched.")
    label.setWordWrap(True)
    label.setFixedSize(200, 30)
    layout.addWidget(button)
    layout.addWidget(label)
    window.resize(400, 200)
    window.show()
    _settle(QApplication.instance())
    found = clipped_texts(window)
    assert any("HOUSE WAY" in line for line in found)
    assert any("Ask position 1" in line for line in found)
