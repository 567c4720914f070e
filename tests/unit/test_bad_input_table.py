"""Every bad input of issue 20 (item 11), one row each: the real ``dealer-station`` command in a
subprocess exits non-zero with ONE clear line on stderr naming the problem, no traceback, and
nothing is created or stored (a bad table configuration never reaches the database); the
station's Python entry refuses with a ProcedureError instead of a TypeError."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from own_pins import add_account

from dealer_station.procedure import ProcedureError
from dealer_station.resources_path import resource_path
from dealer_station.station import Station

HUGE = "99999999999999999999999"


@dataclass(frozen=True)
class Bad:
    name: str
    argv: tuple[str, ...]
    says: str
    stdin: str = ""


def _files(tmp: Path) -> None:
    (tmp / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp / "deep.toml").write_text("a = " + "[" * 5_000 + "]" * 5_000 + "\n")
    shipped = resource_path("let_it_ride.toml").read_text(encoding="utf-8")
    for name, old, new in (("negative", "minimum = 5 ", "minimum = -5 "),
                           ("nan", "maximum = 500", "maximum = nan"),
                           ("huge", "maximum = 500", f"maximum = {10**23}")):
        assert old in shipped
        (tmp / f"{name}.toml").write_text(shipped.replace(old, new, 1))


ROWS = (
    Bad("settle a file that is not there", ("settle", "missing.json"),
        "dealer-station: missing.json: No such file or directory"),  # not "[Errno 2] …"
    Bad("settle JSON nested 100,000 deep", ("settle", "deep.json"),
        "deep.json: nested more than 64 levels deep"),
    Bad("--config TOML nested 5,000 deep", ("--config", "deep.toml"),
        "deep.toml: nested more than 64 levels deep"),
    Bad("history show a number past any round", ("history", "show", HUGE),
        f"{HUGE} is not a whole number from 1 to 9,223,372,036,854,775,807"),
    Bad("history --limit past any count", ("history", "--limit", HUGE),
        f"{HUGE} is not a whole number from 1 to 100,000"),
    Bad("history --limit negative", ("history", "--limit", "-5"),
        "-5 is not a whole number from 1 to 100,000"),
    Bad("audit --last negative", ("audit", "show", "--last", "-3"),
        "-3 is not a whole number from 1 to 100,000"),
    Bad("slips print a number past any record", ("slips", "print", HUGE, "--by", "S1"),
        f"{HUGE} is not a whole number from 1 to 9,223,372,036,854,775,807"),
    Bad("slips --last negative", ("slips", "show", "--last", "-3"),
        "-3 is not a whole number from 1 to 100,000"),
    Bad("users add with piped stdin and no --pin-stdin",
        ("users", "add", "X1", "--name", "X", "--role", "dealer", "--by", "S1"),
        "with piped input give --pin-stdin", stdin="123456\n111111\n"),
    Bad("dealer's screen: minimum = -5", ("--config", "negative.toml"),
        "not a minimum above zero"),
    Bad("dealer's screen: maximum = nan", ("--config", "nan.toml"),
        "table.maximum: nan is not an amount of money"),
    Bad("dealer's screen: a maximum of 10**23 dollars", ("--config", "huge.toml"),
        "is over $1,000,000,000.00"),
    Bad("sim --seconds -1", ("sim", "--seconds", "-1"), "-1 is not a number of seconds above 0"),
    Bad("sim --seconds 0", ("sim", "--seconds", "0"), "0 is not a number of seconds above 0"),
    Bad("sim --seconds nan", ("sim", "--seconds", "nan"), "nan is not a number of seconds"),
    Bad("sim --seconds 1e400 (forever)", ("sim", "--seconds", "1e400"),
        "1e400 is not a number of seconds above 0 and at most 604,800"),
    Bad("diag --trace-seconds -5", ("diag", "--sim", "let_it_ride", "--trace-seconds", "-5",
                                    "trace"), "-5 is not a number of seconds above 0"),
    Bad("paytable --workers -1", ("paytable", "--game", "let-it-ride", "--workers", "-1"),
        "-1 is not a whole number from 1 to 256"),
)


@pytest.mark.parametrize("bad", ROWS, ids=[row.name for row in ROWS])
def test_bad_input_is_one_clear_line_and_a_non_zero_exit(bad: Bad, tmp_path: Path) -> None:
    _files(tmp_path)
    data = tmp_path / "data"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "dealer_station.cli", "--data-dir", str(data), *bad.argv],
        input=bad.stdin, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    lines = done.stderr.splitlines()
    assert done.returncode != 0, done.stdout
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert bad.says in lines[0]
    assert not (data / "table-1" / "table.sqlite3").exists()  # nothing stored


def test_station_perform_refuses_an_argument_the_action_does_not_take(tmp_path: Path) -> None:
    """``Station.perform("complete_jackpot_record", ..., time="x")`` raised a TypeError from
    the call; the station refuses it with a ProcedureError naming the argument."""
    with Station.open("PG-B", str(tmp_path), game="pai_gow", pin_cost=2**8,
                      settings={"side_wagers": {"offered": ["progressive"]}}) as station:
        station.create_first_supervisor("S1", "Sam", "111111")
        add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
        station.create_meter("progressive", wager="progressive", reset=1_000_000, rate_bp=2100,
                             supervisor="S1", pin="111111")
        station.sign_in("D1", "3333")
        station.start_round()
        with pytest.raises(ProcedureError, match="unexpected keyword argument time"):
            station.perform("complete_jackpot_record", position=1, time="x")
        with pytest.raises(ProcedureError, match="missing a required argument: position"):
            station.perform("complete_jackpot_record")
        assert station.round is not None and len(station.round.history) == 0


def test_a_refused_first_supervisor_on_a_new_table_is_one_line(tmp_path: Path) -> None:
    """`users add` of the first supervisor with a PIN too short, on a data directory no table
    has used yet: one line on stderr. (The store, closed before its first record, also logged
    "tail_not_sealed_at_close … No such file … audit.jsonl" as a JSON line: there was nothing
    to seal.) The same command with a good PIN then creates the supervisor."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    argv = [sys.executable, "-m", "dealer_station.cli", "--data-dir", str(tmp_path), "users",
            "add", "S1", "--name", "First", "--role", "supervisor", "--pin-stdin"]
    done = subprocess.run(argv, input="12\n", capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode != 0
    assert done.stderr.splitlines() == ["dealer-station: a supervisor's PIN is 6 to 12 digits"]
    done = subprocess.run(argv, input="123456\n", capture_output=True, text=True, env=env,
                          timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (
        0, "created the first supervisor S1\n", "")


LATER = (  # on a table that has its first supervisor, run with no terminal and no --pin-stdin
    Bad("archive day-end at an hour that does not exist (before the PIN is asked)",
        ("archive", "day-end", "25:00", "--by", "S1"),
        "a day's end is HH:MM (UTC), not '25:00'"),
    Bad("meters reseed", ("meters", "reseed", "pai_gow_progressive", "--by", "S1"),
        "PINs are asked on a terminal; with piped input give --pin-stdin"),
    Bad("archive keep", ("archive", "keep", "30", "--by", "S1"),
        "PINs are asked on a terminal; with piped input give --pin-stdin"),
    Bad("slips print", ("slips", "print", "1", "--by", "S1"),
        "PINs are asked on a terminal; with piped input give --pin-stdin"),
)


@pytest.mark.parametrize("bad", LATER, ids=[row.name for row in LATER])
def test_a_pin_without_a_terminal_or_a_bad_value_before_it_is_one_line(bad: Bad,
                                                                       tmp_path: Path) -> None:
    """A command that asks a supervisor's PIN, run from a script (no terminal) without
    --pin-stdin: one line saying to give it — Python's getpass printed three lines of warnings,
    the prompt and then "the input ended …". A value the command refuses anyway is refused
    before the PIN is asked (archive day-end 25:00 asked the PIN first)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    cli = [sys.executable, "-m", "dealer_station.cli", "--data-dir", str(tmp_path)]
    subprocess.run([*cli, "users", "add", "S1", "--name", "First", "--role", "supervisor",
                    "--pin-stdin"], input="123456\n", text=True, env=env, timeout=120, check=True,
                   capture_output=True)
    done = subprocess.run([*cli, *bad.argv], input="", capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode != 0, done.stdout
    assert done.stderr.splitlines() == [f"dealer-station: {bad.says}"], done.stderr
