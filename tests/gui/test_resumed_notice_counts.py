"""The resumed round's notice counts its records in words: "(1 record)", not "(1 records)"."""

from __future__ import annotations

import pytest
from gui_harness import Table

pytestmark = pytest.mark.gui


def test_a_round_resumed_after_one_record_says_one_record(qtbot, tmp_path):
    data = str(tmp_path)
    table = Table(qtbot, data, "pai_gow")
    try:
        table.sign_in_dealer()
        table.wait_devices_online()
        table.press("start_round")
        table.press("shuffled")  # the round's first record
    finally:
        table.close()
    again = Table(qtbot, data, "pai_gow")
    try:
        notes = again.wait(lambda s: any("resumed" in n for n in s.step.notes)).step.notes
        assert any("resumed from the journal (1 record)." in n for n in notes), notes
    finally:
        again.close()
