"""Bad input gets one clear line: a command that asks for a PIN at a prompt, run without a
terminal and with no input left (a script, cron, `< /dev/null`), says so on one line of stderr
and exits 2 — it printed Python's EOFError traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_a_pin_prompt_whose_input_ends_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station.cli", "--data-dir", str(tmp_path), "meters",
         "create", "m", "--wager", "progressive", "--reset", "10", "--rate", "5", "--by", "S1"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines == ["dealer-station: PINs are asked on a terminal; with piped input give "
                     "--pin-stdin"]
