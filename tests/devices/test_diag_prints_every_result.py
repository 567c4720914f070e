"""``dealer-station diag`` prints one line for every result, however many results a test has
(results are never told apart by what Python may reuse), and ``diag ports`` needs no devices."""

from __future__ import annotations

import pytest

from dealer_station.cli import main


@pytest.mark.parametrize("transport", ["usb", "memory"])
def test_every_counters_line_is_printed(
    transport: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for _ in range(3):  # the lost lines depended on which freed objects were reused
        argv = ["diag", "--sim", "pai_gow", "--transport", transport,
                "ports", "identify", "selftest", "counters"]  # fmt: skip
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        identify = [line for line in lines if line.startswith("PASS identify ")]
        selftest = [line for line in lines if line.startswith("PASS selftest ")]
        counters = [line for line in lines if line.startswith("PASS counters ")]
        # pai gow: the shoe, six acceptors and the lockout, on three lines
        assert len(identify) == len(selftest) == 8, lines
        devices = [line for line in counters if " events=" in line]
        links = [line for line in counters if " events=" not in line]
        assert len(devices) == 8 and len(links) == 3, lines
        assert len(set(counters)) == len(counters) == 11


def test_ports_without_a_configuration_lists_what_is_present(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["diag", "ports"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out and all(line.startswith("PASS ports ") for line in out)
    assert any(" usb" in line or "usb://" in line for line in out)  # the USB bus is looked at


def test_other_tests_still_need_devices(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diag", "ports", "identify"]) == 2
    assert "--config FILE, --url URL or --sim GAME" in capsys.readouterr().err
