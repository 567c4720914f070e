"""The stub count prompts of 5324.41(n)(7)(ii)-(n)(8) on the dealer's screen (controller and
adapter, no window): due in the fifth round (the step's "next" line says so and COUNT STUB… is
offered), overdue in the sixth (the deal waits for the count, entered in the form), and a wrong
count takes the deck off the table."""

from __future__ import annotations

from typing import Any

from dealer_station.games.pai_gow.actions import Deal, DealFourCardStacks
from dealer_station.games.pai_gow.station_round import new_round
from dealer_station.preview.memory_station import MemoryStation
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.controller import TableController


def _controller(rounds_since_count: int) -> TableController:
    setup = load_table_config(game="pai_gow")
    settings: dict[str, Any] = {
        **setup.settings,
        "dealing": {**setup.settings["dealing"], "method": "three_then_four"},
        "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]},
    }
    # the stub tracker carried from the table's rounds before (the station journals it)
    carried = {**settings, "station_round": {"dealer_id": "D-7", "round_id": "6", "stub": {
        "required": True, "rounds_since_count": rounds_since_count}}}
    station = MemoryStation(lambda: new_round(carried))
    controller = TableController(station, adapter_for("pai_gow", settings))
    controller.start_round()
    controller.command("shuffled")
    controller.place(3, {"base": 2500})
    controller.command("no_more_bets")
    return controller


def test_overdue_stub_count_blocks_the_deal_5324_41_n_7_ii():
    controller = _controller(5)
    snap = controller.snapshot()
    assert snap.step.phase == "stub_count"
    assert snap.entry is not None and snap.entry.options["name"] == "stub_count"
    assert snap.entry.options["cancel"] is False  # the deal waits for it
    assert not snap.step.actions  # no DISPENSE before the count
    assert controller.round.step.phase == "stub_count"


def test_overdue_stub_counted_at_the_screen_releases_the_deal_5324_41_n_7_ii():
    """Nothing is dealt yet in the overdue round, so the stub counted is the whole deck: 52
    cards and the joker release the deal."""
    controller = _controller(5)
    assert "deck" in controller.snapshot().entry.options["fields"][0].label
    record = controller.submit_form({"counted": 53})
    assert record is not None and record.action == "count_stub"
    assert record.effects["deck_removed"] is False
    snap = controller.snapshot()
    assert snap.step.phase == "deal"
    assert "count_stub" not in [a.name for a in snap.step.actions]
    # the count came before this round's play: the round is the first of the next five
    assert controller.round.optional.next_stub().rounds_since_count == 1


def test_overdue_round_asks_only_the_dealers_count_5324_41_n_7_ii():
    """``shuffler_counts_cards = false``: the shuffler does not count, so the form takes the
    dealer's count only (it offered "the shuffler, after the shuffle", typed by hand)."""
    controller = _controller(5)
    fields = controller.snapshot().entry.options["fields"]
    assert [field.name for field in fields] == ["counted"]
    record = controller.submit_form({"counted": 53})
    assert record is not None and record.action == "count_stub"
    assert controller.snapshot().step.phase == "deal"


def test_overdue_count_short_of_the_deck_keeps_the_deal_blocked_5324_41_n_8():
    controller = _controller(5)
    record = controller.submit_form({"counted": 53 - 7 * 2})  # a stub's count is not the deck
    assert record is not None and record.effects["deck_removed"] is True
    snap = controller.snapshot()
    assert snap.step.phase == "stub_count"
    assert "Remove the deck" in snap.step.instruction
    assert controller.perform(Deal(cards=(*(f"{r}c" for r in "23456"), "7d"))) is None


def _after_four_more_cards(controller: TableController) -> None:
    deck = tuple(f"{r}{s}" for s in "cdhs" for r in "23456789TJQKA")
    controller.perform(Deal(cards=deck[:6]))
    controller.perform(DealFourCardStacks(cards=deck[6:14]))


def test_a_wrong_stub_count_takes_the_deck_off_the_table_5324_41_n_8():
    controller = _controller(4)
    _after_four_more_cards(controller)
    controller.command("count_stub")
    record = controller.submit_form({"counted": 30})
    assert record is not None and record.effects["deck_removed"] is True
    assert "Remove the deck" in controller.snapshot().step.next_text


def test_stub_count_due_in_the_fifth_round_is_prompted_5324_41_n_7_ii():
    controller = _controller(4)
    snap = controller.snapshot()
    assert snap.step.phase == "deal"  # due, not yet overdue: the deal goes on
    _after_four_more_cards(controller)
    snap = controller.snapshot()
    assert snap.step.phase == "setting"
    assert "Count the stub" in snap.step.next_text
    assert "count_stub" in [a.name for a in snap.step.actions]
    controller.command("count_stub")
    assert controller.snapshot().entry.options["name"] == "stub_count"
    record = controller.submit_form({"counted": 53 - 7 * 2})
    assert record is not None and record.action == "count_stub"
    assert "count_stub" not in [a.name for a in controller.snapshot().step.actions]
