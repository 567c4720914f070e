"""The start-up void rule (station setting ``void_interrupted_phases``: a round stopped by a
crash or power cut in a phase listed is voided at the next start, else resumed) is set by a
supervisor on the Configuration page — a box per phase of the game dealt, START-UP RECOVERY —
stored by APPLY as a new configuration version and recorded in the audit trail, like the
game's settings (it had no screen nor command: only the first start's files set it). The
round voided at the restart is walked in test_void_returns_gui.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gui_harness import SUPERVISOR, Table
from test_void_returns_gui import void_phases_on_the_page

from dealer_station import cli
from dealer_station.station_configuration import INTERRUPTIBLE_PHASES
from dealer_station.store.paths import AUDIT_NAME

pytestmark = pytest.mark.gui


def _station_phases(table: Table) -> list[str]:
    found: list[list[str]] = []
    table.window.call(lambda controller: found.append(
        list(controller.station.station_settings["void_interrupted_phases"])))
    table.qtbot.waitUntil(lambda: bool(found), timeout=10_000)
    return found[0]


def test_the_start_up_void_phases_are_ticked_on_the_configuration_page_and_audited(
        qtbot: Any, tmp_path: Any) -> None:
    data = str(tmp_path)
    table = Table(qtbot, data, "pai_gow")
    try:
        table.sign_in_dealer()
        assert _station_phases(table) == []  # shipped: every stopped round resumes
        page = table.window.staff.supervisor.configuration
        words, sideways = void_phases_on_the_page(table, ("starting_position", "deal"))
        assert words.startswith("Applied as configuration version 2"), words
        assert "a round stopped at starting position, deal is voided at the next start" in words
        assert list(page.recovery) == list(INTERRUPTIBLE_PHASES["pai_gow"])
        assert page.recovery["deal"].text() == "void if stopped at deal"
        # one box to a row: the form is never wider than its room (no sideways scrolling)
        assert not sideways
        assert _station_phases(table) == ["starting_position", "deal"]
        # opened again: the boxes as stored; one unticked applies without it
        words, _ = void_phases_on_the_page(table, ("deal",))
        assert words.startswith("Applied as configuration version 3"), words
        assert _station_phases(table) == ["deal"]
        words, _ = void_phases_on_the_page(table, ())
        assert "a stopped round is resumed at the next start, whatever its phase" in words
        assert _station_phases(table) == []
    finally:
        table.close()
    # the audit trail: each change a config record by the supervisor, with the station's rule
    assert cli.main(["--data-dir", data, "audit", "verify"]) == 0
    changes = [record for record in map(json.loads, (tmp_path / "table-1" / AUDIT_NAME)
                                        .read_text().splitlines()) if record["kind"] == "config"]
    assert [(c["actor"], c["data"]["station"]["void_interrupted_phases"]) for c in changes
            if c["actor"] is not None] == [
        (SUPERVISOR, ["starting_position", "deal"]), (SUPERVISOR, ["deal"]), (SUPERVISOR, [])]
