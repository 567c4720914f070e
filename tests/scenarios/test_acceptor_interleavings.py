"""Generated interleavings of what a real table does while bets are open, through the Station
and its journal, for both games (5324.34(a)(3), (c)(3), (c)(6); 5324.41(d)(3)-(4), (k)(2)):
chips placed on and lifted off the acceptors, base wagers entered, changed and withdrawn, a
relief dealer signing in, the station killed and reopened from its journal (its simulated
acceptors then come back empty while the round remembers the chips), then "no more bets".

After each round: every light the felt shows lit at the lockout is a recorded wager there and
every light it shows RETURN a return line; every recorded wager is settled exactly once; the
money balances; the round's document re-runs to the payments it records."""

from __future__ import annotations

import os
import random
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from own_pins import add_account

from dealer_station.cards import pai_gow_deck, standard_deck
from dealer_station.games.let_it_ride.document import settle_document as settle_let_it_ride
from dealer_station.games.pai_gow.document import settle_document as settle_pai_gow
from dealer_station.resources_path import resource_path
from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.ui.adapters.base import DeviceState
from dealer_station.ui.adapters.let_it_ride import LetItRideAdapter
from dealer_station.ui.adapters.pai_gow import PaiGowAdapter
from dealer_station.ui.view import Light
from drivers.events import DeviceEvent, EventKind

PIN_COST = 2**8
DEALERS = (("D1", "3333"), ("D2", "4444"))
PAI_GOW_SETTINGS: dict[str, Any] = {
    "game": "pai_gow",
    "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
    "side_wagers": {"offered": ["progressive"]},
}
SETTLED = ("collect", "pay", "push")

#: One table event: what, where (positions 1-4: chips and wagers meet often), an amount.
EVENTS = st.lists(
    st.tuples(st.sampled_from(("chip", "chip", "lift", "wager", "wager", "change", "withdraw",
                               "relief", "kill")),
              st.integers(1, 4), st.sampled_from((500, 1000, 2500))),
    min_size=1, max_size=14)


@dataclass
class Game:
    """What differs between the two games for this test."""

    name: str
    chip: str  # the acceptor's chip-sensed action
    lift: str  # its chip-lifted action
    wager: str  # the side the chip is on the payment lines
    lockout: str  # the "no more bets" action
    settings: Callable[[], dict[str, Any]]
    adapter: Callable[[], Any]
    wagers_key: str  # the lockout record's positions with the chip as a wager


def _let_it_ride_settings() -> dict[str, Any]:
    with open(resource_path("let_it_ride.toml"), "rb") as handle:
        shipped = tomllib.load(handle)
    shipped.setdefault("table", {})["dealing"] = "shoe"
    return shipped


LET_IT_RIDE = Game("let_it_ride", "acknowledge_bonus", "bonus_chip_removed", "bonus",
                   "announce_no_more_bets", _let_it_ride_settings,
                   lambda: LetItRideAdapter(_let_it_ride_settings()), "bonus_positions")
PAI_GOW = Game("pai_gow", "acceptor_lit", "progressive_chip_removed", "progressive",
               "no_more_bets", lambda: dict(PAI_GOW_SETTINGS),
               lambda: PaiGowAdapter(PAI_GOW_SETTINGS), "lights")


@dataclass
class Table:
    """The station under test and what the simulated acceptors hold."""

    game: Game
    directory: Path
    station: Station
    on_acceptor: set[int] = field(default_factory=set)  # what the simulated acceptors sense
    dealer: int = 0
    abandoned: list[Station] = field(default_factory=list)  # killed: never used again

    def reopen(self) -> None:
        """Killed: the station is abandoned as it stood, nothing closed or flushed (what a
        kill -9 leaves: the operating system frees the table's lock, the journal is what it
        committed), and reopened from its journal; the simulated acceptors restart empty."""
        store = self.station.store
        lock = store._lock_fd
        assert lock is not None
        os.close(lock)  # the lock a dead process holds is freed with it
        store._lock_fd = None
        self.abandoned.append(self.station)
        self.station = open_station(self.game, self.directory)
        self.on_acceptor.clear()
        self.station.sign_in(*DEALERS[self.dealer])


def open_station(game: Game, directory: Path) -> Station:
    return Station.open("T-1", str(directory), game=game.name, settings=game.settings(),
                        pin_cost=PIN_COST)


def first_start(game: Game, directory: Path) -> Table:
    station = open_station(game, directory)
    station.create_first_supervisor("S1", "Sam Super", "111111")
    for user, pin in DEALERS:
        add_account(station, user, f"Dealer {user}", "dealer", pin, supervisor="S1",
                    pin="111111")
    if game is PAI_GOW:
        station.create_meter("pai_gow_progressive", wager="progressive", reset=1_000_000,
                             rate_bp=2100, supervisor="S1", pin="111111")
    station.sign_in(*DEALERS[0])
    return Table(game, directory, station)


def base_wagers(table: Table) -> set[int]:
    round_ = table.station.round
    assert round_ is not None
    wagers = round_.wagers  # type: ignore[attr-defined]
    return {int(p) for p in wagers}


def acceptor(table: Table, kind: EventKind, position: int) -> None:
    """The acceptor's event, as the dealer's screen hears it: the game's adapter says what
    round actions it makes, the station performs (and journals) them."""
    event = DeviceEvent("acceptors", "SIM", 1, kind, seat=position)
    actions = table.game.adapter().device_actions(table.station.round, event, DeviceState())
    assert actions, f"the {kind.value} at position {position} was dropped"
    for action in actions:
        table.station.perform(action)


def betting(table: Table, events: list[tuple[str, int, int]]) -> None:
    game, station = table.game, table.station
    for kind, position, amount in events:
        station = table.station
        if kind == "chip" and position not in table.on_acceptor:
            table.on_acceptor.add(position)  # the acceptor reports it, whatever came before
            acceptor(table, EventKind.CHIP_SENSED, position)
        elif kind == "lift" and position in table.on_acceptor:
            table.on_acceptor.discard(position)
            acceptor(table, EventKind.CHIP_REMOVED, position)
        elif kind in ("wager", "change", "withdraw"):
            has = position in base_wagers(table)
            if has and kind in ("change", "withdraw"):
                station.perform("withdraw_wagers" if game is LET_IT_RIDE else "withdraw_wager",
                                position=position)
            if kind == "withdraw" or (kind == "wager" and has):
                continue
            if game is LET_IT_RIDE:
                station.perform("place_wagers", position=position, bet_one=amount,
                                bet_two=amount, bet_three=amount)
            else:
                station.perform("place_wager", position=position, amount=amount)
        elif kind == "relief":
            table.dealer = 1 - table.dealer
            station.sign_in(*DEALERS[table.dealer])
        elif kind == "kill":
            event("killed while bets are open")
            table.reopen()


def sensed_at_lockout(table: Table) -> tuple[set[int], set[int]]:
    """The felt's lit and RETURN lights, as the dealer's screen draws them."""
    round_ = table.station.round
    view = table.game.adapter().table_view(round_, DeviceState())
    lit = {int(s.key) for s in view.seats if s.light is Light.ON}
    back = {int(s.key) for s in view.seats if s.light is Light.RETURN}
    return lit, back


def play_let_it_ride(station: Station, rng: random.Random) -> None:
    deck = [c.text for c in standard_deck()]
    rng.shuffle(deck)
    cards = iter(deck)
    while station.round is not None and not station.round.is_complete:
        step = station.round.step
        phase = step.phase
        if phase == "dealing":
            station.perform("receive_stack", cards=[next(cards) for _ in range(3)])
        elif phase in ("bet_one", "bet_two"):
            station.perform(f"decide_{phase}", position=int(step.positions[0]),
                            let_it_ride=rng.random() < 0.6)
        elif phase in ("first_community_card", "second_community_card"):
            station.perform("turn_community_card")
        elif phase == "showdown":
            station.perform("show_hand", position=int(step.positions[0]))
        else:
            station.perform(step.actions[0])


def play_pai_gow(station: Station, rng: random.Random, chips: int) -> None:
    station.perform("confirm_light_count", chips=chips)
    station.perform("determine_starting_position", number=rng.randint(1, 7))
    deck = [c.text for c in pai_gow_deck()]
    rng.shuffle(deck)
    station.perform("deal", cards=deck)
    round_ = station.round
    assert round_ is not None
    station.perform("players_have_set")
    station.perform("set_dealer_hand")
    for position in round_.exposure_order():  # type: ignore[attr-defined]
        station.perform("set_hand_house_way", position=position)
    station.perform("settle")
    while station.round is not None and not station.round.is_complete:
        step = station.round.step
        position = step.positions[0]
        if "approve_progressive" in step.actions:
            station.supervise("approve_progressive", supervisor="S1", pin="111111",
                              position=position)
        else:
            station.perform("complete_jackpot_record", position=position)


def one_round(table: Table, events: list[tuple[str, int, int]], seed: int) -> None:
    game = table.game
    table.station.start_round()
    if game is PAI_GOW:
        table.station.perform("shuffle")
    betting(table, events)
    wagered = base_wagers(table)
    if not wagered:  # "no more bets" needs a base wager: one comes last
        betting(table, [("wager", 6, 500)])
        wagered = {6}
    if game is PAI_GOW and table.station.can("decline_bank"):
        table.station.perform("decline_bank")
    # what the round remembers sensed: chips placed and not lifted, a restart included
    round_ = table.station.round
    assert round_ is not None
    lit, back = sensed_at_lockout(table)
    lockout = table.station.perform(game.lockout)
    assert set(lockout.effects[game.wagers_key]) == lit
    assert set(lockout.effects.get("sensed_returns", [])) == back
    assert lit <= wagered and not back & wagered
    assert table.on_acceptor <= lit | back  # nothing the acceptors sense is dropped
    event(f"lit {len(lit)}, return {len(back)}")
    rng = random.Random(seed)
    if rng.random() < 0.5:
        table.reopen()  # killed after the lockout: the round goes on from its journal
    if game is LET_IT_RIDE:
        play_let_it_ride(table.station, rng)
    else:
        play_pai_gow(table.station, rng, len(lit))
    summary = journal.rounds(table.station.store, limit=1, game=game.name)[0]
    assert summary.status == "complete" and summary.document is not None
    document: dict[str, Any] = dict(summary.document)
    lines = [(p["position"], p["outcome"]) for p in document["payments"]
             if p["wager"] == game.wager]
    for position in lit:  # each recorded wager settled exactly once
        assert sum(1 for p, o in lines if p == position and o in SETTLED) == 1, (position, lines)
    for position in back:
        assert lines.count((position, "return")) == 1, (position, lines)
    assert len(lines) == len(lit) + len(back)
    if game is LET_IT_RIDE:
        totals = document["totals"]
        assert totals["chips_in"] == totals["chips_out"] + totals["house_result"]
        check = settle_let_it_ride(document)
    else:
        assert sum(document["net"].values()) == 0
        check = settle_pai_gow(document)
    assert check["matches"], check["differences"]
    table.on_acceptor.clear()  # every chip collected, paid or returned with its round


def run(game: Game, rounds: list[list[tuple[str, int, int]]], seed: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        table = first_start(game, Path(directory))
        try:
            for number, events in enumerate(rounds):
                one_round(table, events, seed + number)
        finally:
            table.station.close()


ROUNDS = st.lists(EVENTS, min_size=1, max_size=2)
FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(rounds=ROUNDS, seed=st.integers(0, 2**16))
def test_let_it_ride_bonus_chips_in_any_order_5324_34_a_3(rounds: list[Any], seed: int) -> None:
    run(LET_IT_RIDE, rounds, seed)


@FAST
@given(rounds=ROUNDS, seed=st.integers(0, 2**16))
def test_pai_gow_progressive_chips_in_any_order_5324_41_k_2(rounds: list[Any],
                                                            seed: int) -> None:
    run(PAI_GOW, rounds, seed)
