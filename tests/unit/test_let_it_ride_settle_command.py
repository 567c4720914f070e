"""``dealer-station settle ROUND.json``: a supervisor recomputes any past round's settlement."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from dealer_station.cards import parse_cards
from dealer_station.cli import main
from dealer_station.games.let_it_ride import LetItRideRound, config_from_mapping
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    deal,
    decide_all,
    settle_round,
)


def finished_round_document() -> dict[str, Any]:
    round_ = LetItRideRound(config_from_mapping({"table": {"dealing": "manual"}}))
    for position in (1, 5):
        round_.place_wagers(position=position, bet_one=1000, bet_two=1000, bet_three=1000)
        round_.acknowledge_bonus(position=position)
    round_.place_three_card_bonus(position=5, amount=500)
    round_.announce_no_more_bets()
    deal(round_, cards_in_dealing_order(
        round_.config.dealing,
        {1: parse_cards("Kc Kd 7h"), 5: parse_cards("4c 6d 9h")}, parse_cards("Ks 2d 3d")))
    decide_all(round_, {5: False})
    round_.turn_community_card()
    decide_all(round_, {})
    round_.turn_community_card()
    settle_round(round_)
    return round_.to_document()


def run_settle(tmp_path: Path, doc: Any, capsys: pytest.CaptureFixture[str]
               ) -> tuple[int, str, str]:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["settle", str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_settle_recomputes_a_let_it_ride_round(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_round_document()
    code, out, _ = run_settle(tmp_path, doc, capsys)
    assert code == 0
    result = json.loads(out)
    assert result["game"] == "let_it_ride" and result["matches"] is True
    assert result["payments"] == doc["payments"]
    assert [(p["position"], p["wager"], p["outcome"], p["amount"]) for p in result["payments"]] \
        == [(5, "bet_one", "return", 0), (5, "bet_two", "collect", 0),
            (5, "bet_three", "collect", 0), (5, "bonus", "collect", 0),
            (5, "three_card_bonus", "collect", 0),
            (1, "bet_one", "pay", 3000), (1, "bet_two", "pay", 3000),  # three kings 3:1
            (1, "bet_three", "pay", 3000), (1, "bonus", "pay", 500)]
    assert result["totals"]["house_result"] == (1000 + 1000 + 100 + 500) - (3 * 3000 + 500)


def test_settle_reports_a_tampered_payment(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_round_document()
    doc["payments"][5]["amount"] = 30_000
    code, out, _ = run_settle(tmp_path, doc, capsys)
    result = json.loads(out)
    assert code == 1 and result["matches"] is False
    assert result["differences"][0]["order"] == 6
    assert result["differences"][0]["recomputed"]["amount"] == 3000


def test_settle_refuses_records_that_do_not_replay(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_round_document()
    doc["records"][0]["arguments"]["bet_two"] = 2000  # unequal wagers: 5324.34(c)(4)
    code, _, err = run_settle(tmp_path, doc, capsys)
    assert code == 2 and "5324.34(c)(4)" in err


def test_settle_refuses_an_illegal_configuration_snapshot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_round_document()
    doc["config"]["base_pay_table"]["flush"] = "7:1"
    code, _, err = run_settle(tmp_path, doc, capsys)
    assert code == 2 and "5324.34(f)(1)" in err


def test_settle_dispatches_pai_gow_to_its_engineers_module(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("dealer_station.games.pai_gow")
    fake.settle_document = lambda doc: {"game": "pai_gow", "matches": True,  # type: ignore
                                        "seen": doc["marker"]}
    monkeypatch.setitem(sys.modules, "dealer_station.games.pai_gow", fake)
    code, out, _ = run_settle(tmp_path, {"game": "pai_gow", "marker": 7}, capsys)
    assert code == 0 and json.loads(out) == {"game": "pai_gow", "matches": True, "seen": 7}


def test_settle_says_clearly_when_pai_gow_settlement_is_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dealer_station.games.pai_gow",
                        types.ModuleType("dealer_station.games.pai_gow"))
    code, _, err = run_settle(tmp_path, {"game": "pai_gow"}, capsys)
    assert code == 2 and "pai_gow settlement is not available" in err


def test_settle_refuses_unknown_games_and_junk(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_settle(tmp_path, {"game": "baccarat"}, capsys)
    assert code == 2 and "unknown game" in err
    code, _, err = run_settle(tmp_path, [1, 2], capsys)
    assert code == 2
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    assert main(["settle", str(path)]) == 2
