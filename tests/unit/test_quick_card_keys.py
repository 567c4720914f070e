"""The quick card's keys are the key table (dealer_station/ui/keys.py) written out, and the key
table names every key a step button has: a key added to a screen and not to the table, or the
card edited by hand, fails here."""

from __future__ import annotations

import re

from test_guides_name_what_the_screens_have import screen_buttons

from dealer_station.guide import guide_path
from dealer_station.ui.keys import KEY_TABLE, with_table


def test_the_quick_card_s_keys_are_the_key_table() -> None:
    text = guide_path("quick-card").read_text(encoding="utf-8")
    assert with_table(text) == text, "run python -m dealer_station.ui.keys"


def test_the_key_table_has_every_key_of_the_step_buttons() -> None:
    """Every letter of a step button (the adapters' commands, the panel's own, the buttons of
    scripted rounds); not the fallback names of actions no adapter shows (view.ACTION_LABELS
    alone: EXPOSE, REJECT)."""
    from dealer_station.ui.view import ACTION_LABELS

    tabled = {m.group(1) for key, _does in KEY_TABLE if (m := re.fullmatch(r"`([A-Z])`", key))}
    fallback = {(re.escape(label), key) for label, key in ACTION_LABELS.values()}
    bound = {key for _label, key in screen_buttons() - fallback if re.fullmatch(r"[A-Z]", key)}
    assert bound - tabled == set()
    assert {"O", "J", "B", "K"} <= tabled


def test_a_key_left_out_of_the_table_is_caught() -> None:
    text = guide_path("quick-card").read_text(encoding="utf-8")
    assert with_table(text.replace("| `J` |", "| `Q` |")) != text.replace("| `J` |", "| `Q` |")
