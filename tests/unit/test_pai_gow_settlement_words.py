"""5324.41(g)(5)-(g)(9): a Pai Gow round has no CARDS COLLECTED step of its own; each player's
cards go with that player's settlement (docs/rules-interpretation.md, "When the cards are
collected"). The settlement step says so, so the dealer is never left with cards on the layout
and no step asking for them (it said only "Collect the losing wagers, then pay the winners")."""

from __future__ import annotations

from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.round import PaiGowRound


def test_the_settlement_step_says_each_player_s_cards_go_with_their_settlement_5324_41_g(
        ) -> None:
    r = PaiGowRound(config_from_mapping({"table": {"minimum_wager": "$5",
                                                   "maximum_wager": "$5,000"}}))
    r.shuffle()
    r.place_wager(3, 1000)
    r.no_more_bets()
    r.determine_starting_position(1)
    r.deal([c.text for c in pai_gow_deck()])
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(3)
    step = r.step
    assert step.phase == "settlement" and step.clause == "5324.41(g)(4)"
    assert step.instruction.startswith("Collect the losing wagers, then pay the winners")
    assert step.instruction.endswith("collecting each player's cards with their settlement")
    r.settle()
    assert r.step.phase == "complete"  # no collection step after it
