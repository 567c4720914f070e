"""A form opened from the step panel (CALL A SUPERVISOR…, CO-BANKS…, SURRENDER…) has its
CANCEL beside the submit button: opened by mistake, the dealer goes back (the CANCEL button
got no width at all, so the only ways out were the form's own action or the next step)."""

from __future__ import annotations

from test_void_returns_gui import round_started

from dealer_station.ui.form_panel import FormPanel
from dealer_station.ui.view import FormField


def test_cancel_is_on_screen_beside_the_submit_button(qtbot):
    panel = FormPanel()
    qtbot.addWidget(panel)
    panel.resize(540, 360)
    panel.show_request({"name": "call_supervisor", "submit": "HALT AND CALL",
                        "fields": (FormField("text", "reason", "Why"),)},
                       "CALL A SUPERVISOR · the round halts")
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.wait(20)  # the layout settles
    assert panel.cancel.isVisible()
    assert panel.cancel.width() >= 120, panel.cancel.width()
    assert panel.submit.width() > panel.cancel.width()
    with qtbot.waitSignal(panel.cancelled):
        panel.cancel.click()


def test_a_problem_form_opened_while_wagers_are_taken_shows_no_order(qtbot, tmp_path):
    """PROBLEM… → CALL A SUPERVISOR… during the betting: no "Order: 1 → 2 → … → 6" and no NOW
    badge on position 1 (which had no wager); CANCEL goes back to the wagers."""
    table = round_started(qtbot, str(tmp_path), "pai_gow")
    try:
        table.press("shuffled")
        form = table.open_problem("call_supervisor")
        snap = table.snapshot
        assert snap.step.order_text == ""
        assert all(seat.order is None for seat in snap.table.seats), [
            (seat.key, seat.order) for seat in snap.table.seats]
        table.click(form.cancel)
        table.wait(lambda s: s.entry is not None and s.entry.kind == "wagers")
    finally:
        table.close()
