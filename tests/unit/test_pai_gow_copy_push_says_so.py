"""A Pai Gow push made by a copy hand says so on its line (5324.41(g)(6)(i)-(ii)): the dealer
reads why a winning high hand does not win; the vigorish lines show what is handed over."""

from __future__ import annotations

from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.ui.view import payment_lines


def _settled(player: str, dealer: str) -> PaiGowRound:
    r = PaiGowRound(config_from_mapping({"table": {"minimum_wager": "$5",
                                                   "maximum_wager": "$5,000"}}))
    r.shuffle()
    r.place_wager(3, 10_000)
    r.no_more_bets()
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal([c.text for c in deck_for_hands({3: player, DEALER: dealer}, r.start)])
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(3)
    r.settle()
    return r


def test_a_push_by_a_low_copy_says_so_5324_41_g_6_i() -> None:
    r = _settled("As Ad 9c 5d 3s Qh Jc", "Ks Kd 9h 5c 2s Qs Jd")
    line = next(p for p in r.payments if p.position == 3)
    assert line.outcome == "push"
    assert line.note.startswith(
        "push: the low hand is a copy (a copy goes to the banker, 5324.41(g)(6)(i))"), line.note
    shown = payment_lines([line])[0]
    assert "the low hand is a copy" in shown.description


def test_a_win_pays_net_of_the_vigorish_5324_41_g_8() -> None:
    r = _settled("As Ad 9c 5d 3s Kh Qc", "Ks Kd 9h 5c 2s Qs Jd")
    line = next(p for p in r.payments if p.position == 3)
    assert (line.outcome, line.amount, line.vigorish) == ("pay", 10_000, 500)
    shown = payment_lines([line])[0]
    assert (shown.verb, shown.position, shown.amount) == ("PAY", "pos 3", "$95.00")
    assert shown.vigorish == "$100.00 won less $5.00 vigorish"
    assert "copy" not in line.note
