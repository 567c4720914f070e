"""The security-relevant tables sealed in the audit chain: accounts (roles, PIN hashes, failed
attempts and locks), configuration versions, progressive meters, jackpot records and sessions
(who was signed in when).

Every transaction that changes one of :data:`STATE_TABLES` ends with a ``state`` audit record
holding, for each table it changed, the digest of every row (:func:`row_digests`: 16 hex digits of
the SHA-256 of the row's canonical JSON, keyed by the row's primary key). The store notices the
change by itself (temporary triggers of its own connection, :func:`install_triggers`), so no
caller can change these tables without the change being audited. Checkpoints carry the digests of
all of them. At every start the database's rows are compared with the digests the audit log
holds last (:func:`difference`), which names the table and the row that differ.

>>> difference({"users": {"D1": "aa"}}, {"users": {"D1": "bb", "S9": "cc"}}, {"users": 7})
'users row D1 differs from audit record 7 (changed outside the station)'
>>> difference({"users": {"D1": "aa"}}, {"users": {}}, {"users": 7})
'users row D1 is missing from the database (deleted outside the station; audit record 7)'
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping

__all__ = ["GROWING_TABLES", "SEALED_SINCE", "STATE_TABLES", "Digests", "RowChanges",
           "all_digests", "all_extents", "difference", "extent", "growing_difference",
           "install_triggers", "row_digests", "rows_after", "rows_digests", "table_exists",
           "take_touched", "take_touched_rows"]

#: table -> its key column. Whole tables are sealed and compared whole at every start.
STATE_TABLES: dict[str, str] = {
    "users": "id",
    "config": "version",
    "meters": "name",
    "jackpots": "number",
    "device_state": "device",
    "jackpot_winners": "jackpot",
}
#: A state table sealed only from a schema version on (a store before it: not compared, its
#: migration seals it).
SEALED_SINCE: dict[str, int] = {"device_state": 18, "jackpot_winners": 19}
#: Tables growing with the table's play (integer keys, rows added in key order): sealed row by
#: row as rows change (see :class:`RowSeal`).
GROWING_TABLES: dict[str, str] = {
    "sessions": "id",
    "account_changes": "id",
}

#: table -> row key -> row digest.
Digests = dict[str, dict[str, str]]
#: table -> row key -> row digest, or ``None`` for a row deleted.
RowChanges = dict[str, dict[str, str | None]]


def table_exists(connection: sqlite3.Connection, table: str) -> bool:
    return connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                              (table,)).fetchone() is not None


def _digest_rows(cursor: sqlite3.Cursor, key: str) -> dict[str, str]:
    names = [column[0] for column in cursor.description]
    result: dict[str, str] = {}
    for row in cursor:
        values = dict(zip(names, tuple(row), strict=True))
        text = json.dumps(values, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        result[str(values[key])] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return result


def row_digests(connection: sqlite3.Connection, table: str) -> dict[str, str]:
    """Every row of ``table`` (one of :data:`STATE_TABLES`) as key -> digest."""
    key = STATE_TABLES[table]
    return _digest_rows(connection.execute(f"SELECT * FROM main.{table}"), key)


def rows_digests(connection: sqlite3.Connection, table: str,
                 keys: list[str]) -> dict[str, str | None]:
    """The rows ``keys`` of a growing ``table`` as key -> digest (``None``: no such row)."""
    key = GROWING_TABLES[table]
    found = _digest_rows(connection.execute(
        f"SELECT * FROM main.{table} WHERE {key} IN ({','.join('?' * len(keys))})",
        [int(k) for k in keys]), key)
    return {k: found.get(k) for k in keys}


def rows_after(connection: sqlite3.Connection, table: str, last: int) -> dict[str, str]:
    """The rows of a growing ``table`` whose key is above ``last``."""
    key = GROWING_TABLES[table]
    return _digest_rows(connection.execute(
        f"SELECT * FROM main.{table} WHERE {key} > ?", (last,)), key)


def extent(connection: sqlite3.Connection, table: str) -> dict[str, int]:
    """How many rows a growing ``table`` has and its highest key."""
    key = GROWING_TABLES[table]
    if not table_exists(connection, table):
        return {"count": 0, "last": 0}
    # two statements: COUNT(*) alone is SQLite's count of the narrowest index's entries; with
    # MAX beside it every row is stepped through (1.5 ms against 0.03 ms at 30,000 sessions)
    count = connection.execute(f"SELECT COUNT(*) FROM main.{table}").fetchone()[0]
    last = connection.execute(f"SELECT COALESCE(MAX({key}), 0) FROM main.{table}").fetchone()[0]
    return {"count": int(count), "last": int(last)}


def all_digests(connection: sqlite3.Connection, version: int | None = None) -> Digests:
    """The digests of every whole state table the database has (at schema ``version``: those
    sealed at it)."""
    return {table: row_digests(connection, table) for table in STATE_TABLES
            if table_exists(connection, table)
            and (version is None or SEALED_SINCE.get(table, 0) <= version)}


def all_extents(connection: sqlite3.Connection) -> dict[str, dict[str, int]]:
    return {table: extent(connection, table) for table in GROWING_TABLES}


def install_triggers(connection: sqlite3.Connection) -> None:
    """Temporary triggers (of this connection only, never stored in the database file) noting
    each state table an insert, update or delete touches, in ``temp.touched`` (and each row of
    a growing table, in ``temp.touched_rows``)."""
    connection.execute("CREATE TEMP TABLE IF NOT EXISTS touched (name TEXT PRIMARY KEY)")
    connection.execute("CREATE TEMP TABLE IF NOT EXISTS touched_rows (name TEXT, key TEXT, "
                       "PRIMARY KEY (name, key))")
    for table in STATE_TABLES:
        if not table_exists(connection, table):
            continue
        for event in ("INSERT", "UPDATE", "DELETE"):
            connection.execute(
                f"CREATE TEMP TRIGGER IF NOT EXISTS touched_{table}_{event.lower()} "
                f"AFTER {event} ON main.{table} BEGIN "
                f"INSERT OR IGNORE INTO touched (name) VALUES ('{table}'); END")
    for table, key in GROWING_TABLES.items():
        if not table_exists(connection, table):
            continue
        for event, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
            connection.execute(
                f"CREATE TEMP TRIGGER IF NOT EXISTS touched_{table}_{event.lower()} "
                f"AFTER {event} ON main.{table} BEGIN "
                f"INSERT OR IGNORE INTO touched_rows (name, key) VALUES ('{table}', "
                f"{row}.{key}); END")
        connection.execute(
            f"CREATE TEMP TRIGGER IF NOT EXISTS touched_{table}_rekey "
            f"AFTER UPDATE OF {key} ON main.{table} BEGIN "
            f"INSERT OR IGNORE INTO touched_rows (name, key) VALUES ('{table}', OLD.{key}); END")


def take_touched(connection: sqlite3.Connection) -> list[str]:
    """The whole state tables touched since the last call (in the open transaction)."""
    names = [str(row[0]) for row in connection.execute("SELECT name FROM temp.touched")]
    if names:
        connection.execute("DELETE FROM temp.touched")
    return sorted(names)


def take_touched_rows(connection: sqlite3.Connection) -> RowChanges:
    """The rows of growing tables touched since the last call, with their digests now."""
    keys: dict[str, list[str]] = {}
    for name, key in connection.execute("SELECT name, key FROM temp.touched_rows"):
        keys.setdefault(str(name), []).append(str(key))
    if not keys:
        return {}
    connection.execute("DELETE FROM temp.touched_rows")
    return {table: rows_digests(connection, table, found) for table, found in keys.items()}


def growing_difference(table: str, sealed: Mapping[str, int], changed: Mapping[str, str | None],
                       connection: sqlite3.Connection, source: int | None) -> str | None:
    """Where the growing ``table`` differs from what the audit log says: its extent at the
    checkpoint (``sealed``: ``count``, ``last`` key) and the rows changed since (``changed``,
    from audit record ``source`` on)."""
    where = f"audit record {source}" if source else "the audit log"
    now = rows_digests(connection, table, list(changed)) if changed else {}
    for key, digest in changed.items():
        if now[key] != digest:
            if digest is None:
                return (f"{table} row {key} is in the database but was deleted in {where} "
                        "(put back outside the station)")
            if now[key] is None:
                return (f"{table} row {key} is missing from the database (deleted outside the "
                        f"station; {where})")
            return f"{table} row {key} differs from {where} (changed outside the station)"
    last = int(sealed.get("last", 0))
    for key in rows_after(connection, table, last):
        if key not in changed:
            return (f"{table} row {key} is in the database but not in {where} (inserted "
                    "outside the station)")
    added = sum(1 for k, d in changed.items() if int(k) > last and d is not None)
    removed = sum(1 for k, d in changed.items() if int(k) <= last and d is None)
    expected = int(sealed.get("count", 0)) + added - removed
    have = extent(connection, table)["count"]
    if have > expected:
        return (f"{table} has {have - expected} row(s) more than the audit log says (inserted "
                "outside the station)")
    if have != expected:
        column = GROWING_TABLES[table]
        gap = connection.execute(
            f"SELECT MIN(a.{column} + 1) FROM main.{table} AS a WHERE a.{column} + 1 <= ? AND "
            f"NOT EXISTS (SELECT 1 FROM main.{table} AS b WHERE b.{column} = a.{column} + 1)",
            (last,)).fetchone()[0]
        first = connection.execute(f"SELECT MIN({column}) FROM main.{table}").fetchone()[0]
        missing = gap if gap is not None else (1 if first is None or first > 1 else None)
        which = f"row {missing}" if missing is not None else f"{expected - have} row(s)"
        return (f"{table} {which} is missing from the database (deleted outside the station: "
                f"it has {have} rows where the audit log says {expected})")
    return None


def difference(expected: Mapping[str, Mapping[str, str]], actual: Mapping[str, Mapping[str, str]],
               sources: Mapping[str, int]) -> str | None:
    """The first row where the database (``actual``) differs from what the audit log says
    (``expected``, set by audit record ``sources[table]``), in words; ``None`` when equal. A
    table the audit log never sealed must be empty."""
    for table in STATE_TABLES:
        if table not in actual:
            continue
        rows = actual[table]
        sealed = expected.get(table, {})
        source = sources.get(table)
        where = f"audit record {source}" if source else "the audit log (never sealed)"
        for key, digest in sealed.items():
            if key not in rows:
                return (f"{table} row {key} is missing from the database (deleted outside the "
                        f"station; {where})")
            if rows[key] != digest:
                return f"{table} row {key} differs from {where} (changed outside the station)"
        for key in rows:
            if key not in sealed:
                return (f"{table} row {key} is in the database but not in {where} (inserted "
                        "outside the station)")
    return None
