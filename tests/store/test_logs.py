"""Diagnostics (structlog) apart from the audit trail; the game registry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from station_helpers import play_round

from dealer_station import logs
from dealer_station.station import Station, game_factory


@pytest.fixture(autouse=True)
def restore_logging() -> object:
    yield
    logs.configure("production", force=True)


def test_production_logs_are_json_lines_with_table_round_and_device(
        station: Station, tmp_path: Path) -> None:
    out = io.StringIO()
    logs.configure("production", stream=out, force=True)
    station._log = logs.get_logger("dealer_station.station")
    station.sign_in("D1", "3333")
    play_round(station)
    station.record_device_event("shoe", "fault", code="jam")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    started = next(line for line in lines if line["event"] == "round_started")
    assert started["table"] == "T1" and started["round"] == 1 and started["dealer"] == "D1"
    fault = next(line for line in lines if line["event"] == "device_event")
    assert fault["device"] == "shoe" and fault["code"] == "jam" and "round" not in fault
    # Diagnostics never reach the audit trail, and the audit trail is not a log stream.
    audit_text = (tmp_path / "T1" / "audit.jsonl").read_text()
    assert "round_started" not in audit_text and '"level"' not in audit_text


def test_driver_warnings_through_the_standard_library_are_json_lines_too() -> None:
    """The device drivers log with the standard library; in production those lines are JSON
    objects like every other (level, logger, bound context), not bare text in the stream."""
    import logging

    out = io.StringIO()
    logs.configure("production", stream=out, force=True)
    with logs.bound(table="T4"):
        logging.getLogger("drivers.manager").warning("acceptors not locked (%s)", "offline")
    (line,) = [json.loads(text) for text in out.getvalue().splitlines()]
    assert line["event"] == "acceptors not locked (offline)" and line["level"] == "warning"
    assert line["logger"] == "drivers.manager" and line["table"] == "T4"
    logs.configure("production", stream=io.StringIO(), force=True)  # replaces, never adds
    handlers = [h for h in logging.getLogger().handlers if type(h).__name__ == "_StdlibHandler"]
    assert len(handlers) == 1


def test_development_logs_are_readable_console_lines() -> None:
    out = io.StringIO()
    assert logs.configure("development", stream=out, force=True) == "development"
    with logs.bound(table="T9"):
        logs.get_logger("t").info("hello", device="shoe")
    text = out.getvalue()
    assert "hello" in text and "table" in text and "T9" in text and not text.startswith("{")


def test_configured_once() -> None:
    logs.configure("production", stream=io.StringIO(), force=True)
    assert logs.configure("development") == "production"
    with pytest.raises(ValueError):
        logs.configure("verbose", force=True)


def test_unknown_games_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        game_factory("baccarat")
    assert callable(game_factory("let_it_ride"))
