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
from dealer_station.hardware import Hardware
from dealer_station.resources_path import resource_path


def _wait(predicate: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "condition not reached"
        time.sleep(0.02)


def test_the_felt_shows_the_pool_and_the_progressive_is_locked_while_the_floor_is_away(
        floor_url: str, pg_server: PostgresServer, tmp_path: Path) -> None:
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller

    config = tmp_path / "table.toml"
    config.write_text(Path(resource_path("pai_gow.toml")).read_text()
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
        joined = subprocess.run([sys.executable, "-m", "dealer_station.cli", "floor", "pool",
                                 "join", "linked", "--table", "PG-7", "--url", floor_url],
                                capture_output=True, text=True, timeout=60)
        assert joined.returncode == 0, joined.stderr
        _wait(lambda: controller.floor.progressive_refusal is None)
        assert "lockout_off" in asked  # put back as the step needs (no round: bets open)
        table = controller.snapshot().table
        assert (table.meter, table.meter_note) == (1_000_000, "LINKED")
        asked.clear()
        pg_server.kill()
        _wait(lambda: not controller.floor.reachable)
        snapshot = controller.snapshot()
        assert snapshot.table.lockout_note == "no floor"
        assert snapshot.table.meter_note == "LAST KNOWN"
        assert any(note.startswith("Progressive locked out: the floor") for note in
                   snapshot.step.notes)
        assert asked == ["lockout_on"]
        controller.restore_devices()  # a step's own lockout_off waits for the floor
        assert asked == ["lockout_on"]
        pg_server.start()
        _wait(lambda: controller.floor.reachable)
        assert asked[-1] == "lockout_off"
    finally:
        controller.close()
