"""Journey: the table's screens at both window sizes — 1280×800 (the window ``dealer-station``
opens) and 1920×1080 (the window made as large as a 1920×1080 screen) — with every label and button
readable whole at every step and no window ever larger than the screen, even while a device's
status is long."""

from __future__ import annotations

import re
import time

import pytest
from journey_person import Station
from journey_steps import (
    SUPERVISOR,
    TECHNICIAN,
    back_to_the_table,
    create_account,
    device_words,
    play_let_it_ride,
    simulated_table,
    staff_screen,
    table_with_a_dealer,
    wait_step,
)

#: How long a screen may take to settle after a change before its text is read (seconds).
SETTLE = 0.8
SIZES = {"1280x800": (1280, 800), "1920x1080": (1920, 1080)}
TECHNICIAN_PAGES = ("Devices and tests", "Frame trace", "Fault injection", "Diagnostics bundle",
                    "Receipt printer")


class Reader:
    """Reads each step for text it cannot read whole and for a window past the screen."""

    def __init__(self, station: Station) -> None:
        self.station = station
        self.problems: dict[str, list[str]] = {}

    def read(self, step: str, shot: str = "", caption: str = "") -> None:
        found = self.station.unreadable()
        if found:  # a person reads once the screen has settled (text shrinks to fit)
            time.sleep(SETTLE)
            found = self.station.unreadable()
        if found:
            self.problems[step] = found
            shot = shot or re.sub(r"[^a-z0-9]+", "-", step.lower()).strip("-")
            caption = caption or step.capitalize()
        if shot:
            self.station.shot(shot, caption + (f" — NOT READABLE: {found[0]}" if found else ""))

    def report(self) -> str:
        return "\n".join(f"{step}:\n  " + "\n  ".join(found)
                         for step, found in self.problems.items())


@pytest.mark.parametrize("size", SIZES)
def test_every_step_reads_whole_and_the_window_stays_on_the_screen(open_station, size):
    """Both window sizes: text whole, the window never past the screen

    At 1280×800 (the window dealer-station opens) and at 1920×1080 (the window maximised on a
    1920×1080 screen):
    the first start, the Let It Ride round's every step, the SIMULATED TABLE panel, the shoe's
    cable pulled through the panel (the shoe's status in the top bar) with each page of the
    technician's screen, the cable plugged back in, and each page of the supervisor's screen;
    at each, no label or button is clipped and no window is, or ever was, larger than the
    screen."""
    dimensions = SIZES[size]
    station = open_station(f"window-{size}", size=dimensions)
    # one index entry per size: "Both window sizes … — 1280×800"
    station.shots.title = f"{station.shots.title} — {size.replace('x', '×')}"
    reader = Reader(station)
    station.wait_for(re.compile("first supervisor", re.I))
    if dimensions != (1280, 800):
        station.fill_the_screen()
    reader.read("first start", "first-start", "First start")
    table_with_a_dealer(station)
    with station.shots.pause():  # a technician's account, for the technician's pages below
        staff_screen(station, "SUPERVISOR", SUPERVISOR)
        create_account(station, TECHNICIAN, role="technician")
        back_to_the_table(station)
    reader.read("between rounds, the dealer signed in", "dealer-signed-in",
                "The dealer signed in, between rounds")

    play_let_it_ride(station, {1: 10, 4: 25, 7: 500}, take_back=4, bonus=(1, 7), shots=False,
                     each_step=lambda step: reader.read(step.phase))

    simulated_table(station, re.compile(r"^UNPLUG SHOE$"))
    # the dealer's words, whole: never the port and the protocol
    station.wait_for(re.compile(r"^Shoe — (no answer|cable unplugged)$"), patience=30)
    words = device_words(station, "Shoe")
    assert re.match(r"Shoe: (no answer|cable unplugged) — .*nothing is lost\.$", words), words
    assert "/dev/" not in words, words
    reader.read("the shoe unplugged", "shoe-unplugged",
                f"SIMULATED TABLE → UNPLUG SHOE: the top bar says what is wrong under the "
                f"shoe's name; a tap says what to do: “{words}”")
    staff_screen(station, "TECHNICIAN", TECHNICIAN)  # the shoe's long words on each page
    for page in TECHNICIAN_PAGES:
        station.press(page)
        reader.read(f"technician, the shoe unplugged: {page}",
                    f"technician-{page.lower().replace(' ', '-')}",
                    f"Technician → {page}, the shoe unplugged")
    back_to_the_table(station)
    simulated_table(station, re.compile(r"^PLUG IN SHOE$"))
    station.wait_for(re.compile(r"^Shoe$"), patience=30)
    reader.read("the shoe plugged in again", "shoe-plugged-in",
                "PLUG IN SHOE: the shoe is back, the window as it was")
    station.press("SIMULATED TABLE")
    reader.read("the simulated-table panel", "simulated-table", "The SIMULATED TABLE panel")
    station.press("CLOSE")

    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    for page in ("Round in progress", "Progressive validation", "Round history",
                 "Configuration", "Meters", "Accounts"):
        station.press(page)
        station.wait(lambda s, p=page: any(t.kind == "button" and t.text == p
                                           and t.raw.get("checked") for t in s.visible())
                     or True, page)
        reader.read(f"supervisor: {page}", f"supervisor-{page.lower().replace(' ', '-')}",
                    f"Supervisor → {page}")
    back_to_the_table(station)
    wait_step(station, "BETWEEN ROUNDS")
    reader.read("back at the table", "back-at-the-table", "Back at the table")
    assert not reader.problems, f"at {size}:\n{reader.report()}"
