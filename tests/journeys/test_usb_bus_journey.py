"""Journey: the dealer's window on the simulated USB bus (``dealer-station sim --transport
usb``): the shoe, the bet acceptors and the lockout reached through the station's real USB
transport (pyusb's calls against the simulated bus), a whole Let It Ride round played on it."""

from __future__ import annotations

import re

from journey_steps import LET_IT_RIDE_STEPS, history, play_let_it_ride, table_with_a_dealer


def test_a_let_it_ride_round_over_the_simulated_usb_bus(open_station):
    """A Let It Ride round with every device on the simulated USB bus

    ``dealer-station sim --transport usb`` opens the dealer's screen on a simulated table whose
    devices are USB devices (usb://VID:PID…&backend=sim). The first supervisor, a dealer, and a
    round: wagers, NO MORE BETS · LOCKOUT, the stacks dispensed by the USB shoe, the decisions,
    every payment ticked; the round is complete in the table's history."""
    station = open_station("usb-bus", args=("sim", "--transport", "usb"))
    table_with_a_dealer(station)
    station.shot("usb-between-rounds", "On the simulated USB bus: the table ready")
    seen = play_let_it_ride(station, {2: 10, 4: 25}, shots=False)
    assert {"DEALING", "BET ONE", "BET TWO", "SHOWDOWN", "BETWEEN ROUNDS"} <= set(seen), seen
    assert [s for s in LET_IT_RIDE_STEPS if s in seen] == [s for s in seen
                                                           if s in LET_IT_RIDE_STEPS], seen
    station.shot("usb-round-done", "On the simulated USB bus: the round settled and paid")
    log = station.tail(400)
    assert "usb://" in log and "backend=sim" in log, log  # the lines the devices opened on
    listed = history(station.data_dir)
    assert re.search(r"\b1\b.*let.it.ride.*complete", listed, re.I | re.S), listed
