"""What is taken back before "no more bets", and the cut, through the dealer's screen against
the simulated devices on pseudo-terminals: TAKE ALL BACK in the wager entry withdraws a
position's wagers (Let It Ride's three, Pai Gow's pai gow wager), a chip lifted off a bonus or
progressive acceptor is the round's to hear; a table dealing by hand confirms each card; a
player surrenders before the hands are exposed."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table

from dealer_station.cards import card_codes, standard_deck

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        return [record for summary in journal.rounds(station.store)
                for record in journal.round_records(station.store, summary.id)]


def _take_all_back(table: Table, position: int) -> None:
    table.tap_seat(position)
    entry = table.window.wager_entry
    table.qtbot.waitUntil(entry.withdraw.isEnabled, timeout=10_000)
    table.click(entry.withdraw)
    table.wait(lambda s: not s.table.seat(position).active)


def test_wagers_taken_back_and_a_bonus_chip_lifted_before_no_more_bets_5324_34_c(
        qtbot, tmp_path):
    """5324.34(c): position 3's three wagers and its $1 bonus chip (its acceptor lit); the
    player lifts the chip off the acceptor (the wager is gone from the felt), then takes the
    three wagers back with TAKE ALL BACK; position 5 plays on, with a three-card bonus wager
    ((c)(7)) added in the wager entry."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(card_codes(list(standard_deck())))
        table.press("start_round")
        table.wager(3)
        table.wager(5)
        # position 5's three-card bonus wager: the wager entry's own chips ((c)(7))
        table.tap_seat(5)
        entry = table.window.wager_entry
        table.click(entry._three_buttons[0])
        table.click(entry.place)
        table.wait(lambda s: any(w.area == "three_card_bonus"
                                 for w in s.table.seat("5").wagers))
        table.backdoor.place_chip(3)
        table.wait(lambda s: any(w.area == "bonus" for w in s.table.seat("3").wagers))
        table.backdoor.remove_chip(3)
        table.wait(lambda s: not any(w.area == "bonus" for w in s.table.seat("3").wagers))
        _take_all_back(table, 3)
        snap = table.press("no_more_bets")
        assert snap.table.seat("5").active and not snap.table.seat("3").active
    finally:
        table.close()
    actions = [r.action for r in _journal(str(tmp_path))]
    assert actions.index("acknowledge_bonus") < actions.index("bonus_chip_removed") \
        < actions.index("withdraw_wagers") < actions.index("announce_no_more_bets"), actions
    withdrawn = next(r for r in _journal(str(tmp_path)) if r.action == "withdraw_wagers")
    assert withdrawn.arguments == {"position": 3}
    three = next(r for r in _journal(str(tmp_path)) if r.action == "place_three_card_bonus")
    assert three.arguments["position"] == 5


def test_a_table_dealing_by_hand_confirms_each_card_with_card_dealt_5324_34_d_1(
        qtbot, tmp_path):
    """5324.34(d)(1): a table dealing by hand (``dealing = "manual"``): each card dealt is
    confirmed with CARD DEALT (D), one card at a time, three to the position and three to the
    community, then the first decision."""
    from dealer_station.table_config import load_table_config

    shipped = load_table_config(game="let_it_ride").settings["table"]
    table = Table(qtbot, str(tmp_path), "let_it_ride",
                  settings={"table": {**shipped, "dealing": "manual"}})
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        table.wager(2)
        snap = table.press("no_more_bets")
        assert snap.step.phase == "dealing" and snap.step.actions[0].label == "CARD DEALT"
        for _ in range(6):
            table.press("dealt")
        assert table.wait(lambda s: s.step.phase == "bet_one")
    finally:
        table.close()
    assert [r.action for r in _journal(str(tmp_path))].count("deal_card") == 6


def test_a_pai_gow_wager_taken_back_and_a_progressive_chip_lifted_5324_41_d_3(qtbot, tmp_path):
    """5324.41(d)(3)-(4): at a table offering the progressive, position 4's chip in its
    acceptor lights the wager and lifting it takes the wager away; position 2's pai gow wager is
    taken back with TAKE ALL BACK before no more bets."""
    table = Table(qtbot, str(tmp_path), "pai_gow",
                  settings={"side_wagers": {"offered": ["progressive"]}})
    try:
        table.sign_in_dealer(meter=True)
        table.wait_devices_online()
        table.press("start_round")
        table.press("shuffled")
        table.wager(2)
        table.wager(4)
        table.backdoor.place_chip(4)
        table.wait(lambda s: any(w.area == "progressive" for w in s.table.seat("4").wagers))
        table.backdoor.remove_chip(4)
        table.wait(lambda s: not any(w.area == "progressive"
                                     for w in s.table.seat("4").wagers))
        _take_all_back(table, 2)
        snap = table.press("no_more_bets")
        assert snap.table.seat("4").active and not snap.table.seat("2").active
    finally:
        table.close()
    actions = [r.action for r in _journal(str(tmp_path))]
    assert actions.index("acceptor_lit") < actions.index("progressive_chip_removed") \
        < actions.index("withdraw_wager") < actions.index("no_more_bets"), actions


def test_a_player_surrenders_before_the_hands_are_exposed_5324_41_g_3(qtbot, tmp_path):
    """5324.41(g)(3): with positions 2 and 5 waiting to be exposed, SURRENDER… (U) asks which;
    position 5 chosen, SURRENDER: COLLECT THE WAGER records it and position 5 is done."""
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        table.start_shuffled()
        table.wager(2)
        table.wager(5)
        table.press("no_more_bets")
        table.press("rng")
        for _ in range(7):
            table.click(table.wait_button("dispense"))
        table.wait(lambda s: s.step.phase == "setting")
        table.click(table.wait_button("surrender", "SURRENDER…"))
        table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
                   and s.entry.options["name"] == "surrender")
        form = table.window.form
        table.click(form.inputs["position"].buttons["5"])
        before = table.snapshot.records
        table.click(form.submit)
        table.wait(lambda s: s.records > before)
    finally:
        table.close()
    surrendered = next(r for r in _journal(str(tmp_path)) if r.action == "surrender")
    assert surrendered.arguments == {"position": 5}
