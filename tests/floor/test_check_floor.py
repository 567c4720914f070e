"""``dealer-station --check`` with ``[floor]`` configured: a floor line after the others; an
unreachable floor passes with the reason (the table runs alone), a floor behind this program
or the table in another pool than its configuration names fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.floor import pools, tables
from dealer_station.floor.config import connect
from dealer_station.resources_path import resource_path


def _config(tmp_path: Path, url: str, pool: str = "linked") -> str:
    path = tmp_path / "table.toml"
    path.write_text(Path(resource_path("let_it_ride.toml")).read_text()
                    + f'\n[floor]\nurl = "{url}"\npool = "{pool}"\n')
    return str(path)


def _floor_line(tmp_path: Path, config: str, capsys: pytest.CaptureFixture[str]) -> str:
    main(["--data-dir", str(tmp_path / "data"), "--config", config, "--check"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].split(":")[0] == "OK    devices"
    return lines[-1]


def test_an_unreachable_floor_passes_saying_the_table_runs_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = _floor_line(tmp_path, _config(tmp_path, "postgresql://x@127.0.0.1:1/floor"), capsys)
    assert line.startswith("OK    floor: the floor postgresql://x@127.0.0.1:1/floor cannot be "
                           "reached")
    assert line.endswith("the table runs alone, its progressive locked out until the floor "
                         "answers")


def test_a_table_in_another_pool_than_configured_fails(
        floor_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with connect(floor_url) as connection:
        for name in ("linked", "other"):
            pools.create_pool(connection, name, wager="bonus", reset_cents=100_000,
                              rate_bp=2100, actor="S1")
        tables.register(connection, "table-1", "s1", "let_it_ride", {})
        tables.join_pool(connection, "other", "table-1")
    line = _floor_line(tmp_path, _config(tmp_path, floor_url), capsys)
    assert line.startswith("FAIL  floor: table table-1 is in pool other on ")
    assert "its configuration names 'linked'" in line
    ok = _floor_line(tmp_path, _config(tmp_path, floor_url, pool="other"), capsys)
    assert ok.startswith("OK    floor: ") and ok.endswith("pool other")
