"""A command the host gave while a line was down or not answering is never lost across the
reconnect (issue 14): a shuffle stays due until the shoe confirms it — done when the shoe answers
again, and before any stack in any case, so no stack ever comes from the deck of before the
shuffle (5324.41(e)(1), 5324.34(c)) — and the lockout and the acceptor lights asked for while
their line was away are applied when it is back. Driver level, against the simulated table."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from devices_support import FAST

from drivers.manager import DeviceManager, DeviceOffline, LinkState
from drivers.protocol.codes import Command, LightMode
from drivers.protocol.link import LinkTimeout, NakError
from drivers.sim.table import SimulatedTable, start_simulated_table


@pytest.fixture(params=("memory", "pty"))
def table(request: pytest.FixtureRequest) -> Iterator[SimulatedTable]:
    sim = start_simulated_table("pai_gow", str(request.param), seed=5)
    yield sim
    sim.close()


@pytest.fixture
def manager(table: SimulatedTable) -> Iterator[DeviceManager]:
    mgr = DeviceManager(table.config(**FAST))
    mgr.start()
    assert mgr.wait_online(5.0), mgr.health()
    yield mgr
    mgr.stop()


def eventually(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def offline(manager: DeviceManager, device: str) -> bool:
    return eventually(lambda: any(h.state is LinkState.OFFLINE for (name, _), h in
                                  manager.health().items() if name == device))


def dispense_until_done(manager: DeviceManager) -> None:
    """DISPENSE as a dealer does: pressed again while the shoe is reconnecting."""
    for _ in range(50):
        try:
            manager.dispense(7).result(10)
            return
        except DeviceOffline:
            time.sleep(0.1)
    raise AssertionError("the shoe never came back")


def dealt_a_round(table: SimulatedTable, manager: DeviceManager) -> None:
    """The shoe as after a round: most of the deck dealt."""
    manager.shuffle().result(5)
    for _ in range(7):
        manager.dispense(7).result(5)
    assert len(table.shoe.remaining) == 53 - 49


def test_a_shuffle_asked_for_while_the_shoe_is_offline_is_done_when_it_answers_again(
        table: SimulatedTable, manager: DeviceManager) -> None:
    dealt_a_round(table, manager)
    table.backdoor.unplug("shoe")
    assert offline(manager, "shoe")
    with pytest.raises(DeviceOffline):
        manager.shuffle().result(5)
    assert len(table.shoe.remaining) == 4  # nothing reached the shoe
    table.backdoor.replug("shoe")
    assert eventually(lambda: manager.online("shoe"), 10)
    assert eventually(lambda: len(table.shoe.remaining) == 53), len(table.shoe.remaining)
    manager.dispense(7).result(5)
    assert len(table.shoe.remaining) == 46


def test_a_shuffle_not_answered_is_done_again_before_the_next_stack(
        table: SimulatedTable, manager: DeviceManager) -> None:
    """The SHUFFLE never reaches the shoe (every try lost on the line): the shoe, taken
    offline for not answering, shuffles when it is reconnected; no stack comes from the old
    deck."""
    dealt_a_round(table, manager)
    table.backdoor.drop_requests("shoe", 3)  # the request and both retries (or a poll first:
    # the shoe is taken offline and the SHUFFLE finds it so)
    with pytest.raises((LinkTimeout, DeviceOffline)):
        manager.shuffle().result(30)
    assert len(table.shoe.remaining) == 4
    # the shoe not answering is taken offline and reconnected: the shuffle is done then
    assert eventually(lambda: manager.online("shoe") and len(table.shoe.remaining) == 53, 10)
    dispense_until_done(manager)
    assert len(table.shoe.remaining) == 46  # from a fresh deck, never the old one's 4 cards


def test_a_shuffle_refused_is_asked_again_before_any_stack(
        table: SimulatedTable, manager: DeviceManager) -> None:
    """The shoe refuses the shuffle (its door open): the DISPENSE that follows is refused too
    until the shuffle is done — the round cannot go on with the old deck."""
    dealt_a_round(table, manager)
    table.backdoor.open_door()
    with pytest.raises(NakError):
        manager.shuffle().result(5)
    with pytest.raises(NakError):
        manager.dispense(7).result(5)
    assert len(table.shoe.remaining) == 4
    table.backdoor.close_door()
    manager.dispense(7).result(5)
    assert len(table.shoe.remaining) == 46


def test_the_lockout_and_lights_asked_for_while_their_lines_are_down_are_applied_on_return(
        table: SimulatedTable, manager: DeviceManager) -> None:
    table.backdoor.unplug("lockout")
    table.backdoor.unplug("acceptors")
    assert offline(manager, "lockout") and offline(manager, "acceptors")
    with pytest.raises(DeviceOffline):
        manager.lock().result(5)
    with pytest.raises(DeviceOffline):
        manager.set_light(3, LightMode.ON).result(5)
    assert not table.backdoor.state().lockout_locked
    table.backdoor.replug("lockout")
    table.backdoor.replug("acceptors")
    assert eventually(lambda: table.backdoor.state().lockout_locked, 10)
    assert eventually(lambda: table.acceptors[3].light is LightMode.ON, 10)


def test_the_simulated_shoe_counts_every_shuffle_it_executes(table: SimulatedTable) -> None:
    """The check above reads the deck the simulated shoe holds: a SHUFFLE executed refills it."""
    table.shoe.remaining.clear()
    assert table.shoe.handle(Command.SHUFFLE, b"") is not None
    assert len(table.shoe.remaining) == 53
