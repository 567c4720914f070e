"""Table configuration for the supervisor (Qt-free view-model).

The configuration is the game's settings mapping (the TOML layout of ``resources/<game>.toml``),
shown as named fields grouped as the supervisor thinks of them: optional wagers, pay tables,
limits, house way. An edit is validated by the game's own configuration (a bad value is refused
with the clause it breaks) before the station stores it; the station takes it only between rounds,
from a supervisor who is not dealing, and records it in the audit trail
(:meth:`dealer_station.station.Station.change_configuration`).

Each pay table's theoretical return comes from :mod:`dealer_station.analysis`: Let It Ride's base
game, let it ride bonus and three-card bonus here (:func:`return_jobs`), computed off the GUI
thread and cached by table; every Pai Gow wager's in :mod:`.pai_gow_returns`, from the seven-card
census the page obtains through :mod:`.census_job` (cached on disk by
:mod:`dealer_station.analysis.cache`).

>>> fields = flatten({"table": {"minimum": "$5.00", "two_positions": True},
...                   "bonus": {"offered": True}})
>>> [(f.key, f.group) for f in fields]  # doctest: +NORMALIZE_WHITESPACE
[('table.minimum', 'Limits'), ('table.two_positions', 'Table'),
 ('bonus.offered', 'Optional wagers')]
>>> unflatten(fields, {"table.minimum": "$10", "bonus.offered": "no"})
{'table': {'minimum': '$10', 'two_positions': True}, 'bonus': {'offered': False}}
"""

from __future__ import annotations

import functools
import threading
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dealer_station.games.let_it_ride.config import config_from_mapping
from dealer_station.procedure import ProcedureError
from dealer_station.resources_path import resource_path
from dealer_station.station import game_factory
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for
from dealer_station.ui.supervisor.calls import StaffContext

__all__ = [
    "GAMES",
    "Field",
    "ReturnLine",
    "apply_configuration",
    "default_settings",
    "field_label",
    "flatten",
    "full_settings",
    "hint",
    "merged",
    "pay_table_returns",
    "refused_keys",
    "return_jobs",
    "unflatten",
    "validate",
]

#: The games a table deals, by the code its configuration names them with, and the words a
#: person reads (the page showed the code words ``let_it_ride`` and ``pai_gow``).
GAMES: Mapping[str, str] = {"let_it_ride": "Let It Ride", "pai_gow": "Pai Gow Poker"}
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Field:
    """One setting: its dotted ``key``, the value as stored, and the group it is shown in."""

    key: str
    value: Any
    group: str

    @property
    def text(self) -> str:
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        if isinstance(self.value, list):
            return ", ".join(str(v) for v in self.value)
        return str(self.value)


def _group(key: str) -> str:
    if "house_way" in key:
        return "House way"
    if ("pay_table" in key or ".odds" in key or key.startswith("base_pay_table")
            or key.endswith(("_letter", "royal_match"))):
        return "Pay tables"
    if "progressive" in key and "minimum" not in key:
        return "Optional wagers"
    if key.endswith("offered") or key.startswith("side_wagers"):
        return "Optional wagers"
    if any(word in key for word in ("minimum", "maximum", "limit")):
        return "Limits"
    return "Table"


#: What a field takes, shown under it on the configuration page (where a value is not obvious).
HINTS: Mapping[str, str] = {
    "table.payout_limit": (
        "payout limit: the most one hand's let it ride wagers can win, at least $50,000 (or 3 × "
        "the minimum × the royal flush odds, if more), or none for no payout limit "
        "(5324.34(f)(2)); the bonus wagers are never limited"
    ),
    "banking.offer_returns_to_dealer": (
        "ticked: the first offer of the bank goes 6, 5, ..., 1, then a round the house banks, "
        "then 6 again (5324.41(h)(3)); not ticked: from 1 straight back to 6"
    ),
    "banking.dealer_wager": (
        "the bank's last wager: the dealer wagers the bank's last wager against the dealer; "
        "approved calculation: the amount of the calculation below, approved by the commission "
        "(5324.41(h)(7)); the bank may direct less or none either way"
    ),
    "banking.dealer_wager_calculation": (
        "with an approved calculation: a multiple of the table minimum (dealer wager multiple "
        "× the table minimum) or a fixed amount (dealer wager amount)"
    ),
    "banking.dealer_wager_approval": (
        "with an approved calculation: the reference of the commission's written approval"
    ),
    # an empty box said nothing of the words it takes (a supervisor could not offer the
    # progressive without reading the TOML)
    "side_wagers.offered": (
        "the optional wagers this table offers, each ticked (none ticked: none; "
        "5324.41(k)-(p))"
    ),
}


#: Field names whose words alone would mislead (Let It Ride's paying pair is tens or better).
LABELS: Mapping[str, str] = {
    "base_pay_table.pair": "base pay table · pair of tens or better",
}


def field_label(key: str) -> str:
    """The words shown for the field ``key``.

    >>> field_label("base_pay_table.pair"), field_label("table.payout_limit")
    ('base pay table · pair of tens or better', 'table · payout limit')
    """
    return LABELS.get(key) or key.replace(".", " · ").replace("_", " ")


def hint(key: str) -> str:
    """The hint for the field ``key`` ("" when none).

    >>> hint("table.payout_limit").endswith("the bonus wagers are never limited")
    True
    """
    return HINTS.get(key, "")


def flatten(settings: Mapping[str, Any], prefix: str = "") -> list[Field]:
    """Every setting as a field, in the order of the mapping."""
    fields: list[Field] = []
    for name, value in settings.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            fields += flatten(value, key + ".")
        else:
            fields.append(Field(key, value, _group(key)))
    return fields


def _parse(original: Any, text: str | bool | list[str], key: str) -> Any:
    if isinstance(text, bool):  # an on/off box
        if not isinstance(original, bool):
            raise ValueError(f"{key}: a value, not on/off")
        return text
    if isinstance(text, list):  # a box per value: those ticked
        if not isinstance(original, list):
            raise ValueError(f"{key}: one value, not a set")
        return list(text)
    text = text.strip()
    if isinstance(original, bool):
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError(f"{key}: answer yes or no, not {text!r}")
    if isinstance(original, int):
        try:
            return int(text)
        except ValueError:
            return text  # "$25" where a plain 25 stood: the game's parser decides
    if isinstance(original, list):
        return [item.strip() for item in text.split(",") if item.strip()]
    return text


def unflatten(fields: list[Field], texts: Mapping[str, str | bool | list[str]]
              ) -> dict[str, Any]:
    """The settings mapping with the edited ``texts`` (by key; ``True``/``False`` for an on/off
    setting's box, the values ticked for a setting holding a set) in place of the fields'
    values."""
    result: dict[str, Any] = {}
    for each in fields:
        value = (_parse(each.value, texts[each.key], each.key) if each.key in texts
                 else each.value)
        *path, last = each.key.split(".")
        node = result
        for part in path:
            node = node.setdefault(part, {})
        node[last] = value
    return result


def default_settings(game: str) -> dict[str, Any]:
    """The shipped configuration of ``game`` (when the supervisor switches the table's game)."""
    return load_table_config(game=game).settings


def full_settings(game: str, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Every setting the table runs with: the stored ones over the shipped defaults; for a Pai
    Gow table offering optional wagers, their pay table letters, limits and the progressive's
    terms too (``bonus_wagers``, shipped in ``resources/pai_gow_bonus.toml``; the list offered
    is the table's own, 5324.41(d)(1))."""
    settings = merged(default_settings(game), stored)
    offered = (settings.get("side_wagers") or {}).get("offered")
    if game == "pai_gow" and offered and "bonus_wagers" not in settings:
        with resource_path("pai_gow_bonus.toml").open("rb") as handle:
            bonus = tomllib.load(handle)
        bonus.pop("offered", None)
        settings["bonus_wagers"] = bonus
    return settings


def merged(defaults: Mapping[str, Any], stored: Mapping[str, Any]) -> dict[str, Any]:
    """The stored settings over the shipped defaults, table by table, so every setting shows
    (a setting left out of the stored configuration is the shipped one).

    >>> merged({"table": {"minimum": 5, "maximum": 500}}, {"table": {"maximum": 1000}})
    {'table': {'minimum': 5, 'maximum': 1000}}
    """
    result: dict[str, Any] = {}
    for key in [*defaults, *(k for k in stored if k not in defaults)]:
        mine, theirs = defaults.get(key), stored.get(key)
        if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
            result[key] = merged(mine, theirs)
        else:
            result[key] = theirs if key in stored else mine
    return result


def apply_configuration(context: StaffContext, *, supervisor: str, pin: str, game: str,
                        settings: Mapping[str, Any],
                        void_phases: list[str] | None = None,
                        time_zone: str | None = None,
                        reporting: tuple[int, int] | None = None) -> tuple[int, str]:
    """Store the configuration through the station (a supervisor not dealing, between rounds,
    audited) and give the dealer's screen the game's screen adapter for it; ``void_phases``:
    the station's ``void_interrupted_phases`` in the same version (else kept); ``time_zone``,
    ``reporting`` (the reporting threshold: cents, times the wager) likewise. Returns the new
    version and a note for the supervisor."""
    station = context.station
    changed_game = game != station.game
    controller = context.controller
    refusal = controller.switch_refusal() if changed_game and controller is not None else ""
    if refusal:
        raise ProcedureError(refusal)
    before = list(station.station_settings.get("void_interrupted_phases", []))
    station_settings = None
    if void_phases is not None:
        station_settings = {**station.station_settings, "void_interrupted_phases": void_phases}
    if time_zone is not None:  # the table's time zone (the jackpot record's local time)
        station_settings = {**(station_settings or station.station_settings),
                            "time_zone": time_zone}
    if reporting is not None:  # the threshold asking for the winner's identification
        station_settings = {**(station_settings or station.station_settings),
                            "report_winnings_at": reporting[0],
                            "report_winnings_times": reporting[1]}
    version = int(station.change_configuration(dict(settings), supervisor=supervisor, pin=pin,
                                               game=game if changed_game else None,
                                               station_settings=station_settings))
    note = "the next round uses it"
    if void_phases is not None and sorted(void_phases) != sorted(before):
        stopped_at = ", ".join(phase.replace("_", " ") for phase in void_phases)
        note += ("; " + (f"a round stopped at {stopped_at} is voided at the next start"
                         if void_phases else
                         "a stopped round is resumed at the next start, whatever its phase"))
    if controller is not None:
        adapter = adapter_for(station.game, station.settings)
        if changed_game:
            controller.change_game(adapter)  # the old game's last round is put away
        else:
            controller.adapter = adapter
        if changed_game and controller.reopen_devices is not None:
            controller.reopen_devices(station.game)  # the game's shoe, acceptors and lockout, live
    if changed_game:
        note = ("the table now deals " + GAMES.get(game, game) + " from the next round, its "
                "devices already set up for it (no restart)")
    return version, note


def validate(game: str, settings: Mapping[str, Any]) -> None:
    """Raise the game's own refusal (with the clause) unless ``settings`` are legal."""
    game_factory(game)(dict(settings))


def _refusal(game: str, fields: list[Field],
             texts: Mapping[str, str | bool | list[str]]) -> str | None:
    try:
        validate(game, unflatten(fields, texts))
    except ValueError as error:
        return str(error)
    return None


def _settings_or_none(fields: list[Field], texts: Mapping[str, str | bool | list[str]]
                      ) -> dict[str, Any] | None:
    try:
        return unflatten(fields, texts)
    except ValueError:  # a malformed value (yes or no where a number stands)
        return None


def refused_keys(game: str, fields: list[Field],
                 texts: Mapping[str, str | bool | list[str]]) -> tuple[str, ...]:
    """The settings a refusal of the edited ``texts`` is about, to be marked on the page: each
    edited one whose own value, put back as it was shown, ends the refusal or changes it (the
    game's refusal names a clause, not a box).

    >>> fields = flatten({"table": {"minimum": 500, "maximum": 50000, "positions": 7}})
    >>> refused_keys("let_it_ride", fields, {"table.positions": "9", "table.minimum": "500"})
    ('table.positions',)
    >>> refused_keys("let_it_ride", fields, {"table.positions": "7"})
    ()
    """
    refusal = _refusal(game, fields, texts)
    if refusal is None:
        return ()
    edited = _settings_or_none(fields, texts)
    found = []
    for key in texts:
        others = {k: v for k, v in texts.items() if k != key}
        if edited is not None and _settings_or_none(fields, others) == edited:
            continue  # shown as it was: not what the refusal is about
        if _refusal(game, fields, others) != refusal:
            found.append(key)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class ReturnLine:
    """One pay table and its theoretical return (``None`` while computing or unavailable)."""

    wager: str
    table: str
    expected_return: float | None
    note: str = ""

    @property
    def words(self) -> str:
        if self.expected_return is None:
            return f"{self.wager} ({self.table}): {self.note or 'computing…'}"
        # a no-break space: the "%" never wraps onto a line of its own
        return (f"{self.wager} ({self.table}): return "
                f"{100 * (1 + self.expected_return):.3f}\u00a0% "
                f"· house edge {-100 * self.expected_return:.3f}\u00a0%")


_CACHE: dict[tuple[str, str], float] = {}
_CACHE_LOCK = threading.Lock()


def _cached(key: tuple[str, str], compute: Callable[[], float]) -> float:
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    value = compute()
    with _CACHE_LOCK:
        _CACHE[key] = value
    return value


def _fractions(table: Mapping[str, Any]) -> dict[str, Fraction]:
    return {hand: Fraction(o.to_win, o.to_stake) for hand, o in table.items()}


def _let_it_ride_jobs(settings: Mapping[str, Any]) -> list[tuple[str, str, Callable[[], float]]]:
    # deferred on purpose: the analysis (and numpy) load only when a supervisor asks for returns
    from dealer_station.analysis import let_it_ride as analysis

    config = config_from_mapping(dict(settings))
    base = _fractions(config.base_pay_table)
    bonus = dict(config.bonus_pay_table)
    three = _fractions(config.three_card_pay_table)
    jobs: list[tuple[str, str, Callable[[], float]]] = [
        ("Base game", repr(sorted(base.items())),
         lambda: analysis.base_game_report(base).expected_return)]
    if config.bonus_offered:
        jobs.append(("Let it ride bonus", repr(sorted(bonus.items())),
                     lambda: analysis.bonus_report(bonus).expected_return))
    if config.three_card_offered:
        jobs.append((f"Three-card bonus table {config.three_card_table}",
                     repr(sorted(three.items())),
                     lambda: analysis.three_card_bonus_report(three).expected_return))
    return jobs


def _compute_line(wager: str, key: str, compute: Callable[[], float]) -> ReturnLine:
    return ReturnLine(wager, "as configured", _cached((wager, key), compute))


def return_jobs(game: str, settings: Mapping[str, Any]
                ) -> list[tuple[ReturnLine, Callable[[], ReturnLine]]]:
    """Each pay table's line as known now (from the cache, else ``None``: computing) with the
    function that computes it (seconds for the base game: call it off the GUI thread)."""
    if game != "let_it_ride":
        note = ("see dealer_station.ui.supervisor.pai_gow_returns (the configuration page "
                "shows a Pai Gow table's returns from the seven-card census)")
        line = ReturnLine("Pay tables", game.replace("_", " "), None, note)
        return [(line, lambda: line)]
    jobs: list[tuple[ReturnLine, Callable[[], ReturnLine]]] = []
    for wager, key, compute in _let_it_ride_jobs(settings):
        with _CACHE_LOCK:
            known = _CACHE.get((wager, key))

        jobs.append((ReturnLine(wager, "as configured", known),
                     functools.partial(_compute_line, wager, key, compute)))
    return jobs


def pay_table_returns(game: str, settings: Mapping[str, Any]) -> list[ReturnLine]:
    """Every pay table's theoretical return, computing (and caching) what is missing."""
    return [work() for _line, work in return_jobs(game, settings)]
