"""Random sequences of dealer and device actions, legal or not, on a Let It Ride round: every
``can_<action>`` answers exactly whether ``<action>`` succeeds, a refused action changes nothing,
and the history replays to an identical round (the verify / can / do pattern of
:mod:`dealer_station.procedure`)."""

from __future__ import annotations

import random
from typing import Any

from dealer_station.cards import standard_deck
from dealer_station.games.let_it_ride import LetItRideRound, config_from_mapping
from dealer_station.procedure import ProcedureError, replay

CARDS = [c.text for c in standard_deck()]
TARGETS: list[Any] = [None, "community", *range(0, 9)]


def random_call(rng: random.Random, round_: LetItRideRound) -> tuple[str, dict[str, Any]]:
    """An action with plausible, often wrong, arguments; biased toward what the step asks."""
    step = round_.step
    position = (rng.choice(step.positions) if step.positions and rng.random() < 0.7
                else rng.randint(0, 8))
    amount = rng.choice((100, 500, 500, 500, 1000, 70_000))
    seen = {c.text for p in range(1, 8) for c in round_.cards(p) if c is not None}
    seen |= {c.text for c in round_.community.values() if c is not None}
    fresh = [c for c in CARDS if c not in seen] if rng.random() < 0.85 else CARDS
    delivery = round_.next_delivery
    target = delivery[0] if delivery and rng.random() < 0.7 else rng.choice(TARGETS)
    action = (step.actions[0] if rng.random() < 0.8 else rng.choice(step.actions[:4])) \
        if step.actions and rng.random() < 0.7 else rng.choice((
        "place_wagers", "withdraw_wagers", "acknowledge_bonus", "place_three_card_bonus",
        "announce_no_more_bets", "receive_stack", "deal_card", "decide_bet_one",
        "decide_bet_two", "turn_community_card", "show_hand", "collect_losing_wagers",
        "pay_winning_wagers", "collect_cards", "report_exposed_card", "call_supervisor",
        "resolve_halt", "set_players_waiting", "void", "return_wagers"))
    arguments: dict[str, Any] = {
        "place_wagers": {"position": rng.randint(0, 8), "bet_one": amount, "bet_two": amount,
                         "bet_three": amount if rng.random() < 0.9 else amount + 100,
                         "player": rng.choice((None, "Ann", "Bob"))},
        "withdraw_wagers": {"position": position},
        "acknowledge_bonus": {"position": position},
        "place_three_card_bonus": {"position": position, "amount": amount},
        "announce_no_more_bets": {},
        "receive_stack": {"cards": rng.sample(fresh, rng.choice((3, 3, 3, 3, 3, 2, 4)))},
        "deal_card": {"card": rng.choice((None, *fresh)), "target": target},
        "decide_bet_one": {"position": position, "let_it_ride": rng.random() < 0.5},
        "decide_bet_two": {"position": position, "let_it_ride": rng.random() < 0.5},
        "turn_community_card": {"card": None if rng.random() < 0.5 else rng.choice(fresh)},
        "show_hand": {"position": position,
                      "cards": None if rng.random() < 0.7 else rng.sample(fresh, 3)},
        "collect_losing_wagers": {},
        "pay_winning_wagers": {},
        "collect_cards": {},
        "report_exposed_card": {"card": rng.choice(CARDS), "target": target},
        "call_supervisor": {"reason": rng.choice(("", "", "", "dispute"))},
        "resolve_halt": {"supervisor": "S", "resolution": rng.choice(("continue",
                                                                      "void_round", "x"))},
        "set_players_waiting": {"count": rng.choice((0, 0, 1))},
        "void": {"supervisor": rng.choice(("S", " ")), "reason": rng.choice(("flash", ""))},
        "return_wagers": {},
    }[action]
    return action, arguments


def snapshot(round_: LetItRideRound) -> tuple[Any, ...]:
    return (len(round_.history), round_.phase, tuple(round_.payments), dict(round_.wagers),
            round_.step)


def test_can_matches_do_refusals_change_nothing_and_history_replays() -> None:
    rng = random.Random(34)
    for number in range(120):
        config = config_from_mapping({"table": {
            "dealing": rng.choice(("shoe", "manual")),
            "exposed_card_rule": "void_round" if number % 10 == 0 else "play"}})
        round_ = LetItRideRound(config)
        for _ in range(90):
            action, arguments = random_call(rng, round_)
            expected = getattr(round_, f"can_{action}")(**arguments)
            before = snapshot(round_)
            try:
                record = getattr(round_, action)(**arguments)
            except ProcedureError as error:
                assert not expected, f"can_{action}({arguments}) said yes, {action} refused"
                assert error.reason
                assert snapshot(round_) == before
            else:
                assert expected, f"can_{action}({arguments}) said no, {action} succeeded"
                assert round_.history[-1] is record and record.action == action
            if round_.is_complete:
                break
        copy = replay(LetItRideRound(config), round_.history)
        assert copy.to_document() == round_.to_document()
        totals = round_.totals()
        if round_.is_complete:
            assert totals["chips_in"] == totals["chips_out"] + totals["house_result"]
