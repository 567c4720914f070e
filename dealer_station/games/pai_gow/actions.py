"""Pai Gow Poker's actions, typed (:mod:`dealer_station.actions`): one frozen record of arguments
per action of :class:`~dealer_station.games.pai_gow.round.PaiGowRound` (its optional wagers'
actions included), in the round's own words, taken by ``Station.perform`` (and
``Station.supervise`` for a supervisor's decision). The arguments the station supplies itself
(a supervisor's id and role from the PIN checked, the meter reading, the jackpot record's number
and time) are optional here and left out at the screen: the station fills them in; a journal's
record read back carries them.

>>> PlaceWager(position=2, amount=1000).arguments()
{'position': 2, 'amount': 1000}
>>> ApproveProgressive(position=5).arguments()
{'position': 5}
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    "AcceptBank",
    "AcceptorLit",
    "ApproveProgressive",
    "CallSupervisor",
    "CollectCards",
    "CompleteJackpotRecord",
    "ConfirmLightCount",
    "CountStub",
    "Cut",
    "Deal",
    "DealFourCardStacks",
    "DeclineBank",
    "DetermineStartingPosition",
    "NoMoreBets",
    "PlaceBonusWager",
    "PlaceDealerWager",
    "PlaceRngWager",
    "PlaceSideWager",
    "PlaceWager",
    "PlayerLeaves",
    "PlayerMoves",
    "PlayerSits",
    "PlayersHaveSet",
    "ProgressiveChipRemoved",
    "Redeal",
    "RejectProgressive",
    "ResolveHalt",
    "ResolveLightMismatch",
    "ReturnWagers",
    "SetBankHand",
    "SetCoBankHand",
    "SetDealerHand",
    "SetHand",
    "SetHandHouseWay",
    "Settle",
    "SettleRngWagers",
    "SettleThreeCardBonus",
    "Shuffle",
    "ShufflerReport",
    "Surrender",
    "Void",
    "WithdrawWager",
]


@dataclass(frozen=True, slots=True)
class AcceptBank(Action):
    position: int
    co_bank: bool = False
    chips: Cents = 0


class AcceptorLit(AtPosition):
    """A progressive chip dropped in the position's acceptor lit it ((d)(4), (k)(1))."""


@dataclass(frozen=True, slots=True)
class ApproveProgressive(Action):
    position: int
    supervisor_id: str | None = None  # supplied by the station
    role: str | None = None  # supplied by the station
    meter: Cents | None = None  # supplied by the station
    jackpot_number: int | None = None  # supplied by the station
    time: str | None = None  # supplied by the station


class CompleteJackpotRecord(AtPosition):
    """The position's jackpot record is complete ((g)(9))."""


@dataclass(frozen=True, slots=True)
class ConfirmLightCount(Action):
    chips: int


@dataclass(frozen=True, slots=True)
class CountStub(Action):
    counted: int


@dataclass(frozen=True, slots=True)
class Cut(Action):
    offered_to: int | None
    accepted: bool


@dataclass(frozen=True, slots=True)
class Deal(Action):
    cards: tuple[str, ...] | str
    first_stack: int = 1


@dataclass(frozen=True, slots=True)
class DealFourCardStacks(Action):
    cards: tuple[str, ...] | str


@dataclass(frozen=True, slots=True)
class DeclineBank(Action):
    position: int | None = None


@dataclass(frozen=True, slots=True)
class DetermineStartingPosition(Action):
    number: int
    dice: tuple[int, ...] | None = None


class ProgressiveChipRemoved(AtPosition):
    """The progressive chip lifted off the position's acceptor before no more bets."""


class NoMoreBets(Action):
    """Betting ends ((d))."""


@dataclass(frozen=True, slots=True)
class _PositionWager(Action):
    position: int
    wager: str
    amount: Cents


class PlaceBonusWager(_PositionWager):
    """A fortune bonus, insurance, three-card, seven-card or imperial bonus wager."""


@dataclass(frozen=True, slots=True)
class PlaceDealerWager(Action):
    amount: Cents


@dataclass(frozen=True, slots=True)
class PlaceRngWager(Action):
    position: int
    number: int
    amount: Cents


class PlaceSideWager(_PositionWager):
    """An optional wager of (k)-(p) at a position."""


@dataclass(frozen=True, slots=True)
class PlaceWager(Action):
    position: int
    amount: Cents
    player: str | None = None


class PlayerLeaves(AtPosition):
    """The player at the position leaves that betting area ((d)(2))."""


@dataclass(frozen=True, slots=True)
class PlayerMoves(Action):
    """The player at ``position`` moves to the empty ``to``, the same player."""

    position: int
    to: int


@dataclass(frozen=True, slots=True)
class PlayerSits(Action):
    """A player sits down at ``position``: a new one (``player`` None) or player ``player``
    taking a second, adjacent area ((i))."""

    position: int
    player: int | None = None


class PlayersHaveSet(Action):
    """Every player has set the two hands ((g)(2))."""


@dataclass(frozen=True, slots=True)
class Redeal(Action):
    """The deal starts again; ``dealt``: the cards the shoe read of each stack out (None: not
    known, the station restarted mid-deal)."""

    reason: str
    stacks: int = 0
    dealt: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class RejectProgressive(Action):
    position: int
    reason: str
    supervisor_id: str | None = None  # supplied by the station
    role: str | None = None  # supplied by the station

    def with_reason(self, reason: str) -> RejectProgressive:
        """The rejection with the reason the supervisor wrote ((k)(3)(iii))."""
        return replace(self, reason=reason)


@dataclass(frozen=True, slots=True)
class ResolveLightMismatch(Action):
    returned: tuple[int, ...] = ()
    voided: tuple[int, ...] = ()
    reason: str = ""


@dataclass(frozen=True, slots=True)
class SetBankHand(Action):
    low: tuple[str, ...] | str


class SetCoBankHand(Action):
    """The co-banking player's hands set by the house way."""


class SetDealerHand(Action):
    """The dealer's hands set by the house way ((g)(3))."""


@dataclass(frozen=True, slots=True)
class SetHand(Action):
    position: int
    low: tuple[str, ...] | str


class SetHandHouseWay(AtPosition):
    """A player who asked had the hand set by the house way."""


@dataclass(frozen=True, slots=True)
class Settle(Action):
    meter: Cents | None = None  # supplied by the station


class SettleRngWagers(Action):
    """The random-number wagers settled."""


class SettleThreeCardBonus(Action):
    """The three-card bonus wagers settled."""


class Shuffle(Action):
    """The cards shuffled ((e))."""


@dataclass(frozen=True, slots=True)
class ShufflerReport(Action):
    cards: int


class Surrender(AtPosition):
    """The player surrenders before the hands are exposed."""


class WithdrawWager(AtPosition):
    """A wager taken back before "no more bets" (with its side wagers)."""


#: Every action of the round, by its name (a journal's or a screen's string form read back).
ACTIONS: dict[str, type[Action]] = {each.name: each for each in (
    AcceptBank, AcceptorLit, ApproveProgressive, CallSupervisor, CollectCards,
    CompleteJackpotRecord, ConfirmLightCount, CountStub, Cut, Deal, DealFourCardStacks,
    DeclineBank, DetermineStartingPosition, NoMoreBets, PlaceBonusWager, PlaceDealerWager,
    PlaceRngWager, PlaceSideWager, PlaceWager, PlayerLeaves, PlayerMoves, PlayerSits,
    PlayersHaveSet, ProgressiveChipRemoved, Redeal, RejectProgressive,
    ResolveHalt, ResolveLightMismatch, ReturnWagers, SetBankHand, SetCoBankHand, SetDealerHand,
    SetHand, SetHandHouseWay, Settle, SettleRngWagers, SettleThreeCardBonus, Shuffle,
    ShufflerReport, Surrender, Void, WithdrawWager)}
