"""One base for every refusal of the rules (issue 15): a procedure refusal and an illegal
configuration of either game are each a ``RuleError`` with the reason and the clause, keep their
own names (so every ``except`` of them still works) and the configuration errors stay
``ValueError``s."""

from __future__ import annotations

import dataclasses

import pytest

from dealer_station.auth import AccessDenied
from dealer_station.errors import RuleError
from dealer_station.games.let_it_ride import LetItRideRound
from dealer_station.games.let_it_ride.config import ConfigError as LetItRideConfigError
from dealer_station.games.let_it_ride.config import default_config as let_it_ride_default
from dealer_station.games.pai_gow.config import ConfigError as PaiGowConfigError
from dealer_station.games.pai_gow.config import default_config as pai_gow_default
from dealer_station.games.pai_gow.wagers.config import BonusConfigError
from dealer_station.procedure import ProcedureError


def test_let_it_ride_table_of_eight_positions_is_refused_as_a_rule_error_5324_34_a_1() -> None:
    with pytest.raises(RuleError) as refused:
        dataclasses.replace(let_it_ride_default(), positions=8)
    assert isinstance(refused.value, LetItRideConfigError) and isinstance(refused.value, ValueError)
    assert refused.value.clause == "5324.34(a)(1)"
    assert refused.value.reason == "a Let It Ride table has seven betting positions, not 8"
    assert str(refused.value) == f"{refused.value.reason} [5324.34(a)(1)]"


def test_pai_gow_table_of_seven_positions_is_refused_as_a_rule_error_5324_41_a_2_i() -> None:
    with pytest.raises(RuleError) as refused:
        dataclasses.replace(pai_gow_default(), positions=7)
    assert isinstance(refused.value, PaiGowConfigError) and isinstance(refused.value, ValueError)
    assert refused.value.clause == "5324.41(a)(2)(i)"
    assert "six betting positions, not 7" in refused.value.reason


def test_a_procedure_refusal_is_a_rule_error_with_its_clause() -> None:
    round_ = LetItRideRound(let_it_ride_default())
    with pytest.raises(RuleError) as refused:
        round_.place_wagers(position=9, bet_one=500, bet_two=500, bet_three=500)
    assert isinstance(refused.value, ProcedureError)
    assert refused.value.reason and refused.value.clause


@pytest.mark.parametrize("kind", [ProcedureError, LetItRideConfigError, PaiGowConfigError,
                                  BonusConfigError, AccessDenied])
def test_every_kind_of_refusal_keeps_its_name_and_is_a_rule_error(kind: type[RuleError]) -> None:
    assert issubclass(kind, RuleError)
    error = kind("reason", "5324.41(d)")
    assert (error.reason, error.clause) == ("reason", "5324.41(d)")
    assert str(error) == "reason [5324.41(d)]"


def test_a_procedure_refusal_is_not_a_configuration_error() -> None:
    """The kinds stay apart: an ``except ConfigError`` does not swallow a procedure refusal."""
    assert not issubclass(ProcedureError, ValueError)
    assert not issubclass(ProcedureError, (LetItRideConfigError, PaiGowConfigError))
