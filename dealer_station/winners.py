"""The winner's identification on a jackpot that reaches the table's reporting threshold.

A casino files the identification of the winner of a payout that reaches the reporting
threshold of other gambling winnings: the amount paid reaches ``report_winnings_at`` (cents,
shipped $600) AND at least ``report_winnings_times`` (shipped 300) times the wager
(docs/rules-interpretation.md, "The winner's identification"). Such a payout is approved only
with the winner's name, ID type, ID number and address entered on the supervisor's validation
page; the station keeps them in the ``jackpot_winners`` table, in the approval's own
transaction, and never in the audit log's text, the logs or an export (docs/security.md).

>>> reportable(60_000, 100, at=60_000, times=300), reportable(59_999, 100, at=60_000, times=300)
(True, False)
>>> reportable(89_999, 300, at=60_000, times=300), reportable(90_000, 300, at=60_000, times=300)
(False, True)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station.money import Cents, format_cents
from dealer_station.procedure import ProcedureError
from dealer_station.store.database import Store, Transaction

__all__ = ["CLAUSE", "ID_TYPES", "REPORT_AT", "REPORT_TIMES", "WinnerIdentification",
           "identification_refusal", "record_winner", "reportable", "threshold_of",
           "threshold_words", "winner_of", "winners_words"]

#: Where the rule is read (docs/rules-interpretation.md): a casino's own reporting duty, not a
#: clause of the game's rules.
CLAUSE = "reporting threshold"
#: The shipped threshold: $600 ...
REPORT_AT: Cents = 60_000
#: ... and at least 300 times the wager.
REPORT_TIMES = 300
#: The kinds of identification the page offers (value, words).
ID_TYPES: tuple[tuple[str, str], ...] = (
    ("drivers_license", "driver's license"),
    ("state_id", "state ID"),
    ("passport", "passport"),
    ("military_id", "military ID"),
    ("other_id", "other ID"),
)
_LONGEST = {"name": 120, "id_number": 40, "address": 240}


def reportable(amount: Cents, wager: Cents, *, at: Cents, times: int) -> bool:
    """Whether a payout of ``amount`` on a wager of ``wager`` reaches the threshold: at least
    ``at`` and at least ``times`` times the wager (both; ``times`` 0: the amount alone)."""
    return amount >= at and amount >= times * wager


def threshold_of(settings: Mapping[str, Any]) -> tuple[Cents, int]:
    """(``report_winnings_at``, ``report_winnings_times``) of the station's settings."""
    return (int(settings.get("report_winnings_at", REPORT_AT)),
            int(settings.get("report_winnings_times", REPORT_TIMES)))


def threshold_words(at: Cents, times: int) -> str:
    """The rule in words.

    >>> threshold_words(60_000, 300)
    '$600.00 and at least 300 times the wager'
    >>> threshold_words(120_000, 0)
    '$1,200.00'
    """
    return format_cents(at) + (f" and at least {times} times the wager" if times else "")


@dataclass(frozen=True, slots=True)
class WinnerIdentification:
    """The winner's identification as the supervisor entered it from the ID shown."""

    name: str
    id_type: str
    id_number: str
    address: str

    def cleaned(self) -> WinnerIdentification:
        """The fields without surrounding blanks; refuses a missing or overlong field or an
        unknown ID type with one line.

        >>> WinnerIdentification(" Ana Díaz ", "passport", "X1", "1 Main St").cleaned().name
        'Ana Díaz'
        >>> WinnerIdentification("Ana", "passport", " ", "1 Main St").cleaned()
        Traceback (most recent call last):
        dealer_station.procedure.ProcedureError: the winner's identification needs the ID \
number [reporting threshold]
        """
        for key, text in (("name", self.name), ("id_number", self.id_number),
                          ("address", self.address)):
            if any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in text):
                # a line break would forge lines on the slip
                raise ProcedureError(f"the winner's {_FIELD_WORDS[key]} is one line of text: "
                                     "no line break or other control character", CLAUSE)
        values = {"name": " ".join(self.name.split()), "id_type": self.id_type.strip(),
                  "id_number": self.id_number.strip(),
                  "address": " ".join(self.address.split())}
        for key in ("name", "id_type", "id_number", "address"):
            if not values[key]:
                raise ProcedureError(f"the winner's identification needs the "
                                     f"{_FIELD_WORDS[key]}", CLAUSE)
            longest = _LONGEST.get(key)
            if longest is not None and len(values[key]) > longest:
                raise ProcedureError(f"the winner's {_FIELD_WORDS[key]} is longer than "
                                     f"{longest} characters", CLAUSE)
        if values["id_type"] not in dict(ID_TYPES):
            raise ProcedureError(f"{values['id_type']!r} is no ID type here (one of "
                                 f"{', '.join(w for _v, w in ID_TYPES)})", CLAUSE)
        return WinnerIdentification(**values)

    def rows(self) -> list[tuple[str, str]]:
        """The record's rows (the jackpot record and slip)."""
        return [("Winner", self.name),
                ("ID", f"{dict(ID_TYPES).get(self.id_type, self.id_type)} {self.id_number}"),
                ("Address", self.address)]

    def words(self) -> set[str]:
        """What identifies the winner, to search for (and blank) where it must never be."""
        return {self.name, self.id_number, self.address}


_FIELD_WORDS = {"name": "name", "id_type": "ID type", "id_number": "ID number",
                "address": "address"}


def identification_refusal(amount: Cents, wager: Cents, settings: Mapping[str, Any],
                           winner: WinnerIdentification | None) -> str | None:
    """Why a payout of ``amount`` on ``wager`` is not approved with ``winner`` (``None``: it
    may be): it reaches the threshold of ``settings`` (the station's) and no identification
    was entered."""
    at, times = threshold_of(settings)
    if winner is not None or not reportable(amount, wager, at=at, times=times):
        return None
    return (f"this payout of {format_cents(amount)} reaches the reporting threshold "
            f"({threshold_words(at, times)}): it is approved on the supervisor's screen "
            "(Progressive validation) with the winner's name, ID type, ID number and address")


def record_winner(work: Transaction, jackpot: int, winner: WinnerIdentification, *,
                  entered_by: str, time: str) -> None:
    """Keep ``winner`` for jackpot record ``jackpot``, in the approval's transaction ``work``
    (a state table: its row's digest sealed in the audit log, never its text)."""
    work.execute("INSERT INTO jackpot_winners (jackpot, name, id_type, id_number, address, "
                 "entered_by, time) VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (jackpot, winner.name, winner.id_type, winner.id_number, winner.address,
                  entered_by, time))


def winner_of(source: Store | Transaction, jackpot: int) -> WinnerIdentification | None:
    """The winner's identification kept for jackpot record ``jackpot`` (``None``: none)."""
    row = source.connection.execute(
        "SELECT name, id_type, id_number, address FROM jackpot_winners WHERE jackpot = ?",
        (jackpot,)).fetchone()
    return WinnerIdentification(*(str(value) for value in row)) if row is not None else None


def winners_words(store: Store) -> set[str]:
    """Every kept winner's name, ID number and address (what a diagnostics bundle blanks)."""
    rows = store.query("SELECT name, id_number, address FROM jackpot_winners")
    return {str(value) for row in rows for value in row if value}
