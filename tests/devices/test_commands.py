"""``dealer-station sim`` and ``dealer-station diag``: URLs printed, every technician test run
against a simulated table (and against a configuration file naming PTYs), non-zero exit
with the reason when a test fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tomli_w
from own_pins import own_pin_in_store

from dealer_station.cli import main
from drivers.protocol.codes import FaultCode
from drivers.sim.table import start_simulated_table


def test_sim_prints_urls_and_a_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--game", "pai_gow", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "Simulated pai_gow table (pty)" in out
    assert out.count("/dev/pts/") >= 6  # three lines, each in the listing and the TOML
    assert "[devices.shoe]" in out and "stack_size = 7" in out and "deck_size = 53" in out
    assert "seats = 6" in out


def test_diag_all_passes_on_a_healthy_simulated_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["diag", "--sim", "let_it_ride", "--transport", "memory", "all", "--trace-seconds", "0.1"]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    for test in ("identify", "selftest", "lamps", "sensors", "dispense", "lockout", "counters"):
        assert f"PASS {test}" in out
    assert "FAIL" not in out
    assert " tx addr 01 seq " in out and "POLL reply" in out  # the live decoded trace
    # the shoe and the lockout both answer at address 1, each on its own line: told apart
    assert " shoe      tx addr 01 seq " in out and " lockout   tx addr 01 seq " in out
    assert " acceptors tx addr 10 seq " in out


@pytest.mark.parametrize(
    ("inject", "test", "reason"),
    [
        ("jam", "dispense", "fault: jam"),
        ("misread", "dispense", "misread"),
        ("short-deck", "dispense", "shuffle counted 51 cards, expected 52"),
        ("self-test", "selftest", "self-test failed: indicator"),
        ("unplug-lockout", "identify", "lockout: not connected"),
        ("duplicate", "dispense", "fault: duplicate card"),
        ("late-chip", "sensors", "a chip is already on the acceptor"),
    ],
)
def test_diag_fails_with_the_reason(
    inject: str, test: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["diag", "--sim", "let_it_ride", "--transport", "memory", "--inject", inject, test]
    argv += ["--timeout", "0.02"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert reason in captured.err and f"FAIL {test}" in captured.out


def test_diag_reads_the_devices_from_the_table_configuration(tmp_path: Path) -> None:
    """A separate process opens the PTYs named in a TOML configuration, as on a real table."""
    table = start_simulated_table("let_it_ride", "pty")
    try:
        config = tmp_path / "table.toml"
        config.write_text(tomli_w.dumps({"devices": table.device_table()}))
        table.backdoor.fail_self_test("acceptors", FaultCode.LAMP, seat=4)
        run = subprocess.run(
            [sys.executable, "-m", "dealer_station.cli", "--config", str(config), "diag",
             "identify", "selftest"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert run.returncode == 1, run.stdout + run.stderr
        assert "PASS identify acceptors seat 7" in run.stdout
        assert "FAIL selftest acceptors seat 4: self-test failed: lamp" in run.stdout
        assert "self-test failed: lamp" in run.stderr
    finally:
        table.close()


def test_diag_without_devices_explains(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diag", "identify"]) == 2
    assert "--config FILE, --url URL or --sim GAME" in capsys.readouterr().err


def test_lockout_test_needs_the_dealers_button_pressed() -> None:
    """The lockout test covers the dealer's button (5324.34(d)(2): the lockout that ends the
    bonus wagers): on real devices it prompts and fails with the reason when no press is
    reported; a press is reported and locks the controller by itself, then it is unlocked."""
    from drivers.diagnostics import Diagnostics

    table = start_simulated_table("let_it_ride", "memory")
    try:
        prompts: list[str] = []
        silent = Diagnostics(table.config(timeout=0.05), prompt=prompts.append)
        (outcome,) = silent.check_lockout(button_timeout=0.2)
        silent.close()
        assert not outcome.passed and "lockout button was not reported" in outcome.detail
        assert prompts == ["press the dealer's lockout button"]

        def press(text: str) -> None:
            if "lockout button" in text:
                table.backdoor.press_lockout_button()

        pressing = Diagnostics(table.config(timeout=0.05), prompt=press)
        (outcome,) = pressing.check_lockout(button_timeout=2.0)
        pressing.close()
        assert outcome.passed and "button reported and locks" in outcome.detail, outcome
        assert not table.lockout.locked  # left unlocked after the test
    finally:
        table.close()


def _accounts(data_dir: Path, table: str = "table-1") -> None:
    """A table store with a supervisor S1 (111111), a technician T1 (444444), a dealer D1 (3333)."""
    from dealer_station import auth
    from dealer_station.store.database import Store

    with Store.open(data_dir / table, table) as store:
        boss = auth.create_user(store, "S1", "Sam", "supervisor", "111111", by=None, cost=2**8)
        auth.create_user(store, "T1", "Tess", "technician", "444444", by=boss, cost=2**8)
        auth.create_user(store, "D1", "Dee", "dealer", "3333", by=boss, cost=2**8)
        for user, pin in (("T1", "444444"), ("D1", "3333")):
            own_pin_in_store(store, user, pin, cost=2**8)


def test_diag_lockout_fails_without_a_button_press(tmp_path: Path) -> None:
    """``diag lockout`` on devices named by a configuration (no back door) exits non-zero with
    the reason when nobody presses the button."""
    table = start_simulated_table("let_it_ride", "pty")
    _accounts(tmp_path)
    try:
        config = tmp_path / "table.toml"
        config.write_text(tomli_w.dumps({"devices": table.device_table()}))
        run = subprocess.run(
            [sys.executable, "-m", "dealer_station.cli", "--config", str(config),
             "--data-dir", str(tmp_path), "diag", "lockout", "--button-timeout", "0.3",
             "--technician", "T1", "--pin-stdin"],
            capture_output=True, text=True, timeout=60, input="444444\n",
        )  # fmt: skip
        assert run.returncode == 1, run.stdout + run.stderr
        assert "press the dealer's lockout button" in run.stdout
        assert "lockout button was not reported within 0.3 s" in run.stderr
    finally:
        table.close()


def test_diag_sensor_test_fails_on_a_locked_acceptor(capsys: pytest.CaptureFixture[str]) -> None:
    """5324.34(d)(2): with the bonus wagers locked out a chip placed is reported late and does
    not light; the sensor test says so instead of passing."""
    argv = ["diag", "--sim", "pai_gow", "--transport", "memory", "--inject", "late-chip",
            "sensors", "--timeout", "0.05", "--sensor-timeout", "2"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "FAIL sensors acceptors seat 2: chip reported late: the acceptor is locked" in out


def test_diag_tests_that_move_hardware_are_a_technicians_never_during_a_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only a technician runs diagnostics that move hardware on real devices, and never during
    a round (issue 7, roles); identify and self-test need nobody; each run is audited."""
    import io
    import json

    from dealer_station.station import Station
    from dealer_station.store.database import Store

    _accounts(tmp_path)
    table = start_simulated_table("let_it_ride", "memory")
    config = tmp_path / "table.toml"
    config.write_text(tomli_w.dumps({"devices": table.device_table()}))

    def diag(*argv: str, pin: str = "") -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(pin + "\n"))
        code = main(["--config", str(config), "--data-dir", str(tmp_path), "diag", *argv,
                     "--pin-stdin", "--timeout", "0.05"])
        return code, capsys.readouterr().err

    try:
        assert diag("identify")[0] == 0
        code, err = diag("lamps")
        assert code == 2 and "a technician runs them (--technician ID" in err
        code, err = diag("lamps", "--technician", "D1", pin="3333")
        assert code == 2 and "only a technician may run diagnostics" in err
        code, err = diag("lamps", "--technician", "T1", pin="9999")
        assert code == 2 and "wrong id or PIN" in err
        assert diag("lamps", "--technician", "T1", pin="444444")[0] == 0
        with Station.open("table-1", str(tmp_path), game="let_it_ride") as station:
            station.sign_in("D1", "3333")
            station.start_round()  # a round in progress, as the dealer's screen starts one
        code, err = diag("dispense", "--technician", "T1", pin="444444")
        assert code == 2 and "never run during a round" in err
        assert diag("selftest")[0] == 0  # moves nothing: allowed during a round
        held = Store.open(tmp_path / "table-1", "table-1")  # the dealer's screen is running
        try:
            code, err = diag("lamps", "--technician", "T1", pin="444444")
            assert code == 2 and "stop the dealer's screen first" in err
        finally:
            held.close()
    finally:
        table.close()
    records = [json.loads(line) for line in
               (tmp_path / "table-1" / "audit.jsonl").read_text().splitlines()]
    runs = [(r["actor"], r["data"].get("event"), r["data"].get("failed"))
            for r in records if r["kind"] == "diagnostic"]
    assert runs == [("T1", None, None), ("T1", "finished", False)]


def test_each_seats_sensor_result_is_reported_before_the_next_prompt() -> None:
    """The technician places a chip seat by seat: each seat's PASS or FAIL comes before the
    prompt for the next seat, not all at the end."""
    from drivers.diagnostics import Diagnostics

    table = start_simulated_table("pai_gow", "memory")
    said: list[str] = []

    def prompt(text: str) -> None:
        said.append(text)
        seat = int(text.split("seat ")[1].split(",")[0])
        if seat != 2:  # the chip at seat 2 is never placed
            table.backdoor.place_chip(seat)
            table.backdoor.remove_chip(seat)

    diag = Diagnostics(table.config(timeout=0.05), prompt=prompt,
                       report=lambda outcome: said.append(str(outcome)))
    try:
        outcomes = diag.check_sensors(timeout=0.3)
    finally:
        diag.close()
        table.close()
    assert len(outcomes) == 6 and [o.passed for o in outcomes].count(False) == 1
    assert said[:4] == [
        "place a chip on the acceptor at seat 1, then take it away",
        "PASS sensors acceptors seat 1: chip sensed and removed",
        "place a chip on the acceptor at seat 2, then take it away",
        "FAIL sensors acceptors seat 2: no chip sensed within 0.3 s",
    ]
