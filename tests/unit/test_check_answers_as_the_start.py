"""``dealer-station --check`` (what the kiosk unit runs before every start) answers exactly as
the start of the dealer's screen does: every configuration the start refuses, ``--check``
refuses with the same reason, and every configuration it accepts, the start opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.check import TableFiles, check_configuration
from dealer_station.station import Station
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.app import check_table_setup

_SIDE = '[side_wagers]\noffered = ["fortune_bonus"]\n'
#: Configurations the start refuses (each one line of TOML added to the game's line).
REFUSED: dict[str, str] = {
    "pai gow unknown section": 'game = "pai_gow"\n[colour]\nfelt = "green"\n',
    "pai gow bonus wagers, none offered":
        'game = "pai_gow"\n[bonus_wagers]\nfortune_letter = "B"\n',
    "pai gow unknown bonus wager setting":
        f'game = "pai_gow"\n{_SIDE}[bonus_wagers]\nfelt = "green"\n',
    "pai gow unknown bonus wagers subtable":
        f'game = "pai_gow"\n{_SIDE}[bonus_wagers.colour]\nfelt = "green"\n',
    "pai gow bonus wagers other list":
        f'game = "pai_gow"\n{_SIDE}[bonus_wagers]\noffered = ["insurance"]\n',
    "pai gow seven positions": 'game = "pai_gow"\n[table]\npositions = 9\n',
    "pai gow rng wager with dice":
        'game = "pai_gow"\n[dealing]\nstarting_position = "dice"\n'
        '[rng_side_wager]\noffered = true\n',
    "pai gow rng odds": 'game = "pai_gow"\n[rng_side_wager]\noffered = true\nodds = "7:1"\n',
    "let it ride nan maximum": '[table]\nmaximum = nan\n',
    "let it ride infinite minimum": '[table]\nminimum = inf\n',
    "let it ride unknown section": '[colour]\nfelt = "green"\n',
    "devices not a table": '[devices]\nshoe = 3\n',
    "device url not text": '[devices.shoe]\nurl = 5\n',
    "floor unknown setting": '[floor]\ncolour = "green"\n',
}
#: Configurations the start accepts.
ACCEPTED: dict[str, str] = {
    "pai gow with its bonus wagers' settings":
        f'game = "pai_gow"\n{_SIDE}[bonus_wagers]\nfortune_letter = "B"\n',
    "let it ride as shipped": "",
    "pai gow as shipped": 'game = "pai_gow"\n',
}


def _start(path: Path, data_dir: Path) -> str | None:
    """What the start of the dealer's screen says of the file: None (it opens) or its reason
    (the command line's check of the file, the station opening, the screen's reading)."""
    try:
        setup = load_table_config(path)
        check_table_setup(setup, str(path))
        station = Station.open("table-1", str(data_dir), game=setup.game, settings=setup.settings,
                               pin_cost=2**8)
        try:
            adapter_for(station.game, station.settings)
        finally:
            station.close()
    except (ValueError, OSError) as error:
        return str(error)
    return None


def _check(path: Path, data_dir: Path) -> str | None:
    result, _found = check_configuration(str(path), TableFiles.find(str(data_dir), "table-1"))
    return None if result.passed else result.detail


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_check_refuses_what_the_start_refuses(name: str, tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(REFUSED[name])
    started = _start(path, tmp_path / "start")
    checked = _check(path, tmp_path / "check")
    assert started is not None, f"{name}: the start accepted it"
    assert checked is not None, f"{name}: --check said OK, the start said {started}"
    assert started.removeprefix(f"{path}: ") in checked or checked in started


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_check_accepts_what_the_start_opens(name: str, tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(ACCEPTED[name])
    assert _start(path, tmp_path / "start") is None
    assert _check(path, tmp_path / "check") is None
