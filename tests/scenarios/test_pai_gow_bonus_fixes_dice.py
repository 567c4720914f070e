"""The dice faces at a table with optional wagers (5324.2(b), 5324.41(f)): the round with the
optional wagers takes the three dice with their total, as the core round does, checks them and
records them, and a round recorded with the total alone still replays and settles to itself."""

from __future__ import annotations

import json

import pytest

from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.document import round_from_document, settle_document
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.procedure import ProcedureError


def dice_round(starting_position: str = "dice") -> PaiGowRound:
    config = config_from_mapping({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "dealing": {"method": "automated_shoe", "starting_position": starting_position},
        "side_wagers": {"offered": ["fortune_bonus", "insurance"]},
    })
    offered = frozenset({BonusWager.FORTUNE_BONUS, BonusWager.INSURANCE})
    r = bonus_round(config, BonusConfig(offered=offered), dealer_id="D1", round_id="r1")
    r.shuffle()
    r.place_wager(3, 1000)
    r.place_bonus_wager(3, "fortune_bonus", 500)
    r.no_more_bets()
    return r


def test_the_three_dice_are_recorded_with_their_total_5324_2_b() -> None:
    r = dice_round()
    assert r.can_determine_starting_position(12, [6, 5, 1])
    record = r.determine_starting_position(12, dice=[6, 5, 1])
    assert record.arguments == {"number": 12, "dice": [6, 5, 1]}
    core = next(c for c in r.history if c.action == "determine_starting_position")
    assert core.arguments == {"number": 12, "dice": [6, 5, 1]}
    assert record.effects["starting_position"] == r.start
    document = json.loads(json.dumps(r.to_document()))
    again = round_from_document(document)
    assert again.to_document() == r.to_document()
    assert again.history[-1].arguments["dice"] == [6, 5, 1]


@pytest.mark.parametrize(("number", "dice"), [(12, [6, 5, 2]), (12, [6, 6]), (14, [7, 6, 1])])
def test_dice_that_do_not_make_the_total_are_refused_5324_2_b(number: int,
                                                              dice: list[int]) -> None:
    r = dice_round()
    assert not r.can_determine_starting_position(number, dice)
    with pytest.raises(ProcedureError) as refused:
        r.determine_starting_position(number, dice=dice)
    assert refused.value.clause == "5324.2(b)"
    assert not r.history or r.history[-1].action != "determine_starting_position"


def test_dice_at_a_random_number_generator_table_are_refused_5324_2_b() -> None:
    r = dice_round("rng")
    with pytest.raises(ProcedureError):
        r.determine_starting_position(3, dice=[1, 1, 1])
    r.determine_starting_position(3)


def test_a_round_recorded_with_the_total_alone_replays_5324_2_b() -> None:
    """Records made before the faces were recorded carry ``{"number": n}`` only."""
    r = dice_round()
    record = r.determine_starting_position(9)
    assert record.arguments == {"number": 9}
    document = json.loads(json.dumps(r.to_document()))
    assert round_from_document(document).to_document() == r.to_document()
    assert settle_document(document)["matches"] is True
