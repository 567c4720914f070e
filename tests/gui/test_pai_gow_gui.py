"""A complete Pai Gow Poker round played through the dealer's screen against the simulated table
devices on pseudo-terminals: wagers entered on the screen, the RNG starting position, seven-card
stacks dispensed by the reading shoe, players' low hands tapped on the screen (a foul flagged at
once), the dealer's hand by the house way, settlement ticked off; the screen and the journal's
records must agree (9 NYCRR 5324.41)."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes
from dealer_station.preview.scripts import PaiGowScript
from dealer_station.procedure import Payment
from dealer_station.ui.view import payment_lines

pytestmark = pytest.mark.gui


def _journal(data_dir):
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[-1]
        return summary, list(journal.round_records(station.store, summary.id))


def _can_foul(seven):
    from itertools import combinations

    from dealer_station.games.pai_gow.setting import player_setting

    return any(player_setting(seven, two).foul for two in combinations(seven, 2))


def _tap(table, picker, cards):
    seven = list(picker._cards)
    for card in cards:
        rect = picker.row._rects()[seven.index(card)]
        table.qtbot.mouseClick(picker.row, Qt.MouseButton.LeftButton,
                               pos=rect.center().toPoint())


def test_pai_gow_round_through_the_gui_over_pty_5324_41(qtbot, tmp_path):
    """5324.41(d)-(g): the whole round on the screen; a fouled setting is flagged as soon as its
    two cards are tapped and loses ((g)(5)(iii)); hole cards stay face down until set."""
    script = PaiGowScript(wagers={1: 2500, 2: 1000, 4: 1500, 6: 5000},
                          settings={1: "hand", 2: "hand", 4: "hand", 6: "house_way"})
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(script.deck()))
        table.press("start_round")
        table.press("shuffled")
        assert table.phase == "betting"
        for position, amount in script.wagers.items():
            table.tap_seat(position)
            entry = table.window.wager_entry
            for _ in range(amount // 500):
                table.click(entry._chip_buttons[0])
            table.click(entry.place)
            table.wait(lambda s, p=position, a=amount: [w.amount for w in
                                                        s.table.seat(p).wagers] == [a])
        table.press("no_more_bets")
        table.press("rng")  # the number is drawn at the press and journaled
        assert table.phase == "deal"
        for _stack in range(7):
            table.press("dispense", expect_record=False)
        snap = table.wait(lambda s: s.step.phase == "setting")
        for position in script.wagers:
            assert snap.table.seat(position).cards == (None,) * 7
        assert snap.table.seat("dealer").cards == (None,) * 7
        # 5324.41(g)(2): no player's cards on the screen before the dealer's hand is set
        assert snap.entry is None
        assert "players_have_set" in [a.name for a in snap.step.actions]
        table.press("players_have_set")
        table.press("banker")
        assert all(c is not None for c in table.snapshot.table.seat("dealer").cards)
        fouled = None
        while table.phase == "exposure":  # (g)(4): from the far right, counter-clockwise
            position = int(table.snapshot.step.positions[0])
            kind = script.settings[position]
            if kind == "house_way":
                table.press("house_way")
                continue
            table.wait(lambda s, p=position: s.entry is not None and s.entry.position == str(p))
            picker = table.window.low_hand
            # The starting position is the RNG's: the first hand that can foul is set fouled.
            kind = "foul" if fouled is None and _can_foul(picker._cards) else "low"
            low = script.low_hand(picker._cards, kind)
            _tap(table, picker, low)
            assert picker.is_foul == (kind == "foul")  # flagged before SET HAND
            if kind == "foul":
                assert "FOUL" in picker.verdict.text()
                fouled = position
            before = table.snapshot.records
            table.click(table.window.step_panel.button("set_hand"))  # SET HAND, the step's
            snap = table.wait(lambda s, b=before: s.records > b)
            seat = snap.table.seat(position)
            assert set(seat.low_cards) == set(low)
            assert seat.foul == (kind == "foul")
        assert not table.window.step_panel.button("settle").isEnabled()  # tick first
        table.tick_all()
        table.press("settle")
        final = table.wait(lambda s: s.step.phase == "between_rounds")
        table.wait(lambda s: s.step.actions[0].enabled)
        assert final.complete
    finally:
        table.close()
    summary, records = _journal(str(tmp_path))
    assert summary.status == "complete"
    journal_payments = [Payment(**p) for p in summary.document["payments"]]
    assert final.payments == payment_lines(journal_payments)
    assert final.records == len(records)
    assert fouled is not None
    if fouled is not None:
        line = next(p for p in journal_payments if p.position == fouled)
        assert line.outcome == "collect"
    assert [r.action for r in records][:3] == ["shuffle", "place_wager", "place_wager"]
    assert "determine_starting_position" in [r.action for r in records]
