"""Who sits where: the players at the table, by the number the station gives each player as they
sit down (5324.41(d)(2), (e)(2)(i), (h)(3)-(4), (i)).

The rules that look back over rounds speak of a player, not a seat: the player who banked may
not bank the next round ((h)(3)), a player who did not wager in the last round without a player
bank may not bank ((h)(4)(i)), the first player to the table is offered the cut ((e)(2)(i)), and
one player may wager on two adjacent areas ((i)). The dealer records each change at the table;
each function here returns the :class:`~.banking.TableContext` after it (or refuses it with the
clause), and the round records it (:meth:`~.round.PaiGowRound.player_sits` and the others).

>>> from dealer_station.games.pai_gow.banking import TableContext
>>> table = TableContext(new_game=False, last_bank=3, last_unbanked_wagers={3: 500},
...                      seated=(2, 3))
>>> table = leave(table, 3)
>>> table, newcomer = sit(table, 3)
>>> newcomer, table.player_at(3), table.last_wager_of(3)
(7, 7, 0)
>>> table, same = sit(table, 4, player=7, two_areas=True)
>>> table.positions_of(7)
(3, 4)
>>> sit(table, 1, player=7, two_areas=True)
Traceback (most recent call last):
...
dealer_station.procedure.ProcedureError: player 7 already plays two betting ... [5324.41(i)(1)]
"""

from __future__ import annotations

from dataclasses import replace

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.positions import PLAYER_POSITIONS
from dealer_station.procedure import ProcedureError

__all__ = ["SEATING_CLAUSE", "TWO_AREAS_CLAUSE", "leave", "move", "sit"]

#: Only seated players wager (5324.41(d)(2)): the seat a player takes is recorded.
SEATING_CLAUSE = "5324.41(d)(2)"
#: One player on no more than two betting areas, adjacent ones (5324.41(i)(1)).
TWO_AREAS_CLAUSE = "5324.41(i)(1)"


def _check_position(position: int) -> None:
    if isinstance(position, bool) or position not in PLAYER_POSITIONS:
        raise ProcedureError(f"there is no betting position {position!r}", "5324.41(a)(2)(i)")


def _with_players(table: TableContext, players: dict[int, int], *,
                  next_player: int | None = None,
                  wagers: dict[int, int] | None = None) -> TableContext:
    present = set(players.values())
    first = table.first_to_table if table.first_to_table in present else None
    return replace(table, players=players, seated=tuple(sorted(players)), first_to_table=first,
                   next_player=table.next_player if next_player is None else next_player,
                   last_unbanked_wagers=(table.last_unbanked_wagers if wagers is None
                                         else wagers))


def sit(table: TableContext, position: int, player: int | None = None, *,
        two_areas: bool = False) -> tuple[TableContext, int]:
    """A player sits down at the empty ``position``: a new player (``player`` None, given the
    next number), or player ``player`` already at the table taking a second, adjacent area
    ((i)(1), where the table permits two areas: ``two_areas``). Returns the table after it and
    the player's number."""
    _check_position(position)
    if position in table.players:
        raise ProcedureError(
            f"{table.player_name(position)} is taken: record that player leaving first",
            SEATING_CLAUSE)
    players = dict(table.players)
    if player is None:
        players[position] = table.next_player
        if not table.seated and table.new_game and table.first_to_table is None:
            first: int | None = table.next_player  # nobody was at the table: the first player
        else:
            first = table.first_to_table
        sat = _with_players(table, players, next_player=table.next_player + 1)
        return replace(sat, first_to_table=first), players[position]
    own = table.positions_of(player)
    if not own:
        raise ProcedureError(f"player {player} is not at the table", SEATING_CLAUSE)
    if not two_areas:
        raise ProcedureError("a player wagers on one betting area at this table",
                             TWO_AREAS_CLAUSE)
    if len(own) > 1:
        raise ProcedureError(f"player {player} already plays two betting areas "
                             f"({own[0]} and {own[1]})", TWO_AREAS_CLAUSE)
    if abs(own[0] - position) != 1:
        raise ProcedureError(f"player {player}'s second area must be next to position "
                             f"{own[0]}, not {position}", TWO_AREAS_CLAUSE)
    players[position] = player
    return _with_players(table, players), player


def leave(table: TableContext, position: int) -> TableContext:
    """The player at ``position`` leaves that area (a player on two areas keeps the other).
    A player who leaves the table takes their last wager against the dealer with them; who
    banked last is remembered by number, so a newcomer is never taken for them."""
    _check_position(position)
    if position not in table.players:
        raise ProcedureError(f"no player is seated at position {position}", SEATING_CLAUSE)
    players = dict(table.players)
    gone = players.pop(position)
    wagers = dict(table.last_unbanked_wagers)
    if gone not in players.values():
        wagers.pop(gone, None)
    return _with_players(table, players, wagers=wagers)


def move(table: TableContext, position: int, to: int) -> TableContext:
    """The player at ``position`` moves to the empty ``to`` and stays the same player (their
    last wager against the dealer and their bank go with them). A player on two areas moves
    one area at a time, and the two stay adjacent ((i)(1))."""
    _check_position(position)
    _check_position(to)
    if position not in table.players:
        raise ProcedureError(f"no player is seated at position {position}", SEATING_CLAUSE)
    if to in table.players:
        raise ProcedureError(f"{table.player_name(to)} is taken", SEATING_CLAUSE)
    player = table.players[position]
    others = [p for p in table.positions_of(player) if p != position]
    if others and abs(others[0] - to) != 1:
        raise ProcedureError(f"player {player}'s two areas must stay adjacent: position {to} "
                             f"is not next to {others[0]}", TWO_AREAS_CLAUSE)
    players = dict(table.players)
    del players[position]
    players[to] = player
    return _with_players(table, players)
