"""Journey: a Pai Gow table set up for the progressive wager, a round with a progressive chip
sensed by the acceptor, then a hit validated by a supervisor and its jackpot record, as a floor
does it, without Python: the supervisor offers the progressive and creates its meter on screen;
the player's $1 chip is placed on the position's acceptor, and the winning hand stacked in the
shoe, through the simulated-table panel."""
from __future__ import annotations

import re

from journey_steps import (
    PAI_GOW_STEPS,
    SUPERVISOR,
    back_to_the_table,
    chip_on_acceptor,
    create_meter,
    history,
    jackpot_record,
    offer_side_wager,
    open_pai_gow_round,
    pai_gow_table,
    play_on,
    press_and_follow,
    stack_the_shoe_for,
    staff_screen,
    step_of,
    table_with_a_dealer,
    tick_next,
)

ROYAL = "As Ks Qs Js Ts 2c 2d"
WINNER_NAME = "Zofia Quimby"


def test_a_progressive_meter_created_a_wager_sensed_a_hit_validated_5324_41_k(open_station):
    """A progressive meter created on screen, a progressive wager sensed, a hit validated

    The supervisor switches the table to Pai Gow Poker, offers the progressive on the
    Configuration page and creates the meter on the Meters page (name, base $10,000, rate
    21%). The dealer opens a round, enters a wager at position 2; the player's $1 progressive
    chip is placed on position 2's acceptor through SIMULATED TABLE: the wager entry shows it
    LIT. NO MORE BETS locks out; the dealer counts the chips against the lights (1 = 1); the
    round is dealt by the shoe and settled with the progressive wager in it; the Meters page
    then shows the contribution. In the next round the shoe is stacked by hand (SIMULATED
    TABLE → STACK NEXT CARDS) so that position 2 receives a natural royal flush: the dealer's
    screen asks for a supervisor's validation ((k)(3)(iii)); the supervisor signs it with id
    and PIN and presses APPROVE: $10,000 reaches the reporting threshold, so the dealer's
    screen refuses, naming the supervisor's screen; there, on Progressive validation, APPROVE
    AND PAY asks for the winner's ID type, name, ID number and address and approves with them;
    back at the table the payment from the meter is listed with jackpot record No. 1, and
    `dealer-station history jackpot 1` prints the record with the winner."""
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
    chip_on_acceptor(station, 2, shot="chip-placed",
                     caption="SIMULATED TABLE → 2 · PLACE CHIP: the player's $1 progressive "
                             "chip on position 2's acceptor")
    station.wait_for(re.compile(r"^Progressive \$1\.00: LIT"))
    station.shot("progressive-lit", "The acceptor senses the chip: position 2's progressive "
                                    "wager is LIT")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    assert step.phase == "LOCKOUT" and step.actions[0] == "1 CHIP = 1 LIGHT", step
    station.shot("lockout-count", f"Lockout: {step.instruction}")
    seen: list[str] = []
    step = play_on(station, step, shots="Pai Gow", seen=seen,
                   until=lambda s: s.phase == "EXPOSURE")
    # SET HAND before any card is tapped records nothing: the screen says what a second
    # press would record (no card low, a foul) and the step stays
    assert step.actions[0] == "SET HAND", step
    station.press(re.compile(r"^SET HAND$"))
    station.wait_for(re.compile(r"^No card picked: tap the low hand's cards, or SET HAND "
                                r"again if the player set none low"))
    assert step_of(station.look()).key == step.key, "SET HAND with nothing picked moved on"
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

    # the next round: a natural royal flush at position 2 (the shoe stacked by hand), a hit
    open_pai_gow_round(station, {2: 25})
    chip_on_acceptor(station, 2)
    station.wait_for(re.compile(r"^Progressive \$1\.00: LIT"))
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    step = play_on(station, step, shots="", until=lambda s: s.phase == "DEAL")
    stack_the_shoe_for(station, 2, ROYAL)
    step = play_on(station, step_of(station.look()), shots="",
                   until=lambda s: s.phase == "PROGRESSIVE VALIDATION")
    hit = station.wait_for(re.compile(
        rf"^position 2: {ROYAL} = natural royal flush and pair; meter \$10,000\.\d\d; "
        r"pays \$10,000\.\d\d$"))
    station.shot("hit", f"A hit: the dealer's screen asks a supervisor to validate ({ROYAL})")
    station.fill(re.compile(r"^Id$"), SUPERVISOR[0])
    station.fill(re.compile(r"^PIN$"), SUPERVISOR[2])
    station.shot("validating", "The supervisor signs the validation with id and PIN")
    # $10,000 reaches the reporting threshold: the dealer's screen never approves it, the
    # supervisor's validation page does, with the winner's identification
    station.press("APPROVE")
    station.wait_for(re.compile(r"reaches the reporting threshold .*supervisor's screen "
                                r"\(Progressive validation\)"), patience=40)
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    station.press("Progressive validation")
    station.wait_for(re.compile(r"· the winner's ID needed$"), patience=40)
    station.press("APPROVE AND PAY")
    station.press("PASSPORT")
    station.fill("winner's name, as on the ID", WINNER_NAME)
    station.fill("ID number", "PQ7730152")
    station.fill("winner's address", "41 Juniper Hollow Road, Albany NY 12207")
    station.press("APPROVE AND PAY")
    station.wait_for(re.compile(r"^Approved: jackpot record No\. 000001"), patience=40)
    station.wait_for(re.compile(rf"^Winner\s+{WINNER_NAME}$", re.M), patience=10)
    back_to_the_table(station)
    step = step_of(station.wait(lambda s: step_of(s).phase == "JACKPOT RECORD",
                                "the jackpot record step on the dealer's screen", 40))
    station.wait_for(re.compile(r"^progressive: natural royal flush and pair · paid from the "
                                rf"meter at \$10,000\.\d\d, validated by {SUPERVISOR[0]}; "
                                r"jackpot record No\. 1"))
    station.shot("jackpot-record", f"Validated: {step.instruction}; the payment is listed")
    # the payout is a line to tick like the others: the round cannot end before it is ticked
    assert not step.all_ticked and "JACKPOT RECORD COMPLETE" not in step.actions, step
    step = tick_next(station, step)
    assert step.all_ticked and step.actions[0] == "JACKPOT RECORD COMPLETE", step
    end = play_on(station, step, shots="")
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    record = jackpot_record(station.data_dir, 1)
    assert re.search(r"Winning hand\s+Natural royal flush and pair", record), record
    assert re.search(rf"Validated by\s+{SUPERVISOR[0]}", record), record
    assert re.search(rf"Winner\s+{WINNER_NAME}", record), record
    assert hit
