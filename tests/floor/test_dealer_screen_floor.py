"""The dealer's screen with ``[floor]`` in the table configuration (the shipped Pai Gow
configuration plus the floor): the linked pool's amount on the felt's meter, the progressive
locked out (the lockout controller) with the reason while the table is not in its pool or the
floor is away, and the devices put back when the floor returns."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from own_pins import add_account
from pgserver import PostgresServer

from dealer_station.floor import pools
from dealer_station.floor.config import connect
from dealer_station.hardware import LOCKOUT_OFF, LOCKOUT_ON, Hardware
from dealer_station.resources_path import resource_path


def _wait(predicate: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "condition not reached"
        time.sleep(0.02)


def _acceptors_locked(controller: Any) -> set[bool]:
    return {a.locked for a in controller.simulation.backdoor.state().acceptors}


def _lockout_locked(controller: Any) -> bool:
    return bool(controller.simulation.backdoor.state().lockout_locked)


def test_the_progressive_alone_is_locked_out_while_the_floor_is_away(
        floor_url: str, pg_server: PostgresServer, tmp_path: Path) -> None:
    """The felt shows the linked pool; while the table is not in its pool or the floor is away
    the progressive's acceptors are held locked (a chip placed is late and does not light)
    and the lockout controller is left to the round (bets stay open for the other wagers);
    when the floor returns each acceptor is back to the lock it had, or the one the lockout
    controller asked for meanwhile."""
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller

    config = tmp_path / "table.toml"
    shipped = Path(resource_path("pai_gow.toml")).read_text()
    config.write_text(shipped.replace("\noffered = []", '\noffered = ["progressive"]', 1)
                      + f'\n[floor]\nurl = "{floor_url}"\npool = "linked"\n')
    with connect(floor_url) as connection:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=1_000_000,
                          rate_bp=2100, actor="S1")
    controller = build_controller(load_table_config(config), str(tmp_path / "data"),
                                  transport="memory", table="PG-7")
    asked: list[str] = []
    hardware = controller._hardware

    def recording(requirement: Hardware) -> None:
        asked.append(str(requirement))
        hardware(requirement)

    controller._hardware = recording
    try:
        _wait(lambda: controller.floor.problem is not None)
        assert "not a member of pool 'linked'" in controller.snapshot().step.notes[-1]
        _wait(lambda: _acceptors_locked(controller) == {True})
        assert not _lockout_locked(controller)  # bets open: the other wagers go on
        joined = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "pool",
                                 "join", "linked", "--table", "PG-7", "--url", floor_url],
                                capture_output=True, text=True, timeout=60)
        assert joined.returncode == 0, joined.stderr
        _wait(lambda: controller.floor.progressive_refusal is None)
        _wait(lambda: _acceptors_locked(controller) == {False})
        table = controller.snapshot().table
        assert (table.meter, table.meter_note) == (1_000_000, "LINKED")
        assert not any(r.startswith("lockout") for r in asked)  # the floor never drove it

        asked.clear()
        pg_server.kill()
        _wait(lambda: not controller.floor.reachable)
        snapshot = controller.snapshot()
        assert snapshot.table.lockout_note == "progressive locked: no floor"
        assert snapshot.table.meter_note == "LAST KNOWN"
        assert any(note.startswith("Progressive locked out: the floor") for note in
                   snapshot.step.notes)
        assert asked == ["acceptors_held"]
        _wait(lambda: _acceptors_locked(controller) == {True})
        assert not _lockout_locked(controller)
        controller.simulation.backdoor.place_chip(3)  # late: refused by the acceptor itself
        seat_3 = controller.simulation.backdoor.state().acceptors[2]
        assert (seat_3.seat, seat_3.chip_present, seat_3.light) == (3, True, "OFF")
        controller.simulation.backdoor.remove_chip(3)
        # the round's own lockout goes on meanwhile: the controller locks and unlocks, the
        # acceptors stay held
        controller._drive_hardware((LOCKOUT_ON,))
        _wait(lambda: _lockout_locked(controller))
        controller._drive_hardware((LOCKOUT_OFF,))
        _wait(lambda: not _lockout_locked(controller))
        time.sleep(0.3)
        assert _acceptors_locked(controller) == {True}
        controller._drive_hardware((LOCKOUT_ON,))  # what the acceptors must come back to
        _wait(lambda: _lockout_locked(controller))
        pg_server.start()
        _wait(lambda: controller.floor.reachable)
        assert asked[-1] == "acceptors_released"
        time.sleep(0.3)
        assert _acceptors_locked(controller) == {True} and _lockout_locked(controller)
        controller._drive_hardware((LOCKOUT_OFF,))
        _wait(lambda: _acceptors_locked(controller) == {False})
        assert not _lockout_locked(controller)
    finally:
        controller.close()


def test_an_approval_at_the_dealers_screen_waits_for_the_earlier_hit_then_is_recorded(
        floor_url: str, tmp_path: Path) -> None:
    """5324.41(k)(6) through the dealer's screen of a linked table (the shipped Pai Gow
    configuration plus the floor): a supervisor approves the progressive payout at the
    dealer's screen while table PG-X's earlier hit is pending; the screen says which hit at
    which table it waits for (a notice, not a refusal); when PG-X's hit is approved on the
    floor both are paid in hit order, and the table's worker records the payment by itself,
    with the amount the floor paid, as the supervisor who approved it."""
    from dealer_station.floor import tables
    from dealer_station.games.pai_gow.actions import ApproveProgressive
    from dealer_station.preview.demo import play_pai_gow_to_validation
    from dealer_station.store import meters as meter_store
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller

    config = tmp_path / "table.toml"
    shipped = Path(resource_path("pai_gow.toml")).read_text()
    config.write_text(shipped.replace("\noffered = []", '\noffered = ["progressive"]', 1)
                      + f'\n[floor]\nurl = "{floor_url}"\npool = "linked"\n')
    controller = build_controller(load_table_config(config), str(tmp_path / "data"),
                                  transport="memory", table="PG-7")
    try:
        station = controller.station
        terms = station.configured_meter_terms()
        assert terms is not None
        with connect(floor_url) as connection:
            pools.create_pool(connection, "linked", wager="progressive",
                              reset_cents=terms.reset, rate_bp=terms.rate_bp, actor="S9")
            _wait(lambda: controller.floor.problem is not None)  # registered, not a member
            tables.join_pool(connection, "linked", "PG-7")
            tables.register(connection, "PG-X", "station-x", "pai_gow", {})
            tables.join_pool(connection, "linked", "PG-X")
            with connection.transaction():  # PG-X's claim shown to its supervisor: hit 1
                pools.table_claim_in(connection, "PG-X", 8, "2", "royal_flush", 1000,
                                     event="shown", by="S7")
        _wait(lambda: controller.floor.progressive_refusal is None)
        station.create_first_supervisor("S1", "Sam Super", "111111")
        add_account(station, "D1", "Dee Dealer", "dealer", "3333", supervisor="S1",
                    pin="111111")
        station.create_meter("pai_gow_progressive", wager=terms.wager, reset=terms.reset,
                             rate_bp=terms.rate_bp, supervisor="S1", pin="111111")
        # a casino whose reporting threshold this payout does not reach (above it the
        # winner's identification is entered on the supervisor's screen, not here)
        station.change_station_settings({"report_winnings_at": 10**9}, supervisor="S1",
                                        pin="111111")
        station.sign_in("D1", "3333")
        play_pai_gow_to_validation(station, {5: "As Ks Qs Js Ts 9c 9d",
                                             3: "6c 6d 2d 3c 5d Qh Jc",
                                             "dealer": "Kc Kd 9h 7s 4c 3d Th"})
        assert controller.supervise(ApproveProgressive(position=5), "S1", "111111")
        assert controller.message == ""
        assert controller.notice.startswith("Approved by S1: position 5 is paid from the pool "
                                            "as it stands when hit 1 at table PG-X (round 8, "
                                            "position 2) is decided"), controller.notice
        assert meter_store.jackpots(station.store) == []
        with connect(floor_url) as connection:
            pools.approve_table_claim(connection, "PG-X", 8, "2", "royal_flush",
                                      terms=((1000, None),), by="S7")
            ours, = [h for h in pools.hits(connection, "linked") if h.table_id == "PG-7"]
        assert ours.status == "paid"
        _wait(lambda: bool(meter_store.jackpots(station.store)))  # the floor's NOTIFY: recorded
        jackpot, = meter_store.jackpots(station.store)
        assert (jackpot.amount, jackpot.meter_before, jackpot.meter_after, jackpot.supervisor) == (
            ours.amount_cents, ours.pool_before, ours.pool_after, "S1")
        with connect(floor_url) as connection:
            assert pools.reconcile(connection, "linked").ok
    finally:
        controller.close()
