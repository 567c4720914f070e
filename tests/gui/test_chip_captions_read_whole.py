"""A position's chips on the felt are captioned with their wagers ("1", "2", "$", "bonus",
"3-card"); on a narrow position with five wagers the captions must not run into each other
(seen at 1280x800: "bonus" and "3-card" were drawn over each other as "ıonus-can")."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetricsF

from dealer_station.ui.felt import caption_boxes
from dealer_station.ui.theme import THEME

FIVE = ["1", "2", "$", "bonus", "3-card"]


def _metrics(px: int = 8) -> QFontMetricsF:
    font = QFont(THEME.font_family)
    font.setPixelSize(px)
    return QFontMetricsF(font)


def _overlaps(boxes) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(boxes)) for j in range(i + 1, len(boxes))
            if boxes[i].intersects(boxes[j])]


def test_five_captions_on_a_narrow_position_do_not_run_into_each_other(qtbot):
    metrics = _metrics()
    step = 18.0  # a position at 1280x800 with five chips: about 18 px a chip
    assert metrics.horizontalAdvance("3-card") > step  # the case that overlapped
    boxes = caption_boxes(FIVE, 0.0, 0.0, step, metrics)
    assert _overlaps(boxes) == []
    for index, box in enumerate(boxes):  # each still centred under its own chip
        assert abs(box.center().x() - step * (index + 0.5)) < 0.01


def test_captions_stay_on_one_line_when_each_fits_under_its_chip(qtbot):
    metrics = _metrics()
    boxes = caption_boxes(["1", "2", "$", "bonus"], 10.0, 50.0, 60.0, metrics)
    assert {box.top() for box in boxes} == {50.0}
    assert _overlaps(boxes) == []


def test_the_lockout_badge_shrinks_its_type_to_fit_beside_the_meter_instead_of_being_cut(qtbot):
    """Pai Gow at 1280x800 with a progressive lit: "LOCKOUT ON · 1 progressive light(s) lit"
    had 45 % of the felt and was cut at both ends ("OCKOUT ON · 1 progressive light(s) l")."""
    from dealer_station.ui.felt import BADGE_MIN_PX, fit_words

    text = "LOCKOUT ON · 1 progressive light(s) lit"
    font, words = fit_words(text, 260.0, 16.8, bold=True)
    assert words == text  # whole, in smaller type
    assert QFontMetricsF(font).horizontalAdvance(words) <= 260.0
    assert BADGE_MIN_PX <= font.pixelSize() < 17
    font, words = fit_words(text, 60.0, 16.8, bold=True)  # no room even at the smallest type
    assert words.endswith("…") and words.startswith("LOCK")
    assert QFontMetricsF(font).horizontalAdvance(words) <= 60.0
