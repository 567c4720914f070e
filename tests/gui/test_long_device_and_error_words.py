"""A long device status or error never cuts a label nor grows a layout (issue 14, items 7 and
8): the dealer's top bar and its tap box, the dealer's error line, the step panel's stop message
and any one-line label of a device's words (``ElidedLabel``) — at 1280×800 and 1920×1080. Plus
the narrow meter chart's legend and the supervisor's navigation at 1280×800."""

from __future__ import annotations

import pytest
from clipped_text import clipped_texts, window_fits
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_station.hardware import shoe_dispense
from dealer_station.ui.controller import blocking_fault
from dealer_station.ui.elide import ElidedLabel
from dealer_station.ui.main_window import MainWindow
from dealer_station.ui.step_panel import NOTE_LINES_KEPT
from dealer_station.ui.supervisor.meter_chart import MeterChart
from dealer_station.ui.supervisor.widgets import PageSwitcher, staff_stylesheet
from dealer_station.ui.view import DeviceHealth, HealthState

SIZES = ((1280, 800), (1920, 1080))
#: What a device line said in CI while it dropped (and more: a path and an OS error).
LONG = ("/dev/pts/0: device reports readiness to read but returned no data (device "
        "disconnected or multiple access on port?); reopening in 2.0 s after 4 attempts")


def _settle() -> None:
    for _ in range(10):
        QApplication.processEvents()


def _window(qtbot, size: tuple[int, int]) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    _settle()
    return window


@pytest.mark.parametrize("size", SIZES)
def test_the_tap_box_grows_with_the_device_s_new_words_and_goes_when_it_is_back(qtbot, size):
    window = _window(qtbot, size)
    strip = window.health
    strip.set_health([DeviceHealth("shoe", HealthState.NOT_ANSWERING, "no answer", label="Shoe")])
    _settle()
    item = strip.items[0]
    qtbot.mouseClick(item, Qt.MouseButton.LeftButton)
    assert strip.detail.text() == item.advice
    strip.set_health([DeviceHealth("shoe", HealthState.NOT_ANSWERING, LONG * 3, label="Shoe")])
    _settle()
    # the device's new words (its cable out), never its long technical detail
    assert strip.detail.isVisible() and strip.detail.text() == strip.items[0].advice
    assert strip.detail.text().startswith("Shoe: cable unplugged") and "/dev/" not in \
        strip.detail.text()
    assert strip.detail.height() >= strip.detail.heightForWidth(strip.detail.width())
    assert not clipped_texts(window) and not window_fits(window, size)
    strip.set_health([DeviceHealth("shoe", HealthState.CONNECTED, label="Shoe")])
    _settle()
    assert not strip.detail.isVisible()  # nothing left to read: the box does not linger


@pytest.mark.parametrize("size", SIZES)
def test_a_long_error_on_the_dealer_s_screen_is_one_line_whole_in_its_tooltip(qtbot, size):
    window = _window(qtbot, size)
    before = window.step_panel.height()
    window.show_error(f"Shoe — reconnecting ({LONG}) " * 4)
    _settle()
    assert window.error.isVisible() and window.error.shortened
    assert window.error.text().endswith("…") and LONG in window.error.toolTip()
    assert window.error.contentsRect().height() < 2 * window.error.fontMetrics().height()
    assert window.step_panel.height() >= before - window.error.height()
    assert not clipped_texts(window) and not window_fits(window, size)


def test_an_elided_label_asks_for_its_words_but_never_widens_its_layout(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    label = ElidedLabel(f"Shoe — fault ({LONG})")
    row.addWidget(QLabel("Status"))
    row.addWidget(label, 1)
    holder.resize(400, 60)
    holder.show()
    _settle()
    assert holder.width() == 400 and holder.minimumSizeHint().width() < 200
    assert label.shortened and label.text().startswith("Shoe — fault")
    assert label.toolTip() == label.whole
    assert not clipped_texts(holder)
    holder.resize(2400, 60)
    _settle()
    assert not label.shortened and label.text() == label.whole  # whole when there is room
    label.setText("Shoe")
    assert label.text() == "Shoe" and not label.shortened


def test_the_stop_message_keeps_its_instruction_with_a_long_device_detail():
    fault = blocking_fault((shoe_dispense(3),),
                           {"shoe": DeviceHealth("shoe", HealthState.NOT_ANSWERING, LONG * 5)})
    assert fault is not None and fault.startswith("Shoe: cable unplugged — plug it back in")
    assert "/dev/" not in fault and fault.endswith("until its light is green again.")
    assert len(fault) < 200


def test_the_meter_chart_s_legend_wraps_instead_of_running_off_a_narrow_chart(qtbot):
    chart = MeterChart()
    qtbot.addWidget(chart)
    chart.setStyleSheet(staff_stylesheet())
    for width in (300, 460, 900):
        chart.resize(width, 260)
        _settle()
        lines = chart.legend_lines()
        room = width - 130
        assert all(chart.fontMetrics().horizontalAdvance(line) <= room for line in lines), (
            width, lines)
        assert " ".join(" ".join(lines).split()) == "— meter - - reset value ● hit"
    assert len(lines) == 1  # wide: one line, as before


def test_the_checked_focused_navigation_button_reads_whole_at_1280(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    holder.setStyleSheet(staff_stylesheet())
    pages = PageSwitcher([("Round in progress", QLabel("one")),
                          ("Progressive validation", QLabel("two"))])
    QVBoxLayout(holder).addWidget(pages)
    holder.resize(1280, 800)
    holder.show()
    pages.show_page(1)
    button = pages.buttons["Progressive validation"]
    button.setFocus()
    _settle()
    assert button.isChecked() and button.hasFocus()
    assert not clipped_texts(holder), clipped_texts(holder)
    assert button.mapTo(holder, QPoint(0, 0)).x() >= 0


def test_the_top_bar_at_1280_is_compact_so_every_device_name_reads_whole(qtbot):
    """The top bar at its fullest (a round's title, the three devices, the dealer on duty,
    SIMULATED TABLE, SUPERVISOR, TECHNICIAN): at 1280 pixels its title and buttons are a
    little smaller and no device's name is shortened; at 1920 everything is full size."""
    window = _window(qtbot, (1280, 800))
    bar = window.health
    window.simulated_table.button.show()  # as on the simulated table
    bar.set_title("LET IT RIDE · Round 1,234")
    bar.set_health([DeviceHealth("shoe", HealthState.CONNECTED, label="Shoe"),
                    DeviceHealth("acceptors", HealthState.CONNECTED, label="Acceptor lights 7/7"),
                    DeviceHealth("lockout", HealthState.CONNECTED, label="Lockout controller")])
    bar.set_user("Dee Dealer (D-2002) · dealer", "Dee Dealer (D-2002)")
    _settle()
    assert bar.compact and bar.roomy_width() > 1280
    assert not any(item.elided for item in bar.items), [i.shown_words() for i in bar.items]
    assert not clipped_texts(window) and not window_fits(window, (1280, 800))
    assert "(D-2002)" in bar.sign_out_button.text()  # the id always; the name as room allows
    window.resize(1920, 1080)
    _settle()
    assert not bar.compact and not any(item.elided for item in bar.items)
    assert bar.sign_out_button.text() == "Dee Dealer (D-2002)\nSIGN OUT"  # room: whole
    assert not clipped_texts(window)
    window.resize(1280, 800)
    _settle()
    assert bar.compact and not any(item.elided for item in bar.items)
    # a device away reads whole in a dealer's words under its name, at both sizes: its long
    # technical detail is never the bar's ("Shoe — fau…", "Acceptor lig…" at 1280)
    away = [DeviceHealth("shoe", HealthState.FAULT, faults=("jam",), label="Shoe"),
            DeviceHealth("acceptors", HealthState.NOT_ANSWERING, LONG, label="Acceptor lights",
                         seats=7, seats_away=(1, 2, 3, 4, 5, 6, 7)),
            DeviceHealth("lockout", HealthState.NOT_ANSWERING, LONG, label="Lockout controller")]
    for size in ((1920, 1080), (1280, 800)):
        window.resize(*size)
        bar.set_health(away)
        _settle()
        assert [item.shown_words() for item in bar.items] == [
            "Shoe — jam", "Acceptor lights — cable unplugged",
            "Lockout controller — cable unplugged"], size
        assert bar.sign_out_button.text() == "Dee Dealer (D-2002)\nSIGN OUT", size
        assert not clipped_texts(window) and not window_fits(window, size), size


def test_the_tap_box_closes_when_a_staff_screen_opens_over_the_dealer_s(qtbot):
    window = _window(qtbot, (1920, 1080))
    strip = window.health
    strip.set_health([DeviceHealth("shoe", HealthState.NOT_ANSWERING, LONG, label="Shoe")])
    _settle()
    qtbot.mouseClick(strip.items[0], Qt.MouseButton.LeftButton)
    assert strip.detail.isVisible()
    window.staff.open_screen(window.staff.supervisor)
    _settle()
    assert not strip.detail.isVisible()  # the CI clip was this box over the Configuration page
    window.staff.close_screen(window.staff.supervisor)


def test_the_step_panel_s_long_note_reads_whole_beside_a_list_with_room_to_spare(qtbot):
    """A note of every wager to return (a void) beside the lower panel's list reads whole at
    1280×800: in the step panel's scrolling notes room, never cut, the step's button whole on
    the panel and the lower panel keeping at least its minimum. (The step panel keeps its share
    of the column so its buttons keep their place; a long note scrolls instead of growing it.)"""
    from dealer_station.hardware import LOCKOUT_ON
    from dealer_station.procedure import Step
    from dealer_station.ui.view import ActionView, step_view

    window = _window(qtbot, (1280, 800))
    step = Step("between_rounds", "Start the next round: open the betting", ("start_round",),
                (), (LOCKOUT_ON,), "none", None, "players place their wagers")
    note = ("Round 1 voided by supervisor S-1001: cards flashed by the shoe, seen by the floor. "
            "Return every wager to its player (2: bet one $10.00; 2: bet two $10.00; 2: bet "
            "three $10.00; 5: bet one $25.00; 5: bet two $25.00; 5: bet three $25.00) and "
            "collect the cards unseen. " * 2)
    window.step_panel.set_view(step_view(
        step, buttons=(ActionView("start_round", "START ROUND", "S", primary=True),),
        notes=(note,)))
    window.lower_panels.setCurrentWidget(window.payments)
    _settle()
    assert not clipped_texts(window), clipped_texts(window)
    # the note reads whole in its own room: in view, or at least NOTE_LINES_KEPT lines of it
    # with the rest a scroll away (the panel keeps its share so its buttons keep their place)
    area = window.step_panel.notes_area
    assert area.isVisible() and area.label.text() == note
    in_view = area.viewport().height() // area.label.fontMetrics().lineSpacing()
    assert area.verticalScrollBar().maximum() == 0 or in_view >= NOTE_LINES_KEPT
    bar = area.verticalScrollBar()
    assert bar.maximum() + area.viewport().height() >= area.label.heightForWidth(
        area.label.width())  # every line can be scrolled into view
    start = next(b for b in window.step_panel.findChildren(QPushButton)
                 if b.text() == "START ROUND")
    top_left = start.mapTo(window.step_panel, start.rect().topLeft())
    assert start.isVisible() and window.step_panel.rect().contains(
        QRect(top_left, start.size()))  # the step's button whole, not pushed off the panel
    assert window.lower_panels.height() >= window.lower_panels.minimumSizeHint().height()


def test_the_simulated_table_panel_reads_whole_when_the_felt_is_narrow(qtbot, tmp_path):
    """The SIMULATED TABLE panel lies over the felt, which is narrower during the betting at
    1280×800 (the wager entry widens the right column): its buttons shrink their type to the
    panel's width instead of running past the right edge of a body that cannot scroll
    sideways ("OPEN DOOR", "STACK NEXT CARDS", "UNPLUG LOCKOUT" were cut)."""
    from gui_harness import Table

    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wait_devices_online()
        access = table.window.simulated_table
        qtbot.waitUntil(access.button.isVisible)
        table.click(access.button)
        qtbot.waitUntil(lambda: bool(access.panel.chip_buttons))
        for width in (1100, 1280, 1920):
            table.window.resize(width, 800)
            _settle()
            qtbot.wait(50)
            assert not clipped_texts(table.window), (width, clipped_texts(table.window))
            assert all(button.width() > 100 for button in (
                access.panel.lockout_button, access.panel.stack_button,
                access.panel.door_button))  # every button keeps a share of the row
    finally:
        table.close()
