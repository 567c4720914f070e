"""The top bar lists the devices in one order at every start — shoe, acceptor lights, lockout
controller, as the dealer's guide lists them (they came in the order they first reported:
"Shoe · Lockout controller · Acceptor lights" at one start, "Shoe · Acceptor lights · Lockout
controller" at the next)."""

from __future__ import annotations

import pytest
from gui_harness import Table

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("game", ["let_it_ride", "pai_gow"])
def test_the_devices_are_listed_shoe_acceptors_lockout(qtbot, tmp_path, game):
    table = Table(qtbot, str(tmp_path), game)
    try:
        table.wait_devices_online()
        names = [item.name for item in table.snapshot.health]
        assert names[:3] == ["shoe", "acceptors", "lockout"], names
        shown = [item.item.name for item in table.window.health._items]
        assert shown[:3] == ["shoe", "acceptors", "lockout"], shown
    finally:
        table.close()
