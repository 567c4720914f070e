"""Journey: the shoe jams mid-deal in a Pai Gow round and the round is recovered, as a floor
does it — the jam made and cleared by hand through the simulated-table panel, the technician
looking in during the round, the dealer going on where the deal stopped."""

from __future__ import annotations

import re

from journey_steps import (
    PAI_GOW_STEPS,
    SUPERVISOR,
    TECHNICIAN,
    back_to_the_table,
    create_account,
    dispense_stack,
    history,
    pai_gow_round_at_the_deal,
    play_on,
    simulated_table,
    staff_screen,
    step_of,
)


def test_a_shoe_jam_mid_deal_is_recovered_and_the_round_completes_5324_41_f(open_station):
    """A shoe jam mid-deal, recovered (Pai Gow Poker)

    A Pai Gow round is being dealt by the simulated shoe. After the first stack, SIMULATED
    TABLE → JAM NEXT DISPENSE; the next DISPENSE jams: the top bar and the step say "Shoe
    fault (jam)" and the step stops. The supervisor creates a technician's account during the
    round; the technician signs in during the round and sees the shoe's fault on the devices
    page. The jam is cleared by hand (SIMULATED TABLE → CLEAR JAM); the deal goes on from the
    stack where it stopped and the round completes."""
    station = open_station("shoe-jam-recovered")
    pai_gow_round_at_the_deal(station, {1: 25, 5: 50})
    step = dispense_stack(station, 1)
    assert step.actions[0] == "DISPENSE STACK 2 OF 7", step
    station.shot("first-stack", "Pai Gow · Deal: the first stack dispensed by the shoe")

    simulated_table(station, "JAM NEXT DISPENSE", shot="jam-next",
                    caption="SIMULATED TABLE → JAM NEXT DISPENSE: a card will stick")
    station.press("DISPENSE STACK 2 OF 7")
    stopped = station.wait_for(re.compile(r"Shoe fault \(jam\)"))
    assert not stopped.reachable("DISPENSE STACK 2 OF 7"), "the step goes on with a jammed shoe"
    station.shot("jammed", "The shoe jams: the step stops and says what to do")

    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    with station.shots.pause():
        create_account(station, TECHNICIAN, role="technician")
    back_to_the_table(station)
    staff_screen(station, "TECHNICIAN", TECHNICIAN)
    screen = station.wait_for(re.compile(r"^Round 1 is in progress"))
    assert screen.reachable("CLEAR FAULTS"), screen.summary()
    shoe = station.find(re.compile(r"^shoe \|"), kind="row")  # the device in trouble: first
    assert re.search(r"jam|fault", shoe.text, re.I), shoe.text
    station.shot("technician", "The technician signs in during the round: the devices, the "
                               "round's limits, CLEAR FAULTS")
    back_to_the_table(station)

    simulated_table(station, "CLEAR JAM", shot="jam-cleared",
                    caption="SIMULATED TABLE → CLEAR JAM: the stuck card taken out by hand")
    station.find("DISPENSE STACK 2 OF 7", patience=30)
    station.wait_gone(re.compile(r"Shoe fault \(jam\)"))
    station.shot("deal-resumes", "The shoe is back: the deal goes on at stack 2 of 7")
    seen: list[str] = []
    end = play_on(station, step_of(station.look()), shots="Pai Gow", seen=seen)
    remaining = iter(PAI_GOW_STEPS)
    assert all(phase in remaining for phase in seen), seen
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*pai.gow.*complete", listed, re.I | re.S), listed
