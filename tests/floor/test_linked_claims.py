"""A member table's progressive claim is paid from its floor's linked pool as it stands when
the floor pays it (the amount paid is the one recorded in the jackpot record and printed on the
slip), not from the table's own meter; two tables approving within the same millisecond are
both taken, paid in the floor's hit order, the second from what the first left (after the
house's reseed to the reset); the pool reconciles to the cent. Whole Pai Gow rounds through the
Station (the shipped progressive terms: reset $10,000, 21%), each table's FloorLink forwarding
to a real PostgreSQL."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios"))

from floor_player import wait_forwarded
from test_pai_gow_station_rounds import RESET, first_start, open_station, play_to_validation
from winner_support import WINNER

from dealer_station.claims import Waiting
from dealer_station.floor import pools, tables
from dealer_station.floor.config import FloorConfig, connect
from dealer_station.floor.link import FloorLink, LinkedPool
from dealer_station.procedure import ProcedureError
from dealer_station.slips import slip_lines
from dealer_station.station import Station
from dealer_station.store import meters as meter_store

TABLES = ("PG-A", "PG-B")


def open_linked_station(connection: Any, stack: ExitStack, floor_url: str, tmp_path: Path,
                        table: str) -> tuple[Station, FloorLink]:
    """A Pai Gow station first started at ``table``, joined to pool 'linked' through its own
    floor link and linked meter (closed by ``stack``), D1 on duty."""
    station = first_start(tmp_path / table, table)
    stack.callback(station.close)
    config = FloorConfig(floor_url, "linked")
    link = FloorLink(config, station.store.directory, table, "pai_gow", interval=0.05)
    tables.register(connection, table, link.outbox.station, "pai_gow", {})
    tables.join_pool(connection, "linked", table)
    station.progressive_lock = lambda: link.view.progressive_refusal
    pool = LinkedPool(config, table, lambda: link.view.amount_cents)
    station.linked_meter = pool
    link.start()
    stack.callback(link.stop)
    stack.callback(pool.close_connection)
    station.sign_in("D1", "3333")
    return station, link


@pytest.fixture
def linked_tables(floor_url: str, tmp_path: Path) -> Iterator[list[tuple[Station, FloorLink]]]:
    """Two Pai Gow tables in pool 'linked' (reset $10,000, 21%), D1 on duty at each."""
    with connect(floor_url) as connection, ExitStack() as stack:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=RESET,
                          rate_bp=2100, actor="S9")
        opened = []
        for table in TABLES:
            opened.append(open_linked_station(connection, stack, floor_url, tmp_path, table))
        for _station, link in opened:  # the progressive is locked out until the floor answers
            _reachable(link)
        yield opened


def _reachable(link: FloorLink, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not link.view.reachable:
        assert time.monotonic() < end, f"the floor never answered: {link.view}"
        time.sleep(0.02)


def _show(station: Station, position: int = 5) -> Any:
    assert station.round_id is not None
    return station.show_progressive_claim(station.round_id, position, supervisor="S1",
                                          pin="111111")


def test_two_tables_hitting_in_the_same_millisecond_are_paid_from_the_pool_in_commit_order(
        linked_tables: list[tuple[Station, FloorLink]], floor_url: str) -> None:
    for station, link in linked_tables:
        play_to_validation(station)  # 3 progressive chips: 63 cents to the pool per table
        link.wake()
        wait_forwarded(station, link)
    pool_then = RESET + 2 * 63
    shown = [_show(station) for station, _ in linked_tables]
    for claim in shown:  # 100% of the pool, not of the table's own meter ($10,000.63)
        assert (claim.pool, claim.meter_before, claim.amount, claim.meter_after) == (
            "linked", pool_then, pool_then, RESET)
        assert ("Pool now", "$10,001.26") in claim.lines()
    barrier = threading.Barrier(2)
    outcome: dict[str, Any] = {}

    def approve(station: Station, claim: Any) -> None:
        barrier.wait()
        try:
            outcome[station.store.table] = station.decide_progressive_claim(
                claim, approve=True, winner=WINNER, supervisor="S1", pin="111111")
        except Exception as error:  # the assertion below shows anything but a refusal
            outcome[station.store.table] = error

    threads = [threading.Thread(target=approve, args=(station, claim))
               for (station, _), claim in zip(linked_tables, shown, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    # both approvals are taken at the first try: the hit the floor has first in line is paid
    # at once, the other waits for it (approved, which hit at which table said) or, when its
    # approval came second, is paid in the same stroke from what the first left
    assert not [r for r in outcome.values() if isinstance(r, Exception)], outcome
    with connect(floor_url) as connection:
        in_line = [h.table_id for h in pools.hits(connection, "linked")]
    waited = [t for t, r in outcome.items() if isinstance(r, Waiting)]
    assert set(waited) <= {in_line[1]}
    for t in waited:
        assert f"hit 1 at table {in_line[0]}" in outcome[t].waiting_for
    second = next(s for s, _ in linked_tables if s.store.table == in_line[1])
    made = second.record_floor_payments()  # the worker's next look at the floor
    assert len(made) == len(waited)
    assert second.round is not None
    assert 5 not in [v.position for v in second.round.optional.pending]

    with connect(floor_url) as connection:
        first_table = in_line[0]
        hits = {h.table_id: (h.status, h.pool_before, h.amount_cents, h.pool_after)
                for h in pools.hits(connection, "linked")}
        assert hits == {first_table: ("paid", pool_then, pool_then, RESET),
                        second.store.table: ("paid", RESET, RESET, RESET)}
        paid_in_order = connection.execute(
            "SELECT table_id, amount_cents, balance_cents FROM pool_entries WHERE pool = "
            "'linked' AND kind = 'payment' ORDER BY id").fetchall()
        assert paid_in_order == [(first_table, pool_then, 0),
                                 (second.store.table, RESET, 0)]
        totals = pools.reconcile(connection, "linked")
        # contributions - payments = amount - reset, with the house's two reseeds to the reset
        assert (totals.contributions, totals.payments, totals.amount) == (
            126, pool_then + RESET, RESET)
        reseeds = totals.seeds - RESET  # each hit took the pool to 0: reseeded to $10,000
        assert reseeds == 2 * RESET and totals.ok
        assert totals.contributions - totals.payments == totals.amount - RESET - reseeds
    for station, _ in linked_tables:
        jackpot, = meter_store.jackpots(station.store)
        first = station is not second
        paid = pool_then if first else RESET
        assert (jackpot.amount, jackpot.meter_before, jackpot.meter_after) == (
            paid, paid, RESET)
        slip = "\n".join(slip_lines(jackpot, table=station.store.table, copy=False))
        assert ("$10,001.26" if first else "$10,000.00") in slip
        meter_store.check(station.store)  # the table's own meter: its contributions, unpaid
        assert station.meter("pai_gow_progressive").current == RESET + 63


def test_a_claim_paid_on_the_floor_and_lost_at_the_table_is_shown_and_recorded_once(
        linked_tables: list[tuple[Station, FloorLink]], floor_url: str) -> None:
    """The floor committed the payment, the table's transaction did not (a crash between the
    two commits): shown again, the claim gives the floor's payment, approved it is recorded
    once and the pool pays nothing more."""
    (station, link), _ = linked_tables
    play_to_validation(station)
    wait_forwarded(station, link)
    claim = _show(station)
    assert station.round_id is not None and station.linked_meter is not None
    station.linked_meter.pay(station.round_id, 5, claim.hand, terms=((10000, None),),
                             supervisor="S1")
    again = _show(station)
    assert again.facts() == claim.facts()
    with pytest.raises(ProcedureError, match="the floor's pool has already paid this claim"):
        station.decide_progressive_claim(again, approve=False, supervisor="S1", pin="111111",
                                         reason="cards moved")
    station.decide_progressive_claim(again, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    with connect(floor_url) as connection:
        assert [h.amount_cents for h in pools.hits(connection, "linked")] == [claim.amount]
        assert pools.pool(connection, "linked").amount_cents == RESET
        assert pools.reconcile(connection, "linked").ok
    assert [j.amount for j in meter_store.jackpots(station.store)] == [claim.amount]


def test_an_approval_waiting_when_its_station_stopped_is_recorded_once_after_the_restart(
        linked_tables: list[tuple[Station, FloorLink]], floor_url: str, tmp_path: Path) -> None:
    """PG-A's claim is approved while PG-B's earlier hit is pending: it waits on the floor.
    PG-A's station stops (what it held in memory is lost, the winner's identification with
    it: never written anywhere but the record); PG-B's hit is approved, and the floor pays
    PG-A's in the same transaction, with no station there to record it. Started again, PG-A
    finds the payment on the floor; this payout reaches the reporting threshold, so the
    supervisor shows the claim — the floor's payment — and approves it with the winner's
    identification: recorded once, with the amount the floor paid. The same payout below the
    threshold is recorded by the station alone, as the supervisor who approved it."""
    (station_a, link_a), (station_b, link_b) = linked_tables
    for station, link in ((station_b, link_b), (station_a, link_a)):
        play_to_validation(station)
        link.wake()
        wait_forwarded(station, link)
    claim_b = _show(station_b)
    wait_forwarded(station_b, link_b)  # hit 1: PG-B's, on the floor first
    waits = station_a.decide_progressive_claim(_show(station_a), approve=True, winner=WINNER,
                                               supervisor="S1", pin="111111")
    assert isinstance(waits, Waiting) and waits.waiting_for.startswith("hit 1 at table PG-B")
    pool = station_a.linked_meter
    station_a.close()
    station_b.decide_progressive_claim(claim_b, approve=True, winner=WINNER, supervisor="S2",
                                       pin="222222")
    with connect(floor_url) as connection:
        paid = {h.table_id: h for h in pools.hits(connection, "linked")}
    assert (paid["PG-A"].status, paid["PG-A"].approved_by) == ("paid", "S1")
    again = open_station(tmp_path / "PG-A", "PG-A")
    try:
        again.linked_meter = pool
        assert again.record_floor_payments() == []  # the winner's identification is asked
        again.sign_in("D1", "3333")  # the dealer back on duty at the restarted table
        assert again.round_id is not None
        shown = again.show_progressive_claim(again.round_id, 5, supervisor="S1", pin="111111")
        assert (shown.meter_before, shown.amount) == (paid["PG-A"].pool_before,
                                                      paid["PG-A"].amount_cents)
        made = again.decide_progressive_claim(shown, approve=True, winner=WINNER,
                                              supervisor="S1", pin="111111")
        assert not isinstance(made, Waiting)
        assert again.record_floor_payments() == []  # once
        jackpot, = meter_store.jackpots(again.store)
        assert (jackpot.amount, jackpot.meter_before, jackpot.meter_after, jackpot.supervisor) == (
            paid["PG-A"].amount_cents, paid["PG-A"].pool_before, paid["PG-A"].pool_after, "S1")
    finally:
        again.close()
    with connect(floor_url) as connection:
        assert pools.reconcile(connection, "linked").ok
        assert len(pools.hits(connection, "linked", status="paid")) == 2


def test_below_the_reporting_threshold_a_payment_made_while_the_station_was_away_is_recorded(
        linked_tables: list[tuple[Station, FloorLink]], floor_url: str, tmp_path: Path) -> None:
    """As above, with a reporting threshold the payout does not reach: started again, the
    station records the floor's payment by itself at its first look, once, as the supervisor
    who approved it."""
    (station_a, link_a), (station_b, link_b) = linked_tables
    for station in (station_a, station_b):
        station.change_station_settings({"report_winnings_at": 10**9}, supervisor="S1",
                                        pin="111111")
    for station, link in ((station_b, link_b), (station_a, link_a)):
        play_to_validation(station)
        link.wake()
        wait_forwarded(station, link)
    claim_b = _show(station_b)
    wait_forwarded(station_b, link_b)
    waits = station_a.decide_progressive_claim(_show(station_a), approve=True, supervisor="S1",
                                               pin="111111")
    assert isinstance(waits, Waiting)
    pool = station_a.linked_meter
    station_a.close()
    station_b.decide_progressive_claim(claim_b, approve=True, supervisor="S2", pin="222222")
    with connect(floor_url) as connection:
        paid, = [h for h in pools.hits(connection, "linked") if h.table_id == "PG-A"]
    again = open_station(tmp_path / "PG-A", "PG-A")
    try:
        again.linked_meter = pool
        made, = again.record_floor_payments()
        assert again.record_floor_payments() == []  # once
        assert made.arguments["meter"] == paid.pool_before
        jackpot, = meter_store.jackpots(again.store)
        assert (jackpot.amount, jackpot.meter_before, jackpot.meter_after, jackpot.supervisor) == (
            paid.amount_cents, paid.pool_before, paid.pool_after, "S1")
    finally:
        again.close()
    with connect(floor_url) as connection:
        assert pools.reconcile(connection, "linked").ok


def test_two_approvals_racing_on_the_floor_are_both_taken_and_paid_in_hit_order(
        floor_url: str) -> None:
    """Two approvals of 10% of the pool racing on the floor (the same millisecond): both are
    taken, none refused; each is paid from the pool as it stands at its commit, the second
    from what the first left; asked again, each gives the payment made."""
    with connect(floor_url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=RESET,
                          rate_bp=2100, actor="S9")
        for number, table in enumerate(TABLES):
            tables.register(connection, table, f"station-{number}", "pai_gow", {})
            tables.join_pool(connection, "linked", table)
        pools.contribute(connection, "PG-A", 1, 10_000)
    barrier = threading.Barrier(2)
    results: dict[str, Any] = {}

    def pay(table: str) -> None:
        with connect(floor_url) as mine:
            barrier.wait()
            results[table] = pools.approve_table_claim(
                mine, table, 1, "5", "royal_flush", terms=((1000, None),), by="S1")

    threads = [threading.Thread(target=pay, args=(table,)) for table in TABLES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert set(results) == set(TABLES)
    first, second = sorted((r.paid for r in results.values()), key=lambda h: h.order)
    assert (first.pool_before, first.amount_cents) == (RESET + 2100, 100_210)
    assert first.pool_after == RESET  # $9,010.90 left, topped up to the reset
    assert (second.pool_before, second.amount_cents) == (RESET, 100_000)
    with connect(floor_url) as connection:
        again = pools.approve_table_claim(connection, first.table_id, 1, "5", "royal_flush",
                                          terms=((1000, None),), by="S2")
        assert again.paid == first  # once
        assert pools.reconcile(connection, "linked").ok


def test_while_the_floor_is_away_the_progressive_wager_alone_is_refused(tmp_path: Path) -> None:
    """The floor's link says the progressive is locked out: an acceptor lit (the progressive
    wager, (d)(4)) is refused with the reason; the pai gow wager and the other bonus wagers
    are taken as always; when the floor is back the progressive is taken again."""
    station = first_start(tmp_path, "PG-L")
    try:
        station.sign_in("D1", "3333")
        away: list[str | None] = ["progressive locked out: the floor cannot be reached"]
        station.progressive_lock = lambda: away[0]
        station.start_round()
        station.perform("shuffle")
        station.perform("place_wager", position=5, amount=1000)
        station.perform("place_bonus_wager", position=5, wager="fortune_bonus", amount=500)
        with pytest.raises(ProcedureError, match="progressive locked out: the floor cannot"):
            station.perform("acceptor_lit", position=5)
        with pytest.raises(ProcedureError, match="progressive locked out"):
            station.perform("place_bonus_wager", position=5, wager="progressive", amount=100)
        away[0] = None
        lit = station.perform("acceptor_lit", position=5)
        assert (lit.action, lit.arguments) == ("acceptor_lit", {"position": 5})
        wagers = station.round.optional  # the round's optional wagers
        assert wagers.progressive_wagered == ()  # counted at the light check
        assert 5 in wagers.lockout.lit
    finally:
        station.close()


def test_progressive_wagers_taken_before_the_floor_went_away_are_counted(
        tmp_path: Path) -> None:
    """The floor goes away between the acceptor lighting and the (k)(2) light check: the wager
    was taken, so the light count confirms it and its contribution goes into the table's
    journal (forwarded to the pool when the floor is back); the round goes on. Only a new
    progressive wager is refused."""
    station = first_start(tmp_path, "PG-M")
    try:
        station.sign_in("D1", "3333")
        away: list[str | None] = [None]
        station.progressive_lock = lambda: away[0]
        station.start_round()
        station.perform("shuffle")
        station.perform("place_wager", position=5, amount=1000)
        station.perform("acceptor_lit", position=5)
        station.perform("place_wager", position=3, amount=1000)
        away[0] = "progressive locked out: the floor cannot be reached"
        with pytest.raises(ProcedureError, match="progressive locked out"):
            station.perform("acceptor_lit", position=3)
        station.perform("no_more_bets")
        station.perform("confirm_light_count", chips=1)
        contributions = [e for e in meter_store.entries(station.store, "pai_gow_progressive")
                         if e.kind == "contribution"]
        assert [(e.round_id, e.amount) for e in contributions] == [(1, 21)]  # 21% of $1
    finally:
        station.close()
