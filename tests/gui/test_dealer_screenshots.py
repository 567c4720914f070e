"""The dealer's screen in the states a dealer reaches through the PROBLEM… menu and the Pai Gow
forms, drawn by ``dealer-station screenshot`` at 1280×800: every one fits the screen (the window
is not pushed larger by a form, a long button label or a third button)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from dealer_station.preview.scenes import SCENES, scene
from dealer_station.preview.screenshot import render, steps_of

pytestmark = pytest.mark.gui

GAME_NAMES = {"let_it_ride": "let-it-ride", "pai_gow": "pai-gow"}


@pytest.mark.parametrize("game,name", [(g, n) for g, names in SCENES.items() for n in names])
def test_each_scene_fits_1280x800(qapp, tmp_path, game, name):
    """5324.34(d) / 5324.41(k)(2), (n)(6)-(8), 5324.2(b): the forms at the smallest screen."""
    assert name in steps_of(game)
    path = render(GAME_NAMES[game], name, tmp_path / f"{name}.png", (1280, 800))
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1280, 800)


def test_scenes_reach_their_state_5324_34_d():
    """Each scene stands where its name says (the screenshots show what they claim)."""
    assert scene("let_it_ride", "halted").round.step.phase == "halted"
    assert scene("let_it_ride", "exposed_card").snapshot().entry.options["name"] == "exposed_card"
    mismatch = scene("pai_gow", "light_count_mismatch").snapshot()
    assert mismatch.entry.options["name"] == "light_mismatch"
    assert scene("pai_gow", "dice").snapshot().entry.options["name"] == "dice"
    assert scene("pai_gow", "three_card_bonus").round.step.phase == "three_card_bonus"
    assert scene("pai_gow", "stub_count").snapshot().entry.options["name"] == "stub_count"
