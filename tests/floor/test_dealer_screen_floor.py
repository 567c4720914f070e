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
