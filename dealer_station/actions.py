"""Typed actions: one frozen dataclass of arguments per action of a round (pokerkit's
``Operation`` records are the model), so a misspelt action or argument is a type error for
mypy, not a lookup that fails at run time.

An action's name is its class name in the round's own words (``PlaceWagers`` is the round's
``place_wagers``); :meth:`Action.arguments` gives the keyword arguments the round method takes,
exactly as the string form passes them, so the journal (``Record.to_json()``) is unchanged.
``Station.perform`` takes either form while callers move over.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class TurnCommunityCard(Action):
...     card: str | None = None
>>> TurnCommunityCard().name, TurnCommunityCard().arguments()
('turn_community_card', {})
>>> TurnCommunityCard("AS").arguments()
{'card': 'AS'}
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from dealer_station.procedure import HaltResolution, ProcedureError

__all__ = [
    "Action",
    "ActionTable",
    "AtPosition",
    "CallSupervisor",
    "CollectCards",
    "ResolveHalt",
    "ReturnWagers",
    "Void",
    "action_from_name",
    "action_name",
]


def action_name(class_name: str) -> str:
    """The round method an action class names.

    >>> action_name("PlaceThreeCardBonus"), action_name("DecideBetOne")
    ('place_three_card_bonus', 'decide_bet_one')
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()


@dataclass(frozen=True)
class Action:
    """The arguments of one action (subclass it, frozen, one field per argument)."""

    #: The round method this action calls (set from the class name).
    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.name = action_name(cls.__name__)

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of the round method: an optional argument left at its default
        ``None`` is not passed (as the screens' string form leaves it out), a tuple goes as a
        list (as a journal read back gives it)."""
        given: dict[str, Any] = {}
        for each in fields(self):
            value = getattr(self, each.name)
            if value is None and each.default is None and each.default is not MISSING:
                continue
            given[each.name] = list(value) if isinstance(value, tuple) else value
        return given

    def with_reason(self, reason: str) -> Action:
        """This action with the reason written by the person who decides it (a supervisor
        rejecting a payout writes why); an action that takes no such reason is itself."""
        return self


@dataclass(frozen=True, slots=True)
class AtPosition(Action):
    """An action at one betting position and nothing else (subclass it per action)."""

    position: int


#: Whether a callable takes keyword arguments of these names: (its kind, its function, the
#: names) -> None (it does) or why not. Binding depends on the names alone and the records and
#: round methods are few: each answer is worked out once (the station checks every action).
_FITS: dict[tuple[type, object, tuple[str, ...]], str | None] = {}


def unfit_arguments(target: Callable[..., object], names: Iterable[str]) -> str | None:
    """Why ``target`` (a record class, a round's method) cannot be called with keyword
    arguments of these ``names``, in Python's words without quotes; None when it can.

    >>> from dealer_station.games.let_it_ride.actions import WithdrawWagers
    >>> unfit_arguments(WithdrawWagers, ["position"]) is None
    True
    >>> unfit_arguments(WithdrawWagers, ["position", "all"])
    'got an unexpected keyword argument all'
    """
    key = (type(target), getattr(target, "__func__", target), tuple(sorted(names)))
    try:
        return _FITS[key]
    except KeyError:
        pass
    try:
        inspect.signature(target).bind(**dict.fromkeys(key[2]))
        problem = None
    except TypeError as error:
        problem = str(error).replace("'", "")
    if len(_FITS) < 4096:
        _FITS[key] = problem
    return problem


#: A game's actions by name (each game's ``actions.ACTIONS``).
ActionTable = Mapping[str, type[Action]]


def action_from_name(table: ActionTable, name: str, arguments: Mapping[str, Any], *,
                     game: str) -> Action:
    """The typed record of the action ``name`` with ``arguments``: the string form (a journal's
    record, the command line, a script) read in one place, refused in words for a name the game
    does not have or arguments its record does not take (never a Python error naming a class).

    >>> from dealer_station.games.let_it_ride.actions import ACTIONS
    >>> action_from_name(ACTIONS, "withdraw_wagers", {"position": 2}, game="let_it_ride")
    WithdrawWagers(position=2)
    >>> action_from_name(ACTIONS, "withdraw_wager", {"position": 2}, game="let_it_ride")
    Traceback (most recent call last):
    dealer_station.procedure.ProcedureError: let_it_ride has no action 'withdraw_wager'
    >>> action_from_name(ACTIONS, "withdraw_wagers", {"postion": 2}, game="let_it_ride")
    Traceback (most recent call last):
    dealer_station.procedure.ProcedureError: withdraw wagers cannot be taken with what was given: \
missing a required argument: position
    """
    typed = table.get(name)
    if typed is None or name.startswith("_"):
        raise ProcedureError(f"{game} has no action {name!r}")
    problem = unfit_arguments(typed, arguments)
    if problem is not None:
        raise ProcedureError(f"{name.replace('_', ' ')} cannot be taken with what was given: "
                             f"{problem}")
    return typed(**arguments)


# -- actions both games take with the same arguments -------------------------------------------


@dataclass(frozen=True, slots=True)
class CallSupervisor(Action):
    """The dealer halts the round for a supervisor, with the reason."""

    reason: str


class CollectCards(Action):
    """The cards collected (unseen after a void); the round ends."""


class ReturnWagers(Action):
    """A voided round's wagers returned, each RETURN line ticked off."""


@dataclass(frozen=True, slots=True)
class ResolveHalt(Action):
    """A supervisor's decision on a halted round (``Station.supervise``, which fills in the
    supervisor)."""

    resolution: HaltResolution
    supervisor: str | None = None  # supplied by the station


@dataclass(frozen=True, slots=True)
class Void(Action):
    """A supervisor voids the round (``Station.void_round``, which fills in the supervisor):
    each wager is then returned and the cards collected."""

    reason: str
    supervisor: str | None = None  # supplied by the station
