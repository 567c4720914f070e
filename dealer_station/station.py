"""The table controller: one game's rounds, the table's store and audit log, the people signed in.
No widgets: the dealer's screen and the supervisor and technician screens wrap it in Qt
view-models; tests and simulations drive it directly.

The whole interface (opening, people, rounds, recovery, progressive rounds and claims, meters,
configuration and devices, thread safety) is specified in ``docs/station.md``.
"""

from __future__ import annotations

import inspect
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any, Generic, TypeVar, overload

from dealer_station import auth, claims, logs
from dealer_station.audit import utc_now
from dealer_station.auth import AccessDenied, Permission, Role
from dealer_station.games.registry import (
    GameHooks,
    RoundFactory,
    game_factory,
    game_hooks,
    register_game,
)
from dealer_station.procedure import JSONValue, ProcedureError, Record, replay
from dealer_station.station_meters import Meters
from dealer_station.station_people import People
from dealer_station.station_state import StationState
from dealer_station.store import archive, journal, sessions
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store, StoreError
from dealer_station.store.paths import table_directory, table_id
from dealer_station.store.sealer import Sealed, Sealer, SealingStatus
from dealer_station.store.users import Account

__all__ = [
    "GameHooks",
    "ResumeReport",
    "RoundFactory",
    "Station",
    "game_factory",
    "game_hooks",
    "register_game",
]

_DEFAULT_LOCK = auth.LockPolicy()
T = TypeVar("T")


def _void_reason(round_: Any) -> str:
    """Why a round voided itself: the reason of the last halt or exposure in its records."""
    for record in reversed(round_.history):
        halt = record.effects.get("halt") if isinstance(record.effects, Mapping) else None
        if isinstance(halt, Mapping) and halt.get("reason"):
            by = record.arguments.get("supervisor")
            return f"{halt['reason']} (voided by {by})" if by else str(halt["reason"])
    last = round_.history[-1] if round_.history else None
    return f"voided under the game's procedure ({last.action if last else 'no record'})"


#: The station's own settings and their defaults. ``archive_day_ends``: when the table's day
#: (or shift) ends, ``HH:MM`` UTC; between rounds after it the station seals the day into a
#: segment and removes its rounds from the live store (:mod:`.store.archive`); ``""``: never.
#: ``archive_keep_days``: how many days after its day a sealed segment is kept on the table
#: before its file is deleted (export it for the regulator first); ``0``: kept for ever.
STATION_SETTINGS: dict[str, Any] = {"void_interrupted_phases": [], "archive_day_ends": "00:00",
                                    "archive_keep_days": 0}
#: The longest kept time accepted (a hundred years).
MAX_KEEP_DAYS = 36_500


def _station_settings(values: Mapping[str, JSONValue]) -> dict[str, Any]:
    """Validated station settings.

    >>> _station_settings({"void_interrupted_phases": ["dealing"]})
    {'void_interrupted_phases': ['dealing'], 'archive_day_ends': '00:00', 'archive_keep_days': 0}
    >>> _station_settings({"archive_keep_days": -1})
    Traceback (most recent call last):
    ValueError: archive_keep_days is a whole number of days from 0 (kept for ever) to 36500
    >>> _station_settings({"archive_day_ends": "25:00"})
    Traceback (most recent call last):
    ValueError: a day's end is HH:MM (UTC), not '25:00'
    >>> _station_settings({"archive_day_ends": ""})["archive_day_ends"]
    ''
    >>> _station_settings({"colour": "red"})
    Traceback (most recent call last):
    ValueError: unknown station setting(s): colour
    """
    unknown = set(values) - set(STATION_SETTINGS)
    if unknown:
        raise ValueError(f"unknown station setting(s): {', '.join(sorted(unknown))}")
    merged = {**STATION_SETTINGS, **values}
    phases = merged["void_interrupted_phases"]
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise ValueError("void_interrupted_phases is a list of phase names")
    day_ends = merged["archive_day_ends"]
    if not isinstance(day_ends, str):
        raise ValueError("archive_day_ends is a time of day, HH:MM (UTC), or \"\" for never")
    if day_ends:
        archive.day_end("2000-01-01", day_ends)  # a ValueError names a wrong time
    keep = merged["archive_keep_days"]
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= MAX_KEEP_DAYS:
        raise ValueError(f"archive_keep_days is a whole number of days from 0 (kept for ever) "
                         f"to {MAX_KEEP_DAYS}")
    return merged


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


def _history_json(round_: Any) -> list[dict[str, JSONValue]]:
    return [record.to_json() for record in round_.history]


def _fits_arguments(action: str, method: Any, arguments: Mapping[str, JSONValue]) -> None:
    """Refuse, in words, an action given details it does not take or without one it needs
    (rather than a Python error naming the method)."""
    try:
        inspect.signature(method).bind(**arguments)
    except TypeError as error:
        detail = str(error).replace("'", "")
        raise ProcedureError(f"{action.replace('_', ' ')} cannot be taken with what was given: "
                             f"{detail}") from None


class _Shared(Generic[T]):
    """An attribute of the station that is its parts' shared state's (``StationState``): read
    and written there, so the front and every part see one value."""

    def __init__(self, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, station: None, owner: object = None) -> _Shared[T]: ...

    @overload
    def __get__(self, station: Station, owner: object = None) -> T: ...

    def __get__(self, station: Station | None, owner: object = None) -> T | _Shared[T]:
        if station is None:
            return self  # looked up on the class
        value: T = getattr(station._state, self._name)
        return value

    def __set__(self, station: Station, value: T) -> None:
        setattr(station._state, self._name, value)


class Station:
    """The Qt-free table controller (see the module documentation for the whole API)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 lock_policy: auth.LockPolicy = _DEFAULT_LOCK,
                 pin_cost: auth.PinCost | int | None = None) -> None:
        self.store = store
        self.clock = clock
        self._state = StationState(store, clock)
        self._people = People(self._state, lock_policy=lock_policy,
                              pin_cost=auth.PinCost.of(pin_cost))
        self._meters = Meters(self._state, self._people, self.supervise)
        self._lock = self._state.lock
        self.resumed = ResumeReport("none")
        self._previous: Any = None  # the table's last finished round (carried state)
        self._sealed_through: str | None = None  # the last day archived by this station
        self._sealer = Sealer(store.directory, store.table)
        self._retired_on: str | None = None  # the day expired segments were last retired
        #: Recorded segments whose rounds are leaving the live store, a part between every two
        #: rounds (a removal cut off by a stop goes on after the next start).
        self._removing: list[int] = []
        unfinished = archive.unfinished_removal(store)
        if unfinished is not None:
            self._removing.append(unfinished.number)
        #: The receipt printer of the jackpot slips (:mod:`dealer_station.slips`), set by the
        #: application from the table configuration (None: none configured).
        self.slip_printer: Any = None

    # -- the table's state, shared by the parts (read and written in StationState) ----------

    #: The dealer on duty (None: nobody is signed in).
    dealer: _Shared[Account | None] = _Shared("dealer")
    #: The open round (None between rounds) and its number.
    round: _Shared[Any] = _Shared("round")
    round_id: _Shared[int | None] = _Shared("round_id")
    #: The id of the table's last finished round (its payments may still be ticked off).
    last_round_id: _Shared[int | None] = _Shared("last_round_id")
    _diagnostic: _Shared[str | None] = _Shared("diagnostic")
    _log: _Shared[Any] = _Shared("log")
    #: Set by the floor link (:mod:`dealer_station.floor.link`) when a floor is configured:
    #: why the progressive wager is locked out now (None: it is not).
    progressive_lock: _Shared[Callable[[], str | None] | None] = _Shared("progressive_lock")
    #: Set by the floor link when the table is a member of a linked pool: its progressive
    #: claims are read and paid from the pool as it stands on the floor
    #: (:class:`dealer_station.claims.LinkedMeter`; None: from the table's own meter).
    linked_meter: _Shared[claims.LinkedMeter | None] = _Shared("linked_meter")

    @property
    def lock_policy(self) -> auth.LockPolicy:
        return self._people.lock_policy

    @property
    def pin_cost(self) -> auth.PinCost:
        """The cost PIN hashes are made at (:class:`~dealer_station.auth.PinCost`)."""
        return self._people.pin_cost

    @pin_cost.setter
    def pin_cost(self, value: auth.PinCost | int | None) -> None:
        self._people.pin_cost = auth.PinCost.of(value)

    # -- opening and closing ---------------------------------------------------------------

    @classmethod
    def open(cls, table: str | None = None,
             data_dir: str | os.PathLike[str] | None = None, *,
             game: str | None = None, settings: Mapping[str, JSONValue] | None = None,
             station_settings: Mapping[str, JSONValue] | None = None,
             clock: Callable[[], float] = time.time,
             lock_policy: auth.LockPolicy = _DEFAULT_LOCK,
             pin_cost: auth.PinCost | int | None = None) -> Station:
        """Open the station of ``table`` (see the module documentation)."""
        table = table_id(table)
        store = Store.open(table_directory(table, data_dir), table)
        try:
            station = cls(store, clock=clock, lock_policy=lock_policy, pin_cost=pin_cost)
            logs.bind(table=table)
            for note in store.notes:
                station._log.warning("store_opened_with_note", note=note)
            station._initial_configuration(game, settings, station_settings)
            station._people.end_stale_sessions()
            meter_store.check(store, after=store.proven_window.meter_entries)
            station.resume()
        except BaseException:
            store.close()
            raise
        return station

    def close(self) -> None:
        self._sealer.close()  # a sealing under way stops; nothing of it was recorded
        with self._lock:
            self.store.close()

    def __enter__(self) -> Station:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- configuration ---------------------------------------------------------------------

    def _initial_configuration(self, game: str | None,
                               settings: Mapping[str, JSONValue] | None,
                               station_settings: Mapping[str, JSONValue] | None) -> None:
        current = self._state.configuration()
        if current is None:
            if game is None:
                raise StoreError("first start of this table: the game must be given")
            game_factory(game)(dict(settings or {}))  # refuses an invalid configuration
            self._store_configuration(game, dict(settings or {}),
                                      _station_settings(station_settings or {}), actor=None)
        elif game is not None and current[1]["game"] != game:
            raise StoreError(f"table {self.store.table} is configured for "
                             f"{current[1]['game']!r}, not {game!r}; a supervisor changes the "
                             "configuration")

    def _store_configuration(self, game: str, settings: dict[str, Any],
                             station_settings: dict[str, Any], actor: str | None) -> int:
        document = {"game": game, "settings": settings, "station": station_settings}
        with self.store.transaction() as work:
            row = work.execute("SELECT COALESCE(MAX(version), 0) + 1 FROM config").fetchone()
            version = int(row[0])
            work.execute("INSERT INTO config (version, document, changed_by, time) "
                         "VALUES (?, ?, ?, ?)",
                         (version, json.dumps(document, sort_keys=True), actor,
                          utc_now()))
            work.audit("config", {"version": version, **document}, actor=actor)
        return version

    @property
    def game(self) -> str:
        return self._state.game

    @property
    def settings(self) -> dict[str, Any]:
        return self._state.settings

    @property
    def station_settings(self) -> dict[str, Any]:
        """The station's own settings (``void_interrupted_phases``), apart from the game's."""
        return self._state.station_settings

    @property
    def configuration_version(self) -> int:
        return self._state.configuration_version

    def change_configuration(self, settings: Mapping[str, JSONValue], *, supervisor: str,
                             pin: str, game: str | None = None,
                             station_settings: Mapping[str, JSONValue] | None = None) -> int:
        """A supervisor (not the dealer on duty, not during a round) changes the configuration;
        the factory must accept it. Returns the new version."""
        with self._lock:
            person = self._people.authorized(supervisor, pin,
                                             Permission.CHANGE_CONFIGURATION)
            game = game or self.game
            game_factory(game)(dict(settings))  # refuses an invalid configuration
            station = (_station_settings(station_settings) if station_settings is not None
                       else self.station_settings)
            return self._store_configuration(game, dict(settings), station, actor=person.id)

    # -- people (:mod:`dealer_station.station_people`) --------------------------------------

    @property
    def needs_first_supervisor(self) -> bool:
        return self._people.needs_first_supervisor

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> Account:
        return self._people.create_first_supervisor(user_id, name, pin)

    def authenticate(self, user_id: str, pin: str, purpose: str) -> Account:
        """Check ``user_id``'s PIN (audited; counted and locked after repeated failures)."""
        return self._people.authenticate(user_id, pin, purpose)

    def sign_in(self, user_id: str, pin: str) -> Account:
        """Put a dealer (or a supervisor who deals) on duty (:meth:`People.sign_in`)."""
        return self._people.sign_in(user_id, pin)

    def sign_out(self) -> None:
        """The dealer on duty signs out (a round in progress waits where it stands)."""
        self._people.sign_out()

    def sign_in_staff(self, user_id: str, pin: str, role: Role | str) -> tuple[Account, int]:
        """A supervisor or technician signs in on their screen (:meth:`People.sign_in_staff`):
        the account and the session's number."""
        return self._people.sign_in_staff(user_id, pin, role)

    def sign_out_staff(self, user_id: str, session_id: int | None, screen: str) -> None:
        """End a staff screen's session (audited)."""
        self._people.sign_out_staff(user_id, session_id, screen)

    def sessions_during(self, start: str, end: str | None = None, *,
                        screen: str | None = None) -> list[sessions.Session]:
        """Who was signed in between ``start`` and ``end``."""
        return self._people.sessions_during(start, end, screen=screen)

    def signed_in_during_round(self, round_id: int) -> frozenset[str]:
        """Everyone signed in at this table as its dealer at any moment of round ``round_id``
        (:meth:`People.signed_in_during_round`, 5324.41(k)(3)(iii))."""
        return self._people.signed_in_during_round(round_id)

    def accounts(self) -> list[Account]:
        return self._people.accounts()

    def create_user(self, user_id: str, name: str, role: Role | str, new_pin: str, *,
                    supervisor: str, pin: str) -> Account:
        """A supervisor creates an account (also during a round)."""
        return self._people.create_user(user_id, name, role, new_pin, supervisor=supervisor,
                                        pin=pin)

    def reset_pin(self, user_id: str, new_pin: str, *, supervisor: str, pin: str) -> Account:
        """A supervisor sets a new PIN for ``user_id`` (which also lifts a lock)."""
        return self._people.reset_pin(user_id, new_pin, supervisor=supervisor, pin=pin)

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Account:
        """Anyone changes their own PIN with their current one."""
        return self._people.change_own_pin(user_id, current_pin, new_pin)

    def unlock_user(self, user_id: str, *, supervisor: str, pin: str) -> Account:
        """Another supervisor lifts ``user_id``'s lock."""
        return self._people.unlock_user(user_id, supervisor=supervisor, pin=pin)

    def set_user_active(self, user_id: str, active: bool, *, supervisor: str,
                        pin: str) -> Account:
        """A supervisor disables (or enables again) an account; the dealer on duty who is
        disabled is signed out."""
        return self._people.set_user_active(user_id, active, supervisor=supervisor, pin=pin)

    # -- rounds ----------------------------------------------------------------------------

    def start_round(self, table: Mapping[str, JSONValue] | None = None) -> Any:
        """Start a new round of the configured game (the dealer on duty deals it). ``table``:
        what the dealer tells of the table now, for a game with hooks (Pai Gow: ``seated``
        positions, ``new_game``, ``first_to_table``, 5324.41(e)(2), (h)(2)); journaled with
        the round's settings."""
        with self._lock:
            dealer = self._people.require_dealer()
            if self.round is not None:
                raise ProcedureError(f"round {self.round_id} is still in progress")
            if self._diagnostic is not None:
                raise ProcedureError(f"diagnostic {self._diagnostic!r} is running")
            self._archive_ended_days()
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
            self._log.info("round_started", game=self.game)
            return new

    def can(self, action: str, **arguments: JSONValue) -> bool:
        """Whether ``action`` with ``arguments`` is allowed now (for enabling buttons; a
        supervisor's decision is answered as if a supervisor who did not deal decided)."""
        with self._lock:
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

    def perform(self, action: str, **arguments: JSONValue) -> Record:
        """Verify and take ``action`` on the current round, commit its record (journal and audit
        log), then return it. Raises :class:`ProcedureError` when the round refuses it."""
        hooks = game_hooks(self.game)
        if "supervisor" in arguments or (hooks is not None
                                         and action in hooks.supervisor_actions):
            raise AccessDenied(f"{action.replace('_', ' ')} is a supervisor's decision: a "
                               "supervisor signs it with their own id and PIN")
        with self._lock:
            dealer = self._people.require_dealer()
            return self._perform(action, dealer.id, self._meters.station_inputs(action, arguments))

    def supervise(self, action: str, *, supervisor: str, pin: str,
                  **arguments: JSONValue) -> Record:
        """A supervisor's decision on the round (``resolve_halt``, ``approve_progressive``
        ...): the supervisor's id and PIN are checked, they must not have dealt the round, and
        the action gets ``supervisor=<id>`` (a progressive validation: the game's supervisor-id
        and role arguments, the meter reading, the jackpot record number and the time). A
        decision that voids the round needs the void permission."""
        with self._lock:
            self._people.require_dealer()
            hooks = game_hooks(self.game)
            signer = hooks.supervisor_actions.get(action) if hooks is not None else None
            if signer is not None:
                person = self._people.authenticate(supervisor, pin, "supervise")
                self._people.verify_validator(person, self.round_id)
                given = {**self._meters.station_inputs(action, arguments),
                         signer[0]: person.id, signer[1]: Role(person.role).value}
            else:
                voids = any(isinstance(value, str) and "void" in value
                            for value in arguments.values())
                person = self._people.authorized(
                    supervisor, pin,
                    Permission.VOID_ROUND if voids else Permission.SUPERVISE_ROUND,
                    purpose="supervise")
                given = {**arguments, "supervisor": person.id}
            return self._perform(action, f"supervisor:{person.id}", given)

    def _archive_ended_days(self) -> None:
        """Between rounds: once a day has ended (``archive_day_ends``), seal it into the next
        segment on the sealer's thread (:mod:`.store.sealer`: the dealer does not wait), and
        record a segment sealed and verified since, removing its rounds from the live store
        (:mod:`.store.archive`; milliseconds). A failure is logged, shown in
        :meth:`archive_status` and leaves everything in the live store; the next round tries
        again."""
        result = self._sealer.take()
        if result is not None:
            self._record_sealed(result)
        if self._removing:
            self._remove_archived()
        now = datetime.fromtimestamp(self.clock(), UTC).strftime("%Y-%m-%dT%H:%M:%S")
        settings = self.station_settings
        if not self._removing and self._retired_on != now[:10]:
            self._retire_expired(now[:10], int(settings.get("archive_keep_days", 0)))
        day_ends = settings.get("archive_day_ends", STATION_SETTINGS["archive_day_ends"])
        if not day_ends:
            return
        through = archive.due(str(day_ends), now)
        if self._sealed_through == through or self._sealer.busy:
            return
        unremoved = [segment for segment in archive.segments(self.store, unremoved=True)
                     if archive.indexed(self.store, segment)]
        self._sealer.start(through, day_ends=str(day_ends), until_seq=self.store.audit_state.seq,
                           unremoved=unremoved)

    def _retire_expired(self, today: str, keep_days: int) -> None:
        """Once a day, between rounds: delete the segments kept longer than ``keep_days``
        (``archive_keep_days``) from the table, audited (:func:`.store.archive.retire`)."""
        try:
            expired = archive.expired(self.store, today, keep_days)
            archive.retire(self.store, expired, keep_days=keep_days)
            archive.delete_retired_files(self.store)  # what a stop left behind
            self._retired_on = today
            if expired:
                self._log.info("segments_retired", segments=[s.number for s in expired],
                               kept_days=keep_days)
                self._sealer.done(f"segments {expired[0].number}-{expired[-1].number} (through "
                                  f"{expired[-1].through}) deleted after {keep_days} days kept "
                                  f"at {utc_now()[:16]}Z")
        except (StoreError, OSError, ValueError) as error:
            self._log.warning("retire_failed", error=str(error))
            self._sealer.failed(None, f"deleting segments after the kept time failed: {error}; "
                                      "the next round tries again")

    def _record_sealed(self, result: Sealed) -> None:
        """Record what the sealer's thread prepared and verified; its rounds begin to leave
        the live store (:meth:`_remove_archived`)."""
        if result.error is not None:
            self._log.warning("archive_failed", through=result.through, error=result.error)
            return
        try:
            ready = list(result.verified)
            if result.prepared is not None:
                ready.append(archive.record(self.store, result.prepared).number)
            self._removing = sorted({*self._removing, *ready})
            self._sealed_through = result.through
            if result.prepared is not None:
                self._previous = None  # read back from the segment when it is needed
            if not ready:
                self._sealer.done(f"nothing to seal through {result.through}")
        except (StoreError, OSError, ValueError) as error:
            self._log.warning("archive_failed", through=result.through, error=str(error))
            self._sealer.failed(result.through, f"recording the day {result.through} failed: "
                                                f"{error}; the next round tries again")

    def _remove_archived(self) -> None:
        """Between rounds: the next part (at most ``archive.REMOVE_PER_ROUND`` rounds, tens of
        milliseconds) of the recorded segments' rounds leaves the live store."""
        budget = archive.REMOVE_PER_ROUND
        try:
            while self._removing and budget > 0:
                segment = archive.segment(self.store, self._removing[0])
                if segment is None:
                    self._removing.pop(0)
                    continue
                budget -= archive.remove_sealed(self.store, segment, verified=True,
                                                at_most=budget)
                left = len(archive.live_rounds(self.store, segment))
                if left:
                    self._sealer.removing(f"segment {segment.number} (through "
                                          f"{segment.through}): {left:,} of its "
                                          f"{len(segment.rounds):,} rounds still to leave the "
                                          "live store, a part between every two rounds")
                    continue
                self._removing.pop(0)
                self._log.info("segment_archived", segment=segment.number,
                               through=segment.through, rounds=len(segment.rounds))
                self._sealer.done(f"segment {segment.number} (through {segment.through}, "
                                  f"{len(segment.rounds):,} rounds) archived at "
                                  f"{utc_now()[:16]}Z")
        except (StoreError, OSError, ValueError) as error:
            self._log.warning("archive_failed", segment=self._removing[0], error=str(error))
            self._sealer.failed(None, f"removing segment {self._removing[0]}'s rounds from the "
                                      f"live store failed: {error}; the next round tries again")

    def archive_status(self) -> SealingStatus:
        """What archiving is doing now (for the supervisor's screen and ``dealer-station
        archive status``)."""
        return self._sealer.status()

    def seal_now(self, through: str | None = None, *, wait: bool = False) -> SealingStatus:
        """Seal the days up to ``through`` (``YYYY-MM-DD``; default: the last day that has
        ended; today: what has been played of it, the rest goes with the next day) now, on
        the sealer's thread (``dealer-station archive seal``); ``wait``: until
        it is written and, between rounds, recorded (the command line's own station; a
        running station's screen does not wait). The status after."""
        with self._lock:
            day_ends = str(self.station_settings.get("archive_day_ends") or "00:00")
            now = datetime.fromtimestamp(self.clock(), UTC).strftime("%Y-%m-%dT%H:%M:%S")
            through = through or archive.due(day_ends, now)
            date.fromisoformat(through)  # a ValueError names a wrong day
            if through > now[:10]:
                raise ValueError(f"the day {through} has not begun yet")
            if not self._sealer.busy:
                unremoved = [segment for segment in archive.segments(self.store, unremoved=True)
                             if archive.indexed(self.store, segment)]
                self._sealer.start(through, day_ends=day_ends,
                                   until_seq=self.store.audit_state.seq, unremoved=unremoved)
        return self.finish_sealing() if wait else self._sealer.status()

    def change_station_settings(self, changes: Mapping[str, JSONValue], *, supervisor: str,
                                pin: str) -> int:
        """A supervisor changes some of the station's own settings (``archive_keep_days``
        ...), the game's settings unchanged (:meth:`change_configuration`)."""
        return self.change_configuration(self.settings, supervisor=supervisor, pin=pin,
                                         station_settings={**self.station_settings, **changes})

    def finish_sealing(self, timeout: float | None = None) -> SealingStatus:
        """Wait for a sealing under way and, between rounds, record it now (``dealer-station
        archive seal`` while the station runs; tests); the status after."""
        self._sealer.wait(timeout)
        with self._lock:
            if self.round is None:
                result = self._sealer.take()
                if result is not None:
                    self._record_sealed(result)
                while self._removing:
                    self._remove_archived()
        return self._sealer.status()

    def _previous_round(self) -> Any:
        """The table's last finished round of this game, rebuilt from the journal after a
        restart (``None`` when there is none or it no longer replays)."""
        if self._previous is not None:
            return self._previous
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
            self._previous = replay(fresh, journal.round_records(self.store, summary.id))
        except (ProcedureError, ValueError, TypeError, KeyError):
            # a voided round whose journal no longer replays: the round as it started (the
            # carried state it was made with, played no further)
            self._previous = factory(summary.config["settings"])
        return self._previous

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
            self._log.info("round_completed", records=len(self.round.history))
            self._previous, self.last_round_id = self.round, self.round_id
            self.round, self.round_id = None, None
            logs.unbind("round")
        return record

    def _complete(self, work: Any) -> None:
        assert self.round_id is not None
        document = self.round.to_document()
        actor = self.dealer.id if self.dealer else None
        if getattr(self.round, "is_void", False):
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

    def void_round(self, reason: str, *, supervisor: str, pin: str) -> None:
        """A supervisor (who did not deal it) voids the open round, with the reason."""
        with self._lock:
            if self.round_id is None:
                raise ProcedureError("no round in progress to void")
            person = self._people.authorized(supervisor, pin, Permission.VOID_ROUND)
            self._void(reason, actor=person.id)

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
        self._log.warning("round_voided", reason=reason)
        self._previous, self.last_round_id = self.round, self.round_id
        self.round, self.round_id = None, None
        logs.unbind("round")

    def resume(self) -> ResumeReport:
        """Rebuild the open round from its journal, or void it with the reason (see the module
        documentation)."""
        with self._lock:
            states = self.device_states()
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
                if phase in void_phases:
                    reason = (f"interrupted in the {phase} phase, which the table's rules void "
                              "(setting void_interrupted_phases)")
            if reason is not None:
                self.store.audit("recovery", {"event": "round_voided", "reason": reason,
                                              "records": len(records)}, round_id=summary.id)
                self._void(reason, actor=None)
                self.resumed = ResumeReport("voided", summary.id, len(records), reason, phase,
                                            states)
                return self.resumed
            if self.round.is_complete:
                with self.store.transaction() as work:
                    self._complete(work)
                self._previous, self.last_round_id = self.round, self.round_id
                self.round, self.round_id = None, None
                self.resumed = ResumeReport("resumed", summary.id, len(records), None, phase,
                                            states)
                return self.resumed
            self.store.audit("recovery", {"event": "round_resumed", "records": len(records),
                                          "phase": phase}, round_id=summary.id)
            self._log.warning("round_resumed", records=len(records), phase=phase)
            self.resumed = ResumeReport("resumed", summary.id, len(records), None, phase, states)
            return self.resumed

    # -- meters and jackpots (:mod:`dealer_station.station_meters`) ------------------------

    def create_meter(self, name: str, *, wager: str, reset: int, rate_bp: int, supervisor: str,
                     pin: str, limit: int | None = None,
                     above_limit: str = "overflow") -> meter_store.Meter:
        """A supervisor creates a progressive meter fed by ``wager`` between rounds."""
        return self._meters.create_meter(name, wager=wager, reset=reset, rate_bp=rate_bp,
                                         supervisor=supervisor, pin=pin, limit=limit,
                                         above_limit=above_limit)

    def change_meter(self, name: str, *, supervisor: str, pin: str, reset: int | None = None,
                     rate_bp: int | None = None, limit: int | None = None,
                     clear_limit: bool = False,
                     above_limit: str = "overflow") -> meter_store.Meter:
        """A supervisor changes a meter's terms, only between rounds."""
        return self._meters.change_meter(name, supervisor=supervisor, pin=pin, reset=reset,
                                         rate_bp=rate_bp, limit=limit, clear_limit=clear_limit,
                                         above_limit=above_limit)

    def reseed_meter(self, name: str, *, supervisor: str, pin: str) -> int:
        """After a hit, a supervisor moves the overflow into the meter; the cents moved."""
        return self._meters.reseed_meter(name, supervisor=supervisor, pin=pin)

    def retire_meter(self, name: str, *, reason: str, supervisor: str,
                     pin: str) -> meter_store.Meter:
        """A supervisor takes a meter out of service between rounds, with the reason."""
        return self._meters.retire_meter(name, reason=reason, supervisor=supervisor, pin=pin)

    def configured_meter_terms(self) -> Any:
        """The meter the table's configuration pays its progressive from, or None."""
        return self._meters.configured_meter_terms()

    def meter(self, name: str) -> meter_store.Meter:
        return self._meters.meter(name)

    def meters(self) -> list[meter_store.Meter]:
        return self._meters.meters()

    def meter_statistics(self, name: str) -> meter_store.MeterStatistics:
        return self._meters.meter_statistics(name)

    def progressive_meter_name(self) -> str:
        """The meter the open round feeds and pays from (refused when it has none)."""
        return self._meters.progressive_meter_name()

    def show_progressive_claim(self, round_id: int, position: int, *, supervisor: str,
                               pin: str) -> claims.ProgressiveClaim:
        """The claim at ``position`` of round ``round_id`` as the journal holds it, shown to a
        supervisor who may validate it (audited)."""
        return self._meters.show_progressive_claim(round_id, position, supervisor=supervisor,
                                                   pin=pin)

    def decide_progressive_claim(self, shown: claims.ProgressiveClaim, *, approve: bool,
                                 supervisor: str, pin: str, reason: str = "") -> Record:
        """Approve or reject exactly the claim ``shown``."""
        return self._meters.decide_progressive_claim(shown, approve=approve,
                                                     supervisor=supervisor, pin=pin,
                                                     reason=reason)

    # -- rounds (continued) ----------------------------------------------------------------

    def preview(self, action: str, **arguments: JSONValue) -> Any:
        """A copy of the open round as it would be after ``action`` (with what the station
        supplies, e.g. the meter reading), never journaled: the settlement's lines shown and
        ticked off before the dealer's button records it."""
        with self._lock:
            if self.round is None:
                raise ProcedureError("no round in progress: start one first")
            if action.startswith("_") or not callable(getattr(self.round, action, None)):
                raise ProcedureError(f"{self.game} has no action {action!r}")
            given = self._meters.station_inputs(action, arguments)
            copy = deepcopy(self.round)
            getattr(copy, action)(**given)
            return copy

    # -- payments ticked off -------------------------------------------------------------------

    def tick_payment(self, order: int, done: bool = True) -> None:
        """The dealer ticked off (``done``) or un-ticked payment line ``order`` of the open round,
        or of the last finished one: part of the round's record, on disk (and audited) before
        the screen shows the tick, restored after a restart (:meth:`payment_ticks`)."""
        with self._lock:
            round_id = self.round_id if self.round_id is not None else self.last_round_id
            if round_id is None:
                raise ProcedureError("no round's payments to tick off")
            if isinstance(order, bool) or not isinstance(order, int) or order < 1:
                raise ProcedureError(f"payment line {order!r} does not exist")
            actor = self.dealer.id if self.dealer else None
            with self.store.transaction() as work:
                work.execute(
                    "INSERT INTO payment_ticks (round_id, payment, done, actor, time) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (round_id, payment) DO UPDATE SET "
                    "done = excluded.done, actor = excluded.actor, time = excluded.time",
                    (round_id, order, int(bool(done)), actor, utc_now()))
                work.audit("payment_tick", {"payment": order, "done": bool(done)},
                           actor=actor, round_id=round_id)

    def payment_ticks(self, round_id: int | None = None) -> frozenset[int]:
        """The payment lines ticked off of ``round_id`` (default: the open round, else the last
        finished one)."""
        with self._lock:
            if round_id is None:
                round_id = self.round_id if self.round_id is not None else self.last_round_id
            if round_id is None:
                return frozenset()
            rows = self.store.query("SELECT payment FROM payment_ticks WHERE round_id = ? AND "
                                    "done = 1", (round_id,))
            return frozenset(int(row[0]) for row in rows)

    # -- devices and diagnostics -----------------------------------------------------------

    def record_device_event(self, device: str, event: str, **detail: JSONValue) -> None:
        """Audit a device fault, recovery or lockout change and keep it as the device's last
        known state."""
        with self._lock, logs.bound(device=device):
            with self.store.transaction() as work:
                work.execute(
                    "INSERT INTO device_state (device, state, detail, time) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (device) DO UPDATE SET state = excluded.state, "
                    "detail = excluded.detail, time = excluded.time",
                    (device, event, json.dumps(detail, sort_keys=True), utc_now()))
                work.audit("device", {"device": device, "event": event, **detail},
                           actor=self.dealer.id if self.dealer else None, round_id=self.round_id)
            self._log.info("device_event", device_event=event, **detail)

    def device_states(self) -> dict[str, str]:
        with self._lock:
            return {row[0]: row[1] for row in
                    self.store.query("SELECT device, state FROM device_state ORDER BY device")}

    def authorize_diagnostic(self, name: str, *, technician: str, pin: str,
                             moves_hardware: bool = True) -> Account:
        """A technician (never during a round) is cleared to run diagnostic ``name``."""
        with self._lock:
            person = (self._people.authorized(technician, pin, Permission.RUN_DIAGNOSTICS)
                      if moves_hardware else
                      self._people.authenticate(technician, pin, "run_diagnostics"))
            self.store.audit("diagnostic", {"name": name, "moves_hardware": moves_hardware},
                             actor=person.id)
            return person

    @contextmanager
    def diagnostic(self, name: str, *, technician: str, pin: str) -> Iterator[Account]:
        """``with station.diagnostic("shoe_dispense_test", technician=..., pin=...):`` — the
        station refuses to start a round while the block runs."""
        person = self.authorize_diagnostic(name, technician=technician, pin=pin)
        self._diagnostic = name
        try:
            yield person
        finally:
            self._diagnostic = None
            self.store.audit("diagnostic", {"name": name, "event": "finished"}, actor=person.id)

