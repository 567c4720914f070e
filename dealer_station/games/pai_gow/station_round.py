"""The station's entry to Pai Gow Poker: a fresh round from the table's configuration settings
(the mapping of ``resources/pai_gow.toml``), refused with the clause if the settings are illegal.
Registered by :mod:`dealer_station.station` as ``pai_gow``.

The round is a :class:`~dealer_station.games.pai_gow.round.PaiGowRound`. With optional wagers
offered (``[side_wagers] offered``) it holds them
(:class:`~dealer_station.games.pai_gow.wagers.part.OptionalWagers`): the wagers offered are the
table's ``[side_wagers] offered`` list, the rest of their configuration (pay table
letters, limits, the progressive's denomination, reset and rate) comes from the optional
``bonus_wagers`` mapping of the settings (the keys of ``resources/pai_gow_bonus.toml``), by
default from that shipped file.

The station adds a ``station_round`` mapping to the settings it journals with each round
(:meth:`PaiGowStationHooks.prepare`): the table's
:class:`~dealer_station.games.pai_gow.banking.TableContext` carried from the table's round
before (``context``: the cut rotation (e)(2), the bank offers and who banked last (h)(2)-(h)(4),
the seated positions, the last wagers against the dealer (h)(7); :func:`next_table_context`)
and, with optional wagers, the dealer's id, the round's number and the stub tracker
((n)(7)(ii)-(n)(8)), so a round rebuilt from its journal is made exactly as it was, and the
round after a restart carries on from the journal. :data:`STATION_HOOKS` tells the station which
actions need the progressive meter's reading, which are a supervisor's, and what meter the round
needs.

>>> new_round({"game": "pai_gow"}).step.phase
'shuffle'
>>> bonus = new_round({"side_wagers": {"offered": ["progressive"]},
...                    "station_round": {"dealer_id": "D1", "round_id": "7"}})
>>> wagers = bonus.optional
>>> sorted(w.value for w in wagers.bonus.offered), wagers.dealer_id, wagers.round_id
(['progressive'], 'D1', '7')
>>> later = new_round({"station_round": {"context": {"new_game": False, "last_bank": 3}}})
>>> later.context.new_game, later.context.last_bank, later.banking_open
(False, 3, True)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dealer_station.games.pai_gow import seating
from dealer_station.games.pai_gow.actions import ACTIONS
from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import PaiGowConfig, config_from_mapping
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig, BonusConfigError
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import OptionalWagers
from dealer_station.games.pai_gow.wagers.stub import StubCount
from dealer_station.games.registry import MeterTerms
from dealer_station.procedure import GameRound, ProcedureError
from dealer_station.resources_path import resource_path

__all__ = [
    "ACTIONS",
    "BONUS_KEY",
    "CONTEXT_KEY",
    "STATION_HOOKS",
    "TABLE_KEYS",
    "MeterTerms",
    "PaiGowStationHooks",
    "bonus_config",
    "new_round",
    "next_table_context",
    "split_settings",
    "table_context",
    "with_table",
]

#: The settings key holding the optional wagers' configuration (``pai_gow_bonus.toml`` keys).
BONUS_KEY = "bonus_wagers"
#: The settings key the station adds for one round: table context, dealer, round number, stub
#: tracker.
CONTEXT_KEY = "station_round"
_PROGRESSIVE = BonusWager.PROGRESSIVE.value


def split_settings(settings: Mapping[str, Any]
                   ) -> tuple[dict[str, Any], Mapping[str, Any] | None, Mapping[str, Any]]:
    """The table's own settings (what :func:`config_from_mapping` reads), the optional wagers'
    settings (``None``: the shipped defaults) and the station's round context.

    >>> split_settings({"table": {}, "bonus_wagers": {"fortune_letter": "B"}})
    ({'table': {}}, {'fortune_letter': 'B'}, {})
    """
    table = dict(settings)
    bonus = table.pop(BONUS_KEY, None)
    context = table.pop(CONTEXT_KEY, None) or {}
    if bonus is not None and not isinstance(bonus, Mapping):
        raise BonusConfigError(f"[{BONUS_KEY}] must be a table of optional wager settings")
    if not isinstance(context, Mapping):
        raise ValueError(f"[{CONTEXT_KEY}] must be a mapping")
    return table, bonus, context


def _default_bonus_settings() -> dict[str, Any]:
    with resource_path("pai_gow_bonus.toml").open("rb") as handle:
        return tomllib.load(handle)


def bonus_config(config: PaiGowConfig, settings: Mapping[str, Any] | None = None) -> BonusConfig:
    """The optional wagers' configuration of a table offering ``config.side_wagers``: the
    settings given (default ``resources/pai_gow_bonus.toml``) with the table's list of wagers
    offered; a list of its own that differs is refused (5324.41(d)(1)).

    >>> table = config_from_mapping({"side_wagers": {"offered": ["imperial_bonus"]}})
    >>> sorted(w.value for w in bonus_config(table).offered)
    ['imperial_bonus']
    >>> bonus_config(table, {"offered": ["fortune_bonus"]})
    Traceback (most recent call last):
    ...
    dealer_station.games.pai_gow.wagers.config.BonusConfigError: the table offers ...
    """
    chosen = dict(settings) if settings is not None else _default_bonus_settings()
    table = sorted(config.side_wagers)
    if settings is not None and "offered" in chosen and sorted(chosen["offered"]) != table:
        raise BonusConfigError(
            f"the table offers {table} but the optional wagers' settings offer "
            f"{sorted(chosen['offered'])}", "5324.41(d)(1)")
    chosen["offered"] = table
    return BonusConfig.from_mapping(chosen)


def table_context(context: Mapping[str, Any]) -> TableContext:
    """The :class:`TableContext` journaled in a round's ``station_round`` mapping (a new game
    when there is none: the table's first round).

    >>> table_context({}) == TableContext()
    True
    >>> table_context({"context": {"new_game": False, "last_cut_offer": 4}}).last_cut_offer
    4
    """
    data = context.get("context")
    if data is None:
        return TableContext()
    if not isinstance(data, Mapping):
        raise ValueError(f"[{CONTEXT_KEY}] context must be a mapping")
    return TableContext.from_json(data)


def next_table_context(previous: GameRound | None) -> TableContext:
    """The table context a round starts from, given the table's round before (``None``: none,
    a new game, 5324.41(e)(2)(i), (h)(2)).

    A completed round hands on :meth:`PaiGowRound.next_context` (the cut offer rotated
    (e)(2)(ii), the first bank offer moved counter-clockwise and who banked (h)(3), the wagers
    against the dealer when no player banked (h)(4)(i), (h)(7)). A voided round is not a round
    of play: the next round starts from the context the voided one started from (see
    ``docs/rules-interpretation.md``).

    >>> from dealer_station.games.pai_gow.config import default_config
    >>> first = PaiGowRound(default_config())
    >>> next_table_context(None) == first.context
    True
    >>> next_table_context(first) == first.context  # not played to the end: voided
    True
    """
    if not isinstance(previous, PaiGowRound):
        return TableContext()
    if not previous.is_complete or previous.is_void:
        return previous.context
    return previous.next_context()


#: What the dealer may tell the station of the table when a round starts (:func:`with_table`).
TABLE_KEYS = frozenset({"seated", "new_game", "first_to_table", "two_areas"})


def with_table(context: TableContext, table: Mapping[str, Any] | None, *,
               two_areas: bool = False) -> TableContext:
    """``context`` with what the dealer tells of the table at the start of a round:

    * ``seated``: the positions with a player now (the cut and bank rotations run over them,
      (e)(2), (h)(3)); a position left empty is a player leaving, one newly seated a new player
      sitting down (:mod:`.seating`): whoever sits there next did not place the last wager
      against the dealer there ((h)(4)(i));
    * ``new_game``: a new game begins (the table opens, a new deck): the first round after it
      offers no bank ((h)(2)) and the rotations start again ((e)(2), (h)(3)); the players and
      their numbers stay;
    * ``first_to_table``: at a new game, the position of the first player to the table, offered
      the cut ((e)(2)(i));
    * ``two_areas``: ``[position, position]`` pairs of adjacent areas one player plays ((i)),
      the second area taken by the player of the first.

    >>> carried = TableContext(new_game=False, last_bank=4, last_unbanked_wagers={2: 500, 5: 500})
    >>> seated = with_table(carried, {"seated": [2, 4]})
    >>> seated.seated, seated.last_bank, dict(seated.last_unbanked_wagers)
    ((2, 4), 4, {2: 500})
    >>> with_table(seated, {"new_game": True, "first_to_table": 4}) == TableContext(
    ...     first_to_table=4, seated=(2, 4))
    True
    >>> with_table(seated, {"first_to_table": 4})
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: the first player to the table is offered the ...
    """
    if not table:
        return context
    unknown = set(table) - TABLE_KEYS
    if unknown:
        raise ValueError(f"unknown table state {', '.join(sorted(unknown))} (known: "
                         f"{', '.join(sorted(TABLE_KEYS))})")
    if "seated" in table:
        given = table["seated"]
        if not isinstance(given, (list, tuple)) or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in given):
            raise ValueError("seated is a list of positions 1-6")
        for position in context.seated:
            if position not in given:
                context = seating.leave(context, position)
        for position in sorted(set(given)):
            if position not in context.players:
                context, _ = seating.sit(context, position)
    pairs = table.get("two_areas", [])
    if not isinstance(pairs, (list, tuple)) or not all(
            isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in pairs):
        raise ValueError("two_areas is a list of [position, position] pairs")
    for first_area, second_area in pairs:
        player = context.player_at(first_area)
        if player is None:
            raise ProcedureError(f"no player is seated at position {first_area}",
                                 "5324.41(d)(2)")
        if context.player_at(second_area) != player:
            if second_area in context.players:
                context = seating.leave(context, second_area)
            context, _ = seating.sit(context, second_area, player, two_areas=two_areas)
    new_game = table.get("new_game", False)
    if not isinstance(new_game, bool):
        raise ValueError("new_game is true or false")
    if new_game:
        context = TableContext(seated=context.seated, players=context.players,
                               next_player=context.next_player)
    first = table.get("first_to_table")
    if first is not None:
        if not context.new_game:
            raise ProcedureError("the first player to the table is offered the cut only at a "
                                 "new game", "5324.41(e)(2)(i)")
        if first not in context.seated:
            raise ProcedureError(f"no player is seated at position {first}", "5324.41(e)(2)(i)")
        context = replace(context, first_to_table=context.player_at(first))
    return context


def new_round(settings: Mapping[str, Any]) -> PaiGowRound:
    """A new round at a table configured by ``settings`` (validated: ``ConfigError`` /
    ``BonusConfigError`` with the clause), in the table context of its ``station_round``
    mapping (a new game without one)."""
    table, bonus_settings, context = split_settings(settings)
    config = config_from_mapping(table)
    carried = table_context(context)
    if not config.side_wagers:
        if bonus_settings is not None:
            raise BonusConfigError(
                "optional wager settings are given but [side_wagers] offers none",
                "5324.41(d)(1)")
        return PaiGowRound(config, carried)
    bonus = bonus_config(config, bonus_settings)
    stub = context.get("stub")
    round_id = context.get("round_id")
    return PaiGowRound(config, carried, optional=OptionalWagers(
        bonus,
        dealer_id=str(context.get("dealer_id", "")),
        stub=StubCount.from_json(stub) if isinstance(stub, Mapping) else None,
        round_id=None if round_id is None else str(round_id)))


class PaiGowStationHooks:
    """What the station needs to know about Pai Gow rounds beyond the
    :class:`~dealer_station.procedure.GameRound` protocol (see :mod:`dealer_station.station`).

    * ``meter_actions``: actions the station gives the meter's reading as ``meter=`` ((k)(6));
    * ``jackpot_actions``: actions the station gives ``jackpot_number=`` and ``time=`` ((g)(9));
    * ``supervisor_actions``: a supervisor's decisions, taken only through
      ``Station.supervise``, with the names of their id and role arguments ((k)(3)(iii));
    * ``progressive_wager_actions``: actions placing a progressive wager (an acceptor lit,
      (d)(4)), refused while the progressive is locked out (a floor away, docs/floor.md).
    """

    meter_actions = frozenset({"settle", "approve_progressive"})
    progressive_wager_actions = frozenset({"acceptor_lit"})
    jackpot_actions = frozenset({"approve_progressive"})
    supervisor_actions: Mapping[str, tuple[str, str]] = {
        "approve_progressive": ("supervisor_id", "role"),
        "reject_progressive": ("supervisor_id", "role"),
    }

    def prepare(self, settings: Mapping[str, Any], previous: GameRound | None, *, dealer_id: str,
                round_id: int, table: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The settings the round ``round_id`` dealt by ``dealer_id`` is made from (journaled
        with it): the table context carried from ``previous`` (the table's round before,
        ``None`` if unknown: :func:`next_table_context`) with what the dealer tells of the
        ``table`` (:func:`with_table`) and, with optional wagers, the dealer, the round number
        and the stub tracker carried from ``previous``.

        >>> hooks = PaiGowStationHooks()
        >>> first = hooks.prepare({"game": "pai_gow"}, None, dealer_id="D1", round_id=3)
        >>> first["station_round"]["context"]["new_game"]
        True
        >>> three = {"dealing": {"method": "three_then_four"},
        ...          "side_wagers": {"offered": ["three_card_bonus", "seven_card_bonus"]}}
        >>> first = new_round(hooks.prepare(three, None, dealer_id="D1", round_id=1))
        >>> second = hooks.prepare(three, first, dealer_id="D1", round_id=2)
        >>> second["station_round"]["stub"]["rounds_since_count"]
        1
        """
        own, bonus_settings, _ = split_settings(settings)
        config = config_from_mapping(own)
        prepared = own if bonus_settings is None else {**own, BONUS_KEY: bonus_settings}
        start = with_table(next_table_context(previous), table, two_areas=config.two_areas)
        context: dict[str, Any] = {"context": start.to_json()}
        prepared[CONTEXT_KEY] = context
        if not config.side_wagers:
            return prepared
        fresh = StubCount.for_config(bonus_config(config, bonus_settings))
        stub = fresh
        if isinstance(previous, PaiGowRound) and previous.optional is not None:
            carried = previous.optional.next_stub()
            if carried.required == fresh.required:
                stub = carried
        context.update({"dealer_id": dealer_id, "round_id": str(round_id),
                        "stub": stub.to_json()})
        return prepared

    def progressive(self, round_: GameRound) -> MeterTerms | None:
        """The meter ``round_`` feeds and pays from, or ``None`` (no progressive offered)."""
        if not isinstance(round_, PaiGowRound) or round_.optional is None:
            return None
        bonus = round_.optional.bonus
        if not bonus.offers(BonusWager.PROGRESSIVE):
            return None
        return MeterTerms(_PROGRESSIVE, bonus.progressive_reset,
                          bonus.progressive_rate_basis_points, bonus.progressive_denomination,
                          bonus.largest_fixed_meter_payout())


#: The hooks :mod:`dealer_station.station` finds next to :func:`new_round`.
STATION_HOOKS = PaiGowStationHooks()
