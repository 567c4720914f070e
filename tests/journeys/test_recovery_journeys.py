"""Journeys of a round that goes wrong: a supervisor voids it with a reason; the station is
killed mid-round (SIGKILL, as a power cut) and the round resumes with the payments ticked
off so far still ticked. Played in the real window, mouse and keyboard only."""

from __future__ import annotations

import re

from journey_steps import (
    SUPERVISOR,
    back_to_the_table,
    dispense_stack,
    history,
    killed_and_started_again,
    pai_gow_round_at_the_deal,
    play_on,
    press_and_follow,
    staff_screen,
    start_let_it_ride,
    table_with_a_dealer,
    tick_next,
    ticked_boxes,
    wait_step,
)

REASON = "cards flashed by the shoe, seen by the floor"


def test_a_supervisor_voids_a_round_mid_deal_with_a_reason(open_station):
    """A round voided mid-deal: each RETURN line ticked (kept across a kill -9), then the cards

    The dealer has dealt the first stack when the floor stops the round: SUPERVISOR → Round in
    progress shows the round and its wagers; the supervisor types the reason and presses VOID
    THE ROUND: RETURN EVERY WAGER. The dealer's screen shows one RETURN line per wager (position,
    wager, amount); the dealer ticks the first with Space, the station is killed (SIGKILL) and
    started again: the same line is still ticked. The rest are ticked, WAGERS RETURNED, then
    CARDS COLLECTED: only then is the table between rounds, and its history lists the round as
    void."""
    station = open_station("round-voided")
    table_with_a_dealer(station)
    start_let_it_ride(station, {2: 10, 5: 25}, shots=False)
    press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    step = press_and_follow(station, "DISPENSE")
    assert step.phase == "DEALING", step
    station.shot("mid-deal", f"Mid-deal: {step.instruction}")
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    station.press("Round in progress")
    station.wait_for(re.compile(r"^Round 1 · .*dealer D-2002", re.S))
    station.fill(re.compile("reason the round is voided"), REASON)
    station.shot("void-reason", "Supervisor → Round in progress: the round, its wagers and "
                                "the reason typed")
    station.press(re.compile(r"^VOID THE ROUND"))
    station.wait_for(re.compile(rf"^Void round 1: every wager goes back.*{re.escape(REASON)}",
                                re.S))
    station.shot("void-confirm", "Supervisor → Round in progress: the void asked to be "
                                 "confirmed, beside the reason and the button")
    station.press("CONFIRM THE VOID")
    station.wait_for(re.compile(rf"Round 1 voided by supervisor {SUPERVISOR[0]}: "
                                rf"{re.escape(REASON)}.*6 RETURN lines", re.S))
    station.shot("voided", "Voided: the supervisor's screen says the dealer returns each wager "
                           "listed, then collects the cards")
    back_to_the_table(station)
    step = wait_step(station, "RETURN WAGERS")
    assert (step.ticked, step.payments) == (0, 6), step
    screen = station.look()
    for line in (r"^RETURN$", r"bet one · round void", r"^\$25\.00$", r"^pos 5$"):
        assert screen.shows(re.compile(line)), (line, screen.summary())
    assert not any(a.startswith("WAGERS RETURNED") for a in step.actions), step  # ticks first
    station.shot("return-lines", "The dealer's screen: one RETURN line per wager, far right "
                                 "first; WAGERS RETURNED once every line is ticked")
    assert not station.unreadable(), station.unreadable()  # the void's words read whole
    step = tick_next(station, step)
    ticked = ticked_boxes(station.look())
    killed_and_started_again(station, "restarted", "Killed (SIGKILL) with one RETURN line "
                                                   "ticked, started again: the round still "
                                                   "says it is void, and what is left",
                             says=re.compile(r"Round \d+ voided by supervisor S-\d+: .*"
                                             r"Return each wager listed"))
    resumed = wait_step(station, "RETURN WAGERS")
    assert (resumed.ticked, resumed.payments) == (1, 6), resumed
    assert ticked_boxes(station.look()) == ticked
    station.shot("return-tick-kept", "The same RETURN line still ticked after the restart")
    seen: list[str] = []
    end = play_on(station, resumed, shots="Void", seen=seen)
    assert seen == ["RETURN WAGERS", "COLLECT CARDS", "BETWEEN ROUNDS"], seen
    assert end.phase == "BETWEEN ROUNDS"
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*void", listed, re.I | re.S), listed


def test_killed_mid_settlement_the_round_resumes_with_its_ticks_kept(open_station):
    """Killed mid-settlement (kill -9), the round resumes with its ticks kept

    A Let It Ride round reaches its settlement; the dealer ticks off two payments with Space;
    the station is killed with SIGKILL. Started again on the same data directory, the screen
    says the round resumed from the journal; the dealer signs in and finds the same step with
    the same two payments ticked ("2 of N done"), ticks the rest and ends the round."""
    station = open_station("killed-and-resumed")
    table_with_a_dealer(station)
    start_let_it_ride(station, {2: 10, 5: 25}, shots=False)
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    step = play_on(station, step, shots="", until=lambda s: s.payments >= 2)
    while step.ticked < 2:  # Space, and on to the payments once the losing wagers are in
        step = (press_and_follow(station, step.actions[0]) if step.all_ticked
                else tick_next(station, step))
    assert step.ticked == 2, step
    ticked = ticked_boxes(station.look())
    station.shot("two-ticked", f"{step.phase.title()}: two payments ticked off, then the "
                               "station is killed (SIGKILL)")
    killed_and_started_again(station, "restarted", "Started again: the round resumed from "
                                                   "the journal; the dealer signs in")
    resumed = wait_step(station, step.phase)
    assert (resumed.ticked, resumed.payments) == (2, step.payments), resumed
    assert ticked_boxes(station.look()) == ticked
    station.shot("ticks-kept", f"The same step, the same {resumed.ticked} of "
                               f"{resumed.payments} payments ticked")
    end = play_on(station, resumed, shots="")
    assert end.phase == "BETWEEN ROUNDS"
    station.shot("round-ended", "Every payment ticked: the round ends")
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*complete", listed, re.I | re.S), listed


def test_pai_gow_killed_mid_deal_and_mid_settlement_resumes_each_time(open_station):
    """Pai Gow killed mid-deal, then mid-settlement: resumed each time, ticks kept

    A Pai Gow round on the simulated shoe is killed (SIGKILL) after two of the seven stacks:
    started again, the round resumes from the journal, the dealer signs in and the deal is
    finished as the screen asks (the interrupted deal dealt again from a fresh shuffle). At
    the settlement one payment is ticked and the station is killed again: the round resumes at
    the settlement with that payment still ticked, and ends."""
    station = open_station("pai-gow-killed-and-resumed")
    pai_gow_round_at_the_deal(station, {1: 25, 3: 50})
    for stack in (1, 2):
        step = dispense_stack(station, stack)
    station.shot("mid-deal", "Pai Gow · Deal: two stacks out, then the station is killed "
                             "(SIGKILL)")
    killed_and_started_again(station)
    resumed = wait_step(station, "DEAL")
    station.shot("deal-resumed", f"Started again, the dealer signed in: {resumed.instruction} "
                                 f"({' · '.join(resumed.actions)})")
    step = tick_next(station, play_on(station, resumed, shots="",
                                      until=lambda s: s.payments >= 2))
    ticked = ticked_boxes(station.look())
    station.shot("one-ticked", f"{step.phase.title()}: {step.ticked} of {step.payments} "
                               "ticked, then the station is killed again")
    killed_and_started_again(station)
    again = wait_step(station, step.phase)
    assert (again.ticked, again.payments) == (step.ticked, step.payments), again
    assert ticked_boxes(station.look()) == ticked
    station.shot("ticks-kept", f"The same step, {again.ticked} of {again.payments} still "
                               "ticked")
    end = play_on(station, again, shots="")
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*pai.gow.*complete", listed, re.I | re.S), listed
