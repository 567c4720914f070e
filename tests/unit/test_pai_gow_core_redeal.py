"""A Pai Gow deal interrupted before the round recorded it starts over (`redeal`): only at the
deal, with a reason; wagers and the starting position stand; the bonus round delegates it
(docs/rules-interpretation.md, 5324.41(f))."""

from __future__ import annotations

import pytest

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow import config_from_mapping as pai_gow_config
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.procedure import ProcedureError

TABLE = {"table": {"minimum_wager": "$5", "maximum_wager": "$5,000"}}


def at_the_deal() -> PaiGowRound:
    r = PaiGowRound(pai_gow_config(TABLE))
    r.shuffle()
    r.place_wager(3, 2500)
    r.place_wager(5, 1000)
    r.no_more_bets()
    r.determine_starting_position(4)
    return r


def test_a_redeal_at_the_deal_keeps_wagers_and_start_and_the_deal_follows_5324_41_f() -> None:
    r = at_the_deal()
    start = r.start
    record = r.redeal("shoe fault (jam) during the deal", stacks=2)
    assert record.action == "redeal" and record.clause == "5324.41(f)"
    assert record.effects == {"collected_unseen_stacks": 2, "reshuffled": True}
    assert r.step.phase == "deal" and r.start == start and r.wagers == {3: 2500, 5: 1000}
    r.deal([c.text for c in pai_gow_deck()])
    assert r.step.phase == "setting"


def test_a_redeal_needs_a_reason_and_the_deal_not_yet_recorded_5324_41_f() -> None:
    r = at_the_deal()
    with pytest.raises(ProcedureError) as no_reason:
        r.redeal("  ")
    assert no_reason.value.clause == "5324.41(f)"
    with pytest.raises(ProcedureError):
        r.redeal("why", stacks=8)
    r.deal([c.text for c in pai_gow_deck()])
    with pytest.raises(ProcedureError) as late:
        r.redeal("too late")
    assert "not possible now" in late.value.reason


def test_the_bonus_round_records_the_redeal_too_5324_41_f() -> None:
    bonus = BonusConfig(offered=frozenset({BonusWager.FORTUNE_BONUS}))
    table = {**TABLE, "side_wagers": {"offered": ["fortune_bonus"]}}
    r = bonus_round(pai_gow_config(table), bonus, dealer_id="D1", round_id="r1")
    r.shuffle()
    r.place_wager(2, 1000)
    r.no_more_bets()
    r.determine_starting_position(1)
    assert r.can_redeal("restarted")
    assert r.redeal("restarted").arguments == {"reason": "restarted", "stacks": 0}
    assert r.step.phase == "deal"
