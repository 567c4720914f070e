"""The dealer's window never grows past the screen for a device's words: a pulled cable reads
whole in the top bar in a dealer's words ("Shoe — no answer"; its technical detail, "/dev/pts/0:
no answer … after 4 attempts", is the technician's), its sentence for the dealer in the tooltip
and, on a tap, in a box over the felt (never over the step panel); a device's words too long
for the bar are elided; the step panel stays on screen, during the fault and after the
recovery."""

from __future__ import annotations

from gui_harness import Table
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QPushButton

from dealer_station.ui.view import DeviceHealth, HealthState

WIDTH = 1280


def _inside(widget, window) -> bool:
    box = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    return window.rect().contains(box)


def test_a_pulled_cable_reads_whole_in_a_dealers_words_and_the_window_keeps_its_width(
        qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "pai_gow")
    window = table.window
    try:
        table.wait_devices_online()
        access = window.simulated_table
        qtbot.waitUntil(access.button.isVisible)
        table.click(access.button)
        qtbot.waitUntil(lambda: window.findChild(QPushButton, "sim-unplug-shoe") is not None)
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))
        snap = table.wait(lambda s: any(h.name == "shoe" and h.state is not
                                        HealthState.CONNECTED and len(h.detail) > 40
                                        for h in s.health), timeout=20_000)
        words = next(h for h in snap.health if h.name == "shoe")
        qtbot.waitUntil(lambda: any(i.item.name == "shoe" and i.item.detail
                                    for i in window.health.items))
        item = next(i for i in window.health.items if i.item.name == "shoe")
        assert window.width() == WIDTH and window.minimumSizeHint().width() <= WIDTH
        assert _inside(window.step_panel, window) and _inside(window.lower_panels, window)
        assert not item.elided and item.shown_words() == "Shoe — no answer"
        assert item.toolTip().startswith("Shoe: no answer — check that its cable is plugged in")
        assert "/dev/" in words.detail and "/dev/" not in item.toolTip()
        qtbot.mouseClick(item, Qt.MouseButton.LeftButton)  # a tap shows the sentence
        box = window.health.detail
        assert box.isVisible() and box.text() == item.toolTip()
        assert _inside(box, window)
        felt = QRect(window.felt.mapTo(window, QPoint(0, 0)), window.felt.size())
        placed = QRect(box.mapTo(window, QPoint(0, 0)), box.size())
        assert felt.left() <= placed.left() and placed.right() <= felt.right()
        step = QRect(window.step_panel.mapTo(window, QPoint(0, 0)), window.step_panel.size())
        assert not placed.intersects(step)  # the step's instruction stays in view
        table.click(window.findChild(QPushButton, "sim-unplug-shoe"))  # PLUG IN SHOE
        table.wait_devices_online()
        assert window.width() == WIDTH and _inside(window.step_panel, window)
    finally:
        table.close()


def test_no_device_words_widen_the_window(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        table.wait_devices_online()
        long = "no answer from device 1 to command 0x04 after 4 attempts; " * 12
        window.health.set_health([
            DeviceHealth("shoe", HealthState.NOT_ANSWERING, long, label="Shoe"),
            DeviceHealth("acceptors", HealthState.FAULT, long, label="Acceptor lights 5/7"),
            DeviceHealth("lockout", HealthState.OFFLINE, long, label="Lockout controller")])
        qtbot.wait(50)
        assert window.minimumSizeHint().width() <= WIDTH and window.width() == WIDTH
        assert window.health.items[1].elided  # a fault's long words (a device's own label)
        assert all(item.shown_words().startswith(item.item.title[:4])
                   for item in window.health.items)
    finally:
        table.close()
