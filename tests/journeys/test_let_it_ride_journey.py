"""Journey: a fresh table from its first start to a Let It Ride round and a Pai Gow round, as
a person does it in the real window (mouse and keyboard only), on the simulated table as
shipped."""

from __future__ import annotations

import re

from journey_steps import (
    DEALER,
    LET_IT_RIDE_STEPS,
    PAI_GOW_STEPS,
    SUPERVISOR,
    back_to_the_table,
    choose_game,
    create_account,
    device_words,
    first_start,
    history,
    play_let_it_ride,
    play_pai_gow,
    sign_in,
    staff_screen,
    step_of,
)


def _in_order(seen: list[str], expected: tuple[str, ...]) -> bool:
    """``seen`` is ``expected`` with some steps left out (a round without winners pays
    nothing), never reordered or extra."""
    remaining = iter(expected)
    return all(step in remaining for step in seen)


def test_first_start_accounts_let_it_ride_then_pai_gow_5324_34_5324_41(open_station):
    """First start, a dealer's account, a Let It Ride round, then Pai Gow Poker dealt by the shoe

    A fresh data directory: the first supervisor is created on the first-start form, opens
    SUPERVISOR → Accounts and creates a dealer's account; the dealer signs in at the table and
    plays a round on the default simulated table: wagers tapped on the
    felt, a $1 bonus chip placed on position 5's acceptor through the SIMULATED TABLE panel,
    NO MORE BETS · LOCKOUT, DISPENSE until every stack is dealt by the shoe, the decisions
    by key (T takes bet one back at one position, R lets the others ride), both community
    cards, the showdown, every payment ticked with Space in the regulated order, and the round
    ends between rounds, complete in the table's history. The supervisor then switches the
    table to Pai Gow Poker on the Configuration page (no restart); the dealer plays a Pai Gow
    round dealt by the simulated shoe: SHUFFLED, the wagers, NO MORE BETS, RUN THE RNG, the
    seven stacks dispensed, the hands set, the dealer's hand by the house way, each player
    exposed in turn, the settlement ticked off, ALL PAID."""
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

    # the supervisor switches the table to Pai Gow Poker between rounds, without a restart
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    answer = choose_game(station, "Pai Gow Poker")
    assert "pai gow" in answer.lower(), answer
    back_to_the_table(station)
    station.wait_for("PAI GOW POKER")
    lights = device_words(station, "Acceptor lights")
    assert "7/7" not in lights, f"a six-position table shows {lights!r}"
    station.shot("pai-gow-table", f"Back at the table: PAI GOW POKER, no restart ({lights})")
    seen = play_pai_gow(station, {2: 25, 4: 100})
    assert _in_order(seen, PAI_GOW_STEPS), seen
    assert {"DEAL", "EXPOSURE", "SETTLEMENT", "BETWEEN ROUNDS"} <= set(seen), seen
    end = step_of(station.look())
    assert end.payments and end.all_ticked, end
    listed = history(station.data_dir)
    assert re.search(r"\b2\b.*pai.gow.*complete", listed, re.I | re.S), listed
