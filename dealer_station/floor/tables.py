"""A table's identity on the floor: its table id, the station (a random id the station keeps
in its outbox), its game and its devices' serial numbers. A table id held by another station,
or a device serial already at another table, is refused; a table joins one pool, once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from dealer_station.floor import FloorError

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["join_pool", "register", "release"]


def register(connection: FloorConnection, table_id: str, station: str, game: str,
             devices: Mapping[str, str]) -> None:
    """Put the table on the floor (or confirm it is there as this station); ``devices``:
    serial number -> device name."""
    with connection.transaction():
        row = connection.execute("SELECT station FROM floor_tables WHERE table_id = %s "
                                 "FOR UPDATE", (table_id,)).fetchone()
        if row is not None and row[0] != station:
            raise FloorError(
                f"table {table_id} is already on the floor from another station ({row[0][:8]}); "
                f"two stations cannot be one table: 'dealer-station floor release {table_id}' "
                "frees the id when its PC was replaced")
        for serial, device in sorted(devices.items()):
            held = connection.execute("SELECT table_id FROM floor_devices WHERE serial = %s",
                                      (serial,)).fetchone()
            if held is not None and held[0] != table_id:
                raise FloorError(f"device {device} serial {serial} is already at table "
                                 f"{held[0]} on the floor")
        if row is None:
            connection.execute("INSERT INTO floor_tables (table_id, station, game) "
                               "VALUES (%s, %s, %s)", (table_id, station, game))
        else:
            connection.execute("UPDATE floor_tables SET game = %s WHERE table_id = %s",
                               (game, table_id))
        connection.execute("DELETE FROM floor_devices WHERE table_id = %s", (table_id,))
        for serial, device in sorted(devices.items()):
            connection.execute("INSERT INTO floor_devices (serial, table_id, device) "
                               "VALUES (%s, %s, %s)", (serial, table_id, device))


def release(connection: FloorConnection, table_id: str) -> None:
    """Free a table id for another station (its records stay)."""
    with connection.transaction():
        found = connection.execute("UPDATE floor_tables SET station = 'released' "
                                   "WHERE table_id = %s", (table_id,))
        if found.rowcount != 1:
            raise FloorError(f"no table {table_id} on the floor")
        connection.execute("DELETE FROM floor_devices WHERE table_id = %s", (table_id,))


def claim_released(connection: FloorConnection, table_id: str, station: str) -> None:
    """A released table id taken by the station that starts as it."""
    with connection.transaction():
        connection.execute("UPDATE floor_tables SET station = %s WHERE table_id = %s "
                           "AND station = 'released'", (station, table_id))


def join_pool(connection: FloorConnection, pool: str, table_id: str) -> None:
    """Make ``table_id`` a member of ``pool``; refused when it already is (or is in another)."""
    with connection.transaction():
        if connection.execute("SELECT 1 FROM pools WHERE name = %s", (pool,)).fetchone() is None:
            raise FloorError(f"no pool {pool!r} on the floor")
        if connection.execute("SELECT 1 FROM floor_tables WHERE table_id = %s",
                              (table_id,)).fetchone() is None:
            raise FloorError(f"no table {table_id} on the floor (start its station with the "
                             "floor configured first)")
        member = connection.execute("SELECT pool FROM pool_members WHERE table_id = %s",
                                    (table_id,)).fetchone()
        if member is not None:
            raise FloorError(f"table {table_id} is already a member of pool {member[0]!r}: a "
                             "table joins a pool once")
        connection.execute("INSERT INTO pool_members (pool, table_id) VALUES (%s, %s)",
                           (pool, table_id))
