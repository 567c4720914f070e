"""Starting the dealer's screen: the table's configuration, the durable station, the devices
(the configured hardware, or the simulated table when none is configured) and the window.

Everything that may block — opening the database (and resuming an interrupted round from its
journal), opening the devices — happens on the worker thread, never on the GUI thread.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from dealer_station.plural import counted
from dealer_station.table_config import TableSetup, load_table_config, validate_table_setup
from dealer_station.ui.controller import DeviceState, TableController

if TYPE_CHECKING:  # for types only: the station (and its store) loads on the worker thread
    from dealer_station.station import Station

# The imports inside the functions below are deferred on purpose: the command line imports this
# module to start the window, and a start without a graphical session, or with a bad
# configuration, must answer in one line before Qt, the station's store and the drivers load;
# the station and devices then load on the worker thread, never blocking the window.
__all__ = ["build_controller", "check_table_setup", "listen_for_commands", "main",
           "resumed_notice"]

def check_table_setup(setup: TableSetup, source: str) -> None:
    """Raise ValueError naming ``source`` and the clause unless the game accepts the settings
    (the station's own test: it makes a round from them) and the devices and floor tables
    parse (:func:`validate_table_setup`, which ``--check`` runs too).

    >>> setup = load_table_config(game="let_it_ride")
    >>> setup.settings["table"]["maximum"] = float("nan")
    >>> check_table_setup(setup, "table.toml")
    Traceback (most recent call last):
    ...
    ValueError: table.toml: table.maximum: nan is not an amount of money
    """
    try:
        validate_table_setup(setup)
    except ValueError as error:
        raise ValueError(f"{source}: {error}") from None


def build_controller(setup: TableSetup, data_dir: str | None, *, bridge: Any = None,
                     transport: str = "pty", table: str | None = None,
                     explicit: bool = True, simulated: list[Any] | None = None,
                     ) -> TableController:
    """Open the station (resuming an interrupted round), the devices (or the simulated table)
    and make the controller. Call on the worker thread."""
    from dealer_station.station import Station
    from dealer_station.store.database import StoreError
    from dealer_station.ui.adapters import adapter_for, ensure_game

    ensure_game(setup.game)
    try:
        station = Station.open(table, data_dir, game=setup.game if explicit else None,
                               settings=setup.settings)
    except StoreError as error:
        if explicit or "first start" not in str(error):
            raise
        station = Station.open(table, data_dir, game=setup.game, settings=setup.settings)
    adapter = adapter_for(station.game, station.settings)
    controller = TableController(station, adapter, DeviceState())
    controller.closers.append(station.close)
    listen_for_commands(station, controller, bridge)

    def reopen(game: str) -> None:
        open_devices(controller, station, setup.devices, game, transport=transport, bridge=bridge,
                     simulated=simulated)

    controller.reopen_devices = reopen  # a game switched between rounds: devices for it, live
    reopen(station.game)
    controller.restore_devices()
    if setup.floor is not None:
        from dealer_station.floor.config import parse_floor_config
        from dealer_station.ui.floor_link import attach_floor

        floor = parse_floor_config(setup.floor)
        assert floor is not None
        attach_floor(controller, floor, bridge)
    controller.notice = resumed_notice(station)
    if station.resumed.outcome == "resumed":
        # the payments ticked off before the restart (part of the record)
        controller.ticked = set(station.payment_ticks(station.resumed.round_id))
        round_ = station.round
        if round_ is not None and not round_.is_void and adapter.interrupted_deal(round_):
            # stacks delivered before the restart were never recorded: collect, reshuffle
            controller.devices.redeal_due = True
            controller.notice += (" The deal was interrupted: collect unseen any stacks "
                                  "already delivered, then REDEAL (the deck is reshuffled).")
    elif station.resumed.outcome == "voided" and station.round is not None:
        # the round's own void (journaled): its RETURN lines to tick, then the cards
        controller.ticked = set(station.payment_ticks(station.resumed.round_id))
    return controller


def resumed_notice(station: Station) -> str:
    """What the dealer's screen says of the round the start found open ("" when none was).

    A voided round still being cleared (its RETURN lines, then its cards) says it is void at
    every start until it ends, naming who voided it and why (after a second restart it said
    "Round 1 resumed from the journal (7 records)", as if it were played on); a round played
    on says it was resumed; one the start ended at once, why."""
    resumed, round_ = station.resumed, station.round
    if resumed.outcome == "voided" and round_ is None:
        return f"The interrupted round was voided: {resumed.reason}"
    if resumed.outcome not in ("resumed", "voided"):
        return ""
    if round_ is None or not round_.is_void:
        return (f"Round {resumed.round_id} resumed from the journal "
                f"({counted(resumed.records, 'record')}).")
    # deferred on purpose: the station's module loads on the worker thread (see above)
    from dealer_station.games.void_steps import return_words
    from dealer_station.station_rounds import RECOVERY, interrupted_phase

    void = next((r for r in reversed(round_.history) if r.action == "void"), None)
    supervisor = str(void.arguments.get("supervisor", "")) if void is not None else ""
    reason = str(void.arguments.get("reason", "")) if void is not None else ""
    if supervisor == RECOVERY:
        phase = (interrupted_phase(reason) or str(resumed.phase or "")).replace("_", " ")
        head = (f"Round {resumed.round_id} voided at start-up (stopped while {phase}: this "
                "table's rules void it).")
    else:
        head = f"Round {resumed.round_id} voided by supervisor {supervisor}: {reason}."
    if round_.step.phase == "return_wagers":
        return f"{head} {return_words(len(round_.void_returns), round_.void_cards_out)}"
    return f"{head} Its wagers are returned: collect the cards unseen."


def open_devices(controller: TableController, station: Station,
                 devices: Mapping[str, Any] | None, game: str, *,
                 transport: str = "pty", bridge: Any = None,
                 simulated: list[Any] | None = None) -> None:
    """Open the configured devices, or (none configured) a simulated table for ``game`` (its
    shoe's stack and deck sizes, its number of acceptors), closing any opened before: the
    start, and a game switched between rounds. Call on the worker thread (it may block)."""
    from dealer_station.ui.devices import DeviceHub
    from drivers.manager import DeviceManager
    from drivers.sim.table import GAMES, devices_or_simulation

    for close in reversed(controller.device_closers):  # the old ones fall silent first
        try:
            close()
        except Exception as error:  # the old devices are going: say so, open the new ones
            controller.message = f"Closing the devices: {error}"
    controller.device_closers.clear()
    config, sim = devices_or_simulation(devices, game, transport)
    from dealer_station.slips import open_printer, printer_url

    # the jackpot slips' printer: the configured one, the simulated one with a simulated table
    url = printer_url(devices)
    station.slip_printer = (open_printer(url, station.store.directory / "printer")
                            if url is not None or sim is not None else None)
    if sim is None and config.shoe is not None and game in GAMES:
        # real hardware: the shoe holds the game's deck (the joker for Pai Gow); each DISPENSE
        # names its stack size
        config = replace(config, shoe=replace(config.shoe, deck_size=GAMES[game].deck_size))
    # what the devices said before is forgotten; [devices] shoe_reads_cards = false: the stacks
    # are entered by hand after each DISPENSE
    controller.devices = DeviceState(shoe_reads_cards=config.shoe_reads_cards)
    controller.reset_health(set(config.acceptors.addresses) if config.acceptors else set())
    controller.simulation = sim
    from dealer_station import logs

    logs.get_logger("dealer_station.app").info(
        "devices_opened", game=game, simulated=sim is not None,
        lines={spec.name: spec.url for spec in config.specs})
    if sim is not None:
        controller.device_closers.append(sim.close)
        if simulated is not None:
            simulated.append(sim)
    # Real devices keep their event numbers across a restart of the station: the cursors on disk
    # make the manager take exactly the events not yet handed over (nothing lost or repeated).
    # Simulated devices start afresh with every launch, and so do their cursors.
    cursor_store = None
    if sim is None:
        from drivers.cursor import JsonCursorStore

        directory = station.store.directory
        cursor_store = JsonCursorStore(directory / "device-cursors.json")
    live = [True]  # False once these devices are closed: what they say then is not heard

    def on_event(event: Any) -> None:
        if live[0] and bridge is not None:
            bridge.on_event(event)

    def on_health(health: Any) -> None:
        if live[0] and bridge is not None:
            bridge.on_health(health)

    manager = DeviceManager(config, on_event=on_event if bridge is not None else None,
                            on_health=on_health if bridge is not None else None,
                            cursor_store=cursor_store)
    manager.start()

    def silence() -> None:
        live[0] = False

    controller.device_closers.extend((manager.stop, silence))
    controller._hardware = DeviceHub(manager, bridge.on_error if bridge is not None else None)
    controller.manager = manager
    controller.restore_devices()


def listen_for_commands(station: Any, controller: TableController, bridge: Any = None) -> None:
    """While the screen runs, ``dealer-station users …``, ``meters …`` and ``archive …`` reach
    the station through its control socket (:mod:`dealer_station.control`): the station
    performs and audits the change, on the
    table worker's thread when there is one (``bridge``), so the screen shows it at once (a
    dealer disabled while on duty is signed out there)."""
    from dealer_station import logs
    from dealer_station.accounts import handle
    from dealer_station.archive_desk import handle_archive
    from dealer_station.control import ControlServer
    from dealer_station.meter_desk import handle_meters
    from dealer_station.validator_desk import handle_validators

    def on_station(handler: Callable[..., dict[str, Any]]) -> Callable[[Any], dict[str, Any]]:
        """``handler(station, message)`` on the table worker's thread when there is one."""
        def serve(message: Any) -> dict[str, Any]:
            if bridge is None:
                return handler(station, message)
            answer: dict[str, Any] = bridge.run_on_worker(
                lambda worker_controller: handler(worker_controller.station, message))
            return answer
        return serve

    users, meters = on_station(handle), on_station(handle_meters)
    server = ControlServer(station.store.directory, {"users": users, "meters": meters,
                                                     "archive": on_station(handle_archive),
                                                     "validators": on_station(handle_validators)})
    try:
        server.start()
    except OSError as error:  # e.g. a data directory path too long for a Unix socket
        logs.get_logger("dealer_station.control").warning("control_socket_unavailable",
                                                          error=str(error))
        return
    controller.closers.append(server.close)


def create_window(factory: Callable[[Any], TableController]) -> Any:
    """The main window with its bridge and worker; ``factory(bridge)`` runs on the worker thread
    and makes the controller."""
    from dealer_station.ui.bridge import DeviceBridge, TableWorker
    from dealer_station.ui.main_window import MainWindow

    bridge = DeviceBridge()
    worker = TableWorker(lambda: factory(bridge))
    window = MainWindow()
    window.attach(worker, bridge)
    return window


def show_kiosk(window: Any) -> None:
    """Show ``window`` over the whole screen with no frame (``--kiosk``). Full screen is a
    request to a window manager (``_NET_WM_STATE_FULLSCREEN`` on X): a bare X server, as a kiosk
    session may run, has none to grant it, and the window would stay at its size in the corner.
    So the window is first given the screen's geometry itself, then asked for full screen (which
    a window manager, or cage, honours as well)."""
    from PySide6.QtCore import Qt

    window.setWindowFlag(Qt.WindowType.FramelessWindowHint)
    screen = window.screen()
    if screen is not None:
        window.setGeometry(screen.geometry())
    window.showFullScreen()


def show_window(window: Any, size: tuple[int, int]) -> None:
    """Show ``window`` at ``size`` (the 1280×800 it is laid out for at least), or, on a larger
    screen, over the screen's available geometry (what a maximised window takes: the whole
    screen less any panel). Maximising is a request to a window manager: with none (a bare X
    server) the window stayed 1280×800 at the top left of a 1920×1080 screen. So the window is
    given the available geometry itself, then asked to be maximised (which a window manager
    honours with its frame)."""
    width, height = size
    screen = window.screen()
    room = screen.availableGeometry() if screen is not None else None
    if (room is None or room.width() < width or room.height() < height
            or (room.width(), room.height()) == (width, height)):
        window.resize(width, height)
        window.show()
        return
    window.setGeometry(room)
    window.showMaximized()


def log_to_file(data_dir: str | None, *, verbose: bool) -> str:
    """Started from a terminal: the diagnostic lines go to the data directory's log file (on
    the terminal too with ``verbose``); the one line said there. Elsewhere (a service, whose
    stderr is the journal) they stay on stderr, and nothing is said ("")."""
    if not sys.stderr.isatty():
        return ""
    from dealer_station import logs
    from dealer_station.store.paths import data_directory

    path = logs.to_file(data_directory(data_dir) / logs.LOG_NAME, echo=verbose)
    return (f"dealer-station: opening the dealer's screen. Its diagnostic log: {path}"
            + ("" if verbose else " (--verbose: on this terminal too)"))


def main(config: str | None, data_dir: str | None, *, size: tuple[int, int] = (1280, 800),
         full_screen: bool = False, transport: str = "pty", verbose: bool = False) -> int:
    """``dealer-station`` with no command: open the dealer's screen (exit status 2 with one
    line on stderr when no window can be opened here: Qt would abort the process)."""
    from dealer_station.ui.display import session_problem

    problem = session_problem()
    if problem is not None:
        print(f"dealer-station: {problem}", file=sys.stderr)
        return 2
    said = log_to_file(data_dir, verbose=verbose)
    if said:
        print(said, file=sys.stderr, flush=True)
    from PySide6.QtWidgets import QApplication

    started = time.perf_counter()
    setup = load_table_config(config)
    if config is not None:
        check_table_setup(setup, config)  # a bad value: one line and exit 2, no window
    from dealer_station.integrity import program_identity

    identity = program_identity()  # verified by the command line before anything else
    if not identity.verified:
        print(f"dealer-station: {identity}", file=sys.stderr)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    # ``transport``: the lines of the simulated table opened when no hardware is configured
    # (``dealer-station sim --transport usb``: the simulated USB bus, in this process)
    window = create_window(lambda bridge: build_controller(setup, data_dir, bridge=bridge,
                                                            transport=transport,
                                                            explicit=config is not None))
    if full_screen:  # --kiosk: the whole screen, no window frame
        window.resize(*size)
        show_kiosk(window)
    else:
        show_window(window, size)
    window.snapshot_shown.connect(
        lambda _s: window.setProperty("interactive_after", time.perf_counter() - started))
    from dealer_station.ui.service import tell_the_service_manager
    from dealer_station.ui.stopping import close_on_signals

    # systemctl stop, kill, Ctrl+C: a clean close
    restore = close_on_signals(window, window.close_now)
    stopping = tell_the_service_manager(  # the kiosk unit: ready, then the watchdog
        window, window.snapshot_shown, window.worker.failed if window.worker else None)
    try:
        code = int(app.exec())
        stopping()
        window.shutdown()
    finally:
        restore()
    return code
