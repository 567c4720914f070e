"""Issue 19 item 7: the analysis reads without the notes. Let It Ride's paying pair is labelled a
pair of tens or better (5324.34(f)(1)); the progressive's meter rows pay "% of the meter"
((k)(4)); the envy bonus ((l)(3), (m)(2)) and the imperial banker hand bonus ((p)(5)) are not the
player's wagers, so they show the expected payout per hand and who pays it, never a house edge;
the house-way simulation counts rounds, not combinations; the Let It Ride strategy is grouped by
rank pattern. In the command's text and JSON, and on the configuration page's Pai Gow returns."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dealer_station.analysis import runner
from dealer_station.analysis.let_it_ride import bet_one_strategy, strategy_by_rank_pattern
from dealer_station.analysis.pai_gow_census import census
from dealer_station.cli import main
from dealer_station.ui.supervisor.pai_gow_returns import PaiGowReturn


def _blocks(text: str) -> dict[str, str]:
    """The text output's blocks by title line."""
    blocks: dict[str, str] = {}
    for block in text.split("\n\n"):
        title = block.strip().splitlines()[0] if block.strip() else ""
        blocks[title] = block
    return blocks


def test_let_it_ride_pair_is_tens_or_better_and_the_strategy_is_grouped_5324_34_f_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["paytable", "--game", "let-it-ride", "--three-card-table", "D", "--quiet"]
    assert main([*argv, "--json"]) == 0
    base = json.loads(capsys.readouterr().out)["wagers"][0]
    labels = {line["hand"]: line["label"] for line in base["lines"]}
    assert labels["pair"] == "pair of tens or better"
    assert labels["pair_below_tens"] == "pair below tens"
    assert len(base["strategy"]) == 162  # every holding, for machines
    assert base["strategy_summary"] == [
        "bet one rides on three of a kind: every rank",
        "bet one rides on a pair of Ts, Js, Qs, Ks or As with any third card",
        "bet one rides on three of one suit: A K Q, A K J, A K T, A Q J, A Q T, A J T, K Q J, "
        "K Q T, K Q 9, K J T, K J 9, K T 9, Q J T, Q J 9, Q J 8, Q T 9, Q T 8, J T 9, J T 8, "
        "J T 7, J 9 8, T 9 8, T 9 7, T 8 7, 9 8 7, 8 7 6, 7 6 5, 6 5 4 or 5 4 3",
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "pair of tens or better" in text
    assert "bet one rides on 2 2 2" not in text
    assert text.count("bet one rides on") == 3


def test_grouping_by_rank_pattern_leaves_no_holding_out() -> None:
    """Holdings riding in some suit arrangements only are named with the arrangement."""
    lines = strategy_by_rank_pattern(["9 9 9", "T T 4 (T 4 suited)", "J J 2", "J J 2 (J 2 suited)",
                                      "K Q 9 (K Q suited)", "K Q 9 suited", "A 3 2"])
    assert lines == (
        "three of a kind: 9 9 9",
        "a pair of Ts with a 4 (the 4 of one of the Ts' suits)",
        "a pair of Js with a 2",
        "A 3 2 with no two of one suit",
        "K Q 9 with K Q suited or all three of one suit",
    )
    assert callable(bet_one_strategy)


@pytest.fixture
def small_census(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "census", lambda **_: census((8, 9, 10, 11, 12), workers=1))


def test_pai_gow_payments_that_are_not_wagers_meter_shares_and_rounds_5324_41_k_4_l_3_p_5(
        small_census: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["paytable", "--game", "pai-gow", "--fortune-table", "A", "--insurance-table", "A",
            "--seven-card-table", "A", "--trials", "200", "--workers", "1", "--quiet"]
    assert main([*argv, "--json"]) == 0
    wagers: dict[str, Any] = {w["wager"]: w for w in json.loads(capsys.readouterr().out)["wagers"]}
    for name, who in (("envy_bonus", "envy bonus marker"), ("banker_hand_bonus", "imperial")):
        report = wagers[name]
        assert report["house_edge"] is None and who in report["paid_by"]
        assert report["paid_by"].startswith("the house")
        assert report["expected_payout_per_hand"] >= 0
    meter = [line["pays"] for line in wagers["progressive"]["lines"] if "%" in line["pays"]]
    assert meter and all(pays.endswith("% of the meter") for pays in meter)
    simulation = wagers["house_way_player_vs_house_way_dealer"]
    assert simulation["total_rounds"] == 200 and "total_combinations" not in simulation
    assert all("rounds" in line and "combinations" not in line for line in simulation["lines"])
    assert not any("combinations" in note for note in simulation["notes"])
    assert main(argv) == 0
    blocks = _blocks(capsys.readouterr().out)
    envy = blocks["envy bonus, pay table A (not a wager of the player)"]
    banker = blocks["banker hand bonus (not a wager of the player)"]
    for block in (envy, banker):
        assert "house edge" not in block and "expected payout per hand" in block
        assert "paid by the house" in block
    simulated = blocks["house way player vs house way dealer, house way standard"]
    assert "combinations" not in simulated and "total rounds 200" in simulated
    assert "% of the meter" in blocks["progressive"]


def test_configuration_page_says_who_pays_the_envy_and_banker_bonus_5324_41_l_3_p_5() -> None:
    envy = PaiGowReturn("envy_bonus", "A", 0.0463416, True)
    banker = PaiGowReturn("banker_hand_bonus", None, 0.083677, True)
    for line in (envy, banker):
        assert "house edge" not in line.words and "the house pays" in line.words
    assert "$0.0463 per other hand" in envy.words
    assert "8.368\u00a0% of each imperial wager" in banker.words
    assert "house edge 7.766\u00a0%" in PaiGowReturn("fortune_bonus", "A", -0.077656, True).words
