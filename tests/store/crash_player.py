"""A station process playing simulated Let It Ride rounds until ``ROUNDS`` rounds are finished,
for the crash-recovery test (which SIGKILLs it at random moments and starts it again).

Every round's actions are a plan fixed by the round number (wagers, the shoe's cards, the
decisions; now and then a dealer's call for a supervisor who voids the round), so a restarted
process carries on with ``plan[len(history):]`` exactly where the journal stands. After every
fifth round a supervisor validates a small progressive payout for it.

Usage: ``python crash_player.py DATA_DIR ROUNDS SEED [GAME]`` with GAME ``let_it_ride`` (the
default) or ``high_card`` (the tests' fake game).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from own_pins import own_pin_once

from dealer_station.cards import standard_deck
from dealer_station.games.let_it_ride.autoplay import deal, play_out, take_wagers
from dealer_station.games.let_it_ride.phases import Phase
from dealer_station.games.let_it_ride.station_round import new_round
from dealer_station.station import Station, register_game
from dealer_station.store import journal, users
from dealer_station.store import meters as meter_store

TABLE = "LIR-1"
SETTINGS: dict[str, Any] = {"table": {"dealing": "shoe", "minimum": 5, "maximum": 100}}
STATION = {"void_interrupted_phases": ["dealing"]}
PINS = {"S1": "111111", "S2": "222222", "D1": "3333"}
METER = "bonus_progressive"
RESET = 100_000
RATE_BP = 2100
JACKPOT_EVERY = 5
JACKPOT = 150


def high_card_plan(round_id: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """The actions of a round of the fake game (see ``fakegame.py``)."""
    import fakegame

    rng = random.Random(f"{seed}:{round_id}")
    scratch = fakegame.HighCardRound({"positions": 3, "minimum": 500})
    for position in sorted(rng.sample(range(1, 4), rng.randint(1, 3))):
        scratch.place_wager(position=position, wager="ante", amount=rng.choice((500, 1000)))
        if rng.random() < 0.6:
            scratch.place_wager(position=position, wager="progressive", amount=100)
    scratch.lock_out()
    deck = [card.text for card in standard_deck()]
    rng.shuffle(deck)
    while scratch.phase == "dealing":
        scratch.deal(card=deck.pop())
    scratch.settle()
    scratch.collect_cards()
    return [(record.action, dict(record.arguments)) for record in scratch.history]


def let_it_ride_plan(round_id: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """The actions of Let It Ride round ``round_id``, as (action, arguments)."""
    rng = random.Random(f"{seed}:{round_id}")
    scratch = new_round(SETTINGS)
    positions = sorted(rng.sample(range(1, 8), rng.randint(1, 3)))
    take_wagers(scratch, rng, positions)
    deck = list(standard_deck())
    rng.shuffle(deck)
    deal(scratch, deck)
    if round_id % 13 == 7:
        scratch.call_supervisor(reason="chips placed at the wrong position")
        scratch.resolve_halt(supervisor="S2", resolution="void_round")
        if scratch.phase is Phase.RETURN_WAGERS:  # every RETURN line given back
            scratch.return_wagers()
        while scratch.phase is Phase.COLLECT_CARDS:
            scratch.collect_cards()
    else:
        play_out(scratch, deck, {p: rng.random() < 0.5 for p in positions},
                 {p: rng.random() < 0.5 for p in positions})
    assert scratch.is_complete
    return [(record.action, dict(record.arguments)) for record in scratch.history]


def setup(station: Station) -> None:
    """Accounts and the meter, each made once (the process may be killed in between)."""
    if station.needs_first_supervisor:
        station.create_first_supervisor("S1", "Sam Super", PINS["S1"])
    for user_id, role in (("S2", "supervisor"), ("D1", "dealer")):
        if users.account(station.store, user_id) is None:
            station.create_user(user_id, user_id, role, PINS[user_id], supervisor="S1",
                                pin=PINS["S1"])
        own_pin_once(station, station.store, user_id, PINS[user_id])
    if not station.meters():
        station.create_meter(METER, wager=GAMES[station.game][2], reset=RESET, rate_bp=RATE_BP,
                             supervisor="S1", pin=PINS["S1"])


def perform(station: Station, action: str, arguments: Mapping[str, Any]) -> None:
    if "supervisor" in arguments:
        rest = {k: v for k, v in arguments.items() if k != "supervisor"}
        supervisor = arguments["supervisor"]
        station.supervise(action, supervisor=supervisor, pin=PINS[supervisor], **rest)
    else:
        station.perform(action, **arguments)


def deal_round(station: Station, seed: int) -> None:
    """Start a Let It Ride round and deal it to its end (``let_it_ride_plan``)."""
    station.start_round()
    assert station.round_id is not None
    for action, arguments in let_it_ride_plan(station.round_id, seed):
        perform(station, action, arguments)


def play(data_dir: str | Path, rounds: int, seed: int) -> None:
    """Open the Let It Ride table in ``data_dir``, deal ``rounds`` rounds and close it."""
    station = Station.open(TABLE, str(data_dir), game="let_it_ride", settings=SETTINGS,
                           pin_cost=2**8)
    try:
        setup(station)
        station.sign_in("D1", PINS["D1"])
        for _ in range(rounds):
            deal_round(station, seed)
        station.sign_out()
    finally:
        station.close()


def finish_the_void(station: Station) -> None:
    """WAGERS RETURNED and CARDS COLLECTED of a round the recovery voided."""
    while station.round is not None and station.round.step.phase in ("return_wagers",
                                                                     "collect_cards"):
        station.perform(station.round.step.actions[0])
        sys.stdout.write(".")
        sys.stdout.flush()


def pay_jackpots(station: Station) -> None:
    """Every fifth completed round gets a validated payout, exactly once."""
    paid = {j.round_id for j in meter_store.jackpots(station.store)}
    for summary in journal.rounds(station.store, status="complete", limit=3):
        if summary.id % JACKPOT_EVERY == 0 and summary.id not in paid:
            with station.store.transaction() as work:  # the store's jackpot record itself
                meter_store.pay_jackpot(work, METER, round_id=summary.id, position="1",
                                        hand="Three of a kind", amount=JACKPOT,
                                        dealer=summary.dealer, supervisor="S2")


#: game -> (settings, plan, the wager feeding the meter)
GAMES: dict[str, tuple[dict[str, Any], Any, str]] = {
    "let_it_ride": (SETTINGS, let_it_ride_plan, "bonus"),
    "high_card": ({"positions": 3, "minimum": 500}, high_card_plan, "progressive"),
}


def main(data_dir: str, rounds: int, seed: int, game: str = "let_it_ride") -> int:
    if game == "high_card":
        sys.path.insert(0, str(Path(__file__).parent))
        import fakegame

        register_game("high_card", fakegame.new_round)
    settings, plan, _wager = GAMES[game]
    station = Station.open(TABLE, data_dir, game=game, settings=settings,
                           station_settings=STATION, pin_cost=2**8)
    setup(station)
    station.sign_in("D1", PINS["D1"])
    print("ready", flush=True)  # the test's cue: from here a kill lands in the rounds
    while True:
        pay_jackpots(station)
        if station.round is None:
            if station.store.query("SELECT COUNT(*) FROM rounds")[0][0] >= rounds:
                break
            station.start_round()
        assert station.round_id is not None and station.round is not None
        if any(r.action == "void" for r in station.round.history):
            # voided at start-up (interrupted while dealing): the dealer returns the wagers
            # and collects the cards, as after any void (the plan itself never voids so)
            finish_the_void(station)
            continue
        actions = plan(station.round_id, seed)
        for action, arguments in actions[len(station.round.history):]:
            perform(station, action, arguments)
            sys.stdout.write(".")  # one committed record, for the test's kill schedule
            sys.stdout.flush()
    station.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *sys.argv[4:5]))
