"""Issue 16: 200 random Pai Gow Poker rounds with the progressive on the simulated table, played
through the product's own controller, adapter, device hub and drivers against the simulated
devices (in-process transport): the progressive chips are sensed by the simulated acceptors and
counted at the (k)(2) light check; the shoe dispenses each stack; hits are forced by a test-only
deck arrangement loaded through the simulator's back door (the only back door used); claims are
shown, approved or rejected through the station as the supervisor's screen does.

At every round end the meter is checked to the cent against its journal: contributions −
payments + the house's reseeds = current − reset (the reseed tops a meter a hit took below its
base back up to it), and every jackpot record matches its round's journal: the round, the
position, the seven cards dealt there, the hand, the amount and the meter before and after."""

from __future__ import annotations

import queue
import random
import shutil
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account
from winner_support import WINNER

from dealer_station.cards import card_codes, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.dealing import delivery_order, starting_position
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.store import journal
from dealer_station.store import meters as meter_store
from dealer_station.store.round_dealers import dealers_of_round
from dealer_station.table_config import load_table_config
from dealer_station.ui.app import build_controller
from dealer_station.ui.controller import TableController

ROUNDS = int(__import__("os").environ.get("PROGRESSIVE_ROUNDS", "200"))
METER = "pai_gow_progressive"
HITS = ["As Ks Qs Js Ts 9c 9d",  # natural royal flush and pair: 100% of the meter
        "Ah Kh Qh Jh Th 8c 3d",  # natural royal flush: 10% of the meter
        "Ad Ac Ah As JK 8h 8d",  # five aces and pair: 100% of the meter
        "5h 6h 7h 8h 9h 2c 2d",  # straight flush and pair: $50 from the meter
        "9s 8s 7s 6s 5s Kc 2d",  # straight flush: $25 from the meter
        "Kc Kd Kh Ks 5c 5d 2h"]  # four of a kind and pair: $40 from the chip tray
SUPERVISORS = [("S1", "111111"), ("S2", "222222")]


class Bridge:
    """The device manager's callbacks, queued for the test's thread (the window's worker)."""

    def __init__(self) -> None:
        self.events: queue.Queue[Any] = queue.Queue()

    def on_event(self, event: Any) -> None:
        self.events.put(event)

    def on_health(self, health: Any) -> None:
        self.events.put(tuple(health) if isinstance(health, (list, tuple)) else (health,))

    def on_error(self, text: str) -> None:
        raise AssertionError(f"device error: {text}")


def pump(controller: TableController, bridge: Bridge, until: Any, timeout: float = 5.0) -> None:
    """Hand the device events to the controller until ``until()``."""
    deadline = time.monotonic() + timeout
    seen: list[Any] = []
    while not until():
        try:
            event = bridge.events.get(timeout=max(deadline - time.monotonic(), 0.001))
        except queue.Empty:
            round_ = controller.station.round
            raise AssertionError(f"timed out waiting for the devices: "
                                 f"{round_.step if round_ else None} {seen}") from None
        if isinstance(event, tuple):
            controller.note_health(event)
        else:
            seen.append(event)
            controller.device_event(event)


def arranged_deck(hands: Mapping[int, str], start: int, rng: random.Random) -> list[Any]:
    """The deck whose stacks, delivered from ``start``, give each position its hand."""
    wanted = {p: list(parse_cards(h, count=7, allow_joker=True)) for p, h in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    spare = [c for c in pai_gow_deck() if c not in used]
    rng.shuffle(spare)
    out: list[Any] = []
    for position in delivery_order(start):
        cards = wanted.get(position)
        if cards is None:
            cards, spare = spare[:7], spare[7:]
        out.extend(cards)
    return out + spare


def press(controller: TableController, name: str) -> None:
    controller.command(name)
    round_ = controller.station.round
    assert not controller.message, (controller.message, round_.step.phase if round_ else None,
                                    str(controller.devices.health.get('shoe')))


def play_round(controller: TableController, bridge: Bridge, backdoor: Any,
               rng: random.Random, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    station: Any = controller.station
    number = rng.randint(1, 7)
    monkeypatch.setattr("dealer_station.ui.adapters.pai_gow.secrets.randbelow",
                        lambda n: number - 1)
    start = starting_position(number, anchor=DEALER)
    positions = sorted(rng.sample(range(1, 7), rng.randint(1, 6)))
    hits = {p: rng.choice(HITS) for p in positions if rng.random() < 0.2}
    chosen: dict[int, str] = {}
    for position, hand in hits.items():  # two positions never hold the same card
        if not set(hand.split()) & {c for h in chosen.values() for c in h.split()}:
            chosen[position] = hand
    hits = chosen
    backdoor.deal_known_cards(card_codes(arranged_deck(hits, start, rng)))
    press(controller, "start_round")
    while station.round.step.phase == "shuffle":
        press(controller, "shuffled")
    progressive = [p for p in positions if rng.random() < 0.7] + list(hits)
    progressive = sorted(set(progressive))
    while station.round.step.phase == "betting" and "accept_bank" in station.round.step.actions:
        press(controller, "decline_bank")  # the bank offered around the table (h)(3)
    for position in positions:
        controller.place(position, {"base": rng.choice([1000, 2500, 5000])})
    while station.round.step.phase == "betting" and "accept_bank" in station.round.step.actions:
        press(controller, "decline_bank")
    if progressive:  # the players drop their chips once the acceptors are open
        pump(controller, bridge, lambda: controller.devices.lockout is not True)
        deadline = time.monotonic() + 5
        while any(backdoor.table.acceptors[p].locked for p in progressive):
            assert time.monotonic() < deadline, "the acceptors stay locked"
            time.sleep(0.001)
    for position in progressive:
        backdoor.place_chip(position)  # the $1 chip dropped in the acceptor (d)(4)
    pump(controller, bridge, lambda: set(station.round.optional.lockout.lit) == set(progressive))
    while station.round.step.phase == "betting" and "accept_bank" in station.round.step.actions:
        press(controller, "decline_bank")
    press(controller, "no_more_bets")
    if station.round.step.phase == "dealer_wager":
        press(controller, "dealer_wager")
    press(controller, "count")  # the chips equal the lights (k)(2)
    for position in progressive:  # ... and the dealer puts them in the chip tray
        backdoor.remove_chip(position)
    press(controller, "rng")
    assert station.round.start == start
    while station.round.step.phase == "deal":
        stacks = len(controller.devices.stacks)
        records = len(station.round.history)
        press(controller, "dispense")
        pump(controller, bridge, lambda s=stacks, r=records: (
            len(controller.devices.stacks) > s or len(station.round.history) > r))
    press(controller, "players_have_set")
    press(controller, "banker")
    while station.round.step.phase == "exposure":
        press(controller, "house_way")
    for line in controller.payments(station.round):
        controller.tick(line.order, True)
    round_id = station.round_id
    press(controller, "settle")
    controller.snapshot()  # the dealer's screen shows the round waiting for the supervisor
    decided = []
    while station.round is not None and station.round.step.phase == "progressive_validation":
        position = station.round.step.positions[0]
        who, pin = rng.choice(SUPERVISORS)
        claim = station.show_progressive_claim(round_id, position, supervisor=who, pin=pin)
        assert " ".join(c.text for c in claim.cards) == " ".join(
            c.text for c in station.round.seven_cards(position))
        approve = rng.random() < 0.85
        station.decide_progressive_claim(claim, approve=approve, supervisor=who, pin=pin,
                                         reason="" if approve else "cards disturbed",
                                         winner=WINNER)
        decided.append((claim, approve))
    while station.round is not None and station.round.step.phase == "jackpot_record":
        for line in controller.payments(station.round):  # the payout from the meter too
            controller.tick(line.order, True)
        press(controller, "jackpot_done")
    assert station.round is None, station.round.step if station.round else None
    controller.snapshot()  # the dealer's screen redraws: the round ended, its lines to tick
    assert controller.last_round is not None
    for line in controller.payments(controller.last_round):
        controller.tick(line.order, True)
    return {"round": round_id, "lit": progressive, "decided": decided, "hits": hits}


def check_meter(station: Any) -> None:
    stats = station.meter_statistics(METER)
    assert stats.contributions - stats.paid + stats.reseeded - stats.reversed == (
        stats.current - stats.reset)
    meter_store.check(station.store)


def check_jackpots(station: Any, played: dict[str, Any]) -> None:
    approved = [claim for claim, yes in played["decided"] if yes]
    records = [j for j in meter_store.jackpots(station.store) if j.round_id == played["round"]]
    assert len(records) == len(approved)
    summary = journal.round_summary(station.store, played["round"])
    document: Any = summary.document
    cards = document["cards"] if "cards" in document else document["core"]["cards"]
    for record, claim in zip(records, approved, strict=True):
        assert (int(record.position), record.hand, record.amount, record.meter_before,
                record.meter_after) == (
            claim.position, claim.hand, claim.amount, claim.meter_before, claim.meter_after)
        # the record names every dealer of the round, each with the part dealt (sign-in times)
        dealers = [turn.dealer for turn in dealers_of_round(station.store, played["round"])]
        assert dealers and dealers[0] == summary.dealer
        assert [part.split()[0] for part in record.dealer.split(", ")] == dealers
        dealt = cards[str(claim.position)]
        dealt = dealt if isinstance(dealt, str) else " ".join(dealt)
        assert dealt == " ".join(c.text for c in claim.cards)
        assert claim.position in played["lit"]


def test_200_random_progressive_rounds_on_the_simulated_table_5324_41_k(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(16)
    setup = load_table_config(game="pai_gow")
    setup.settings["side_wagers"] = {"offered": ["progressive"]}
    setup.devices = {"poll_interval": 0.002}  # [devices] poll_interval: a quicker poll, no more
    bridge, simulated = Bridge(), list[Any]()
    # the journal on a memory file system when there is one: 200 rounds are ~8,000 durable
    # commits, each an fsync on a disk (the test is about the money, not the disk)
    shm = Path("/dev/shm")
    data = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path
    controller = build_controller(setup, str(data), bridge=bridge, transport="memory",
                                  table="PG-SIM", simulated=simulated)
    try:
        station: Any = controller.station
        station.pin_cost = 2**8
        station.create_first_supervisor("S1", "Sam Super", "111111")
        add_account(station, "S2", "Sue Super", "supervisor", "222222", supervisor="S1",
                    pin="111111")
        add_account(station, "D1", "Dee Dealer", "dealer", "3333", supervisor="S1",
                    pin="111111")
        station.create_meter(METER, wager="progressive", reset=1_000_000, rate_bp=2100,
                             supervisor="S1", pin="111111")
        assert controller.sign_in("D1", "3333")
        assert controller.manager.wait_online(10)
        pump(controller, bridge, lambda: bool(controller.devices.health)
             and all(h.state.name == "CONNECTED" for h in controller.devices.health.values())
             and len(controller.devices.health) >= 3)
        backdoor = simulated[0].backdoor
        totals = {"hits": 0, "approved": 0, "rejected": 0, "fed": 0}
        for _ in range(ROUNDS):
            played = play_round(controller, bridge, backdoor, rng, monkeypatch)
            check_meter(station)
            check_jackpots(station, played)
            totals["hits"] += len(played["hits"])
            totals["fed"] += bool(played["lit"])
            totals["approved"] += sum(yes for _, yes in played["decided"])
            totals["rejected"] += sum(not yes for _, yes in played["decided"])
        stats = station.meter_statistics(METER)
        assert stats.contribution_count == totals["fed"]  # every round with a lit acceptor
        assert len(journal.rounds(station.store, status="complete")) == ROUNDS
        assert totals["approved"] > 10 and totals["rejected"] > 0 and stats.reseeds > 0
        print(f"{ROUNDS} rounds: {totals}, meter {stats.current}, paid {stats.paid}")
    finally:
        controller.close()
        if data != tmp_path:
            shutil.rmtree(data, ignore_errors=True)
