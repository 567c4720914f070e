"""What a person does at the table, in the words of the screen: the steps the journeys share.
Each takes a running :class:`journey_person.Station`, presses what a dealer, supervisor or
technician presses, waits for the screen to follow and takes a screenshot of the step."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from journey_person import JourneyError, Screen, Seen, Station

from dealer_station.preview.people import interim_pin

SUPERVISOR = ("S-1001", "Sam Super", "246810")
TECHNICIAN = ("T-3003", "Tess Tech", "975310")
DEALER = ("D-2002", "Dee Dealer", "135790")


@dataclass(frozen=True)
class Step:
    """The step panel as shown: the step's name (e.g. ``BETTING``), the instruction, the
    enabled buttons of the step (the primary one first) and the payments ticked off and listed
    ("3 of 6 done")."""

    phase: str
    instruction: str
    actions: tuple[str, ...]
    ticked: int = 0
    payments: int = 0
    #: The lines left are ticked at the next step ("… · the PAY lines at the next step": Let
    #: It Ride's payments while the losing wagers are collected); Space passes them by.
    rest_later: bool = False

    @property
    def all_ticked(self) -> bool:
        """Every line due at this step ticked off."""
        return self.ticked == self.payments or self.rest_later

    @property
    def key(self) -> tuple[str, str, tuple[str, ...]]:
        return self.phase, self.instruction, self.actions


def _named(screen: Screen, name: str) -> list[Seen]:
    return [t for t in screen.visible() if t.raw.get("name") == name]


def step_of(screen: Screen) -> Step:
    """Read the step panel off the screen."""
    instructions = _named(screen, "instruction")
    if not instructions:
        return Step("", "", ())
    instruction = instructions[0]
    x, y = instruction.rect[0], instruction.rect[1]
    above = [t for t in _named(screen, "phase") if abs(t.rect[0] - x) < 8 and t.rect[1] < y]
    phase = max(above, key=lambda t: t.rect[1]).text if above else ""
    actions = tuple(t.text for t in sorted(
        (t for t in screen.visible() if t.kind == "button" and t.enabled
         and t.raw.get("name") in ("primary", "secondary")
         and t.rect[1] > y and abs(t.rect[0] - x) < 400),
        key=lambda t: (t.raw.get("name") != "primary", t.rect[1], t.rect[0])))
    done = next((m for t in screen.visible() if t.kind == "label"
                 and (m := re.match(r"(\d+) of (\d+) done(.*)", t.text))), None)
    return Step(phase, instruction.text, actions,
                *((int(done.group(1)), int(done.group(2)), "next step" in done.group(3))
                  if done else (0, 0, False)))


def wait_step(station: Station, phase: str | re.Pattern[str], patience: float = 20.0) -> Step:
    """Wait until the step panel shows step ``phase``."""
    def there(screen: Screen) -> bool:
        shown = step_of(screen).phase
        return (phase.search(shown) is not None if isinstance(phase, re.Pattern)
                else shown.casefold() == phase.casefold())

    return step_of(station.wait(there, f"the step {getattr(phase, 'pattern', phase)}",
                                patience))


def press_and_follow(station: Station, text: str | re.Pattern[str],
                     patience: float = 20.0) -> Step:
    """Press a step's button and wait until the step panel changes."""
    before = step_of(station.look())
    station.press(text)
    return step_of(station.wait(lambda s: step_of(s).key != before.key,
                                f"the screen to move on from {before.phase} after "
                                f"{getattr(text, 'pattern', text)}", patience))


#: A person reads a new step before pressing its key; the dealer's screen ignores a key the
#: step before took for another action for its first 0.5 s (a bounced double press).
READING = 0.7


def key_and_follow(station: Station, key: str, patience: float = 20.0) -> Step:
    """Read the step, press a key and wait until the step panel changes."""
    time.sleep(READING)
    before = step_of(station.look())
    station.key(key)
    return step_of(station.wait(lambda s: step_of(s).key != before.key,
                                f"the screen to move on from {before.phase} after key {key}",
                                patience))


# ---------------------------------------------------------------------------- accounts
def first_start(station: Station, who: tuple[str, str, str] = SUPERVISOR) -> None:
    """A fresh table asks for its first supervisor: id, name, PIN twice."""
    user, name, pin = who
    station.wait_for(re.compile("first supervisor", re.I))
    station.shot("first-start", "A fresh data directory: the table asks for its first "
                                "supervisor")
    station.fill("Id", user)
    station.fill("Name", name)
    station.fill("PIN", pin)
    screen = station.look()
    if screen.find("PIN again", "label"):
        station.fill("PIN again", pin)
    station.shot("first-supervisor-typed", "The first supervisor's id, name and PIN typed")
    station.press(re.compile(r"^create supervisor$", re.I))
    station.wait_for(re.compile(rf"{re.escape(user)}.*created", re.I))
    station.wait(lambda s: not s.find(re.compile("first supervisor", re.I), "label"),
                 "the first-start form to close")


_ONE_TIME = re.compile(r"it is a one-time PIN")


def _own_pin_chosen(station: Station, user: str, pin: str, again: str,
                    press: Callable[[], None]) -> None:
    """At the first sign-in with the PIN a supervisor gave: refused with the reason, the
    form asks for a new PIN twice; the person types the given PIN and ``pin``, their own."""
    given = station.given_pins.pop(user)
    station.wait_for(_ONE_TIME)
    station.fill("PIN", given)
    station.fill("a new PIN of your own", pin)
    station.fill(again, pin)
    press()


def sign_in(station: Station, user: str, pin: str, shot: str = "") -> None:
    """The dealer's sign-in: id and PIN, SIGN IN (the first time with the PIN given, choosing
    ``pin`` as one's own)."""
    station.find("SIGN IN")
    station.fill("Id", user)
    station.fill("PIN", station.given_pins.get(user, pin))
    if shot:
        station.shot("sign-in", shot)
    station.press("SIGN IN")
    if user in station.given_pins:
        _own_pin_chosen(station, user, pin, "the same new PIN again",
                        lambda: station.press("SIGN IN"))
    station.wait(lambda s: not s.reachable("SIGN IN"), f"{user} signed in")


def staff_screen(station: Station, which: str, who: tuple[str, str, str]) -> None:
    """SUPERVISOR (or TECHNICIAN) in the top bar, then the staff sign-in with id and PIN (the
    first time with the PIN given, choosing their own)."""
    user, _name, pin = who
    station.press(which)
    station.find(re.compile("BACK TO THE TABLE"))
    station.fill(re.compile("^Id$"), user)
    station.fill(re.compile("^PIN$"), station.given_pins.get(user, pin))
    station.press(re.compile("^SIGN IN", re.I))
    if user in station.given_pins:
        _own_pin_chosen(station, user, pin, "the same new PIN",
                        lambda: station.press(re.compile("^SIGN IN", re.I)))
    station.find(re.compile(r"^SIGN OUT · BACK TO THE TABLE$"), patience=30.0)


def back_to_the_table(station: Station) -> None:
    """SIGN OUT · BACK TO THE TABLE on a staff screen."""
    station.press(re.compile(r"^SIGN OUT · BACK TO THE TABLE$"))
    station.wait(lambda s: not s.reachable(re.compile("BACK TO THE TABLE")),
                 "the dealer's screen again")


def create_account(station: Station, who: tuple[str, str, str], role: str = "dealer") -> None:
    """On the supervisor's Accounts page: id, name, role, the PIN given twice, CREATE ACCOUNT;
    the new account is listed, active. The PIN given is a one-time PIN: at the first sign-in
    its owner chooses their own, the PIN of ``who``."""
    user, name, own = who
    pin = interim_pin(own)
    station.given_pins[user] = pin
    station.press("Accounts")
    station.find("CREATE ACCOUNT")
    station.fill(re.compile(r"^personal id", re.I), user)
    station.fill("full name", name)
    station.press(role.capitalize())  # each role is a button beside "Role"
    station.fill(re.compile(r"digits", re.I), pin)
    station.fill("same PIN", pin)
    station.shot("account-typed", f"Supervisor → Accounts: a {role}'s account typed (id, name, "
                                  "role, the PIN twice)")
    station.press("CREATE ACCOUNT")
    station.find(re.compile(rf"^{re.escape(user)} \| {re.escape(name)} \| {role} \| active$"),
                 kind="row")
    station.shot("account-created", f"The {role} {name} ({user}) is listed, active")


def device_words(station: Station, device: str) -> str:
    """Tap the device in the top bar and read the sentence the box that opens says (what is
    wrong and what to do)."""
    station.press(re.compile(rf"^{re.escape(device)}"), kind="label")
    whole = re.compile(rf"^{re.escape(device)}.*[^…]$")
    screen = station.wait(lambda s: any(t.raw.get("cls") == "QLabel" and whole.match(t.text)
                                        for t in s.visible()),
                          f"the whole words of {device}")
    return next(t.text for t in screen.visible() if t.cls == "QLabel" and whole.match(t.text))


def choose_game(station: Station, game: str) -> str:
    """Supervisor → Configuration: the game (its name: "Pai Gow Poker") chosen, APPLY; returns
    the page's answer."""
    station.press("Configuration")
    station.press(game)
    station.wait(lambda s: any(t.raw.get("checked") for t in s.find(game, "button")),
                 f"{game} chosen")
    station.shot("configuration-game", f"Supervisor → Configuration: the game {game} chosen")
    station.press("APPLY")
    screen = station.wait_for(re.compile(r"^Applied as configuration version"))
    station.shot("configuration-applied", "APPLY: the configuration applied between rounds")
    return next(t.text for t in screen.visible() if t.text.startswith("Applied as"))


def pai_gow_table(station: Station) -> None:
    """The supervisor switches the (fresh) table to Pai Gow Poker on the Configuration page."""
    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    choose_game(station, "Pai Gow Poker")
    back_to_the_table(station)
    station.wait_for("PAI GOW POKER")


def offer_side_wager(station: Station, wager: str) -> None:
    """Supervisor → Configuration (a Pai Gow table): the side wager's box ticked (its words:
    "progressive payout wager" for ``progressive``), APPLY."""
    from dealer_station.games.pai_gow.wagers.families import BonusWager

    words = BonusWager(wager).words
    station.press("Configuration")
    station.press(words)
    station.wait(lambda s: any(t.raw.get("checked") for t in s.find(words, "button")),
                 f"{words} ticked")
    station.shot("side-wager-offered", f"Supervisor → Configuration: side wagers offered: "
                                       f"{wager}")
    station.press("APPLY")
    station.wait_for(re.compile(r"^Applied as configuration version"))


def create_meter(station: Station, name: str, base: str, rate: str) -> Screen:
    """Supervisor → Meters: a progressive meter's name, base and rate typed, CREATE; the page
    then shows the meter."""
    station.press("Meters")
    station.find("CREATE")
    station.fill("meter name", name)
    station.fill(re.compile(r"^base, e\.g\."), base)
    station.fill(re.compile(r"^rate, e\.g\."), rate)
    station.shot("meter-typed", f"Supervisor → Meters: the progressive meter {name!r}, base "
                                f"{base}, rate {rate}")
    station.press("CREATE")
    screen = station.wait_for("in service")
    station.shot("meter-created", "The meter is created and in service")
    return screen


def stack_the_shoe_for(station: Station, position: int, cards: str) -> None:
    """At the deal, before the first DISPENSE: SIMULATED TABLE → STACK NEXT CARDS with the
    shoe's next cards arranged so that position ``position`` receives ``cards`` — the stacks
    before its stack in the step's order (filled with other cards), then its seven."""
    from dealer_station.cards import pai_gow_deck

    order = next(t.text for t in station.look().visible() if t.text.startswith("Order:"))
    receivers = [part.strip() for part in order.removeprefix("Order:").split("→")]
    before = receivers.index(str(position))
    wanted = cards.split()
    filler = [card.text for card in pai_gow_deck() if card.text not in wanted][:7 * before]
    station.press("SIMULATED TABLE")
    station.fill(re.compile(r"^next cards, top first"), " ".join(filler + wanted))
    station.press("STACK NEXT CARDS")
    station.wait_for(re.compile(r"^The next cards out of the shoe: "))
    station.shot("shoe-stacked", f"SIMULATED TABLE → STACK NEXT CARDS: the shoe arranged so "
                                 f"that position {position} receives {cards}")
    station.press("CLOSE")


def chip_on_acceptor(station: Station, position: int, shot: str = "",
                     caption: str = "") -> None:
    """SIMULATED TABLE: a chip on ``position``'s acceptor once the acceptors are open (the one
    left there from the round before taken off first)."""
    station.press("SIMULATED TABLE")
    # a player drops the chip once the acceptors are open (a chip while they are still
    # locked is LATE, and does not light)
    station.wait_for(re.compile(r"^open: "))
    left = station.look().reachable(re.compile(rf"^{position} · REMOVE CHIP$"))
    station.shots.paused, paused = True, station.shots.paused
    try:
        if left:
            simulated_table_press(station, rf"^{position} · REMOVE CHIP$")
        simulated_table_press(station, rf"^{position} · PLACE CHIP$")
    finally:
        station.shots.paused = paused
    if shot:
        station.shot(shot, caption)
    station.press("CLOSE")


def simulated_table_press(station: Station, pattern: str) -> None:
    """Press a button of the open simulated-table panel and wait for its answer (a message:
    a note or an error, ui/messages.py)."""
    said = ("message", "fault", "notice", "good")
    before = [t.text for t in station.look().visible() if t.raw.get("name") in said]
    station.press(re.compile(pattern))
    station.wait(lambda s: [t.text for t in s.visible() if t.raw.get("name") in said]
                 != before, f"the simulated table to answer {pattern}")


def table_with_a_dealer(station: Station) -> None:
    """A fresh table made ready as a floor does it: the first supervisor, a dealer's account
    created on the Accounts page, the dealer signed in between rounds (not photographed: the
    first journey shows it)."""
    with station.shots.pause():
        first_start(station)
        staff_screen(station, "SUPERVISOR", SUPERVISOR)
        create_account(station, DEALER)
        back_to_the_table(station)
        sign_in(station, DEALER[0], DEALER[2])
        wait_step(station, "BETWEEN ROUNDS")


def ticked_boxes(screen: Screen) -> list[str]:
    """The numbers of the payment lines shown ticked."""
    return [t.text for t in screen.visible() if t.cls == "QCheckBox" and t.raw.get("checked")]


def history(data_dir: object, *arguments: str) -> str:
    """What ``dealer-station history [ARGUMENTS]`` prints for the table (the command line a
    supervisor uses)."""
    done = subprocess.run([sys.executable, "-m", "dealer_station.cli", "--data-dir",
                           str(data_dir), "history", *arguments], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def jackpot_record(data_dir: object, number: int) -> str:
    """``dealer-station history jackpot NUMBER``: the printed jackpot record."""
    return history(data_dir, "jackpot", str(number))


# ---------------------------------------------------------------------------- let it ride
#: The steps of a Let It Ride round in their order (9 NYCRR 5324.34(c)-(e)).
LET_IT_RIDE_STEPS = ("BETTING", "DEALING", "BET ONE", "FIRST COMMUNITY CARD", "BET TWO",
                     "SECOND COMMUNITY CARD", "SHOWDOWN", "COLLECT LOSING WAGERS",
                     "PAY WINNING WAGERS", "COLLECT CARDS", "BETWEEN ROUNDS")


def chips_for(dollars: int) -> list[str]:
    """The chip buttons a dealer taps for ``dollars`` (largest first).

    >>> chips_for(135)
    ['+$100', '+$25', '+$5', '+$5']
    """
    taps = []
    for chip in (500, 100, 25, 5):
        while dollars >= chip:
            taps.append(f"+${chip}")
            dollars -= chip
    if dollars:
        raise ValueError("wagers are in $5 chips")
    return taps


def _entered(screen: Screen) -> int | None:
    """The base wager the wager entry shows ("3 × $25.00", or "Wager: $25.00" where the
    game has one), in dollars."""
    for thing in screen.visible():
        found = re.search(r"(?:3 × |^Wager: )\$([\d,]+)\.00", thing.text)
        if found:
            return int(found.group(1).replace(",", ""))
    return None


def place_wagers(station: Station, wagers: dict[int, int]) -> None:
    """Tap each position on the felt, tap chips until the entry shows the wager (a person
    watches the total: a tap the screen did not take is tapped again), PLACE WAGERS (again
    if nothing happened)."""
    for position, dollars in wagers.items():
        station.tap_seat(position)
        station.wait_for(re.compile(rf"^POSITION {position} · ", re.I))
        for _ in range(3 * len(chips_for(dollars)) + 3):
            shown = _entered(station.look()) or 0
            if shown >= dollars:
                break
            station.press(chips_for(dollars - shown)[0])
            with contextlib.suppress(JourneyError):
                station.wait(lambda s, b=shown: (_entered(s) or 0) > b, "the chip counted",
                             patience=3, failure_shot=False)
        station.wait_for(re.compile(rf"(3 × |^Wager: )\${dollars:,}\.00"))
        placed = re.compile(rf"^POSITION {position} · wagers? placed", re.I)
        for attempt in range(3):
            station.press("PLACE WAGERS")
            try:
                station.wait_for(placed, patience=5 if attempt < 2 else 20,
                                 failure_shot=attempt == 2)
                break
            except JourneyError:
                if attempt == 2:
                    raise


def simulated_table(station: Station, *buttons: str | re.Pattern[str], shot: str = "",
                    caption: str = "") -> None:
    """Open the SIMULATED TABLE panel (the person's hands at the simulated table), press
    ``buttons`` in turn, each waiting for the panel's "done" line, and close it."""
    station.press("SIMULATED TABLE")
    station.find("CLOSE")
    for button in buttons:
        simulated_table_press(station, button.pattern if isinstance(button, re.Pattern)
                              else f"^{re.escape(button)}$")
    if shot:
        station.shot(shot, caption)
    station.press("CLOSE")
    station.wait(lambda s: not s.reachable("CLOSE"), "the simulated-table panel to close")


def start_let_it_ride(station: Station, wagers: dict[int, int], *,
                      bonus: tuple[int, ...] = (), shots: bool = True) -> Step:
    """START ROUND, the wagers tapped in on the felt, a $1 bonus chip on the acceptor of each
    position in ``bonus`` (through the simulated-table panel): the round stands at BETTING."""
    wait_step(station, "BETWEEN ROUNDS")
    press_and_follow(station, "START ROUND")
    wait_step(station, "BETTING")
    place_wagers(station, wagers)
    if bonus:
        simulated_table(station, *(re.compile(rf"^{p} · PLACE CHIP$") for p in bonus),
                        shot="bonus-chips" if shots else "",
                        caption="SIMULATED TABLE: a $1 chip placed on the bonus acceptor of "
                                f"position {', '.join(map(str, bonus))}; the acceptor senses "
                                "it and lights")
    return step_of(station.look())


def tick_next(station: Station, step: Step) -> Step:
    """Space: the next payment ticked off; the step once the screen shows it ticked."""
    station.key("space")
    return step_of(station.wait(lambda s: step_of(s).ticked > step.ticked,
                                "a payment ticked by Space"))


def key_step(station: Station, step: Step) -> Step:
    """The round's next step by keys, where the step asks for nothing but a key: D for BANK
    DECLINED, R at BET ONE / BET TWO (take back), H at EXPOSURE (HOUSE WAY), Space for the next
    payment, Enter for the step's action; else the step once the screen offers something."""
    if "BANK DECLINED" in step.actions:
        return key_and_follow(station, "d")
    if step.phase in ("BET ONE", "BET TWO"):
        return key_and_follow(station, "r")
    if step.phase == "EXPOSURE":
        return key_and_follow(station, "h")
    if not step.all_ticked:
        return tick_next(station, step)
    if step.actions:
        return key_and_follow(station, "Return")
    return step_of(station.wait(lambda s: step_of(s) != step,
                                f"step {step.phase} to offer something"))


def wager_by_keys(station: Station, position: int, dollars: int) -> None:
    """The position's digit, the amount typed, Enter: the screen shows it placed."""
    time.sleep(READING)
    station.key(str(position))
    station.wait_for(re.compile(rf"^POSITION {position} · ", re.I))
    station.type(str(dollars))
    station.wait_for(re.compile(rf"(3 × |^Wager: )\${dollars:,}\.00"))
    station.shot(f"typed-{position}", f"Position {position} chosen by its digit, ${dollars} "
                                      "typed in its box (the box with the focus outlined)")
    station.key("Return")
    station.wait_for(re.compile(rf"^POSITION {position} · wagers? placed", re.I))


def shipped_table_file(directory: Path, game: str, change: Callable[[str], str]) -> Path:
    """The shipped configuration of ``game`` (resources/<game>.toml) as ``change`` makes it,
    written to ``table.toml`` in ``directory`` (for ``dealer-station --config``)."""
    text = (Path(__file__).resolve().parents[2] / "resources" / f"{game}.toml").read_text()
    path = directory / "table.toml"
    path.write_text(change(text))
    return path


RESUMED = re.compile(r"Round \d+ resumed from the journal")


def killed_and_started_again(station: Station, shot: str = "", caption: str = "",
                             says: re.Pattern[str] = RESUMED) -> None:
    """SIGKILL (a power cut), started again on the same data directory: the round resumes
    from the journal, the screen says so (``says``: a voided round says it is void); the
    dealer signs in."""
    station.kill()
    station.start()
    station.wait_for(says)
    if shot:
        station.shot(shot, caption)
    sign_in(station, DEALER[0], DEALER[2])


def play_on(station: Station, step: Step, *, take_back: int | None = None,
            shots: str = "Let It Ride", each_step: Callable[[Step], None] | None = None,
            until: Callable[[Step], bool] = lambda step: step.phase == "BETWEEN ROUNDS",
            seen: list[str] | None = None) -> Step:
    """Play the round on from ``step`` as the screen asks: DISPENSE while dealing, the
    decisions by key (``R``, or ``T`` for position ``take_back``), each Pai Gow player's hands
    exposed by HOUSE WAY (the step's primary, SET HAND, sends the cards picked low: with none
    picked its first press only asks), each payment ticked with Space, then the step's primary
    button; until ``until(step)``. Each new step is added to ``seen``, shown to ``each_step``
    and, with ``shots`` (the game's name), photographed."""
    seen = [] if seen is None else seen
    for _ in range(200):
        if not seen or seen[-1] != step.phase:
            seen.append(step.phase)
            if each_step is not None:
                each_step(step)
            if shots:
                station.shot(step.phase.lower().replace(" ", "-"),
                             f"{shots} · {step.phase.title()}: {step.instruction}")
        if until(step):
            return step
        if step.phase == "DEALING":
            step = press_and_follow(station, "DISPENSE")
        elif step.phase in ("BET ONE", "BET TWO"):
            position = re.search(r"\d+", step.instruction)
            back = position is not None and int(position.group()) == take_back
            step = key_and_follow(station, "t" if back else "r")
        elif step.phase == "EXPOSURE" and "SET HAND" in step.actions:
            # HOUSE WAY is pressed once it is enabled (a new step's buttons come one by one)
            step = press_and_follow(station, "HOUSE WAY")
        elif not step.all_ticked:
            step = tick_next(station, step)
        elif step.actions:
            step = press_and_follow(station, step.actions[0])
        else:  # a press on its way (the buttons greyed for a moment): wait for the screen
            step = step_of(station.wait(lambda s, b=step: step_of(s) != b,
                                        f"step {step.phase} to offer something to press"))
    raise JourneyError(f"the round did not end; steps seen: {seen}")


#: The steps of a Pai Gow Poker round in their order (9 NYCRR 5324.41(d)-(i)).
PAI_GOW_STEPS = ("SHUFFLE", "BETTING", "STARTING POSITION", "DEAL", "SETTING", "BANKER",
                 "EXPOSURE", "SETTLEMENT", "BETWEEN ROUNDS")


def dispense_stack(station: Station, stack: int) -> Step:
    """DISPENSE STACK ``stack`` OF 7, until the screen offers the next stack (or moves on): a
    press the screen did not take (the button disabled for a moment while a device
    reconnects) is pressed again, as a dealer would when no stack comes out."""
    label = f"DISPENSE STACK {stack} OF 7"

    def dealt(screen: Screen) -> bool:
        step = step_of(screen)
        return step.phase != "DEAL" or (bool(step.actions) and step.actions[0] != label)

    for attempt in range(3):
        station.press(label)
        try:
            return step_of(station.wait(dealt, f"stack {stack} dispensed",
                                        patience=10 if attempt < 2 else 20,
                                        failure_shot=attempt == 2))
        except JourneyError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def pai_gow_round_at_the_deal(station: Station, wagers: dict[int, int]) -> Step:
    """A fresh table with a dealer, switched to Pai Gow Poker (not photographed), a round
    opened with ``wagers``, NO MORE BETS and what follows up to the deal."""
    table_with_a_dealer(station)
    with station.shots.pause():
        pai_gow_table(station)
    open_pai_gow_round(station, wagers)
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    return play_on(station, step, shots="", until=lambda s: s.phase == "DEAL")


def open_pai_gow_round(station: Station, wagers: dict[int, int], *, shots: bool = False,
                       each_step: Callable[[Step], None] | None = None,
                       seen: list[str] | None = None) -> Step:
    """START ROUND, SHUFFLED (as the screen asks), the wagers tapped in on the felt, the bank
    declined by each player it is offered to (5324.41(h)(3)): the Pai Gow round stands at
    BETTING."""
    wait_step(station, "BETWEEN ROUNDS")
    play_on(station, press_and_follow(station, "START ROUND"),
            until=lambda step: step.phase == "BETTING", shots="Pai Gow" if shots else "",
            each_step=each_step, seen=seen)
    place_wagers(station, wagers)
    step = step_of(station.look())
    while "BANK DECLINED" in step.actions:
        step = press_and_follow(station, "BANK DECLINED")
    return step


def play_pai_gow(station: Station, wagers: dict[int, int], *, shots: bool = True,
                 each_step: Callable[[Step], None] | None = None) -> list[str]:
    """One Pai Gow Poker round from START ROUND to the next round as the screen asks:
    SHUFFLED, the wagers tapped in on the felt, NO MORE BETS, RUN THE RNG, DISPENSE each of
    the seven stacks from the shoe, ALL HAVE SET, the dealer's hand by the house way, each
    player's hands exposed in turn (HOUSE WAY), every payment ticked with Space, ALL PAID.
    Returns the steps in the order the screen showed them."""
    seen: list[str] = []
    open_pai_gow_round(station, wagers, shots=shots, each_step=each_step, seen=seen)
    if shots:
        station.shot("wagers", f"Pai Gow · the wagers entered at positions "
                               f"{', '.join(map(str, wagers))}")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    play_on(station, step, shots="Pai Gow" if shots else "", each_step=each_step, seen=seen)
    return seen


def play_let_it_ride(station: Station, wagers: dict[int, int], *,
                     take_back: int | None = None, bonus: tuple[int, ...] = (),
                     shots: bool = True, each_step: Callable[[Step], None] | None = None,
                     ) -> list[str]:
    """One Let It Ride round from START ROUND to the next round (:func:`start_let_it_ride`,
    NO MORE BETS · LOCKOUT, then :func:`play_on`). Returns the steps in the order the screen
    showed them."""
    seen: list[str] = []
    step = start_let_it_ride(station, wagers, bonus=bonus, shots=shots)
    if each_step is not None:
        each_step(step)
    seen.append(step.phase)
    if shots:
        station.shot("betting", f"Let It Ride · Betting: {step.instruction}")
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    play_on(station, step, take_back=take_back, shots="Let It Ride" if shots else "",
            each_step=each_step, seen=seen)
    return seen
