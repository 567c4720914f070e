"""The technician's screen against a durable station and the simulated table's devices (in
process, a running device manager): the device list, the per-device tests with live results,
the decoded frame trace, fault injection, the diagnostics bundle; locked out during a round;
every action refused for the wrong role."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt

from dealer_station.preview.demo import DemoTable, play_let_it_ride
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.technician.screen import TechnicianScreen
from dealer_station.ui.theme import THEME

pytestmark = pytest.mark.gui


@pytest.fixture
def table(qtbot: Any, tmp_path: Path) -> Any:
    demo = DemoTable(tmp_path / "data", devices=True)
    demo.call(lambda context: None)  # opened
    yield demo
    demo.close()


@pytest.fixture
def screen(qtbot: Any, table: Any, tmp_path: Path) -> Any:
    widget = TechnicianScreen(table.calls, bundle_dir=tmp_path / "bundles")
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.start()
    yield widget
    widget.timer.stop()


def sign_in(qtbot: Any, table: Any, screen: Any, user: str = "T1", pin: str = "444444") -> None:
    screen.sign_in_panel.user.setText(user)
    screen.sign_in_panel.pin.setText(pin)
    qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
    table.wait_idle()


def run_test(qtbot: Any, table: Any, screen: Any, key: str, *, act: bool = True) -> None:
    """Tap ``key``'s test; with ``act``, do what it asks on the simulated table through the
    screen's hands (each seat's chip placed and taken away, the lockout button pressed)."""
    qtbot.mouseClick(screen.test_buttons[key], Qt.MouseButton.LeftButton)
    done: set[object] = set()
    while screen.running is not None:
        qtbot.wait(20)
        asked = ("seat", screen.asked_seat) if screen.hands["place"].isEnabled() else (
            "lockout" if screen.hands["lockout"].isEnabled() else None)
        if not act or asked is None or asked in done:
            continue
        done.add(asked)
        for hand in (("place", "remove") if asked != "lockout" else ("lockout",)):
            qtbot.mouseClick(screen.hands[hand], Qt.MouseButton.LeftButton)
            table.wait_idle()
    table.wait_idle()


def audit(table: Any, kind: str) -> list[dict[str, Any]]:
    def read(context: Any) -> list[dict[str, Any]]:
        lines = context.station.store.audit_path.read_text().splitlines()
        return [r for r in map(json.loads, lines) if r["kind"] == kind]

    found: list[dict[str, Any]] = table.call(read)
    return found


def test_device_list_shows_identity_firmware_link_and_error_counters(qtbot: Any, table: Any,
                                                                     screen: Any) -> None:
    sign_in(qtbot, table, screen)
    assert screen.stack.currentIndex() == 1
    subjects = [row.subject for row in screen.rows]
    assert subjects == ["shoe", *(f"acceptors seat {s}" for s in range(1, 8)), "lockout"]
    for row in screen.rows:
        assert row.serial.startswith("SIM-") and row.link == "online"
        assert row.firmware != "-" and "crc" in row.firmware
    assert screen.table.rowCount() == 9
    headers = [screen.table.horizontalHeaderItem(c).text() for c in range(7)]
    assert headers == ["Device", "Link", "Faults", "Errors", "Serial", "Model", "Firmware"]
    assert screen.table.item(0, 0).text() == "shoe"
    assert screen.table.item(0, 1).text() == "online"
    assert screen.table.item(0, 3).text() == "none"


@pytest.mark.parametrize(("key", "subjects", "words"), [
    ("lamp", 7, "on, flashing, off read back"),
    ("sensor", 7, "chip sensed and removed"),
    ("dispense", 1, "stack of 3:"),
    ("lockout", 1, "lock, unlock, indicator on/flashing/off"),
])
def test_each_device_test_reports_live_results_and_is_audited(
        qtbot: Any, table: Any, screen: Any, key: str, subjects: int, words: str) -> None:
    sign_in(qtbot, table, screen)
    run_test(qtbot, table, screen, key)
    assert len(screen.outcomes) == subjects
    assert all(o.passed and words in o.detail for o in screen.outcomes)
    shown = [screen.results.item(i).text() for i in range(screen.results.count())]
    assert sum(1 for line in shown if line.startswith("PASS")) == subjects
    assert "every check passed" in screen.message.text()
    assert screen.message.objectName() == "good"  # the success colour, not the warn colour
    names = [r["data"].get("name") for r in audit(table, "diagnostic")]
    assert names.count(f"{key}_test") == 2  # authorized, then finished
    assert all(button.isEnabled() for button in screen.test_buttons.values())


@pytest.mark.parametrize(("key", "subjects", "words"), [
    ("sensor", 7, "no chip sensed within 0.3 s"),
    ("lockout", 1, "the lockout button was not reported within 0.3 s"),
])
def test_a_test_asking_for_an_action_fails_when_nobody_acts(
        qtbot: Any, table: Any, screen: Any, key: str, subjects: int, words: str) -> None:
    """The sensor test ("place a chip…") and the lockout test ("press the lockout button")
    wait for what they ask, on the simulated table too (its back door never acts for the
    technician), and fail, saying so, when nothing was done in time."""
    sign_in(qtbot, table, screen)
    screen.action_seconds = 0.3
    run_test(qtbot, table, screen, key, act=False)
    assert len(screen.outcomes) == subjects
    assert not any(o.passed for o in screen.outcomes)
    assert all(words in o.detail for o in screen.outcomes), screen.outcomes
    assert "FAILED" in screen.message.text() and words in screen.message.text()
    assert screen.message.objectName() != "good"
    assert not any(hand.isEnabled() for hand in screen.hands.values())


def test_the_simulated_tables_hands_show_what_the_test_asks(qtbot: Any, table: Any,
                                                           screen: Any) -> None:
    sign_in(qtbot, table, screen)
    qtbot.waitUntil(lambda: screen.hands_row.isVisible(), timeout=5_000)
    assert not any(hand.isEnabled() for hand in screen.hands.values())
    qtbot.mouseClick(screen.test_buttons["sensor"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.hands["place"].isEnabled(), timeout=5_000)
    assert screen.hands["place"].text() == "PLACE CHIP AT 1"
    assert not screen.hands["lockout"].isEnabled()
    assert "Waiting up to 30 s: place a chip on the acceptor at seat 1" in screen.message.text()
    run_test(qtbot, table, screen, "sensor")  # (its button is off meanwhile) each seat acted for
    assert len(screen.outcomes) == 7 and all(o.passed for o in screen.outcomes)


def test_a_round_cannot_start_while_a_test_runs(qtbot: Any, table: Any, screen: Any) -> None:
    sign_in(qtbot, table, screen)

    def start_during_test(context: Any) -> str:
        block = context.station.diagnostic("lamp_test", technician="T1", pin="444444")
        block.__enter__()
        try:
            context.station.start_round()
        except Exception as error:
            return str(error)
        finally:
            block.__exit__(None, None, None)
        return "started"

    assert "diagnostic 'lamp_test' is running" in table.call(start_during_test)


def test_the_frame_trace_shows_decoded_frames(qtbot: Any, table: Any, screen: Any) -> None:
    sign_in(qtbot, table, screen)
    screen.routine_box.setChecked(True)  # every frame, the routine polls too
    screen.trace_button.setChecked(True)
    table.wait_idle()
    qtbot.waitUntil(lambda: "POLL reply" in screen.trace.toPlainText(), timeout=10_000)
    text = screen.trace.toPlainText()
    assert " tx shoe " in text and " rx shoe " in text and " rx seat 3 " in text
    screen.trace_button.setChecked(False)
    table.wait_idle()
    assert table.call(lambda context: all(link.trace is None
                                          for link in context.manager.links().values()))


def test_fault_injection_on_the_simulated_table(qtbot: Any, table: Any, screen: Any) -> None:
    """A jam injected through the back door makes the next dispense test fail; an unplugged
    line shows offline in the device list."""
    sign_in(qtbot, table, screen)
    screen.fault.setCurrentIndex(screen.fault.findData("jam"))
    qtbot.mouseClick(screen.inject_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert "Injected: Jam the next dispense" in screen.message.text()
    run_test(qtbot, table, screen, "dispense")
    assert [o.passed for o in screen.outcomes] == [False]
    screen.fault.setCurrentIndex(screen.fault.findData("unplug"))
    screen.line.setCurrentText("lockout")
    screen.inject()
    table.wait_idle()
    qtbot.waitUntil(lambda: (screen.refresh(), table.wait_idle(),
                             any(r.device == "lockout" and r.link != "online"
                                 for r in screen.rows))[-1], timeout=15_000)
    injections = [r["data"]["name"] for r in audit(table, "diagnostic")
                  if r["data"]["name"].startswith("fault_injection")]
    assert injections == ["fault_injection:jam:shoe", "fault_injection:unplug:lockout"]
    # the next opening of the screen starts clean: not the last technician's words and lists
    screen.start()
    assert screen.message.text() == "" and screen.injected.count() == 0
    assert screen.results.count() == 0 and screen.results.isHidden()


def test_diagnostics_bundle_is_one_archive_with_everything(qtbot: Any, table: Any,
                                                           screen: Any) -> None:
    sign_in(qtbot, table, screen)
    screen.trace_button.setChecked(True)
    qtbot.waitUntil(lambda: screen.tap.count > 5, timeout=10_000)
    table.call(lambda c: c.station.record_device_event("shoe", "fault",
                                                      reason="bundle test jam"))
    qtbot.mouseClick(screen.export_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    path = screen.bundle_path
    assert path is not None and path.suffix == ".zip"
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        assert names == {"configuration.json", "devices.json", "trace.txt", "trace-events.txt",
                         "logs/recent.log", "logs/audit-tail.jsonl", "manifest.json"}
        configuration = json.loads(archive.read("configuration.json"))
        assert configuration["game"] == "let_it_ride" and configuration["simulated"] is True
        devices = json.loads(archive.read("devices.json"))["devices"]
        assert all(d["serial"].startswith("SIM-") for d in devices)
        assert all(d["firmware"] != "-" for d in devices) and len(devices) == 9
        assert "POLL" in archive.read("trace.txt").decode()
        assert b"sign_in" in archive.read("logs/audit-tail.jsonl")
        recent = archive.read("logs/recent.log").decode()
        assert '"device_event": "fault"' in recent and "bundle test jam" in recent
        assert b"pin_hash" not in b"".join(archive.read(n) for n in names)
        manifest = json.loads(archive.read("manifest.json"))
        assert set(manifest["files"]) == names - {"manifest.json"}


def test_during_a_round_faults_are_cleared_and_hardware_tests_refused(qtbot: Any, table: Any,
                                                                      screen: Any) -> None:
    """During a round the technician may sign in to see the devices and clear their faults;
    what is refused (the tests that move hardware, fault injection) is said before the PIN is
    typed; a round that opens locks the tests and the station refuses them."""
    table.call(lambda context: play_let_it_ride(context.station, {1: "As Ad 4c"}, "Ks 5h 8d",
                                                finish=False))
    screen.start()
    table.wait_idle()
    qtbot.waitUntil(lambda: screen.sign_in_panel.notice.isVisible(), timeout=5_000)
    notice = screen.sign_in_panel.notice.text()
    assert "Round 1 is in progress" in notice and "refused until the round ends" in notice
    sign_in(qtbot, table, screen)
    assert screen.session is not None
    qtbot.waitUntil(lambda: screen.lock.isVisible(), timeout=5_000)
    assert not any(b.isEnabled() for b in screen.test_buttons.values())
    assert screen.clear_button.isEnabled()
    qtbot.mouseClick(screen.clear_button, Qt.MouseButton.LeftButton)
    table.wait_idle()
    qtbot.waitUntil(lambda: "shoe: faults reset" in screen.message.text(), timeout=10_000)
    assert screen.message.objectName() == "good"
    assert [r["data"]["name"] for r in audit(table, "diagnostic")][-1] == "clear_faults"
    screen.sign_out()
    table.wait_idle()

    def finish(context: Any) -> None:
        context.station.void_round("test over", supervisor="S2", pin="222222")
        station = context.station  # the dealer returns the wagers and collects the cards
        while station.round is not None and station.round.step.phase in ("return_wagers",
                                                                         "collect_cards"):
            station.perform(station.round.step.actions[0])

    table.call(finish)
    screen.start()
    sign_in(qtbot, table, screen)
    assert screen.session is not None and not screen.lock.isVisible()
    assert not screen.sign_in_panel.notice.isVisible()
    table.call(lambda context: play_let_it_ride(context.station, {2: "2c 3c 4c"}, "Ks 5h 8d",
                                                finish=False))
    screen.poll()
    table.wait_idle()
    assert screen.lock.isVisible() and "Round 2 is in progress" in screen.lock.text()
    assert not any(b.isEnabled() for b in screen.test_buttons.values())
    assert not screen.inject_button.isEnabled()
    screen.locked_round = None  # as if the screen had not noticed yet: the station refuses
    screen.run_test("lamp")
    table.wait_idle()
    qtbot.waitUntil(lambda: screen.running is None, timeout=5_000)
    assert "never run during a round" in screen.message.text()
    screen.inject()
    table.wait_idle()
    assert "never run during a round" in screen.message.text()


def _background(label: Any) -> str:
    """The colour the label is painted with just inside its border."""
    return label.grab().toImage().pixelColor(6, label.height() // 2).name()


def test_what_waits_for_the_round_reads_as_a_notice_not_a_fault(qtbot: Any, table: Any,
                                                                 screen: Any) -> None:
    """During a round, "the tests wait until the round ends" was in the red fault style (on
    the sign-in page and above the pages): it is information, in the calm notice style."""
    table.call(lambda context: play_let_it_ride(context.station, {1: "As Ad 4c"}, "Ks 5h 8d",
                                                finish=False))
    screen.start()
    table.wait_idle()
    notice = screen.sign_in_panel.notice
    qtbot.waitUntil(notice.isVisible, timeout=5_000)
    assert notice.objectName() == "notice" and _background(notice) == THEME.panel
    sign_in(qtbot, table, screen)
    qtbot.waitUntil(lambda: screen.lock.isVisible(), timeout=5_000)
    assert screen.lock.objectName() == "notice" and _background(screen.lock) == THEME.panel


def test_every_device_column_is_in_view_at_1280_by_800(qtbot: Any, table: Any,
                                                       screen: Any) -> None:
    """Model and Firmware needed sideways scrolling at 1280×800: the widest columns are
    narrowed alike and their words wrap; the serial number stays whole."""
    sign_in(qtbot, table, screen)
    devices = screen.table
    qtbot.waitUntil(lambda: devices.rowCount() == 9, timeout=5_000)
    widths = [devices.columnWidth(c) for c in range(devices.columnCount())]
    assert sum(widths) <= devices.viewport().width(), widths
    assert devices.horizontalScrollBar().maximum() == 0
    serial = [h.text() for h in map(devices.horizontalHeaderItem, range(7))].index("Serial")
    assert widths[serial] >= devices.sizeHintForColumn(serial)
    model = devices.item(0, serial + 1)
    assert devices.rowHeight(0) >= 2 * devices.fontMetrics().height() or (
        devices.fontMetrics().horizontalAdvance(model.text()) <= widths[serial + 1])


@pytest.mark.parametrize(("user", "pin"), [("D1", "3333"), ("S2", "222222")])
def test_sign_in_refused_for_the_wrong_role(qtbot: Any, table: Any, screen: Any, user: str,
                                            pin: str) -> None:
    sign_in(qtbot, table, screen, user, pin)
    assert screen.session is None
    assert "only a technician may open the technician's screen" in (
        screen.sign_in_panel.message.text())


@pytest.mark.parametrize(("user", "name", "role", "pin"), [
    ("D1", "Dee Dealer", "dealer", "3333"),
    ("S2", "Sue Super", "supervisor", "222222"),
])
@pytest.mark.parametrize("action", ["lamp", "sensor", "dispense", "lockout", "inject", "export"])
def test_every_technician_action_is_refused_for_the_wrong_role(
        qtbot: Any, table: Any, screen: Any, user: str, name: str, role: str, pin: str,
        action: str) -> None:
    """Only a technician runs diagnostics (the station checks each action, whatever the screen
    shows)."""
    screen._signed_in(StaffSession(user, name, role, pin))
    table.wait_idle()
    if action == "inject":
        screen.inject()
    elif action == "export":
        screen.export()
    else:
        screen.run_test(action)
    table.wait_idle()
    qtbot.waitUntil(lambda: screen.running is None, timeout=5_000)
    assert "Refused: only a technician may" in screen.message.text()
    assert screen.outcomes == [] and screen.bundle_path is None
    assert screen.injected.count() == 0


def test_a_bogus_event_number_injected_is_reported_in_the_device_list(
        qtbot: Any, table: Any, screen: Any) -> None:
    """Issue 20 item 9, through the technician's own fault injection: the lockout sends an
    event numbered 4294967295; the device list counts it refused, and the lockout's later
    events still arrive (the cursor did not move)."""
    sign_in(qtbot, table, screen)
    screen.fault.setCurrentIndex(screen.fault.findData("bogus_event"))
    screen.line.setCurrentText("lockout")
    screen.inject()
    table.wait_idle()
    assert "Injected: Send a bogus event number (4294967295) (lockout)" in screen.message.text()

    def lockout_errors() -> str:
        screen.refresh()
        table.wait_idle()
        return next((r.errors_text for r in screen.rows if r.device == "lockout"), "")

    qtbot.waitUntil(lambda: "event numbers refused 1" in lockout_errors(), timeout=10_000)
    cursor = table.call(lambda context: context.manager.lockout.cursor.number)
    assert cursor < 2**16


def test_the_technician_reads_the_simulated_receipt_printer(qtbot: Any, table: Any,
                                                            screen: Any) -> None:
    """Issue 16: in simulation mode the jackpot slips go to a simulated printer whose output,
    and fault, the technician reads on the screen."""
    sign_in(qtbot, table, screen)
    qtbot.mouseClick(screen.pages.buttons["Receipt printer"], Qt.MouseButton.LeftButton)
    table.wait_idle()  # the page opens with where the slips go and the printer's state
    assert "Simulated receipt printer" in screen.printer_text.toPlainText()
    assert "It has printed nothing yet." in screen.printer_text.toPlainText()
    qtbot.mouseClick(screen.printer_refresh, Qt.MouseButton.LeftButton)
    table.wait_idle()
    assert "Simulated receipt printer" in screen.printer_text.toPlainText()
    assert "It has printed nothing yet." in screen.printer_text.toPlainText()

    def print_one(context: Any) -> Path:
        from dealer_station.slips import print_jackpot
        from dealer_station.store import meters as meter_store

        station = context.station
        with station.store.transaction() as work:
            meter_store.create_meter(work, "slips_test", "bonus", 10_000, 2100)
            meter_store.pay_jackpot(work, "slips_test", round_id=None, position="2",
                                    hand="royal_flush", amount=5_000, dealer="D1",
                                    supervisor="S2")
        print_jackpot(station, 1, actor="S2", printer=station.slip_printer)
        folder: Path = station.slip_printer.directory
        return folder

    folder = table.call(print_one)
    (folder / "FAULT").write_text("no paper")
    qtbot.mouseClick(screen.printer_refresh, Qt.MouseButton.LeftButton)
    table.wait_idle()
    shown = screen.printer_text.toPlainText()
    assert "FAULT: no paper" in shown and "--- slip-0001.txt" in shown
    assert "JACKPOT RECORD No. 000001" in shown and "Amount paid        $50.00" in shown


def test_the_trace_hides_routine_polls_names_devices_and_pauses(qtbot: Any, table: Any,
                                                                screen: Any) -> None:
    """Issue 14, item 17: hundreds of POLL frames a second hid what mattered. The routine
    polls are hidden (counted), each frame names its device, PAUSE holds the view."""
    sign_in(qtbot, table, screen)
    assert not screen.routine_box.isChecked()  # hidden unless asked for
    assert screen.trace.placeholderText().startswith("START TRACE shows every frame")
    screen.trace_button.setChecked(True)
    table.wait_idle()
    qtbot.waitUntil(lambda: screen.tap.routine_count > 50, timeout=10_000)
    # only routine polls yet: the empty box says they are hidden and how to see them (it was
    # an empty box beside "2390 frames", read as no frame at all)
    assert screen.trace.toPlainText() == ""
    assert "tick Show routine polls to see them" in screen.trace.placeholderText()
    table.call(lambda c: c.simulation.backdoor.place_chip(3))  # a chip: an event to see
    qtbot.waitUntil(lambda: "CHIP_SENSED" in screen.trace.toPlainText(), timeout=10_000)
    text = screen.trace.toPlainText()
    assert "no events" not in text and " POLL epoch=" not in text  # no routine poll shown
    assert any(" seat 3 " in line and "CHIP_SENSED" in line for line in text.splitlines())
    assert "routine polls hidden" in screen.trace_count.text()
    qtbot.mouseClick(screen.pause_button, Qt.MouseButton.LeftButton)
    held, count = screen.trace.toPlainText(), screen.tap.count
    table.call(lambda c: c.simulation.backdoor.remove_chip(3))
    qtbot.waitUntil(lambda: screen.tap.count > count + 50, timeout=10_000)
    qtbot.wait(1200)  # the screen's once-a-second update came and went
    assert screen.trace.toPlainText() == held and "PAUSED" in screen.trace_count.text()
    qtbot.mouseClick(screen.pause_button, Qt.MouseButton.LeftButton)
    assert "CHIP_REMOVED" in screen.trace.toPlainText()
    box = screen.routine_box
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(12, box.height() // 2))
    assert box.isChecked() and "no events" in screen.trace.toPlainText()
    screen.trace_button.setChecked(False)
    table.wait_idle()
    qtbot.waitUntil(lambda: screen.message.text() == "Trace stopped.")  # not "Tracing 3 lines."


def test_a_device_in_trouble_is_listed_first(qtbot: Any, table: Any, screen: Any) -> None:
    """The shoe unplugged (fault injection): its row moves to the top of the device list, above
    the acceptors, where the technician sees it without scrolling; the rest keep their order."""
    sign_in(qtbot, table, screen)
    screen.fault.setCurrentIndex(screen.fault.findData("unplug"))
    screen.line.setCurrentText("shoe")
    screen.inject()
    table.wait_idle()
    qtbot.waitUntil(lambda: (screen.refresh(), table.wait_idle(),
                             screen.rows[0].device == "shoe"
                             and screen.rows[0].link != "online")[-1], timeout=15_000)
    assert screen.table.item(0, 0).text() == "shoe"
    assert [row.subject for row in screen.rows[1:]] == [
        *(f"acceptors seat {s}" for s in range(1, 8)), "lockout"]
    # its long link state wraps on three lines at most (whole in the tooltip), and the list
    # still needs no sideways scrolling
    devices = screen.table
    qtbot.waitUntil(lambda: (screen.refresh(), table.wait_idle(),
                             len(devices.item(0, 1).text()) > 40)[-1], timeout=15_000)
    assert devices.rowHeight(0) <= 3 * devices.fontMetrics().lineSpacing() + 12
    assert devices.item(0, 1).toolTip() == devices.item(0, 1).text()
    assert devices.horizontalScrollBar().maximum() == 0
