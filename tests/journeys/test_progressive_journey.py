"""Journey: a Pai Gow table set up for the progressive wager and a round with a progressive
chip sensed by the acceptor, as a floor does it, without Python: the supervisor offers the
progressive and creates its meter on screen; the player's $1 chip is placed on the position's
acceptor through the simulated-table panel."""

from __future__ import annotations

import re

from journey_steps import (
    PAI_GOW_STEPS,
    SUPERVISOR,
    back_to_the_table,
    create_meter,
    history,
    offer_side_wager,
    open_pai_gow_round,
    pai_gow_table,
    play_on,
    press_and_follow,
    simulated_table,
    staff_screen,
    step_of,
    table_with_a_dealer,
    wait_step,
)


def test_a_progressive_meter_created_on_screen_and_a_progressive_wager_sensed_5324_41_k(
        open_station):
    """A progressive meter created on screen, a progressive wager sensed (Pai Gow Poker)

    The supervisor switches the table to Pai Gow Poker, offers the progressive on the
    Configuration page and creates the meter on the Meters page (name, base $10,000, rate
    21%). The dealer opens a round, enters a wager at position 2; the player's $1 progressive
    chip is placed on position 2's acceptor through SIMULATED TABLE: the wager entry shows it
    LIT. NO MORE BETS locks out; the dealer counts the chips against the lights (1 = 1); the
    round is dealt by the shoe and settled with the progressive wager in it; the Meters page
    then shows the contribution."""
    station = open_station("progressive-wager-sensed")
    table_with_a_dealer(station)
    with station.shots.pause():
        pai_gow_table(station)
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    offer_side_wager(station, "progressive")
    screen = create_meter(station, "Pai Gow progressive", "$10,000", "21%")
    assert screen.shows("$10,000.00") or screen.shows(re.compile(r"10,000")), screen.summary()
    back_to_the_table(station)

    open_pai_gow_round(station, {2: 25})
    simulated_table(station, re.compile(r"^2 · PLACE CHIP$"), shot="chip-placed",
                    caption="SIMULATED TABLE → 2 · PLACE CHIP: the player's $1 progressive "
                            "chip on position 2's acceptor")
    station.wait_for(re.compile(r"^Progressive \$1\.00: LIT"))
    station.shot("progressive-lit", "The acceptor senses the chip: position 2's progressive "
                                    "wager is LIT")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    assert step.phase == "LOCKOUT" and step.actions[0] == "1 CHIPS = 1 LIGHTS", step
    station.shot("lockout-count", f"Lockout: {step.instruction}")
    seen: list[str] = []
    end = play_on(station, step, shots="Pai Gow", seen=seen)
    remaining = iter(("LOCKOUT", *PAI_GOW_STEPS))
    assert all(phase in remaining for phase in seen), seen
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    assert station.look().shows(re.compile(r"^progressive")), "no progressive line settled"
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*pai.gow.*complete", listed, re.I | re.S), listed

    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    station.press("Meters")
    station.press("REFRESH")
    contributions = station.wait(
        lambda s: any(re.fullmatch(r"\$0\.2\d", t.text) for t in s.visible()),
        "the round's contribution on the Meters page")
    assert contributions
    station.shot("meter-after", "Supervisor → Meters after the round: the wager's "
                                "contribution on the meter")
    back_to_the_table(station)
    wait_step(station, "BETWEEN ROUNDS")
    assert step_of(station.look()).phase == "BETWEEN ROUNDS"
