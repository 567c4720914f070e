"""With the bet acceptor lights away (their cable pulled on the SIMULATED TABLE panel), a step
that reads them says in one line what is not working and what to do, and waits: the Pai Gow
progressive's lockout count ("0 CHIPS = 0 LIGHTS" was offered, the lights' count taken as
true) and the Let It Ride betting, whose $1 bonus chips the acceptors sense (it said "Acceptor
lights is reconnecting (2/7 online · seat 1: /dev/pts/7: no answer from…)", words for an
engineer). The step goes on by itself once the cable is back (5324.41(k)(2),
5324.34(a)(3))."""

from __future__ import annotations

import pytest
from gui_harness import Table
from test_simulated_table_panel import _button, _open_panel

pytestmark = pytest.mark.gui

#: What the stop message says after "Acceptor lights: no answer" (at some positions while
#: the others are still being called).
SAYS = (" — check that their cable is plugged in and they are switched on; nothing is lost. "
        "Chips are not sensed nor counted: this step waits for their green dot.")


def unplugged(table: Table) -> str:
    """UNPLUG ACCEPTORS on the panel: the step's stop message, its buttons all off."""
    panel = _open_panel(table)
    table.click(_button(panel, "sim-unplug-acceptors"))
    snap = table.wait(lambda s: bool(s.step.blocked))
    assert not any(action.enabled for action in snap.step.actions), snap.step.actions
    table.click(_button(panel, "sim-unplug-acceptors"))  # plugged back in
    table.wait(lambda s: not s.step.blocked)
    words = snap.step.blocked
    assert words is not None and words.startswith("Acceptor lights: no answer"), words
    assert "/dev/" not in words and words.endswith(SAYS), words
    return words


@pytest.mark.parametrize(("game", "step", "goes_on"), [
    ("pai_gow", "lockout", "count"),  # 5324.41(k)(2): the chips counted against the lights
    ("let_it_ride", "betting", "no_more_bets"),  # 5324.34(a)(3): the $1 bonus chips sensed
])
def test_a_step_reading_the_acceptor_lights_waits_and_says_they_are_offline(
        qtbot, tmp_path, game, step, goes_on):
    offered = {"side_wagers": {"offered": ["progressive"]}} if game == "pai_gow" else None
    table = Table(qtbot, str(tmp_path), game, settings=offered)
    try:
        table.sign_in_dealer(meter=offered is not None)
        table.wait_devices_online()
        table.press("start_round")
        if game == "pai_gow":
            table.press("shuffled")
        table.wager(3)
        if step == "lockout":
            table.press("no_more_bets")
            snap = table.wait(lambda s: s.step.phase == "lockout")
            assert snap.step.actions[0].label == "0 CHIPS = 0 LIGHTS" and not snap.step.blocked
        unplugged(table)
        assert table.window.step_panel.button(goes_on).isEnabled()  # back: the step goes on
    finally:
        table.close()
