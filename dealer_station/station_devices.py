"""The devices part of the station (docs/station.md, "Devices and diagnostics"): each device's
fault, recovery or lockout change is audited and kept as its last known state; a technician is
cleared to run a diagnostic, during which no round starts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from dealer_station import logs
from dealer_station.audit import utc_now
from dealer_station.auth import Permission
from dealer_station.procedure import JSONValue
from dealer_station.station_people import People
from dealer_station.station_state import Shared, StationState
from dealer_station.store.database import Store
from dealer_station.store.users import Account

__all__ = ["Devices"]


class Devices:
    """The table's devices as the station knows them, over its one store and lock."""

    store: Shared[Store] = Shared("store")
    round_id: Shared[int | None] = Shared("round_id")
    diagnostic_running: Shared[str | None] = Shared("diagnostic")
    log: Shared[logs.Log] = Shared("log")

    def __init__(self, state: StationState, people: People) -> None:
        self._state = state
        self._people = people

    def record_event(self, /, device: str, event: str, **detail: JSONValue) -> None:
        """Audit a device fault, recovery or lockout change and keep it as the device's last
        known state."""
        with self._state.lock, logs.bound(device=device):
            with self.store.transaction() as work:
                work.execute(
                    "INSERT INTO device_state (device, state, detail, time) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (device) DO UPDATE SET state = excluded.state, "
                    "detail = excluded.detail, time = excluded.time",
                    (device, event, json.dumps(detail, sort_keys=True), utc_now()))
                work.audit("device", {"device": device, "event": event, **detail},
                           actor=self._state.actor(), round_id=self.round_id)
            self.log.info("device_event", device_event=event, **detail)

    def states(self) -> dict[str, str]:
        """Each device's last known state (fault, recovery, ``lockout_on`` ...)."""
        return self._state.device_states()

    def authorize_diagnostic(self, name: str, *, technician: str, pin: str,
                             moves_hardware: bool = True) -> Account:
        """A technician (never during a round) is cleared to run diagnostic ``name``; one that
        does not move hardware (reading a device's state) needs only the technician's PIN."""
        with self._state.lock:
            person = (self._people.authorized(technician, pin, Permission.RUN_DIAGNOSTICS)
                      if moves_hardware else
                      self._people.authenticate(technician, pin, "run_diagnostics"))
            self.store.audit("diagnostic", {"name": name, "moves_hardware": moves_hardware},
                             actor=person.id)
            return person

    @contextmanager
    def diagnostic(self, name: str, *, technician: str, pin: str) -> Iterator[Account]:
        """``with devices.diagnostic("shoe_dispense_test", technician=..., pin=...):`` — no
        round starts while the block runs."""
        person = self.authorize_diagnostic(name, technician=technician, pin=pin)
        self.diagnostic_running = name
        try:
            yield person
        finally:
            self.diagnostic_running = None
            self.store.audit("diagnostic", {"name": name, "event": "finished"}, actor=person.id)
