"""The kiosk restarts a frozen screen: the unit is ``Type=notify`` with ``WatchdogSec=``; the
station speaks systemd's notification protocol (a datagram to ``$NOTIFY_SOCKET``), checked
here against a unix datagram socket the test listens on: ``READY=1`` once the real window is
up, ``WATCHDOG=1`` at half of ``$WATCHDOG_USEC``, ``STOPPING=1`` at a clean stop; and the pings
come from the GUI thread's event loop, so they stop while the GUI thread hangs."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal
from test_packaging import _unit

from dealer_station.service_notify import notify
from dealer_station.ui.service import tell_the_service_manager


@pytest.fixture
def listener() -> Iterator[tuple[socket.socket, str]]:
    path = f"/tmp/ds-notify-{os.getpid()}-{time.monotonic_ns()}.sock"  # short: sun_path
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    try:
        yield server, path
    finally:
        server.close()
        os.unlink(path)


def _received(server: socket.socket, timeout: float) -> list[str]:
    """Every datagram arriving within ``timeout`` seconds."""
    out: list[str] = []
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        server.settimeout(left)
        try:
            out.append(server.recv(4096).decode())
        except TimeoutError:
            break
    return out


def _drain(server: socket.socket) -> list[str]:
    server.setblocking(False)
    out = []
    try:
        while True:
            out.append(server.recv(4096).decode())
    except BlockingIOError:
        pass
    finally:
        server.setblocking(True)
    return out


def test_the_unit_is_type_notify_with_a_watchdog() -> None:
    service = _unit()["Service"]
    assert service["Type"] == ["notify"]
    assert int(service["WatchdogSec"][0]) > 0
    assert service["NotifyAccess"] == ["all"]  # the station is the compositor's child
    assert service["Restart"] == ["always"]


def test_notify_sends_one_datagram_to_the_socket(listener: tuple[socket.socket, str]) -> None:
    server, path = listener
    assert notify("READY=1\nSTATUS=up", {"NOTIFY_SOCKET": path})
    assert _received(server, 1.0) == ["READY=1\nSTATUS=up"]
    assert not notify("READY=1", {})  # not under systemd: nothing
    assert not notify("READY=1", {"NOTIFY_SOCKET": path + ".gone"})  # no manager: no error


def test_notify_reaches_an_abstract_socket() -> None:
    name = f"ds-notify-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind("\0" + name)
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + name})
        server.settimeout(1.0)
        assert server.recv(64) == b"WATCHDOG=1"


def test_the_real_window_says_ready_pings_and_says_stopping(
        listener: tuple[socket.socket, str], tmp_path: Path) -> None:
    server, path = listener
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "NOTIFY_SOCKET": path,
           "WATCHDOG_USEC": "400000"}
    process = subprocess.Popen(
        [sys.executable, "-m", "dealer_station.cli", "--data-dir", str(tmp_path), "--kiosk"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        server.settimeout(60.0)
        first = [server.recv(4096).decode()]
        assert first[0].startswith("READY=1"), first
        pings = _received(server, 2.0)
        assert pings.count("WATCHDOG=1") >= 3, pings  # every 0.2 s (a loaded machine: fewer)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        assert "STOPPING=1" in _drain(server)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


class _Window(QObject):
    snapshot_shown = Signal(object)


def test_the_pings_stop_while_the_gui_thread_hangs(
        qtbot: Any, listener: tuple[socket.socket, str]) -> None:
    server, path = listener
    window = _Window()
    stopping = tell_the_service_manager(window, window.snapshot_shown,
                                        environ={"NOTIFY_SOCKET": path,
                                                 "WATCHDOG_USEC": "200000"})
    window.snapshot_shown.emit(None)
    window.snapshot_shown.emit(None)
    qtbot.wait(600)
    before = _drain(server)
    assert before.count("READY=1\nSTATUS=the dealer's screen is up") == 1  # once
    assert before.count("WATCHDOG=1") >= 3
    time.sleep(1.0)  # the GUI thread hangs: its event loop runs no timer
    assert _drain(server) == []
    qtbot.wait(500)  # the loop runs again: so do the pings
    assert "WATCHDOG=1" in _drain(server)
    stopping()
    assert _drain(server) == ["STOPPING=1"]
