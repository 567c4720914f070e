"""Players, not seats, through the durable station (5324.41(d)(2), (h)(3)-(4), (e)(2)(i), (i)):
seating changes are typed records journaled with the round, replayed when the station resumes an
open round, and carried (by player number) to the rounds after it across a reopen; a newcomer at
a seat whose previous player wagered may not bank, the player who moved may."""

from __future__ import annotations

from pathlib import Path

from dealer_station.games.pai_gow.actions import PlayerLeaves, PlayerMoves, PlayerSits
from dealer_station.store import journal
from tests.unit.test_station_context import current, finish, open_station, refused


def test_seating_is_journaled_resumed_and_carried_by_player_5324_41_h_4_i(
        tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.start_round()
    station.perform(PlayerLeaves(position=3))
    station.perform(PlayerSits(position=3))  # a new player: number 7
    station.perform(PlayerLeaves(position=4))
    station.perform(PlayerSits(position=4, player=7))  # the same player on the adjacent area
    station.close()

    station = open_station(tmp_path)  # the open round resumes with its seating
    round_ = current(station)
    assert round_.context.players[3] == round_.context.players[4] == 7
    station.perform("shuffle")
    station.perform("cut", offered_to=round_.expected_cut_offer() or 6, accepted=False)
    station.perform("place_wager", position=3, amount=1000)
    station.perform("place_wager", position=4, amount=2000)
    station.perform("place_wager", position=5, amount=1000)
    assert refused(station, "place_wager", position=2, amount=1000, player="7") == \
        "5324.41(i)(1)"  # a third area of player 7
    finish(station, seed=3)
    station.close()

    station = open_station(tmp_path)  # between rounds: the next round is made from the journal
    station.start_round()
    round_ = current(station)
    assert round_.context.players[3] == 7 and round_.context.next_player == 8
    assert dict(round_.context.last_unbanked_wagers)[7] == 3000  # both of player 7's areas
    # the player at 5 moves to 6 (the same player); a newcomer sits at 5
    station.perform(PlayerLeaves(position=6))
    station.perform(PlayerMoves(position=5, to=6))
    station.perform(PlayerSits(position=5))
    station.perform("shuffle")
    station.perform("cut", offered_to=round_.expected_cut_offer() or 6, accepted=False)
    station.perform("place_wager", position=5, amount=1000)
    station.perform("place_wager", position=6, amount=1000)
    station.perform("place_wager", position=3, amount=1000)
    # the first offer goes to 6: the player who moved there wagered last round and may bank;
    # the newcomer at 5 may not, though the seat's previous player wagered
    assert round_.next_bank_offer() == 6
    station.perform("decline_bank", position=6)
    assert round_.next_bank_offer() == 5
    assert refused(station, "accept_bank", position=5, chips=5000) == "5324.41(h)(4)(i)"
    station.perform("decline_bank", position=5)
    station.perform("accept_bank", position=3, chips=5000)
    finish(station, seed=4)
    station.start_round()
    # player 7 banked: not the next round, wherever they sit ((h)(3))
    station.perform(PlayerLeaves(position=2))
    station.perform(PlayerMoves(position=4, to=2))
    assert current(station).context.last_bank == 7
    station.close()
    with open_station(tmp_path) as reopened:
        actions = [r.action for s in journal.rounds(reopened.store)
                   for r in journal.round_records(reopened.store, s.id)]
        assert actions.count("player_sits") == 3 and actions.count("player_moves") == 2
