"""Round history and dispute reconstruction for the supervisor (Qt-free view-models).

Rounds are found by time (the start time, as UTC text: ``2026-11-29T15:00`` or any prefix) and
by betting position. A round shows every hand as dealt, the cards in the order they were dealt
and collected, every decision and payment, and every action record; the settlement is re-run
from the stored document by the game's own ``settle_document`` (which replays the records on a
fresh round), and any difference from what was paid is listed.

>>> payment_words({"order": 2, "position": 3, "wager": "bet_one", "outcome": "pay",
...                "stake": 500, "amount": 500, "vigorish": 0})
'2. position 3 · bet one · pay · stake $5.00 · amount $5.00'
>>> normalise_time(" 2026-11-29 15:00 ")
'2026-11-29T15:00'
>>> filters_problem("2026-11-29 15", "", "3") is None
True
>>> filters_problem("yesterday", "", "")
"From: a UTC time as 2026-11-29 15:00 (or the date alone, or the hour), not 'yesterday'."
>>> filters_problem("", "", "abc")
"Position: a betting position's number, not 'abc'."
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dealer_station.commands.history import collected_lines, dealt_and_collected
from dealer_station.commands.settle import settler_for
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.money import format_cents
from dealer_station.plural import counted
from dealer_station.procedure import Record
from dealer_station.store import journal
from dealer_station.store.round_dealers import dealers_of_round, dealers_words

__all__ = [
    "SHOWN",
    "Reconstruction",
    "RoundDetail",
    "RoundRow",
    "filters_problem",
    "find_rounds",
    "found_words",
    "normalise_time",
    "payment_words",
    "reconstruct",
    "round_detail",
]


@dataclass(frozen=True, slots=True)
class RoundRow:
    """One line of the round list."""

    id: int
    game: str
    status: str
    dealer: str
    started: str
    positions: tuple[str, ...]
    void_reason: str

    @property
    def words(self) -> str:
        """The round in the list ("position 3" for one position, "positions 2, 6" for more).

        >>> print(RoundRow(7, "pai_gow", "open", "D-1", "2026-12-01T03:49:27", (), "").words)
        Round 7 · 2026-12-01 03:49:27
        open · dealer D-1 · positions listed once it ends
        >>> RoundRow(4, "let_it_ride", "void", "D7", "2026-12-01T03:51:45Z", ("3",),
        ...          "card flashed").words.splitlines()[1]
        'void · dealer D7 · position 3 · VOID: card flashed'
        """
        # a round still open has no positions indexed yet: "-" read as "no wager at all"
        where = ", ".join(self.positions) or ("listed once it ends" if self.status == "open"
                                              else "-")
        void = f" · VOID: {self.void_reason}" if self.void_reason else ""
        label = "position" if len(self.positions) == 1 else "positions"
        return (f"Round {self.id} · {self.started[:19].replace('T', ' ')}\n{self.status} · "
                f"dealer {self.dealer} · {label} {where}{void}")


@dataclass(frozen=True, slots=True)
class Reconstruction:
    """The settlement re-run from the records: whether it matches what was paid, the
    recomputed payments and the differences, or why it could not be re-run."""

    matches: bool
    payments: tuple[str, ...]
    differences: tuple[str, ...]
    error: str = ""

    @property
    def verdict(self) -> str:
        if self.error:
            return f"Could not re-run the settlement: {self.error}"
        if self.matches:
            return "Re-run settlement matches every payment made."
        return f"{counted(len(self.differences), 'difference')} from what was paid."


@dataclass(frozen=True, slots=True)
class RoundDetail:
    """Everything shown about one round."""

    row: RoundRow
    hands: tuple[tuple[str, str], ...]
    dealt: str
    collected: str
    decisions: tuple[str, ...]
    payments: tuple[str, ...]
    records: tuple[str, ...]
    document: Mapping[str, Any] | None
    #: Each interrupted deal (a redeal): why, and what was dealt before it, stack by stack.
    interrupted: tuple[str, ...] = ()


def normalise_time(text: str) -> str:
    """A time typed by the supervisor as the journal writes it (``T`` between date and time)."""
    return text.strip().replace(" ", "T")


#: A time the journal's start times begin with: the year, then as much of the date and time
#: as the supervisor typed (``2026``, ``2026-11-29``, ``2026-11-29 15``, ``2026-11-29T15:00``).
_TIME_PREFIX = re.compile(r"\d{4}(-\d\d(-\d\d([ T]\d\d(:\d\d(:\d\d)?)?)?)?)?")


def filters_problem(since: str, until: str, position: str) -> str | None:
    """The one line saying what is wrong with the filters typed, or ``None``: a time the
    journal's times cannot begin with, or a position that is not a number, matched nothing
    and the page said "No round matches." — as if no round had been played."""
    for name, text in (("From", since), ("To", until)):
        if text.strip() and _TIME_PREFIX.fullmatch(text.strip()) is None:
            return (f"{name}: a UTC time as 2026-11-29 15:00 (or the date alone, or the hour), "
                    f"not {text.strip()!r}.")
    if position.strip() and not position.strip().isdigit():
        return f"Position: a betting position's number, not {position.strip()!r}."
    return None


def _document(summary: journal.RoundSummary) -> Mapping[str, Any] | None:
    document = summary.document
    if isinstance(document, Mapping) and isinstance(document.get("round"), Mapping):
        inner: Mapping[str, Any] = document["round"]  # a round the station voided keeps it
        return inner
    return document


def _row(summary: journal.RoundSummary, dealers: str = "") -> RoundRow:
    """The round's line; ``dealers``: every dealer of it, with their parts (a detail shows
    them), else the dealer of record."""
    return RoundRow(summary.id, summary.game, summary.status,
                    dealers or summary.dealer or "-", summary.started,
                    journal.positions_of(summary.document), summary.void_reason or "")


#: The rounds a search lists, newest first (older ones that match too are said, not listed: a
#: table's whole history is never held on the screen).
SHOWN = 500


def found_words(count: int, more: bool) -> str:
    """What the History page says under the rounds a search listed (``more``: older rounds
    match too, not listed).

    >>> found_words(3, False)
    '3 rounds found.'
    >>> found_words(500, True)[:54]
    'The 500 newest rounds that match are listed; older one'
    """
    if more:
        return (f"The {count} newest rounds that match are listed; older ones match too: "
                "narrow the search (from, to, position) to list them.")
    return f"{counted(count, 'round')} found." if count else "No round matches."


def find_rounds(store: Any, *, since: str = "", until: str = "", position: str = "",
                limit: int = SHOWN) -> list[RoundRow]:
    """Rounds started at or after ``since`` and before ``until`` (time prefixes) with a wager at
    ``position``, newest first (through the journal's indexes: :func:`journal.find`)."""
    return [RoundRow(row.id, row.game, row.status, row.dealer or "-", row.started,
                     row.positions, row.void_reason or "")
            for row in journal.find(store, since=normalise_time(since),
                                    until=normalise_time(until), position=position.strip(),
                                    limit=limit)]


def payment_words(payment: Mapping[str, Any]) -> str:
    """One payment as the supervisor reads it."""
    parts = [f"{payment.get('order')}. position {payment.get('position')}",
             str(payment.get("wager", "")).replace("_", " "), str(payment.get("outcome", "")),
             f"stake {format_cents(int(payment.get('stake') or 0))}"]
    if payment.get("amount"):
        parts.append(f"amount {format_cents(int(payment['amount']))}")
    if payment.get("vigorish"):
        parts.append(f"vigorish {format_cents(int(payment['vigorish']))}")
    return " · ".join(parts)


def _cards_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence):
        return " ".join(str(c) if c else "--" for c in value)
    if isinstance(value, Mapping):
        return " ".join(f"{k}: {_cards_text(v)}" for k, v in value.items()
                        if v is not None and v is not False)
    return "-" if value is None else str(value)


def _hands(document: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    cards = (document or {}).get("cards")
    if not isinstance(cards, Mapping):
        return []
    hands: list[tuple[str, str]] = []
    nested = isinstance(cards.get("positions"), Mapping)
    dealer = None
    if (document or {}).get("game") == "pai_gow":  # the dealer's hand is the seventh
        dealer = str(DEALER)
    for key, value in (cards["positions"] if nested else cards).items():
        if str(key) == dealer:
            where = f"Dealer ({key})"
        else:
            where = f"Position {key}" if str(key).isdigit() else str(key).capitalize()
        hands.append((where, _cards_text(value)))
    if nested and "community" in cards:
        hands.append(("Community", _cards_text(cards["community"])))
    for key in ("dealer_hand", "bank_hand"):
        hand = (document or {}).get(key)
        if isinstance(hand, Mapping):
            hands.append((key.replace("_", " ").capitalize(), _cards_text(hand)))
    return hands


def _decisions(document: Mapping[str, Any] | None) -> list[str]:
    lines = []
    for key in ("decisions", "settings"):
        found = (document or {}).get(key)
        if isinstance(found, Mapping):
            for position, decision in found.items():
                words = (", ".join(f"{k.replace('_', ' ')}: "
                                   f"{_cards_text(v).replace('_', ' ')}"
                                   for k, v in decision.items()
                                   if v is not None and v is not False)
                         if isinstance(decision, Mapping) else _cards_text(decision))
                lines.append(f"Position {position} · {words}")
    return lines


def record_words(record: Record) -> str:
    """A journal record in full, cards included (the supervisor reconstructs disputes).

    >>> record_words(Record(5, "receive_stack", {"cards": ["As", "Kd", "Qh"]}, {"to": 3}))
    '5. receive stack cards=["As", "Kd", "Qh"] -> to=3'
    """
    arguments = " ".join(f"{k}={json.dumps(v)}" for k, v in record.arguments.items())
    effects = " ".join(f"{k}={json.dumps(v)}" for k, v in record.effects.items())
    clause = f" [{record.clause}]" if record.clause else ""
    return (f"{record.sequence}. {record.action.replace('_', ' ')}{clause} {arguments}".rstrip()
            + (f" -> {effects}" if effects else ""))


def interrupted_deals(records: Sequence[Record]) -> list[str]:
    """Each deal interrupted in the round (a redeal record): why, and the stacks dealt before it
    (the hand each went to and the cards the shoe read), collected unseen.

    >>> for line in interrupted_deals([Record(4, "redeal", {"reason": "a jam", "stacks": 2,
    ...         "dealt": [["As"], ["Kd"]]}, {"collected_unseen_stacks": 2, "stacks_out": [
    ...         {"hand": "position 3", "cards": ["As"]}, {"hand": "dealer", "cards": ["Kd"]}]})]):
    ...     print(line)
    Record 4 · deal interrupted: a jam; 2 stacks dealt before it, collected unseen, the deck
    reshuffled
      position 3: As
      dealer: Kd
    """
    lines: list[str] = []
    for record in records:
        if record.action != "redeal":
            continue
        stacks = int(record.arguments.get("stacks") or 0)
        out = record.effects.get("stacks_out")
        lines.append(f"Record {record.sequence} · deal interrupted: "
                     f"{record.arguments.get('reason')}; {counted(stacks, 'stack')} dealt before "
                     "it, collected unseen, the deck reshuffled")
        if isinstance(out, list):
            lines += [f"  {each.get('hand')}: {_cards_text(each.get('cards'))}"
                      for each in out if isinstance(each, Mapping)]
        elif stacks:
            lines.append("  which hands and cards: not recorded (the station restarted "
                         "mid-deal, or a record of an earlier version)")
    return lines


#: What stands for the cards of a round still open (the screen is at the table: its hands are
#: the players' and the dealer's hole cards until the procedure exposes them).
HIDDEN = "shown once the round has ended (its cards are in play)"


def open_round_detail(summary: journal.RoundSummary, records: Sequence[Record],
                      dealers: str = "") -> RoundDetail:
    """A round still open as the supervisor's screen shows it: its actions in order, never a
    card (the page showed every hand and the deck order of a live round, the dealer's hand
    before it was turned over); the interrupted deals say why and how many stacks, not which
    cards."""
    interrupted = tuple(line for line in interrupted_deals(records) if not line.startswith("  "))
    return RoundDetail(
        row=_row(summary, dealers), hands=(), dealt=HIDDEN, collected=HIDDEN, decisions=(),
        payments=(),
        records=tuple(f"{r.sequence}. {r.action.replace('_', ' ')}" for r in records),
        document=None, interrupted=interrupted)


def round_detail(store: Any, round_id: int) -> RoundDetail:
    """The round ``round_id`` as the supervisor's screen shows it (a round still open: no card,
    :func:`open_round_detail`)."""
    summary = journal.round_summary(store, round_id)
    records = journal.round_records(store, round_id)
    dealers = dealers_words(dealers_of_round(store, round_id))
    if summary.status == "open":
        return open_round_detail(summary, records, dealers)
    document = _document(summary)
    dealt, _ = dealt_and_collected(records)
    collected = collected_lines(summary.game, records, document)
    payments = (document or {}).get("payments") or []
    return RoundDetail(
        row=_row(summary, dealers),
        hands=tuple(_hands(document)),
        dealt=" ".join(dealt) or "-",
        collected="\n".join(collected) or "-",
        decisions=tuple(_decisions(document)),
        payments=tuple(payment_words(p) for p in payments),
        records=tuple(record_words(r) for r in records),
        document=document,
        interrupted=tuple(interrupted_deals(records)),
    )


def _difference_words(difference: Mapping[str, Any]) -> str:
    if "words" in difference:  # a sensed chip the round's payments never settled
        return str(difference["words"]).capitalize()
    mine, theirs = difference.get("recomputed"), difference.get("document")
    paid = payment_words(theirs) if isinstance(theirs, Mapping) else "nothing"
    due = payment_words(mine) if isinstance(mine, Mapping) else "nothing"
    return f"Payment {difference.get('order')}: paid {paid} — re-run gives {due}"


def reconstruct(detail: RoundDetail) -> Reconstruction:
    """Re-run the settlement of the round with its game's ``settle_document``."""
    document = detail.document
    if not isinstance(document, Mapping) or "records" not in document:
        return Reconstruction(False, (), (), "the round has no stored document (still open, "
                                             "or voided before it could describe itself)")
    try:
        result = settler_for(document.get("game"))(document)
    except (ValueError, KeyError, TypeError) as error:
        return Reconstruction(False, (), (), str(error))
    return Reconstruction(
        matches=bool(result.get("matches")),
        payments=tuple(payment_words(p) for p in result.get("payments", [])),
        differences=tuple(_difference_words(d) for d in result.get("differences", [])),
    )
