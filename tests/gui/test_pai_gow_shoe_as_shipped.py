"""Pai Gow Poker dealt by the simulated shoe exactly as shipped (fresh data directory, the shipped
``resources/pai_gow.toml``, random decks, no back door): the shoe holds a shuffled deck of 53
cards (the joker, 5324.41(b)); every DISPENSE delivers one seven-card stack, shown face down at the
position that received it with the next stack's number on the button, and the seventh completes
the deal ((f)(3)(iii)). A table that deals from the hand ((f)(2)) offers no DISPENSE: the cards of
each hand are entered."""

from __future__ import annotations

import pytest
from gui_harness import Table

from dealer_station.cards import Card, pai_gow_deck
from dealer_station.games.pai_gow.config import DealingMethod
from dealer_station.games.pai_gow.dealing import seven_card_hands

pytestmark = pytest.mark.gui


def wager(table: Table, position: int, chips: int = 2) -> None:
    """Tap the seat, add ``chips`` $5 chips, PLACE WAGERS."""
    table.tap_seat(position)
    entry = table.window.wager_entry
    for _ in range(chips):
        table.click(entry._chip_buttons[0])
    table.click(entry.place)
    table.wait(lambda s: s.table.seat(position).active)


def to_the_deal(table: Table, positions: tuple[int, ...] = (1,)) -> None:
    """Sign in (the first supervisor at the first start), start, shuffle, wagers, no more bets,
    the starting position by the RNG: the round waits at the deal."""
    table.start_shuffled()
    for position in positions:
        wager(table, position)
    table.press("no_more_bets")
    table.press("rng")
    table.wait(lambda s: s.step.phase == "deal")


def face_down(table: Table, key: str) -> int:
    return len(table.snapshot.table.seat(key).cards)


def test_the_shipped_table_deals_seven_stacks_from_the_shoe_one_per_dispense_5324_41_f_3(
        qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    try:
        to_the_deal(table, (1, 4))
        order = [str(p) for p in table.snapshot.step.positions]
        assert len(order) == 7
        for number in range(1, 8):
            button = table.window.step_panel.button("dispense")
            assert button.isEnabled()
            assert button.text() == f"DISPENSE STACK {number} OF 7"
            table.click(button)
            if number < 7:
                snap = table.wait(lambda s, n=number: s.step.primary is not None
                                  and s.step.primary.label == f"DISPENSE STACK {n + 1} OF 7")
                assert not snap.message, snap.message
                receiver = order[number - 1]
                key = "dealer" if receiver == "7" else receiver
                assert face_down(table, key) == 7  # the stack lies where it was delivered
                assert all(card is None for card in snap.table.seat(key).cards)  # unseen
        snap = table.wait(lambda s: s.step.phase == "setting")
        assert not snap.message, snap.message
        log = " ".join(snap.log)
        assert "deal" in log
        assert face_down(table, "1") == 7 and face_down(table, "4") == 7
        assert face_down(table, "dealer") == 7
    finally:
        table.close()

    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, str(tmp_path)) as station:
        summary = journal.rounds(station.store)[0]
        deal = next(r for r in journal.round_records(station.store, summary.id)
                    if r.action == "deal")
    dealt = deal.arguments["cards"]
    assert len(dealt) == 49 and len(set(dealt)) == 49  # seven stacks of seven, none twice
    assert set(dealt) <= {c.text for c in pai_gow_deck()}


def test_a_table_dealing_from_the_hand_offers_no_dispense_and_takes_each_hand_5324_41_f_2(
        qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow",
                  settings={"dealing": {"starting_position": "rng",
                                        "count_direction": "counter_clockwise",
                                        "method": "hand", "shuffle": "automatic"}})
    try:
        to_the_deal(table)
        start = int(table.snapshot.step.positions[0])
        deck = [c for c in pai_gow_deck() if not c.is_joker][:49]
        entered: dict[int, list[Card]] = {}
        for index, position in enumerate(table.snapshot.step.positions):
            snap = table.wait(lambda s, i=index: s.entry is not None and s.entry.kind == "cards"
                              and s.entry.position == str(i + 1))
            assert not any(a.name == "dispense" for a in snap.step.actions)
            name = "THE DEALER" if position == 7 else f"POSITION {position}"
            assert snap.entry.title.startswith(f"ENTER THE CARDS OF {name}")
            cards = entered[int(position)] = deck[7 * index: 7 * index + 7]
            entry = table.window.card_entry
            for card in cards:
                table.click(entry._rank_buttons[card.rank])
                table.click(entry._suit_buttons[card.suit])
            table.click(entry.enter)
        snap = table.wait(lambda s: s.step.phase == "setting")
        assert not snap.message, snap.message
    finally:
        table.close()

    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, str(tmp_path)) as station:
        summary = journal.rounds(station.store)[0]
        deal = next(r for r in journal.round_records(station.store, summary.id)
                    if r.action == "deal")
    # the deck recorded is the order the cards left the hand ((f)(2)(i)): every position got
    # exactly the seven cards entered for it
    hands = seven_card_hands(list(deal.arguments["cards"]), start, DealingMethod.HAND)
    assert hands == {p: [c.text for c in h] for p, h in entered.items()}
