"""A shoe that does not read its cards (``[devices] shoe_reads_cards = false``) through the
dealer's screen, against the simulated table on pseudo-terminals: each stack is DISPENSED
first, then typed (the entry is not offered before the shoe dispensed the stack, DISPENSE not
again before it is entered), so the round records exactly what the shoe dealt; the keys the
screen shows work (D and Enter dispense, the cards typed go to the card box even when it lost
the focus); a wrong count of cards or a card typed twice is refused in one line and never
recorded, by the entry and by the table behind it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealer_station.cards import Card, parse_card, standard_deck

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return list(journal.round_records(station.store, summary.id))


def _words(cards: list[Card]) -> str:
    return " ".join(card.text for card in cards)


def _cards_left(table: Table) -> int:
    return int(table.backdoor.state().shoe.cards_left)


def _let_it_ride_at_the_deal(qtbot: Any, tmp_path: Any, deck: list[Card]) -> Table:
    table = Table(qtbot, str(tmp_path), "let_it_ride", devices={"shoe_reads_cards": False})
    table.start_round_with(deck)
    table.wager(3)
    table.press("no_more_bets")
    table.wait(lambda s: s.step.phase == "dealing")
    return table


@contextmanager
def _first_stack_out(qtbot: Any, tmp_path: Any) -> Iterator[tuple[Table, list[Card], Any]]:
    """Let It Ride at the deal, DISPENSE pressed, the first stack out and its card entry
    offered: ``(table, the shoe's deck, the card entry)``; the table closed after."""
    deck = list(standard_deck())
    table = _let_it_ride_at_the_deal(qtbot, tmp_path, deck)
    try:
        table.click(table.window.step_panel.button("dispense"))
        _dispensed(table, 49)
        yield table, deck, table.window.card_entry
    finally:
        table.close()


def _key(table: Table, key: Qt.Key) -> None:
    with table.qtbot.waitActive(table.window):
        table.window.activateWindow()
    table.qtbot.keyClick(QApplication.focusWidget() or table.window, key)


def _dispensed(table: Table, left: int) -> Any:
    """Wait for the stack out of the shoe (``left`` cards in it) and its entry."""
    table.qtbot.waitUntil(lambda: _cards_left(table) == left, timeout=10_000)
    return table.wait(lambda s: s.entry is not None and s.entry.kind == "cards")


def test_each_stack_is_dispensed_before_it_is_typed_5324_34_d_2(qtbot, tmp_path):
    """(d)(2): at each stack the step offers DISPENSE (D or Enter) and no card entry; the card
    entry comes once the shoe dispensed the stack, with the step saying to type its 3 cards, and
    DISPENSE comes back only once they are in. The cards typed are what the round records, and
    the shoe has dealt exactly the stacks recorded."""
    deck = list(standard_deck())
    table = _let_it_ride_at_the_deal(qtbot, tmp_path, deck)
    try:
        entry = table.window.card_entry
        for number, key in enumerate((Qt.Key.Key_D, Qt.Key.Key_Return)):
            snap = table.wait(lambda s: any(a.name == "dispense" for a in s.step.actions))
            assert snap.entry is None, snap.entry
            assert "D or Enter dispense" in table.window.step_panel.keys.text()
            assert table.window.lower_panels.currentWidget() is not entry
            # typed with no stack out: the table itself refuses them
            table.window.call(lambda c: c.enter_cards(tuple(deck[40:43])))
            table.wait(lambda s: "No cards are expected now" in " ".join(s.step.notes))
            assert _cards_left(table) == 52 - 3 * number
            before = table.snapshot.records
            _key(table, key)  # D, then Enter: the step's keys, the window has them
            snap = _dispensed(table, 52 - 3 * (number + 1))
            assert snap.records == before  # the shoe does not read: nothing recorded yet
            assert not any(a.name == "dispense" for a in snap.step.actions), snap.step.actions
            assert snap.step.instruction.startswith("Deliver the "), snap.step
            assert "type its 3 cards" in snap.step.instruction
            assert "3 cards" in entry.title.text()
            table.qtbot.waitUntil(lambda: QApplication.focusWidget() is entry.typed)
            stack = deck[3 * number:3 * number + 3]
            table.qtbot.keyClicks(entry.typed, _words(stack))
            table.qtbot.keyClick(entry.typed, Qt.Key.Key_Return)
            table.wait(lambda s, b=before: s.records > b)
        table.wait(lambda s: s.step.phase == "bet_one")  # position 3's stack, the community's
        assert _cards_left(table) == 46
    finally:
        table.close()
    stacks = [r.arguments["cards"] for r in _journal(str(tmp_path)) if r.action == "receive_stack"]
    assert stacks == [[c.text for c in deck[0:3]], [c.text for c in deck[3:6]]]


def test_four_cards_typed_for_a_stack_of_three_are_never_recorded_5324_34_d_2(qtbot, tmp_path):
    """(d)(2) a stack is three cards: "Ah 2c 3d 4d" typed says 3 needed, 4 typed, and ENTER
    CARDS is off; Enter in the box and the button record nothing; the table behind the screen
    refuses four cards too (none of them recorded). One taken out, the three are recorded."""
    with _first_stack_out(qtbot, tmp_path) as (table, deck, entry):
        before = table.snapshot.records
        four = [*deck[:3], deck[10]]
        table.qtbot.keyClicks(entry.typed, _words(four))
        assert entry.message.text() == "3 cards needed, 4 typed: take one out, then Enter."
        assert not entry.enter.isEnabled()
        table.click(entry.enter)
        table.qtbot.keyClick(entry.typed, Qt.Key.Key_Return)
        assert entry.message.text() == "3 cards needed, 4 typed."
        table.window.call(lambda c: c.enter_cards(tuple(four)))
        snap = table.wait(lambda s: "3 cards needed, 4 entered" in " ".join(s.step.notes))
        assert snap.records == before and snap.entry is not None
        assert "nothing recorded" in " ".join(snap.step.notes)
        for _ in range(3):
            table.qtbot.keyClick(entry.typed, Qt.Key.Key_Backspace)
        assert entry.enter.isEnabled() and not entry.message.isVisible()
        table.click(entry.enter)
        table.wait(lambda s: s.records > before)
    stacks = [r.arguments["cards"] for r in _journal(str(tmp_path)) if r.action == "receive_stack"]
    assert stacks == [[c.text for c in deck[0:3]]]


def test_cards_typed_after_the_box_lost_the_focus_go_to_the_box_5324_34_d_2(qtbot, tmp_path):
    """The card box lost the focus (the window has it: a tap elsewhere): the cards typed still
    go to the box (they were "Keys ignored") and its Enter records them."""
    with _first_stack_out(qtbot, tmp_path) as (table, deck, entry):
        before = table.snapshot.records
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.window.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is table.window)
        for character in _words(deck[:3]):
            qtbot.keyClick(QApplication.focusWidget(), character)
        assert entry.typed.text() == _words(deck[:3])
        assert QApplication.focusWidget() is entry.typed
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        snap = table.wait(lambda s: s.records > before)
        assert not any("Keys ignored" in note for note in snap.step.notes), snap.step.notes


def test_a_card_typed_twice_is_refused_in_one_line_5324_34_d_2(qtbot, tmp_path):
    """A card typed twice in a stack, or a card of a stack already recorded, is refused at once
    in one line, ENTER CARDS off; the table refuses it too; nothing is lost (the words stay to
    be corrected)."""
    with _first_stack_out(qtbot, tmp_path) as (table, deck, entry):
        twice = f"{deck[0].text} {deck[1].text} {deck[0].text}"
        table.qtbot.keyClicks(entry.typed, twice)
        assert entry.message.text() == (f"{deck[0].text} is typed twice: check the cards and "
                                        "type them again.")
        assert not entry.enter.isEnabled() and entry.typed.text() == twice
        before = table.snapshot.records
        table.window.call(lambda c: c.enter_cards((deck[0], deck[1], deck[0])))
        snap = table.wait(lambda s: "entered twice" in " ".join(s.step.notes))
        assert snap.records == before
        entry.typed.clear()
        table.qtbot.keyClicks(entry.typed, _words(deck[:3]))
        table.qtbot.keyClick(entry.typed, Qt.Key.Key_Return)
        table.wait(lambda s: s.records > before)
        table.click(table.wait_button("dispense"))
        _dispensed(table, 46)
        again = f"{deck[3].text} {deck[4].text} {deck[1].text}"
        table.qtbot.keyClicks(entry.typed, again)
        assert entry.message.text() == (f"{deck[1].text} is already on the table: check the "
                                        "card and re-enter.")
        assert not entry.enter.isEnabled()


def test_a_pai_gow_deal_is_seven_dispenses_each_typed_5324_41_f_3(qtbot, tmp_path):
    """5324.41(f)(3): the seven stacks of seven, each DISPENSED then typed; no stack is taken
    before the shoe dispensed it (the stacks for positions 6 and 7 were taken with the shoe
    still full), and the deal recorded is the 49 cards the shoe dealt, in its order."""
    deck = [*standard_deck(), parse_card("JK")]
    table = Table(qtbot, str(tmp_path), "pai_gow", devices={"shoe_reads_cards": False})
    try:
        table.start_round_with(deck)
        table.shuffled_to_the_deal(2)
        entry = table.window.card_entry
        full = _cards_left(table)
        for number in range(7):
            label = f"DISPENSE STACK {number + 1} OF 7"
            table.wait_button("dispense", label)
            snap = table.snapshot
            assert snap.entry is None, snap.entry
            table.window.call(lambda c: c.enter_cards(tuple(deck[45:52])))
            table.wait(lambda s: "No cards are expected now" in " ".join(s.step.notes))
            assert _cards_left(table) == full - 7 * number
            table.click(table.wait_button("dispense", label))
            snap = _dispensed(table, full - 7 * (number + 1))
            assert not snap.step.actions, snap.step.actions
            assert snap.step.instruction.startswith(f"Deliver stack {number + 1} of 7 to ")
            assert "type its 7 cards" in snap.step.instruction
            table.qtbot.waitUntil(lambda: QApplication.focusWidget() is entry.typed)
            table.qtbot.keyClicks(entry.typed, _words(deck[7 * number:7 * number + 7]))
            table.qtbot.keyClick(entry.typed, Qt.Key.Key_Return)
            if number < 6:
                table.wait(lambda s, n=number: any(
                    a.label == f"DISPENSE STACK {n + 2} OF 7" for a in s.step.actions))
        table.wait(lambda s: s.step.phase != "deal")
        assert _cards_left(table) == full - 49
    finally:
        table.close()
    deal = next(r for r in _journal(str(tmp_path)) if r.action == "deal")
    assert deal.arguments["cards"] == [c.text for c in deck[:49]]
