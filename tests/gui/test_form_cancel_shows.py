"""A form opened from the step panel (CALL A SUPERVISOR…, CO-BANKS…, SURRENDER…) has its
CANCEL beside the submit button: opened by mistake, the dealer goes back (the CANCEL button
got no width at all, so the only ways out were the form's own action or the next step)."""

from __future__ import annotations

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
