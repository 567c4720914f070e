"""The supervisor's screen, opened over the dealer's screen without ending the round.

The supervisor signs in with their own id and PIN (a dealer's or technician's account is
refused); the pages are the round in progress (voided with a reason), progressive validation,
round history and disputes, table configuration, the meters, the archive of sealed days and the
accounts. Every protected action is
checked again by the station with the supervisor's id and PIN when it is taken. SIGN OUT audits
the end of the session and returns to the dealer's screen, where the round stands exactly as it
was left.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from dealer_station.auth import Role
from dealer_station.ui.supervisor.accounts_page import AccountsPage
from dealer_station.ui.supervisor.archive_page import ArchivePage
from dealer_station.ui.supervisor.calls import StaffContext, StationCalls
from dealer_station.ui.supervisor.config_page import ConfigurationPage
from dealer_station.ui.supervisor.history_page import HistoryPage
from dealer_station.ui.supervisor.meters_page import MetersPage
from dealer_station.ui.supervisor.round_page import RoundPage
from dealer_station.ui.supervisor.session import StaffSession, sign_in_staff, sign_out_staff
from dealer_station.ui.supervisor.validation_page import ValidationPage
from dealer_station.ui.supervisor.widgets import PageSwitcher, StaffFrame

__all__ = ["SupervisorScreen"]


class SupervisorScreen(StaffFrame):
    """Sign-in, then the supervisor's pages. Emits :attr:`closed` when the supervisor signs out
    (or goes back without signing in)."""

    signed_in = Signal(StaffSession)

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(
            calls, "SUPERVISOR", "SUPERVISOR SIGN-IN",
            "The round at the table waits where it stands while you work here; signing out "
            "returns to the dealer's screen.", parent)
        self.validation = ValidationPage(calls)
        self.history = HistoryPage(calls)
        self.configuration = ConfigurationPage(calls)
        self.meters = MetersPage(calls)
        self.round = RoundPage(calls)
        self.accounts = AccountsPage(calls)
        self.archive = ArchivePage(calls)
        self.pages = PageSwitcher([("Round in progress", self.round),
                                   ("Progressive validation", self.validation),
                                   ("Round history", self.history),
                                   ("Configuration", self.configuration),
                                   ("Meters", self.meters),
                                   ("Archive", self.archive),
                                   ("Accounts", self.accounts)])
        self.work_layout.addWidget(self.pages, 1)
        self.set_help("supervisor", {
            "Round in progress": "Voiding a round",
            "Progressive validation": "Validating a progressive",
            "Round history": "A dispute: re-running a round",
            "Configuration": "Changing the configuration",
            "Meters": "Meters and the shift's figures",
            "Archive": "The archive: sealed days for the regulator",
            "Accounts": "Accounts"}, self.pages,
                      "Opening your screen")

    def start(self) -> None:
        """Show the sign-in (every opening asks for the supervisor's id and PIN)."""
        self.session = None
        self._set_session(None)
        self.sign_in_panel.reset()
        self.stack.setCurrentIndex(0)

    def sign_in(self, user: str, pin: str) -> None:
        def check(context: StaffContext) -> StaffSession:
            return sign_in_staff(context.station, user, pin, Role.SUPERVISOR)

        self.submit_sign_in(check, self._signed_in)

    def _signed_in(self, session: StaffSession) -> None:
        self._set_session(session)
        self.header.who.setText(f"{session.name} ({session.user}) · supervisor")
        self.stack.setCurrentIndex(1)
        for page in (self.round, self.validation, self.history, self.configuration,
                     self.meters, self.archive, self.accounts):
            page.refresh()
        self.signed_in.emit(session)

    def _set_session(self, session: StaffSession | None) -> None:
        self.session = session
        self.validation.session = session
        self.validation.forget_winner()  # never left on screen for the next person
        self.configuration.session = session
        self.meters.session = session
        self.archive.session = session
        self.round.session = session
        self.accounts.session = session

    def sign_out(self) -> None:
        session = self.session
        self._set_session(None)
        if session is not None:
            self.calls.submit(lambda context: sign_out_staff(context.station, session))
        self.stack.setCurrentIndex(0)
        self.closed.emit()
