"""``dealer-station floor init|status|pool|hit`` against a real PostgreSQL server."""

from __future__ import annotations

import subprocess
import sys

from pgserver import PostgresServer


def _cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", *arguments],
                          capture_output=True, text=True, timeout=60)


def test_floor_init_is_versioned_and_idempotent(pg_server: PostgresServer) -> None:
    url = pg_server.create_database("floor_cli")
    first = _cli("init", "--url", url)
    assert first.returncode == 0, first.stderr
    assert "applied 1, 2, 3" in first.stdout
    again = _cli("init", "--url", url)
    assert again.returncode == 0 and "up to date" in again.stdout
    status = _cli("status", "--url", url)
    assert status.returncode == 0
    assert "floor schema version 3 (up to date)" in status.stdout
    assert "0 table(s)" in status.stdout


def test_status_of_an_empty_database_says_to_init(pg_server: PostgresServer) -> None:
    url = pg_server.create_database("floor_empty")
    result = _cli("status", "--url", url)
    assert result.returncode == 2
    assert result.stderr.strip() == ("dealer-station: no floor schema in this database: run "
                                     "'dealer-station floor init'")


def test_unreachable_floor_is_one_line(pg_server: PostgresServer) -> None:
    result = _cli("status", "--url", "postgresql://postgres@127.0.0.1:1/floor")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot be reached" in result.stderr
    assert "Traceback" not in result.stderr


def test_pool_create_show_and_refusals(floor_url: str) -> None:
    created = _cli("pool", "create", "linked", "--reset", "$10,000", "--rate", "2100",
                   "--url", floor_url)
    assert created.returncode == 0, created.stderr
    assert "pool linked (progressive): $10,000.00" in created.stdout
    assert "reconciles" in created.stdout
    twice = _cli("pool", "create", "linked", "--reset", "$1", "--rate", "2100", "--url",
                 floor_url)
    assert twice.returncode == 2 and "exists already" in twice.stderr
    stranger = _cli("pool", "join", "linked", "--table", "T9", "--url", floor_url)
    assert stranger.returncode == 2 and "no table T9 on the floor" in stranger.stderr
