"""``dealer-station --check``'s line for the floor (only when ``[floor]`` is configured).

It fails on what needs a person before the table opens: a bad ``[floor]`` table, a floor
without the schema or behind this program, the table in another pool than its configuration
names, the table id held by another station. A floor that cannot be reached now passes with
the reason: the table runs alone, its progressive locked out until the floor answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.floor import FloorUnreachable, schema
from dealer_station.floor.config import connect, one_line, parse_floor_config, redact

__all__ = ["check_floor"]


def check_floor(values: Mapping[str, Any], table_id: str) -> tuple[str, bool, str]:
    """(name, passed, what was found) of the floor check of ``table_id``."""
    # deferred on purpose: psycopg loads only when a floor is configured
    import psycopg

    try:
        config = parse_floor_config(values)
    except ValueError as error:
        return "floor", False, str(error)
    assert config is not None
    where = redact(config.url)
    try:
        connection = connect(config.url)
    except FloorUnreachable as error:
        return "floor", True, (f"{error}; the table runs alone, its progressive locked out "
                               "until the floor answers")
    try:
        with connection:
            version = schema.version(connection)
            if version != schema.latest():
                return "floor", False, (f"{where} is at floor schema version {version}, this "
                                        f"program's is {schema.latest()}: run 'dealer-station "
                                        "floor init'")
            row = connection.execute(
                "SELECT t.game, t.audit_seq, m.pool FROM floor_tables t LEFT JOIN pool_members "
                "m USING (table_id) WHERE t.table_id = %s", (table_id,)).fetchone()
    except psycopg.Error as error:
        return "floor", True, (f"{where}: {one_line(error)}; the table runs alone, its "
                               "progressive locked out until the floor answers")
    if row is None:
        return "floor", True, f"{where} reachable; table {table_id} joins it at its start"
    if config.pool and row[2] != config.pool:
        return "floor", False, (f"table {table_id} is in pool {row[2] or 'none'} on {where}, "
                                f"its configuration names {config.pool!r}: 'dealer-station "
                                "floor pool join' (or correct [floor] pool)")
    return "floor", True, (f"{where}: table {table_id} ({row[0]}), audit head witnessed at "
                           f"record {row[1]:,}" + (f", pool {row[2]}" if row[2] else ""))
