"""The table controller: one game's rounds, the table's store and audit log, the people signed in.
No widgets: the dealer's screen and the supervisor and technician screens wrap it in Qt
view-models; tests and simulations drive it directly.

The whole interface (opening, people, rounds, recovery, progressive rounds and claims, meters,
configuration and devices, thread safety) is specified in ``docs/station.md``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import Any

from dealer_station import auth, claims, logs
from dealer_station.actions import Action
from dealer_station.auth import Role
from dealer_station.games.registry import (
    GameHooks,
    MeterTerms,
    RoundFactory,
    game_factory,
    game_hooks,
    register_game,
)
from dealer_station.procedure import GameRound, HaltResolution, JSONValue, Record
from dealer_station.slips import SimulatedPrinter, SlipPrinter
from dealer_station.station_archive import Archive
from dealer_station.station_configuration import Configuration
from dealer_station.station_devices import Devices
from dealer_station.station_meters import Meters
from dealer_station.station_people import People
from dealer_station.station_rounds import ResumeReport, Rounds
from dealer_station.station_state import Shared, StationState
from dealer_station.store import meters as meter_store
from dealer_station.store import sessions
from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory, table_id
from dealer_station.store.sealer import SealingStatus
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


class Station:
    """The Qt-free table controller, specified in docs/station.md: a thin front whose methods
    hand each call to one of its parts (``People``, ``Meters``, ``Configuration``, ``Devices``,
    ``Archive``, ``Rounds``: the ``station_*.py`` modules), which share one
    :class:`~dealer_station.station_state.StationState` (one store, one lock)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 lock_policy: auth.LockPolicy = _DEFAULT_LOCK,
                 pin_cost: auth.PinCost | int | None = None) -> None:
        self.store = store
        self.clock = clock
        self._state = StationState(store, clock)
        self._people = People(self._state, lock_policy=lock_policy,
                              pin_cost=auth.PinCost.of(pin_cost))
        self._meters = Meters(self._state, self._people, self.supervise)
        self._configuration = Configuration(self._state, self._people)
        self._devices = Devices(self._state, self._people)
        self._archive = Archive(self._state)
        self._rounds = Rounds(self._state, self._people, self._meters,
                              self._archive.between_rounds)
        self._lock = self._state.lock
        #: The receipt printer of the jackpot slips (:mod:`dealer_station.slips`), set by the
        #: application from the table configuration (None: none configured).
        self.slip_printer: SimulatedPrinter | SlipPrinter | None = None

    # -- the table's state, shared by the parts (read and written in StationState) ----------

    #: The dealer on duty (None: nobody is signed in).
    dealer: Shared[Account | None] = Shared("dealer")
    #: The open round (None between rounds) and its number.
    round: Shared[GameRound | None] = Shared("round")
    round_id: Shared[int | None] = Shared("round_id")
    #: The id of the table's last finished round (its payments may still be ticked off).
    last_round_id: Shared[int | None] = Shared("last_round_id")
    _log: Shared[logs.Log] = Shared("log")
    #: Set by the floor link (:mod:`dealer_station.floor.link`) when a floor is configured:
    #: why the progressive wager is locked out now (None: it is not).
    progressive_lock: Shared[Callable[[], str | None] | None] = Shared("progressive_lock")
    #: Set by the floor link when the table is a member of a linked pool: its progressive
    #: claims are read and paid from the pool as it stands on the floor
    #: (:class:`dealer_station.claims.LinkedMeter`; None: from the table's own meter).
    linked_meter: Shared[claims.LinkedMeter | None] = Shared("linked_meter")

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
        """Open the station of ``table`` (docs/station.md, "Opening")."""
        table = table_id(table)
        store = Store.open(table_directory(table, data_dir), table)
        try:
            station = cls(store, clock=clock, lock_policy=lock_policy, pin_cost=pin_cost)
            logs.bind(table=table)
            for note in store.notes:
                station._log.warning("store_opened_with_note", note=note)
            station._configuration.initial(game, settings, station_settings)
            station._people.end_stale_sessions()
            meter_store.check(store, after=store.proven_window.meter_entries)
            station.resume()
        except BaseException:
            store.close()
            raise
        return station

    def close(self) -> None:
        self._archive.close()  # a sealing under way stops; nothing of it was recorded
        with self._lock:
            self.store.close()

    def __enter__(self) -> Station:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- configuration (:mod:`dealer_station.station_configuration`) ------------------------

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
        return self._configuration.change(settings, supervisor=supervisor, pin=pin, game=game,
                                          station=station_settings)

    def change_station_settings(self, changes: Mapping[str, JSONValue], *, supervisor: str,
                                pin: str) -> int:
        """A supervisor changes some of the station's own settings (``archive_keep_days``
        ...), the game's settings unchanged."""
        return self._configuration.change_station_settings(changes, supervisor=supervisor,
                                                           pin=pin)

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

    # -- rounds (:mod:`dealer_station.station_rounds`) --------------------------------------

    @property
    def resumed(self) -> ResumeReport:
        """What :meth:`resume` found at the last start."""
        return self._rounds.resumed

    def start_round(self, table: Mapping[str, JSONValue] | None = None) -> GameRound:
        """Start a new round of the configured game (the dealer on duty deals it); ``table``:
        what the dealer tells of the table now (:meth:`Rounds.start_round`)."""
        return self._rounds.start_round(table)

    def can(self, action: Action | str, **arguments: JSONValue) -> bool:
        """Whether ``action`` with ``arguments`` is allowed now (for enabling buttons)."""
        return self._rounds.can(action, **arguments)

    def perform(self, action: Action | str, **arguments: JSONValue) -> Record:
        """Verify and take ``action`` on the current round, commit its record, then return it
        (:meth:`Rounds.perform`): a typed action (``PlaceWagers(position=3, ...)``, see
        :mod:`dealer_station.actions`) or, while callers move over, its name and arguments."""
        return self._rounds.perform(action, **arguments)

    def supervise(self, action: Action | str, *, supervisor: str, pin: str,
                  resolution: HaltResolution | str | None = None,
                  **arguments: JSONValue) -> Record:
        """A supervisor's decision on the round (:meth:`Rounds.supervise`); a halt's
        ``resolution`` decides the permission needed (voiding the round: the void
        permission)."""
        return self._rounds.supervise(action, supervisor=supervisor, pin=pin,
                                      resolution=resolution, **arguments)

    def void_round(self, reason: str, *, supervisor: str, pin: str) -> Record | None:
        """A supervisor (who did not deal it) voids the open round, with the reason: then the
        dealer returns each wager (RETURN lines ticked) and collects the cards
        (:meth:`station_rounds.Rounds.void_round`)."""
        return self._rounds.void_round(reason, supervisor=supervisor, pin=pin)

    def resume(self) -> ResumeReport:
        """Rebuild the open round from its journal, or void it with the reason (see
        docs/station.md, "Recovery")."""
        return self._rounds.resume()

    def preview(self, action: Action | str, **arguments: JSONValue) -> GameRound:
        """A copy of the open round as it would be after ``action``, never journaled."""
        return self._rounds.preview(action, **arguments)

    def tick_payment(self, order: int, done: bool = True) -> None:
        """The dealer ticked off (or un-ticked) payment line ``order`` (on disk, audited)."""
        self._rounds.tick_payment(order, done)

    def payment_ticks(self, round_id: int | None = None) -> frozenset[int]:
        """The payment lines ticked off of ``round_id`` (default: the open round, else the last
        finished one)."""
        return self._rounds.payment_ticks(round_id)

    # -- archiving ended days (:mod:`dealer_station.station_archive`) ---------------------

    def archive_status(self) -> SealingStatus:
        """What archiving is doing now (for the supervisor's screen and ``dealer-station
        archive status``)."""
        return self._archive.status()

    def seal_now(self, through: str | None = None, *, wait: bool = False) -> SealingStatus:
        """Seal the days up to ``through`` now (``dealer-station archive seal``;
        :meth:`Archive.seal_now`); ``wait``: until it is written and recorded."""
        return self._archive.seal_now(through, wait=wait)

    def finish_sealing(self, timeout: float | None = None) -> SealingStatus:
        """Wait for a sealing under way and, between rounds, record it now; the status
        after."""
        return self._archive.finish_sealing(timeout)

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

    def configured_meter_terms(self) -> MeterTerms | None:
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

    # -- devices and diagnostics (:mod:`dealer_station.station_devices`) -------------------

    def record_device_event(self, device: str, event: str, **detail: JSONValue) -> None:
        """Audit a device fault, recovery or lockout change and keep it as the device's last
        known state."""
        self._devices.record_event(device, event, **detail)

    def device_states(self) -> dict[str, str]:
        return self._devices.states()

    def authorize_diagnostic(self, name: str, *, technician: str, pin: str,
                             moves_hardware: bool = True) -> Account:
        """A technician (never during a round) is cleared to run diagnostic ``name``."""
        return self._devices.authorize_diagnostic(name, technician=technician, pin=pin,
                                                  moves_hardware=moves_hardware)

    def diagnostic(self, name: str, *, technician: str,
                   pin: str) -> AbstractContextManager[Account]:
        """``with station.diagnostic("shoe_dispense_test", technician=..., pin=...):`` — the
        station refuses to start a round while the block runs."""
        return self._devices.diagnostic(name, technician=technician, pin=pin)
