"""The Meters page's chart draws a hit as one dot at the meter's value when it was hit, and its
payout and reseed as one step down to the reset value: it drew two dots (the hit and the
payout) and fell to $0.00 (what a payout of the whole meter leaves before its reseed)."""

from __future__ import annotations

import pytest

from dealer_station.meter_views import MeterPoint, MeterSeries
from dealer_station.ui.supervisor.meter_chart import LEGEND, MeterChart

pytestmark = pytest.mark.gui

RESET = 500_000


def _point(kind: str, amount: int, balance: int, minute: int) -> MeterPoint:
    return MeterPoint(f"2026-11-29T10:{minute:02d}:00.000000Z", kind, amount, balance)


#: The entries the store journals for a natural royal that takes the whole meter
#: (dealer_station/store/meters.py record_jackpot): hit, validation, paid, reseed.
WHOLE_METER_HIT = MeterSeries((
    _point("start", 0, 900_000, 0),
    _point("contribution", 525, 900_525, 1),
    _point("hit", 0, 900_525, 2),
    _point("validation", 0, 900_525, 3),
    _point("paid", -900_525, 0, 3),
    _point("reseed", RESET, RESET, 3),
    _point("contribution", 210, RESET + 210, 4),
))


def test_one_hit_is_one_dot_and_the_line_never_falls_to_zero(qtbot):
    chart = MeterChart()
    qtbot.addWidget(chart)
    chart.resize(700, 300)
    chart.set_series(WHOLE_METER_HIT, RESET)
    plotted = chart.plotted()
    assert len(plotted.dots) == 1  # the hit, not its payout too
    assert plotted.dots[0].y() == pytest.approx(plotted.y(900_525))
    lowest = max(point.y() for point in plotted.line)  # y grows downwards
    assert lowest == pytest.approx(plotted.y(RESET))  # down to the reset value, never $0.00
    assert plotted.low > 0
    assert LEGEND[-1] == "● hit"
    assert chart.grab().toImage().width() == 700  # drawn


def test_a_payout_without_a_reseed_is_still_drawn():
    """A payout that leaves the meter above its reset value (no reseed) is a point of its
    own: only a payout immediately reseeded is folded into the reseed."""
    series = MeterSeries((_point("start", 0, 900_000, 0), _point("hit", 0, 900_000, 1),
                          _point("paid", -5_000, 895_000, 1)))
    assert [p.kind for p in series.chart_points()] == ["start", "hit", "paid"]
