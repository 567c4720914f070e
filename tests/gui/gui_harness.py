"""Driving the real dealer's screen in tests: the durable station in a temporary data
directory, the simulated table's devices on pseudo-terminals, the window with its worker thread,
and helpers that press what a dealer presses and wait for the screen to follow."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from own_pins import add_account, interim_pin
from PySide6.QtCore import Qt

from dealer_station.cards import card_codes
from dealer_station.table_config import load_table_config
from dealer_station.ui.app import build_controller, create_window
from dealer_station.ui.controller import Snapshot

SUPERVISOR, PIN = "S-100", "246824"
TECHNICIAN, TECHNICIAN_PIN = "T-1", "515151"
TIMEOUT = 10_000


class Table:
    """One running dealer's screen against simulated devices on PTYs."""

    def __init__(self, qtbot: Any, data_dir: str, game: str,
                 settings: dict[str, Any] | None = None,
                 devices: dict[str, Any] | None = None,
                 floor: dict[str, Any] | None = None) -> None:
        self.qtbot = qtbot
        self.game = game
        setup = load_table_config(game=game)
        if settings:
            setup.settings.update(settings)
        if devices:
            setup.devices.update(devices)
        if floor:  # the table's [floor] (docs/floor.md)
            setup.floor = dict(floor)
        self.simulated: list[Any] = []
        self.window = create_window(lambda bridge: build_controller(
            setup, data_dir, bridge=bridge, transport="pty", simulated=self.simulated))
        qtbot.addWidget(self.window)
        self.window.resize(1280, 800)
        self.window.show()
        self.wait(lambda s: s.step.phase in ("first_start", "signed_out", "between_rounds")
                  or s.records > 0)

    # ------------------------------------------------------------------ reading the screen
    @property
    def snapshot(self) -> Snapshot:
        assert self.window.snapshot is not None
        return self.window.snapshot

    @property
    def phase(self) -> str:
        return self.snapshot.step.phase

    @property
    def backdoor(self) -> Any:
        return self.simulated[0].backdoor

    def wait(self, condition: Callable[[Snapshot], bool], timeout: int = TIMEOUT) -> Snapshot:
        def ready() -> bool:
            snap = self.window.snapshot
            return snap is not None and condition(snap)

        self.qtbot.waitUntil(ready, timeout=timeout)
        return self.snapshot

    def wait_devices_online(self) -> None:
        self.wait(lambda s: len(s.health) >= 3 and all(h.state.value == "connected"
                                                       for h in s.health))

    # ------------------------------------------------------------------ the dealer's hands
    def click(self, widget: Any) -> None:
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def press(self, name: str, *, expect_record: bool = True) -> Snapshot:
        """Press the step panel's button ``name`` and wait until the journal has grown."""
        before = self.snapshot.records
        phase = self.phase
        self.click(self.window.step_panel.button(name))
        if expect_record:
            return self.wait(lambda s: s.records > before or s.step.phase != phase)
        return self.snapshot

    def wait_button(self, name: str, label: str | None = None) -> Any:
        """The step panel's button ``name`` once the screen offers it enabled (with ``label``)."""
        def shown(s: Snapshot) -> bool:
            return any(a.name == name and a.enabled and (label is None or a.label == label)
                       for a in s.step.actions)

        self.wait(shown)
        return self.window.step_panel.button(name)

    def open_problem(self, name: str) -> Any:
        """Choose ``name`` in the step panel's PROBLEM… menu; its form, once shown."""
        panel = self.window.step_panel
        assert panel.problem_button.isVisible()
        panel.problem(name).trigger()
        self.wait(lambda s: s.entry is not None and s.entry.kind == "form"
                  and s.entry.options["name"] == name)
        assert self.window.lower_panels.currentWidget() is self.window.form
        return self.window.form

    def inject_fault(self, key: str) -> None:
        """The technician (:data:`TECHNICIAN`, see :func:`create_accounts`) signs in, injects
        fault ``key`` of the simulated table (e.g. ``jam``, ``misread``: the next dispense) from
        the Fault injection page, and signs out."""
        screen = self.window.staff.technician
        self.staff_sign_in(screen, TECHNICIAN, TECHNICIAN_PIN)
        screen.fault.setCurrentIndex(screen.fault.findData(key))
        self.qtbot.waitUntil(screen.inject_button.isEnabled, timeout=10_000)
        self.click(screen.inject_button)
        self.qtbot.waitUntil(lambda: "Injected" in screen.message.text(), timeout=10_000)
        self.click(screen.header.sign_out_button)
        self.qtbot.waitUntil(lambda: not screen.isVisible(), timeout=10_000)

    def staff_sign_in(self, screen: Any, user: str, pin: str) -> None:
        """Sign ``user`` in on a staff screen (SUPERVISOR / TECHNICIAN) opened from the top bar;
        waits for its work page."""
        button = (self.window.staff.supervisor_button if screen is self.window.staff.supervisor
                  else self.window.staff.technician_button)
        self.click(button)
        screen.sign_in_panel.user.setText(user)
        screen.sign_in_panel.pin.setText(pin)
        self.click(screen.sign_in_panel.sign_in_button)
        self.qtbot.waitUntil(lambda: screen.stack.currentIndex() == 1, timeout=30_000)

    def key(self, key: Qt.Key) -> Snapshot:
        before = self.snapshot.records
        with self.qtbot.waitActive(self.window):
            self.window.activateWindow()
        self.qtbot.keyClick(self.window, key)
        return self.wait(lambda s: s.records > before)

    def create_first_supervisor(self) -> Snapshot:
        """The first start's form filled in and sent: the first supervisor made, signed out."""
        panel = self.window.sign_in
        panel.user.setText(SUPERVISOR)
        panel.name.setText("Test Supervisor")
        panel.pin.setText(PIN)
        panel.pin_again.setText(PIN)
        self.click(panel.submit_button)
        return self.wait(lambda s: s.step.phase == "signed_out")

    def sign_in_supervisor(self) -> None:
        panel = self.window.sign_in
        if self.phase == "first_start":
            self.create_first_supervisor()
        panel.user.setText(SUPERVISOR)
        panel.pin.setText(PIN)
        self.click(panel.submit_button)
        self.wait(lambda s: s.step.phase != "signed_out")

    def sign_in_dealer(self, dealer: str = "D-7", pin: str = "8642", *,
                       meter: bool = False) -> None:
        """The supervisor creates a dealer (and the progressive meter), the dealer signs in: a
        supervisor who did not deal the round can then decide on it."""
        self.sign_in_supervisor()

        def staff(controller: Any) -> None:
            station = controller.station
            station.sign_out()  # a supervisor on duty as the dealer changes no configuration
            add_account(station, dealer, "Dee Dealer", "dealer", pin, supervisor=SUPERVISOR,
                        pin=PIN)
            if meter:
                station.create_meter("progressive", wager="progressive", reset=1_000_000,
                                     rate_bp=2100, supervisor=SUPERVISOR, pin=PIN)

        self.window.call(staff)
        snap = self.wait(lambda s: s.step.phase == "signed_out")
        assert not snap.message, snap.message
        panel = self.window.sign_in
        panel.user.setText(dealer)
        panel.pin.setText(pin)
        self.click(panel.submit_button)
        self.wait(lambda s: s.step.phase != "signed_out")

    def supervisor_decides(self, which: str, user: str = SUPERVISOR, pin: str = PIN,
                           reason: str = "") -> None:
        panel = self.window.supervisor_decision
        assert self.window.lower_panels.currentWidget() is panel
        panel.user.setText(user)
        panel.pin.setText(pin)
        panel.reason.setText(reason)
        before = (self.snapshot.records, self.snapshot.step.phase, self.snapshot.message)
        self.click(panel.approve if which == "approve" else panel.reject)
        self.wait(lambda s: (s.records, s.step.phase, s.message) != before)

    def tap_seat(self, position: int) -> None:
        felt = self.window.felt
        self.qtbot.mouseClick(felt, Qt.MouseButton.LeftButton,
                              pos=felt.seat_rect(str(position)).center().toPoint())
        self.wait(lambda s: s.entry is not None and s.entry.position == str(position))

    def start_let_it_ride(self, script: Any) -> None:
        """Sign in, have the shoe deal ``script``'s stacks, start the round and place each
        position's base wagers in $5 chips (a LetItRideScript without bonus wagers)."""
        from dealer_station.cards import card_codes, standard_deck

        stacks = [c for stack in script.stacks() for c in stack]
        self.sign_in_supervisor()
        self.wait_devices_online()
        self.backdoor.deal_known_cards(
            card_codes(stacks + [c for c in standard_deck() if c not in stacks]))
        self.press("start_round")
        for position, amount in script.wagers.items():
            self.tap_seat(position)
            for _ in range(amount // 500):
                self.click(self.window.wager_entry._chip_buttons[0])
            self.click(self.window.wager_entry.place)
            self.wait(lambda s, p=position: s.table.seat(p).active)

    def wager(self, position: int, chip: int = 1, chips: int = 1) -> None:
        """Tap the seat, tap the wager entry's chip button ``chip`` (0: $5, 1: $25, ...)
        ``chips`` times, PLACE, and wait until the felt shows the position playing."""
        self.tap_seat(position)
        entry = self.window.wager_entry
        for _ in range(chips):
            self.click(entry._chip_buttons[chip])
        self.click(entry.place)
        self.wait(lambda s: s.table.seat(position).active)

    def to_pai_gow_deal(self, position: int = 2) -> Snapshot:
        """A Pai Gow round from the start to its deal: shuffled, a $25 wager at ``position``,
        no more bets, the starting position by the RNG."""
        self.sign_in_supervisor()
        self.press("start_round")
        return self.shuffled_to_the_deal(position)

    def shuffled_to_the_deal(self, position: int = 2) -> Snapshot:
        """A Pai Gow round started, from SHUFFLED to its deal: a $25 wager at ``position``, no
        more bets, the starting position by the RNG."""
        self.press("shuffled")
        self.wager(position)
        self.press("no_more_bets")
        self.press("rng")
        return self.wait(lambda s: s.step.phase == "deal")

    def start_shuffled(self) -> None:
        """The first supervisor signed in, the devices online, START ROUND, SHUFFLED: a Pai
        Gow round taking wagers."""
        self.sign_in_supervisor()
        self.wait_devices_online()
        self.press("start_round")
        self.press("shuffled")

    def dealt_to_the_exposures(self) -> None:
        """From NO MORE BETS: the starting position by the RNG, the seven stacks out of the
        shoe, ALL HAVE SET, the dealer's hand: the players' hands to expose."""
        self.press("rng")
        for _stack in range(7):
            self.press("dispense", expect_record=False)
        self.wait(lambda s: s.step.phase == "setting")
        self.press("players_have_set")
        self.press("banker")

    def settle_pai_gow(self) -> None:
        """From the hands set: ALL HAVE SET, the dealer's hand, each player's exposed by the
        house way, every line ticked off, ALL PAID."""
        self.press("players_have_set")
        self.press("banker")
        while self.phase == "exposure":
            self.press("house_way")
        self.tick_all()  # every line ticked off first: the one rule of both games
        self.press("settle")

    def tick_all(self) -> None:
        with self.qtbot.waitActive(self.window):
            self.window.activateWindow()
        due = {line.order for line in self.snapshot.payments  # not the next step's lines
               if line.verb not in self.snapshot.later}
        for _ in due:
            self.qtbot.keyClick(self.window, Qt.Key.Key_Space)
        self.wait(lambda s: s.ticked >= due)

    def open_supervisor_page(self, page: str, user: str = SUPERVISOR, pin: str = PIN) -> Any:
        """SUPERVISOR tapped on the dealer's screen, ``user`` signed in there, ``page`` (its
        navigation button's words) opened: the supervisor screen."""
        staff = self.window.staff
        self.click(staff.supervisor_button)
        screen = staff.supervisor
        screen.sign_in_panel.user.setText(user)
        screen.sign_in_panel.pin.setText(pin)
        self.click(screen.sign_in_panel.sign_in_button)
        self.qtbot.waitUntil(lambda: staff.calls.pending == 0, timeout=30_000)
        assert screen.session is not None
        self.click(screen.pages.buttons[page])
        self.qtbot.waitUntil(lambda: staff.calls.pending == 0, timeout=30_000)
        return screen

    def start_round_with(self, deck: Any) -> None:
        """The first supervisor signed in, the devices online, the shoe loaded to deal ``deck``
        (cards, in order), START ROUND."""
        self.sign_in_supervisor()
        self.wait_devices_online()
        self.backdoor.deal_known_cards(card_codes(deck))
        self.press("start_round")

    def open_configuration(self, user: str, pin: str, field: str, shown: str) -> Any:
        """The first supervisor signed in at the table, ``user`` signed in on the supervisor
        screen, its Configuration page opened and loaded for this table's game, its ``field``
        (an edit) showing ``shown`` and in view: the page."""
        self.sign_in_supervisor()
        staff = self.window.staff
        self.click(staff.supervisor_button)
        screen = staff.supervisor
        self.staff_sign_in(screen, user, pin)
        self.click(screen.pages.buttons["Configuration"])
        page = screen.configuration
        # the page draws its form anew as the station's settings arrive: the field as it is now
        self.qtbot.waitUntil(lambda: page.current_game == self.game
                             and getattr(page, field).text() == shown, timeout=30_000)
        self.qtbot.waitUntil(lambda: getattr(page, field).isVisibleTo(screen), timeout=10_000)
        return page

    def close(self) -> None:
        self.window.shutdown()
        self.window.close()


def create_accounts(data_dir: str, monkeypatch: Any,
                    *accounts: tuple[str, str, str]) -> None:
    """The first supervisor (:data:`SUPERVISOR`) and ``accounts`` (id, role, PIN) added with the
    command line (``dealer-station users add``) before the table opens; each owner makes the
    PIN given their own (``users pin``, see ``tests/own_pins.py``)."""
    import io

    from dealer_station import cli

    plan = [(["users", "add", SUPERVISOR, "--name", "First", "--role", "supervisor"], f"{PIN}\n")]
    for user, role, pin in accounts:
        interim = interim_pin(pin)
        plan += [(["users", "add", user, "--name", user, "--role", role, "--by", SUPERVISOR],
                  f"{pin}\n{PIN}\n"),
                 (["users", "pin", user], f"{interim}\n{pin}\n"),
                 (["users", "pin", user], f"{pin}\n{interim}\n")]
    for argv, pins in plan:
        monkeypatch.setattr("sys.stdin", io.StringIO(pins))
        assert cli.main(["--data-dir", data_dir, *argv, "--pin-stdin"]) == 0


def table_with_technician(qtbot: Any, data_dir: str, monkeypatch: Any,
                          game: str = "let_it_ride") -> Table:
    """The dealer's screen on a table whose first supervisor and technician
    (:data:`TECHNICIAN`) were added with the command line before it opened."""
    create_accounts(data_dir, monkeypatch, (TECHNICIAN, "technician", TECHNICIAN_PIN))
    return Table(qtbot, data_dir, game)
