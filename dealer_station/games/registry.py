"""The games a station can run, found by name: a round factory (a fresh round from the
configuration ``settings`` mapping), the game's typed actions by name (its ``ACTIONS``, through
which the station reads an action given by name) and the game's optional station hooks.

A leaf: the station, the progressive claims, the configuration page and the command line look
games up here without importing the station. ``let_it_ride`` and ``pai_gow`` register
themselves lazily, on first use, from their ``station_round`` modules.

>>> game_factory("chess")
Traceback (most recent call last):
ValueError: unknown game 'chess' (known: ...)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from dealer_station.actions import ActionTable
from dealer_station.procedure import GameRound, JSONValue

__all__ = ["GameHooks", "MeterTerms", "RoundFactory", "game_actions", "game_factory",
           "game_hooks", "register_game"]

#: Makes a fresh round of a game from its configuration settings.
RoundFactory = Callable[[Mapping[str, JSONValue]], GameRound]

_GAMES: dict[str, RoundFactory] = {}
_HOOKS: dict[str, GameHooks] = {}
_ACTIONS: dict[str, ActionTable] = {}
#: Games whose module registers them when imported (``module:function`` making a round).
_BUILTIN: dict[str, str] = {
    "let_it_ride": "dealer_station.games.let_it_ride.station_round:new_round",
    "pai_gow": "dealer_station.games.pai_gow.station_round:new_round",
}


@dataclass(frozen=True, slots=True)
class MeterTerms:
    """The progressive meter a round needs: fed by ``wager``, reseeded to ``reset`` cents,
    growing by ``rate_bp`` basis points of the amount wagered (5324.41(k)(5))."""

    wager: str
    reset: int
    rate_bp: int
    #: The progressive wager's denomination and the least reset the law allows (the largest
    #: fixed payout deducted from the meter, (k)(5)).
    denomination: int | None = None
    least_reset: int | None = None


class GameHooks(Protocol):
    """What a game tells the station beyond the round protocol (its ``station_round`` module's
    ``STATION_HOOKS``; see "Progressive rounds" in docs/station.md)."""

    #: Actions given the progressive meter's reading as ``meter=`` (5324.41(k)(6)).
    meter_actions: frozenset[str]
    #: Actions given the next jackpot record's ``jackpot_number=`` and the ``time=``.
    jackpot_actions: frozenset[str]
    #: A supervisor's decisions on progressive payouts, only through ``Station.supervise``,
    #: each with the names of its supervisor-id and role arguments.
    supervisor_actions: Mapping[str, tuple[str, str]]

    def prepare(self, settings: Mapping[str, Any], previous: GameRound | None, *, dealer_id: str,
                round_id: int, table: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
        """The settings round ``round_id`` is made from and journaled with (``previous``: the
        table's round before, or ``None``; ``table``: what the dealer tells of the table at
        the start of the round, see ``Station.start_round``)."""
        ...

    def progressive(self, round_: GameRound) -> MeterTerms | None:
        """The meter the round feeds and pays from, or ``None``."""
        ...


def register_game(name: str, factory: RoundFactory, hooks: GameHooks | None = None,
                  actions: ActionTable | None = None) -> None:
    """Register (or replace) the round factory of game ``name`` (and its station hooks, and
    its typed actions by name; a game without them takes actions by name from its round's
    methods)."""
    _GAMES[name] = factory
    _HOOKS.pop(name, None)
    _ACTIONS.pop(name, None)
    if hooks is not None:
        _HOOKS[name] = hooks
    if actions is not None:
        _ACTIONS[name] = actions


def game_factory(name: str) -> RoundFactory:
    """The round factory of game ``name`` (importing a built-in game on first use)."""
    if name not in _GAMES and name in _BUILTIN:
        module_name, function = _BUILTIN[name].split(":")
        try:
            # deferred on purpose: a game's rules load only when a table plays it
            module = importlib.import_module(module_name)
        except ImportError as error:
            raise ValueError(f"game {name!r} is not available: {error}") from None
        if name not in _GAMES:
            _GAMES[name] = getattr(module, function)
            hooks = getattr(module, "STATION_HOOKS", None)
            if hooks is not None:
                _HOOKS[name] = hooks
            actions = getattr(module, "ACTIONS", None)
            if actions is not None:
                _ACTIONS[name] = actions
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(_GAMES)) or 'none'})")
    return _GAMES[name]


def game_hooks(name: str) -> GameHooks | None:
    """The station hooks of game ``name`` (``None``: a plain game)."""
    game_factory(name)
    return _HOOKS.get(name)


def game_actions(name: str) -> ActionTable | None:
    """The typed actions of game ``name`` by name (``None``: a game registered without them,
    such as the tests' own)."""
    game_factory(name)
    return _ACTIONS.get(name)
