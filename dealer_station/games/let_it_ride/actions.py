"""Let It Ride's actions, typed (:mod:`dealer_station.actions`): one frozen record of arguments
per action of :class:`~dealer_station.games.let_it_ride.round.LetItRideRound`, in the round's
own words, taken by ``Station.perform`` (and ``Station.supervise`` for :class:`ResolveHalt`, whose
supervisor the station fills in from the PIN checked).

>>> PlaceWagers(position=3, bet_one=500, bet_two=500, bet_three=500).arguments()
{'position': 3, 'bet_one': 500, 'bet_two': 500, 'bet_three': 500}
>>> DecideBetOne(position=3, let_it_ride=False).name
'decide_bet_one'
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_station.actions import (
    Action,
    AtPosition,
    CallSupervisor,
    CollectCards,
    ResolveHalt,
    ReturnWagers,
    Void,
)
from dealer_station.money import Cents

__all__ = [
    "ACTIONS",
    "AcknowledgeBonus",
    "AnnounceNoMoreBets",
    "BonusChipRemoved",
    "CallSupervisor",
    "CollectCards",
    "CollectLosingWagers",
    "DealCard",
    "DecideBetOne",
    "DecideBetTwo",
    "PayWinningWagers",
    "PlaceThreeCardBonus",
    "PlaceWagers",
    "ReceiveStack",
    "ReportExposedCard",
    "ResolveHalt",
    "ReturnWagers",
    "SetPlayersWaiting",
    "ShowHand",
    "TurnCommunityCard",
    "Void",
    "WithdrawWagers",
]


@dataclass(frozen=True, slots=True)
class SetPlayersWaiting(Action):
    count: int


@dataclass(frozen=True, slots=True)
class PlaceWagers(Action):
    """(c)(3): the three equal wagers of a position (``player``: who sits there, if known)."""

    position: int
    bet_one: Cents
    bet_two: Cents
    bet_three: Cents
    player: str | None = None


@dataclass(frozen=True, slots=True)
class PlaceThreeCardBonus(Action):
    position: int
    amount: Cents


class WithdrawWagers(AtPosition):
    """The player takes back a position's wagers before no more bets."""


class AcknowledgeBonus(AtPosition):
    """The dealer acknowledges the position's $1 let it ride bonus wager."""


class BonusChipRemoved(AtPosition):
    """The $1 chip lifted off the position's bonus wager acceptor before no more bets."""


class AnnounceNoMoreBets(Action):
    """(c)(3): betting ends."""


@dataclass(frozen=True, slots=True)
class ReceiveStack(Action):
    """A reading shoe's stack of cards, in the order dispensed."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DealCard(Action):
    card: str | None = None
    target: int | str | None = None


@dataclass(frozen=True, slots=True)
class ReportExposedCard(Action):
    card: str
    target: int | str


@dataclass(frozen=True, slots=True)
class _Decision(Action):
    position: int
    let_it_ride: bool


class DecideBetOne(_Decision):
    """(e)(2): the player lets bet one ride or takes it back."""


class DecideBetTwo(_Decision):
    """(e)(4): the player lets bet two ride or takes it back."""


@dataclass(frozen=True, slots=True)
class TurnCommunityCard(Action):
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ShowHand(Action):
    position: int
    cards: tuple[str, ...] | None = None


class CollectLosingWagers(Action):
    """(e)(7): the losing wagers collected."""


class PayWinningWagers(Action):
    """(e)(8): the winning wagers paid."""


#: Every action of the round, by its name (a journal's or a screen's string form read back).
ACTIONS: dict[str, type[Action]] = {each.name: each for each in (
    SetPlayersWaiting, PlaceWagers, PlaceThreeCardBonus, WithdrawWagers, AcknowledgeBonus,
    BonusChipRemoved, AnnounceNoMoreBets, ReceiveStack, DealCard, ReportExposedCard, DecideBetOne,
    DecideBetTwo, TurnCommunityCard, ShowHand, CollectLosingWagers, PayWinningWagers, CollectCards,
    CallSupervisor, ResolveHalt, Void, ReturnWagers)}
