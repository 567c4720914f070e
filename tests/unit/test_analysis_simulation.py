"""House-way player against house-way dealer by simulation, 5324.41(g)(5)-(8)."""

from __future__ import annotations

import pytest

from dealer_station.analysis.house_way_simulation import (
    HouseWayResult,
    play,
    simulate,
    simulate_report,
)
from dealer_station.cards import parse_cards

pytest.importorskip("dealer_station.rankings.pai_gow")


def test_copy_hands_go_to_the_dealer() -> None:
    """5324.41(g)(5)(ii): the same ranks on both sides are copies, and the player loses."""
    player = parse_cards("As Kd 9c 7h 5s 3d 2c")
    dealer = parse_cards("Ah Ks 9d 7c 5h 3c 2d")
    assert play(player, dealer, "standard") == -1


def test_win_and_push() -> None:
    """5324.41(g)(6)-(7): both hands higher wins; one higher and one lower pushes."""
    strong = parse_cards("As Ad Kc Kd Qs Qh 2c")
    weak = parse_cards("3s 4d 6c 8h 9s Jd 7c")
    assert play(strong, weak, "standard") == 1
    assert play(weak, strong, "standard") == -1
    higher, not_higher = (lambda a, b: True), (lambda a, b: False)
    assert play(weak, strong, "standard", (higher, not_higher)) == 0
    assert play(weak, strong, "standard", (not_higher, higher)) == 0
    assert play(weak, strong, "standard", (higher, higher)) == 1
    assert play(strong, weak, "standard", (not_higher, not_higher)) == -1


def test_same_seed_same_result_whatever_the_processes() -> None:
    one = simulate("standard", 2_500, seed=7, workers=1)
    two = simulate("standard", 2_500, seed=7, workers=2)
    assert one == two
    assert one.wins + one.pushes + one.losses == 2_500
    assert simulate("standard", 2_500, seed=8, workers=1) != one


def test_confidence_intervals() -> None:
    result = HouseWayResult(100_000, 28_600, 41_500, 29_900)
    p, low, high = result.interval(result.wins)
    assert low < p < high and high - low == pytest.approx(2 * 1.96 * (0.286 * 0.714 / 1e5) ** 0.5,
                                                          rel=1e-3)
    mean, low, high = result.expected_return()
    assert mean == pytest.approx(0.95 * 0.286 - 0.299)
    assert low < mean < high


def test_report_lines_carry_the_interval() -> None:
    report = simulate_report("standard", 400, seed=3, workers=1)
    assert [line.hand for line in report.lines] == ["player_wins", "push", "player_loses"]
    assert sum(line.combinations for line in report.lines) == 400
    for line in report.lines:
        assert line.extra["ci95_low"] <= line.probability <= line.extra["ci95_high"]
    with pytest.raises(ValueError):
        simulate("standard", 0)
