"""Every refusal names the clause it enforces (issue 19 item 5): whole rounds of both games and the
Pai Gow optional wagers are rebuilt record by record, and at every point every ``verify_`` method
is called with valid and invalid arguments; each :class:`ProcedureError` must carry a clause.

The rounds: Let It Ride dealt from the shoe (with a dealer's call for a supervisor) and by hand
(with a duplicate card halting the round); Pai Gow banked by a player with the dealer's wager, a
co-bank (the dealer's wager refused with (h)(5)), an RNG side wager table, and tables with every
optional wager (the progressive validated by a supervisor) and with the three-card and seven-card
bonus dealt in stacks of three then four."""

from __future__ import annotations

import inspect
import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dealer_station.cards import pai_gow_deck, parse_cards
from dealer_station.games.let_it_ride import LetItRideRound
from dealer_station.games.let_it_ride import config_from_mapping as let_it_ride_config
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    decide_all,
    settle_round,
)
from dealer_station.games.pai_gow import PaiGowRound, TableContext
from dealer_station.games.pai_gow import config_from_mapping as pai_gow_config
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.procedure import ProcedureError, Record

# Candidate arguments by parameter name: valid ones and every kind of wrong one.
CANDIDATES: dict[str, list[Any]] = {
    "position": [0, 1, 2, 3, 6, 7, 9],
    "amount": [-100, 0, 1, 100, 500, 1000, 4000, 10**9],
    "bet_one": [0, 1000], "bet_two": [1000], "bet_three": [1000, 2000],
    "chips": [-1, 0, 5000, 10**9],
    "meter": [None, -1, 0, 100_000],
    "player": [None, "ann"],
    "to": [0, 1, 3, 6, 7],
    "count": [-1, 0, 2],
    "counted": [-1, 0, 39, 53],
    "cards": [[], ["As"], ["Xx", "Ks", "Qs"], ["As", "As", "Ks"], ["As", "Ks", "Qs"],
              "As Ks Qs Js Ts 9s 8s"],
    "cards:int": [-1, 0, 3, 52, 53],
    "card": [None, "Xx", "As", "JK"],
    "target": [None, 1, 2, 99, "community", "first", "nowhere"],
    "let_it_ride": [True, False],
    "wager": ["bet_one", "fortune_bonus", "insurance", "progressive", "imperial_bonus",
              "three_card_bonus", "seven_card_bonus", "nonsense"],
    "number": [0, 1, 3, 7, 8, 18],
    "dice": [None, [1, 1, 1], [7, 1, 1], [2, 2]],
    "first_stack": [0, 1, 7, 8],
    "offered_to": [None, 1, 2, 4, 6],
    "accepted": [True, False],
    "co_bank": [True, False],
    "low": ["As Ks", "Xx Yy", "", "As", "JK 2c"],
    "supervisor": ["", "S1"], "supervisor_id": ["", "S1"],
    "role": ["supervisor", "dealer", "technician"],
    "resolution": ["continue", "void_round", "retry"],
    "reason": ["", "checked"],
    "returned": [(), (1,), (9,)], "voided": [(), (2,), (9,)],
    "jackpot_number": [0, 1, 10**6],
    "time": ["", "12:00"],
    "stacks": [-1, 0, 3, 8],
    "dealt": [None, [], [["As", "Ks", "Qs", "Js", "Ts", "9s", "8s"]], "As Ks",
              [["As", "As", "Ks", "Qs", "Js", "Ts", "9s"]], [["Xx"] * 7]],
}
PER_METHOD = 48  # argument combinations tried per method at each point, chosen at random


def _arguments(method: Callable[..., Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    names = [p for p in inspect.signature(method).parameters.values()
             if p.kind is p.POSITIONAL_OR_KEYWORD]
    keys = [f"{p.name}:int" if p.annotation == "int" and f"{p.name}:int" in CANDIDATES
            else p.name for p in names]
    missing = [key for key in keys if key not in CANDIDATES]
    assert not missing, f"{method.__qualname__}: no candidates for {missing}"
    choices = [[v for v in CANDIDATES[key] if v is not None or "None" in str(p.annotation)]
               for key, p in zip(keys, names, strict=True)]
    combos = list(itertools.product(*choices))
    if len(combos) > PER_METHOD:
        combos = rng.sample(combos, PER_METHOD)
    for combo in combos:
        yield dict(zip((p.name for p in names), combo, strict=True))


def _probe(round_: Any, rng: random.Random, seen: dict[str, int]) -> list[str]:
    """Call every verify_ method; the refusals without a clause."""
    missing = []
    wagers = round_.optional if isinstance(round_, PaiGowRound) else None
    parts = [round_] if wagers is None else [round_, wagers]
    methods = [(f"{type(part).__name__}.{name}", getattr(part, name))
               for part in parts for name in sorted(dir(part)) if name.startswith("verify_")]
    for name, method in methods:
        for arguments in _arguments(method, rng):
            try:
                method(**arguments)
            except ProcedureError as error:
                seen[name] = seen.get(name, 0) + 1
                if not error.clause:
                    missing.append(f"{name}: {error.reason}")
    return missing


def _walk(make: Callable[[], Any], history: list[Record]) -> dict[str, int]:
    """Rebuild the round record by record, probing before and after each."""
    rng = random.Random(19)
    seen: dict[str, int] = {}
    round_ = make()
    missing = _probe(round_, rng, seen)
    for record in history:
        getattr(round_, record.action)(**record.arguments)
        missing += _probe(round_, rng, seen)
    assert not missing, "refusals without a clause:\n" + "\n".join(sorted(set(missing))[:40])
    return seen


# ---------------------------------------------------------------------------- Let It Ride


def _let_it_ride(dealing: str) -> tuple[Callable[[], LetItRideRound], LetItRideRound]:
    config = let_it_ride_config({"table": {"dealing": dealing},
                                 "three_card_bonus": {"offered": True}})

    def make() -> LetItRideRound:
        return LetItRideRound(config)

    r = make()
    r.set_players_waiting(count=1)
    r.place_wagers(position=2, bet_one=1000, bet_two=1000, bet_three=1000)
    r.acknowledge_bonus(position=2)
    r.place_three_card_bonus(position=2, amount=500)
    r.place_wagers(position=5, bet_one=1000, bet_two=1000, bet_three=1000)
    r.announce_no_more_bets()
    deck = list(cards_in_dealing_order(
        config.dealing, {2: parse_cards("As Ad 7c"), 5: parse_cards("2h 3h 9s")},
        parse_cards("Kd Ks 4c")))
    if dealing == "shoe":
        r.call_supervisor(reason="chips moved for the wrong position")
        r.resolve_halt(supervisor="S1", resolution="continue")
        cards = iter(deck)
        while r.step.phase == "dealing":
            r.receive_stack(cards=[next(cards).text for _ in range(3)])
    else:
        r.deal_card(card=deck[0].text)
        r.deal_card(card=deck[0].text)  # a duplicate: the round halts
        r.resolve_halt(supervisor="S1", resolution="continue")
        for card in deck[1:]:
            r.deal_card(card=card.text)
    r.report_exposed_card(card=deck[1].text, target=deck_target(r, deck[1].text))
    decide_all(r, {5: False})
    r.turn_community_card()
    decide_all(r, {})
    r.turn_community_card()
    settle_round(r)
    assert r.is_complete
    return make, r


def deck_target(r: LetItRideRound, card: str) -> int | str:
    for position in r.dealt_positions:
        if card in [c.text for c in r.cards(position) if c is not None]:
            return position
    return "community"


@pytest.mark.parametrize("dealing", ["shoe", "manual"])
def test_every_let_it_ride_refusal_names_its_clause_5324_34(dealing: str) -> None:
    make, played = _let_it_ride(dealing)
    seen = _walk(make, list(played.history))
    assert len(seen) >= 15  # nearly every verify_ method refused something somewhere


# ---------------------------------------------------------------------------- Pai Gow

DECK = [c.text for c in pai_gow_deck()]
BANK_CONTEXT = TableContext(new_game=False, last_unbanked_wagers={3: 4000, 1: 1000, 2: 1000})


def _pai_gow_config(**sections: dict[str, Any]) -> Any:
    data: dict[str, Any] = {"table": {"minimum_wager": "$1", "maximum_wager": "$5,000"}}
    data.update(sections)
    return pai_gow_config(data)


def _play_pai_gow(r: Any, *, bank: int | None = None, co_bank: bool = False,
                  bonus: tuple[str, ...] = (), seed: int = 1) -> None:
    """Drive a round by its steps: wagers at 1, 2, 3 (and the bonus wagers), the bank to
    ``bank`` if given, house way for everyone, a supervisor approving any progressive."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    core = r
    for _ in range(200):
        step = r.step
        phase = step.phase
        if r.is_complete:
            return
        if phase == "shuffle":
            r.shuffle()
        elif phase == "cut":
            r.cut(step.positions[0] if step.positions else 6, False)
        elif "accept_bank" in step.actions:
            if step.positions[0] == bank:
                r.accept_bank(bank, co_bank=co_bank, chips=10000)
            else:
                r.decline_bank(step.positions[0])
        elif phase == "betting" and not core.wagers:
            for position in (1, 2, 3):
                r.place_wager(position, 1000)
                for wager in bonus:
                    if wager == "progressive":
                        r.acceptor_lit(position)
                    else:
                        r.place_bonus_wager(position, wager, 500)
            if core.config.rng_side_wager:
                r.place_rng_wager(1, 3, 500)
        elif phase == "betting":
            r.no_more_bets()
        elif phase == "lockout":
            r.confirm_light_count(len(r.optional.lockout.lit))
        elif phase == "dealer_wager":
            r.place_dealer_wager(core.proposed_dealer_wager)
        elif phase == "starting_position":
            if core.config.starting_position.value == "dice":
                r.determine_starting_position(10, [3, 3, 4])
            else:
                r.determine_starting_position(1)
        elif phase == "rng_wagers":
            r.settle_rng_wagers()
        elif phase == "deal":
            count = 3 if core.config.dealing.value == "three_then_four" else 7
            r.deal(deck[: count * 7])
            deck = deck[count * 7:]
        elif phase == "three_card_bonus":
            r.settle_three_card_bonus()
        elif phase == "four_card_stacks":
            r.deal_four_card_stacks(deck[:28])
        elif phase == "setting":
            r.players_have_set()
        elif phase == "banker":
            action = step.actions[0]
            if action == "set_bank_hand":
                _, low = core.house_way.set_hand(core.seven_cards(core.bank))
                r.set_bank_hand(" ".join(c.text for c in low))
            else:
                getattr(r, action)()
        elif phase == "exposure":
            r.set_hand_house_way(step.positions[0])
        elif phase == "settlement":
            if r.optional is not None:
                r.settle(meter=100_000_00)
            else:
                r.settle()
        elif phase == "progressive_validation":
            position = r.optional.pending[0].position
            r.approve_progressive(position, "S1", "supervisor", 100_000_00, 1, "12:00")
        elif phase == "jackpot_record":
            r.complete_jackpot_record(step.positions[0])
        else:
            raise AssertionError(f"no driver for step {phase!r}: {step}")
    raise AssertionError("the round did not complete")


def _core(bank: bool, co_bank: bool, **sections: dict[str, Any]) -> tuple[Any, Any]:
    config = _pai_gow_config(**sections)

    def make() -> PaiGowRound:
        return PaiGowRound(config, BANK_CONTEXT if bank else TableContext())

    r = make()
    _play_pai_gow(r, bank=3 if bank else None, co_bank=co_bank)
    return make, r


@pytest.mark.parametrize(("bank", "co_bank", "sections"), [
    (True, False, {}),
    (True, True, {}),
    (False, False, {"rng_side_wager": {"offered": True}, "dealing": {"shuffle": "manual"}}),
    (False, False, {"dealing": {"method": "hand", "starting_position": "dice"}}),
], ids=["player-bank", "co-bank", "rng-side-wager", "from-the-hand"])
def test_every_pai_gow_refusal_names_its_clause_5324_41(
        bank: bool, co_bank: bool, sections: dict[str, Any]) -> None:
    make, played = _core(bank, co_bank, **sections)
    assert played.is_complete
    seen = _walk(make, list(played.history))
    assert len(seen) >= 15


def test_dealers_wager_against_a_co_bank_is_refused_with_5324_41_h_5() -> None:
    """(h)(5): "When co-banking is in effect, the dealer may not place a wager against the
    bank" - the refusal says so, not merely that the round has moved on."""
    config = _pai_gow_config()
    r = PaiGowRound(config, BANK_CONTEXT)
    r.shuffle()
    for position in (1, 2, 3):
        r.place_wager(position, 1000)
    while r.next_bank_offer() != 3:
        r.decline_bank(r.next_bank_offer())
    r.accept_bank(3, co_bank=True, chips=10000)
    r.no_more_bets()
    with pytest.raises(ProcedureError) as error:
        r.verify_place_dealer_wager(1000)
    assert error.value.clause == "5324.41(h)(5)"
    assert "co-bank" in error.value.reason


W = BonusWager


@pytest.mark.parametrize("offered", [
    ("fortune_bonus", "insurance", "progressive"),
    ("imperial_bonus", "progressive"),
    ("three_card_bonus", "seven_card_bonus"),
])
def test_every_optional_wager_refusal_names_its_clause_5324_41_k_to_p(
        offered: tuple[str, ...]) -> None:
    sections: dict[str, Any] = {"side_wagers": {"offered": list(offered)}}
    if "three_card_bonus" in offered:
        sections["dealing"] = {"method": "three_then_four"}
    config = _pai_gow_config(**sections)
    bonus = BonusConfig(offered=frozenset(W(w) for w in offered),
                        progressive_reset=1_000_000, progressive_rate_basis_points=2500)

    def make() -> PaiGowRound:
        return bonus_round(config, bonus, dealer_id="D1", round_id="r1")

    r = make()
    _play_pai_gow(r, bonus=offered, seed=3)
    assert r.is_complete
    seen = _walk(make, list(r.history))
    assert len(seen) >= 15


def test_every_procedure_error_in_the_rules_core_is_raised_with_a_clause() -> None:
    """The paths the rounds above do not reach: every ``ProcedureError(...)`` written in the rules
    core (``dealer_station/games``) passes a clause."""
    import ast
    from pathlib import Path

    import dealer_station.games

    root = Path(dealer_station.games.__file__).parent
    bare = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "ProcedureError"
                    and len(node.args) + len(node.keywords) < 2):
                bare.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not bare, f"ProcedureError without a clause at {bare}"
