"""5324.41(k): the progressive claims read the open round through the ``ProgressiveRound``
protocol ("a round with a progressive"), not through Pai Gow's class; these tests keep the
protocol and the rounds the games make agreeing."""

from __future__ import annotations

from dealer_station.claims import ProgressiveRound, ProgressiveWagers
from dealer_station.games.let_it_ride.station_round import new_round as new_let_it_ride_round
from dealer_station.games.pai_gow.station_round import new_round as new_pai_gow_round


def _wagers_members() -> set[str]:
    return {name for name in vars(ProgressiveWagers) if not name.startswith("_")}


def test_a_pai_gow_round_offering_the_progressive_is_a_round_with_a_progressive() -> None:
    round_ = new_pai_gow_round({"side_wagers": {"offered": ["progressive"]},
                                "station_round": {"dealer_id": "D1", "round_id": "1"}})
    assert isinstance(round_, ProgressiveRound)
    assert round_.optional is not None
    missing = {name for name in _wagers_members() if not hasattr(round_.optional, name)}
    assert missing == set(), f"the optional wagers lack {missing}"
    assert {"progressive_denomination", "progressive_reset"} <= set(dir(round_.optional.bonus))


def test_a_let_it_ride_round_is_not_a_round_with_a_progressive() -> None:
    assert not isinstance(new_let_it_ride_round({}), ProgressiveRound)


def test_a_pai_gow_round_without_optional_wagers_has_no_progressive_part() -> None:
    round_ = new_pai_gow_round({"game": "pai_gow"})
    assert isinstance(round_, ProgressiveRound)
    assert round_.optional is None
