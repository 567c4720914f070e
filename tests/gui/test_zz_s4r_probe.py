from gui_harness import PIN, SUPERVISOR, Table
import pytest
pytestmark = pytest.mark.gui

def test_probe(qtbot, tmp_path):
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_dealer()
        staff = table.window.staff
        table.click(staff.supervisor_button)
        screen = staff.supervisor
        screen.sign_in_panel.user.setText(SUPERVISOR)
        screen.sign_in_panel.pin.setText(PIN)
        table.click(screen.sign_in_panel.sign_in_button)
        page = screen.round
        qtbot.waitUntil(lambda: page.session is not None, timeout=10_000)
        qtbot.wait(500)
        b = page.void_button
        print("enabled", b.isEnabled(), "style", repr(b.styleSheet()), b.objectName())
        img = table.window.grab().toImage()
        pos = b.mapTo(table.window, b.rect().topLeft())
        print("pixel", img.pixelColor(pos.x() + 8, pos.y() + b.height() // 2).name())
        w = b
        while w is not None:
            if w.styleSheet():
                print("sheet at", type(w).__name__, w.objectName(), len(w.styleSheet()))
            w = w.parentWidget()
        from PySide6.QtWidgets import QApplication
        shot = QApplication.primaryScreen().grabWindow(0).toImage()
        g = b.mapToGlobal(b.rect().topLeft())
        print("screen pixel", shot.pixelColor(g.x() + 8, g.y() + b.height() // 2).name())
        b.repaint(); qtbot.wait(200)
        shot = QApplication.primaryScreen().grabWindow(0).toImage()
        print("screen pixel after repaint", shot.pixelColor(g.x() + 8, g.y() + b.height() // 2).name())
        print("app sheet", len(QApplication.instance().styleSheet()))
    finally:
        table.close()
