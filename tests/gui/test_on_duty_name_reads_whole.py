"""The dealer reads who is signed in: at 1280×800 the name on duty above SIGN OUT in the top bar
reads whole ("Dee Dealer (D-2002)"), at a Pai Gow table (its longer title) as at a Let It Ride
table. (At the Pai Gow table the bar stayed at full size, its title and buttons taking the room,
and the name was cut to "Dee … (D-2002)": the bar went compact only for the devices' names,
never for the name on duty.)"""

from __future__ import annotations

import pytest
from clipped_text import clipped_texts
from gui_harness import Table
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("game", ["pai_gow", "let_it_ride"])
def test_the_dealer_on_duty_reads_whole_in_the_top_bar_at_1280(qtbot, tmp_path, game):
    table = Table(qtbot, str(tmp_path), game)
    try:
        table.sign_in_dealer(dealer="D-2002")
        table.wait_devices_online()
        window = table.window
        window.simulated_table.button.show()  # as on the simulated table
        for _ in range(12):  # the posted layouts run
            QApplication.processEvents()
        bar = window.health
        assert window.width() == 1280
        assert bar.sign_out_button.text() == "Dee Dealer (D-2002)\nSIGN OUT"
        assert not any(item.elided for item in bar.items), [i.shown_words() for i in bar.items]
        assert bar.title.text() and not clipped_texts(window), clipped_texts(window)
    finally:
        table.close()
