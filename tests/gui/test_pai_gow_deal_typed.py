"""A Pai Gow deal by hand entered from the keyboard (issue 14, item 19): each hand's seven
cards typed ("As Kd Qh 7c 2s JK Th") and one Enter per hand, instead of ~98 taps and seven
ENTERs; a duplicate or an unknown card is refused with one line and the typing is kept; the
taps still work."""

from __future__ import annotations

import random

from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import pai_gow_deck

#: The shipped Pai Gow table dealing by hand (5324.41(f)(2)).
BY_HAND = {"dealing": {"method": "hand", "starting_position": "rng",
                       "count_direction": "counter_clockwise", "shuffle": "automatic"}}


def _to_the_deal(table: Table) -> None:
    table.to_pai_gow_deal()
    table.wait(lambda s: s.entry is not None and s.entry.kind == "cards")


def _type(table: Table, text: str) -> None:
    window = table.window
    field = window.card_entry.typed
    table.qtbot.waitUntil(field.hasFocus, timeout=5_000)  # the keys go to it at once
    table.qtbot.keyClicks(window.focusWidget(), text)
    table.qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Return)


def test_each_hand_typed_with_one_enter(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow", settings=BY_HAND)
    try:
        _to_the_deal(table)
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        deck = list(pai_gow_deck())
        random.Random(7).shuffle(deck)
        entry = table.window.card_entry
        first = [c.text for c in deck[:7]]
        # a mistake first: the same card twice, one clear line, nothing entered, text kept
        records = table.snapshot.records
        _type(table, " ".join([*first[:6], first[0]]))
        assert entry.message.text() == f"{first[0]} is typed twice: check the cards and type " \
                                       "them again."
        assert table.snapshot.records == records and entry.typed.text()
        entry.typed.clear()
        _type(table, " ".join([*first[:6], "1x"]))
        assert entry.message.text().startswith("'1x' is not a card")
        entry.typed.clear()
        hands = 0
        while table.phase == "deal":
            asked = table.snapshot.entry
            cards = [c.text.lower() if hands % 2 else c.text for c in deck[7 * hands:7 * hands + 7]]
            _type(table, " ".join(cards))
            table.wait(lambda s, a=asked: s.entry != a or s.step.phase != "deal")
            hands += 1
        assert hands == 7 and table.phase != "deal"  # one Enter per hand, nothing else
        dealt = [card for seat in table.snapshot.table.seats for card in seat.cards]
        assert len(dealt) == 14 and all(card is None for card in dealt)  # face down still
    finally:
        table.close()


def test_the_taps_still_enter_a_hand(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow", settings=BY_HAND)
    try:
        _to_the_deal(table)
        entry = table.window.card_entry
        asked = table.snapshot.entry
        for card in list(pai_gow_deck())[:7]:
            if card.is_joker:
                table.click(entry.joker)
                continue
            table.click(entry._rank_buttons[card.rank])
            table.click(entry._suit_buttons[card.suit])
        table.click(entry.enter)
        table.wait(lambda s: s.entry != asked)  # the next hand is asked for
        assert table.snapshot.entry is not None and table.snapshot.entry.position == "2"
    finally:
        table.close()
