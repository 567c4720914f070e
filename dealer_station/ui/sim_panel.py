"""The simulated-table panel: with no hardware configured, the table's devices are simulated,
and this panel is the person's hands at that table — a chip placed on or taken off any
position's bet acceptor, the shoe jammed or cleared, its door opened or closed, its next
cards arranged by hand (STACK NEXT CARDS: a demonstration hand, say a progressive hit), the
lockout controller's button pressed, any device's cable pulled or plugged back in.

The jackpot slips' simulated receipt printer, with the simulated table, goes offline or out of
paper and back (its own back door, :meth:`dealer_station.slips.SimulatedPrinter.set_fault`).

SIMULATED TABLE in the dealer's top bar (present only when the devices are simulated) opens
the panel over the felt; the step panel and the lower panel stay uncovered and usable, and
CLOSE (or the top-bar button again) takes it away. Each action goes through the simulators'
back door (:class:`drivers.sim.backdoor.Backdoor`) exactly as the hardware would act: a chip
placed makes the acceptor sense it and report CHIP_SENSED on its line, and the station hears of
it through the normal driver path, as from a real acceptor. No other part of the product
touches the back door.

Every call into the simulators runs on the panel's own thread (:class:`SimulatorCalls`), never
on the GUI thread: a model's lock held by a line thread that is answering slowly freezes
nothing on the screen.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_station.cards import CardError, card_codes, parse_cards
from dealer_station.slips import SimulatedPrinter
from dealer_station.ui.controller import Snapshot
from dealer_station.ui.elide import ElidedLabel
from dealer_station.ui.fit import fit_button, relabel
from dealer_station.ui.messages import MessageLabel
from dealer_station.ui.step_panel import _label as plain_label
from dealer_station.ui.supervisor.calls import Answers, StaffContext
from dealer_station.ui.theme import THEME, bar_button_style
from drivers.sim.backdoor import Backdoor, TableState

if TYPE_CHECKING:
    from dealer_station.ui.main_window import MainWindow  # it installs this panel: imports us
    from drivers.sim.table import SimulatedTable  # annotations only: loaded with a simulation

__all__ = ["SimulatedTableAccess", "SimulatedTablePanel", "SimulatorCalls",
           "install_simulated_table"]

#: How often the open panel reads the devices' state again (milliseconds).
REFRESH_MS = 400
#: The smallest type (points) a device's state words shrink to before they are shortened.
STATE_SMALLEST_PT = 10
#: Acceptors per row of the panel.
COLUMNS = 3

#: The wager each game's per-position acceptor takes.
ACCEPTOR_WAGER = {"let_it_ride": "bonus", "pai_gow": "progressive"}
#: The device on each line, as the top bar names them.
#: The SIMULATED TABLE button's colour in the top bar (not a real device: it stands out).
SIM_BUTTON_BACKGROUND = "#5b4a1e"
LINE_TITLES = {"shoe": "Shoe", "acceptors": "Acceptors", "lockout": "Lockout controller",
               "printer": "Printer"}

#: A panel button's style besides its type size (12 pt, smaller when the panel is narrower
#: still: the felt, and so the panel, narrows beside a wide step panel at 1280×800).
_BUTTON = "min-height: 50px; padding: 4px 6px; background: {background};"
_BUTTON_PT = 12
#: The smallest type a panel button's label is drawn on one line (the journeys and a person
#: read "UNPLUG ACCEPTORS" as one line).
_BUTTON_SMALLEST_PT = 9


class SimulatorCalls(Answers):
    """One thread of its own running calls into the simulators, in the order submitted;
    ``on_done(result)`` or ``on_error(words)`` runs later on the GUI thread (the answers wait in
    a plain queue that a timer of the GUI thread drains: no Qt object is touched off it)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs: queue.SimpleQueue[tuple[int, Callable[[], Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def submit(self, function: Callable[[], Any], on_done: Callable[[Any], None] | None = None,
               on_error: Callable[[str], None] | None = None) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, args=(self._jobs, self.queue),
                                            name="simulated-table", daemon=True)
            self._thread.start()
        ticket = self._ticket(on_done, on_error, function)
        self._jobs.put((ticket, function))

    @staticmethod
    def _work(jobs: queue.SimpleQueue[tuple[int, Callable[[], Any]] | None],
              answers: deque[tuple[int, Any, bool]]) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            ticket, function = job
            try:
                answers.append((ticket, function(), False))
            except Exception as error:  # the words on the panel, never a dead thread
                answers.append((ticket, str(error) or type(error).__name__, True))
            del function, job

    def close(self) -> None:
        """End the thread once the calls already submitted have run; their answers are
        dropped."""
        self._jobs.put(None)
        self.timer.stop()


def _button(text: str, name: str, background: str = THEME.neutral) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAccessibleName(name)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay the dealer's
    # the panel's width decides, never the label: it shrinks to fit (it was cut off on the
    # right of a narrow panel, the body wider than the scroll area that cannot scroll sideways)
    button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    fit_button(button, _BUTTON_PT, _BUTTON.format(background=background), _BUTTON_SMALLEST_PT)
    return button


def _label(text: str = "", name: str = "muted") -> QLabel:
    return plain_label(name, text)


class StateWords(ElidedLabel):
    """A device's state in small words (under a chip's button, above the shoe's): on one line
    whose height never changes, in smaller type when the words are long (down to
    :data:`STATE_SMALLEST_PT`), shortened with … only below that (whole in the tooltip; a tap
    shows them). ("no chip · light off" became "no chip · light off · locked" at NO MORE BETS,
    wrapped onto a second line at 1280×800, and the shoe's buttons moved ~80 px down: a tap
    meant for the next-cards field landed on JAM NEXT DISPENSE.)"""

    def __init__(self) -> None:
        super().__init__("", points=(THEME.body_pt, STATE_SMALLEST_PT))
        self.setObjectName("muted")


def _grid() -> tuple[QWidget, QGridLayout]:
    """A block of buttons, each with its state in small words underneath."""
    block = QWidget()
    grid = QGridLayout(block)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(8)
    grid.setVerticalSpacing(2)
    for column in range(3):  # three to a row, each an even share of the panel's width
        grid.setColumnStretch(column, 1)
    return block, grid


def _short(line: str) -> str:
    """A line's name on a button: SHOE, ACCEPTORS, LOCKOUT."""
    return line.upper()


def _heading(text: str) -> QLabel:
    label = _label(text, "phase")
    return label


class SimulatedTablePanel(QFrame):
    """The simulated table's devices with a person's actions on each. :meth:`bind` gives it
    the :class:`~drivers.sim.table.SimulatedTable`; it then reads the devices' state every
    :data:`REFRESH_MS` while shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet(
            f"QFrame#panel {{ background: {THEME.panel}; border: 2px solid {THEME.warn}; "
            f"border-radius: 12px; }} QScrollBar:vertical {{ width: 18px; "
            f"background: {THEME.background}; }} QScrollBar::handle:vertical {{ "
            f"background: {THEME.neutral}; min-height: 48px; border-radius: 6px; }}")
        self.calls = SimulatorCalls(self)
        self.table: SimulatedTable | None = None
        self.printer: SimulatedPrinter | None = None
        self.printer_fault: str | None = None
        self.state: TableState | None = None
        self._layout_for: tuple[object, ...] | None = None
        self.chip_buttons: dict[int, QPushButton] = {}
        self.chip_states: dict[int, StateWords] = {}
        self.line_buttons: dict[str, QPushButton] = {}
        self.line_states: dict[str, QLabel] = {}
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 10, 14, 10)
        outer.setSpacing(4)
        header = QHBoxLayout()
        title = QLabel("SIMULATED TABLE")
        title.setStyleSheet(f"font-size: 16pt; font-weight: bold; color: {THEME.warn};")
        header.addWidget(title, 1)
        self.close_button = QPushButton("CLOSE")  # its own width, whatever the panel's
        self.close_button.setObjectName("sim-close")
        self.close_button.setAccessibleName("sim-close")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.setStyleSheet(
            "QPushButton { " + _BUTTON.format(background=THEME.neutral).replace("50px", "44px")
            + f" font-size: {_BUTTON_PT}pt; }}")
        header.addWidget(self.close_button)
        outer.addLayout(header)
        self.note = _label("Your hands at the table: the devices sense it as real hardware.")
        outer.addWidget(self.note)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 6, 0)
        self.body_layout.setSpacing(4)
        self.scroll_area.setWidget(self.body)
        outer.addWidget(self.scroll_area, 1)
        self.message = MessageLabel()
        outer.addWidget(self.message)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setInterval(REFRESH_MS)
        self.refresh_timer.timeout.connect(self.refresh)

    # -- the devices ---------------------------------------------------------------------------
    def bind(self, table: SimulatedTable | None, printer: SimulatedPrinter | None = None
             ) -> None:
        """Show ``table``'s devices (``None``: no simulated table) and the simulated receipt
        ``printer`` (:class:`dealer_station.slips.SimulatedPrinter`), if the table has one."""
        if table is self.table and printer is self.printer:
            return
        self.table = table
        self.printer = printer
        self.state = None
        self._layout_for = None
        if table is not None and self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()
        self.refresh_timer.start()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.refresh_timer.stop()

    def refresh(self) -> None:
        """Read the devices' state (on the panel's thread) and show it."""
        table = self.table
        if table is None or self.calls.pending > 2:
            return
        printer = self.printer

        def read() -> tuple[TableState, str | None]:
            return table.backdoor.state(), printer.fault() if printer is not None else None

        self.calls.submit(read, self._show_state, self._refused)

    def act(self, words: str, action: Callable[[Backdoor], object],
            then: Callable[[], None] = lambda: None) -> None:
        """Do ``action(backdoor)`` on the panel's thread, then show the devices again (and,
        when it was done, ``then()``)."""
        table = self.table
        if table is None:
            self._refused("no simulated table is running")
            return

        def done(_result: object) -> None:
            self.message.setText(words)
            then()
            self.refresh()

        self.calls.submit(lambda: action(table.backdoor), done, self._refused)

    def _stack_next(self) -> None:
        """STACK NEXT CARDS: the typed cards become the next ones out of the shoe."""
        try:
            cards = parse_cards(self.next_cards.text())
        except (CardError, ValueError) as error:
            self._refused(str(error))
            return
        if not cards:
            self._refused("type the cards, top first (e.g. As Ks Qs Js Ts 2c 2d)")
            return
        words = " ".join(card.text for card in cards)
        # the box emptied once the shoe has them (the message keeps them): the next hand typed
        # there was added to the last one, refused as cards named twice
        self.act(f"The next cards out of the shoe: {words}.",
                 lambda backdoor: backdoor.stack_next_cards(card_codes(cards)),
                 self.next_cards.clear)

    def _refused(self, words: str) -> None:
        self.message.setText(f"Not done: {words}")

    # -- drawing ---------------------------------------------------------------------------------
    def _build(self, state: TableState) -> None:
        while self.body_layout.count():
            item = self.body_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.chip_buttons.clear()
        self.chip_states.clear()
        self.line_buttons.clear()
        self.line_states.clear()
        wager = ACCEPTOR_WAGER.get(state.game, "bonus")
        self.body_layout.addWidget(_heading(f"CHIPS · each position's {wager} wager acceptor"))
        chips, grid = _grid()
        for index, acceptor in enumerate(state.acceptors):
            seat = acceptor.seat
            button = _button(f"{seat} · PLACE CHIP", f"sim-chip-{seat}")
            button.clicked.connect(lambda _c=False, s=seat: self._toggle_chip(s))
            status = StateWords()
            row, column = divmod(index, COLUMNS)
            grid.addWidget(button, 2 * row, column)
            grid.addWidget(status, 2 * row + 1, column)
            self.chip_buttons[seat] = button
            self.chip_states[seat] = status
        self.body_layout.addWidget(chips)
        self.shoe_state = StateWords()
        self.body_layout.addWidget(_heading("SHOE"))
        self.body_layout.addWidget(self.shoe_state)
        shoe = QWidget()
        shoe_row = QHBoxLayout(shoe)
        shoe_row.setContentsMargins(0, 0, 0, 0)
        self.jam_button = _button("JAM NEXT DISPENSE", "sim-jam", THEME.secondary)
        self.jam_button.clicked.connect(
            lambda: self.act("The shoe will jam at the next dispense.", lambda b: b.jam()))
        self.unjam_button = _button("CLEAR JAM", "sim-unjam")
        self.unjam_button.clicked.connect(
            lambda: self.act("The jammed card is out; the shoe's path is clear.",
                             lambda b: b.clear_jam()))
        self.door_button = _button("OPEN DOOR", "sim-door", THEME.secondary)
        self.door_button.clicked.connect(self._toggle_door)
        for button in (self.jam_button, self.unjam_button, self.door_button):
            shoe_row.addWidget(button, 1)  # a button's width is its share (see _button)
        self.body_layout.addWidget(shoe)
        # a hand arranged in the shoe, as a person stacks a demonstration shoe by hand
        stack = QWidget()
        stack_row = QHBoxLayout(stack)
        stack_row.setContentsMargins(0, 0, 0, 0)
        self.next_cards = QLineEdit()
        self.next_cards.setObjectName("sim-next-cards")
        self.next_cards.setPlaceholderText("next cards, top first: As Ks Qs Js Ts 2c 2d")
        self.stack_button = _button("STACK NEXT CARDS", "sim-stack-next")
        self.stack_button.setToolTip("Arrange the next cards out of the simulated shoe, top "
                                     "first (a demonstration or a test of one hand)")
        self.stack_button.clicked.connect(self._stack_next)
        stack_row.addWidget(self.next_cards, 2)
        stack_row.addWidget(self.stack_button, 1)
        self.body_layout.addWidget(stack)
        self.body_layout.addWidget(_heading("LOCKOUT CONTROLLER"))
        lockout = QWidget()
        lockout_row = QHBoxLayout(lockout)
        lockout_row.setContentsMargins(0, 0, 0, 0)
        self.lockout_state = _label("")
        self.lockout_button = _button("PRESS LOCKOUT BUTTON", "sim-lockout-button")
        self.lockout_button.clicked.connect(
            lambda: self.act("The lockout button was pressed.",
                             lambda b: b.press_lockout_button()))
        lockout_row.addWidget(self.lockout_button, 1)
        lockout_row.addWidget(self.lockout_state, 1)
        self.body_layout.addWidget(lockout)
        self.body_layout.addWidget(_heading("CABLES"))
        cables, cable_grid = _grid()
        for column, line in enumerate(state.lines):
            button = _button(f"UNPLUG {_short(line)}", f"sim-unplug-{line}")
            button.clicked.connect(lambda _c=False, name=line: self._toggle_line(name))
            cable = _label("")
            cable_grid.addWidget(button, 0, column)
            cable_grid.addWidget(cable, 1, column)
            self.line_buttons[line] = button
            self.line_states[line] = cable
        self.printer_buttons: dict[str, QPushButton] = {}
        if self.printer is not None:  # the jackpot slips' receipt printer
            for column, (fault, words) in enumerate((("offline", "UNPLUG PRINTER"),
                                                     ("no paper", "PAPER OUT"))):
                button = _button(words, f"sim-printer-{fault.replace(' ', '-')}")
                button.clicked.connect(lambda _c=False, f=fault: self._toggle_printer(f))
                cable_grid.addWidget(button, 2, column)
                self.printer_buttons[fault] = button
            self.printer_state = _label("")
            cable_grid.addWidget(self.printer_state, 2, 2)
        self.body_layout.addWidget(cables)
        self.body_layout.addStretch(1)
        self._layout_for = self._layout_key(state)

    def _layout_key(self, state: TableState) -> tuple[object, ...]:
        return (state.game, len(state.acceptors), state.lines, self.printer is not None)

    def _show_state(self, found: object) -> None:
        if not isinstance(found, tuple) or not isinstance(found[0], TableState):
            return
        state, self.printer_fault = found
        self.state = state
        if self._layout_for != self._layout_key(state):
            self._build(state)
        if self.printer is not None:
            for fault, button in self.printer_buttons.items():
                on = self.printer_fault == fault
                relabel(button, {"offline": "PLUG IN PRINTER" if on else "UNPLUG PRINTER",
                                 "no paper": "LOAD PAPER" if on else "PAPER OUT"}[fault])
            self.printer_state.setText(f"printer: {self.printer_fault or 'ready'}")
        for acceptor in state.acceptors:
            button = self.chip_buttons[acceptor.seat]
            relabel(button, f"{acceptor.seat} · "
                    f"{'REMOVE' if acceptor.chip_present else 'PLACE'}"
                           " CHIP")
            words = "chip on" if acceptor.chip_present else "no chip"
            light = acceptor.light.lower()
            words += f" · light {light}" + (" · locked" if acceptor.locked else "")
            self.chip_states[acceptor.seat].setText(words)
        shoe = state.shoe
        door = "door OPEN" if shoe.door_open else "door closed"
        jam = ("JAMMED" if shoe.jammed else
               "jams at the next dispense" if shoe.jam_pending else "no jam")
        self.shoe_state.setText(f"{door} · {jam} · {shoe.cards_left} cards left"
                                + (f" · faults: {', '.join(shoe.faults)}" if shoe.faults else ""))
        relabel(self.door_button, "CLOSE DOOR" if shoe.door_open else "OPEN DOOR")
        wager = ACCEPTOR_WAGER.get(state.game, "bonus")  # Pai Gow's acceptors: progressive
        self.lockout_state.setText(f"locked: no more {wager} chips" if state.lockout_locked
                                   else f"open: {wager} chips are taken")
        for line, button in self.line_buttons.items():
            out = line in state.unplugged
            relabel(button, f"{'PLUG IN' if out else 'UNPLUG'} {_short(line)}")
            self.line_states[line].setText("cable pulled" if out else "connected")

    # -- actions ---------------------------------------------------------------------------------
    def _toggle_chip(self, seat: int) -> None:
        present = self.state is not None and any(
            a.seat == seat and a.chip_present for a in self.state.acceptors)
        if present:
            self.act(f"Chip taken off position {seat}'s acceptor.",
                     lambda b: b.remove_chip(seat))
        else:
            self.act(f"Chip placed on position {seat}'s acceptor.",
                     lambda b: b.place_chip(seat))

    def _toggle_printer(self, fault: str) -> None:
        printer = self.printer
        if printer is None:
            return
        clear = self.printer_fault == fault
        words = "The printer is ready again." if clear else f"The printer: {fault}."
        self.act(words, lambda _b: printer.set_fault(None if clear else fault))

    def _toggle_door(self) -> None:
        if self.state is not None and self.state.shoe.door_open:
            self.act("The shoe's door is closed.", lambda b: b.close_door())
        else:
            self.act("The shoe's door is open.", lambda b: b.open_door())

    def _toggle_line(self, line: str) -> None:
        title = LINE_TITLES.get(line, line)
        if self.state is not None and line in self.state.unplugged:
            self.act(f"{title}: cable plugged back in.", lambda b: b.replug(line))
        else:
            self.act(f"{title}: cable pulled.", lambda b: b.unplug(line))


class SimulatedTableAccess(QObject):
    """SIMULATED TABLE in the dealer's top bar and the panel it opens over the felt. The button
    shows only while the table's devices are simulated (asked of the table worker when the
    first snapshot arrives and whenever the game shown changes)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.panel = SimulatedTablePanel(window.centralWidget())
        self.panel.hide()
        self.button = QPushButton("SIMULATED TABLE")
        self.button.setObjectName("simulated-table")
        self.button.setStyleSheet(bar_button_style(SIM_BUTTON_BACKGROUND))
        self.button.setFixedHeight(40)
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.button.setToolTip("The simulated devices: chips, the shoe, the lockout, cables")
        self.button.hide()
        self.button.clicked.connect(self.toggle)
        self.panel.close_button.clicked.connect(self.close_panel)
        self._asked_for: str | None = None
        # before SUPERVISOR
        window.health.add_button(self.button, SIM_BUTTON_BACKGROUND, window.staff.supervisor_button)
        window.felt.installEventFilter(self)
        window.snapshot_shown.connect(self._snapshot_shown)

    @property
    def available(self) -> bool:
        return self.panel.table is not None

    def _snapshot_shown(self, snapshot: Snapshot) -> None:
        title = snapshot.table.title
        if title == self._asked_for:
            return
        self._asked_for = title
        self.window.staff.calls.submit(_simulated_devices, self._simulation_found)

    def _simulation_found(self, found: tuple[SimulatedTable | None, SimulatedPrinter | None]
                          ) -> None:
        table, printer = found
        self.panel.bind(table, printer)
        self.button.setVisible(table is not None)
        if table is None:
            self.close_panel()

    def toggle(self) -> None:
        if self.panel.isVisible():
            self.close_panel()
        else:
            self.open_panel()

    def open_panel(self) -> None:
        if not self.available:
            return
        self._place()
        self.window.health.hide_detail()  # the panel's own title under it otherwise
        self.panel.show()
        self.panel.raise_()

    def close_panel(self) -> None:
        self.panel.hide()
        self.window.setFocus()

    def _place(self) -> None:
        """Over the felt: the step panel and the lower panel stay uncovered."""
        felt = self.window.felt
        self.panel.setGeometry(felt.geometry())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window.felt and event.type() in (QEvent.Type.Resize,
                                                            QEvent.Type.Move):
            self._place()
        return False

    def shutdown(self) -> None:
        self.panel.calls.close()


def _simulated_devices(context: StaffContext
                       ) -> tuple[SimulatedTable | None, SimulatedPrinter | None]:
    """On the station's thread: the simulated table and the simulated receipt printer (each
    ``None`` with real devices)."""
    printer = context.station.slip_printer
    table = context.simulation
    return table, printer if table is not None and isinstance(printer, SimulatedPrinter) else None


def install_simulated_table(window: MainWindow) -> SimulatedTableAccess:
    """Add SIMULATED TABLE and its panel to the dealer's ``window``."""
    return SimulatedTableAccess(window)
