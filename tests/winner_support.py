"""The winner's identification a jackpot that reaches the reporting threshold is approved with
(the shipped $10,000 progressive does): the approval as the supervisor's validation page makes
it, the claim shown and approved with the winner's name, ID type, ID number and address."""

from __future__ import annotations

from typing import Any

from dealer_station.procedure import Record
from dealer_station.winners import WinnerIdentification

#: A winner whose name the PDF's Latin-1 font cannot show whole (Ł), found in no other text.
WINNER = WinnerIdentification("Zofia Łukaszewska-Quimby", "passport", "PQ7730152",
                              "41 Juniper Hollow Road, Albany NY 12207")


def approve(station: Any, position: int, *, supervisor: str = "S1", pin: str = "111111",
            winner: WinnerIdentification | None = WINNER, **second: str) -> Record:
    """The payout at ``position`` of the open round shown to ``supervisor`` and approved with
    ``winner`` (``second``: a second validator's ``second_supervisor`` and ``second_pin``)."""
    claim = station.show_progressive_claim(station.round_id, position, supervisor=supervisor,
                                           pin=pin)
    record: Record = station.decide_progressive_claim(claim, approve=True,
                                                      supervisor=supervisor, pin=pin,
                                                      winner=winner, **second)
    return record


def enter_winner(page: Any) -> bool:
    """The winner's identification typed and its ID type tapped on the supervisor's
    validation page (``page``), where the claim shown reaches the reporting threshold; whether
    the page asked for it."""
    # deferred on purpose: the station's tests above run without Qt
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    if not page.winner_needed():
        return False
    if page.shown.currentWidget() is not page.winner_box:  # APPROVE AND PAY asks for it
        QTest.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    assert page.shown.currentWidget() is page.winner_box, page.message.text()
    page.winner_name.setText(WINNER.name)
    QTest.mouseClick(page.winner_id_type.buttons[WINNER.id_type], Qt.MouseButton.LeftButton)
    page.winner_id_number.setText(WINNER.id_number)
    page.winner_address.setText(WINNER.address)
    return True
