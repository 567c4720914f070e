"""The supervisor's Configuration (Pai Gow): "side wagers · offered" is a box per optional wager
in words (it was a typed list of code words a supervisor had to know from the TOML), every name
the configuration accepts offered; the hint says what a tick means."""

from __future__ import annotations

from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.ui.supervisor.configuration import hint
from dealer_station.ui.supervisor.setting_choices import set_choices


def test_the_side_wagers_boxes_are_every_wager_the_configuration_accepts_in_words() -> None:
    offered = set_choices("side_wagers.offered")
    assert offered is not None
    assert [BonusWager(value) for value, _words in offered] == list(BonusWager)
    assert ("seven_card_bonus", "seven-card bonus") in offered
    assert "ticked" in hint("side_wagers.offered")
