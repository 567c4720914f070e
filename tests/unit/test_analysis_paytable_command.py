"""``dealer-station paytable``: options, JSON types, tables, progress on stderr (issue 11)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dealer_station.analysis import runner
from dealer_station.analysis.pai_gow_census import census
from dealer_station.cli import main

pytest.importorskip("dealer_station.rankings.seven_card")


def _numbers_are_numbers(report: dict[str, Any]) -> None:
    counted = "rounds" if "total_rounds" in report else "combinations"  # simulated or exact
    assert isinstance(report[f"total_{counted}"], int)
    assert isinstance(report["expected_return"], float)
    if "paid_by" in report:  # not the player's wager: an expected payout, no house edge
        assert report["house_edge"] is None
        assert report["expected_payout_per_hand"] == report["expected_return"]
    else:
        assert isinstance(report["house_edge"], float)
        assert report["house_edge"] == pytest.approx(-report["expected_return"])
    for line in report["lines"]:
        assert isinstance(line[counted], int)
        assert isinstance(line["probability"], float)
        assert isinstance(line["contribution"], float)
        assert isinstance(line["pays"], str)
        assert isinstance(line["label"], str)
    assert sum(line[counted] for line in report["lines"]) == report[f"total_{counted}"]


def test_let_it_ride_json(capsys: pytest.CaptureFixture[str]) -> None:
    """5324.34(f)(1), (f)(3), (f)(4): base game, bonus and the chosen three-card table."""
    assert main(["paytable", "--game", "let-it-ride", "--three-card-table", "d", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["game"] == "let-it-ride"
    wagers = [(w["wager"], w["table"]) for w in data["wagers"]]
    assert wagers == [("base_game", None), ("let_it_ride_bonus", None), ("three_card_bonus", "D")]
    for report in data["wagers"]:
        _numbers_are_numbers(report)
    assert data["wagers"][0]["house_edge"] == pytest.approx(0.0351, abs=1e-4)
    assert "100%" in captured.err  # the progress bar, on stderr
    assert all(isinstance(v, float) for v in data["seconds"].values())


@pytest.fixture
def small_census(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pai Gow command over the deck of tens to aces and the joker (116,280 hands): the full
    census belongs to the benchmark."""
    monkeypatch.setattr(
        runner, "census", lambda **_: census((8, 9, 10, 11, 12), workers=1)
    )


def test_pai_gow_json_covers_every_wager(
    small_census: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """5324.41(k)(4), (m), (o), (p): every wager of the chosen tables, and the simulation with
    its confidence interval."""
    argv = ["paytable", "--game", "pai-gow", "--fortune-table", "B", "--insurance-table", "e",
            "--seven-card-table", "A", "--royal-match", "AK", "--trials", "300", "--workers", "1",
            "--json", "--quiet"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data = json.loads(captured.out)
    wagers = [(w["wager"], w["table"]) for w in data["wagers"]]
    assert wagers == [
        ("fortune_bonus", "B"), ("envy_bonus", "B"), ("insurance", "E"),
        ("seven_card_bonus", "A"), ("three_card_bonus", None), ("player_hand_bonus", None),
        ("banker_hand_bonus", None), ("progressive", None),
        ("house_way_player_vs_house_way_dealer", "standard"),
    ]
    for report in data["wagers"]:
        _numbers_are_numbers(report)
    simulation = data["wagers"][-1]
    assert simulation["total_rounds"] == 300
    for line in simulation["lines"]:
        assert line["ci95_low"] <= line["probability"] <= line["ci95_high"]
    low = simulation["figures"]["expected_return_ci95_low"]
    high = simulation["figures"]["expected_return_ci95_high"]
    assert low <= simulation["expected_return"] <= high
    assert data["options"]["royal_match"] == "AK"
    assert data["options"]["trials"] == 300


def test_pai_gow_tables_on_the_terminal(
    small_census: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["paytable", "--game", "pai-gow", "--trials", "0", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.count("fortune bonus, pay table") == 3
    assert out.count("insurance, pay table") == 5
    assert out.count("seven card bonus, pay table") == 2
    assert "house edge" in out and "combinations" in out


def test_options_of_the_other_game_and_unknown_tables_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["paytable", "--game", "let-it-ride", "--fortune-table", "A"]) == 2
    assert "--fortune-table does not apply with --game let-it-ride" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["paytable", "--game", "pai-gow", "--fortune-table", "D"])
    with pytest.raises(SystemExit):
        main(["paytable", "--game", "let-it-ride", "--three-card-table", "G"])
    assert main(["paytable", "--game", "pai-gow", "--house-way", "nosuch", "--quiet"]) == 2
    assert "no house way named 'nosuch'" in capsys.readouterr().err


def test_let_it_ride_configured_pay_tables(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """5324.34(f): a table paying more than the minimum (flush 9:1) is worth more; its own
    three-card table is the one analysed."""
    path = tmp_path / "lir.toml"
    path.write_text('[base_pay_table]\nflush = 9\n[three_card_bonus]\npay_table = "B"\n')
    code = main(["paytable", "--game", "let-it-ride", "--pay-tables", str(path), "--json",
                 "--quiet"])
    out = capsys.readouterr()
    assert code == 0, out.err
    data = json.loads(out.out)
    base = data["wagers"][0]
    assert base["expected_return"] > -0.035057 + 0.0015
    flush = next(line for line in base["lines"] if line["hand"] == "flush")
    assert flush["pays"] == "9:1"
    assert [w["table"] for w in data["wagers"] if w["wager"] == "three_card_bonus"] == ["B"]
    assert data["options"]["pay_tables"] == "configured"
    assert main(["paytable", "--game", "let-it-ride", "--pay-tables", str(path),
                 "--three-card-table", "A"]) == 2


def test_pai_gow_configured_pay_tables(
    small_census: None, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """5324.41(m)(3): a configured insurance table B with a higher nine-high figure, the royal
    match of the configuration."""
    path = tmp_path / "bonus.toml"
    path.write_text(
        'insurance_letter = "B"\nroyal_match = "ace_king"\n'
        '[overrides.insurance]\nnine_high = "500:1"\n'
    )
    assert main(["paytable", "--game", "pai-gow", "--pay-tables", str(path), "--trials", "0",
                 "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    insurance = [w for w in data["wagers"] if w["wager"] == "insurance"]
    assert [w["table"] for w in insurance] == ["B"]
    nine = next(line for line in insurance[0]["lines"] if line["hand"] == "nine_high")
    assert nine["pays"] == "500:1"
    assert data["options"]["royal_match"] == "AK"
    assert len([w for w in data["wagers"] if w["wager"] == "fortune_bonus"]) == 1


@pytest.mark.parametrize(
    "option",
    [["--royal-match", "AK"], ["--house-way", "standard"], ["--trials", "10"], ["--seed", "3"]],
)
def test_pai_gow_options_are_refused_with_let_it_ride(
    capsys: pytest.CaptureFixture[str], option: list[str]
) -> None:
    """5324.41(c)(6)(ii) royal match, the house way and the simulation belong to Pai Gow only:
    given with --game let-it-ride they are refused on one line, not silently ignored."""
    assert main(["paytable", "--game", "let-it-ride", "--quiet", *option]) == 2
    err = capsys.readouterr().err
    assert f"{option[0]} does not apply with --game let-it-ride" in err
    assert len(err.strip().splitlines()) == 1


def test_royal_match_is_refused_beside_a_configuration_file(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The configuration file pre-selects the royal match of 5324.41(c)(6)(ii): a --royal-match
    that the file would silently override is refused."""
    path = tmp_path / "bonus.toml"
    path.write_text("", encoding="utf-8")
    assert main(["paytable", "--game", "pai-gow", "--pay-tables", str(path),
                 "--royal-match", "AK", "--quiet"]) == 2
    assert "--royal-match does not apply with --pay-tables" in capsys.readouterr().err
