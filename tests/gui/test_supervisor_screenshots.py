"""The staff screens' pictures for ``docs/screenshots/`` are drawn offscreen at 1280x800 from a
real station with history and the simulated devices (every page of both screens)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from dealer_station.preview.shots import render_all

pytestmark = pytest.mark.gui


def test_every_staff_page_is_drawn_at_1280x800(qtbot: Any, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from test_supervisor_pai_gow_returns import use_small_census

    use_small_census(monkeypatch, tmp_path / "census-cache")  # the real one: docs/screenshots
    written = render_all(tmp_path)
    names = {path.stem for path in written}
    assert names == {"supervisor_sign_in", "supervisor_validation", "supervisor_jackpot_record",
                     "supervisor_winner_identification",
                     "supervisor_history", "supervisor_dispute", "supervisor_configuration",
                     "supervisor_configuration_pai_gow", "supervisor_meters", "supervisor_accounts",
                     "technician_devices", "technician_trace", "technician_faults",
                     "technician_bundle"}
    for path in written:
        image = QImage(str(path))
        assert (image.width(), image.height()) == (1280, 800), path.name
