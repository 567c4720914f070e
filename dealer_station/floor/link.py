"""What a station runs when its configuration names a floor: the forwarder (store-and-forward
of its audit log, :mod:`.forward`) and the listener (the pools' amounts, :mod:`.listen`), each
on its own daemon thread, so nothing here ever blocks the dealer's screen; and the
progressive's lockout while the floor cannot be reached (:class:`ProgressiveLockout`), and the
claims of a member table paid from its pool (:class:`LinkedPool`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_station.claims import LinkedReading
from dealer_station.floor import FloorError, FloorUnreachable
from dealer_station.floor.backoff import Backoff
from dealer_station.floor.config import FloorConfig, connect, one_line
from dealer_station.floor.forward import Outbox, check_witness, forward_once
from dealer_station.floor.listen import Listener, PoolAmount
from dealer_station.floor.pools import (
    ClaimReading,
    Hit,
    Terms,
    approve_table_claim,
    claim_reading,
)
from dealer_station.floor.tables import claim_released, register
from dealer_station.procedure import ProcedureError

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["FloorLink", "FloorView", "LinkedPool", "ProgressiveLockout"]


@dataclass(frozen=True, slots=True)
class FloorView:
    """What the table shows of the floor: reachable or why not, the pool and what is PENDING,
    and a refusal of the forwarder (a changed audit log, not a member of its pool)."""

    reachable: bool = False
    reason: str = "connecting to the floor"
    pool: str | None = None
    amount_cents: int | None = None
    pending: int = 0
    problem: str | None = None
    amounts: Mapping[str, PoolAmount] = field(default_factory=dict)

    @property
    def progressive_refusal(self) -> str | None:
        """Why the progressive wager is locked out now (None: it is not)."""
        if self.problem:
            return f"progressive locked out: {self.problem}"
        if not self.reachable:
            return f"progressive locked out: {self.reason}"
        return None


class FloorLink:
    def __init__(self, config: FloorConfig, directory: Path, table_id: str, game: str, *,
                 devices: Mapping[str, str] | Callable[[], Mapping[str, str]] | None = None,
                 health: Callable[[], Mapping[str, str]] | None = None,
                 on_change: Callable[[FloorView], None] | None = None,
                 interval: float = 0.2) -> None:
        self.config = config
        self.directory = Path(directory)
        self.table_id = table_id
        self.game = game
        #: serial number -> device, or what gives them now (the devices identify themselves
        #: after the link starts): registered on the floor, again whenever they change.
        self.devices = devices if callable(devices) else dict(devices or {})
        #: What gives the devices' live health now (device -> "online", "offline: why",
        #: "fault: which"): sent to the floor whenever it changes, again after a reconnect.
        self.health = health
        self._health_sent: dict[str, str] | None = None
        self._registered: dict[str, str] = {}
        self.on_change = on_change
        self.interval = interval
        self.outbox = Outbox(self.directory)
        self._lock = threading.Lock()
        self._view = FloorView(pool=config.pool)
        self._listening = False
        self._forwarding = False
        self._listen_reason = "connecting to the floor"
        self._forward_reason = "connecting to the floor"
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._listener = Listener(config.url, self._amount, self._listener_state)
        self._thread = threading.Thread(target=self._forward_loop, name="floor-forwarder",
                                        daemon=True)

    # -- state --------------------------------------------------------------------------------

    @property
    def view(self) -> FloorView:
        with self._lock:
            return self._view

    def _update(self, **changes: Any) -> None:
        with self._lock:
            reachable = self._listening and self._forwarding
            reason = "" if reachable else (self._listen_reason if not self._listening
                                           else self._forward_reason)
            view = replace(self._view, reachable=reachable, reason=reason, **changes)
            if view == self._view:
                return
            self._view = view
        if self.on_change is not None:
            self.on_change(view)

    def _amount(self, amount: PoolAmount) -> None:
        with self._lock:
            amounts = {**self._view.amounts, amount.pool: amount}
        mine = amounts.get(self.config.pool or "")
        self._update(amounts=amounts, amount_cents=mine.amount_cents if mine else None,
                     pending=mine.pending if mine else 0)

    def _listener_state(self, up: bool, reason: str) -> None:
        self._listening, self._listen_reason = up, reason
        if not up:
            self._wake.set()  # the forwarder tries its own connection now, not at its next batch
        self._update()

    def _forwarder_state(self, up: bool, reason: str) -> None:
        self._forwarding, self._forward_reason = up, reason
        self._update()

    # -- threads ------------------------------------------------------------------------------

    def start(self) -> None:
        self._listener.start()
        self._thread.start()

    def wake(self) -> None:
        """Forward now (a new record was committed)."""
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        self._listener.stop(timeout)
        self._thread.join(timeout)
        self.outbox.close()

    def _forward_loop(self) -> None:
        # deferred on purpose: psycopg loads only when a floor is configured
        import psycopg

        backoff = Backoff()
        while not self._stop.is_set():
            try:
                connection = connect(self.config.url, name=station_session(self.table_id))
            except FloorUnreachable as error:
                self._forwarder_state(False, str(error))
                self._stop.wait(backoff.next())
                continue
            try:
                with connection:
                    waiting = self._join(connection)
                    if waiting:  # e.g. not yet a member of its pool: asked again shortly
                        self._update(problem=waiting)
                        self._stop.wait(2.0)
                        continue
                    self._update(problem=None)
                    self._forwarder_state(True, "")
                    backoff.reset()
                    self._health_sent = None  # the floor hears it again after a reconnect
                    while not self._stop.is_set():
                        if self._serials() != self._registered:
                            self._register(connection)
                        self._send_health(connection)
                        if forward_once(connection, self.table_id, self.directory,
                                        self.outbox):
                            continue
                        if not self._listening:  # is this connection still alive too?
                            connection.execute("SELECT 1")
                        self._wake.wait(self.interval)
                        self._wake.clear()
            except psycopg.Error as error:
                self._forwarder_state(False, f"the floor connection was lost: "
                                             f"{one_line(error)}")
                self._stop.wait(backoff.next())
            except FloorError as error:
                self._update(problem=str(error))
                return

    def _send_health(self, connection: FloorConnection) -> None:
        if self.health is None:
            return
        try:
            now = {str(k): str(v) for k, v in self.health().items()}
        except RuntimeError:  # changed while read (the table's worker): next time
            return
        if now == self._health_sent:
            return
        # deferred on purpose: psycopg loads only when a floor is configured
        from psycopg.types.json import Jsonb

        connection.execute("UPDATE floor_tables SET live_health = %s, health_at = now() "
                           "WHERE table_id = %s", (Jsonb(now), self.table_id))
        self._health_sent = now

    def _serials(self) -> dict[str, str]:
        return dict(self.devices() if callable(self.devices) else self.devices)

    def _register(self, connection: FloorConnection) -> None:
        serials = self._serials()
        register(connection, self.table_id, self.outbox.station, self.game, serials)
        self._registered = serials

    def _join(self, connection: FloorConnection) -> str | None:
        """Register the table, check the floor's witness of its audit head (a refusal is
        final); what the table still waits for (not a member of its pool), or None."""
        claim_released(connection, self.table_id, self.outbox.station)
        self._register(connection)
        with connection.transaction():
            check_witness(connection, self.table_id, self.directory, self.outbox.cursor())
        if self.config.pool:
            row = connection.execute("SELECT pool FROM pool_members WHERE table_id = %s",
                                     (self.table_id,)).fetchone()
            if row is None or row[0] != self.config.pool:
                found = row[0] if row else "none"
                return (f"table {self.table_id} is not a member of pool {self.config.pool!r} "
                        f"on the floor (its pool: {found}); 'dealer-station floor pool join' "
                        "adds it")
        return None


def station_session(table_id: str) -> str:
    """The ``application_name`` of a station's forwarder session on the floor: the pit reads
    from ``pg_stat_activity`` which stations are connected now (a live health, not an old one).

    >>> station_session("PG-7")
    'dealer-station table PG-7'
    """
    return f"dealer-station table {table_id}"[:63]


class ProgressiveLockout:
    """Locks out the progressive wager alone while the floor is away: the bet acceptors that
    sense the progressive chip are held locked (a chip placed is late and does not light; the
    station refuses the wager with the reason), whatever the lockout controller does meanwhile;
    the lockout controller's general bonus lock follows the round as before, so the other
    wagers go on. When the floor returns the hold ends and each acceptor is back to exactly
    the lock it had, or the one the lockout controller asked for meanwhile
    (``AcceptorBank.hold_locked``). ``hold(True/False)`` starts and ends the hold."""

    def __init__(self, hold: Callable[[bool], None]) -> None:
        self._hold = hold
        self.engaged = False

    def update(self, view: FloorView) -> None:
        refusal = view.progressive_refusal
        if refusal and not self.engaged:
            self.engaged = True
            self._hold(True)
        elif not refusal and self.engaged:
            self.engaged = False
            self._hold(False)


class LinkedPool:
    """A member table's progressive paid from its floor's linked pool
    (:class:`dealer_station.claims.LinkedMeter`): each claim is read from the pool as it stands
    and approved in one floor transaction under the pool's row lock, its amount computed from
    the pool at that commit, so near-simultaneous hits at two tables are paid in the floor's
    hit order, the second from what the first left, and contributions arriving meanwhile
    never refuse an approval; approved while an earlier hit is pending, the claim waits and
    is paid when that one is decided. Runs on the table's worker (its own connection, made
    when first needed and again after a loss); a floor that cannot answer refuses in one
    line: the payout waits for it."""

    def __init__(self, config: FloorConfig, table_id: str,
                 last_known: Callable[[], int | None] = lambda: None) -> None:
        self.config = config
        self.table_id = table_id
        self._last_known = last_known
        self._connection: FloorConnection | None = None
        self._lock = threading.Lock()

    def _ask(self, question: Callable[[FloorConnection], ClaimReading]) -> ClaimReading:
        # deferred on purpose: psycopg loads only when a floor is configured
        import psycopg

        with self._lock:
            for attempt in (1, 2):  # a connection lost since the last claim: one new one
                try:
                    if self._connection is None or self._connection.closed:
                        self._connection = connect(self.config.url)
                    return question(self._connection)
                except FloorError as error:
                    raise ProcedureError(str(error), "5324.41(k)(6)") from None
                except (psycopg.OperationalError, psycopg.InterfaceError,
                        FloorUnreachable) as error:
                    self.close_connection()
                    if attempt == 2 or isinstance(error, FloorUnreachable):
                        raise ProcedureError(
                            f"the linked pool cannot be read: {one_line(error)}; the payout "
                            "waits for the floor", "5324.41(k)(6)") from None
            raise AssertionError("unreachable")

    def close_connection(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            finally:
                self._connection = None

    @staticmethod
    def _reading(found: ClaimReading) -> LinkedReading:
        if found.paid is None:
            return LinkedReading(found.pool, found.amount_cents, found.reset_cents,
                                 approved_by=found.approved_by, waiting_for=found.waiting_for)
        return _paid(found.paid, found.reset_cents)

    def reading(self, round_id: int, position: int) -> LinkedReading:
        return self._reading(self._ask(lambda connection: claim_reading(
            connection, self.table_id, round_id, str(position))))

    def pay(self, round_id: int, position: int, hand: str, *, terms: Terms,
            supervisor: str) -> LinkedReading:
        return self._reading(self._ask(lambda connection: approve_table_claim(
            connection, self.table_id, round_id, str(position), hand, terms=terms,
            by=supervisor)))

    def last_known(self) -> int | None:
        return self._last_known()


def _paid(hit: Hit, reset: int) -> LinkedReading:
    assert hit.pool_before is not None
    return LinkedReading(hit.pool, hit.pool_before, reset, hit.amount_cents, hit.pool_after,
                         approved_by=hit.approved_by)
