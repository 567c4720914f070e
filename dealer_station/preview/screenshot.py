"""Pictures of the dealer's screen at a chosen step of a scripted round, drawn offscreen: for
``dealer-station screenshot``, the tests and ``docs/screenshots/``.

The round is a real round of the game, played through the same controller and adapter as the
application (buttons, card entry, device events), on a journal-less station; the device health
comes from the simulated table's devices, opened in process.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from dealer_station.preview import scripts
from dealer_station.preview.controllers import preview_controller, script_for
from dealer_station.preview.scenes import SCENES, scene
from dealer_station.ui.main_window import MainWindow

__all__ = ["GAMES", "preview_controller", "render", "script_for", "steps_of"]

GAMES = {"let-it-ride": "let_it_ride", "pai-gow": "pai_gow"}
#: The application object and the windows drawn live until the process ends: Qt deletes them
#: in its own order then (deleting a window from Python's garbage collector has crashed PySide6).
_APP: Any = None
_WINDOWS: list[Any] = []


def steps_of(game: str) -> tuple[str, ...]:
    """The step names ``--step`` accepts for ``game``: the scripted round's phases and the
    scenes of :mod:`dealer_station.preview.scenes` (forms, a halt, ...)."""
    phases = scripts.LET_IT_RIDE_PHASES if game == "let_it_ride" else scripts.PAI_GOW_PHASES
    return (*phases, *SCENES.get(game, {}))


def render(game: str, step: str, path: str | Path, size: tuple[int, int] = (1280, 800)) -> Path:
    """Play a scripted ``game`` round to ``step`` and save the screen as ``path`` (PNG)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    game = GAMES.get(game, game)
    if step not in steps_of(game):
        raise ValueError(f"unknown step {step!r} for {game}: {', '.join(steps_of(game))}")
    global _APP
    app = _APP = QApplication.instance() or QApplication([])
    if step in SCENES.get(game, {}):
        controller = scene(game, step)
    else:
        controller = preview_controller(game)
        scripts.play_until(controller, script_for(game), step)
    window = MainWindow()
    window.resize(*size)
    window.show()
    window.show_snapshot(controller.snapshot())
    for _ in range(3):  # the posted layout requests of the panels just filled
        app.processEvents()
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(target)):
        raise OSError(f"could not write {target}")
    window.close()
    _WINDOWS.append(window)
    return target
