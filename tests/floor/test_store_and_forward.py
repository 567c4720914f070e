"""Store-and-forward on the real engine: every journal and audit record of a table reaches
the floor exactly once across floor restarts, dropped connections and a SIGKILL'd station;
the floor witnesses each table's audit-chain head; contributions reach the linked pool once;
the progressive wager is locked out while the floor is away."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import floor_player
from pgserver import PostgresServer

from dealer_station.floor import FloorError, pools
from dealer_station.floor.config import connect
from dealer_station.floor.link import FloorLink, FloorView
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store.database import Store

PLAYER = Path(__file__).parent / "floor_player.py"


def _pool(url: str, tables: list[str]) -> None:
    from dealer_station.floor import tables as floor_tables

    with connect(url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=100_000,
                          rate_bp=2100, actor="S1")
        for number, table in enumerate(tables):
            floor_tables.register(connection, table, f"pre-{number}", "high_card", {})
            connection.execute("UPDATE floor_tables SET station = 'released' WHERE "
                               "table_id = %s", (table,))
            floor_tables.join_pool(connection, "linked", table)


def assert_exactly_once(url: str, station: Station | Store, table: str) -> None:
    """Every journal record and audit record of the station on the floor, once each, the same
    ones; the floor's witnessed head is the station's."""
    store = station.store if isinstance(station, Station) else station
    local = {(r[0], r[1]) for r in store.query("SELECT round_id, sequence FROM records")}
    with connect(url) as connection:
        floor = connection.execute("SELECT round_id, sequence FROM journal_records WHERE "
                                   "table_id = %s", (table,)).fetchall()
        assert len(floor) == len(set(floor))  # (the primary key's promise, checked)
        assert {(int(a), int(b)) for a, b in floor} == local
        count, top = connection.execute("SELECT count(*), max(seq) FROM audit_records WHERE "
                                         "table_id = %s", (table,)).fetchone()
        head = connection.execute("SELECT audit_seq, audit_hash FROM floor_tables WHERE "
                                  "table_id = %s", (table,)).fetchone()
    seq, last = store.audit_state.seq, store.audit_state.hash
    closing = json.loads(store.audit_state.pending[-1])
    if closing["kind"] == "closed":
        # a clean close seals the tail in a record of its own after the floor link stopped:
        # the floor receives it with the records of the station's next start
        seq, last = seq - 1, closing["prev"]
    assert count == top == seq
    assert (head[0], head[1]) == (seq, last)


def _contributions(station: Station | Store) -> dict[int, int]:
    store = station.store if isinstance(station, Station) else station
    return {int(r[0]): int(json_wagered) for r in store.query(
        "SELECT round_id, detail FROM meter_entries WHERE kind = 'contribution'")
        for json_wagered in [__import__("json").loads(r[1])["wagered"]]}


def test_four_tables_forward_everything_once_and_the_pool_reconciles(
        floor_url: str, tmp_path: Path) -> None:
    tables = ["T1", "T2", "T3", "T4"]
    _pool(floor_url, tables)
    opened = [floor_player.open_linked(str(tmp_path), floor_url, t) for t in tables]
    try:
        threads = [threading.Thread(target=floor_player.play, args=(s, 12, n, link))
                   for n, (s, link) in enumerate(opened)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        for station, link in opened:
            floor_player.wait_forwarded(station, link)
        for (station, _link), table in zip(opened, tables, strict=True):
            assert_exactly_once(floor_url, station, table)
        with connect(floor_url) as connection:
            check = pools.reconcile(connection, "linked")
            assert check.ok
            wagered = connection.execute("SELECT table_id, round_id, wagered_cents FROM "
                                         "pool_entries WHERE kind = 'contribution'").fetchall()
        expected = {(t, r, w) for (s, _l), t in zip(opened, tables, strict=True)
                    for r, w in _contributions(s).items()}
        assert {(str(t), int(r), int(w)) for t, r, w in wagered} == expected
        assert check.contributions == sum(w * 2100 // 10000 for _t, _r, w in expected)
    finally:
        for station, link in opened:
            link.stop()
            station.close()


def _wait(predicate: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise TimeoutError("condition not reached")
        time.sleep(0.02)


def test_floor_killed_and_restarted_mid_round_loses_nothing_and_locks_the_progressive(
        floor_url: str, pg_server: PostgresServer, tmp_path: Path) -> None:
    _pool(floor_url, ["T1"])
    with floor_player.linked(str(tmp_path), floor_url, "T1") as (station, link):
        _wait(lambda: link.view.reachable)
        floor_player.play(station, 3, 1, link)
        station.start_round()
        station.perform("place_wager", position=1, wager="ante", amount=500)
        pg_server.kill()  # the floor dies mid-round
        _wait(lambda: not link.view.reachable)
        assert "progressive locked out" in (link.view.progressive_refusal or "")
        with pytest.raises(ProcedureError, match="progressive locked out"):
            station.perform("place_wager", position=1, wager="progressive", amount=100)
        # the rest of the round goes on alone, into the station's own journal
        station.perform("place_wager", position=2, wager="ante", amount=1000)
        station.perform("lock_out")
        for card in ("9S", "KD", "5C"):
            station.perform("deal", card=card)
        station.perform("settle")
        station.perform("collect_cards")
        pg_server.start()
        _wait(lambda: link.view.reachable)
        assert link.view.progressive_refusal is None
        floor_player.wait_forwarded(station, link)
        assert_exactly_once(floor_url, station, "T1")


def test_a_dropped_connection_mid_round_is_made_again_and_nothing_is_doubled(
        floor_url: str, tmp_path: Path) -> None:
    _pool(floor_url, ["T1"])
    views: list[FloorView] = []
    with floor_player.linked(str(tmp_path), floor_url, "T1", views.append) as (station,
                                                                                link):
        _wait(lambda: link.view.reachable)
        station.sign_in("D1", "3333")
        station.start_round()
        station.perform("place_wager", position=1, wager="ante", amount=500)
        seen = len(views)
        sessions = ("SELECT pid FROM pg_stat_activity WHERE application_name LIKE "
                    "'dealer-station%' AND pid <> pg_backend_pid()")
        with connect(floor_url) as admin:  # the floor ends the table's sessions
            old = {row[0] for row in admin.execute(sessions)}
            assert len(old) == 2  # the listener's and the forwarder's
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                          "application_name LIKE 'dealer-station%' AND pid <> "
                          "pg_backend_pid()")
            _wait(lambda: any(not v.reachable for v in views[seen:]))
            # both made again (the forwarder notices at its next batch)
            link.wake()
            _wait(lambda: len({row[0] for row in admin.execute(sessions)} - old) == 2
                  and link.view.reachable)
        lost = [v for v in views[seen:] if not v.reachable]
        assert "progressive locked out: the floor connection was lost" in str(
            lost[0].progressive_refusal)
        floor_player.play(station, 4, 2, link)  # the round goes on, with the progressive
        floor_player.wait_forwarded(station, link)
        assert_exactly_once(floor_url, station, "T1")


def test_a_station_killed_mid_contribution_forwards_everything_once(
        floor_url: str, tmp_path: Path) -> None:
    _pool(floor_url, ["K1"])
    rng = random.Random(1818)
    rounds, kills = 12, 0
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    while True:
        process = subprocess.Popen([sys.executable, str(PLAYER), str(tmp_path), floor_url, "K1",
                                    str(rounds), "7"], stdout=subprocess.PIPE, text=True,
                                   env=env)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        if kills < 3:
            time.sleep(rng.uniform(0.2, 0.8))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                kills += 1
            process.wait(30)
            continue
        assert process.wait(120) == 0
        break
    station = Store.open(tmp_path / "K1", "K1", readonly=True)
    try:
        assert station.query("SELECT COUNT(*) FROM rounds")[0][0] == rounds
        assert_exactly_once(floor_url, station, "K1")
        with connect(floor_url) as connection:
            assert pools.reconcile(connection, "linked").ok
            on_floor = dict(connection.execute(
                "SELECT round_id, wagered_cents FROM pool_entries WHERE kind = "
                "'contribution' AND table_id = 'K1'").fetchall())
        assert {int(k): int(v) for k, v in on_floor.items()} == _contributions(station)
    finally:
        station.close()


def test_the_floor_refuses_a_rolled_back_station(floor_url: str, tmp_path: Path) -> None:
    _pool(floor_url, ["T1"])
    station, link = floor_player.open_linked(str(tmp_path), floor_url, "T1")
    floor_player.play(station, 2, 3, link)
    floor_player.wait_forwarded(station, link)
    link.stop()
    station.close()
    # the station's outbox is restored from an older copy: the floor's witness sees more
    outbox = tmp_path / "T1" / "floor-outbox.sqlite"
    import sqlite3

    with sqlite3.connect(outbox) as db:
        db.execute("UPDATE outbox SET offset = 0, seq = 0, hash = ?", ("0" * 64,))
    audit = tmp_path / "T1" / "audit.jsonl"
    lines = audit.read_text().splitlines(keepends=True)
    audit.write_text("".join(lines[:5]))  # and the audit log cut back (what a restore does)
    views: list[FloorView] = []
    relinked = FloorLink(link.config, tmp_path / "T1", "T1", "high_card",
                         devices={"SHOE-T1": "shoe"}, on_change=views.append)
    relinked.start()
    try:
        _wait(lambda: relinked.view.problem is not None)
        assert "rolled back: the floor witnessed audit record" in str(relinked.view.problem)
        assert "progressive locked out: rolled back" in str(relinked.view.progressive_refusal)
    finally:
        relinked.stop()


def test_pool_terms_wait_for_a_real_member_table_s_round_to_end(
        floor_url: str, tmp_path: Path) -> None:
    _pool(floor_url, ["T1"])
    with floor_player.linked(str(tmp_path), floor_url, "T1") as (station, link), \
            connect(floor_url) as connection:
        station.sign_in("D1", "3333")
        station.start_round()
        round_id = station.round_id
        floor_player.wait_forwarded(station, link)
        with pytest.raises(FloorError, match=rf"in a round now: T1 \(round {round_id}\)"):
            pools.set_terms(connection, "linked", actor="S1", rate_bp=2500)
        floor_player.play(station, 1, 4, link)  # the round is played to its end
        floor_player.wait_forwarded(station, link)
        assert pools.set_terms(connection, "linked", actor="S1", rate_bp=2500).rate_bp == 2500


def test_floor_killed_mid_hit_pays_it_once_after_the_restart(
        floor_url: str, pg_server: PostgresServer) -> None:
    import psycopg

    from dealer_station.floor import tables as floor_tables

    with connect(floor_url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=100_000,
                          rate_bp=2100, actor="S1")
        floor_tables.register(connection, "T1", "s1", "pai_gow", {})
        floor_tables.join_pool(connection, "linked", "T1")
        pools.contribute(connection, "T1", 1, 1_000_000)
        hit = pools.request_hit(connection, "T1", 1, "2", "royal_flush", share_bp=5000)
    holder = connect(floor_url)
    holder.execute("BEGIN")
    holder.execute("SELECT 1 FROM pools WHERE name = 'linked' FOR UPDATE")  # another hit's lock
    failures: list[BaseException] = []

    def decide() -> None:
        try:
            with connect(floor_url) as own:
                pools.decide_hit(own, "linked", hit.order, approve=True, by="S2")
        except BaseException as error:
            failures.append(error)

    thread = threading.Thread(target=decide)
    thread.start()
    _wait(lambda: bool(holder.execute(
        "SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]))
    pg_server.kill()  # the floor dies with the hit's transaction waiting inside it
    thread.join(30)
    assert failures and isinstance(failures[0], psycopg.OperationalError)
    holder.close()
    pg_server.start()
    with connect(floor_url) as connection:
        assert [h.status for h in pools.hits(connection, "linked")] == ["pending"]
        assert pools.pool(connection, "linked").amount_cents == 310_000
        paid = pools.decide_hit(connection, "linked", hit.order, approve=True, by="S2")
        assert paid.amount_cents == 155_000
        with pytest.raises(FloorError, match="nothing is decided twice"):
            pools.decide_hit(connection, "linked", hit.order, approve=True, by="S2")
        assert pools.reconcile(connection, "linked").ok


def test_device_serials_are_registered_as_devices_identify_and_a_serial_is_one_table_s(
        floor_url: str, tmp_path: Path) -> None:
    from dealer_station.floor.config import FloorConfig

    serials = {"SHOE-77": "shoe"}
    (tmp_path / "A").mkdir()
    (tmp_path / "B").mkdir()
    first = FloorLink(FloorConfig(floor_url), tmp_path / "A", "A", "pai_gow",
                      devices=lambda: dict(serials))
    first.start()
    try:
        _wait(lambda: first.view.reachable)
        serials["LOCK-5"] = "lockout"  # the lockout controller identified itself later
        first.wake()
        with connect(floor_url) as connection:
            _wait(lambda: len(connection.execute(
                "SELECT serial FROM floor_devices WHERE table_id = 'A'").fetchall()) == 2)
        second = FloorLink(FloorConfig(floor_url), tmp_path / "B", "B", "pai_gow",
                           devices={"SHOE-77": "shoe"})
        second.start()
        try:
            _wait(lambda: second.view.problem is not None)
            assert second.view.problem == ("device shoe serial SHOE-77 is already at table A "
                                           "on the floor")
            assert "progressive locked out" in str(second.view.progressive_refusal)
        finally:
            second.stop()
    finally:
        first.stop()


def test_a_claim_shown_at_one_table_is_pending_on_every_member_and_paid_once_when_approved(
        floor_url: str, tmp_path: Path) -> None:
    _pool(floor_url, ["T1", "T2"])
    seen: list[FloorView] = []
    with floor_player.linked(str(tmp_path), floor_url, "T1") as (station, link), \
            floor_player.linked(str(tmp_path), floor_url, "T2", seen.append) as (_other, _l2):
        floor_player.play(station, 1, 5, link)
        facts = {"meter": "bonus_progressive", "round": 1, "position": 2, "hand": "royal_flush",
                 "amount": 12_345}
        station.store.audit("claim", {"event": "shown", **facts}, actor="S2", round_id=1)
        link.wake()
        _wait(lambda: bool(seen) and seen[-1].pending == 1)  # PENDING at the other table
        with connect(floor_url) as connection:
            before = pools.pool(connection, "linked").amount_cents
            with pytest.raises(FloorError, match="a claim validated at table T1: its "
                                                 "supervisor decides it there"):
                pools.decide_hit(connection, "linked", 1, approve=False, by="P1",
                                 reason="the pit")
        station.store.audit("claim", {"event": "approved", "reason": "", **facts}, actor="S2",
                            round_id=1)
        link.wake()
        _wait(lambda: seen[-1].pending == 0)
        assert seen[-1].amount_cents == max(before - 12_345, 100_000)
        floor_player.wait_forwarded(station, link)
    with connect(floor_url) as connection:
        paid = pools.hits(connection, "linked")
        assert [(h.table_id, h.status, h.amount_cents, h.pool_before) for h in paid] == [
            ("T1", "paid", 12_345, before)]
        assert pools.reconcile(connection, "linked").ok
        # sent again (a lost cursor): nothing changes
        connection.execute("UPDATE floor_tables SET audit_seq = 0 WHERE table_id = 'T1'")
    import sqlite3

    with sqlite3.connect(tmp_path / "T1" / "floor-outbox.sqlite") as outbox:
        outbox.execute("UPDATE outbox SET offset = 0, seq = 0, hash = ?", ("0" * 64,))
    with floor_player.linked(str(tmp_path), floor_url, "T1") as (station, link):
        floor_player.wait_forwarded(station, link)
        assert_exactly_once(floor_url, station, "T1")
    with connect(floor_url) as connection:
        assert len(pools.hits(connection, "linked")) == 1
        assert pools.reconcile(connection, "linked").ok
