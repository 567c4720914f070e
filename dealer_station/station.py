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
from typing import Any

from dealer_station import auth, claims, logs
from dealer_station.actions import Action
from dealer_station.games.registry import (
    GameHooks,
    RoundFactory,
    game_factory,
    game_hooks,
    register_game,
)
from dealer_station.procedure import GameRound, HaltResolution, JSONValue, Record
from dealer_station.slips import SimulatedPrinter, SlipPrinter
from dealer_station.station_archive import Archive
from dealer_station.station_claims import Claims
from dealer_station.station_configuration import Configuration
from dealer_station.station_devices import Devices
from dealer_station.station_meters import Meters
from dealer_station.station_people import People
from dealer_station.station_rounds import ResumeReport, Rounds
from dealer_station.station_state import Delegated, Shared, StationState
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory, table_id
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
        self._meters = Meters(self._state, self._people)
        self._claims = Claims(self._state, self._people, self._meters, self.supervise,
                              self._perform_as)
        self._configuration = Configuration(self._state, self._people)
        self._devices = Devices(self._state, self._people)
        self._archive = Archive(self._state)
        self._rounds = Rounds(self._state, self._people, self._meters,
                              self._archive.between_rounds)
        self._lock = self._state.lock
        #: The receipt printer of the jackpot slips (:mod:`dealer_station.slips`), set by the
        #: application from the table configuration (None: none configured).
        self.slip_printer: SimulatedPrinter | SlipPrinter | None = None

    def _perform_as(self, action: str, actor: str, arguments: Mapping[str, JSONValue]
                    ) -> Record:
        return self._rounds.perform_as(action, actor, arguments)

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

    change_configuration = Delegated("_configuration", Configuration.change)
    last_configuration = Delegated("_configuration", Configuration.last_configuration)
    change_station_settings = Delegated("_configuration", Configuration.change_station_settings)

    # -- people (:mod:`dealer_station.station_people`) --------------------------------------

    @property
    def needs_first_supervisor(self) -> bool:
        return self._people.needs_first_supervisor

    @property
    def dealer_accounts_exist(self) -> bool:
        return self._people.dealer_accounts_exist

    create_first_supervisor = Delegated("_people", People.create_first_supervisor)
    authenticate = Delegated("_people", People.authenticate)
    sign_in = Delegated("_people", People.sign_in)
    sign_out = Delegated("_people", People.sign_out)
    sign_in_staff = Delegated("_people", People.sign_in_staff)
    sign_out_staff = Delegated("_people", People.sign_out_staff)
    sessions_during = Delegated("_people", People.sessions_during)
    signed_in_during_round = Delegated("_people", People.signed_in_during_round)
    accounts = Delegated("_people", People.accounts)
    create_user = Delegated("_people", People.create_user)
    reset_pin = Delegated("_people", People.reset_pin)
    change_own_pin = Delegated("_people", People.change_own_pin)
    unlock_user = Delegated("_people", People.unlock_user)
    set_user_active = Delegated("_people", People.set_user_active)

    # -- rounds (:mod:`dealer_station.station_rounds`) --------------------------------------

    @property
    def resumed(self) -> ResumeReport:
        """What :meth:`resume` found at the last start."""
        return self._rounds.resumed

    start_round = Delegated("_rounds", Rounds.start_round)
    can = Delegated("_rounds", Rounds.can)
    perform = Delegated("_rounds", Rounds.perform)

    # written out: the meters part is given it (to call back) before the rounds part exists
    def supervise(self, action: Action | str, *, supervisor: str, pin: str,
                  resolution: HaltResolution | str | None = None,
                  **arguments: JSONValue) -> Record:
        """A supervisor's decision on the round (:meth:`Rounds.supervise`); a halt's
        ``resolution`` decides the permission needed (voiding the round: the void
        permission)."""
        return self._rounds.supervise(action, supervisor=supervisor, pin=pin,
                                      resolution=resolution, **arguments)

    void_round = Delegated("_rounds", Rounds.void_round)
    resume = Delegated("_rounds", Rounds.resume)
    preview = Delegated("_rounds", Rounds.preview)
    tick_payment = Delegated("_rounds", Rounds.tick_payment)
    payment_ticks = Delegated("_rounds", Rounds.payment_ticks)

    # -- archiving ended days (:mod:`dealer_station.station_archive`) ---------------------

    archive_status = Delegated("_archive", Archive.status)
    seal_now = Delegated("_archive", Archive.seal_now)
    finish_sealing = Delegated("_archive", Archive.finish_sealing)

    # -- meters and jackpots (:mod:`dealer_station.station_meters`) ------------------------

    create_meter = Delegated("_meters", Meters.create_meter)
    change_meter = Delegated("_meters", Meters.change_meter)
    reseed_meter = Delegated("_meters", Meters.reseed_meter)
    retire_meter = Delegated("_meters", Meters.retire_meter)
    configured_meter_terms = Delegated("_meters", Meters.configured_meter_terms)
    meter = Delegated("_meters", Meters.meter)
    meters = Delegated("_meters", Meters.meters)
    meter_statistics = Delegated("_meters", Meters.meter_statistics)
    progressive_meter_name = Delegated("_meters", Meters.progressive_meter_name)
    show_progressive_claim = Delegated("_claims", Claims.show_progressive_claim)
    decide_progressive_claim = Delegated("_claims", Claims.decide_progressive_claim)
    progressive_claim_now = Delegated("_claims", Claims.progressive_claim_now)
    record_floor_payments = Delegated("_claims", Claims.record_floor_payments)
    second_validator_needed = Delegated("_meters", Meters.second_validator_needed)
    identification_needed = Delegated("_meters", Meters.identification_needed)

    # -- devices and diagnostics (:mod:`dealer_station.station_devices`) -------------------

    record_device_event = Delegated("_devices", Devices.record_event)
    device_states = Delegated("_devices", Devices.states)
    authorize_diagnostic = Delegated("_devices", Devices.authorize_diagnostic)
    diagnostic = Delegated("_devices", Devices.diagnostic)
