"""The ``[floor]`` table of a table configuration, and connecting to the floor.

.. code-block:: toml

    [floor]
    url = "postgresql://station@floor-db.casino.lan/floor"
    pool = "pai-gow-progressive"      # the linked pool this table's progressive feeds

No ``[floor]``: the station runs alone, exactly as without this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, LiteralString, TypeAlias

from dealer_station.floor import FloorError, FloorUnreachable

if TYPE_CHECKING:  # psycopg loads only when a floor is configured (see connect)
    from psycopg import Connection
    from psycopg.rows import TupleRow

    #: A connection to the floor's database: psycopg's, rows as tuples (the default factory).
    FloorConnection: TypeAlias = Connection[TupleRow]

__all__ = ["FloorConfig", "FloorConnection", "connect", "one_row", "parse_floor_config"]

#: Seconds to wait for the floor when connecting (the station never waits longer).
CONNECT_TIMEOUT = 3


@dataclass(frozen=True, slots=True)
class FloorConfig:
    url: str
    pool: str | None = None


def parse_floor_config(values: Mapping[str, Any] | None) -> FloorConfig | None:
    """The floor configuration, None without one; a bad value is a ValueError in one line.

    >>> parse_floor_config(None) is None
    True
    >>> parse_floor_config({"url": "postgresql://h/floor", "pool": "p1"}).pool
    'p1'
    >>> parse_floor_config({"url": "mysql://h/floor"})
    Traceback (most recent call last):
    ...
    ValueError: floor.url: a postgresql:// URL, not 'mysql://h/floor'
    """
    if values is None:
        return None
    unknown = sorted(set(values) - {"url", "pool"})
    if unknown:
        raise ValueError(f"floor: unknown setting {unknown[0]!r} (url, pool)")
    url = values.get("url")
    if not isinstance(url, str) or not url.startswith(("postgresql://", "postgres://")):
        raise ValueError(f"floor.url: a postgresql:// URL, not {url!r}")
    pool = values.get("pool")
    if pool is not None and (not isinstance(pool, str) or not pool.strip()):
        raise ValueError(f"floor.pool: a pool name, not {pool!r}")
    return FloorConfig(url, pool)


def connect(url: str, *, autocommit: bool = True, name: str = "dealer-station"
            ) -> FloorConnection:
    """A psycopg connection to the floor (autocommit: each :meth:`transaction` block is one
    transaction; keepalives on, so a vanished server is noticed in seconds; ``name``: the
    session's ``application_name``, a station's forwarder ``dealer-station table T`` so that
    the pit sees which stations are connected); :class:`FloorUnreachable` with the reason in
    one line when it cannot be made."""
    # deferred on purpose: psycopg loads only when a floor is configured
    import psycopg

    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_TIMEOUT,
                               keepalives=1, keepalives_idle=2, keepalives_interval=1,
                               keepalives_count=3, application_name=name)
    except psycopg.Error as error:
        raise FloorUnreachable(f"the floor {redact(url)} cannot be reached: "
                               f"{one_line(error)}") from None


def one_row(connection: FloorConnection, query: LiteralString,
            params: Sequence[object] = ()) -> TupleRow:
    """The row that ``query`` always answers (an aggregate, an ``UPDATE … RETURNING`` of a row
    known to exist); :class:`FloorError` if the floor answers none."""
    row = connection.execute(query, params).fetchone()
    if row is None:
        raise FloorError(f"the floor answered nothing to {' '.join(query.split()[:4])} …")
    return row


def redact(url: str) -> str:
    """The URL without a password.

    >>> redact("postgresql://u:secret@h:5432/floor")
    'postgresql://u@h:5432/floor'
    """
    head, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, host = rest.rpartition("@")
        rest = credentials.split(":", 1)[0] + "@" + host
    return head + sep + rest


def one_line(error: BaseException) -> str:
    """The reason in one short line (libpq's "connection to server at … failed: Connection
    refused Is the server running …?" as "Connection refused").

    >>> one_line(OSError('connection to server at "10.0.0.5", port 5432 failed: Connection '
    ...                  'refused Is the server running on that host?'))
    'Connection refused'
    """
    text = " ".join(str(error).split())
    if " failed: " in text:
        text = text.rsplit(" failed: ", 1)[1]
    text = text.split(" Is the server")[0].strip()
    return text or type(error).__name__
