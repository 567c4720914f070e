"""The deck's count of 9 NYCRR 5324.41(n)(7)(ii)-(n)(8) through the dealer's screen against the
simulated table on pseudo-terminals, dealing stacks of three then four from the shoe: with
``shuffler_counts_cards = true`` the shoe's own count after its shuffle (its SHUFFLE_COMPLETED
event) is recorded, a short deck is found at the shuffle step and the deck replaced there; with
``false`` the dealer's count, and a wrong one keeps the deck removed until a replacement deck
is counted whole."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table

from dealer_station.games.pai_gow.actions import ShufflerReport
from dealer_station.games.pai_gow.station_round import new_round
from dealer_station.preview.memory_station import MemoryStation
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.controller import TableController
from drivers.events import DeviceEvent, EventKind
from drivers.protocol.card_codes import deck_codes

pytestmark = pytest.mark.gui

DEALING = {"count_direction": "counter_clockwise", "shuffle": "automatic",
           "starting_position": "rng", "method": "three_then_four"}


def _settings(shuffler_counts: bool) -> dict[str, Any]:
    return {"side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
            "dealing": DEALING,
            "bonus_wagers": {"shuffler_counts_cards": shuffler_counts,
                             "three_seven_completion": "shoe_stacks_of_four"}}


def _actions(table: Table) -> list[str]:
    return [a.name for a in table.snapshot.step.actions]


def _history(table: Table) -> list[Any]:
    """The open round's records, read on the table's worker thread."""
    found: list[list[Any]] = []
    table.window.call(lambda c: found.append(list(c.round.history) if c.round else []))
    table.qtbot.waitUntil(lambda: bool(found))
    return found[0]


def _form(table: Table, name: str) -> Any:
    table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
               and s.entry.options["name"] == name)
    return table.window.form


def _submit(table: Table, form: Any, counted: int) -> None:
    before = (table.snapshot.records, table.snapshot.step)
    form.inputs["counted"].setValue(counted)
    table.click(form.submit)
    table.wait(lambda s: (s.records, s.step) != before)


def _one_round_to_the_setting(table: Table) -> None:
    table.press("shuffled")
    table.tap_seat(2)
    table.click(table.window.wager_entry._chip_buttons[1])
    table.click(table.window.wager_entry.place)
    table.wait(lambda s: s.table.seat("2").active)
    table.press("no_more_bets")
    while table.phase in ("starting_position", "dealer_wager"):
        table.press(table.snapshot.step.actions[0].name)
    table.wait(lambda s: s.step.phase == "deal")
    for phase in ("deal", "four_card_stacks"):
        table.wait(lambda s, p=phase: s.step.phase == p)
        for _ in range(2):  # position 2, then the dealer
            table.press("dispense", expect_record=False)
    table.wait(lambda s: s.step.phase == "setting")


def _finish(table: Table) -> None:
    table.press("players_have_set")
    while table.phase == "banker":
        table.press("banker")
    while table.phase == "exposure":
        table.press("house_way")
    table.tick_all()
    table.press("settle")
    table.wait(lambda s: s.step.phase == "between_rounds")
    table.tick_all()


def test_the_shufflers_own_count_finds_a_short_deck_at_the_shuffle_5324_41_n_8(qtbot, tmp_path):
    """The shoe shuffles 52 cards (the joker missing): its count is recorded at once, the
    shuffle step says the deck is removed and offers only the replacement's shuffle; the
    replacement's count of 53 lets the round go on. Nobody types the shuffler's count."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings=_settings(True))
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.backdoor.deal_known_cards(deck_codes(53)[:52])
        table.press("start_round")
        snap = table.wait(lambda s: s.step.instruction.startswith("Remove the deck"))
        assert "the shuffler counted 52 cards, not 52 plus the joker" in snap.step.instruction
        assert snap.step.clause == "5324.41(n)(8)"
        assert _actions(table)[0] == "replacement_shuffle" and "shuffled" not in _actions(table)
        report = [r for r in _history(table) if r.action == "shuffler_report"]
        assert [(r.arguments, r.effects) for r in report] == [
            ({"cards": 52}, {"deck_removed": True})]
        assert table.snapshot.entry is None or table.snapshot.entry.kind != "form"

        table.press("replacement_shuffle")  # the shoe shuffles a whole deck and counts it
        table.wait(lambda s: "shuffled" in [a.name for a in s.step.actions])
        report = [r for r in _history(table) if r.action == "shuffler_report"]
        assert report[-1].arguments == {"cards": 53}
        assert report[-1].effects == {"deck_removed": False}
        assert table.press("shuffled").step.phase == "betting"
    finally:
        table.close()


def test_a_removed_deck_stays_removed_until_a_replacement_is_counted_5324_41_n_8(
        qtbot, tmp_path):
    """The dealer counts 38 of the 39 cards the stub holds: the deck is removed; no second
    count is offered (39 was accepted and the notice vanished while the journal kept
    ``deck_removed``); the notice stays to the end of the round; the next round's shuffle
    step says the deck is removed and waits for the replacement deck's count (52: still
    removed, said as a deck's count, not a stub's), 53 releases it."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings=_settings(False))
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        assert not [r for r in _history(table) if r.action == "shuffler_report"]
        _one_round_to_the_setting(table)
        table.press("count_stub", expect_record=False)
        _submit(table, _form(table, "stub_count"), 38)
        notice = "Remove the deck from the table: the stub has 38 cards, 39 expected"
        snap = table.wait(lambda s: notice in s.step.next_text)
        assert "count_stub" not in _actions(table)
        table.window.call(lambda c: c.command("count_stub"))
        snap = table.wait(lambda s: "not possible" in " ".join(s.step.notes))
        assert notice in snap.step.next_text
        table.press("players_have_set")
        assert notice in table.snapshot.step.next_text  # still said at the next step
        table.press("banker")
        while table.phase == "exposure":
            assert notice in table.snapshot.step.next_text
            table.press("house_way")
        table.tick_all()
        table.press("settle")
        table.wait(lambda s: s.step.phase == "between_rounds")
        table.tick_all()

        table.press("start_round")
        snap = table.wait(lambda s: s.step.phase == "shuffle")
        assert snap.step.instruction.startswith(
            "Remove the deck from the table (the stub has 38 cards, 39 expected); count the "
            "replacement deck")
        assert "shuffled" not in _actions(table)
        form = _form(table, "stub_count")
        assert table.snapshot.entry.title == "THE REPLACEMENT DECK COUNTED FACE DOWN"
        _submit(table, form, 52)
        snap = table.wait(lambda s: "the deck has 52 cards, not 52 plus the joker"
                          in s.step.instruction)
        assert "stub has 52" not in snap.step.instruction
        _submit(table, _form(table, "stub_count"), 53)
        table.wait(lambda s: "shuffled" in [a.name for a in s.step.actions])
        assert table.press("shuffled").step.phase == "betting"
    finally:
        table.close()


def test_a_short_count_after_the_shuffle_step_holds_the_deal_5324_41_n_8():
    """The shuffler's count arrives after SHUFFLED (the controller and adapter, no window): it
    is recorded all the same, the deal waits, and the way on is the replacement deck's
    shuffle, never a count typed by the dealer."""
    setup = load_table_config(game="pai_gow")
    settings: dict[str, Any] = {**setup.settings, **_settings(True)}
    carried = {**settings, "station_round": {"dealer_id": "D-7", "round_id": "1"}}
    controller = TableController(MemoryStation(lambda: new_round(carried)),
                                 adapter_for("pai_gow", settings))
    controller.start_round()
    controller.command("shuffled")
    controller.place(3, {"base": 2500})
    shuffled = DeviceEvent("shoe", "S0", 7, EventKind.SHUFFLE_COMPLETED, count=51)
    records = controller.device_event(shuffled)
    assert [r.action for r in records] == ["shuffler_report"]
    assert records[0].effects == {"deck_removed": True}
    snap = controller.snapshot()
    assert "Remove the deck from the table" in snap.step.next_text
    controller.command("no_more_bets")
    while controller.round.step.phase in ("starting_position", "dealer_wager"):
        controller.command(controller.snapshot().step.actions[0].name)
    snap = controller.snapshot()
    assert snap.step.phase == "stub_count" and snap.entry is None
    assert [a.name for a in snap.step.actions] == ["replacement_shuffle"]
    assert controller.perform(ShufflerReport(cards=53)) is not None  # the shoe's next count
    assert controller.snapshot().step.phase == "deal"
