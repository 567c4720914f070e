"""The table controller the dealer's screen drives: Qt-free, run on the worker thread.

It holds the station (which journals every action before returning), the game adapter (which
turns a round into view-models and a button into a round action with its arguments) and what the
devices last said (health, lights, lockout). Every dealer input and device event goes through
:meth:`TableController.perform` or :meth:`TableController.device_event`; after each one the screen
gets a fresh immutable :class:`Snapshot`.

A device fault that matters to the current step (the step's ``hardware`` names that device) stops
the step: its actions are disabled and the panel says what happened and what to do.

>>> from dealer_station.hardware import LOCKOUT_ON, shoe_dispense
>>> fault = DeviceHealth("lockout", HealthState.FAULT, "jam")
>>> print(blocking_fault((LOCKOUT_ON,), {"lockout": fault}))
Lockout controller fault (jam). This step is stopped: clear the fault or call a technician; the
step resumes by itself when the device is back.
>>> blocking_fault((shoe_dispense(3),), {"lockout": DeviceHealth("lockout", HealthState.FAULT)})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dealer_station import logs
from dealer_station.actions import Action
from dealer_station.auth import AuthenticationError, PinChangeRequired
from dealer_station.cards import Card
from dealer_station.claims import ClaimWaiting
from dealer_station.games.void_steps import return_words
from dealer_station.hardware import (
    LIGHTS_OUT,
    LOCKOUT_OFF,
    SHOE_RESET,
    SHOE_SHUFFLE,
    Hardware,
    HardwareKind,
)
from dealer_station.money import format_cents
from dealer_station.procedure import GameRound, Payment, ProcedureError, Record, Step
from dealer_station.station_port import StationPort
from dealer_station.store.users import Account
from dealer_station.ui.adapters.base import Command, DeviceState, EntryRequest, GameAdapter
from dealer_station.ui.device_words import advice
from dealer_station.ui.devices import HealthBook
from dealer_station.ui.view import (
    DEVICE_NAMES,
    ActionView,
    DeviceHealth,
    HealthState,
    Light,
    PaymentLine,
    StepView,
    TableView,
    WagerView,
    describe_record,
    headline,
    in_device_order,
    order_text,
    payment_lines,
    short_detail,
    step_view,
)
from dealer_station.ui.words import refusal
from drivers.events import DeviceEvent, EventKind
from drivers.manager import Health

__all__ = [
    "Command",
    "DeviceState",
    "EntryRequest",
    "GameAdapter",
    "Snapshot",
    "StationLike",
    "StationPort",
    "TableController",
    "blocking_fault",
    "on_duty",
    "standing",
]

def blocking_device(hardware: Sequence[Hardware],
                    health: Mapping[str, DeviceHealth]) -> DeviceHealth | None:
    """The first device the step needs that is not healthy, else ``None``."""
    for requirement in hardware:
        item = health.get(requirement.kind.device)
        if item is None or item.state in (HealthState.CONNECTED, HealthState.NOT_CONFIGURED):
            continue
        return item
    return None


def refused_press(item: DeviceHealth) -> str:
    """The one line a press gets when a device the step needs is away: nothing was done,
    nothing is lost, and when to press again.

    >>> item = DeviceHealth("acceptors", HealthState.NOT_ANSWERING, "6/7 online")
    >>> print(refused_press(item))  # doctest: +NORMALIZE_WHITESPACE
    Not done: the acceptor lights are not answering. Nothing entered is lost: press again once
    their light is green.
    """
    name = DEVICE_NAMES.get(item.name, item.name).lower()
    state = {HealthState.FAULT: "at fault", HealthState.OFFLINE: "stopped"}.get(
        item.state, item.state.value)
    plural = name.endswith("s")
    return (f"Not done: the {name} {'are' if plural else 'is'} {state}. Nothing entered is "
            f"lost: press again once {'their' if plural else 'its'} light is green.")


def answers_again(device: str) -> str:
    """The line that replaces a refusal when the device is back.

    >>> print(answers_again("shoe"))
    The shoe answers again: press again what was not done.
    >>> print(answers_again("acceptors"))
    The acceptor lights answer again: press again what was not done.
    """
    name = DEVICE_NAMES.get(device, device).lower()
    return (f"The {name} answer{'' if name.endswith('s') else 's'} again: press again what was "
            "not done.")


def blocking_fault(hardware: Sequence[Hardware],
                   health: Mapping[str, DeviceHealth]) -> str | None:
    """The stop message when a device the step needs is not healthy, else ``None``: the
    device's words for the dealer (:func:`~dealer_station.ui.device_words.advice`, never its
    port or protocol) and what the step does meanwhile.

    >>> from dealer_station.hardware import acceptor_lights
    >>> away = DeviceHealth("acceptors", HealthState.NOT_ANSWERING,
    ...                     "0/7 online · seat 1: /dev/pts/7: no answer", seats=7,
    ...                     seats_away=tuple(range(1, 8)))
    >>> print(blocking_fault((acceptor_lights(()),), {"acceptors": away}))
    ... # doctest: +NORMALIZE_WHITESPACE
    Acceptor lights: no answer — check that their cable is plugged in and they are switched on;
    nothing is lost. Chips are not sensed nor counted: this step waits for their green dot.
    """
    item = blocking_device(hardware, health)
    if item is None:
        return None
    device = item.name
    name = DEVICE_NAMES.get(device, device)
    if item.state is HealthState.FAULT and device != "acceptors":
        # the fault's own words (a fault label, never a port): the dealer clears it
        words = ", ".join(item.faults) or item.detail
        detail = f" ({short_detail(words)})" if words else ""
        return (f"{name} fault{detail}. This step is stopped: clear the fault or call a "
                "technician; the step resumes by itself when the device is back.")
    said = advice(item)
    if device == "acceptors":  # what the dealer can no longer trust meanwhile
        return f"{said} Chips are not sensed nor counted: this step waits for their green dot."
    return f"{said} This step waits: do not deal or pay until its light is green again."


def standing(hardware: Sequence[Hardware], expects: str = "") -> tuple[Hardware, ...]:
    """The requirements that are states the devices hold during a step (the lockout, the
    acceptor lights), applied as the step begins; actions such as ``shoe_dispense`` wait for the
    dealer's button. While wagers are taken the betting stays open: a ``lockout_on`` there is
    the lockout the dealer presses at "no more bets" (5324.41(k)(2)), applied with that action.

    >>> from dealer_station.hardware import LOCKOUT_ON, acceptor_lights, acceptors_enabled
    >>> from dealer_station.hardware import shoe_dispense
    >>> standing((LOCKOUT_ON, shoe_dispense(3), acceptor_lights([3])))
    (Hardware('lockout_on'), Hardware('acceptor_lights:3'))
    >>> standing((LOCKOUT_ON,), expects="wagers")
    (Hardware('lockout_off'),)
    >>> standing((LOCKOUT_OFF, acceptors_enabled([3]), acceptor_lights([2])), expects="wagers")
    (Hardware('lockout_off'), Hardware('acceptors_enabled:3'), Hardware('acceptor_lights:2'))
    """
    states = tuple(h for h in hardware if h.kind.standing and h.kind.device == "lockout")
    lights = tuple(h for h in hardware if h.kind.standing and h.kind.device == "acceptors")
    if expects == "wagers":
        return (LOCKOUT_OFF, *lights)
    return (*states, *lights)


#: The wagers whose chip lies on a bet acceptor and lights it (Let It Ride's $1 bonus, Pai
#: Gow's progressive).
LIT_AREAS = frozenset({"bonus", "progressive"})


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything the screen shows at one moment; built on the worker thread, drawn on the GUI."""

    table: TableView
    step: StepView
    payments: tuple[PaymentLine, ...]
    ticked: frozenset[int]
    entry: EntryRequest | None
    health: tuple[DeviceHealth, ...]
    complete: bool
    records: int
    message: str = ""
    log: tuple[str, ...] = ()
    #: Who is signed in as the dealer on duty ("Dee Dealer (D-7) · dealer"; "" when nobody).
    on_duty: str = ""
    #: The verbs of the lines ticked off at a later step (Let It Ride's PAY lines while the
    #: losing wagers are collected): Space passes them by, a tap still ticks one.
    later: tuple[str, ...] = ()
    #: The number of the round in progress (None between rounds).
    round_open: int | None = None


#: The old name of :class:`dealer_station.station_port.StationPort`.
StationLike = StationPort


#: What the felt's badge says the betting waits for between rounds when nothing else holds
#: it (the lockout controller unlocked at a round's end: it said BETS OPEN before START ROUND).
NO_ROUND_YET = "until START ROUND"

#: The step shown between rounds and before anyone is signed in.
START_ROUND = Step("between_rounds", "Start the next round: open the betting",
                   actions=("start_round",), next_instruction="players place their wagers")
#: START ROUND waits for the last round's lines (the notice's words).
TICK_FIRST = "Tick off the last round's payments first"
#: The note of a rejected progressive payout's COLLECT line (Pai Gow's optional wagers).
REJECTED_NOTE = "payout rejected by"

SIGN_IN = Step("signed_out", "Sign in to deal: enter your id and PIN (a round in progress "
               "waits where it stands)", expects="sign_in")
#: What the devices hold between rounds: the lockout released (it is held from "no more bets"
#: to the round's end, 5324.41(k)(2)) and every acceptor light out for the next round's wagers.
BETWEEN_ROUNDS = (LOCKOUT_OFF, LIGHTS_OUT)
FIRST_SUPERVISOR = Step("first_start", "First start of this table: create the first supervisor",
                        expects="first_supervisor")


class TableController:
    """Drives one table: dealer inputs and device events in, snapshots out. Not thread-safe: the
    worker thread owns it."""

    def __init__(self, station: StationPort, adapter: GameAdapter[Any],
                 devices: DeviceState | None = None,
                 hardware: Callable[[Hardware], None] | None = None) -> None:
        self.station = station
        self.adapter = adapter
        self.devices = devices or DeviceState()
        self._hardware = hardware
        self.ticked: set[int] = set()
        #: A refusal or a result, under the step: it ends when the step it was shown at gives
        #: way to another (its cause is gone: a refusal at a validation once another
        #: supervisor decided), or when its own cause ends first (:meth:`keys_work_again`).
        self.message = ""
        #: The round and step :attr:`message` was first shown at (``None``: not shown yet).
        self._message_at: tuple[str, tuple[int | None, Step]] | None = None
        #: The words of the first supervisor's creation, said until a dealer's account exists.
        self._first_supervisor_words = ""
        #: The words of keys held (ui/key_guard.py), said until the keys work again.
        self._keys_words = ""
        #: The round just completed, shown until the next one starts.
        self.last_round: GameRound | None = None
        #: The position tapped on the felt (wager entry during betting).
        self.selected: str | None = None
        self._health_book: HealthBook | None = None
        #: Shown until the next action: e.g. that the round was resumed from the journal.
        self.notice = ""
        #: The device manager, when the application opened one.
        self.manager: Any = None
        #: What the floor's link last reported (:class:`dealer_station.floor.link.FloorView`);
        #: None: no floor configured, the station runs alone.
        self.floor: Any = None
        #: Called in reverse order by :meth:`close`.
        self.closers: list[Callable[[], None]] = []
        #: Close the devices (and the simulated table) opened for the game, before the closers.
        self.device_closers: list[Callable[[], None]] = []
        #: The simulated table driven, when no hardware is configured.
        self.simulation: Any = None
        #: Open the devices for a game (its shoe, its acceptors): set by the application.
        self.reopen_devices: Callable[[str], None] | None = None
        #: The acceptors' seats open now: health of a seat the table no longer has is dropped.
        self._seats: frozenset[int] | None = None
        #: The form the dealer opened (a problem from the step panel's menu, a count).
        self.opened: str | None = None
        #: Why the last sign-in (or first supervisor) was refused, shown under the form once
        #: per attempt (:attr:`attempts` counts them).
        self.refused = ""
        #: The round the last snapshot showed (to notice one completed by another screen).
        self._watched: GameRound | None = None
        #: The last settlement preview: ((round id, records, action), the round after it).
        self._plan: tuple[tuple[int | None, int, Action], GameRound | None] | None = None
        self.attempts = 0
        #: The device a press was refused for (away), until it answers again.
        self._refused_for: str | None = None
        #: How long the account of the last refused sign-in stays locked (0: not locked).
        self.locked_seconds = 0.0
        #: The last sign-in was refused for a one-time PIN: the form asks for a new one.
        self.pin_change = False

    @property
    def round(self) -> GameRound | None:
        return self.station.round

    # ------------------------------------------------------------ people and rounds
    def sign_in(self, user_id: str, pin: str, new_pin: str = "") -> bool:
        """The dealer (or a supervisor who deals) signs in; a refusal is shown under the form
        (``options["refused"]`` of the sign-in entry). A one-time PIN (set by someone else)
        is refused until its owner chooses ``new_pin`` with it (``options["change_pin"]``: the
        form asks for it); the PIN is then changed, and the person signed in with it."""
        self.attempts += 1
        try:
            if new_pin:
                self.station.change_own_pin(user_id, pin, new_pin)
                pin = new_pin
            self.station.sign_in(user_id, pin)
        except (ProcedureError, ValueError) as error:
            self.refused = _reason(error)
            self.locked_seconds = (error.locked_seconds
                                   if isinstance(error, AuthenticationError) else 0.0)
            self.pin_change = isinstance(error, PinChangeRequired) or (
                self.pin_change and bool(new_pin) and not isinstance(error, AuthenticationError))
            return False
        self.message = self.refused = ""
        self.locked_seconds = 0.0
        self.pin_change = False
        return True

    def sign_out(self) -> bool:
        """The dealer on duty signs out (audited; a round in progress waits where it
        stands)."""
        if self.station.dealer is None:
            return False
        self.station.sign_out()
        self.message = self.refused = ""
        self.opened = None
        return True

    def supervise(self, action: Action, supervisor: str, pin: str) -> bool:
        """A supervisor's decision on the round at the dealer's screen (a progressive payout:
        approve or reject, 5324.41(k)(3)(iii); a halt: continue or void); the station checks
        the id, PIN and role, and that the supervisor did not deal the round."""
        round_ = self.round
        try:
            self.station.supervise(action, supervisor=supervisor, pin=pin)
        except ClaimWaiting as waiting:  # approved: paid in its turn on the linked pool
            self.message = ""
            self.notice = waiting.waiting.words[:1].upper() + waiting.waiting.words[1:] + "."
            return True
        except (ProcedureError, ValueError) as error:
            self.message = _reason(error)
            return False
        self.message = ""
        self.notice = ""
        if self.station.round is None:
            self._ended(round_)
        return True

    def on_layout(self) -> tuple[str, ...]:
        """The wagers on the layout of the open round (``position N: area $x``), as the felt
        shows them: what a void returns."""
        round_ = self.round
        if round_ is None:
            return ()
        if round_.is_void:  # voided: its RETURN lines, as ticked
            return tuple(
                f"position {p.position}: {str(p.wager).replace('_', ' ')} "
                f"{format_cents(p.stake)} · {'returned' if p.order in self.ticked else 'RETURN'}"
                for p in round_.void_returns)
        view = self.adapter.table_view(round_, self.devices)
        return tuple(f"{seat.title}: {wager.area.replace('_', ' ')} {format_cents(wager.amount)}"
                     for seat in view.seats for wager in seat.wagers
                     if wager.state in ("placed", "riding"))

    def void_round(self, reason: str, supervisor: str, pin: str) -> str:
        """A supervisor (who did not deal it) voids the open round with the reason; the station
        checks the id, PIN and role and journals the void (audited). The dealer's screen then
        lists a RETURN line for each wager to give back, ticked off as settlement lines are,
        then asks for the cards; the round ends void after that. Returns what the supervisor's
        screen says; raises the station's refusal."""
        reason = reason.strip()
        if not reason:
            raise ProcedureError("write the reason the round is voided")
        if self.round is None:
            raise ProcedureError("no round in progress to void")
        round_id = self.station.round_id
        self.station.void_round(reason, supervisor=supervisor, pin=pin)
        self.devices.stacks.clear()
        self.devices.unread = 0
        self.devices.misread = self.devices.redeal_due = False
        self.devices.deal_refused = ""
        self.opened, self.selected, self.message = None, None, ""
        round_ = self.station.round
        if round_ is None:  # voided at once (a round that no longer replays)
            self._ended(None)
            self.notice = (f"Round {round_id} voided by supervisor {supervisor}: {reason}. "
                           "Return every wager to its player and collect the cards unseen.")
            return self.notice
        self.notice = (f"Round {round_id} voided by supervisor {supervisor}: {reason}. "
                       + return_words(len(round_.void_returns), round_.void_cards_out))
        self._drive_hardware(standing(round_.step.hardware, round_.step.expects))
        return self.notice

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> bool:
        self.attempts += 1
        try:
            self.station.create_first_supervisor(user_id, name, pin)
        except (ProcedureError, ValueError) as error:
            self.refused = _reason(error)
            return False
        self.refused = ""
        self.message = self._first_supervisor_words = (
            f"Supervisor {user_id} created: sign in to deal, or open SUPERVISOR → "
            "Accounts to create the dealers' accounts.")
        return True

    def _meter(self) -> int | None:
        """The progressive meter as the station's journal holds it (None: no progressive;
        a meter kept for another game's, or for the progressive no longer offered, is not
        this table's to show)."""
        if not self.adapter.offers_progressive():
            return None
        try:
            found = self.station.meters()
        except Exception:  # a meter the store cannot read is the supervisor's matter
            return None
        return int(found[0].current) if found else None

    def _tick_first_words(self, left: int) -> str:
        """Why START ROUND waits: the last round's lines to tick; a progressive payout a
        supervisor rejected after the settlement is named, with what the dealer does (its COLLECT
        line came with the decision, which ended the round: docs/rules-interpretation.md,
        5324.41(g)(5))."""
        words = f"{TICK_FIRST} ({left} left, Space ticks the next)."
        lines = self.payments(self.last_round) if self.last_round is not None else ()
        rejected = next((p for p in lines if p.order not in self.ticked
                         and p.note.startswith(REJECTED_NOTE)), None)
        if rejected is None:
            return words
        why = str(rejected.note).removeprefix(REJECTED_NOTE).strip()
        return (f"The progressive payout at position {rejected.position} was rejected by {why}: "
                "collect its progressive wager into the chip tray and its cards, then tick its "
                f"COLLECT line. {words}")

    def _betting_waits(self) -> str:
        """What the next round's betting waits for between rounds (the felt's badge says it
        instead of BETS OPEN): the last round's collections and payments not ticked off yet.

        "" when nothing waits."""
        left = self._left_to_tick()
        return f"{left} payment{'s' if left != 1 else ''} to tick" if left else ""

    def _left_on_the_felt(self) -> TableView:
        """The felt between rounds: the last round's cards and wagers are collected by its
        last step (Let It Ride's CARDS COLLECTED, 5324.34(e)(9); Pai Gow's with each settlement,
        5324.41(g)(5)-(8); a void's CARDS COLLECTED), so the felt is bare, as the next round's
        betting finds it. Only a position whose line still waits to be ticked (a progressive
        payout rejected after the settlement: its wager and cards are collected with the tick)
        keeps its wagers and cards until then. (It drew the last round whole: a voided round's
        cards stayed on the felt under "NO BETS" / "BETS OPEN".)"""
        bare = self.adapter.empty_table(self.devices)
        titles = self.adapter.seated_titles(self.last_round)
        bare = replace(bare, seats=tuple(replace(seat, title=titles.get(seat.key, seat.title))
                                         for seat in bare.seats))
        if self.last_round is None:
            return bare
        waiting = {str(p.position) for p in self.payments(self.last_round)
                   if p.outcome in ("collect", "pay") and p.order not in self.ticked}
        if not waiting:
            return bare
        last = self.adapter.table_view(self.last_round, self.devices)
        kept = {seat.key: seat for seat in last.seats if seat.key in waiting}
        return replace(bare, seats=tuple(kept.get(seat.key, seat) for seat in bare.seats))

    def _void_chips(self, table: TableView, round_: GameRound) -> TableView:
        """A voided round's chips stay on the felt as placed until their RETURN line is ticked
        (the chips given back), then leave it (they read as already taken back while the dealer
        was still to return them)."""
        lines = {(str(p.position), str(p.wager)): p.order for p in round_.void_returns}

        def still_out(key: str, wager: WagerView) -> bool:
            order = lines.get((key, wager.area))
            return order is None or order not in self.ticked

        seats = []
        for seat in table.seats:
            out = tuple(replace(wager, state="placed") if (seat.key, wager.area) in lines
                        else wager for wager in seat.wagers if still_out(seat.key, wager))
            lit = any(wager.area in LIT_AREAS for wager in out)
            # the light said the acceptor's chip is a wager: once that chip is back, not lit
            light = (seat.light if lit or seat.light not in (Light.ON, Light.RETURN)
                     else Light.OFF)
            seats.append(replace(seat, wagers=out, light=light))
        return replace(table, seats=tuple(seats))

    def _left_to_tick(self) -> int:
        """Collections and payments of the last round not ticked off yet."""
        if self.last_round is None:
            return 0
        return sum(1 for p in self.payments(self.last_round)
                   if p.outcome in ("collect", "pay") and p.order not in self.ticked)

    def change_game(self, adapter: GameAdapter[Any]) -> None:
        """The table deals another game from the next round (the supervisor's Configuration
        page, between rounds): its adapter draws the screen at once. The last round belongs to
        the old game, which only the old adapter can draw: its lines are all ticked off (the
        switch waits for that, :meth:`switch_refusal`), so it is put away now and the new
        adapter is never given the old game's round."""
        self.last_round = self._watched = self.selected = self._plan = None
        self.ticked.clear()
        self.devices.stacks.clear()
        self.devices.unread = 0
        self.adapter = adapter

    def switch_refusal(self) -> str:
        """Why the game cannot be switched now ("" when it can): the last round's collections
        and payments are ticked off first, as before any next round."""
        left = self._left_to_tick()
        return (f"tick off the last round's payments on the dealer's screen first ({left} left)"
                if left else "")

    def start_round(self) -> bool:
        if self.last_round is not None:
            left = self._left_to_tick()
            if left:
                self.message = (f"Tick off the last round's payments first ({left} left).")
                return False
        try:
            self.station.start_round()
        except (ProcedureError, ValueError) as error:
            self.message = _reason(error)
            return False
        self.ticked.clear()
        self.devices.stacks.clear()
        self.devices.unread = 0
        self.devices.deal_refused = ""
        self.last_round = None
        self.message = ""
        self.notice = ""  # the last round's words (voided, resumed) end with it
        started = self.station.round
        if started is not None:
            self._drive_hardware((SHOE_SHUFFLE, *standing(started.step.hardware,
                                                          started.step.expects)))
            self._chips_sensed_before_the_round()
        return True

    def _note_chip_before_the_round(self, event: DeviceEvent) -> None:
        """A chip on an acceptor while no round is open: kept for the round started next."""
        seat = event.seat
        if seat is None:
            return
        if event.kind is EventKind.CHIP_SENSED and not event.late:
            self.devices.chips_before_the_round.add(seat)
        elif event.kind is EventKind.CHIP_REMOVED:
            self.devices.chips_before_the_round.discard(seat)

    def _chips_sensed_before_the_round(self) -> None:
        """The new round hears of each chip its acceptors sensed before it started (a player
        dropped it before the dealer entered the first wager), as if sensed now."""
        chips = sorted(self.devices.chips_before_the_round)
        self.devices.chips_before_the_round.clear()
        for seat in chips:
            event = DeviceEvent("acceptors", "", 0, EventKind.CHIP_SENSED, seat=seat)
            for action in self.adapter.device_actions(self.round, event, self.devices):
                self.perform(action, reported=True)

    # ------------------------------------------------------------ inputs
    def command(self, name: str) -> Record | None:
        """The dealer pressed the step panel's button ``name`` (or its key)."""
        if name == "start_round":
            self.start_round()
            return None
        early = next((c for c in self.adapter.between_rounds() if c.name == name), None)
        if self.round is None and early is not None:
            # what the dealer records between rounds belongs to the next round: it starts
            # (and is journaled) first, then the form opens in it
            if self.start_round():
                self.open_form(early.form)
            return None
        if self.round is None:
            self.message = "No round in progress: start one first."
            return None
        found = next((c for c in (*self.adapter.commands(self.round, self.devices),
                                  *self._problems(self.round)) if c.name == name), None)
        if found is None:
            self.message = f"{name.replace('_', ' ')} is not possible at this step."
            return None
        if found.form is not None:
            self.open_form(found.form)
            return None
        if found.submits_entry:  # the window sends the entry itself (enter_cards)
            self.message = "Pick the cards first, then press it again."
            return None
        unticked = self._unticked(found)
        if unticked:
            self.message = f"Tick off every payment first ({unticked} left): {found.ticks_why}."
            return None
        if found.hardware is not None:
            away = blocking_device((found.hardware,), self.devices.health)
            if away is not None and not (found.recovery and away.state is HealthState.FAULT):
                # a way out of a fault (a replacement deck shuffled after a wrong count) is
                # pressed at the fault; a device away still refuses it
                self._refused(away)
                return None
            requirement = found.hardware
            if requirement.kind is HardwareKind.SHOE_DISPENSE:  # where the round is: a press
                # after a dispense in doubt, the round not moved since, is a retry (exactly once)
                requirement = replace(
                    requirement, at=f"{self.station.round_id}:{len(self.round.history)}")
            self._drive_hardware((requirement,))
            return None
        assert found.action is not None
        record = self.perform(self.adapter.draw(found.action), reported=found.recovery)
        if record is not None and found.recovery:
            self.devices.stacks.clear()
            self.devices.unread = 0
            self.devices.misread = self.devices.redeal_due = False
            self.devices.deal_refused = ""
        if record is not None and found.then:
            self._drive_hardware(found.then)
        if record is not None and found.says:
            self.message = found.says  # until the next action (the first stack of the deal)
        return record

    def keys_ignored(self, words: str) -> None:
        """The window held keys typed where nothing takes them (ui/key_guard.py): say so under
        the step, until the keys work again (:meth:`keys_work_again`) or the next action."""
        self.message = self._keys_words = words

    def keys_work_again(self) -> None:
        """The keyboard was quiet long enough (or the dealer tapped): the hold is over, and
        so are its words (they stayed, saying keys were ignored, once they no longer were)."""
        if self._keys_words and self.message == self._keys_words:
            self.message = ""
        self._keys_words = ""

    def open_form(self, name: str | None) -> None:
        """Show the adapter's form ``name`` in the lower panel (``None``: close it)."""
        self.opened = name
        self.message = ""

    def submit_form(self, values: Mapping[str, Any]) -> Record | None:
        """The dealer filled in the form shown and pressed its button: the adapter turns the
        values into a round action, performed through the station."""
        request = self._entry(self.round) if self.round is not None else None
        if request is None or request.kind != "form":
            self.message = "Nothing to fill in now."
            return None
        try:
            action = self.adapter.form_action(self.round, str(request.options["name"]), values)
        except (ProcedureError, ValueError) as error:
            self.message = _reason(error)
            return None
        record = None
        for each in action if isinstance(action, list) else [action]:
            record = self.perform(each)
            if record is None:
                return None  # refused: the form stays, with the reason
        self.opened = None
        return record

    def select(self, key: str) -> None:
        """The dealer tapped a position on the felt."""
        self.selected = key

    def place(self, position: int, amounts: Mapping[str, int]) -> list[Record]:
        """The wagers entered for ``position`` during betting."""
        records: list[Record] = []
        if self.round is None:
            return records
        for action in self.adapter.wager_actions(self.round, position, amounts):
            record = self.perform(action)
            if record is None:
                break
            records.append(record)
        return records

    def perform(self, action: Action, *, reported: bool = False) -> Record | None:
        """Perform round ``action`` (a typed record, :mod:`dealer_station.actions`) through the
        station (which journals it before returning).
        A :class:`ProcedureError` becomes the panel's message, never a crash. A device fault that
        matters to the step stops what the dealer asks, not what a device ``reported`` has
        happened (a stack already dispensed is recorded, and the round judges it)."""
        round_ = self.round
        if round_ is None:
            self.message = "No round in progress: start one first."
            return None
        step = round_.step
        away = blocking_device(step.hardware, self.devices.health)
        if away is not None and not reported:
            self.devices.offered = []
            self._refused(away)
            return None
        try:
            record = self.station.perform(action)
        except (ProcedureError, ValueError) as error:
            self.message = _reason(error)
            self._deal_refused()
            return None
        self.devices.offered = []
        self.message = self.adapter.said_after(record)
        self.notice = ""
        after = self.station.round
        if after is None:
            self._ended(round_)
        else:
            self._drive_hardware(standing(after.step.hardware, after.step.expects))
        return record

    def _deal_refused(self) -> None:
        """The round refused the deal the stacks out make (a card in two stacks): the stacks
        stay out on the layout and the way out is the redeal. They were dropped: the screen
        said "duplicate card Ks" and went back to DISPENSE STACK 1 OF 7 with seven stacks on
        the layout and the shoe nearly empty, no REDEAL offered."""
        offered, self.devices.offered = self.devices.offered, []
        if not offered:
            return
        self.devices.stacks[:0] = offered
        self.devices.deal_refused = self.message
        self.message = (f"The deal cannot be recorded: {self.message}. Collect every stack "
                        "unseen, then REDEAL: the deck is reshuffled and dealt again.")

    def _refused(self, away: DeviceHealth) -> None:
        """A press refused because a device the step needs is away: one line saying so (not
        the step's standing fault, which is shown already), and the device remembered, so its
        return says that the press may be made again."""
        self.message = refused_press(away)
        self._refused_for = away.name

    def enter_cards(self, cards: Sequence[Card]) -> Record | None:
        """Cards entered by hand (manual entry) or a low hand picked (Pai Gow setting)."""
        request = self._entry(self.round) if self.round is not None else None
        if request is None:
            self.message = "No cards are expected now."
            return None
        wrong = wrong_cards(request, cards)
        if wrong:
            self.message = wrong  # never a part of what was typed: nothing is recorded
            return None
        # a stack out of a shoe that does not read is entered once (then the next DISPENSE)
        unread = request.kind == "cards" and bool(self.devices.unread)
        # a stack the shoe dispensed but could not read: what the dealer enters is what was
        # dealt (recorded despite the shoe's misread fault), then the fault is reset so the
        # next stack comes out of the shoe again
        misread = request.kind == "cards" and self.devices.misread
        gathered = (self.adapter.gather(self.round, cards, self.devices)
                    if request.kind == "cards" else None)
        if gathered is not None:
            if unread:  # the stack is with the others out of the shoe
                self.devices.unread -= 1
            record = None
            for action in gathered:
                record = self.perform(action, reported=misread)
            if misread:
                self._drive_hardware((SHOE_RESET,))
            return record
        record = self.perform(self.adapter.entry_action(self.round, request, cards),
                              reported=misread)
        if record is not None:
            if unread:
                self.devices.unread -= 1
            self.devices.misread = False  # the next stack comes from the reader again
            if misread:
                self._drive_hardware((SHOE_RESET,))
        return record

    def tick(self, order: int, done: bool) -> None:
        """The dealer ticks off (or un-ticks) a payment: journaled by the station (part of the
        round's record, restored after a restart) before the screen shows it."""
        if (order in self.ticked) == done:
            return
        try:
            self.station.tick_payment(order, done)
        except (ProcedureError, ValueError, OSError) as error:
            self.message = f"The tick was not recorded: {_reason(error)}"
            return
        if done:
            self.ticked.add(order)
        else:
            self.ticked.discard(order)

    def device_event(self, event: DeviceEvent) -> list[Record]:
        """A device event: update lights/lockout state, perform the round actions it implies."""
        if event.kind is EventKind.NUMBERING_FAULT:
            # events lost, repeated or out of order: the dealer is told at once, with numbers
            seat = event.seat
            where = f"{event.device} seat {seat}" if seat is not None else event.device
            self.message = (f"{where.capitalize()} fault: {event.detail}. Call a technician if "
                            "it repeats.")
            try:  # on the record, with the round it happened in
                self.station.record_device_event(event.device, "numbering_fault", seat=seat,
                                                 number=event.number, detail=event.detail)
            except (OSError, ValueError) as error:
                self.message += f" (not audited: {error})"
        if self.round is None or self.round.is_complete:
            self._note_chip_before_the_round(event)
        if self.round is None:
            self.adapter.device_actions(None, event, self.devices)
            return []
        records = []
        for action in self.adapter.device_actions(self.round, event, self.devices):
            record = self.perform(action, reported=True)
            if record is not None:
                records.append(record)
        return records

    def set_health(self, items: Sequence[DeviceHealth]) -> None:
        for item in items:
            self.devices.health[item.name] = item

    def reset_health(self, seats: Sequence[int] | set[int] | frozenset[int]) -> None:
        """New devices were opened (acceptors at ``seats``): forget what the old ones said."""
        self._health_book = None
        self._seats = frozenset(seats)

    def note_health(self, items: Sequence[Health | DeviceHealth]) -> None:
        """Health from the device manager (``drivers.manager.Health``) or ready-made items;
        a seat the table no longer has (a report still on its way from devices closed since)
        is dropped."""
        if self._health_book is None:
            self._health_book = HealthBook()
        before = dict(self.devices.health)
        raw = [item for item in items if isinstance(item, Health)
               and (self._seats is None or item.seat is None or item.seat in self._seats)]
        for item in raw:
            self._health_book.update(item)
        self.set_health([item for item in items if isinstance(item, DeviceHealth)])
        if raw:
            self.set_health(self._health_book.items())
        _log_health_changes(before, self.devices.health)
        back = [name for name, item in self.devices.health.items()
                if item.state is HealthState.CONNECTED and name in before
                and before[name].state is not HealthState.CONNECTED]
        if back:
            # a device answers again: what the step holds (lockout, lights) is sent again where
            # a command sent while it was away did not arrive (DeviceHub remembers what did)
            self.restore_devices()
            if self._refused_for in back:
                self.message = answers_again(self._refused_for)
                self._refused_for = None

    def restore_devices(self) -> None:
        """After a start or a resume: put the devices as the current step needs them."""
        if self.round is not None:
            self._drive_hardware(standing(self.round.step.hardware, self.round.step.expects))
        else:
            self._drive_hardware(BETWEEN_ROUNDS)

    def _ended(self, round_: GameRound | None) -> None:
        """The round ended (the last action, a claim decided on the supervisor's screen, a
        void at once): it is shown as the last round, and the devices are put as between
        rounds. The felt's lights follow at once: no event reports a light the station put
        out, and a chip left on an acceptor is sensed again only once taken off."""
        self.last_round, self.selected = round_, None
        self._drive_hardware(BETWEEN_ROUNDS)
        for seat, light in self.devices.lights.items():
            if light is not Light.OFF:
                self.devices.lights[seat] = Light.OFF

    def close(self) -> None:
        """Close what the controller opened (devices, simulated table, station)."""
        for closer in [*reversed(self.device_closers), *reversed(self.closers)]:
            try:
                closer()
            except Exception as error:  # closing must go on
                self.message = str(error)
        self.device_closers.clear()
        self.closers.clear()

    def _drive_hardware(self, requirements: Sequence[Hardware]) -> None:
        """Tell the devices what the step needs (lockout on/off, lights, dispense). A device
        that fails is reported in the panel; the round record is already journaled."""
        if self._hardware is None:
            return
        for requirement in requirements:
            try:
                self._hardware(requirement)
            except (OSError, ValueError) as error:
                self.message = f"Device did not do {requirement}: {error}"

    # ------------------------------------------------------------ output
    def payments(self, round_: GameRound) -> tuple[Payment, ...]:
        """The payments to show: those made and, at settlement, those due (the adapter's; a
        game whose settlement is one action shows the lines that action will make, from the
        station's preview, so each is ticked off before the button records it)."""
        if round_.is_void:
            return tuple(round_.void_returns)  # a void: the RETURN lines, ticked off as any
        action = self.adapter.plan_action(round_) if round_ is self.round else None
        if action is not None:
            planned = self._planned(round_, action)
            if planned is not None:
                return tuple(planned.payments)
        return self.adapter.payments(round_)

    def _planned(self, round_: GameRound, action: Action) -> GameRound | None:
        """The round after ``action`` (the station's preview), kept until the round moves."""
        key = (self.station.round_id, len(round_.history), action)
        if self._plan is not None and self._plan[0] == key:
            return self._plan[1]
        planned: GameRound | None
        try:
            planned = self.station.preview(action)
        except (ProcedureError, ValueError, TypeError, KeyError):
            planned = None
        self._plan = (key, planned)
        return planned

    def _paying(self, round_: GameRound) -> list[int | str] | None:
        """At a step whose button needs the payments ticked off, the positions still to be
        collected or paid, in the order of the lines (None at any other step)."""
        if not any(command.needs_ticks
                   for command in self.adapter.commands(round_, self.devices)):
            return None
        later = {verb.lower() for verb in self._ticked_later(round_)}  # not this step's lines
        return list(dict.fromkeys(p.position for p in self.payments(round_)
                                  if p.order not in self.ticked and p.outcome not in later))

    def _held(self, round_: GameRound) -> frozenset[str]:
        """At a step whose cards go with the ticks, the positions whose cards stay on the
        layout all the same (a hand kept for a progressive payout's validation, 5324.41(g)(9)),
        from the settlement's preview."""
        if not self.adapter.cards_go_with_ticks(round_):
            return frozenset()
        action = self.adapter.plan_action(round_) if round_ is self.round else None
        planned = self._planned(round_, action) if action is not None else None
        return self.adapter.cards_held(planned) if planned is not None else frozenset()

    def _paid(self, round_: GameRound) -> tuple[int | str, ...]:
        """At a step whose button needs the payments ticked off, the positions whose lines (as
        listed, pushes too) are all ticked: the order (NOW, NEXT) moves on with the ticks."""
        if not any(command.needs_ticks
                   for command in self.adapter.commands(round_, self.devices)):
            return ()
        lines = self.payments(round_)
        open_ = {str(p.position) for p in lines if p.order not in self.ticked}
        return tuple(dict.fromkeys(p.position for p in lines if str(p.position) not in open_))

    def _unticked(self, command: Command) -> int:
        if not command.needs_ticks or self.round is None:
            return 0
        return sum(1 for p in self.payments(self.round)
                   if p.outcome in command.needs_ticks and p.order not in self.ticked)

    def _problems(self, round_: GameRound) -> tuple[Command, ...]:
        """The step panel's menu: dealer-initiated errors (an exposed card, call a supervisor)."""
        return self.adapter.problems(round_, self.devices)

    def _entry(self, round_: GameRound) -> EntryRequest | None:
        """The lower panel's input: the form the dealer opened, else what the step needs."""
        if self.opened is not None:
            request = self.adapter.form(round_, self.opened, self.devices)
            if request is not None:
                return request
            self.opened = None  # the step moved on: the form no longer applies
        entry: EntryRequest | None = self.adapter.entry(round_, self.devices, self.selected)
        return entry

    def _buttons(self, round_: GameRound) -> tuple[ActionView, ...]:
        buttons = []
        for index, command in enumerate(self.adapter.commands(round_, self.devices)):
            if self._unticked(command):
                enabled = False
            elif command.action is None or command.form is not None:
                enabled = True
            else:
                try:
                    enabled = self.station.can(command.action)
                except (ProcedureError, ValueError, TypeError, KeyError):
                    enabled = False
            buttons.append(ActionView(command.name, command.label, command.key,
                                      primary=index == 0 and not command.never_primary,
                                      enabled=enabled,
                                      recovery=command.recovery,
                                      submits_entry=command.submits_entry))
        return tuple(buttons)

    def _message_ended(self, step: Step) -> None:
        """Clear :attr:`message` once its cause is gone: the step it was shown at has given
        way to another, or (the first supervisor's words) a dealer's account exists."""
        if not self.message:
            self._message_at = None
            return
        here = (self.station.round_id, step)
        if self._message_at is None or self._message_at[0] != self.message:
            self._message_at = (self.message, here)
        elif self._message_at[1] != here:
            self.message = ""
            self._message_at = None
            return
        if self.message == self._first_supervisor_words and self.station.dealer_accounts_exist:
            self.message = ""
            self._message_at = None

    def snapshot(self) -> Snapshot:
        round_ = self.round
        if round_ is None and self._watched is not None:
            # the round was completed elsewhere (the supervisor's screen decided its last
            # progressive claim): it is the last round, its payments ticked off here as any
            self._ended(self._watched)
        self._watched = round_
        shown = round_ if round_ is not None else self.last_round
        buttons: tuple[ActionView, ...] | None = None
        problems: tuple[ActionView, ...] = ()
        signed_out = self.station.dealer is None
        held: frozenset[str] = frozenset()
        notes_held = ""
        if round_ is not None and not signed_out:
            step = round_.step
            buttons = self._buttons(round_)
            problems = tuple(ActionView(c.name, c.label, c.key, recovery=c.recovery)
                             for c in self._problems(round_))
            held = self._held(round_)
            done = (*self.adapter.done_positions(round_, self.devices),
                    *(p for p in self._paid(round_) if str(p) not in held))
            if held and not self.message:
                notes_held = held_words(held)
        else:
            if self.station.needs_first_supervisor:
                step = FIRST_SUPERVISOR
            elif self.station.dealer is None:
                step = SIGN_IN
            else:
                step = START_ROUND
                left = self._left_to_tick()
                buttons = (ActionView("start_round", "START ROUND", "S", primary=True,
                                      enabled=not left),
                           *(ActionView(c.name, c.label, c.key, enabled=not left)
                             for c in self.adapter.between_rounds()))
                if left and not self.message:
                    self.notice = self._tick_first_words(left)
                elif not left and TICK_FIRST in self.notice:
                    self.notice = ""
            done = ()
        self._message_ended(step)
        sensed = self.adapter.sensing(round_) if round_ is not None and not signed_out else ()
        fault = blocking_fault((*step.hardware, *sensed), self.devices.health)
        notes = [text for text in (self.notice, self.message, notes_held)
                 if text and text != fault]
        way_out = next((b for b in buttons or () if b.recovery and b.enabled), None)
        if fault is not None and way_out is not None:  # the step's own way out of the fault
            fault += f" Or, once the shoe is cleared by hand: {way_out.label}."
        view = step_view(step, buttons=buttons, done=done, blocked=fault, notes=notes,
                         problems=problems)
        if round_ is not None:
            table = self.adapter.table_view(round_, self.devices)
            if self.adapter.cards_go_with_ticks(round_):  # a player's lines ticked: cards gone
                gone = {str(p) for p in self._paid(round_)} - held
                table = replace(table, seats=tuple(
                    replace(seat, cards=(), low_cards=()) if seat.key in gone else seat
                    for seat in table.seats))
            if round_.is_void:
                table = self._void_chips(table, round_)
        else:  # between rounds: only what the last round left on the layout
            table = self._left_on_the_felt()
        if self.station.round_id is not None:
            table = replace(table, title=f"{table.title} · Round {self.station.round_id:,}")
        if round_ is None:  # no round: no betting, whatever the lockout controller holds
            table = replace(table, betting_waits=self._betting_waits() or NO_ROUND_YET)
        meter = self._meter()
        if meter is not None:
            table = replace(table, meter=meter)
        floor = self.floor
        if floor is not None and self.adapter.offers_progressive():
            table = replace(table, **floor_meter(floor))
            refusal = floor.progressive_refusal
            if refusal:
                notes.append(refusal[0].upper() + refusal[1:] + ".")
                view = replace(view, notes=tuple(notes))
        # the positions by the names the felt gives them: the dealer's is "dealer", never a
        # number the table does not have ("2 → … → 6 → 7 → 1" on a six-position table)
        seat_key = self.adapter.seat_key
        dealers = {seat.key for seat in table.seats if seat.is_dealer}
        names = {str(p): "dealer" for p in step.positions if seat_key(p) in dealers}
        names.update({str(p): f"{p} (kept for the jackpot record)"
                      for p in step.positions if str(p) in held})
        view = replace(view, order_text=order_text(step.positions, done, names=names))
        entry = None
        later: tuple[str, ...] = ()
        if round_ is not None and not signed_out:
            entry = self._entry(round_)
            later = self._ticked_later(round_)
        if round_ is not None and not signed_out:
            if entry is not None and entry.kind == "wagers":
                # betting has no order: NOW is the position whose wagers are being entered
                order = {str(entry.position): 0} if entry.position else {}
                view = replace(view, order_text="")
            elif step.phase == "betting" and self.opened is not None:
                # a form opened while the wagers are taken (PROBLEM…, seating, an RNG side
                # wager): still no order (it said "Order: 1 → 2 → … → 6" with NOW on
                # position 1, which had no wager)
                order = {}
                view = replace(view, order_text="")
            else:
                paying = self._paying(round_)  # at settlement: the lines' order, as ticked
                order = {seat_key(p): i for i, p in enumerate(
                    paying if paying is not None else
                    [p for p in step.positions if str(p) not in {str(d) for d in done}])}
            table = replace(table, seats=tuple(
                replace(seat, order=order.get(seat.key)) for seat in table.seats))
        elif step.expects in ("sign_in", "first_supervisor"):
            entry = EntryRequest(step.expects, "", step.instruction,
                                 options={"refused": self.refused, "attempt": self.attempts,
                                          "locked_seconds": self.locked_seconds,
                                          "change_pin": self.pin_change})
        if entry is not None and entry.options.get("step"):
            view = replace(view, instruction=headline(str(entry.options["step"])))
        payments = self.payments(shown) if shown is not None else ()
        return Snapshot(
            table=table,
            step=view,
            payments=payment_lines(payments),
            ticked=frozenset(self.ticked),
            entry=entry,
            health=in_device_order(self.devices.health.values()),
            complete=round_ is None and shown is not None,
            records=len(shown.history) if shown is not None else 0,
            message=self.message,
            log=tuple(describe_record(r) for r in shown.history[-12:]) if shown else (),
            on_duty=on_duty(self.station.dealer),
            later=later,
            round_open=self.station.round_id if round_ is not None else None,
        )

    def _ticked_later(self, round_: GameRound) -> tuple[str, ...]:
        """The verbs of the lines the step's commands do not wait for while they wait for
        others: the PAY lines while the losing wagers are collected ((e)(7) before (e)(8)).
        Space ticked on past the last COLLECT line into them, so a dealer who pressed it once
        too often found the payments ticked before any was paid, and ALL PAID at once."""
        needs = {outcome for command in self.adapter.commands(round_, self.devices)
                 for outcome in command.needs_ticks}
        return ("PAY",) if needs and "pay" not in needs else ()


def wrong_cards(request: EntryRequest, cards: Sequence[Card]) -> str:
    """Why ``cards`` cannot be what a ``cards`` entry asked for ("" when they can): as many as
    it needs, none twice, none already on the table. The screen's entry refuses them first;
    this is the table's own check, so no part of what was typed is ever recorded.

    >>> from dealer_station.cards import parse_card
    >>> def parse_cards(text): return tuple(parse_card(word) for word in text.split())
    >>> ask = EntryRequest("cards", "3", "ENTER THE STACK", 3)
    >>> wrong_cards(ask, parse_cards("Ah 2c 3d 4d"))
    '3 cards needed, 4 entered: nothing recorded. Enter the stack again.'
    >>> wrong_cards(ask, parse_cards("Ah 2c Ah"))
    'Ah is entered twice: nothing recorded. Enter the stack again.'
    >>> wrong_cards(ask, parse_cards("Ah 2c 3d"))
    ''
    """
    if request.kind != "cards":
        return ""
    if len(cards) != request.count:
        return (f"{request.count} cards needed, {len(cards)} entered: nothing recorded. "
                "Enter the stack again.")
    for index, card in enumerate(cards):
        if card in cards[:index]:
            return f"{card} is entered twice: nothing recorded. Enter the stack again."
        if card in request.unavailable:
            return f"{card} is already on the table: nothing recorded. Enter the stack again."
    return ""


def floor_meter(floor: Any) -> dict[str, Any]:
    """What the felt's meter shows on a floor: the linked pool's amount (as the floor last
    announced it) with LINKED, or its hits PENDING validation; the floor away: the reason.

    >>> from dealer_station.floor.link import FloorView
    >>> floor_meter(FloorView(reachable=True, reason="", pool="p", amount_cents=1234, pending=1))
    {'meter': 1234, 'meter_note': 'LINKED · 1 PENDING'}
    >>> floor_meter(FloorView(reason="no route"))["lockout_note"]
    'progressive locked: no floor'
    """
    shown: dict[str, Any] = {}
    if floor.amount_cents is not None:
        shown["meter"] = floor.amount_cents
        shown["meter_note"] = ("LINKED" if floor.reachable else "LAST KNOWN") + (
            f" · {floor.pending} PENDING" if floor.pending else "")
    if floor.progressive_refusal:
        shown["lockout_note"] = "progressive locked: no floor"
    return shown


def held_words(held: Iterable[str]) -> str:
    """Why a hand stays on the layout through the settlement.

    >>> held_words({"4"})
    "Position 4's cards stay on the layout until its progressive payout is validated and its \
jackpot record complete (5324.41(g)(9))."
    >>> held_words({"4", "1"}).startswith("Positions 1 and 4's cards stay")
    True
    """
    names = sorted(held, key=lambda p: (len(p), p))
    who = (f"Position {names[0]}'s" if len(names) == 1 else
           f"Positions {', '.join(names[:-1])} and {names[-1]}'s")
    their = "its progressive payout is" if len(names) == 1 else "their progressive payouts are"
    record = "its jackpot record" if len(names) == 1 else "their jackpot records"
    return (f"{who} cards stay on the layout until {their} validated and {record} complete "
            "(5324.41(g)(9)).")


def on_duty(dealer: object) -> str:
    """Who the top bar shows as signed in (an account: its name, id and role; a preview's
    station has none).

    >>> on_duty(Account("D-7", "Dee Dealer", "dealer", "", 0, 0.0, True, ""))
    'Dee Dealer (D-7) · dealer'
    >>> on_duty(None), on_duty("preview")
    ('', '')
    """
    if not isinstance(dealer, Account):
        return ""
    return f"{dealer.name} ({dealer.id}) · {dealer.role}"


def _log_health_changes(before: Mapping[str, DeviceHealth],
                        after: Mapping[str, DeviceHealth]) -> None:
    """One diagnostic log line per device whose health changed (connected, not answering with
    the technical reason, fault, offline): what the technician's diagnostics bundle needs to
    explain a device problem afterwards."""
    changed = [item for name, item in after.items() if before.get(name) != item]
    if not changed:
        return
    log = logs.get_logger("dealer_station.devices")
    for item in changed:
        log.info("device_health", device=item.name, title=item.title, state=item.state.value,
                 detail=item.detail)


def _reason(error: Exception) -> str:
    """The words the screen shows for a refusal (plain words, never the program's names)."""
    return refusal(error)
