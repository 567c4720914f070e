"""A private PostgreSQL server for the floor tests (tests/pgserver.py): started once per
session, a fresh ``floor`` database per test. Without PostgreSQL the tests skip saying so,
except under CI=true, where they fail."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pgserver import PostgresServer, find_binaries


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    binaries = find_binaries()
    if binaries is None:
        reason = ("PostgreSQL is not installed (initdb/pg_ctl of the Debian 'postgresql' "
                  "package): the floor tests need the real engine")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg (psycopg[binary]) is a dependency and is not installed")
    server = PostgresServer(binaries)
    server.start()
    yield server
    server.remove()


@pytest.fixture
def floor_url(pg_server: PostgresServer) -> str:
    """A fresh floor database with the schema (``dealer-station floor init``'s)."""
    from dealer_station.floor import schema
    from dealer_station.floor.config import connect

    if not pg_server.running():  # a test that killed the server and failed left it down
        pg_server.start()
    url = pg_server.create_database("floor")
    with connect(url) as connection:
        schema.init(connection)
    return url
