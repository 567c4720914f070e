"""The supervisor's screen against a durable station on its own thread: sign-in by role,
progressive validation (5324.41(k)(3)(iii)), round history and dispute reconstruction,
configuration (validated with the clause, only between rounds, audited), meters; every
protected action refused for the wrong role."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from winner_support import WINNER, enter_winner

from dealer_station.preview.demo import (
    DemoTable,
    play_let_it_ride,
    play_pai_gow_to_validation,
)
from dealer_station.store import journal
from dealer_station.store import meters as meter_store
from dealer_station.ui.messages import ERROR
from dealer_station.ui.supervisor.screen import SupervisorScreen
from dealer_station.ui.supervisor.session import StaffSession

pytestmark = pytest.mark.gui

METER = "progressive"


def _setup(context: Any) -> list[int]:
    station = context.station
    station.create_meter(METER, wager="three_card_bonus", reset=500_000, rate_bp=2100,
                         supervisor="S2", pin="222222")
    return [play_let_it_ride(station, {1: "As Ad 4c", 3: "2h 7d 9c"}, "Ks 5h 8d",
                             three_card=2500),
            play_let_it_ride(station, {2: "Qs Js Ts", 5: "3h 3d 9c"}, "Ks As 8d",
                             three_card=1000)]


@pytest.fixture(autouse=True)
def _small_census(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Pai Gow table's configuration page computes the seven-card census: a small one here
    (test_supervisor_pai_gow_returns.py checks the page against the real figures' path)."""
    from test_supervisor_pai_gow_returns import use_small_census

    use_small_census(monkeypatch, tmp_path / "census-cache")


@pytest.fixture
def table(qtbot: Any, tmp_path: Path) -> Any:
    demo = DemoTable(tmp_path, devices=False)
    demo.rounds = demo.call(_setup)
    yield demo
    demo.close()


@pytest.fixture
def screen(qtbot: Any, table: Any) -> SupervisorScreen:
    widget = SupervisorScreen(table.calls)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.start()
    return widget


def sign_in(qtbot: Any, table: Any, screen: Any, user: str, pin: str) -> None:
    screen.sign_in_panel.user.setText(user)
    screen.sign_in_panel.pin.setText(pin)
    qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
    table.wait_idle(screen.configuration.background)


def audit_records(table: Any, kind: str) -> list[dict[str, Any]]:
    def read(context: Any) -> list[dict[str, Any]]:
        path = context.station.store.audit_path
        # (a sealed, archived part of the log reads as zeros: released to the file system)
        return [record for record in map(json.loads, path.read_text().lstrip("\0").splitlines())
                if record["kind"] == kind]

    found: list[dict[str, Any]] = table.call(read)
    return found


def meter_now(table: Any) -> Any:
    return table.call(lambda context: meter_store.statistics(context.station.store, METER))


def show_claim(table: Any, screen: Any, round_id: int, position: str = "4") -> None:
    page = screen.validation
    page.round.setText(str(round_id))
    qtbot_click(page.position.buttons[position])
    qtbot_click(page.show_button)
    table.wait_idle()


def qtbot_click(button: Any) -> None:
    from PySide6.QtTest import QTest

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def force_session(table: Any, screen: Any, user: str, name: str, role: str, pin: str) -> None:
    """A session the sign-in would refuse: the station must refuse each action by itself."""
    screen._signed_in(StaffSession(user, name, role, pin))
    table.wait_idle(screen.configuration.background)


# -- sign-in ----------------------------------------------------------------------------------

def test_supervisor_signs_in_and_out_and_both_are_audited(qtbot: Any, table: Any,
                                                          screen: Any) -> None:
    sign_in(qtbot, table, screen, "S2", "222222")
    assert screen.session is not None and screen.session.user == "S2"
    assert screen.stack.currentIndex() == 1
    assert "Sue Super" in screen.header.who.text()
    with qtbot.waitSignal(screen.closed):
        qtbot.mouseClick(screen.header.sign_out_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert screen.session is None and screen.validation.session is None
    purposes = [r["data"].get("purpose") for r in audit_records(table, "sign_in")]
    assert "supervisor_screen" in purposes
    assert any(r["data"].get("screen") == "supervisor" for r in audit_records(table, "sign_out"))


@pytest.mark.parametrize(("user", "pin", "words"), [
    ("D1", "3333", "only a supervisor may open the supervisor's screen"),
    ("T1", "444444", "only a supervisor may open the supervisor's screen"),
    ("S2", "9999", "wrong id or PIN"),
])
def test_sign_in_refused_for_the_wrong_role_or_pin(qtbot: Any, table: Any, screen: Any,
                                                   user: str, pin: str, words: str) -> None:
    sign_in(qtbot, table, screen, user, pin)
    assert screen.session is None
    assert screen.stack.currentIndex() == 0
    assert words in screen.sign_in_panel.message.text()


# -- progressive validation -------------------------------------------------------------------

def test_a_let_it_ride_round_has_no_progressive_claim_to_show_or_approve(
        qtbot: Any, table: Any, screen: Any) -> None:
    """Issue 16: a claim exists only for a round of a game with the progressive; the screen says
    why, nobody types cards, APPROVE stays off, the refusal is audited, the meter is as it was."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.validation
    assert not hasattr(page, "cards")  # no field to type cards into
    before = meter_now(table)
    show_claim(table, screen, table.rounds[1], position="1")
    assert page.claim is None
    assert ("let it ride round: that game has no progressive payout wager"
            in page.message.text())
    assert not page.approve_button.isEnabled() and not page.reject_button.isEnabled()
    show_claim(table, screen, 999, position="1")
    assert "there is no round 999 at this table" in page.message.text()
    assert meter_now(table) == before
    assert table.call(lambda context: meter_store.jackpots(context.station.store)) == []
    refused = [r["data"] for r in audit_records(table, "claim") if r["data"]["event"] ==
               "refused"]
    assert [r["round"] for r in refused] == [table.rounds[1], 999]


@pytest.mark.parametrize(("user", "name", "role", "pin"), [
    ("D1", "Dee Dealer", "dealer", "3333"),
    ("T1", "Tom Tech", "technician", "444444"),
])
@pytest.mark.parametrize("action", ["approve", "reject", "apply_configuration"])
def test_every_supervisor_action_is_refused_for_the_wrong_role(
        qtbot: Any, table: Any, screen: Any, user: str, name: str, role: str, pin: str,
        action: str) -> None:
    """5324.41(k)(3)(iii) for payouts; only a supervisor changes the configuration. The station
    refuses even when the screen is forced open with another role's account."""
    force_session(table, screen, user, name, role, pin)
    before, version = meter_now(table), table.call(
        lambda context: context.station.configuration_version)
    if action == "apply_configuration":
        screen.configuration.editors["table.minimum"].setText("$10.00")
        qtbot.mouseClick(screen.configuration.apply_button, Qt.MouseButton.LeftButton)
        table.wait_idle()
        message = screen.configuration.message.text()
        assert "only a supervisor may change the configuration" in message
    else:
        show_claim(table, screen, table.rounds[1])
        assert screen.validation.claim is None
        assert not screen.validation.approve_button.isEnabled()
        assert "no progressive payout wager" in screen.validation.message.text()
        assert screen.validation.record is None
    assert meter_now(table) == before
    assert table.call(lambda context: context.station.configuration_version) == version


# -- history and disputes ---------------------------------------------------------------------

def test_history_finds_rounds_by_position_and_time_and_shows_every_hand(
        qtbot: Any, table: Any, screen: Any) -> None:
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.history
    page.position.setText("5")
    qtbot.mouseClick(page.find_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert [row.id for row in page.rows] == [table.rounds[1]]
    page.position.setText("")
    page.since.setText("2999-01-01 00:00")
    page.search()
    table.wait_idle()
    assert page.rows == []
    page.since.setText(page.until.text())
    page.until.setText("2999-01-01")
    page.search()
    table.wait_idle()
    assert [row.id for row in page.rows] == list(reversed(table.rounds))
    page.list.setCurrentRow(1)
    table.wait_idle()
    text = page.view.toPlainText()
    for expected in ("Position 1: As Ad 4c", "Position 3: 2h 7d 9c",
                     "Community: burn: 8d left: Ks right: 5h", "bet one: let it ride",
                     "pay · stake $5.00 · amount $5.00", "three card bonus"):
        assert expected in text
    assert "As 2h Ks Ad 7d 5h 4c 9c 8d" in text  # in the order dealt


def test_history_lists_the_newest_rounds_and_says_when_older_ones_match_too(
        qtbot: Any, table: Any, screen: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's history grows for years: a search lists its newest matches and says that
    older rounds match too (narrow the search), never the whole history."""
    monkeypatch.setattr("dealer_station.ui.supervisor.history_page.SHOWN", 1)
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.history
    page.search()
    table.wait_idle()
    assert [row.id for row in page.rows] == [max(table.rounds)] and page.list.count() == 1
    assert "1 newest rounds that match are listed; older ones match too" in \
        page.message.text()
    page.position.setText("5")
    page.search()
    table.wait_idle()
    assert [row.id for row in page.rows] == [table.rounds[1]]
    assert page.message.text() == "1 round found."


def test_history_says_what_is_wrong_with_a_filter_and_finds_on_enter(
        qtbot: Any, table: Any, screen: Any) -> None:
    """A position that is not a number or a time the journal's times cannot begin with gets
    one line saying so, not "No round matches." (read as: no round was played there); Enter in
    a box finds, as FIND does (it did nothing, and the last search's words stayed beside the
    new filter)."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.history
    page.position.setText("abc")
    qtbot.mouseClick(page.find_button, Qt.MouseButton.LeftButton)
    assert page.message.text() == "Position: a betting position's number, not 'abc'."
    page.position.setText("")
    page.since.setText("yesterday")
    qtbot.keyClick(page.since, Qt.Key.Key_Return)
    assert page.message.text().startswith("From: a UTC time as 2026-11-29 15:00")
    page.since.setText("")
    page.position.setText("5")
    qtbot.keyClick(page.position, Qt.Key.Key_Return)
    table.wait_idle()
    qtbot.waitUntil(lambda: [row.id for row in page.rows] == [table.rounds[1]])
    assert page.message.text() == "1 round found."


def test_history_finds_and_shows_rounds_archived_into_a_segment(
        qtbot: Any, table: Any, screen: Any) -> None:
    """Once the day's rounds are sealed and removed from the live store (as the station does
    between rounds after the day's end), the History page still lists, finds and shows them,
    read from the segment."""
    from datetime import UTC, datetime

    from dealer_station.store import archive

    def seal(context: Any) -> int:
        store = context.station.store
        sealed = archive.seal_through(store, datetime.now(UTC).date().isoformat())
        assert sealed is not None
        return archive.remove_sealed(store, sealed)

    assert table.call(seal) == 2
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.history
    page.position.setText("5")
    qtbot.mouseClick(page.find_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert [row.id for row in page.rows] == [table.rounds[1]]
    page.position.setText("")
    page.since.setText("")
    page.until.setText("2999-01-01")
    page.search()
    table.wait_idle()
    assert [row.id for row in page.rows] == list(reversed(table.rounds))
    page.list.setCurrentRow(1)
    table.wait_idle()
    text = page.view.toPlainText()
    for expected in ("Position 1: As Ad 4c", "Community: burn: 8d left: Ks right: 5h",
                     "pay · stake $5.00 · amount $5.00"):
        assert expected in text


def test_dispute_reconstruction_reruns_the_settlement_and_shows_differences(
        qtbot: Any, table: Any, screen: Any) -> None:
    """The settlement re-run from the records matches; a tampered stored payment shows up as a
    difference from what was paid."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.history
    page.open_round(table.rounds[0])
    table.wait_idle()
    qtbot.mouseClick(page.rerun_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert page.result is not None and page.result.matches and not page.result.differences
    assert "matches every payment made" in page.view.toPlainText()
    # the verdict under the page in the success colour (it was the warn colour, as a refusal)
    assert page.message.objectName() == "good", page.message.text()

    def tamper(context: Any) -> None:
        store = context.station.store
        summary = journal.round_summary(store, table.rounds[0])
        document = dict(summary.document)
        payments = [dict(p) for p in document["payments"]]
        paid = next(p for p in payments if p["outcome"] == "pay")
        paid["amount"] += 10_000
        document["payments"] = payments
        store.connection.execute("UPDATE rounds SET document = ? WHERE id = ?",
                                 (json.dumps(document), table.rounds[0]))

    table.call(tamper)
    page.open_round(table.rounds[0])
    table.wait_idle()
    page.rerun()
    table.wait_idle()
    assert page.result is not None and not page.result.matches
    assert len(page.result.differences) == 1
    assert "1 difference from what was paid" in page.view.toPlainText()
    assert page.message.objectName() == ERROR  # a difference: the screens' error look
    assert "re-run gives" in page.result.differences[0]


# -- configuration ----------------------------------------------------------------------------

def test_a_bad_value_is_refused_with_the_clause_it_breaks(qtbot: Any, table: Any,
                                                          screen: Any) -> None:
    """5324.34(a)(1): seven betting positions; 5324.34(f)(1): the base pay table minimum."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    table.wait_idle(page.background)
    page.editors["table.positions"].setText("6")
    qtbot.mouseClick(page.validate_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert "[5324.34(a)(1)]" in page.message.text()
    page.editors["table.positions"].setText("7")
    page.editors["base_pay_table.flush"].setText("7")
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert "less than the regulation's 8:1 [5324.34(f)(1)]" in page.message.text()
    assert table.call(lambda context: context.station.configuration_version) == 1


def test_configuration_changes_only_between_rounds_and_is_audited(qtbot: Any, table: Any,
                                                                   screen: Any) -> None:
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    page.editors["table.minimum"].setText("$10.00")
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert "configuration version 2" in page.message.text()
    settings = table.call(lambda context: context.station.settings)
    assert settings["table"]["minimum"] == "$10.00"
    config_records = audit_records(table, "config")
    assert config_records[-1]["actor"] == "S2" and config_records[-1]["data"]["version"] == 2

    table.call(lambda context: play_let_it_ride(context.station, {1: "As Ad 4c"}, "Ks 5h 8d",
                                                wager=1000, finish=False))
    page.refresh()
    table.wait_idle()
    assert "in progress" in page.status.text()
    page.editors["table.minimum"].setText("$15.00")
    page.apply()
    table.wait_idle(page.background)
    assert "the configuration cannot change during a round" in page.message.text()
    assert table.call(lambda context: context.station.configuration_version) == 2


def test_theoretical_returns_are_computed_off_the_gui_thread(qtbot: Any, table: Any,
                                                             screen: Any) -> None:
    """5324.34(f)(4) table D: the three-card bonus return shown once the analysis is done."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    qtbot.waitUntil(lambda: "Three-card bonus table D" in page.returns.text()
                    and "house edge 2.136\u00a0%" in page.returns.text(), timeout=30_000)
    assert "Let it ride bonus" in page.returns.text()
    table.wait_idle(page.background, timeout=60)
    assert "Base game (as configured): return 96.494\u00a0%" in page.returns.text()


# -- meters ------------------------------------------------------------------------------------

def test_meter_view_shows_the_figures_and_the_shift_chart(qtbot: Any, table: Any,
                                                          screen: Any) -> None:
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.meters
    figures = page.figure_text()
    stats = meter_now(table)
    assert stats.contributions == (2 * 2500 + 2 * 1000) * 21 // 100
    assert figures["Current"] == f"${stats.current / 100:,.2f}"
    assert figures["Base (reset)"] == "$5,000.00"
    assert figures["Contributions (shift)"] == f"${stats.contributions / 100:,.2f}"
    assert figures["Hits (shift / all)"] == "0 / 0"
    series = page.chart.series
    assert series is not None
    assert [p.kind for p in series.points] == ["seed", "contribution", "contribution"]
    assert series.points[-1].balance == stats.current
    image = page.chart.grab().toImage()
    assert image.width() > 300  # drawn


# -- a Pai Gow round waiting for the supervisor ----------------------------------------------

PAI_GOW_HANDS = {5: "As Ks Qs Js Ts 9c 9d",  # natural royal flush and a pair: the whole meter
                 2: "8h 7h 6h 5h 4h 2c 2s",  # straight flush and a pair: $50
                 3: "6c 6d 2d 3c 5d Qh Jc", "dealer": "Kc Kd 9h 7s 4c 3d Th"}


@pytest.fixture
def pai_gow(qtbot: Any, tmp_path: Path) -> Any:
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    demo.round_id = demo.call(lambda c: play_pai_gow_to_validation(c.station, PAI_GOW_HANDS))
    yield demo
    demo.close()


@pytest.fixture
def pai_gow_screen(qtbot: Any, pai_gow: Any) -> SupervisorScreen:
    widget = SupervisorScreen(pai_gow.calls)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.start()
    return widget


def round_actions(table: Any) -> list[str]:
    return table.call(lambda c: [r.action for r in c.station.round.history]
                      if c.station.round is not None else [])


def test_payouts_the_round_waits_for_are_shown_and_approved_in_order(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """5324.41(k)(3)(iii), (k)(6): the round's own claims, paid from the dealer's right, each
    from the meter as it stands; the station numbers the jackpot records."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.validation
    assert page.claim is not None
    assert page.claim_text()[:6] == [f"{pai_gow.round_id} (pai gow)", "5",
                                     "$1.00 · acceptor lit, counted at the light check (k)(2)",
                                     PAI_GOW_HANDS[5], "high As Ks Qs Js Ts · low 9c 9d",
                                     "Natural royal flush and pair"]
    assert "waits for your validation: position 5, position 2" in page.message.text()
    meter = pai_gow.call(lambda c: c.station.meter("pai_gow_progressive"))
    assert page.claim.amount == meter.current and page.claim.meter_after == meter.reset
    enter_winner(page)
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record.number == 1 and page.record.amount == meter.current
    assert "JACKPOT RECORD No. 000001" in page.record_text.toPlainText()
    assert page.shown.currentWidget() is page.record_text  # the record stays in view
    assert not page.approve_button.isEnabled()
    assert "Next: position 2 waits" in page.message.text()
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.claim is not None and page.claim.position == 2
    assert page.claim.meter_before == meter.reset and page.claim.amount == 5000
    enter_winner(page)
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.record.number == 2 and page.record.position == "2"
    assert round_actions(pai_gow).count("approve_progressive") == 2
    assert pai_gow.call(lambda c: c.station.round.optional.pending) == ()


def test_the_position_is_a_button_per_betting_position_the_waiting_ones_marked(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """Position was an editable drop-down that looked empty: now a button for each of the
    table's six positions, those the round waits for marked, the first of them chosen; a tap
    names the position SHOW THE CLAIM asks about."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.validation
    shown = {value: button.text() for value, button in page.position.buttons.items()}
    assert shown == {"1": "1", "2": "2 · waits", "3": "3", "4": "4", "5": "5 · waits",
                     "6": "6"}
    assert page.position.value() == "5"
    qtbot.mouseClick(page.position.buttons["3"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.claim is None and page.message.text().startswith("Refused"), (
        page.message.text())
    qtbot.mouseClick(page.position.buttons["5"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.claim is not None and page.claim.position == 5


def test_with_no_claim_one_line_at_the_top_says_how_to_show_one(
        qtbot: Any, table: Any, screen: Any) -> None:
    """The "Claim" placeholder sat mid-left with its words far right: one wrapped line at the
    top of the claim's box now says what to do."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.validation
    screen.pages.show_named("Progressive validation")
    table.wait_idle()
    labels = [page.claim_grid.itemAt(i).widget() for i in range(page.claim_grid.count())]
    assert len(labels) == 1 and labels[0].text().startswith("No claim shown. Enter the round")
    assert labels[0].y() < 40 and labels[0].width() > page.claim_box.width() // 2
    assert len(page.position.buttons) == 7  # a Let It Ride table


def test_a_payout_the_round_waits_for_is_rejected_with_the_reason(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """5324.41(k)(3)(iii): rejected in the round's own record; nothing leaves the meter."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    before = pai_gow.call(lambda c: c.station.meter("pai_gow_progressive").current)
    screen.validation.reason.setText("hand was touched by the player")
    qtbot.mouseClick(screen.validation.reject_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert "Rejected" in screen.validation.message.text()
    assert round_actions(pai_gow)[-1] == "reject_progressive"
    assert pai_gow.call(lambda c: c.station.meter("pai_gow_progressive").current) == before
    assert screen.validation.claim is not None and screen.validation.claim.position == 2


@pytest.mark.parametrize(("user", "name", "role", "pin"), [
    ("D1", "Dee Dealer", "dealer", "3333"),
    ("T1", "Tom Tech", "technician", "444444"),
])
@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_the_round_s_payouts_are_refused_for_the_wrong_role(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any, user: str, name: str, role: str,
        pin: str, decision: str) -> None:
    """5324.41(k)(3)(iii): only a supervisor, checked by the station at the decision."""
    screen = pai_gow_screen
    force_session(pai_gow, screen, user, name, role, pin)
    screen.validation.reason.setText("testing the refusal")
    button = (screen.validation.approve_button if decision == "approve"
              else screen.validation.reject_button)
    assert not button.isEnabled()  # nothing was shown to this account
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert ("only a supervisor may validate a progressive payout [5324.41(k)(3)(iii)]"
            in screen.validation.message.text())
    assert len(pai_gow.call(lambda c: c.station.round.optional.pending)) == 2


def test_a_supervisor_dealing_the_round_cannot_validate_its_payouts(
        qtbot: Any, tmp_path: Path) -> None:
    """5324.41(k)(3)(iii): the supervisor on duty as the dealer is refused."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        def supervisor_deals(context: Any) -> int:
            context.station.sign_in("S1", "111111")
            return play_pai_gow_to_validation(context.station, PAI_GOW_HANDS)

        demo.call(supervisor_deals)
        screen = SupervisorScreen(demo.calls)
        qtbot.addWidget(screen)
        screen.show()
        screen.start()
        sign_in(qtbot, demo, screen, "S1", "111111")
        demo.wait_idle()
        assert not screen.validation.approve_button.isEnabled()
        assert "on a round they dealt [5324.41(k)(3)(iii)]" in screen.validation.message.text()
        assert len(demo.call(lambda c: c.station.round.optional.pending)) == 2
    finally:
        demo.close()


def test_a_pai_gow_round_is_reconstructed_with_the_dealer_s_hand_and_settings(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """5324.41: every hand as dealt (the dealer's too), each setting, the payments in order,
    and the re-run settlement (progressive payouts included) matching what was paid."""
    def finish(context: Any) -> None:
        from dealer_station.ui.supervisor.validation import approve_claim, show_claim

        station = context.station
        while station.round.optional.pending:
            first = station.round.optional.pending[0].position
            claim = show_claim(station, station.round_id, first,
                               supervisor="S2", pin="222222")
            approve_claim(station, claim, supervisor="S2", pin="222222", winner=WINNER)
        while station.round is not None:
            station.perform("complete_jackpot_record", position=station.round.step.positions[0])

    pai_gow.call(finish)
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.history
    page.open_round(pai_gow.round_id)
    pai_gow.wait_idle()
    page.rerun()
    pai_gow.wait_idle()
    text = page.view.toPlainText()
    assert f"Dealer (7): {PAI_GOW_HANDS['dealer']}" in text
    assert f"Position 5: {PAI_GOW_HANDS[5]}" in text
    assert "Position 5 · high: As Ks Qs Js Ts, low: 9d 9c" in text
    assert "progressive · pay" in text
    assert page.result is not None and page.result.matches


def test_a_pai_gow_table_shows_its_optional_wagers_pay_tables_and_house_way(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """5324.41(d)(1): the wagers offered; (m)(1): a pay table letter the regulation does not
    have is refused with its clause."""
    def finish(context: Any) -> None:  # a settled round cannot be voided ((g)(7)): the
        # supervisor rejects the payouts it waits for, and the round ends
        from dealer_station.ui.supervisor.validation import reject_claim, show_claim

        station = context.station
        while station.round is not None and station.round.optional.pending:
            first = station.round.optional.pending[0].position
            claim = show_claim(station, station.round_id, first,
                               supervisor="S2", pin="222222")
            reject_claim(station, claim, "configuration test", supervisor="S2", pin="222222")
        assert station.round is None

    pai_gow.call(finish)
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.configuration
    groups = {f.key: f.group for f in page.fields}
    assert groups["side_wagers.offered"] == "Optional wagers"
    assert groups["bonus_wagers.fortune_letter"] == "Pay tables"
    assert groups["house_way.name"] == "House way"
    assert groups["table.minimum_wager"] == "Limits"
    # the optional wagers a box each, in words, the table's own ticked (they were typed)
    boxes = page.sets["side_wagers.offered"]
    assert [box.text() for box in boxes.values()][:2] == ["progressive payout wager",
                                                          "fortune bonus"]
    assert [value for value, box in boxes.items() if box.isChecked()] == ["progressive"]
    assert "ticked" in page.hints["side_wagers.offered"].text()
    # settings of a fixed set of values: a button each, in words
    chooser = page.choosers["dealing.starting_position"]
    assert [b.text() for b in chooser.buttons.values()] == ["random number (1-7)",
                                                            "three dice (3-18)"]
    assert page.choosers["house_way.name"].value() == "standard"
    rounding = page.choosers["vigorish.rounding"]  # (g)(8): the game's two, in words
    assert [b.text() for b in rounding.buttons.values()] == ["up to the next 25 cents",
                                                             "to the cent (exact)"]
    assert rounding.value() == "$0.25"
    # an illegal combination: one line with its clause, nothing stored
    def tick(box: Any) -> None:  # at the box and its words (the row is the form's width)
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(12, box.height() // 2))

    tick(page.toggles["rng_side_wager.offered"])
    qtbot.mouseClick(chooser.buttons["dice"], Qt.MouseButton.LeftButton)
    page.apply()
    pai_gow.wait_idle(page.background)
    assert page.message.text().startswith("Refused: ") and "5324.41(j)" in page.message.text()
    assert "\n" not in page.message.text()
    assert pai_gow.call(lambda c: c.station.configuration_version) == 1
    qtbot.mouseClick(chooser.buttons["rng"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.choosers["bonus_wagers.fortune_letter"].buttons["B"],
                     Qt.MouseButton.LeftButton)
    tick(boxes["fortune_bonus"])
    page.apply()
    pai_gow.wait_idle(page.background)
    assert "Applied as configuration version 2" in page.message.text()
    stored = pai_gow.call(lambda c: c.station.settings)
    assert stored["bonus_wagers"]["fortune_letter"] == "B"
    assert stored["side_wagers"]["offered"] == ["progressive", "fortune_bonus"]
    assert stored["dealing"]["starting_position"] == "rng"
    assert stored["rng_side_wager"]["offered"] is True


def test_the_game_is_changed_between_rounds_and_audited(qtbot: Any, table: Any,
                                                        screen: Any) -> None:
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    qtbot.mouseClick(page.game.buttons["pai_gow"], Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert "house_way.name" in page.choosers and "table.minimum_wager" in page.editors
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert "the table now deals Pai Gow Poker from the next round" in page.message.text()
    assert table.call(lambda context: context.station.game) == "pai_gow"
    last = audit_records(table, "config")[-1]
    assert last["data"]["game"] == "pai_gow" and last["actor"] == "S2"


def test_repeated_wrong_pins_lock_the_account(qtbot: Any, table: Any, screen: Any) -> None:
    """The station's temporary lock after repeated failures applies on the supervisor's
    screen too (each failure audited)."""
    for _ in range(5):
        sign_in(qtbot, table, screen, "S2", "0000")
    assert "locked" in screen.sign_in_panel.message.text()
    sign_in(qtbot, table, screen, "S2", "222222")
    assert screen.session is None and "locked" in screen.sign_in_panel.message.text()
    failures = [r for r in audit_records(table, "sign_in_failed") if r["data"]["user"] == "S2"]
    assert len(failures) == 6


def test_the_jackpot_slip_prints_then_reprints_marked_copy_and_a_fault_loses_nothing(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """Issue 16: the numbered record printed as an ESC/POS slip on the (simulated) receipt
    printer; a reprint is marked COPY; no paper is shown and the record is kept; each audited."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.validation
    enter_winner(page)
    qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    number = page.record.number
    printer = pai_gow.call(lambda c: c.station.slip_printer.directory)
    qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert page.message.text() == f"Jackpot record No. {number:06d} printed."
    assert page.message.objectName() == "good"  # done: the success colour, not the warn one
    (printer / "FAULT").write_text("out of paper")
    qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert "Not printed: the simulated printer is out of paper" in page.message.text()
    assert page.message.objectName() == ERROR  # a fault: the screens' error look
    assert "The record is kept" in page.message.text()
    (printer / "FAULT").unlink()
    qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert "(marked COPY: a reprint)" in page.message.text()
    slips = sorted(printer.glob("slip-*.txt"))
    assert len(slips) == 2
    first, second = (path.read_text().splitlines() for path in slips)
    assert first[0] == second[0] == f"JACKPOT RECORD No. {number:06d}"
    assert "*** COPY ***" not in first and second[1] == "*** COPY ***"
    assert b"\x1d\x56" in slips[1].with_suffix(".escpos").read_bytes()  # GS V: the cut
    audited = [(r["data"]["outcome"], r["data"]["copy"], r["actor"])
               for r in audit_records(pai_gow, "slip")]
    assert audited == [("printed", False, "S2"), ("fault", True, "S2"), ("printed", True, "S2")]
    assert pai_gow.call(lambda c: meter_store.jackpot(c.station.store, number)).amount > 0


@pytest.mark.parametrize(("round_offset", "position", "words"), [
    (0, "1", "position 1 has no progressive wager in round"),
    (0, "3", "form no progressive hand paid from the meter"),
    (0, "2", "position 5 is paid first (from the dealer's right)"),
    (1, "5", "there is no round"),
])
def test_claims_the_journal_does_not_hold_are_refused_on_the_screen(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any, round_offset: int, position: str,
        words: str) -> None:
    """Issue 16 through the supervisor's screen: each refusal said in words, nothing to
    approve, audited as refused; the meter untouched."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    before = pai_gow.call(lambda c: c.station.meter("pai_gow_progressive").current)
    show_claim(pai_gow, screen, pai_gow.round_id + round_offset, position)
    page = screen.validation
    assert words in page.message.text() and page.claim is None
    assert not page.approve_button.isEnabled() and not page.reject_button.isEnabled()
    assert audit_records(pai_gow, "claim")[-1]["data"]["event"] == "refused"
    assert pai_gow.call(lambda c: c.station.meter("pai_gow_progressive").current) == before


def test_a_supervisor_signed_in_at_the_table_during_the_round_is_refused_on_the_screen(
        qtbot: Any, tmp_path: Path) -> None:
    """Issue 16: S2 signed in on the dealer's screen for a moment of the round and handed back
    before acting; on the supervisor's screen S2 is shown why there is nothing to approve."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        def relieved_for_a_moment(context: Any) -> int:
            station = context.station
            round_id = play_pai_gow_to_validation(station, PAI_GOW_HANDS)
            return round_id

        def swap(context: Any) -> None:
            context.station.sign_in("S2", "222222")
            context.station.sign_in("D1", "3333")

        demo.call(swap)  # before the round: not "during" it
        demo.call(relieved_for_a_moment)
        screen = SupervisorScreen(demo.calls)
        qtbot.addWidget(screen)
        screen.show()
        screen.start()
        sign_in(qtbot, demo, screen, "S2", "222222")
        demo.wait_idle()
        assert screen.validation.claim is not None  # S2 was not at the table during it
        demo.call(lambda c: (c.station.sign_in("S2", "222222"), c.station.sign_in("D1", "3333")))
        screen.validation.show_claim()
        demo.wait_idle()
        assert screen.validation.claim is None
        assert ("S2 was signed in at this table as its dealer during round 1: another "
                "supervisor validates its payouts [5324.41(k)(3)(iii)]"
                in screen.validation.message.text())
        assert not screen.validation.approve_button.isEnabled()
    finally:
        demo.close()


# -- pages never stale ------------------------------------------------------------------------

def test_meters_count_the_hit_just_approved_without_refresh(qtbot: Any, pai_gow: Any,
                                                            pai_gow_screen: Any) -> None:
    """A page opened shows the station as it is now: no REFRESH (issue 14, item 15)."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    meters = screen.meters
    pai_gow.wait_idle()
    assert meters.figure_text()["Hits (shift / all)"] == "0 / 0"  # before the approval
    screen.pages.show_page(1)  # the Validation page, as the supervisor left it
    enter_winner(screen.validation)
    qtbot.mouseClick(screen.validation.approve_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert screen.validation.record is not None
    qtbot.mouseClick(screen.pages.buttons["Meters"], Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    assert meters.figure_text()["Hits (shift / all)"] == "1 / 1"
    # the hit's row: who validated it is in view (the page is this table's: no Table column,
    # which pushed the Supervisor column behind a sideways scroll bar)
    hits = meters.hits
    shown = [hits.horizontalHeaderItem(c).text() for c in range(hits.columnCount())
             if not hits.isColumnHidden(c)]
    assert shown == ["Time (UTC)", "Round", "Position", "Hand", "Amount", "Supervisor"]
    assert hits.item(0, shown.index("Supervisor") + 1).text() == "S2"


def test_a_refusal_goes_when_the_value_is_fixed(qtbot: Any, table: Any, screen: Any,
                                                tmp_path: Path) -> None:
    """A refusal on screen goes as soon as the value is fixed (issue 14, item 15)."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    table.wait_idle(page.background)
    editor = page.editors["table.positions"]
    editor.selectAll()
    qtbot.keyClicks(editor, "6")  # typed, as a person does
    qtbot.mouseClick(page.validate_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    assert page.message.text().startswith("Refused") and "5324.34(a)(1)" in page.message.text()
    editor.selectAll()
    qtbot.keyClicks(editor, "7")  # fixed: the refusal goes without pressing VALIDATE again
    qtbot.waitUntil(lambda: not page.message.text().startswith("Refused"), timeout=10_000)
    assert page.message.text().startswith("Valid")


def test_the_refused_value_is_marked_until_it_is_fixed(qtbot: Any, table: Any, screen: Any,
                                                      tmp_path: Path) -> None:
    """5324.34(a)(1): VALIDATE refuses six positions; the box refused is ringed (the refusal
    names a clause, not a box) and the other boxes are not; fixed, the ring goes with the
    refusal."""
    sign_in(qtbot, table, screen, "S2", "222222")
    page = screen.configuration
    table.wait_idle(page.background)
    editor = page.editors["table.positions"]
    minimum = page.editors["table.minimum"]
    editor.selectAll()
    qtbot.keyClicks(editor, "6")
    qtbot.mouseClick(page.validate_button, Qt.MouseButton.LeftButton)
    table.wait_idle(page.background)
    qtbot.waitUntil(lambda: page.refused_fields() == ("table.positions",), timeout=10_000)
    assert page.message.text().startswith("Refused")
    assert editor.property("refused") and not minimum.property("refused")
    assert _ringed(editor) and not _ringed(minimum)  # as drawn: the fault colour's ring
    editor.selectAll()
    qtbot.keyClicks(editor, "7")  # fixed: the ring goes without pressing VALIDATE again
    qtbot.waitUntil(lambda: page.message.text().startswith("Valid"), timeout=10_000)
    assert page.refused_fields() == ()
    assert not editor.property("refused") and not _ringed(editor)


def _ringed(box: Any) -> bool:
    """The box's left edge, half way down, drawn in the fault colour."""
    from PySide6.QtGui import QColor

    from dealer_station.ui.theme import THEME

    image = box.grab().toImage()
    shown = QColor(image.pixel(1, image.height() // 2))
    fault = QColor(THEME.fault)
    return max(abs(shown.red() - fault.red()), abs(shown.green() - fault.green()),
               abs(shown.blue() - fault.blue())) < 40


def test_the_archive_page_shows_sealed_days_exports_them_and_sets_the_kept_time(
        qtbot: Any, table: Any, screen: Any, tmp_path: Path) -> None:
    """Archive: the day sealed (beside the table) is listed with its rounds; EXPORT FOR THE
    REGULATOR writes it with MANIFEST.json; SET KEPT TIME is an audited configuration change
    with the supervisor's PIN."""
    from datetime import UTC, datetime

    today = datetime.now(UTC).date().isoformat()
    sign_in(qtbot, table, screen, "S2", "222222")
    screen.pages.show_named("Archive")
    table.wait_idle()
    page = screen.archive
    # no day sealed yet: nothing to export (the green button stood ready)
    assert page.list.item(0).text().startswith("No day sealed yet")
    assert not page.export_button.isEnabled()
    status = table.call(lambda context: context.station.seal_now(today, wait=True))
    assert status.state == "idle" and "segment 1" in status.last
    screen.pages.show_named("Accounts")
    screen.pages.show_named("Archive")
    table.wait_idle()
    assert page.export_button.isEnabled()
    assert page.list.count() == 1 and "2 rounds" in page.list.item(0).text()
    assert "archived" in page.list.item(0).text()
    assert "kept on the table for ever" in page.summary.text()
    assert "segment 1 (through" in page.summary.text()
    out = tmp_path / "usb"
    page.out.setText(str(out))
    qtbot.mouseClick(page.export_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert "1 segment and MANIFEST.json written" in page.message.text()
    assert page.message.objectName() == "good"  # done: the success colour
    assert json.loads((out / "MANIFEST.json").read_text())["segments"][0]["rounds"] == 2
    page.keep.setValue(30)
    qtbot.mouseClick(page.keep_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    table.wait_idle()
    assert "kept 30 days" in page.message.text()
    assert audit_records(table, "config")[-1]["data"]["station"]["archive_keep_days"] == 30
    assert audit_records(table, "config")[-1]["actor"] == "S2"
    assert "kept 30 days after their day" in page.summary.text()
    qtbot.mouseClick(page.seal_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert page.message.text()


def test_a_payout_approved_already_shows_its_jackpot_record_to_save_or_print(
        qtbot: Any, pai_gow: Any, pai_gow_screen: Any) -> None:
    """Asking again for a position whose payout was approved (at the table's screen, or here
    earlier) shows its numbered jackpot record, ready to save or print — it was a dead end
    ("Refused: … nothing is approved twice") with SAVE and PRINT greyed."""
    screen = pai_gow_screen
    sign_in(qtbot, pai_gow, screen, "S2", "222222")
    page = screen.validation
    for _ in range(2):  # position 5, then position 2: records No. 1 and No. 2
        enter_winner(page)
        qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
        pai_gow.wait_idle()
        qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
        pai_gow.wait_idle()
    assert page.record is not None and page.record.number == 2
    page.round.setText(str(pai_gow.round_id))
    qtbot.mouseClick(page.position.buttons["5"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    pai_gow.wait_idle()
    qtbot.waitUntil(lambda: page.record is not None and page.record.number == 1)
    assert "JACKPOT RECORD No. 000001" in page.record_text.toPlainText()
    assert page.shown.currentWidget() is page.record_text
    assert page.save_button.isEnabled() and page.print_button.isEnabled()
    assert not page.approve_button.isEnabled()  # nothing is approved twice
    assert "approved already by S2" in page.message.text()


def test_after_the_sign_in_no_button_holds_the_keyboard(qtbot: Any, table: Any,
                                                         screen: Any) -> None:
    """Signed in with id, PIN, Enter: the focus does not land on SIGN OUT · BACK TO THE TABLE
    (the PIN box hid and Qt moved the focus to it; one Enter or Space more signed out)."""
    with qtbot.waitActive(screen):
        screen.activateWindow()
    screen.sign_in_panel.user.setText("S1")
    screen.sign_in_panel.pin.setFocus()
    qtbot.keyClicks(screen.sign_in_panel.pin, "111111")
    qtbot.keyClick(screen.sign_in_panel.pin, Qt.Key.Key_Return)
    table.wait_idle(screen.configuration.background)
    qtbot.waitUntil(lambda: screen.session is not None, timeout=10_000)
    assert not screen.header.sign_out_button.hasFocus()
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert screen.session is not None  # still signed in
