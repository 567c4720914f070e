"""Garbage is collected on the GUI thread only while the dealer's window is open (a collection
on a device thread destroying a Qt object deadlocked the window against the GUI thread)."""

import gc
import threading

from dealer_station.ui import gc_guard
from dealer_station.ui.gc_guard import GuiThreadCollector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_no_collection_off_the_gui_thread_while_a_collector_lives(qtbot) -> None:
    collected_on: list[str] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collected_on.append(threading.current_thread().name)

    gc.callbacks.append(watch)
    try:
        collector = GuiThreadCollector()
        assert not gc.isenabled()

        def allocate() -> None:  # far past every threshold, on another thread
            for _ in range(50_000):
                _Cycle()

        worker = threading.Thread(target=allocate, name="device-like")
        worker.start()
        worker.join()
        assert "device-like" not in collected_on
        qtbot.waitUntil(lambda: threading.main_thread().name in collected_on, timeout=5000)
        gone: list[bool] = []
        collector.destroyed.connect(lambda: gone.append(True))
        collector.deleteLater()
        # the last collector to go turns automatic collection on again (windows of other
        # tests may still hold theirs, and may let them go meanwhile: the count is not ours)
        qtbot.waitUntil(lambda: bool(gone), timeout=5000)
        assert gc.isenabled() == (gc_guard._living[0] == 0)
    finally:
        gc.callbacks.remove(watch)
        gc.enable()
