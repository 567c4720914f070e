"""PLACE WAGERS stays where it is when the dealer taps a position: the lines about the
acceptor-sensed wager (Let It Ride's $1 bonus, Pai Gow's progressive) show before a position is
chosen too, so the panel does not grow under the finger (a tap on the button's old place landed
on the progressive's words and the wager was never placed)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from dealer_station.ui.wager_entry import WagerEntry

PAI_GOW = {"minimum": 1000, "maximum": 200000, "single": True, "three_card": False,
           "placed": False, "amount": 0, "three_card_amount": 0, "progressive": 100,
           "progressive_lit": False}
LET_IT_RIDE = {"minimum": 500, "maximum": 50000, "three_card": True, "placed": False,
               "amount": 0, "three_card_amount": 0,
               "notice": "Payout limit $100,000.00 per hand"}


@pytest.mark.parametrize("options", [PAI_GOW, LET_IT_RIDE], ids=["pai_gow", "let_it_ride"])
def test_place_wagers_does_not_move_when_a_position_is_tapped(qtbot, options: dict[str, Any]):
    """The panel sits under the step panel at the height it asks for (as in the dealer's
    window, where the room left goes below it): its button keeps its place on the screen."""
    column = QWidget()
    qtbot.addWidget(column)
    layout = QVBoxLayout(column)
    entry = WagerEntry()
    layout.addWidget(entry)
    layout.addStretch(1)
    column.resize(540, 800)
    entry.start("", options)
    column.show()
    qtbot.waitExposed(column)
    qtbot.wait(50)  # the layout settles (its requests are posted events)
    before = entry.place.mapTo(column, entry.place.rect().topLeft())
    entry.start("3", options)
    entry.add_base(2500)
    qtbot.wait(50)
    assert entry.place.isEnabled()
    assert entry.place.mapTo(column, entry.place.rect().topLeft()) == before


def test_the_progressive_line_says_what_the_player_does_before_a_position_is_chosen(qtbot):
    entry = WagerEntry()
    qtbot.addWidget(entry)
    entry.start("", PAI_GOW)
    assert not entry.progressive_label.isHidden()
    assert entry.progressive_label.text() == (
        "Progressive $1.00: the player drops the chip in the position's acceptor; its light "
        "records the wager")
    entry.start("3", PAI_GOW)
    assert entry.progressive_label.text().startswith("Progressive $1.00: not lit")


def test_chips_added_and_not_placed_are_there_again_when_the_position_is_tapped_again(qtbot):
    """Position 3: +$25, then a tap on position 5 before PLACE WAGERS, then back to 3: the $25
    is shown again, ready to place (it was dropped without a word)."""
    entry = WagerEntry()
    qtbot.addWidget(entry)
    entry.start("3", PAI_GOW)
    entry.add_base(2500)
    entry.start("5", PAI_GOW)
    assert entry.base == 0
    entry.start("3", PAI_GOW)
    assert entry.base == 2500 and entry.place.isEnabled()
    entry.start("", PAI_GOW)  # no position chosen: a new betting starts clean
    entry.start("3", PAI_GOW)
    assert entry.base == 0


def test_the_chip_sensed_while_the_wager_is_entered_keeps_the_amount(qtbot):
    """The player drops the progressive chip while the dealer enters the wager: the position's
    entry changes (LIT) and the amount typed stays (it went back to $0.00)."""
    entry = WagerEntry()
    qtbot.addWidget(entry)
    entry.start("3", PAI_GOW)
    entry.add_base(2500)
    entry.start("3", {**PAI_GOW, "progressive_lit": True})
    assert entry.base == 2500
    assert entry.progressive_label.text().startswith("Progressive $1.00: LIT")
    entry.start("3", {**PAI_GOW, "progressive_lit": True, "placed": True, "amount": 2500})
    entry.start("5", PAI_GOW)
    entry.start("3", {**PAI_GOW, "progressive_lit": True, "placed": True, "amount": 2500})
    assert entry.base == 2500  # the placed wager, no draft added to it


def test_place_wagers_is_off_once_placed_until_something_is_added(qtbot):
    """A placed wager: PLACE WAGERS is greyed (pressed again it did nothing, said nothing);
    at Let It Ride a three-card bonus added to the placed wagers turns it on again."""
    entry = WagerEntry()
    qtbot.addWidget(entry)
    entry.start("3", {**PAI_GOW, "placed": True, "amount": 2500})
    assert not entry.place.isEnabled() and entry.withdraw.isEnabled()
    entry.start("2", {**LET_IT_RIDE, "placed": True, "amount": 2500})
    assert not entry.place.isEnabled()
    entry.add_three(500)
    assert entry.place.isEnabled()
