"""Journey: a round of each game played with the keyboard alone in the real window, on the
simulated table as shipped: START ROUND by its key, each position by its digit and its wager
typed in dollars with Enter, the bank declined by its key, every step's next action by Enter
(or its letter), the decisions by R and T, the payments ticked with Space. Only the table's
setup (the accounts, the game chosen) uses the mouse; nothing of the round does."""

from __future__ import annotations

import time

from journey_person import Station
from journey_steps import (
    READING,
    SUPERVISOR,
    Step,
    back_to_the_table,
    choose_game,
    key_and_follow,
    key_step,
    staff_screen,
    step_of,
    table_with_a_dealer,
    wager_by_keys,
    wait_step,
)

from dealer_station.ui.key_guard import QUIET_SECONDS


def _by_keys(station: Station, game: str, wagers: dict[int, int]) -> list[str]:
    """The round from BETWEEN ROUNDS to the next, by keys only; the steps seen."""
    seen: list[str] = []
    step = key_and_follow(station, "s")  # START ROUND
    placed = False
    for _ in range(200):
        if not seen or seen[-1] != step.phase:
            seen.append(step.phase)
            station.shot(f"keys-{step.phase.lower().replace(' ', '-')}",
                         f"{game} by keys · {step.phase.title()}: {step.instruction}")
        if step.phase == "BETWEEN ROUNDS" and len(seen) > 1:
            return seen
        if step.phase == "BETTING" and not placed:
            for position, dollars in wagers.items():
                wager_by_keys(station, position, dollars)
            placed = True
            step = step_of(station.look())
            continue
        step = key_step(station, step)
    raise AssertionError(f"the round did not end; steps seen: {seen}")


def test_a_round_of_each_game_by_the_keyboard_alone_5324_34_5324_41(open_station):
    """Let It Ride, then Pai Gow Poker, each round played by keys only."""
    station = open_station("keyboard-round")
    table_with_a_dealer(station)
    seen = _by_keys(station, "Let It Ride", {3: 25, 6: 10})
    assert {"BETTING", "DEALING", "BET ONE", "BET TWO", "SHOWDOWN"} <= set(seen), seen
    end: Step = step_of(station.look())
    assert end.phase == "BETWEEN ROUNDS", end
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    choose_game(station, "Pai Gow Poker")
    back_to_the_table(station)
    wait_step(station, "BETWEEN ROUNDS")
    # keys typed just after a staff screen closes are held until the keyboard is quiet
    # (key_guard: an id or PIN meant for a sign-in that is gone): a person pauses first
    time.sleep(QUIET_SECONDS + READING)
    seen = _by_keys(station, "Pai Gow", {2: 25, 5: 100})
    assert {"BETTING", "DEAL", "EXPOSURE", "SETTLEMENT"} <= set(seen), seen
