"""Journey: the RNG side wager of 5324.41(j) on the simulated table as shipped, offered as the
configuration's own words say (``[rng_side_wager] offered``, ticked on the Configuration page):
wagers on the numbers tapped in the wager entry and typed at the keyboard, a number the layout
does not have refused with its clause, the RNG's number shown, the losers collected and the
winners paid before the deal, and the round played to its end."""

from __future__ import annotations

import re

from journey_steps import (
    SUPERVISOR,
    back_to_the_table,
    history,
    open_pai_gow_round,
    pai_gow_table,
    play_on,
    press_and_follow,
    staff_screen,
    step_of,
    table_with_a_dealer,
    wait_step,
)


def _offer_the_rng_side_wager(station) -> None:
    """Supervisor → Configuration: "rng side wager · offered" ticked, APPLY."""
    words = "rng side wager · offered"
    station.press("Configuration")
    box = station.find(words)
    if not box.raw.get("checked"):  # on the box itself: the row is wider than its words
        x, y, _w, h = box.rect
        station.click_at(x + 12, y + h // 2)
    station.wait(lambda s: any(t.raw.get("checked") for t in s.find(words, "button")),
                 f"{words} ticked")
    station.shot("rng-offered", "Supervisor → Configuration: rng side wager · offered ticked "
                                "(odds 6:1 as shipped)")
    station.press("APPLY")
    station.wait_for(re.compile(r"^Applied as configuration version"))


def test_rng_side_wagers_placed_shown_and_settled_before_the_deal_5324_41_j(open_station):
    """RNG side wagers placed by tap and by keyboard, the number shown, settled before the deal

    The supervisor switches the table to Pai Gow Poker and ticks "rng side wager · offered".
    The dealer opens a round with pai gow wagers at positions 2 and 5; at position 2 the
    player's RNG chips go on 3 and on 4 (tapped: the $5 chip, then the numbers). At the
    keyboard, R opens the RNG form: position 5, number 8, $25 typed and Enter: refused in one
    line with 5324.41(j)(1); then number 6: taken. NO MORE BETS, RUN THE RNG: the step and the
    dealer's seat say the number the RNG shows; every losing RNG wager is listed first, then
    the winners paid at 6:1, each ticked with Space before RNG WAGERS SETTLED; then the deal
    and the rest of the round."""
    station = open_station("rng-side-wager")
    table_with_a_dealer(station)
    with station.shots.pause():
        pai_gow_table(station)
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    _offer_the_rng_side_wager(station)
    back_to_the_table(station)

    step = open_pai_gow_round(station, {2: 25, 5: 25})
    assert "RNG WAGER…" in (" ".join(a.split()) for a in step.actions), step
    station.tap_seat(2)
    station.wait_for(re.compile(r"^POSITION 2 · wager placed"))
    station.press("$5 chip")
    for number in ("3", "4"):
        station.press(number)
    station.wait_for(re.compile(r"\$5\.00 on 3 \(to place\), \$5\.00 on 4 \(to place\)"))
    station.shot("rng-tapped", "Position 2: the $5 chip tapped on the numbers 3 and 4")
    station.press("PLACE WAGERS")
    station.wait_for(re.compile(r"^RNG side wager, pays 6:1: \$5\.00 on 3, \$5\.00 on 4$"))

    # the keyboard: R, the boxes typed with Tab between them, Enter
    station.key("r")
    station.wait_for(re.compile(r"^RNG SIDE WAGER"))
    for value, after in (("5", "Tab"), ("8", "Tab"), ("25", "Return")):
        station.key("ctrl+a")
        station.type(value)
        station.key(after)
    refused = station.wait_for(re.compile(r"not 8 \[5324\.41\(j\)\(1\)\]"))
    assert refused
    station.shot("rng-refused", "Typed: position 5, number 8, $25, Enter: refused in one line "
                                "with its clause")
    station.key("shift+Tab")  # from the dollars back to the number
    station.key("ctrl+a")
    station.type("6")
    station.key("Return")
    station.wait_gone(re.compile(r"^RNG SIDE WAGER"))
    station.tap_seat(5)
    station.wait_for(re.compile(r"^RNG side wager, pays 6:1: \$25\.00 on 6$"))
    station.shot("rng-typed", "Typed again with 6: position 5's RNG wager is on the felt")

    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    step = play_on(station, step, shots="", until=lambda s: s.phase == "STARTING POSITION")
    step = press_and_follow(station, "RUN THE RNG")
    assert step.phase == "RNG WAGERS", step
    shows = re.match(r"The RNG shows ([1-7]): ", step.instruction)
    assert shows, step
    number = shows.group(1)
    screen = station.look()  # the felt's dealer seat says "RNG n · start: …" (a picture)
    station.shot("rng-shown", f"RUN THE RNG: the RNG shows {number}; the RNG side wagers' lines "
                              "in (j)'s order, losers first")
    verbs = [t.text for t in screen.visible() if t.text in ("COLLECT", "PAY")]
    assert verbs == sorted(verbs, key=lambda v: v != "COLLECT"), verbs
    assert len(verbs) == 3 and verbs.count("PAY") == (number in ("3", "4", "6")), verbs
    step = play_on(station, step, shots="Pai Gow", until=lambda s: s.phase == "DEAL")
    assert step.instruction.startswith(f"The RNG shows {number}: deal seven stacks"), step
    end = play_on(station, step_of(station.look()), shots="Pai Gow")
    assert end.phase == "BETWEEN ROUNDS" and end.all_ticked, end
    wait_step(station, "BETWEEN ROUNDS")
    listed = history(station.data_dir, "show", "1")
    assert re.search(r"settle.rng.wagers", listed, re.I), listed
