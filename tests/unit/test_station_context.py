"""The Pai Gow Poker table context carried by the Station from round to round (9 NYCRR 5324.41
(e), (h)): the cut offered in rotation, the bank offered counter-clockwise with the first offer
rotating each round, never to the first round of a game, never to the player who banked the
round before, the dealer's wager against the bank taken from the bank's last wager against the
dealer; journaled with each round's settings, so it survives closing and reopening the Station
on the same data directory, the open round replays identically, and ``dealer-station settle``
recomputes a stored round document that depends on it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account

from dealer_station.cards import format_cards, pai_gow_deck
from dealer_station.cli import main
from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import (
    CONTEXT_KEY,
    STATION_HOOKS,
    new_round,
    next_table_context,
)
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store import journal

PIN_COST = 2**8
TABLE = "PG-CTX"
SETTINGS: dict[str, Any] = {
    "game": "pai_gow",
    "table": {"minimum_wager": "$10", "maximum_wager": "$2,000"},
    "dealing": {"shuffle": "manual"},  # the cut of (e) after every shuffle
}
PLAYERS = (2, 4, 6)


def open_station(data_dir: Path) -> Station:
    station = Station.open(TABLE, str(data_dir), game="pai_gow", settings=SETTINGS,
                           pin_cost=PIN_COST)
    if station.needs_first_supervisor:
        station.create_first_supervisor("S1", "Sam", "111111")
        add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    return station


def current(station: Station) -> PaiGowRound:
    round_ = station.round
    assert isinstance(round_, PaiGowRound)
    return round_


def refused(station: Station, action: str, **arguments: Any) -> str:
    """The clause ``action`` is refused with (and nothing journaled)."""
    assert not station.can(action, **arguments)
    before = len(current(station).history)
    with pytest.raises(ProcedureError) as error:
        station.perform(action, **arguments)
    assert len(current(station).history) == before
    assert error.value.clause is not None
    return error.value.clause


def to_bets(station: Station, cut_to: int) -> None:
    """Shuffle, offer the cut to ``cut_to`` (declined: the dealer cuts), place $10 at 2, 4, 6."""
    station.perform("shuffle")
    station.perform("cut", offered_to=cut_to, accepted=False)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)


def finish(station: Station, seed: int) -> int:
    """Play the open round to its end (house way everywhere); returns its number."""
    round_id = station.round_id
    assert round_id is not None
    deck = [card.text for card in pai_gow_deck()]
    random.Random(seed).shuffle(deck)
    while station.round is not None:
        round_ = current(station)
        step = round_.step
        if step.phase == "betting":
            station.perform("no_more_bets")
        elif step.phase == "dealer_wager":
            station.perform("place_dealer_wager", amount=round_.proposed_dealer_wager)
        elif step.phase == "starting_position":
            station.perform("determine_starting_position", number=3)
        elif step.phase == "deal":
            station.perform("deal", cards=deck)
        elif step.phase == "setting":
            station.perform("players_have_set")
        elif step.phase == "exposure":
            station.perform("set_hand_house_way", position=round_.exposure_order()[0])
        elif step.phase == "banker" and step.actions[0] == "set_bank_hand":
            assert round_.bank is not None
            _, low = round_.house_way.set_hand(round_.seven_cards(round_.bank))
            station.perform("set_bank_hand", low=format_cards(low))
        elif step.phase == "banker":
            station.perform(step.actions[0])
        else:
            assert step.phase == "settlement", step
            station.perform("settle")
    return round_id



def dealer_ends_the_void(station: Station) -> None:
    """The dealer returns each wager (RETURN lines) and collects the cards: the void ends."""
    while station.round is not None and station.round.step.phase in ("return_wagers",
                                                                     "collect_cards"):
        station.perform(station.round.step.actions[0])

def test_the_cut_and_the_bank_rotate_across_rounds_and_a_reopen_5324_41_e_2_h_3(
        tmp_path: Path) -> None:
    """5324.41(h)(2): no bank the first round of the game; (h)(3): the bank offered counter-
    clockwise from the far right, the first offer moving one position counter-clockwise each
    round, the player who banked refused the next round, allowed again after a round between;
    (h)(7): the dealer's wager is the bank's last wager against the dealer; (e)(2): the cut
    offered to the first player at the new game, then rotating counter-clockwise. The Station
    is closed and reopened mid-game and mid-round: the rotations carry on from the journal."""
    station = open_station(tmp_path)

    # round 1: a new game. Any seated player may be offered the cut (the first to the table);
    # no player may bank ((h)(2)).
    first = station.start_round()
    assert first.context == TableContext()
    to_bets(station, cut_to=6)
    assert current(station).next_bank_offer() is None
    assert refused(station, "accept_bank", position=6) == "5324.41(h)(2)"
    one = finish(station, seed=1)

    # round 2: the cut goes to the far right (6) whoever was first to the table ((e)(2)(ii));
    # the bank is offered from the far right (6); 6 passes, 4 banks and the dealer wagers 4's
    # last wager.
    second = current_after_start(station)
    assert second.context.new_game is False
    station.perform("shuffle")
    assert second.expected_cut_offer() == 6
    assert refused(station, "cut", offered_to=5, accepted=False) == "5324.41(e)(2)(ii)"
    station.perform("cut", offered_to=6, accepted=True)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)
    assert second.bank_offer_order() == (6, 4, 2)
    assert refused(station, "accept_bank", position=4) == "5324.41(h)(3)"  # 6 is offered first
    station.perform("decline_bank", position=6)
    station.perform("accept_bank", position=4, chips=2000)
    assert second.proposed_dealer_wager == 1000  # 4's wager against the dealer in round 1
    two = finish(station, seed=2)
    assert second.dealer_wager == 1000 and second.bank == 4

    # the Station is closed and reopened: round 3 carries on from the journal
    station.close()
    station = open_station(tmp_path)
    third = current_after_start(station)
    assert third.context == second.next_context()
    assert (third.context.last_bank, third.context.bank_first_offer,
            third.context.last_cut_offer) == (4, 5, 6)
    assert third.expected_cut_offer() == 5
    station.perform("shuffle")
    station.perform("cut", offered_to=5, accepted=False)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)
    # the first offer moved to 5 (nobody there): 4 is offered first and refused, having
    # banked round 2 (no player banks two rounds in a row)
    assert third.bank_offer_order() == (4, 2, 6) and third.next_bank_offer() == 4
    assert refused(station, "accept_bank", position=4, chips=2000) == "5324.41(h)(3)"
    station.perform("decline_bank", position=4)

    # closed again mid-round: the open round replays identically and goes on where it stood
    history = [record.to_json() for record in third.history]
    station.close()
    station = open_station(tmp_path)
    assert station.resumed.outcome == "resumed"
    resumed = current(station)
    assert [record.to_json() for record in resumed.history] == history
    assert resumed.context == third.context and resumed.next_bank_offer() == 2
    station.perform("decline_bank")  # 2 and 6 pass as well: the house banks
    three = finish(station, seed=3)

    # round 4: the first offer has moved on to 4, who may bank again (round 3 between)
    fourth = current_after_start(station)
    assert fourth.context.bank_first_offer == 4 and fourth.context.last_bank is None
    assert fourth.expected_cut_offer() == 4  # 6, 5, then 4: every seat in turn
    station.perform("shuffle")
    station.perform("cut", offered_to=fourth.expected_cut_offer(), accepted=False)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)
    assert fourth.next_bank_offer() == 4
    station.perform("accept_bank", position=4, chips=2000)
    assert fourth.proposed_dealer_wager == 1000  # 4's wager in round 3, the last unbanked one
    four = finish(station, seed=4)

    # every round's context is journaled with its settings and recorded in its document
    contexts = []
    for round_id in (one, two, three, four):
        summary = journal.round_summary(station.store, round_id)
        assert summary.status == "complete" and summary.document is not None
        journaled = summary.config["settings"][CONTEXT_KEY]["context"]
        assert journaled == summary.document["context"]
        contexts.append(TableContext.from_json(journaled))
    assert [c.bank_first_offer for c in contexts] == [6, 6, 5, 4]
    assert [c.last_bank for c in contexts] == [None, None, 4, None]
    assert [c.new_game for c in contexts] == [True, False, False, False]
    station.close()


def current_after_start(station: Station) -> PaiGowRound:
    station.start_round()
    return current(station)


def test_settle_recomputes_a_stored_round_that_depends_on_the_context_5324_41_h_7(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``dealer-station settle`` on the stored document of a round banked by a player (which the
    first round of a game may not have, (h)(2), and whose dealer's wager is the bank's last
    wager against the dealer, (h)(7)) recomputes the same payments; without the context it was
    played in, the document no longer replays."""
    station = open_station(tmp_path)
    station.start_round()
    to_bets(station, cut_to=6)
    finish(station, seed=5)
    station.start_round()
    station.perform("shuffle")
    station.perform("cut", offered_to=6, accepted=False)
    station.perform("place_wager", position=2, amount=1000)
    station.perform("place_wager", position=4, amount=1000)
    station.perform("place_wager", position=6, amount=3000)
    station.perform("accept_bank", position=6, chips=2000)
    banked = finish(station, seed=6)
    document = journal.round_summary(station.store, banked).document
    station.close()
    assert document is not None and document["bank"]["position"] == 6
    assert document["bank"]["dealer_wager"] == 1000
    path = tmp_path / "round.json"
    path.write_text(json.dumps(document))
    assert main(["settle", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["matches"] and result["payments"] == document["payments"]
    without = {key: value for key, value in document.items() if key != "context"}
    path.write_text(json.dumps(without))
    assert main(["settle", str(path)]) == 2  # a new game: nobody may bank ((h)(2))
    assert "5324.41(h)(2)" in capsys.readouterr().err


def test_a_voided_round_is_not_a_round_of_play_for_the_rotations_5324_41_h_3(
        tmp_path: Path) -> None:
    """A round voided by a supervisor hands on the context it started from (the same cut offer,
    the same first bank offer, the bank of the round before it still refused); after a reopen
    the voided round is rebuilt from the journal to the same effect."""
    station = open_station(tmp_path)
    station.start_round()
    to_bets(station, cut_to=6)
    finish(station, seed=7)
    station.start_round()
    station.perform("shuffle")
    station.perform("cut", offered_to=6, accepted=False)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)
    station.perform("decline_bank", position=6)
    station.perform("accept_bank", position=4, chips=2000)
    finish(station, seed=8)  # 4 banked round 2
    voided = current_after_start(station)
    station.perform("shuffle")
    station.perform("cut", offered_to=5, accepted=True)
    station.perform("place_wager", position=2, amount=1000)
    station.void_round("players left before the deal", supervisor="S1", pin="111111")
    dealer_ends_the_void(station)
    after = current_after_start(station)
    assert after.context == voided.context
    assert after.expected_cut_offer() == 5 and after.context.last_bank == 4
    station.void_round("table closed", supervisor="S1", pin="111111")
    dealer_ends_the_void(station)
    station.close()
    station = open_station(tmp_path)  # the void rebuilt from the journal
    again = current_after_start(station)
    assert again.context == voided.context
    station.perform("shuffle")
    station.perform("cut", offered_to=5, accepted=False)
    for position in PLAYERS:
        station.perform("place_wager", position=position, amount=1000)
    assert refused(station, "accept_bank", position=4, chips=2000) == "5324.41(h)(3)"
    station.close()


def test_the_hooks_journal_the_context_the_round_is_made_from_5324_41_e_2_h_2() -> None:
    """``prepare`` carries the completed round's :meth:`next_context`; ``new_round`` makes the
    round in that context; a table with optional wagers gets it as well."""
    assert next_table_context(None) == TableContext()
    settings = STATION_HOOKS.prepare(SETTINGS, None, dealer_id="D1", round_id=1)
    assert new_round(settings).context == TableContext()
    carried = TableContext(new_game=False, last_cut_offer=3, bank_first_offer=2, last_bank=5,
                           last_unbanked_wagers={1: 2500})
    made = new_round({**SETTINGS, CONTEXT_KEY: {"context": carried.to_json()}})
    assert made.context == carried and made.banking_open
    progressive = {**SETTINGS, "side_wagers": {"offered": ["progressive"]}}
    bonus = new_round({**progressive, CONTEXT_KEY: {"context": carried.to_json(),
                                                     "dealer_id": "D1", "round_id": "2"}})
    assert bonus.context == carried  # type: ignore[union-attr]
    following = STATION_HOOKS.prepare(progressive, bonus, dealer_id="D1", round_id=3)
    # not played to the end: handed on unchanged
    assert following[CONTEXT_KEY]["context"] == carried.to_json()


def test_the_dealer_tells_who_is_seated_and_when_a_new_game_begins_5324_41_e_2_i(
        tmp_path: Path) -> None:
    """``start_round(table=...)``: at a new game the cut goes to the first player to the table
    ((e)(2)(i)), then rotates over the seated players only ((e)(2)(ii)); wagers only where a
    player sits ((d)(2)); a player leaving takes their last wager with them ((h)(4)(i)); a new
    game (a new deck) offers no bank its first round ((h)(2)). All of it journaled: the
    reopened station carries on with the same seats."""
    station = open_station(tmp_path)
    with pytest.raises(ProcedureError) as late:
        station.start_round(table={"seated": [2, 5], "first_to_table": 3})
    assert late.value.clause == "5324.41(e)(2)(i)"  # nobody sits at 3
    assert station.round is None and journal.rounds(station.store) == []
    first = current_after_start_with(station, {"seated": [2, 5], "first_to_table": 5})
    assert first.context.seated == (2, 5) and first.expected_cut_offer() == 5
    station.perform("shuffle")
    assert refused(station, "cut", offered_to=2, accepted=False) == "5324.41(e)(2)(i)"
    station.perform("cut", offered_to=5, accepted=False)
    assert refused(station, "place_wager", position=4, amount=1000) == "5324.41(d)(2)"
    station.perform("place_wager", position=2, amount=1000)
    station.perform("place_wager", position=5, amount=1000)
    finish(station, seed=11)
    station.close()

    station = open_station(tmp_path)  # the seats are in the journal
    second = current_after_start(station)
    # the first player to the table's offer is outside the rotation: the far right (5) next
    assert second.context.seated == (2, 5) and second.expected_cut_offer() == 5
    station.perform("shuffle")
    station.perform("cut", offered_to=5, accepted=False)
    station.perform("place_wager", position=2, amount=1000)
    station.perform("place_wager", position=5, amount=1000)
    station.perform("decline_bank")
    finish(station, seed=12)

    # the player at 5 leaves, a new one sits at 3: the cut goes on from 5 to the next seat (3)
    third = current_after_start_with(station, {"seated": [2, 3]})
    assert third.context.seated == (2, 3) and third.expected_cut_offer() == 3
    assert dict(third.context.last_unbanked_wagers) == {2: 1000}
    station.perform("shuffle")
    station.perform("cut", offered_to=3, accepted=False)
    station.perform("place_wager", position=2, amount=1000)
    station.perform("place_wager", position=3, amount=1000)
    assert refused(station, "accept_bank", position=3, chips=1000) == "5324.41(h)(4)(i)"
    station.perform("decline_bank")
    finish(station, seed=13)

    # a new deck: a new game, no bank this round, the cut to the first player to the table
    fourth = current_after_start_with(station, {"new_game": True, "first_to_table": 2})
    # the players keep their numbers: the newcomer at 3 is player 7
    assert fourth.context == TableContext(first_to_table=2, seated=(2, 3), players={2: 2, 3: 7},
                                          next_player=8)
    station.perform("shuffle")
    station.perform("cut", offered_to=2, accepted=False)
    station.perform("place_wager", position=2, amount=1000)
    station.perform("place_wager", position=3, amount=1000)
    assert refused(station, "accept_bank", position=3, chips=1000) == "5324.41(h)(2)"
    finish(station, seed=14)
    with pytest.raises(ValueError, match="unknown table state"):
        station.start_round(table={"players": 3})
    station.close()


def current_after_start_with(station: Station, table: dict[str, Any]) -> PaiGowRound:
    station.start_round(table=table)
    return current(station)


def test_the_bank_offer_returns_to_the_dealer_across_stored_rounds_5324_41_h_3(
        tmp_path: Path) -> None:
    """(h)(3) through the Station: everyone passes the bank round after round; the first offer
    goes 6, 5, 4, 3, 2, 1, then a round the house banks (no offer, accept_bank refused), then 6
    again, carried in the journal across a reopen."""
    station = open_station(tmp_path)
    firsts: list[int | None] = []
    cut = 6
    for number in range(9):
        if number == 4:  # the context is read back from the journal
            station.close()
            station = open_station(tmp_path)
        round_ = current_after_start(station)
        station.perform("shuffle")
        offer = round_.expected_cut_offer()
        station.perform("cut", offered_to=offer if offer is not None else cut, accepted=False)
        for position in (1, 2, 3, 4, 5, 6):
            station.perform("place_wager", position=position, amount=1000)
        firsts.append(round_.next_bank_offer())
        if round_.banking_open:
            station.perform("decline_bank")
        elif number > 0:
            assert refused(station, "accept_bank", position=6, chips=5000) == "5324.41(h)(3)"
            assert "the house banks" in round_.step.instruction
        finish(station, seed=40 + number)
    station.close()
    assert firsts == [None, 6, 5, 4, 3, 2, 1, None, 6]
