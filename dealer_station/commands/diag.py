"""``dealer-station diag``: the technician's tests of the table devices."""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Iterator
from typing import Any

from dealer_station.inputs import bounded_int, load_toml, seconds
from dealer_station.store.options import add_table_argument, ask_pin
from dealer_station.store.paths import table_directory, table_id

NAME = "diag"
HELP = (
    "technician diagnostics: ports, identify, self-test, lamps, sensors, dispense, lockout, trace"
)
DESCRIPTION = """\
Runs the technician's tests against the table devices named by the table configuration
(--config FILE, its [devices] table), by one URL (--url), or against a simulated table
(--sim GAME). Prints one line per device and test, PASS or FAIL with the reason, and exits
non-zero when any test failed (the first failure's reason on stderr).

tests (default: ports identify selftest counters; "all" runs every one):
  ports     serial ports and USB devices present
  identify  vendor, model, serial number, firmware version and firmware CRC of each device
  selftest  each device's self-test and active faults
  lamps     each seat's light on, flashing, off, read back; the lit count
  sensors   a chip placed and removed at each seat in turn (prompts; --sensor-timeout)
  dispense  shuffle (the count must be 52 or 53), one stack, every card recognised
  lockout   lock, unlock, the change reported, the indicator, the dealer's button
            (prompts; --button-timeout)
  trace     every frame decoded live while polling (--trace-seconds)
  counters  error counters of each line and event counters of each device

Stop the dealer's screen first: the tests open the lines themselves.
The tests that move hardware (lamps, sensors, dispense, lockout) on real devices are a
technician's, never during a round: give --technician ID (the PIN is asked, or read from
stdin with --pin-stdin); the table's store (--table, --data-dir) is held for the tests, so
the station cannot start meanwhile, and both the start and the result are audited.
On a simulated table (--sim) no sign-in is needed.
With --sim, --inject puts a fault on the simulated table before the tests (jam, misread,
duplicate, door, short-deck, self-test, unplug-shoe, unplug-acceptors, unplug-lockout, garbage,
corrupt-crc, drop-acks, slow-acks, late-chip: the bonus wagers locked out and a chip placed at
seat 1 afterwards).

Examples:
  dealer-station --config table.toml diag all
  dealer-station diag --url /dev/ttyUSB0 --family shoe identify dispense
  dealer-station diag --sim pai_gow --inject jam dispense
"""

INJECTIONS = (
    "jam",
    "misread",
    "duplicate",
    "door",
    "short-deck",
    "self-test",
    "unplug-shoe",
    "unplug-acceptors",
    "unplug-lockout",
    "garbage",
    "corrupt-crc",
    "drop-acks",
    "slow-acks",
    "late-chip",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tests", nargs="*", metavar="TEST", help="tests to run (see above)")
    parser.add_argument("--sim", choices=("let_it_ride", "pai_gow"), help="test a simulated table")
    parser.add_argument("--transport", choices=("pty", "tcp", "usb", "memory"), default="pty")
    parser.add_argument("--inject", action="append", choices=INJECTIONS, default=[])
    parser.add_argument("--url", help="one device's URL instead of the configuration")
    parser.add_argument("--family", choices=("shoe", "acceptors", "lockout"), default="shoe")
    parser.add_argument("--address", type=bounded_int(1, 254), default=1,
                        help="with --url (acceptors: first)")
    parser.add_argument("--seats", type=bounded_int(1, 7), default=7,
                        help="with --url --family acceptors")
    parser.add_argument("--sensor-timeout", type=seconds(600),
                        default=30.0,
                        help="seconds to wait for each chip placed (sensors)")
    parser.add_argument("--button-timeout", type=seconds(600),
                        default=30.0,
                        help="seconds to wait for the dealer's lockout button (lockout)")
    parser.add_argument("--trace-seconds", type=seconds(3600),
                        default=5.0)
    parser.add_argument("--timeout", type=seconds(10),
                        help="answer timeout per request (seconds)")
    parser.add_argument("--technician", metavar="ID",
                        help="the technician running tests that move hardware")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


#: The tests that move hardware (lights, the dispenser, the lockout): a technician's only.
MOVES_HARDWARE = ("lamps", "sensors", "dispense", "lockout")


@contextlib.contextmanager
def _technician(args: argparse.Namespace, tests: list[str]) -> Iterator[Any]:
    """Sign the technician in on the table's store (held for the tests) and audit the run;
    refused without a technician, for another role, or while a round is open."""
    # deferred on purpose (--help imports every command): the store loads for a technician
    from dealer_station import auth
    from dealer_station.store import journal
    from dealer_station.store.database import Store, StoreError

    if not args.technician:
        raise ValueError(f"{', '.join(tests)} move(s) hardware: a technician runs them "
                         "(--technician ID; or --sim GAME for a simulated table)")
    table = table_id(args.table)
    try:
        store = Store.open(table_directory(table, args.data_dir), table, create=False)
    except StoreError as error:
        raise StoreError(f"cannot sign the technician in: {error}"
                         + (" (stop the dealer's screen first)" if "another station" in
                            str(error) else "")) from error
    with store:
        pin = ask_pin(f"PIN of {args.technician}: ", args.pin_stdin)
        person = auth.authenticate(store, args.technician, pin, now=time.time(),
                                   purpose="run_diagnostics")
        open_round = journal.open_round(store)
        auth.authorize(person.role, auth.Permission.RUN_DIAGNOSTICS,
                       round_in_progress=open_round is not None)
        name = "diag " + " ".join(tests)
        store.audit("diagnostic", {"name": name, "moves_hardware": True}, actor=person.id)
        outcome: dict[str, Any] = {"failed": None}
        try:
            yield outcome
        finally:
            store.audit("diagnostic", {"name": name, "event": "finished",
                                       "failed": outcome["failed"]}, actor=person.id)


def _devices_table(args: argparse.Namespace) -> dict[str, Any]:
    if args.url:
        if args.family == "acceptors":
            return {
                "acceptors": {"url": args.url, "first_address": args.address, "seats": args.seats}
            }
        return {args.family: {"url": args.url, "address": args.address}}
    if args.config:
        devices = load_toml(args.config).get("devices")
        if not devices:
            raise ValueError(f"{args.config}: no [devices] table (no hardware configured)")
        return dict(devices)
    raise ValueError("no devices to test: give --config FILE, --url URL or --sim GAME")


def _inject(table: Any, what: str) -> None:
    # deferred on purpose (--help imports every command): the drivers load only for --inject
    from drivers.protocol.card_codes import deck_codes
    from drivers.protocol.codes import FaultCode

    back = table.backdoor
    deck = deck_codes(53 if table.layout.deck_size == 53 else 52)
    doubled = [deck[0], deck[1], deck[0], *deck[3:]]  # the first stack repeats its first card
    actions = {
        "jam": back.jam,
        "misread": back.misread,
        "duplicate": lambda: back.deal_known_cards(doubled),
        "door": back.open_door,
        "short-deck": lambda: back.deal_known_cards(deck_codes(52)[:51]),
        "self-test": lambda: back.fail_self_test("lockout", FaultCode.INDICATOR),
        "unplug-shoe": lambda: back.unplug("shoe"),
        "unplug-acceptors": lambda: back.unplug("acceptors"),
        "unplug-lockout": lambda: back.unplug("lockout"),
        "garbage": lambda: [back.garbage_before_next_reply(n, 24) for n in table.servers],
        "corrupt-crc": lambda: [back.corrupt_crc(n, 2) for n in table.servers],
        "drop-acks": lambda: [back.drop_acks(n, 2) for n in table.servers],
        "slow-acks": lambda: [back.slow_acks(n, 0.5) for n in table.servers],
        "late-chip": lambda: back.chip_after_lockout(1),
    }
    actions[what]()


def run(args: argparse.Namespace) -> int:
    # deferred on purpose (--help imports every command): the drivers load only when the tests run
    from drivers.diagnostics import TESTS

    tests = args.tests or ["ports", "identify", "selftest", "counters"]
    if "all" in tests:
        tests = list(TESTS)
    for test in tests:
        if test not in TESTS:
            raise ValueError(f"unknown test {test!r}: {', '.join(TESTS)} or all")
    moving = [test for test in tests if test in MOVES_HARDWARE]
    if args.sim or not moving:
        return _run(args, tests)
    with _technician(args, moving) as outcome:
        code = _run(args, tests)
        outcome["failed"] = code != 0
    return code


def _run(args: argparse.Namespace, tests: list[str]) -> int:
    # deferred on purpose (--help imports every command): the drivers load only when the tests run
    from drivers.config import parse_device_config
    from drivers.diagnostics import Diagnostics, Outcome, list_ports

    if set(tests) == {"ports"} and not (args.sim or args.url or args.config):
        # the ports present need no configuration: a technician looks before writing one
        for outcome in list_ports():
            print(outcome, flush=True)
        return 0
    sim = None
    if args.sim:
        # deferred on purpose: the simulated table loads only for --sim
        from drivers.sim.table import start_simulated_table

        sim = start_simulated_table(args.sim, args.transport)
        devices: dict[str, Any] = sim.device_table()
        for what in args.inject:
            _inject(sim, what)
    else:
        if args.inject:
            raise ValueError("--inject needs --sim: faults are injected on simulated devices")
        devices = _devices_table(args)
    if args.timeout is not None:
        devices["timeout"] = args.timeout
    config = parse_device_config(devices)

    def prompt(text: str) -> None:
        if sim is None:
            print(f"  -> {text}", flush=True)

    # The outcomes already printed as they came, held (not their id()s: a freed outcome's id
    # is reused by the next one, which would then never be printed).
    printed: list[Outcome] = []

    def report(outcome: Outcome) -> None:
        print(outcome, flush=True)
        printed.append(outcome)

    diag = Diagnostics(config, simulation=sim, prompt=prompt, report=report)
    failures: list[Outcome] = []
    try:
        for test in tests:
            if test == "sensors":
                outcomes = diag.check_sensors(args.sensor_timeout)
            elif test == "lockout":
                outcomes = diag.check_lockout(args.button_timeout)
            elif test == "trace":
                outcomes = diag.check_trace(args.trace_seconds)
            else:
                outcomes = diag.run(test)
            for outcome in outcomes:
                if not any(seen is outcome for seen in printed):  # reported as it came, or now
                    print(outcome, flush=True)
                if not outcome.passed:
                    failures.append(outcome)
            printed.clear()
    finally:
        diag.close()
        if sim is not None:
            sim.close()
    if failures:
        first = failures[0]
        print(
            f"dealer-station diag: {len(failures)} failed; first: {first.test} {first.subject}: "
            f"{first.detail}",
            file=sys.stderr,
        )
        return 1
    return 0
