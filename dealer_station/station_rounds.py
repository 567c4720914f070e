"""The rounds part of the station (docs/station.md, "Rounds", "Recovery"): start a round of the
configured game, answer for buttons, perform the dealer's actions and the supervisor's decisions
(each journaled before it returns), void a round, rebuild the open round after a restart, and
keep the payments ticked off.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from dealer_station import logs
from dealer_station.actions import Action, action_from_name, unfit_arguments
from dealer_station.audit import utc_now
from dealer_station.auth import AccessDenied, Permission, Role
from dealer_station.games.registry import game_actions, game_factory, game_hooks
from dealer_station.procedure import (
    GameRound,
    HaltResolution,
    JSONValue,
    ProcedureError,
    Record,
    Voidable,
    replay,
)
from dealer_station.station_meters import Meters
from dealer_station.station_people import People
from dealer_station.station_state import Shared, StationState
from dealer_station.store import journal
from dealer_station.store.database import Store, StoreError, Transaction
from dealer_station.store.users import Account

__all__ = ["RECOVERY", "ResumeReport", "Rounds", "interrupted_phase", "interrupted_reason"]


#: Who a void at start-up is by (the record's ``supervisor``): no person, the station's
#: recovery under the table's rules (setting ``void_interrupted_phases``).
RECOVERY = "start-up recovery"


def interrupted_reason(phase: str) -> str:
    """The reason the start-up recovery writes on a round it voids (setting
    ``void_interrupted_phases``).

    >>> interrupted_phase(interrupted_reason("dealing"))
    'dealing'
    """
    return (f"interrupted in the {phase} phase, which the table's rules void "
            "(setting void_interrupted_phases)")


def interrupted_phase(reason: str) -> str | None:
    """The phase named by :func:`interrupted_reason` (None: another reason)."""
    found = re.match(r"interrupted in the (\w+) phase", reason)
    return found.group(1) if found else None


def _void_reason(round_: GameRound) -> str:
    """Why a round voided itself: the reason a supervisor gave, or of the last halt or
    exposure in its records."""
    for record in reversed(round_.history):
        if record.action == "void":
            return f"{record.arguments['reason']} (voided by {record.arguments['supervisor']})"
        halt = record.effects.get("halt") if isinstance(record.effects, Mapping) else None
        if isinstance(halt, Mapping) and halt.get("reason"):
            by = record.arguments.get("supervisor")
            return f"{halt['reason']} (voided by {by})" if by else str(halt["reason"])
    last = round_.history[-1] if round_.history else None
    return f"voided under the game's procedure ({last.action if last else 'no record'})"


@dataclass(frozen=True, slots=True)
class ResumeReport:
    """What :meth:`Station.resume` found: ``outcome`` is ``"none"`` (no round was open),
    ``"resumed"`` or ``"voided"``; the round, how many records were replayed, the reason of a
    void, the phase the round stands in, and the last known device states."""

    outcome: str
    round_id: int | None = None
    records: int = 0
    reason: str | None = None
    phase: str | None = None
    device_states: Mapping[str, str] = field(default_factory=dict)


def _history_json(round_: GameRound) -> list[dict[str, JSONValue]]:
    return [record.to_json() for record in round_.history]


def _fits_arguments(action: str, method: Callable[..., object],
                    arguments: Mapping[str, JSONValue]) -> None:
    """Refuse, in words, an action given details it does not take or without one it needs
    (rather than a Python error naming the method)."""
    problem = unfit_arguments(method, arguments)
    if problem is not None:
        raise ProcedureError(f"{action.replace('_', ' ')} cannot be taken with what was given: "
                             f"{problem}")


def named(action: Action | str, arguments: Mapping[str, JSONValue], game: str = ""
          ) -> tuple[str, dict[str, JSONValue]]:
    """The round method's name and keyword arguments of ``action``: a typed action
    (:mod:`dealer_station.actions`), or the string form (a name and its keywords: the command
    line, scripts, the meters' part deciding a claim, tests), read into the ``game``'s typed
    record first, so an unknown name or argument is refused here, in words, in one place
    (:func:`~dealer_station.actions.action_from_name`). A game registered without typed
    actions (the tests' own) takes the name as it is.

    >>> from dealer_station.games.let_it_ride.actions import WithdrawWagers
    >>> named(WithdrawWagers(position=2), {}), named("withdraw_wagers", {"position": 2},
    ...                                              "let_it_ride")
    (('withdraw_wagers', {'position': 2}), ('withdraw_wagers', {'position': 2}))
    >>> named("withdraw_wagers", {"position": 2, "all": True}, "let_it_ride")
    Traceback (most recent call last):
    dealer_station.procedure.ProcedureError: withdraw wagers cannot be taken with what was \
given: got an unexpected keyword argument all
    """
    if isinstance(action, str):
        table = game_actions(game) if game else None
        if table is None:
            return action, dict(arguments)
        action = action_from_name(table, action, arguments, game=game)
        arguments = {}
    if arguments:
        raise TypeError(f"{action.name}: a typed action carries its arguments "
                        f"({', '.join(sorted(arguments))} given beside it)")
    return action.name, action.arguments()


def _resolution(given: HaltResolution | str | None) -> HaltResolution | None:
    """The halt resolution ``given`` (None: none or not one the rules know, which the round
    refuses with its clause).

    >>> _resolution("void_round"), _resolution("explode"), _resolution(None)
    (<HaltResolution.VOID_ROUND: 'void_round'>, None, None)
    """
    if given is None:
        return None
    try:
        return HaltResolution(given)
    except ValueError:
        return None


class Rounds:
    """The table's rounds, over the station's one store and lock."""

    store: Shared[Store] = Shared("store")
    game: Shared[str] = Shared("game")
    settings: Shared[dict[str, Any]] = Shared("settings")
    station_settings: Shared[dict[str, Any]] = Shared("station_settings")
    configuration_version: Shared[int] = Shared("configuration_version")
    dealer: Shared[Account | None] = Shared("dealer")
    round: Shared[GameRound | None] = Shared("round")
    round_id: Shared[int | None] = Shared("round_id")
    last_round_id: Shared[int | None] = Shared("last_round_id")
    previous: Shared[GameRound | None] = Shared("previous")
    diagnostic: Shared[str | None] = Shared("diagnostic")
    log: Shared[logs.Log] = Shared("log")

    def __init__(self, state: StationState, people: People, meters: Meters,
                 between_rounds: Callable[[], None]) -> None:
        self._state = state
        self._people = people
        self._meters = meters
        #: Called as a round starts, before anything else (the archiving of ended days).
        self._between_rounds = between_rounds
        self.resumed = ResumeReport("none")

    def start_round(self, table: Mapping[str, JSONValue] | None = None) -> GameRound:
        """Start a new round of the configured game (the dealer on duty deals it). ``table``:
        what the dealer tells of the table now, for a game with hooks (Pai Gow: ``seated``
        positions, ``new_game``, ``first_to_table``, 5324.41(e)(2), (h)(2)); journaled with
        the round's settings."""
        with self._state.one_reading():
            dealer = self._people.require_dealer()
            if self.round is not None:
                raise ProcedureError(f"round {self.round_id} is still in progress")
            if self.diagnostic is not None:
                raise ProcedureError(f"diagnostic {self.diagnostic!r} is running")
            self._between_rounds()
            settings: Mapping[str, Any] = self.settings
            hooks = game_hooks(self.game)
            if hooks is None and table:
                raise ValueError(f"{self.game} takes no table state at the start of a round")
            with self.store.transaction() as work:
                expected = work.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM rounds"
                                        ).fetchone()[0]
                if hooks is not None:
                    settings = dict(hooks.prepare(settings, self._previous_round(),
                                                  dealer_id=dealer.id, round_id=expected,
                                                  table=table))
                new = game_factory(self.game)(settings)
                self._meters.progressive_meter(new)  # refuses a round whose meter is missing
                round_id = journal.begin_round(work, self.game,
                                               {"version": self.configuration_version,
                                                "settings": settings}, dealer.id)
                if round_id != expected:
                    raise StoreError(f"round number {round_id}, expected {expected}")
            self.round, self.round_id = new, round_id
            logs.bind(round=round_id)
            self.log.info("round_started", game=self.game)
            return new

    def can(self, /, action: Action | str, **arguments: JSONValue) -> bool:
        """Whether ``action`` with ``arguments`` is allowed now (for enabling buttons; a
        supervisor's decision is answered as if a supervisor who did not deal decided)."""
        try:
            action, arguments = named(action, arguments, self.game)
        except ProcedureError:  # a name or arguments the game does not have: never allowed
            return False
        with self._state.lock:
            if self.round is None or self.dealer is None:
                return False
            verify = getattr(self.round, f"verify_{action}", None)
            if verify is None:
                return callable(getattr(self.round, action, None)) and not action.startswith("_")
            try:
                hooks = game_hooks(self.game)
                signer = (hooks.supervisor_actions.get(action)
                          if hooks is not None else None)
                if signer is not None:
                    arguments = {**arguments, signer[0]: "\x00supervisor",
                                 signer[1]: Role.SUPERVISOR.value}
                verify(**self._meters.station_inputs(action, arguments))
            except ProcedureError:
                return False
            return True

    def perform(self, /, action: Action | str, **arguments: JSONValue) -> Record:
        """Verify and take ``action`` (typed, or its name with its arguments) on the current
        round, commit its record (journal and audit log), then return it. Raises
        :class:`ProcedureError` when the round refuses it."""
        with self._state.one_reading():
            action, arguments = named(action, arguments, self.game)
            hooks = game_hooks(self.game)
            if "supervisor" in arguments or (hooks is not None
                                             and action in hooks.supervisor_actions):
                raise AccessDenied(f"{action.replace('_', ' ')} is a supervisor's decision: a "
                                   "supervisor signs it with their own id and PIN")
            dealer = self._people.require_dealer()
            return self._perform(action, dealer.id, self._meters.station_inputs(action, arguments))

    def supervise(self, action: Action | str, *, supervisor: str, pin: str,
                  resolution: HaltResolution | str | None = None,
                  **arguments: JSONValue) -> Record:
        """A supervisor's decision on the round (``resolve_halt``, ``approve_progressive``
        ...): the supervisor's id and PIN are checked, they must not have dealt the round, and
        the action gets ``supervisor=<id>`` (a progressive validation: the game's supervisor-id
        and role arguments, the meter reading, the jackpot record number and the time). A
        decision that voids the round (``resolution=HaltResolution.VOID_ROUND``, or the round's
        own ``void``) needs the void permission."""
        if resolution is not None and isinstance(action, str):  # the record carries it
            arguments = {**arguments, "resolution": str(resolution)}
        action, arguments = named(action, arguments, self.game)
        if "resolution" in arguments:  # a ResolveHalt's, typed or read from its name
            carried = arguments.pop("resolution")
            resolution = carried if resolution is None else resolution
        with self._state.one_reading():
            self._people.require_dealer()
            if resolution is not None:  # journaled as its value
                arguments = {**arguments, "resolution": str(resolution)}
            hooks = game_hooks(self.game)
            signer = hooks.supervisor_actions.get(action) if hooks is not None else None
            if signer is not None:
                person = self._people.authenticate(supervisor, pin, "supervise")
                self._people.verify_validator(person, self.round_id)
                if action == "approve_progressive":
                    self._meters.verify_validators(arguments.get("position"))
                # the signer first: a linked pool's approval is made on the floor in their name
                given = self._meters.station_inputs(action, {
                    **arguments, signer[0]: person.id, signer[1]: Role(person.role).value})
            else:
                voids = _resolution(resolution) is HaltResolution.VOID_ROUND or action == "void"
                person = self._people.authorized(
                    supervisor, pin,
                    Permission.VOID_ROUND if voids else Permission.SUPERVISE_ROUND,
                    purpose="supervise")
                given = {**arguments, "supervisor": person.id}
            return self._perform(action, f"supervisor:{person.id}", given)

    def _previous_round(self) -> GameRound | None:
        """The table's last finished round of this game, rebuilt from the journal after a
        restart (``None`` when there is none or it no longer replays)."""
        if self.previous is not None:
            return self.previous
        finished = [summary for summary in journal.rounds(self.store, limit=1, game=self.game)
                    if summary.status != "open"]
        if not finished:
            return None
        summary = finished[0]
        factory = game_factory(summary.game)
        try:
            fresh = factory(summary.config["settings"])
        except (ProcedureError, ValueError, TypeError, KeyError):
            return None
        try:
            self.previous = replay(fresh, journal.round_records(self.store, summary.id))
        except (ProcedureError, ValueError, TypeError, KeyError):
            # a voided round whose journal no longer replays: the round as it started (the
            # carried state it was made with, played no further)
            self.previous = factory(summary.config["settings"])
        return self.previous

    def perform_as(self, action: str, actor: str, arguments: Mapping[str, JSONValue]
                   ) -> Record:
        """``action`` by ``actor``, whose id and PIN were checked when they decided it (a
        progressive approval the floor paid later, in its turn after an earlier hit), with
        every argument given."""
        with self._state.one_reading():
            return self._perform(action, actor, arguments)

    def _perform(self, action: str, actor: str, arguments: Mapping[str, JSONValue]) -> Record:
        if self.round is None or self.round_id is None:
            raise ProcedureError("no round in progress: start one first")
        if action.startswith("_") or not callable(getattr(self.round, action, None)):
            raise ProcedureError(f"{self.game} has no action {action!r}")
        if "wager" in arguments:
            self._meters.refuse_locked_progressive(str(arguments["wager"]))
        hooks = game_hooks(self.game)
        if action in getattr(hooks, "progressive_wager_actions", ()):
            terms = hooks.progressive(self.round) if hooks is not None else None
            if terms is not None:
                self._meters.refuse_locked_progressive(terms.wager)
        verify = getattr(self.round, f"verify_{action}", None)
        for method in (verify, getattr(self.round, action)):
            if method is not None:
                _fits_arguments(action, method, arguments)
        if verify is not None:
            try:
                verify(**arguments)
            except TypeError as error:  # a value of the wrong kind ("x" for a position)
                raise ProcedureError(f"{action}: an argument of the wrong kind ({error})") \
                    from None
        before = len(self.round.history)
        record: Record = getattr(self.round, action)(**arguments)
        if len(self.round.history) != before + 1:
            self._rebuild()
            raise ProcedureError(f"action {action!r} did not add exactly one record")
        try:
            with self.store.transaction() as work:
                journal.append_record(work, self.round_id, record, actor)
                self._meters.meter_effects(work, record)
                if self.round.is_complete:
                    self._complete(work)
        except BaseException:
            self._rebuild()
            raise
        if self.round.is_complete:
            self.log.info("round_completed", records=len(self.round.history))
            self.previous, self.last_round_id = self.round, self.round_id
            self.round, self.round_id = None, None
            logs.unbind("round")
        return record

    def _complete(self, work: Transaction) -> None:
        assert self.round_id is not None and self.round is not None
        document = self.round.to_document()
        actor = self.dealer.id if self.dealer else None
        if isinstance(self.round, Voidable) and self.round.is_void:
            reason = _void_reason(self.round)
            self._meters.reverse_contributions(work, document, reason, actor)
            journal.finish_round(work, self.round_id, "void", document=document,
                                 reason=reason, actor=actor)
            return
        journal.finish_round(work, self.round_id, "complete", document=document, actor=actor)
        self._meters.contribute_payments(work)

    def _rebuild(self) -> None:
        """Put the in-memory round back to what the journal holds."""
        if self.round_id is None:
            return
        summary = journal.round_summary(self.store, self.round_id)
        fresh = game_factory(summary.game)(summary.config["settings"])
        self.round = replay(fresh, journal.round_records(self.store, self.round_id))

    def void_round(self, reason: str, *, supervisor: str, pin: str) -> Record | None:
        """A supervisor (who did not deal it) voids the open round, with the reason: the
        round's ``void`` record (journaled), after which the dealer returns each wager (the
        RETURN lines, ticked off as settlement lines are) and collects the cards; the round
        ends void then. A round not in memory (its journal no longer replays) is voided at
        once."""
        with self._state.lock:
            if self.round_id is None:
                raise ProcedureError("no round in progress to void")
            person = self._people.authorized(supervisor, pin, Permission.VOID_ROUND)
            if not isinstance(self.round, Voidable):
                self._void(reason, actor=person.id)
                return None
            record = self._perform("void", f"supervisor:{person.id}",
                                   {"supervisor": person.id, "reason": reason})
            self.log.warning("round_voided", reason=reason, supervisor=person.id)
            return record

    def _void(self, reason: str, *, actor: str | None) -> None:
        assert self.round_id is not None
        document: dict[str, Any] = {"voided": True, "reason": reason}
        if self.round is not None:
            try:
                document["round"] = self.round.to_document()
            except Exception as error:  # a round that cannot describe itself is still voided
                document["round_error"] = str(error)
        with self.store.transaction() as work:
            self._meters.reverse_contributions(work, document, reason, actor)
            journal.finish_round(work, self.round_id, "void", document=document, reason=reason,
                                 actor=actor)
        self.log.warning("round_voided", reason=reason)
        self.previous, self.last_round_id = self.round, self.round_id
        self.round, self.round_id = None, None
        logs.unbind("round")

    def _void_replayed(self, reason: str) -> bool:
        """Void the replayed open round with its own journaled ``void`` (named by
        :data:`RECOVERY`), as a supervisor's void during play is: the dealer then ticks a RETURN
        line per wager and collects the cards, and the round ends void after that. ``False``
        when the round cannot (not replayed, no ``void``, or settlement begun)."""
        if not isinstance(self.round, Voidable) or not self.round.can_void(RECOVERY, reason):
            return False
        self._perform("void", f"station:{RECOVERY}", {"supervisor": RECOVERY, "reason": reason})
        return True

    def resume(self) -> ResumeReport:
        """Rebuild the open round from its journal, or void it with the reason (see the module
        documentation)."""
        with self._state.lock:
            states = self._state.device_states()
            summary = journal.open_round(self.store)
            if summary is None:
                self.round, self.round_id = None, None
                self.resumed = ResumeReport("none", device_states=states)
                return self.resumed
            self.round_id = summary.id
            logs.bind(round=summary.id)
            records = list(journal.round_records(self.store, summary.id))
            reason: str | None = None
            try:
                fresh = game_factory(summary.game)(summary.config["settings"])
                self.round = replay(fresh, records)
                if _history_json(self.round) != [record.to_json() for record in records]:
                    reason = "the journal no longer replays to the same records"
            except (ProcedureError, ValueError, TypeError, KeyError) as error:
                self.round = None
                reason = f"the journal no longer replays: {error}"
            phase = None
            if self.round is not None and reason is None:
                phase = self.round.step.phase
                void_phases = self.station_settings.get("void_interrupted_phases", [])
                if phase in void_phases and not (isinstance(self.round, Voidable)
                                                 and self.round.is_void):
                    reason = interrupted_reason(phase)
            if reason is not None:
                self.store.audit("recovery", {"event": "round_voided", "reason": reason,
                                              "records": len(records)}, round_id=summary.id)
                # the round's own void (RETURN lines, the cards) where it replayed
                if phase is not None and self._void_replayed(reason):
                    self.log.warning("round_voided", reason=reason, supervisor=RECOVERY)
                else:
                    self._void(reason, actor=None)
                self.resumed = ResumeReport("voided", summary.id, len(records), reason, phase,
                                            states)
                return self.resumed
            assert self.round is not None
            if self.round.is_complete:
                with self.store.transaction() as work:
                    self._complete(work)
                self.previous, self.last_round_id = self.round, self.round_id
                self.round, self.round_id = None, None
                self.resumed = ResumeReport("resumed", summary.id, len(records), None, phase,
                                            states)
                return self.resumed
            self.store.audit("recovery", {"event": "round_resumed", "records": len(records),
                                          "phase": phase}, round_id=summary.id)
            self.log.warning("round_resumed", records=len(records), phase=phase)
            self.resumed = ResumeReport("resumed", summary.id, len(records), None, phase, states)
            return self.resumed

    def preview(self, /, action: Action | str, **arguments: JSONValue) -> GameRound:
        """A copy of the open round as it would be after ``action`` (with what the station
        supplies, e.g. the meter reading), never journaled: the settlement's lines shown and
        ticked off before the dealer's button records it."""
        action, arguments = named(action, arguments, self.game)
        with self._state.lock:
            if self.round is None:
                raise ProcedureError("no round in progress: start one first")
            if action.startswith("_") or not callable(getattr(self.round, action, None)):
                raise ProcedureError(f"{self.game} has no action {action!r}")
            given = self._meters.station_inputs(action, arguments)
            copy = deepcopy(self.round)
            getattr(copy, action)(**given)
            return copy

    def tick_payment(self, order: int, done: bool = True) -> None:
        """The dealer ticked off (``done``) or un-ticked payment line ``order`` of the open round,
        or of the last finished one: part of the round's record, on disk (and audited) before
        the screen shows the tick, restored after a restart (:meth:`payment_ticks`)."""
        with self._state.lock:
            round_id = self.round_id if self.round_id is not None else self.last_round_id
            if round_id is None:
                raise ProcedureError("no round's payments to tick off")
            if isinstance(order, bool) or not isinstance(order, int) or order < 1:
                raise ProcedureError(f"payment line {order!r} does not exist")
            actor = self.dealer.id if self.dealer else None
            now = utc_now()  # the row is its audit record's (store/proof.py compares them)
            with self.store.transaction() as work:
                work.execute(
                    "INSERT INTO payment_ticks (round_id, payment, done, actor, time) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (round_id, payment) DO UPDATE SET "
                    "done = excluded.done, actor = excluded.actor, time = excluded.time",
                    (round_id, order, int(bool(done)), actor, now))
                work.audit("payment_tick", {"payment": order, "done": bool(done)},
                           actor=actor, round_id=round_id, time=now)

    def payment_ticks(self, round_id: int | None = None) -> frozenset[int]:
        """The payment lines ticked off of ``round_id`` (default: the open round, else the last
        finished one)."""
        with self._state.lock:
            if round_id is None:
                round_id = self.round_id if self.round_id is not None else self.last_round_id
            if round_id is None:
                return frozenset()
            rows = self.store.query("SELECT payment FROM payment_ticks WHERE round_id = ? AND "
                                    "done = 1", (round_id,))
            return frozenset(int(row[0]) for row in rows)
