"""The supervisor's Configuration (Pai Gow): "side wagers · offered" says which words it takes —
an empty box with no hint left a supervisor unable to offer the progressive without the TOML."""

from __future__ import annotations

import re

from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.ui.supervisor.configuration import hint


def test_the_side_wagers_hint_lists_every_name_the_configuration_accepts():
    words = hint("side_wagers.offered")
    listed = re.search(r"commas: (.*) \(empty", words)
    assert listed is not None, words
    names = listed.group(1).split(", ")
    assert [BonusWager(name) for name in names] == list(BonusWager)  # each one accepted
