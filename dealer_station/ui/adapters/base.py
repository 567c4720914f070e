"""The contract between the table controller (``ui/controller.py``) and a game's adapter:
the step panel's buttons (:class:`Command`), the input a step asks of the dealer's hands
(:class:`EntryRequest`), what the devices last said (:class:`DeviceState`) and
:class:`GameAdapter`, the base every game's adapter derives from.

The base is complete: what every game must say (its felt, its buttons, what must be entered,
what a wager or a device event means) is abstract; the rest has a default a game overrides only
where it differs (no draw at the press, no forms, stacks entered one by one, the round's own
payments, no settlement preview, no problem menu, positions named by their number). The
controller calls every method directly: it never asks an adapter what it has.

>>> class Bare(GameAdapter):
...     game = "bare"
>>> Bare()
Traceback (most recent call last):
...
TypeError: Can't instantiate abstract class Bare with abstract methods commands, ...
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from dealer_station.actions import Action, CollectCards, ReturnWagers
from dealer_station.cards import Card
from dealer_station.hardware import Hardware
from dealer_station.procedure import GameRound, Payment, Record
from dealer_station.ui.view import DeviceHealth, Light, TableView
from drivers.events import DeviceEvent

__all__ = ["ActionCall", "Command", "DeviceState", "EntryRequest", "GameAdapter", "void_commands"]

#: The round class of one game (``LetItRideRound``, ``PaiGowRound``) an adapter draws.
RoundT = TypeVar("RoundT", bound=GameRound)

#: A round action an adapter asks the controller to perform: the typed record
#: (:class:`dealer_station.actions.Action`, e.g. ``Ride(position=3)``) that ``Station.perform``
#: takes as it is; a misspelt action or argument is a type error, not a lookup at run time.
ActionCall = Action


@dataclass(frozen=True, slots=True)
class Command:
    """One button of the step panel: a round ``action`` (the typed record, its arguments in it)
    performed through the station, or (with ``hardware``) a device command such as a stack
    dispensed, or (with ``form``) a form opened; ``action`` is None for the last two."""

    name: str
    label: str
    key: str
    action: Action | None = None
    hardware: Hardware | None = None
    #: Payment outcomes (``collect``, ``pay``) the dealer must tick off before this command.
    needs_ticks: tuple[str, ...] = ()
    #: Why the command waits for the ticks, said when it is pressed before (one line).
    ticks_why: str = "the list is the regulated order"
    #: The command opens the adapter's form ``form`` (input the dealer fills in first).
    form: str | None = None
    #: A way out of a device fault (the deal restarted after a jam or a restart): performed
    #: even while the fault stops the step; what was gathered from the devices is dropped.
    recovery: bool = False
    #: Device requirements driven once the action is recorded (the shoe reset, a shuffle).
    then: tuple[Hardware, ...] = ()
    #: What the dealer does by hand once the action is recorded (the cards dealt gathered for
    #: a redeal), said under the step until the next action.
    says: str = ""
    #: A choice the dealer makes only when a player says so (a surrender, a bank declined):
    #: never the step's primary, the button Enter presses, even when listed first.
    never_primary: bool = False
    #: The command enters what the lower panel holds (the low hand picked): the window sends
    #: that entry, as the panel's own button would.
    submits_entry: bool = False


def void_commands(round_: GameRound) -> tuple[Command, ...] | None:
    """The buttons of a voided round's last steps, the same in every game: WAGERS RETURNED
    once each RETURN line is ticked off, then CARDS COLLECTED (None: the round is not at
    them)."""
    phase = round_.step.phase
    if phase == "return_wagers":
        return (Command("wagers_returned", "WAGERS RETURNED", "R", ReturnWagers(),
                        needs_ticks=("return",)),)
    if phase == "collect_cards" and round_.is_void:
        return (Command("cards_collected", "CARDS COLLECTED", "C", CollectCards()),)
    return None


@dataclass(frozen=True, slots=True)
class EntryRequest:
    """Input the step needs from the dealer's hands: ``cards`` (manual card entry, when the shoe
    does not read them), ``setting`` (a Pai Gow player's low hand), ``wagers`` (the wagers of
    the position tapped during betting), ``sign_in``, ``first_supervisor``, ``supervisor`` or
    ``form`` (``options["name"]`` the adapter's form, ``options["fields"]`` its
    :class:`~dealer_station.ui.view.FormField` items, ``options["submit"]`` the button's label,
    ``options["cancel"]`` whether the dealer may close it)."""

    kind: str
    position: str
    title: str
    count: int = 0
    cards: tuple[Card, ...] = ()
    allow_joker: bool = False
    unavailable: tuple[Card, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class DeviceState:
    """What the devices last said: health per device, lights per seat, lockout, reading shoe."""

    health: dict[str, DeviceHealth] = field(default_factory=dict)
    lights: dict[str, Light] = field(default_factory=dict)
    lockout: bool | None = None
    shoe_reads_cards: bool = False
    late_chips: dict[str, int] = field(default_factory=dict)
    #: Stacks out of the shoe not yet given to the round (a Pai Gow deal takes all seven).
    stacks: list[tuple[Card, ...]] = field(default_factory=list)
    #: The shoe dispensed a stack it could not read: the dealer enters it by hand.
    misread: bool = False
    #: Stacks a shoe that does not read has dispensed and the dealer has not entered yet: the
    #: entry is offered only for a stack out of the shoe, and DISPENSE only once it is entered,
    #: so what the round records and what the shoe dealt stay in step.
    unread: int = 0
    #: The deal was interrupted before the round recorded it (the station restarted mid-deal):
    #: the stacks out are collected unseen and the deck reshuffled before dealing again.
    redeal_due: bool = False
    #: The stacks last handed to the round as its deal, until it records them.
    offered: list[tuple[Card, ...]] = field(default_factory=list)
    #: Why the round refused the deal the stacks out make (a card in two stacks: one the
    #: shoe read, one entered by hand): they stay out until the redeal collects them unseen.
    deal_refused: str = ""
    #: Seats whose acceptor sensed a chip while no round was open (the first wager not yet
    #: entered): the round started next is told of each, so no chip is dropped.
    chips_before_the_round: set[int] = field(default_factory=set)


class GameAdapter(ABC, Generic[RoundT]):
    """The game-specific half of the dealer's screen: one per game (Let It Ride, Pai Gow).
    ``round_`` is the game's round, of the class the adapter is made for
    (``GameAdapter[LetItRideRound]``), so mypy checks what an adapter reads of it."""

    #: The game's name (``let_it_ride``, ``pai_gow``).
    game: str

    # ------------------------------------------------------------ what every game says
    @abstractmethod
    def empty_table(self, devices: DeviceState) -> TableView:
        """The felt between rounds."""

    @abstractmethod
    def table_view(self, round_: RoundT, devices: DeviceState) -> TableView:
        """The felt during ``round_``: only the cards the procedure has exposed."""

    @abstractmethod
    def commands(self, round_: RoundT, devices: DeviceState) -> tuple[Command, ...]:
        """The step panel's buttons at the round's step."""

    @abstractmethod
    def entry(self, round_: RoundT, devices: DeviceState,
              selected: str | None) -> EntryRequest | None:
        """The input the step needs from the dealer's hands (``selected``: the position tapped),
        or None."""

    @abstractmethod
    def entry_action(self, round_: RoundT, request: EntryRequest,
                     cards: Sequence[Card]) -> ActionCall:
        """The round action of the cards entered for ``request``."""

    @abstractmethod
    def wager_actions(self, round_: RoundT, position: int,
                      amounts: Mapping[str, int]) -> list[ActionCall]:
        """The round actions of the wagers entered for ``position``."""

    @abstractmethod
    def device_actions(self, round_: RoundT | None, event: DeviceEvent,
                       devices: DeviceState) -> list[ActionCall]:
        """Note ``event`` in ``devices`` and return the round actions it means (none without a
        round)."""

    @abstractmethod
    def done_positions(self, round_: RoundT, devices: DeviceState) -> tuple[int | str, ...]:
        """The positions the step is done with (the order, NOW and NEXT, moves past them)."""

    # ------------------------------------------------------------ defaults
    def draw(self, action: Action) -> Action:
        """``action`` as performed at the press: randomness the round takes as an input is
        drawn here (the record with it filled in) and recorded. By default, none."""
        return action

    def form(self, round_: RoundT, name: str, devices: DeviceState) -> EntryRequest | None:
        """The form ``name`` the dealer opened (None: it no longer applies). By default, none."""
        return None

    def form_action(self, round_: RoundT, name: str,
                    values: Mapping[str, Any]) -> ActionCall | list[ActionCall]:
        """The round action of form ``name`` filled in with ``values`` (a ``ValueError`` in
        plain words for values it cannot take), or the actions, in order, when the form says
        more than one thing."""
        raise ValueError(f"no form {name!r}")

    def gather(self, round_: RoundT, stack: Sequence[Card],
               devices: DeviceState) -> list[ActionCall] | None:
        """A stack of cards entered by hand at a ``cards`` entry, when the game gathers stacks
        into one action (a Pai Gow deal takes every hand): the actions once all are in, none
        before. None (the default): each entry is one action, :meth:`entry_action`."""
        return None

    def payments(self, round_: RoundT) -> tuple[Payment, ...]:
        """The payment lines to show: by default those the round has made."""
        return tuple(round_.payments)

    def plan_action(self, round_: RoundT) -> Action | None:
        """The one action that settles the round at this step, whose lines are shown from the
        station's preview before it is recorded; None (the default) at every other step."""
        return None

    def problems(self, round_: RoundT, devices: DeviceState) -> tuple[Command, ...]:
        """The step panel's menu of dealer-initiated errors. By default, empty."""
        return ()

    def cards_go_with_ticks(self, round_: RoundT) -> bool:
        """At this step each player's cards are collected with that player's lines (the felt
        drops a position's cards once its lines are all ticked). By default, never: the cards
        are collected at a step of their own."""
        return False

    def offers_progressive(self) -> bool:
        """Whether the game as configured offers a progressive wager (the felt shows the
        progressive meter only then): by default, no."""
        return False

    def cards_held(self, planned: RoundT) -> frozenset[str]:
        """Of the positions whose cards go with their ticks, those kept on the layout after
        their lines are ticked, read from ``planned`` (the round as the settlement will leave
        it): by default, none."""
        return frozenset()

    def sensing(self, round_: RoundT) -> tuple[Hardware, ...]:
        """The devices the step reads from, beyond those it drives (``step.hardware``): a step
        whose count or wagers come from the acceptor lights waits while they are away (its
        stop message says what is not working and what to do). By default, none."""
        return ()

    def interrupted_deal(self, round_: RoundT) -> bool:
        """A round resumed from the journal whose deal was under way when the station stopped:
        the stacks already out were never recorded, so they are collected unseen and the deck
        reshuffled (a redeal) before dealing again. By default, no game deals that way."""
        return False

    def seat_key(self, position: int | str) -> str:
        """The felt's key of a round's position: by default its number."""
        return str(position)

    def seated_titles(self, previous: GameRound | None) -> Mapping[str, str]:
        """The felt's title of each position between rounds, after ``previous`` (the table's
        last round, None: none yet): who sits there for the next round. By default, none (the
        positions' numbers only)."""
        return {}

    def said_after(self, record: Record) -> str:
        """What the dealer is told under the step once ``record`` is recorded (what the record
        means the dealer does by hand, or what it decided): by default, nothing."""
        return ""

    def between_rounds(self) -> tuple[Command, ...]:
        """Buttons offered between rounds besides START ROUND, each opening a form of the
        next round (the controller starts the round first, so what is entered is journaled
        with it). By default, none."""
        return ()
