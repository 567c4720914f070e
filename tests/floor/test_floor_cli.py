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
    assert "applied 1, 2, 3, 4, 5" in first.stdout
    again = _cli("init", "--url", url)
    assert again.returncode == 0 and "up to date" in again.stdout
    status = _cli("status", "--url", url)
    assert status.returncode == 0
    assert "floor schema version 6 (up to date)" in status.stdout
    assert "0 tables, 0 audit records, 0 journal records" in status.stdout


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
    created = _cli("pool", "create", "linked", "--wager", "progressive", "--reset", "$10,000",
                   "--rate", "2100", "--url", floor_url)
    assert created.returncode == 0, created.stderr
    assert "pool linked (progressive): $10,000.00" in created.stdout
    assert "reconciles" in created.stdout
    twice = _cli("pool", "create", "linked", "--wager", "progressive", "--reset", "$1",
                 "--rate", "2100", "--url", floor_url)
    unwagered = _cli("pool", "create", "other", "--reset", "$1", "--rate", "2100", "--url",
                     floor_url)
    assert unwagered.returncode == 2 and "give --wager" in unwagered.stderr
    assert twice.returncode == 2 and "exists already" in twice.stderr
    stranger = _cli("pool", "join", "linked", "--table", "T9", "--url", floor_url)
    assert stranger.returncode == 2 and "no table T9 on the floor" in stranger.stderr


def test_hit_decide_checks_the_supervisor_s_pin_in_one_line(floor_url: str) -> None:
    from dealer_station.floor import pools, tables
    from dealer_station.floor.config import connect

    with connect(floor_url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=100_000,
                          rate_bp=2100, actor="S1")
        tables.register(connection, "T1", "station-1", "pai_gow", {})
        tables.join_pool(connection, "linked", "T1")
        pools.request_hit(connection, "T1", 3, "2", "royal_flush", share_bp=1000)

    def decide(pins: str, *extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "hit",
                               "decide", "linked", "1", "--by", "S9", "--pin-stdin", "--url",
                               floor_url, *extra], input=pins, capture_output=True,
                              text=True, timeout=60)

    added = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "supervisor",
                            "add", "S9", "--name", "Sal Pit", "--pin-stdin", "--url",
                            floor_url], input="919191\n919191\n", capture_output=True, text=True,
                           timeout=60)
    assert added.returncode == 0, added.stderr
    stranger = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor",
                               "supervisor", "add", "S8", "--name", "Sid", "--by", "S9",
                               "--pin-stdin", "--url", floor_url], input="818181\n818181\n000000\n",
                              capture_output=True, text=True, timeout=60)
    assert stranger.returncode == 2 and "wrong id or PIN" in stranger.stderr
    wrong = decide("123456\n", "--approve")
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1
    assert "wrong id or PIN: 3 attempts left" in wrong.stderr  # the stranger's try counted
    assert "Traceback" not in wrong.stderr
    unreasoned = decide("919191\n", "--reject", " ")
    assert unreasoned.returncode == 2 and "needs the reason" in unreasoned.stderr
    paid = decide("919191\n", "--approve")
    assert paid.returncode == 0, paid.stderr
    assert "PAID $100.00" in paid.stdout  # 10% of the $1,000 pool
