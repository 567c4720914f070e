"""Long Pai Gow sessions, generated (hypothesis): hundreds of rounds at a table dealing stacks of
three then four from the shoe, with players sitting down, leaving and moving, a player taking a
second adjacent area, banks offered, accepted and declined, voided rounds, restarts (the round
before rebuilt from its document, as the station rebuilds it from the journal), new games and
stub counts. After every round each rule that spans rounds is checked against its clause, from a
model of the table kept here, independently of the station:

* (n)(7)(ii): never more than five rounds of play between stub counts; the deal of the sixth
  waits, never earlier;
* (h)(3): no player banks two consecutive rounds of play;
* (h)(4)(i): a player banks only having wagered against the dealer in the last round of play
  without a player bank (a newcomer at a seat whose previous player wagered may not);
* (e)(2)(i): at a new game the cut goes to the first player to the table, wherever they sit;
* (i)(1)-(2): one player on two adjacent areas at most; the larger wager exposed first;
* the players: the station's numbering follows each player as the model does."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from dealer_station.games.pai_gow.document import round_from_document
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError
from tests.scenarios.pai_gow_stub_play import DECK, next_round

ROUNDS = 250


@dataclass
class Model:
    """The table as the clauses describe it, kept by the test."""

    players: dict[int, int] = field(default_factory=lambda: {p: p for p in range(1, 7)})
    next_player: int = 7
    last_bank: int | None = None
    unbanked: dict[int, int] = field(default_factory=dict)
    since_count: int = 0
    first_to_table: int | None = None

    def leave(self, position: int) -> None:
        gone = self.players.pop(position)
        if gone not in self.players.values():
            self.unbanked.pop(gone, None)
            if self.first_to_table == gone:
                self.first_to_table = None

    def sit(self, position: int) -> None:
        self.players[position] = self.next_player
        self.next_player += 1

    def areas(self, player: int) -> list[int]:
        return sorted(p for p, n in self.players.items() if n == player)


def _seating(data: st.DataObject, r: PaiGowRound, model: Model) -> None:
    """A few seating changes drawn at random, each recorded in the round (before the shuffle)
    and in the model when the round takes it."""
    for _ in range(data.draw(st.integers(0, 3), label="changes")):
        change = data.draw(st.sampled_from(["sits", "leaves", "moves", "second"]))
        position = data.draw(st.integers(1, 6), label="position")
        if change == "sits" and position not in model.players:
            r.player_sits(position)
            model.sit(position)
        elif change == "leaves" and position in model.players and len(model.players) > 2:
            r.player_leaves(position)
            model.leave(position)
        elif change == "moves" and position in model.players:
            to = data.draw(st.integers(1, 6), label="to")
            player = model.players[position]
            others = [p for p in model.areas(player) if p != position]
            allowed = to not in model.players and (not others or abs(others[0] - to) == 1)
            if allowed:
                r.player_moves(position, to)
                del model.players[position]
                model.players[to] = player
            else:
                try:
                    r.player_moves(position, to)
                except ProcedureError:
                    pass
                else:
                    raise AssertionError("a move the model refuses was taken")
        elif change == "second" and position not in model.players:
            beside = [p for p in (position - 1, position + 1) if p in model.players
                      and len(model.areas(model.players[p])) == 1]
            if beside:
                player = model.players[beside[0]]
                r.player_sits(position, player)
                model.players[position] = player
            for p in (position - 1, position + 1):  # (i)(1): a third area is refused
                if p in model.players and len(model.areas(model.players[p])) == 2 and \
                        position not in model.players:
                    try:
                        r.player_sits(position, model.players[p])
                    except ProcedureError as refused:
                        assert refused.clause == "5324.41(i)(1)"
                    else:
                        raise AssertionError("a third area was taken")
    assert dict(r.context.players) == model.players


def _bank_offers(data: st.DataObject, r: PaiGowRound, model: Model) -> int | None:
    """The bank offered in turn; each acceptance tried is judged against the model."""
    banked: int | None = None
    while "accept_bank" in r.step.actions:
        position = r.step.positions[0]
        player = model.players[position]
        if data.draw(st.booleans(), label="tries to bank"):
            try:
                r.accept_bank(position, chips=100_000)
            except ProcedureError as refused:
                event(f"bank refused {refused.clause}")
                if refused.clause == "5324.41(h)(3)" and "two rounds" in str(refused):
                    assert model.last_bank == player
                elif refused.clause == "5324.41(h)(4)(i)":
                    assert model.unbanked.get(player, 0) <= 0
                r.decline_bank(position)
            else:
                assert model.last_bank != player, "(h)(3): banked two rounds in a row"
                assert model.unbanked.get(player, 0) > 0, "(h)(4)(i): no wager last round"
                banked = position
                event("banked")
        else:
            r.decline_bank(position)
    return banked


def _play(data: st.DataObject, r: PaiGowRound, model: Model, void: bool) -> int | None:
    """One round to its end (or its void); returns the bank's position."""
    r.shuffle()
    if r.step.phase == "cut":
        offer = r.expected_cut_offer()
        if r.context.new_game and model.first_to_table is not None:
            assert offer in model.areas(model.first_to_table), "(e)(2)(i)"
        if offer is None:
            offer = r.step.positions[0] if r.step.positions else None
        r.cut(offer, False)
    # two wagers at least: a bank with nobody against it leaves no round to play
    wagering = data.draw(st.lists(st.sampled_from(sorted(model.players)), min_size=2,
                                  max_size=4, unique=True), label="wagers")
    for position in wagering:
        r.place_wager(position, data.draw(st.sampled_from([500, 1000, 2500]), label="amount"))
    banked = _bank_offers(data, r, model)
    if void:
        r.void("S1", "dealer error")
        return banked
    r.no_more_bets()
    while r.step.phase not in ("deal", "stub_count"):
        if r.step.phase == "dealer_wager":
            r.place_dealer_wager(r.proposed_dealer_wager)
        elif r.step.phase == "starting_position":
            r.determine_starting_position(1)
        else:
            raise AssertionError(r.step.phase)
    waited = r.step.phase == "stub_count"
    assert waited == (model.since_count >= 5), "(n)(7)(ii): the sixth round waits, not before"
    counted_after = False
    if waited:
        event("deal waited for the stub count")
        r.count_stub(53)
        model.since_count = 0
    hands = len(r.step.positions)
    r.deal(DECK[:3 * hands])
    if r.step.phase == "three_card_bonus":
        r.settle_three_card_bonus()
    r.deal_four_card_stacks(DECK[3 * hands:7 * hands])
    if r.can_count_stub(53 - 7 * hands) and data.draw(st.booleans(), label="counts"):
        r.count_stub(53 - 7 * hands)
        counted_after = True
    r.players_have_set()
    while r.step.phase == "banker":
        action = r.step.actions[0]
        if action == "set_bank_hand":
            assert r.bank is not None
            r.set_bank_hand([c.text for c in r.seven_cards(r.bank)[:2]])
        else:
            getattr(r, action)()
    exposed = []
    while r.step.phase == "exposure":
        exposed.append(r.step.positions[0])
        r.set_hand_house_way(r.step.positions[0])
    _check_two_areas(r, exposed)
    r.settle()
    assert r.is_complete
    model.since_count = 0 if counted_after else model.since_count + 1
    return banked


def _check_two_areas(r: PaiGowRound, exposed: list[int]) -> None:
    """(i)(2): of one player's two areas the larger wager is set, so exposed, first."""
    wagers = r.wagers
    for player in set(r.context.players.values()):
        both = [p for p in r.context.positions_of(player) if p in exposed]
        if len(both) == 2 and wagers[both[0]] != wagers[both[1]]:
            larger = max(both, key=lambda p: wagers[p])
            assert exposed.index(larger) < exposed.index(min(both, key=lambda p: wagers[p]))


# a few long sessions (each 250 rounds), kept modest for CI; no shrinking of a 150-round
# session (minutes): a failure prints its draws, and its seed reproduces it
@settings(max_examples=5, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.large_base_example])
@given(st.data())
def test_long_sessions_keep_every_rule_that_spans_rounds_5324_41(data: st.DataObject) -> None:
    model = Model()
    previous: PaiGowRound | None = None
    for number in range(1, ROUNDS + 1):
        table = None
        if number > 1 and data.draw(st.integers(0, 40), label="new game") == 0:
            first = data.draw(st.sampled_from(sorted(model.players)), label="first")
            table = {"new_game": True, "first_to_table": first}
            model.last_bank, model.unbanked = None, {}
            model.first_to_table = model.players[first]
        r = next_round(previous, number, table)
        assert r.optional is not None
        assert r.optional.stub.rounds_since_count == model.since_count
        assert r.context.last_bank == model.last_bank
        assert {p: a for p, a in r.context.last_unbanked_wagers.items() if a} == {
            p: a for p, a in model.unbanked.items() if a}
        _seating(data, r, model)
        void = data.draw(st.integers(0, 9), label="void") == 0
        wagers_by_player: dict[int, int] = {}
        banked = _play(data, r, model, void)
        for position, amount in r.wagers.items():
            player = model.players[position]
            wagers_by_player[player] = wagers_by_player.get(player, 0) + amount
        if void:
            model.since_count += 1  # a voided round counts toward the five
        else:  # a round of play: who banked, and the wagers of a round nobody banked
            model.last_bank = None if banked is None else model.players[banked]
            if banked is None:
                model.unbanked = wagers_by_player
            model.first_to_table = None  # the game is no longer just beginning
        if data.draw(st.integers(0, 7), label="restart") == 0:
            document = json.loads(json.dumps(r.to_document()))
            r = round_from_document(document)
            assert dict(r.context.players) == model.players
            assert json.loads(json.dumps(r.to_document())) == document
        previous = r
