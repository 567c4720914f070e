"""View-models of the dealer's screen: frozen, Qt-free pictures of what the screen shows.

The adapters (:mod:`dealer_station.ui.adapters`) build them from a round, the station and the
devices; the widgets only draw them. A card the procedure has not exposed is carried as ``None``
(face down), so a widget cannot show a hole card early even by mistake: it never receives it.

>>> from dealer_station.procedure import Step
>>> view = step_view(Step("bet_one", "Ask position 2", actions=("let_it_ride", "take_back"),
...                       positions=(2, 3, 5)))
>>> [(a.label, a.key, a.primary) for a in view.actions]
[('LET IT RIDE', 'R', True), ('TAKE BACK', 'T', False)]
>>> view.order_text
'Order: 2 → 3 → 5'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from dealer_station.cards import Card
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import Payment, Record, Step

__all__ = [
    "ACTION_LABELS",
    "DEVICE_NAMES",
    "ActionView",
    "DeviceHealth",
    "FormField",
    "HealthState",
    "Light",
    "PaymentLine",
    "SeatView",
    "StepView",
    "TableView",
    "WagerView",
    "action_label",
    "describe_record",
    "headline",
    "health_summary",
    "in_device_order",
    "payment_lines",
    "short_detail",
    "step_view",
]


#: Device keys → the words the dealer reads.
DEVICE_NAMES = {
    "shoe": "Shoe",
    "acceptors": "Acceptor lights",
    "lockout": "Lockout controller",
    "journal": "Journal",
}


def in_device_order(items: Iterable[DeviceHealth]) -> tuple[DeviceHealth, ...]:
    """The devices in the top bar's fixed order (shoe, acceptor lights, lockout controller, as
    the dealer's guide lists them; others after): they came in the order they first reported,
    so the dots changed places from one start to the next.

    >>> names = ("lockout", "journal", "shoe", "acceptors")
    >>> [h.name for h in in_device_order(DeviceHealth(n, HealthState.CONNECTED) for n in names)]
    ['shoe', 'acceptors', 'lockout', 'journal']
    """
    rank = {name: index for index, name in enumerate(DEVICE_NAMES)}
    return tuple(sorted(items, key=lambda item: rank.get(item.name, len(rank))))


class Light(Enum):
    """A bet acceptor light as the felt shows it: what the round will settle there."""

    OFF = "off"
    ON = "on"
    FLASHING = "flashing"
    ATTRACT = "attract"
    LATE = "late"  # a chip sensed after the lockout: reported, not recognised
    RETURN = "return"  # a chip sensed where no base wager is: returned at the lockout


class HealthState(Enum):
    """A device link's health, as the strip along the top shows it."""

    CONNECTED = "connected"
    #: Opening the line for the first time (the station starting).
    CONNECTING = "connecting"
    #: It stopped answering (the station keeps calling it, and carries on when it answers).
    NOT_ANSWERING = "not answering"
    FAULT = "fault"
    OFFLINE = "offline"
    NOT_CONFIGURED = "not configured"


@dataclass(frozen=True, slots=True)
class WagerView:
    """One betting area of a position: its name in the regulation's words, amount and state
    (``placed``, ``riding``, ``withdrawn``, ``won``, ``lost``, ``push``, ``unrecognised``)."""

    area: str
    amount: Cents
    state: str = "placed"

    @property
    def label(self) -> str:
        """The caption under the chip: the area's word; the RNG side wager's chips by their
        number ("RNG 3", 5324.41(j)(2)(ii)).

        >>> WagerView("rng_3", 500).label, WagerView("three_card_bonus", 500).label
        ('RNG 3', '3-card')
        """
        number = self.area.removeprefix("rng_")
        if self.area.startswith("rng_") and number.isdigit():
            return f"RNG {number}"
        return WAGER_LABELS.get(self.area, self.area.replace("_", " "))


WAGER_LABELS: dict[str, str] = {
    "bet_one": "1",
    "bet_two": "2",
    "bet_three": "$",
    "bonus": "bonus",
    "let_it_ride_bonus": "bonus",
    "three_card_bonus": "3-card",
    "pai_gow": "wager",
    "progressive": "prog",
    "fortune": "fortune",
    "fortune_bonus": "fortune",
    "envy": "envy",
    "insurance": "insur.",
    "seven_card_bonus": "7-card",
    "imperial": "imperial",
    "imperial_bonus": "imperial",
    "rng": "RNG",
    "bank": "bank",
}


@dataclass(frozen=True, slots=True)
class SeatView:
    """A betting position (or the dealer / bank) as the felt shows it.

    ``cards`` are in dealt order, ``None`` for a face-down card; ``low_cards`` holds the two cards
    of a Pai Gow low hand once the hand is set (then ``cards`` is the high hand). ``order`` is the
    place of this seat in the current step's order: 0 the one being asked, 1 the next, 2+ later.
    """

    key: str
    title: str
    wagers: tuple[WagerView, ...] = ()
    light: Light = Light.OFF
    cards: tuple[Card | None, ...] = ()
    low_cards: tuple[Card | None, ...] = ()
    decision: str = ""
    result: str = ""
    order: int | None = None
    foul: bool = False
    active: bool = True
    is_dealer: bool = False

    @property
    def total_wagered(self) -> Cents:
        return sum(w.amount for w in self.wagers)


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the felt shows: the seats in number order (dealer last), the community cards or
    dealer's hand, the progressive meter and the bonus-wager lockout."""

    game: str
    title: str
    seats: tuple[SeatView, ...]
    community: tuple[Card | None, ...] = ()
    community_label: str = ""
    community_note: str = ""
    meter: Cents | None = None
    #: Beside the meter: "LINKED" (a floor's pool), "1 PENDING" (a hit awaiting validation).
    meter_note: str = ""
    lockout: bool | None = None
    lockout_note: str = ""
    #: What the next round's betting waits for between rounds ("3 payments to tick"): the
    #: felt then says NO BETS with it, never BETS OPEN, while the last round's money is not
    #: settled ("" when nothing waits).
    betting_waits: str = ""
    round_label: str = ""

    def seat(self, key: str | int) -> SeatView:
        """The seat for position ``key`` (``3``, ``"3"``, ``"dealer"``)."""
        for s in self.seats:
            if s.key == str(key):
                return s
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class ActionView:
    """A button of the step panel: the round action it performs, its label and key."""

    name: str
    label: str
    key: str
    primary: bool = False
    enabled: bool = True
    #: A way out of a device fault (a redeal after a jam): not disabled by the fault it answers.
    recovery: bool = False
    #: The button enters what the lower panel holds (the low hand picked), as the panel would.
    submits_entry: bool = False


#: Known action names → (button label, keyboard key). Unknown actions get their name in capitals
#: and the first free letter.
ACTION_LABELS: dict[str, tuple[str, str]] = {
    "let_it_ride": ("LET IT RIDE", "R"),
    "ride": ("LET IT RIDE", "R"),
    "take_back": ("TAKE BACK", "T"),
    "withdraw": ("TAKE BACK", "T"),
    "no_more_bets": ("NO MORE BETS · LOCKOUT", "L"),
    "lockout": ("LOCKOUT", "L"),
    "deal": ("DEAL", "D"),
    "dispense": ("DISPENSE", "D"),
    "confirm": ("CONFIRM", "C"),
    "next": ("NEXT", "N"),
    "pay": ("PAID", "P"),
    "settle": ("SETTLE", "S"),
    "complete": ("ROUND DONE", "N"),
    "new_round": ("NEW ROUND", "N"),
    "surrender": ("SURRENDER", "U"),
    "house_way": ("HOUSE WAY", "H"),
    "set_hand": ("SET HAND", "S"),
    "expose": ("EXPOSE", "E"),
    "reject": ("REJECT", "X"),
    "approve": ("APPROVE", "A"),
}


def action_label(name: str) -> tuple[str, str]:
    """The button label and key for an action name.

    >>> action_label("turn_community_card")
    ('TURN COMMUNITY CARD', 'T')
    """
    if name in ACTION_LABELS:
        return ACTION_LABELS[name]
    return name.replace("_", " ").upper(), name[:1].upper()


@dataclass(frozen=True, slots=True)
class StepView:
    """The step panel's content for the current :class:`~dealer_station.procedure.Step`."""

    phase: str
    phase_label: str
    instruction: str
    actions: tuple[ActionView, ...]
    positions: tuple[int | str, ...]
    order_text: str
    next_text: str
    clause: str | None
    expects: str
    blocked: str | None = None
    notes: tuple[str, ...] = ()
    #: The step panel's PROBLEM menu: dealer-initiated errors, out of the primary action's way.
    problems: tuple[ActionView, ...] = ()

    @property
    def primary(self) -> ActionView | None:
        return next((a for a in self.actions if a.primary), None)


def headline(instruction: str, limit: int = 150) -> str:
    """The instruction as the panel shows it large: a long list after a colon ("Pay the winning
    wagers ...: position 6 bet one $15.00 wins $45.00; ...") is left to the payment panel.

    >>> headline("Ask position 2: withdraw bet one or let it ride?")
    'Ask position 2: withdraw bet one or let it ride?'
    >>> headline("Pay the winning wagers from your far right: " + "position 6 wins; " * 20)
    'Pay the winning wagers from your far right, in the order listed below.'
    >>> headline("Take wagers: three equal wagers at each position; a bonus only with those "
    ...          "three. Then announce 'No more bets'." + " " * 120)[:11]
    'Take wagers'
    """
    if len(instruction) <= limit or ": " not in instruction:
        return instruction
    if instruction.split(": ", 1)[1].count("; ") < 3:  # prose, not a list of payments
        return instruction.strip()
    return instruction.split(": ", 1)[0] + ", in the order listed below."


def order_text(positions: Sequence[int | str], done: Iterable[int | str] = (),
               names: Mapping[str, str] | None = None) -> str:
    """``Order: 1 ✓ → 2 → 3`` for the positions of a step, ticking those already done;
    ``names`` replace a position's number (the dealer's position is "dealer").

    >>> order_text([1, 2, 3], done=[1])
    'Order: 1 ✓ → 2 → 3'
    >>> order_text([6, 7, 1], names={"7": "dealer"})
    'Order: 6 → dealer → 1'
    >>> order_text([])
    ''
    """
    if not positions:
        return ""
    finished = {str(p) for p in done}
    named = names or {}
    parts = [named.get(str(p), str(p)) + (" ✓" if str(p) in finished else "")
             for p in positions]
    return "Order: " + " → ".join(parts)


def step_view(
    step: Step,
    *,
    enabled: Mapping[str, bool] | None = None,
    buttons: Sequence[ActionView] | None = None,
    done: Iterable[int | str] = (),
    blocked: str | None = None,
    notes: Sequence[str] = (),
    problems: Sequence[ActionView] = (),
) -> StepView:
    """Adapt a round's :class:`Step` to the panel: the first action is the primary one, every
    action gets a distinct keyboard key, ``enabled`` (from the round's ``can_…`` queries) greys out
    what is not allowed now and ``blocked`` (a device fault that matters) disables them all.
    ``buttons`` (from the game adapter) replace the step's raw action names."""
    keys_used: set[str] = set()
    actions = []
    if buttons is not None:
        actions = [replace(b, enabled=b.enabled and (b.recovery or not blocked))
                   for b in buttons]
    for index, name in enumerate(step.actions if buttons is None else ()):
        label, key = action_label(name)
        if key in keys_used:
            free = (c for c in label.replace(" ", "") if c.isalpha() and c not in keys_used)
            key = next(free, "")
        keys_used.add(key)
        allowed_now = True if enabled is None else enabled.get(name, True)
        actions.append(
            ActionView(name, label, key, primary=index == 0, enabled=allowed_now and not blocked)
        )
    return StepView(
        phase=step.phase,
        phase_label=step.phase.replace("_", " ").upper(),
        instruction=headline(step.instruction),
        actions=tuple(actions),
        positions=tuple(step.positions),
        order_text=order_text(step.positions, done),
        next_text=f"Next: {step.next_instruction}" if step.next_instruction else "",
        clause=step.clause,
        expects=step.expects,
        blocked=blocked,
        notes=tuple(notes),
        problems=tuple(problems),
    )


@dataclass(frozen=True, slots=True)
class FormField:
    """One input of a form the dealer fills in (an exposed card, a reason, a count, the dice):
    ``kind`` is ``card`` (one card), ``choice`` (one of ``choices``), ``multi`` (any of
    ``choices``), ``text``, ``number`` (``minimum``-``maximum``) or ``dice`` (three dice, each
    1-6). ``choices`` are (value, label) pairs.

    >>> FormField("number", "chips", "Chips counted", minimum=0, maximum=6).kind
    'number'
    """

    kind: str
    name: str
    label: str
    choices: tuple[tuple[str, str], ...] = ()
    minimum: int = 0
    maximum: int = 0
    default: int = 0


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One line of the payment panel, in the regulated order."""

    order: int
    verb: str
    position: str
    description: str
    amount: str
    vigorish: str
    cents: Cents
    clause: str | None


_VERBS = {"collect": "COLLECT", "pay": "PAY", "push": "PUSH", "return": "RETURN"}


#: How a Pai Gow winning line's note begins: the line's vigorish says it already.
_PAID_LESS = "paid 1:1 less "


def _describe(payment: Payment) -> str:
    words = payment.wager.replace("_", " ").replace("rng ", "RNG ")
    if payment.hand:
        words += f": {payment.hand.replace('_', ' ')}"
    note = payment.note
    if payment.vigorish and note.startswith(_PAID_LESS):
        note = note.partition("; ")[2]  # the amount handed over says it, once
    if note:
        words += f" · {note}"
    return words


def payment_lines(payments: Iterable[Payment]) -> tuple[PaymentLine, ...]:
    """The settlement as the dealer reads it: verb, position, what and how much, with vigorish.

    >>> p = Payment(order=1, position=3, wager="pai_gow", outcome="pay", stake=2500,
    ...             amount=2500, vigorish=125)
    >>> line = payment_lines([p])[0]
    >>> (line.verb, line.position, line.amount, line.vigorish)
    ('PAY', 'pos 3', '$23.75', '$25.00 won less $1.25 vigorish')

    A winning line with vigorish shows what the dealer hands over: the amount won less the
    vigorish (5324.41(g)(8)); the record keeps both.
    """
    lines = []
    for p in sorted(payments, key=lambda p: p.order):
        shown = p.amount if p.outcome == "pay" else p.stake
        vigorish = ""
        if p.vigorish and p.outcome == "pay":
            vigorish = f"{format_cents(p.amount)} won less {format_cents(p.vigorish)} vigorish"
            shown = p.amount - p.vigorish
        elif p.vigorish:
            vigorish = f"vig {format_cents(p.vigorish)}"
        position = f"pos {p.position}" if isinstance(p.position, int) else str(p.position)
        lines.append(
            PaymentLine(
                order=p.order,
                verb=_VERBS.get(p.outcome, p.outcome.upper()),
                position=position,
                description=_describe(p),
                amount=format_cents(shown),
                vigorish=vigorish,
                cents=shown,
                clause=p.clause,
            )
        )
    return tuple(lines)


def describe_record(record: Record) -> str:
    """One journal record in words for the screen, never naming a card (a record of a dealt
    stack holds the hole cards the shoe read).

    >>> describe_record(Record(4, "decide_bet_one", {"position": 2, "let_it_ride": True}))
    '4. decide bet one · position 2 · let it ride'
    >>> describe_record(Record(5, "receive_stack", {"cards": ["As", "Kd", "Qh"]}, {"to": 3}))
    '5. receive stack · to 3'
    >>> describe_record(Record(2, "player_sits", {"position": 4, "player": None}, {"player": 7}))
    '2. player sits · position 4 · player 7'
    >>> describe_record(Record(3, "place_rng_wager", {"position": 2, "number": 5, "amount": 500}))
    '3. place rng wager · position 2 · on 5 · $5.00'
    >>> describe_record(Record(1, "shuffler_report", {"cards": 52}, {"deck_removed": True}))
    '1. shuffler report · 52 cards · deck removed'
    """
    parts = [f"{record.sequence}. {record.action.replace('_', ' ')}"]
    if "position" in record.arguments:
        parts.append(f"position {record.arguments['position']}")
    elif "to" in record.effects:
        parts.append(f"to {record.effects['to']}")
    if record.arguments.get("let_it_ride") is True:
        parts.append("let it ride")
    elif record.arguments.get("let_it_ride") is False:
        parts.append("taken back")
    for key in ("bet_one", "amount"):
        if isinstance(record.arguments.get(key), int):
            parts.append(format_cents(record.arguments[key]))
            break
    if isinstance(record.arguments.get("to"), int):
        parts.append(f"to position {record.arguments['to']}")
    if isinstance(record.effects.get("player"), int):  # who sat down, left or moved
        parts.append(f"player {record.effects['player']}")
    if isinstance(record.arguments.get("number"), int) and "amount" in record.arguments:
        parts.insert(2, f"on {record.arguments['number']}")  # an RNG side wager's number
    for key in ("counted", "cards"):  # a count of the stub or deck, the dealer's or shuffler's
        if isinstance(record.arguments.get(key), int):
            parts.append(f"{record.arguments[key]} cards")
            if record.effects.get("deck_removed") is True:
                parts.append("deck removed")
    return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class DeviceHealth:
    """One device link as the health strip shows it."""

    name: str
    state: HealthState
    #: The technical detail, for the technician and the log (never the dealer's words: see
    #: :mod:`dealer_station.ui.device_words`).
    detail: str = ""
    label: str = ""
    simulated: bool = False
    #: The faults the device reports ("jam"), in the words of the protocol's fault codes.
    faults: tuple[str, ...] = ()
    #: A device of several seats (the acceptor lights): how many, and those not answering.
    seats: int = 0
    seats_away: tuple[int, ...] = ()

    @property
    def title(self) -> str:
        """What the strip shows: the label, or the name."""
        return self.label or self.name


def health_summary(items: Iterable[DeviceHealth]) -> str:
    """One line for logs and tests: ``shoe: connected · lockout: fault (jam)``.

    >>> health_summary([DeviceHealth("shoe", HealthState.CONNECTED),
    ...                 DeviceHealth("lockout", HealthState.FAULT, "jam")])
    'shoe: connected · lockout: fault (jam)'
    """
    parts = []
    for item in items:
        text = f"{item.title}: {item.state.value}"
        if item.detail:
            text += f" ({item.detail})"
        parts.append(text)
    return " · ".join(parts)


#: The most characters of a device's detail quoted inside a sentence (the step panel's stop
#: message): the whole detail is in the top bar's tooltip and tap box.
DETAIL_CHARACTERS = 48


def short_detail(detail: str, limit: int = DETAIL_CHARACTERS) -> str:
    """A device's detail for a sentence: whole when short, else cut at a word with ….

    >>> short_detail("jam")
    'jam'
    >>> short_detail("/dev/pts/0: device reports readiness to read but returned no data")
    '/dev/pts/0: device reports readiness to read…'
    """
    words = " ".join(detail.split())
    if len(words) <= limit:
        return words
    cut = words[:limit].rsplit(" ", 1)[0] if " " in words[:limit] else words[:limit]
    return cut.rstrip(" ,;:(") + "…"
