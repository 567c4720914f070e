"""Issue 16: the meter's whole life on the supervisor's screen (5324.41(k)): every refusal the
station makes is shown with its clause and changes nothing; create, change, retire by the
supervisor signed in, audited; the last hits are listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_station.preview.demo import DemoTable, play_pai_gow_to_validation
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui
METER = "pai_gow_progressive"


@pytest.fixture
def table(qtbot: Any, tmp_path: Path) -> Any:
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    yield demo
    demo.close()


@pytest.fixture
def page(qtbot: Any, table: Any) -> Any:
    screen = SupervisorScreen(table.calls)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.start()
    screen.sign_in("S2", "222222")
    table.wait_idle(screen.configuration.background, timeout=60)
    screen.pages.show_page(screen.pages.stack.indexOf(screen.meters))
    screen.meters.refresh()
    table.wait_idle()
    yield screen.meters


def click(qtbot: Any, table: Any, button: Any) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    table.wait_idle()


def terms(table: Any) -> Any:
    return table.call(lambda context: context.station.meter(METER))


@pytest.mark.parametrize(("field", "value", "words"), [
    ("rate", "20%", "below the 21% the regulation requires for the $1.00 progressive wager "
     "[5324.41(k)(5)]"),
    ("limit", "$5,000", "below the reset amount $10,000.00 [5324.41(k)(4)]"),
    ("reset", "$150", "the meter could not pay it [5324.41(k)(5)]"),
])
def test_illegal_terms_are_refused_with_the_clause(qtbot: Any, table: Any, page: Any,
                                                   field: str, value: str, words: str) -> None:
    before = terms(table)
    getattr(page, field).setText(value)
    click(qtbot, table, page.change_button)
    assert words in page.message.text() and page.message.text().startswith("Refused: ")
    page.name.setText("second_meter")
    click(qtbot, table, page.create_button)
    assert words in page.message.text()
    assert terms(table) == before


def test_reseed_before_a_hit_and_retire_without_a_reason_are_refused(
        qtbot: Any, table: Any, page: Any) -> None:
    click(qtbot, table, page.reseed_button)
    message = page.message.text()
    assert "reseeded after a hit" in message and "[5324.41(k)(6)]" in message
    click(qtbot, table, page.retire_button)
    assert "retiring a meter needs the reason" in page.message.text()
    assert terms(table).retired is None


def test_a_meter_changes_only_between_rounds(qtbot: Any, table: Any, page: Any) -> None:
    from dealer_station.preview.shots import PAI_GOW_HANDS

    table.call(lambda c: play_pai_gow_to_validation(c.station, PAI_GOW_HANDS))
    page.limit.setText("$60,000")
    click(qtbot, table, page.change_button)
    assert "changes only between rounds: round 1 is open" in page.message.text()
    assert terms(table).limit is None


def test_change_and_retire_by_the_supervisor_signed_in(qtbot: Any, table: Any,
                                                       page: Any) -> None:
    page.limit.setText("$60,000")
    click(qtbot, table, page.change_button)
    assert page.message.text() == f"Changed meter {METER}."
    assert terms(table).limit == 6_000_000
    assert page.figure_text()["Limit"] == "$60,000.00 · above it to the overflow"
    page.reason.setText("replaced by a linked meter")
    click(qtbot, table, page.retire_button)
    assert "Retired meter" in page.message.text() and terms(table).retired is not None
    assert page.figure_text()["State"].startswith("retired ")


def test_a_table_without_its_meter_offers_the_configured_terms_to_create(
        qtbot: Any, tmp_path: Path) -> None:
    """Issue 14.3: START ROUND is refused without the meter; the Meters page fills in the
    configuration's terms and CREATE makes the meter the round needs."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        demo.call(lambda c: c.station.retire_meter(METER, reason="replaced",
                                                   supervisor="S1", pin="111111"))
        screen = SupervisorScreen(demo.calls)
        qtbot.addWidget(screen)
        screen.show()
        screen.start()
        screen.sign_in("S2", "222222")
        demo.wait_idle(screen.configuration.background, timeout=60)
        page = screen.meters
        page.refresh()
        demo.wait_idle()
        assert "no progressive meter in service" in page.message.text()
        assert (page.name.text(), page.wager.text(), page.reset.text(), page.rate.text()) == (
            "pai_gow_progressive_2", "progressive", "$10,000.00", "21%")
        # the retired meter shown: nothing to change, reseed or retire on it
        assert page.choice.currentText() == METER
        assert not any(b.isEnabled() for b in (page.change_button, page.reseed_button,
                                               page.retire_button))
        click(qtbot, demo, page.create_button)
        assert page.message.text() == "Created meter pai_gow_progressive_2 at $10,000.00."
        # the new meter shown, in service, its buttons ready
        assert page.choice.currentText() == "pai_gow_progressive_2"
        assert page.figure_text()["State"] == "in service"
        assert all(b.isEnabled() for b in (page.change_button, page.reseed_button,
                                           page.retire_button))
        demo.call(lambda c: c.station.start_round())  # the round now has its meter
    finally:
        demo.close()
