"""One Pai Gow round class (issue 15): the optional wagers of 5324.41(k)-(p) are a part the round
holds, their actions the round's own, refused with the clause at a table that offers none."""

from __future__ import annotations

import pytest

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.config import PaiGowConfig, config_from_mapping
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig, BonusConfigError
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import OptionalWagers, bonus_round
from dealer_station.procedure import ProcedureError

PROGRESSIVE = BonusConfig(offered=frozenset({BonusWager.PROGRESSIVE}))


def _config(*offered: str) -> PaiGowConfig:
    return config_from_mapping({"table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
                                "side_wagers": {"offered": list(offered)}})


def _betting(r: PaiGowRound) -> PaiGowRound:
    r.shuffle()
    r.place_wager(3, 1000)
    return r


def _at_settlement(r: PaiGowRound) -> PaiGowRound:
    """``r`` (betting, one wager at position 3) dealt and set, at its settlement step."""
    r.no_more_bets()
    r.determine_starting_position(1)
    r.deal([c.text for c in pai_gow_deck()])
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(3)
    return r


def test_without_optional_wagers_their_actions_are_refused_5324_41_d_1() -> None:
    r = _betting(PaiGowRound(_config()))
    assert r.optional is None
    assert not r.can_acceptor_lit(3)
    assert not r.can_place_bonus_wager(3, "fortune_bonus", 500)
    with pytest.raises(ProcedureError) as refused:
        r.acceptor_lit(3)
    assert refused.value.clause == "5324.41(d)(1)"
    assert [rec.action for rec in r.history] == ["shuffle", "place_wager"]  # nothing recorded


def test_with_the_progressive_the_round_takes_the_chip_and_records_it_5324_41_d_4() -> None:
    r = _betting(bonus_round(_config("progressive"), PROGRESSIVE, dealer_id="D1"))
    assert r.optional is not None and r.can_acceptor_lit(3)
    record = r.acceptor_lit(3)
    assert (record.action, record.effects) == ("acceptor_lit", {"lights": [3]})
    assert r.side_wagers == {3: {"progressive": 100}}  # the table's denomination, $1
    assert r.history[-1] is record and r.optional.lockout.lit == frozenset({3})


def test_the_progressive_is_not_placed_around_its_acceptor_5324_41_d_4() -> None:
    """With the optional wagers the round places them through their part only: the bare
    side-wager action (bounds and acceptor unchecked) is refused."""
    r = _betting(bonus_round(_config("progressive"), PROGRESSIVE, dealer_id="D1"))
    with pytest.raises(ProcedureError) as refused:
        r.place_side_wager(3, "progressive", 100)
    assert refused.value.clause == "5324.41(d)(4)"
    assert r.side_wagers == {}


def test_a_meter_reading_without_a_progressive_is_refused_5324_41_k_6() -> None:
    r = _at_settlement(_betting(PaiGowRound(_config())))
    assert r.step.phase == "settlement" and r.can_settle()
    with pytest.raises(ProcedureError) as refused:
        r.settle(meter=100_000)
    assert refused.value.clause == "5324.41(k)(6)"
    assert r.settle().arguments == {}  # recorded as rounds without a meter always were


def test_the_optional_wagers_must_be_the_tables_5324_41_d_1() -> None:
    with pytest.raises(BonusConfigError) as refused:
        PaiGowRound(_config("insurance"), optional=OptionalWagers(PROGRESSIVE, dealer_id="D1"))
    assert refused.value.clause == "5324.41(d)(1)"


def test_one_part_belongs_to_one_round() -> None:
    part = OptionalWagers(PROGRESSIVE, dealer_id="D1")
    PaiGowRound(_config("progressive"), optional=part)
    with pytest.raises(ValueError, match="another round"):
        PaiGowRound(_config("progressive"), optional=part)


def test_the_settlement_step_says_each_player_s_cards_go_with_their_settlement_5324_41_g(
        ) -> None:
    """5324.41(g)(5)-(g)(9): a Pai Gow round has no CARDS COLLECTED step of its own; each
    player's cards go with that player's settlement (docs/rules-interpretation.md, "When the
    cards are collected"). The settlement step says so, so the dealer is never left with cards
    on the layout and no step asking for them."""
    r = _at_settlement(_betting(PaiGowRound(_config())))
    step = r.step
    assert step.phase == "settlement" and step.clause == "5324.41(g)(4)"
    assert step.instruction.startswith("Collect the losing wagers, then pay the winners")
    assert step.instruction.endswith("collecting each player's cards with their settlement")
    r.settle()
    assert r.step.phase == "complete"  # no collection step after it
