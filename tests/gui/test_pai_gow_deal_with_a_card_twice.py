"""A card in two stacks of a Pai Gow deal (the first stack misread by the shoe and entered by
hand with the cards of the second, which the shoe then dispenses and reads): the round refuses
the deal, 5324.41(f). The stacks stay on the layout and the step's way out is REDEAL, saying
what happened and what to do (the screen said only "duplicate card Ks [5324.41(f)]" and went
back to DISPENSE STACK 1 OF 7 with seven stacks on the layout and the shoe nearly empty, no
REDEAL offered). REDEAL collects them unseen and the deal starts again from a fresh shuffle."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import table_with_technician
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes, pai_gow_deck

pytestmark = pytest.mark.gui


def test_a_deal_holding_a_card_twice_offers_the_redeal_with_the_stacks_out(
        qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    table = table_with_technician(qtbot, str(tmp_path), monkeypatch, "pai_gow")
    try:
        table.inject_fault("misread")  # the next stack out of the shoe is not read
        deck = list(pai_gow_deck())
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(deck))  # the next shuffle: this order
        table.press("start_round")
        table.shuffled_to_the_deal(2)
        table.click(table.wait_button("dispense", "DISPENSE STACK 1 OF 7"))
        table.wait(lambda s: s.entry is not None and s.entry.kind == "cards")
        field = table.window.card_entry.typed
        qtbot.waitUntil(field.hasFocus, timeout=5_000)
        qtbot.keyClicks(field, " ".join(card.text for card in deck[7:14]))  # stack 2's cards
        qtbot.keyClick(field, Qt.Key.Key_Return)
        for number in range(2, 8):
            table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
        snap = table.wait(lambda s: s.step.primary is not None
                          and s.step.primary.name == "redeal")
        assert snap.step.phase == "deal"
        assert any("The deal cannot be recorded: duplicate card" in note
                   and "Collect every stack unseen, then REDEAL" in note
                   for note in snap.step.notes), snap.step.notes
        assert not any(action.name == "dispense" for action in snap.step.actions)
        out = [seat for seat in snap.table.seats if any(True for _ in seat.cards)]
        assert len(out) == 7  # the seven stacks still on the layout, face down
        table.press("redeal")
        snap = table.wait(lambda s: s.step.primary is not None
                          and s.step.primary.label == "DISPENSE STACK 1 OF 7")
        assert not any("cannot be recorded" in note for note in snap.step.notes)
        assert snap.log[-1].endswith("redeal"), snap.log  # on the record
    finally:
        table.close()
