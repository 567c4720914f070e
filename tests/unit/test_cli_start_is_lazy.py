"""Issue 17: a supervisor command that needs no analysis starts at once. ``dealer-station hand``
(and ``history``, ``audit``, ``users``, ``compare``, ``settle``) imports only its own command
module: not numpy, not the analysis, not the other commands; the house way builds no straight
table and the rankings no lookup table for one hand. (The start-up time itself is measured by
``tests/benchmarks/bench_cli_start.py``; tests assert behaviour, not time.)"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
from dealer_station.cli import main
status = main(sys.argv[1:])
from dealer_station.rankings import five_card, pai_gow
loaded = sorted(m for m in sys.modules if m.startswith(("numpy", "dealer_station")))
house_way = sys.modules.get("dealer_station.games.pai_gow.house_way")
print(json.dumps({"status": status, "modules": loaded,
                  "five_card_table": len(five_card._PLAIN),
                  "high_table": sorted(pai_gow._TABLES),
                  "straights": len(house_way._STRAIGHTS) if house_way else None}))
"""


def _probe(*argv: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True,
                          timeout=120, check=False)
    last = done.stdout.strip().splitlines()[-1]
    result: dict[str, object] = json.loads(last)
    return result


@pytest.mark.parametrize("argv", [
    ("hand", "--game", "let-it-ride", "As", "Ks", "Qs", "Js", "Ts"),
    ("hand", "--game", "pai-gow", "As", "Ks", "Qs", "Js", "Ts", "9c", "JK"),
    ("hand", "--game", "three-card", "As", "Ks", "Qs"),
    ("compare", "--game", "pai-gow", "As Ks", "Ad Kd"),
])
def test_a_command_that_needs_no_analysis_loads_no_analysis(argv: tuple[str, ...]) -> None:
    result = _probe(*argv)
    assert result["status"] == 0
    modules = result["modules"]
    assert isinstance(modules, list)
    assert not [m for m in modules if m.startswith(("numpy", "dealer_station.analysis"))]
    commands = {m for m in modules if m.startswith("dealer_station.commands.")}
    assert commands == {f"dealer_station.commands.{argv[0]}"}
    assert "dealer_station.games.pai_gow.round" not in modules
    assert result["five_card_table"] == 0 and result["high_table"] == []
    straights = result["straights"]
    assert straights is None or (isinstance(straights, int) and straights < 32)  # not 8,192


def test_history_on_a_fresh_table_loads_no_analysis(tmp_path: object) -> None:
    result = _probe("--data-dir", str(tmp_path), "history", "list")
    modules = result["modules"]
    assert isinstance(modules, list)
    assert not [m for m in modules if m.startswith(("numpy", "dealer_station.analysis"))]
    commands = {m for m in modules if m.startswith("dealer_station.commands.")
                and not m.rpartition(".")[2].startswith("_")}  # a shared helper is no command
    assert commands == {"dealer_station.commands.history"}


def test_help_still_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_station.cli import command_names, main

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    assert all(name in shown for name in command_names())
    assert len(command_names()) >= 10
