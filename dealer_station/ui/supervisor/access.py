"""The way from the dealer's screen to the supervisor's and technician's screens.

:func:`install_staff_access` puts a SUPERVISOR and a TECHNICIAN button in the dealer's top bar.
Each opens its screen over the whole window — the dealer's screen keeps running underneath and
the round stays exactly where it stands — and signing out uncovers it again. While a staff screen
is up the dealer's keyboard shortcuts are off (every key goes to the staff screen), so no key
meant for it moves the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from dealer_station.ui.supervisor.calls import StationCalls, calls_for_window
from dealer_station.ui.supervisor.screen import SupervisorScreen
from dealer_station.ui.technician.screen import TechnicianScreen

if TYPE_CHECKING:  # the window installs these screens: it imports this module
    from dealer_station.ui.main_window import MainWindow

__all__ = ["StaffAccess", "install_staff_access"]



class StaffAccess(QObject):
    """The two staff screens of one dealer's window and the buttons that open them."""

    def __init__(self, window: MainWindow, calls: StationCalls) -> None:
        super().__init__(window)
        self.window = window
        self.calls = calls
        self.supervisor = SupervisorScreen(calls, window)
        self.technician = TechnicianScreen(calls, window)
        self.supervisor_button = QPushButton("SUPERVISOR")
        self.technician_button = QPushButton("TECHNICIAN")
        for screen in (self.supervisor, self.technician):
            screen.hide()
            screen.closed.connect(lambda s=screen: self.close_screen(s))
        self.supervisor_button.clicked.connect(lambda: self.open_screen(self.supervisor))
        self.technician_button.clicked.connect(lambda: self.open_screen(self.technician))
        for button in (self.supervisor_button, self.technician_button):
            window.health.add_button(button)  # the bar's style and size; keys stay the dealer's
        window.installEventFilter(self)

    @property
    def showing(self) -> QWidget | None:
        for screen in (self.supervisor, self.technician):
            if screen.isVisible():
                return screen
        return None

    def open_screen(self, screen: SupervisorScreen | TechnicianScreen) -> None:
        """Cover the dealer's screen with ``screen`` at its sign-in."""
        current = self.showing
        if current is not None and current is not screen:
            return
        screen.setGeometry(self.window.rect())
        self.window.health.hide_detail()  # the dealer's tap box, never over a staff screen
        screen.start()
        screen.show()
        screen.raise_()
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)
        screen.sign_in_panel.user.setFocus()

    def close_screen(self, screen: QWidget) -> None:
        """Uncover the dealer's screen (the round as it was)."""
        screen.hide()
        application = QApplication.instance()
        if application is not None:
            application.removeEventFilter(self)
        # the dealer's screen takes the keys where it wants them: the sign-in form's id while
        # signed out, the step's shortcuts otherwise — once the keyboard is quiet: what was
        # typed meanwhile (an id, a PIN, Enter: for a sign-in that is not there) never acts
        self.window.focus_keys()
        name = "SUPERVISOR" if screen is self.supervisor else "TECHNICIAN"
        self.window.key_guard.hold(f"typed just after the {name} screen closed")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Resize:
            for screen in (self.supervisor, self.technician):
                screen.setGeometry(self.window.rect())
        elif (event.type() == QEvent.Type.ShortcutOverride and self.showing is not None
              and isinstance(watched, QWidget)
              and (watched is self.window or self.window.isAncestorOf(watched))):
            event.accept()  # the key goes to the staff screen, never to a dealer's shortcut
            return True
        return False


def install_staff_access(window: MainWindow) -> StaffAccess:
    """Add the staff screens to the dealer's ``window``, their station work running on the
    window's table worker."""
    return StaffAccess(window, calls_for_window(window))
