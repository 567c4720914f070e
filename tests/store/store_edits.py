"""The tests' edits of a table's database outside the station, and the reads beside it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import crash_player
import pytest

from dealer_station.cli import main
from dealer_station.store.witness import ENV_WITNESS


def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rounds: int) -> Path:
    """The data directory of a Let It Ride table where ``rounds`` rounds were played through
    the station, witnessed outside it."""
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    data = tmp_path / "data"
    crash_player.play(data, rounds, seed=4)
    return data


def rows(database: Path, sql: str) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` on the database at ``database``, opened read-only."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [tuple(row) for row in connection.execute(sql)]
    finally:
        connection.close()


def edit(database: Path, sql: str) -> None:
    """Run ``sql`` on the database at ``database`` and commit (an attacker's edit)."""
    connection = sqlite3.connect(database)
    try:
        connection.execute(sql)
        connection.commit()
    finally:
        connection.close()


def verified(data: Path, table: str) -> None:
    """``audit verify --database`` finds the table's chain and database sound."""
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 table]) == 0


def found_and_refused(data: Path, table: str, round_id: int, capsys: pytest.CaptureFixture[str],
                      *, verify_says: str, reader_says: str,
                      names_the_check: bool = True) -> None:
    """``audit verify --database`` finds the edit (saying ``verify_says``) and ``history
    show`` of the round refuses it in one line on stderr (saying ``reader_says`` and naming
    the check to run)."""
    capsys.readouterr()
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 table]) == 1
    assert verify_says in capsys.readouterr().out
    assert main(["--data-dir", str(data), "history", "show", str(round_id), "--table",
                 table]) == 2
    err = capsys.readouterr().err
    assert reader_says in err and (not names_the_check or "audit verify --database" in err)
    assert len(err.strip().splitlines()) == 1
