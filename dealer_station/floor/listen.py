"""The pools' amounts as the floor announces them: one connection that LISTENs on the
``floor_pool`` channel (the trigger in :mod:`.schema` notifies every change of a pool's row),
reads the amounts once when it (re)connects, then only waits for notifications. A lost
connection is reported at once (the station locks the progressive out) and made again.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_station.floor import FloorUnreachable
from dealer_station.floor.backoff import Backoff
from dealer_station.floor.config import connect, one_line

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["Listener", "PoolAmount"]

CHANNEL = "floor_pool"
TABLE_CHANNEL = "floor_table"


@dataclass(frozen=True, slots=True)
class PoolAmount:
    pool: str
    amount_cents: int
    pending: int


class Listener:
    """A daemon thread delivering :class:`PoolAmount` to ``on_amount`` and the floor's
    reachability (``True, ""`` / ``False, reason``) to ``on_state``."""

    def __init__(self, url: str, on_amount: Callable[[PoolAmount], None],
                 on_state: Callable[[bool, str], None], *, retry: float = 0.5,
                 on_table: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.on_amount = on_amount
        self.on_state = on_state
        #: With it, the tables' changes too (the pit: the table id that changed).
        self.on_table = on_table
        self.retry = retry
        self._stop = threading.Event()
        self._connection: FloorConnection | None = None
        self._thread = threading.Thread(target=self._run, name="floor-listener", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        # deferred on purpose: psycopg loads only when a floor is configured
        import psycopg

        backoff = Backoff(first=self.retry)
        while not self._stop.is_set():
            try:
                connection = connect(self.url, autocommit=True)
            except FloorUnreachable as error:
                self.on_state(False, str(error))
                self._stop.wait(backoff.next())
                continue
            try:
                with connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    if self.on_table is not None:
                        connection.execute(f"LISTEN {TABLE_CHANNEL}")
                    for row in connection.execute(
                            "SELECT name, amount_cents, (SELECT count(*) FROM pool_hits h "
                            "WHERE h.pool = p.name AND h.status = 'pending') FROM pools p"):
                        self.on_amount(PoolAmount(str(row[0]), int(row[1]), int(row[2])))
                    self.on_state(True, "")
                    backoff.reset()
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=1.0):
                            if notice.channel == TABLE_CHANNEL and self.on_table is not None:
                                self.on_table(notice.payload)
                            else:
                                self._deliver(notice.payload)
            except psycopg.Error as error:
                self.on_state(False, f"the floor connection was lost: {one_line(error)}")
                self._stop.wait(backoff.next())

    def _deliver(self, payload: str) -> None:
        try:
            data = json.loads(payload)
            amount = PoolAmount(str(data["pool"]), int(data["amount"]), int(data["pending"]))
        except (ValueError, KeyError, TypeError):
            return
        self.on_amount(amount)
