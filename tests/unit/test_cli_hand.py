"""The supervisor's ``hand`` and ``compare`` commands: JSON per game, 5324.34(b) and 5324.41(c)
categories by their snake_case names, comparison per 5324.41(c)(5), one-line errors."""

from __future__ import annotations

import json

import pytest

from dealer_station.cli import build_parser, main
from dealer_station.rankings.five_card import FiveCardCategory
from dealer_station.rankings.pai_gow import PaiGowCategory
from dealer_station.rankings.seven_card import (
    FortuneHand,
    ImperialHand,
    PaiGowHighCard,
    ProgressiveHand,
    SevenCardBonusHand,
)
from dealer_station.rankings.three_card import PaiGowThreeCardCategory, ThreeCardCategory


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["hand", *argv]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_5324_34_b_2_let_it_ride_hand(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_json(capsys, "--game", "let-it-ride", "Th", "td", "4c", "7s", "2h")
    assert result == {
        "game": "let-it-ride",
        "cards": ["Th", "Td", "4c", "7s", "2h"],
        "category": "pair",
        "qualifies": True,
    }
    result = run_json(capsys, "--game", "let-it-ride", "Qh Kd Ac 2s 3h")
    assert result["category"] == "high_card" and result["qualifies"] is False


def test_5324_34_b_3_three_card_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "--game", "three-card", "Ah", "Kh", "Qh")["category"] == "mini_royal"
    assert run_json(capsys, "--game", "three-card", "Kh", "Ad", "2c")["category"] == "high_card"


def test_5324_41_c_pai_gow_hands_of_each_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "--game", "pai-gow", "JK", "Ad")["category"] == "pair"
    three = run_json(capsys, "--game", "pai-gow", "JK", "7h", "8h")
    assert three["category"] == "three_card_straight_flush"  # (o)(1)'s words
    three = run_json(capsys, "--game", "pai-gow", "Ah", "2h", "3h")
    assert three["category"] == "three_card_straight_flush_with_no_joker"
    assert run_json(capsys, "--game", "pai-gow", "JK", "Kh", "Kd")["category"] == "one_pair"
    five = run_json(capsys, "--game", "pai-gow", "As", "Ah", "Ad", "Ac", "JK")
    assert five["category"] == "five_aces" and five["natural"] is False
    royal = run_json(capsys, "--game", "pai-gow", "As Ks Qs Js Ts")
    assert royal["category"] == "royal_flush" and royal["natural"] is True


def test_5324_41_seven_pai_gow_cards_list_bonus_categories(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """For seven cards: the best five-card hand and every bonus category that applies."""
    result = run_json(capsys, "--game", "pai-gow", "As", "Ks", "Qs", "Js", "Ts", "Ah", "Kh")
    assert result["category"] == "royal_flush"
    assert result["three_card_bonus"] == "three_card_straight_flush_with_no_joker"
    assert "royal_flush" in result["bonus_categories"]  # type: ignore[operator]
    assert "natural_royal_flush" in result["bonus_categories"]  # type: ignore[operator]
    bonus = result["bonus_by_wager"]
    assert isinstance(bonus, dict)
    assert bonus["three_card_bonus"] == ["three_card_straight_flush_with_no_joker"]
    assert bonus["fortune"][0] == "royal_flush"
    assert "royal_flush_plus_royal_match" not in bonus["fortune"]
    assert bonus["progressive"][0] == "natural_royal_flush"
    assert bonus["insurance"] == [] and bonus["imperial_banker"] == []
    result = run_json(
        capsys, "--game", "pai-gow", "--royal-match", "ace_king", "As Ks Qs Js Ts Ah Kh"
    )
    assert result["bonus_by_wager"]["fortune"][0] == "royal_flush_plus_royal_match"  # type: ignore[index]
    assert "royal_flush_plus_royal_match" in result["bonus_categories"]  # type: ignore[operator]
    result = run_json(capsys, "--game", "pai-gow", "2h 3d 4c 6s 7h 8d Jc")
    assert result["category"] == "high_card"
    assert result["bonus_by_wager"]["insurance"] == ["jack_high"]  # type: ignore[index]
    assert result["bonus_by_wager"]["imperial_banker"] == ["jack_high"]  # type: ignore[index]
    assert result["three_card_bonus"] == "three_card_straight"  # 2-3-4, the first three cards
    assert result["bonus_categories"] == ["jack_high", "three_card_straight"]


def test_5324_41_c_4_wheel_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "pai-gow", "Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h"]) == 0
    assert capsys.readouterr().out.strip() == "higher"
    argv = ["compare", "--game", "pai-gow", "--wheel-lowest", "Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h"]
    assert main(argv) == 0
    assert capsys.readouterr().out.strip() == "lower"


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("As Ah Ad Ac JK", "As Ks Qs Js Ts", "higher"),  # five aces over a royal flush
        ("Ah Kd Qc Js 9h", "Ah Kd Qc Js 9h", "copy"),
        ("As Ah Kd Kc", "Qs Qh", None),  # four cards: neither a high nor a low hand
        ("Ah Ad Kc Qs 2h", "Ac As Kd Qh 2c", "copy"),
        ("Ah Ad Kc Qs 3h", "Ac As Kd Qh 2c", "higher"),
        ("2c 2d", "Ac Kd", "higher"),
        ("JK Kd", "Ac Kh", "copy"),
        ("Qc Jd", "Qh Ks", "lower"),
    ],
)
def test_5324_41_c_5_compare(
    capsys: pytest.CaptureFixture[str], first: str, second: str, expected: str | None
) -> None:
    status = main(["compare", "--game", "pai-gow", first, second])
    captured = capsys.readouterr()
    if expected is None:
        assert status == 2 and "expected 2 or 5 cards" in captured.err
    else:
        assert status == 0 and captured.out.strip() == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "--game", "let-it-ride", "As", "Ks", "Qs", "Js", "JK"],
        ["hand", "--game", "let-it-ride", "As", "Ks", "Qs", "Js"],
        ["hand", "--game", "let-it-ride", "As", "As", "Qs", "Js", "Ts"],
        ["hand", "--game", "three-card", "1s", "Ks", "Qs"],
        ["hand", "--game", "pai-gow", "As", "Ks", "Qs", "Js"],
        ["compare", "--game", "pai-gow", "As Kd", "Ac Kh Qd Js 9c"],
        ["compare", "--game", "pai-gow", "As Kd Qc", "Ac Kh Qd"],
    ],
)
def test_invalid_input_exits_non_zero_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "--game", "baccarat", "As"],
        ["hand", "As", "Ks", "Qs", "Js", "Ts"],
        ["hand", "--game", "let-it-ride"],
        ["compare", "--game", "let-it-ride", "As Ks Qs Js Ts", "Ac Kc Qc Jc Tc"],
        ["compare", "--game", "pai-gow", "As Ks Qs Js Ts"],
    ],
)
def test_wrong_game_or_missing_arguments_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_help_lists_every_category_name() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "command")
    text = subparsers.choices["hand"].format_help()  # type: ignore[attr-defined]
    enums = [
        FiveCardCategory,
        ThreeCardCategory,
        PaiGowCategory,
        PaiGowThreeCardCategory,
        FortuneHand,
        SevenCardBonusHand,
        ImperialHand,
        ProgressiveHand,
        PaiGowHighCard,
    ]
    for enum in enums:
        for member in enum:
            assert member.value in text, member


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "--game", "pai-gow", "Ah Ad", "Kh Kd", "Qh Qd"],
        ["hand", "--game", "pai-gow", "--royal-match", "queen_jack", "As", "Ks"],
        ["hand", "--no-such-option", "--game", "let-it-ride", "As Ks Qs Js Ts"],
        ["no-such-command"],
    ],
)
def test_usage_mistakes_are_one_line_errors_too(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """An extra hand, an unknown option or choice: exit 2, one line on stderr, no usage block."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "error:" in captured.err and "usage:" not in captured.err


def test_5324_41_p_5_imperial_banker_lists_only_jack_ten_nine_high(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An ace-high pai gow pays the insurance wager ((m)(3)) but no banker hand bonus ((p)(5):
    jack, 10 or 9 high only)."""
    result = run_json(capsys, "--game", "pai-gow", "Ac Kd 9h 7s 4c 3d 2h")
    bonus = result["bonus_by_wager"]
    assert isinstance(bonus, dict)
    assert bonus["insurance"] == ["ace_high"] and bonus["imperial_banker"] == []
    result = run_json(capsys, "--game", "pai-gow", "Tc 7d 5h 4s 3c 2d 9h")
    assert result["bonus_by_wager"]["imperial_banker"] == ["ten_high"]  # type: ignore[index]


def test_5324_41_c_6_ii_royal_match_spelled_as_for_paytable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--royal-match AK`` (paytable's spelling) is ``ace_king``: a natural royal with an extra
    suited ace and king is a royal flush plus royal match under option (b) only."""
    for option in ("AK", "ak", "ace_king"):
        result = run_json(capsys, "--game", "pai-gow", "--royal-match", option,
                          "As Ks Qs Js Ts Ah Kh")
        assert result["bonus_by_wager"]["fortune"][0] == "royal_flush_plus_royal_match"  # type: ignore[index]
    result = run_json(capsys, "--game", "pai-gow", "--royal-match", "KQ", "As Ks Qs Js Ts Ah Kh")
    assert "royal_flush_plus_royal_match" not in result["bonus_categories"]  # type: ignore[operator]


@pytest.mark.parametrize("option", [["--wheel-lowest"], ["--royal-match", "AK"]])
@pytest.mark.parametrize("game", ["let-it-ride", "three-card"])
def test_pai_gow_options_refused_for_other_games(
    capsys: pytest.CaptureFixture[str], option: list[str], game: str
) -> None:
    """The 5324.41(c)(4) and (c)(6)(ii) options belong to Pai Gow: refused on one line."""
    cards = ["As", "Ks", "Qs", "Js", "Ts"] if game == "let-it-ride" else ["As", "Ks", "Qs"]
    assert main(["hand", "--game", game, *option, *cards]) == 2
    err = capsys.readouterr().err
    assert f"{option[0]} applies to --game pai-gow only" in err
    assert len(err.strip().splitlines()) == 1
