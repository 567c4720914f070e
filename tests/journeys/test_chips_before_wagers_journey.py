"""Journey: every acceptor chip placed before its position's wager, as players do at a real
table, on the simulated table as shipped (5324.34(a)(3), (c)(6)(ii); 5324.41(d)(4), (k)(2)):
the chip counts once the wager is entered, a chip where no wager ever comes is a RETURN line,
and the round's record re-runs to what was paid."""

from __future__ import annotations

import json
import re
from typing import Any

from journey_steps import (
    SUPERVISOR,
    back_to_the_table,
    create_meter,
    history,
    offer_side_wager,
    pai_gow_table,
    place_wagers,
    play_on,
    press_and_follow,
    simulated_table,
    staff_screen,
    step_of,
    table_with_a_dealer,
    wait_step,
)

from dealer_station.commands.settle import settler_for


def _chips(*positions: int) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(rf"^{p} · PLACE CHIP$") for p in positions)


def _settled(data_dir: object, round_number: int, wager: str) -> dict[tuple[int, str], int]:
    """The round's document as ``dealer-station history show N --json`` prints it, re-run
    as the History page does (it must match every payment made): how many lines ``wager``
    has at each (position, outcome)."""
    shown: dict[str, Any] = json.loads(history(data_dir, "show", str(round_number), "--json"))
    document: dict[str, Any] = shown["document"]
    settle = settler_for(document["game"])
    check = settle(document)
    assert check["matches"], check["differences"]
    lines: dict[tuple[int, str], int] = {}
    for line in document["payments"]:
        if line["wager"] == wager:
            key = (int(line["position"]), str(line["outcome"]))
            lines[key] = lines.get(key, 0) + 1
    return lines


def _settled_once(lines: dict[tuple[int, str], int], position: int) -> bool:
    return sum(n for (p, outcome), n in lines.items()
               if p == position and outcome in ("collect", "pay", "push")) == 1


def test_bonus_chips_placed_before_the_wagers_are_settled_5324_34_c_6_ii(open_station):
    """Let It Ride: the $1 bonus chips on the acceptors before the dealer enters the wagers

    START ROUND; through SIMULATED TABLE a $1 chip is placed on the bonus acceptors of
    positions 1, 3 and 6 before any wager; the dealer then enters the wagers of positions 1
    and 3 only. NO MORE BETS: positions 1 and 3 carry their bonus wagers (the felt shows them
    lit), position 6's chip is a RETURN line for the dealer. The round is played to its end;
    its bonus wagers at 1 and 3 are settled with the others and the history's re-run matches
    every payment."""
    station = open_station("chips-before-wagers-let-it-ride")
    table_with_a_dealer(station)
    wait_step(station, "BETWEEN ROUNDS")
    press_and_follow(station, "START ROUND")
    wait_step(station, "BETTING")
    simulated_table(station, *_chips(1, 3, 6), shot="chips-first",
                    caption="SIMULATED TABLE: $1 chips on the bonus acceptors of positions 1, "
                            "3 and 6 before any wager")
    station.shot("chips-on-the-felt", "The felt shows the three chips RETURN, not lit: no "
                                      "wagers there yet")
    place_wagers(station, {1: 10, 3: 10})
    station.shot("wagers-after-chips", "The wagers of positions 1 and 3 entered after their "
                                       "chips: both bonus wagers lit; 6 still RETURN")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    screen = station.wait_for(re.compile(r"^RETURN"))
    assert screen.shows(re.compile(r"bonus · bonus chip sensed without wagers")), \
        screen.summary()
    station.shot("lockout-return-line", "NO MORE BETS: position 6's chip is a RETURN line; "
                                        "1 and 3 carry their bonus wagers")
    end = play_on(station, step, shots="Let It Ride")
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    lines = _settled(station.data_dir, 1, "bonus")
    assert _settled_once(lines, 1) and _settled_once(lines, 3), lines
    assert lines.get((6, "return")) == 1 and len(lines) == 3, lines


def test_progressive_chips_placed_before_the_wagers_are_counted_5324_41_k_2(open_station):
    """Pai Gow Poker: the $1 progressive chips on the acceptors before the wagers

    The supervisor offers the progressive and creates its meter. START ROUND, SHUFFLED;
    through SIMULATED TABLE chips are placed on the acceptors of positions 2, 4 and 5 before
    any wager; the dealer enters wagers at 2 and 4. NO MORE BETS: the count is "2 CHIPS = 2
    LIGHTS" (the chip at 5 is a RETURN line, not a light); the round is dealt, settled with
    both progressive wagers, and the history's re-run matches every payment."""
    station = open_station("chips-before-wagers-pai-gow")
    table_with_a_dealer(station)
    with station.shots.pause():
        pai_gow_table(station)
        staff_screen(station, "SUPERVISOR", SUPERVISOR)
        offer_side_wager(station, "progressive")
        create_meter(station, "Pai Gow progressive", "$10,000", "21%")
        back_to_the_table(station)
    wait_step(station, "BETWEEN ROUNDS")
    play_on(station, press_and_follow(station, "START ROUND"), shots="",
            until=lambda step: step.phase == "BETTING")
    simulated_table(station, *_chips(2, 4, 5), shot="chips-first",
                    caption="SIMULATED TABLE: $1 progressive chips on the acceptors of "
                            "positions 2, 4 and 5 before any wager")
    station.shot("chips-on-the-felt", "The felt shows the three chips RETURN, not lit: no "
                                      "wagers there yet")
    place_wagers(station, {2: 25, 4: 25})
    step = step_of(station.look())
    while "BANK DECLINED" in step.actions:
        step = press_and_follow(station, "BANK DECLINED")
    station.wait_for(re.compile(r"^Progressive \$1\.00: LIT"))
    station.shot("wagers-after-chips", "The wagers of 2 and 4 entered after their chips: both "
                                       "progressive wagers LIT; 5 RETURN")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    assert step.phase == "LOCKOUT" and step.actions[0] == "2 CHIPS = 2 LIGHTS", step
    station.shot("lockout-count", f"Lockout: {step.instruction}")
    end = play_on(station, step, shots="Pai Gow")
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    lines = _settled(station.data_dir, 1, "progressive")
    assert _settled_once(lines, 2) and _settled_once(lines, 4), lines
    assert lines.get((5, "return")) == 1 and len(lines) == 3, lines
