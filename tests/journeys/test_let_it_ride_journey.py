"""Journey: a fresh table from its first start to a Let It Ride round, as a person does it in
the real window (mouse and keyboard only), on the simulated table as shipped."""

from __future__ import annotations

import re

from journey_steps import (
    DEALER,
    LET_IT_RIDE_STEPS,
    SUPERVISOR,
    back_to_the_table,
    create_account,
    first_start,
    history,
    play_let_it_ride,
    sign_in,
    staff_screen,
    step_of,
)


def _in_order(seen: list[str], expected: tuple[str, ...]) -> bool:
    """``seen`` is ``expected`` with some steps left out (a round without winners pays
    nothing), never reordered or extra."""
    remaining = iter(expected)
    return all(step in remaining for step in seen)


def test_first_start_accounts_then_a_let_it_ride_round_5324_34(open_station):
    """First start, a dealer's account, then a Let It Ride round at 1280×800

    A fresh data directory: the first supervisor is created on the first-start form, opens
    SUPERVISOR → Accounts and creates a dealer's account; the dealer signs in at the table and
    plays a round on the default simulated table: wagers tapped on the
    felt, a $1 bonus chip placed on position 5's acceptor through the SIMULATED TABLE panel,
    NO MORE BETS · LOCKOUT, DISPENSE until every stack is dealt by the shoe, the decisions
    by key (T takes bet one back at one position, R lets the others ride), both community
    cards, the showdown, every payment ticked with Space in the regulated order, and the round
    ends between rounds, complete in the table's history."""
    station = open_station("first-start-accounts-let-it-ride")
    first_start(station)
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    create_account(station, DEALER)
    back_to_the_table(station)
    user, _name, pin = DEALER
    sign_in(station, user, pin, "The dealer signs in at the table with the new account")
    # the dealer on duty, in the top bar (the name shortened to fit, the id whole)
    station.wait_for(re.compile(rf"\({re.escape(user)}\)\s*SIGN OUT"))
    ready = step_of(station.look())
    assert ready.phase == "BETWEEN ROUNDS" and "START ROUND" in ready.actions
    station.shot("between-rounds", "Signed in: the table is ready for its first round")

    seen = play_let_it_ride(station, {2: 10, 5: 25}, take_back=2, bonus=(5,))

    assert _in_order(seen, LET_IT_RIDE_STEPS), seen
    assert {"DEALING", "BET ONE", "BET TWO", "SHOWDOWN", "BETWEEN ROUNDS"} <= set(seen), seen
    end = station.look()
    # every payment of the settlement stays listed, each ticked off
    assert step_of(end).payments and step_of(end).all_ticked, step_of(end)
    # the chip the acceptor sensed is position 5's bonus wager, settled with the round
    assert end.shows(re.compile(r"^bonus", re.I)), end.summary()
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*let.it.ride.*complete", listed, re.I | re.S), listed
