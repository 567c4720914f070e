"""5324.34(e)(7), 5324.41(g)(7): a supervisor's void is the round's own journaled record, then the
RETURN lines and the cards. The station takes that way only for a round that is
``procedure.Voidable`` (any other it voids at once), so both shipped games' rounds must be."""

from __future__ import annotations

from dealer_station.games.let_it_ride.station_round import new_round as new_let_it_ride_round
from dealer_station.games.pai_gow.station_round import new_round as new_pai_gow_round
from dealer_station.procedure import Voidable


def test_a_let_it_ride_round_is_voided_by_its_own_record() -> None:
    round_ = new_let_it_ride_round({})
    assert isinstance(round_, Voidable)
    assert round_.is_void is False


def test_a_pai_gow_round_is_voided_by_its_own_record() -> None:
    round_ = new_pai_gow_round({"game": "pai_gow"})
    assert isinstance(round_, Voidable)
    assert round_.is_void is False
