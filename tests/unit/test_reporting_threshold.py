"""The reporting threshold of other gambling winnings (docs/rules-interpretation.md, "The
winner's identification"): a payout reaches it when it is at least the amount AND at least the
multiple of the wager; the station's settings refuse a bad threshold in one line; the PDF's
Latin-1 font never mangles a name silently."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_station.jackpot import pdf_document, pdf_visible
from dealer_station.station_configuration import valid_station_settings
from dealer_station.winners import REPORT_AT, REPORT_TIMES, identification_refusal, reportable


def test_the_shipped_threshold_is_600_dollars_and_300_times_the_wager() -> None:
    assert (REPORT_AT, REPORT_TIMES) == (600_00, 300)
    assert valid_station_settings({})["report_winnings_at"] == 600_00
    assert valid_station_settings({})["report_winnings_times"] == 300


@pytest.mark.parametrize(("amount", "wager", "reaches"), [
    (599_99, 1_00, False),  # $599.99 on $1: under $600
    (600_00, 1_00, True),  # $600.00 on $1: $600 and 600 times the wager
    (1_499_99, 5_00, False),  # $1,499.99 on $5: over $600 but under 300 times $5
    (1_500_00, 5_00, True),  # exactly 300 times the wager
    (10_000_00, 1_00, True),  # the shipped progressive's meter
    (50_00, 1_00, False),  # the straight flush's fixed $50
])
def test_the_boundary_at_600_dollars_and_300_times_the_wager(amount: int, wager: int,
                                                             reaches: bool) -> None:
    assert reportable(amount, wager, at=REPORT_AT, times=REPORT_TIMES) is reaches
    refusal = identification_refusal(amount, wager, {}, None)
    assert (refusal is not None) is reaches
    if refusal is not None:
        assert "\n" not in refusal and "reporting threshold" in refusal


@given(amount=st.integers(0, 10**9), wager=st.integers(1, 10**6),
       at=st.integers(1, 10**9), times=st.integers(0, 10**4))
def test_a_payout_reaches_the_threshold_exactly_when_both_rules_hold(
        amount: int, wager: int, at: int, times: int) -> None:
    reaches = reportable(amount, wager, at=at, times=times)
    assert reaches == (amount >= at and amount >= times * wager)
    # a cent less never reaches it where the amount alone decided; a cent more keeps it
    if reaches:
        assert reportable(amount + 1, wager, at=at, times=times)
    if amount == max(at, times * wager):
        assert reaches and not reportable(amount - 1, wager, at=at, times=times)
    settings = {"report_winnings_at": at, "report_winnings_times": times}
    assert (identification_refusal(amount, wager, settings, None) is None) is not reaches


@pytest.mark.parametrize(("changes", "words"), [
    ({"report_winnings_at": 0}, "report_winnings_at is a whole number of cents from 1"),
    ({"report_winnings_at": "$600"}, "report_winnings_at is a whole number of cents from 1"),
    ({"report_winnings_at": True}, "report_winnings_at is a whole number of cents from 1"),
    ({"report_winnings_times": -1}, "report_winnings_times is a whole number from 0"),
    ({"report_winnings_times": 2.5}, "report_winnings_times is a whole number from 0"),
])
def test_a_bad_threshold_is_refused_in_one_line(changes: dict[str, object],
                                                words: str) -> None:
    with pytest.raises(ValueError, match=words) as refused:
        valid_station_settings(changes)  # type: ignore[arg-type]
    assert "\n" not in str(refused.value)


@given(st.text(min_size=1, max_size=40))
def test_the_pdf_shows_every_character_or_its_code_point_never_a_silent_question_mark(
        name: str) -> None:
    shown = pdf_visible(name)
    shown.encode("latin-1")  # what the PDF's font can draw
    if "?" not in name:
        assert "?" not in shown
    for char in name:
        if ord(char) < 256:
            assert char in shown


def test_a_name_the_font_cannot_show_is_said_so_on_the_pdf() -> None:
    pdf = pdf_document(["Winner             王小明"], title="JACKPOT RECORD No. 000001")
    assert b"<U+738B><U+5C0F><U+660E>" in pdf
    assert b"the text record holds them as entered" in pdf
    assert b"as entered" not in pdf_document(["Winner             José Müller"])
