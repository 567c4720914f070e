"""``dealer-station settle``: a round document with a section of the wrong shape is a bad
document (exit 2, one line on stderr), never a traceback, for Let It Ride (5324.34) and Pai Gow
rounds with and without the optional wagers (5324.41)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from dealer_station.cards import parse_cards
from dealer_station.cli import main
from dealer_station.games.let_it_ride import LetItRideRound
from dealer_station.games.let_it_ride import config_from_mapping as lir_config
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    deal,
    decide_all,
    settle_round,
)
from dealer_station.games.pai_gow import PaiGowRound
from dealer_station.games.pai_gow import config_from_mapping as pai_gow_config
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round


def let_it_ride_document() -> dict[str, Any]:
    r = LetItRideRound(lir_config({"table": {"dealing": "manual"}}))
    r.place_wagers(position=2, bet_one=1000, bet_two=1000, bet_three=1000)
    r.announce_no_more_bets()
    deal(r, cards_in_dealing_order(r.config.dealing, {2: parse_cards("Kc Kd 7h")},
                                   parse_cards("Ks 2d 3d")))
    decide_all(r, {})
    r.turn_community_card()
    decide_all(r, {})
    r.turn_community_card()
    settle_round(r)
    return r.to_document()


def shoe(hands: Mapping[int, str], start: int) -> list[str]:
    """The automated shoe's output giving each position its hand from ``start``."""
    return [c.text for c in deck_for_hands(hands, start)]


HANDS = {DEALER: "Kc Kd 9h 7s 4c 3d 2h", 3: "As Ad Qh Jc 8s 5d 6c"}
TABLE = {"table": {"minimum_wager": "$5", "maximum_wager": "$5,000"}}


def pai_gow_document() -> dict[str, Any]:
    r = PaiGowRound(pai_gow_config(TABLE))
    r.shuffle()
    r.place_wager(3, 2500)
    r.no_more_bets()
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal(shoe(HANDS, r.start))
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(3, "Qh Jc")
    r.settle()
    return r.to_document()


def pai_gow_bonus_document() -> dict[str, Any]:
    bonus = BonusConfig(offered=frozenset({BonusWager.FORTUNE_BONUS, BonusWager.INSURANCE}))
    table = {**TABLE, "side_wagers": {"offered": ["fortune_bonus", "insurance"]}}
    r = bonus_round(pai_gow_config(table), bonus, dealer_id="D1", round_id="r1")
    r.shuffle()
    r.place_wager(3, 2500)
    r.place_bonus_wager(3, "fortune_bonus", 500)
    r.no_more_bets()
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal(shoe(HANDS, r.start))
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    return r.to_document()


def settle(tmp_path: Path, doc: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["settle", str(path), "--compact"])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("build", "section"),
    [
        (let_it_ride_document, "config"),
        (let_it_ride_document, "payments"),
        (pai_gow_document, "config"),
        (pai_gow_document, "context"),
        (pai_gow_document, "payments"),
        (pai_gow_bonus_document, "bonus.config.settings"),
        (pai_gow_bonus_document, "payments"),
    ],
)
@pytest.mark.parametrize("wrong", [None, 7, 2.5])
def test_a_section_of_the_wrong_shape_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], build: Any, section: str, wrong: Any
) -> None:
    doc = build()
    code, err = settle(tmp_path, doc, capsys)
    assert code == 0, err  # the genuine document settles to itself
    *parents, last = section.split(".")
    target = doc
    for name in parents:
        target = target[name]
    target[last] = wrong
    code, err = settle(tmp_path, doc, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
