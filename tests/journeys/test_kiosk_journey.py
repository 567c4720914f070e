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


def test_the_window_opens_over_a_larger_screen_without_a_window_manager(open_station):
    """dealer-station opens over a 1920×1080 screen that has no window manager

    Without ``--kiosk`` the window opened 1280×800 at the top left of a larger screen (a
    maximise request needs a window manager). It now takes the screen's available geometry
    itself; at 1280×800 it is the 1280×800 it always was."""
    station = open_station("window-fills-a-larger-screen", size=(1920, 1080))
    screen = station.wait_for(re.compile(r"^CREATE SUPERVISOR$"))
    dealer = [window for window in screen.windows if window["cls"] == "MainWindow"]
    assert len(dealer) == 1, screen.windows
    assert dealer[0]["rect"] == [0, 0, 1920, 1080], dealer[0]
    station.shot("window-fills", "dealer-station on a 1920×1080 screen with no window manager: "
                                 "the window takes the screen")


def test_the_window_opens_1280_by_800_on_a_screen_of_that_size(open_station):
    """dealer-station opens 1280×800 on a 1280×800 screen"""
    station = open_station("window-1280", size=(1280, 800))
    screen = station.wait_for(re.compile(r"^CREATE SUPERVISOR$"))
    dealer = [window for window in screen.windows if window["cls"] == "MainWindow"]
    assert len(dealer) == 1 and dealer[0]["rect"][2:] == [1280, 800], screen.windows
