"""A low hand of other than two cards through the dealer's screen (9 NYCRR 5324.41(g)(5)(iv)):
at exposure the dealer picks the cards the player set low, by tapping them or by their digits
(1 the leftmost), and SET HAND (E or Enter) records them as they are: three cards low, or one,
is the foul it is, said under the step with its clause, and the wager loses at the settlement.
A third card tapped used to drop the first, so such a setting could not be recorded."""

from __future__ import annotations

import os
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

DIGITS = (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5, Qt.Key.Key_6,
          Qt.Key.Key_7)


def _records(table: Table) -> list[Any]:
    found: list[Any] = []

    def read(controller: Any) -> None:
        found.extend(controller.station.round.history if controller.station.round is not None
                     else controller.last_round.history)
        found.append(None)

    table.window.call(read)
    table.qtbot.waitUntil(lambda: bool(found) and found[-1] is None, timeout=10_000)
    return found[:-1]


def _tap(table: Table, indexes: tuple[int, ...]) -> None:
    picker = table.window.low_hand
    for index in indexes:
        rect = picker.row._rects()[index]
        table.qtbot.mouseClick(picker.row, Qt.MouseButton.LeftButton,
                               pos=rect.center().toPoint())


def _keys(table: Table, *keys: Qt.Key) -> None:
    with table.qtbot.waitActive(table.window):
        table.window.activateWindow()
    for key in keys:
        table.qtbot.keyClick(table.window, key)


def _to_exposure(table: Table, positions: tuple[int, ...]) -> None:
    table.start_shuffled()
    for position in positions:
        table.wager(position)
    table.press("no_more_bets")
    table.dealt_to_the_exposures()
    table.wait(lambda s: s.step.phase == "exposure" and s.entry is not None
               and s.entry.kind == "setting")


def test_three_cards_or_one_set_low_are_recorded_as_the_foul_5324_41_g_5_iv(
        qtbot: Any, tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        _to_exposure(table, (2, 4))
        snap = table.snapshot
        first = int(snap.step.positions[0])
        assert first == 4  # from the far right ((g)(4))
        primary = snap.step.primary
        assert primary is not None and primary.name == "set_hand"  # Enter: SET HAND
        picker = table.window.low_hand
        seven = picker._cards
        # by touch: three cards tapped, all three kept
        _tap(table, (0, 1, 2))
        assert list(picker.low_hand) == list(seven[:3])
        assert "the low hand has 3 cards, not two [5324.41(g)(5)(iv)]" in picker.verdict.text()
        if os.environ.get("DEALER_SHOTS"):
            table.window.grab().save(os.path.join(os.environ["DEALER_SHOTS"],
                                                  "exposure-three-low.png"))
        before = table.snapshot.records
        table.click(table.window.step_panel.button("set_hand"))
        snap = table.wait(lambda s: s.records > before)
        assert "Position 4 fouled" in snap.message and "5324.41(g)(5)(iv)" in snap.message
        seat = snap.table.seat(4)
        assert seat.foul and seat.decision == "FOUL" and len(seat.low_cards) == 3
        if os.environ.get("DEALER_SHOTS"):
            table.window.grab().save(os.path.join(os.environ["DEALER_SHOTS"],
                                                  "exposure-foul-said.png"))
        # by keys: the next position, one card low (its digit), then Enter
        snap = table.wait(lambda s: s.entry is not None and s.entry.position == "2")
        seven = table.window.low_hand._cards
        _keys(table, DIGITS[6])
        assert list(table.window.low_hand.low_hand) == [seven[6]]
        assert "1 card, not two" in table.window.low_hand.verdict.text()
        before = table.snapshot.records
        _keys(table, Qt.Key.Key_Return)
        snap = table.wait(lambda s: s.records > before)
        assert snap.step.phase == "settlement", snap.message
        assert "Position 2 fouled" in snap.message
        sets = [r for r in _records(table) if r.action == "set_hand"]
        assert [(r.arguments["position"], len(r.arguments["low"]), r.clause) for r in sets] == [
            (4, 3, "5324.41(g)(5)(iv)"), (2, 1, "5324.41(g)(5)(iv)")]
        assert all("(g)(5)(iv)" in r.effects["setting"]["foul"] for r in sets)
        table.tick_all()
        table.press("settle")
        table.wait(lambda s: s.step.phase == "between_rounds")
        settled = next(r for r in _records(table) if r.action == "settle")
        results = settled.effects.get("results", {})
        assert results and all(results[str(p)] == "lose" for p in (2, 4)), settled.effects
    finally:
        table.close()
