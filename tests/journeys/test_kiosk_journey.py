"""``dealer-station --kiosk`` on a bare X server (no window manager, as a kiosk session without
cage runs it): the dealer's window covers the whole screen, frameless, from its first frame."""

from __future__ import annotations

import re


def test_kiosk_fills_a_screen_without_a_window_manager(open_station):
    """--kiosk fills a 1920×1080 screen that has no window manager

    The journeys' X server runs no window manager, so nobody grants a full-screen request:
    ``dealer-station --kiosk`` must size its window to the screen itself. The first-start form
    is on screen, and the window's frame is the screen, corner to corner."""
    station = open_station("kiosk", size=(1920, 1080), args=("--kiosk",))
    screen = station.wait_for(re.compile(r"^CREATE SUPERVISOR$"))
    dealer = [window for window in screen.windows if window["cls"] == "MainWindow"]
    assert len(dealer) == 1, screen.windows
    assert dealer[0]["rect"] == [0, 0, *screen.size], (dealer[0], screen.size)
    assert screen.largest_window == screen.size, screen.largest_window
    station.shot("kiosk", "dealer-station --kiosk on an X server with no window manager: the "
                          "window is the whole screen")
