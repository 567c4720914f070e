"""A table with some history, for the staff screens' screenshots, tests and training: rounds of
Let It Ride played through a durable :class:`~dealer_station.station.Station` (every action
journaled and audited exactly as at a live table), people in every role, a progressive meter.

The cards are inputs (a known deal), never drawn here.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication

from dealer_station.cards import pai_gow_deck, parse_cards
from dealer_station.games.let_it_ride import actions as lir
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    deal,
    decide_all,
    settle_round,
)
from dealer_station.games.let_it_ride.round import LetItRideRound
from dealer_station.games.pai_gow import actions as pai_gow
from dealer_station.games.pai_gow.dealing import delivery_order
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.station_round import STATION_HOOKS, new_round
from dealer_station.preview.people import PEOPLE, choose_own_pin
from dealer_station.slips import SimulatedPrinter
from dealer_station.station import Station
from dealer_station.ui.supervisor.calls import StaffContext, StationThread
from drivers.manager import DeviceManager
from drivers.sim.table import start_simulated_table

__all__ = [
    "PAI_GOW_SETTINGS",
    "PEOPLE",
    "DemoTable",
    "StationRound",
    "demo_context",
    "open_demo_station",
    "play_let_it_ride",
    "play_pai_gow_to_validation",
]

#: A Pai Gow table offering the progressive payout wager (and its meter, as shipped).
PAI_GOW_SETTINGS: dict[str, Any] = {
    "game": "pai_gow",
    "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
    "side_wagers": {"offered": ["progressive"]},
}



class StationRound:
    """The station's current round seen as a round, except that every action goes through
    :meth:`Station.perform` (journaled before it returns): lets the game's own autoplay helpers
    drive a durable round."""

    def __init__(self, station: Station) -> None:
        self._station = station

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._station.round, name)
        if callable(value) and not name.startswith(("verify_", "can_", "_", "to_")) and \
                name not in ("cards", "awaiting_decision", "awaiting_showdown", "next_delivery",
                             "cards_to_collect", "on_layout", "totals"):
            return lambda **arguments: self._station.perform(name, **arguments)
        return value


def open_demo_station(data_dir: str | Path, *, table: str = "DEMO-1", pin_cost: int = 2**10,
                      game: str = "let_it_ride",
                      settings: Mapping[str, Any] | None = None) -> Station:
    """A station (Let It Ride dealt by hand, or Pai Gow with the progressive and its meter)
    with :data:`PEOPLE` and the dealer on duty."""
    default = {"table": {"dealing": "manual"}} if game == "let_it_ride" else PAI_GOW_SETTINGS
    chosen = dict(settings or default)
    station = Station.open(table, str(data_dir), game=game, settings=chosen,
                           pin_cost=pin_cost)
    if station.needs_first_supervisor:
        first = PEOPLE[0]
        station.create_first_supervisor(first[0], first[1], first[3])
        for user, name, role, pin in PEOPLE[1:]:
            station.create_user(user, name, role, pin, supervisor=first[0], pin=first[3])
            choose_own_pin(station, user, pin)
        if game == "pai_gow":
            terms = STATION_HOOKS.progressive(new_round(chosen))
            if terms is not None:
                station.create_meter("pai_gow_progressive", wager=terms.wager,
                                     reset=terms.reset, rate_bp=terms.rate_bp,
                                     supervisor=first[0], pin=first[3])

    station.slip_printer = SimulatedPrinter(station.store.directory / "printer")
    station.sign_in("D1", "3333")
    return station


R = TypeVar("R")

def _round_id(station: Station) -> int:
    """The open round's number (a round was just started)."""
    assert station.round_id is not None
    return station.round_id


def _open(station: Station, kind: type[R]) -> R:
    """The open round, of the game ``kind`` the demo plays."""
    round_ = station.round
    assert isinstance(round_, kind), f"the demo plays {kind.__name__}, not {round_!r}"
    return round_


def play_let_it_ride(station: Station, hands: Mapping[int, str], community: str, *,
                     wager: int = 500, three_card: int = 0, finish: bool = True) -> int:
    """Play one round of Let It Ride with ``hands`` (three cards per position) and
    ``community`` (the cards the dealing order gives the community: burn, left, right when
    dealing by hand); every bet rides; ``three_card`` places that three-card bonus at every
    position. Returns the round number. With ``finish=False`` the round
    is left open in the bet one decisions."""
    station.start_round()
    round_id = _round_id(station)
    for position in hands:
        station.perform(lir.PlaceWagers(position=position, bet_one=wager, bet_two=wager,
                                        bet_three=wager))
        if three_card:
            station.perform(lir.PlaceThreeCardBonus(position=position, amount=three_card))
    station.perform(lir.AnnounceNoMoreBets())
    proxy: Any = StationRound(station)
    deal(proxy, cards_in_dealing_order(_open(station, LetItRideRound).config.dealing,
                                       {p: parse_cards(h) for p, h in hands.items()},
                                       parse_cards(community)))
    if not finish:
        return round_id
    decide_all(proxy, {})
    station.perform(lir.TurnCommunityCard())
    decide_all(proxy, {})
    station.perform(lir.TurnCommunityCard())
    settle_round(proxy)
    return round_id


def demo_context(data_dir: str | Path, *, devices: bool = True, **options: Any) -> StaffContext:
    """A :class:`~dealer_station.ui.supervisor.calls.StaffContext` for the demo station with,
    when ``devices``, the simulated table (in process) and a running device manager."""
    station = open_demo_station(data_dir, **options)
    if not devices:
        return StaffContext(station)

    simulation = start_simulated_table(station.game, "memory")
    manager = DeviceManager(simulation.config())
    manager.start()
    manager.wait_online(5.0)
    return StaffContext(station, manager, simulation)


class DemoTable:
    """The demo station on a thread of its own (as the dealer's worker holds it), the calls
    the staff screens use, and :meth:`call` to run something there and wait for it (tests and
    screenshots only: it spins the event loop while it waits)."""

    def __init__(self, data_dir: str | Path, *, devices: bool = True, **options: Any) -> None:
        self.thread = StationThread(lambda: demo_context(data_dir, devices=devices, **options))
        self.calls = self.thread.calls()

    def call(self, function: Any, timeout: float = 20.0) -> Any:
        """``function(context)`` on the station's thread; its result (or its error raised)."""
        box: dict[str, Any] = {}

        def run(context: Any) -> None:
            try:
                box["result"] = function(context)
            except Exception as error:
                box["error"] = error
            box["done"] = True

        self.calls.submit(run)
        deadline = time.monotonic() + timeout
        while self.calls.pending and time.monotonic() < deadline:
            QCoreApplication.processEvents()
            time.sleep(0.005)
        if "done" not in box:
            raise TimeoutError("the station's thread did not answer")
        if "error" in box:
            raise box["error"]
        return box.get("result")

    def wait_idle(self, *others: Any, timeout: float = 20.0) -> None:
        """Until every call in flight (and ``others``' ``pending``) is answered."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            QCoreApplication.processEvents()
            if not self.calls.pending and not any(o.pending for o in others):
                return
            time.sleep(0.005)
        raise TimeoutError("calls still pending")

    def close(self) -> None:
        self.thread.stop()


def play_pai_gow_to_validation(station: Station, hands: Mapping[int | str, str], *,
                               wager: int = 1000) -> int:
    """Play a Pai Gow round on a table offering the progressive until settlement, where the
    progressive winners wait for a supervisor: ``hands`` by position (``"dealer"`` for the
    dealer's hand; seven cards each), a wager and a $1 progressive chip at every numbered
    position. Returns the round number."""
    station.start_round()
    station.perform(pai_gow.Shuffle())
    players = [p for p in hands if isinstance(p, int) and p != DEALER]
    for position in players:
        station.perform(pai_gow.PlaceWager(position=position, amount=wager))
        station.perform(pai_gow.AcceptorLit(position=position))
    station.perform(pai_gow.NoMoreBets())
    station.perform(pai_gow.ConfirmLightCount(chips=len(players)))
    station.perform(pai_gow.DetermineStartingPosition(number=1))
    wanted = {str(DEALER if p == "dealer" else p): list(parse_cards(h, count=7, allow_joker=True))
              for p, h in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    spare = [c for c in pai_gow_deck() if c not in used]
    shoe = []
    start = _open(station, PaiGowRound).start
    assert start is not None  # the starting position was determined above
    for position in delivery_order(start):
        cards = wanted.get(str(position))
        if cards is None:
            cards, spare = spare[:7], spare[7:]
        shoe.extend(cards)
    station.perform(pai_gow.Deal(cards=tuple(c.text for c in shoe + spare)))
    station.perform(pai_gow.PlayersHaveSet())  # the players set their own hands, (g)(2)
    station.perform(pai_gow.SetDealerHand())
    for position in _open(station, PaiGowRound).exposure_order():  # from the far right, (g)(4)
        station.perform(pai_gow.SetHandHouseWay(position=position))
    round_id = _round_id(station)
    station.perform(pai_gow.Settle())
    return round_id
