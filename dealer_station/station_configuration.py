"""The configuration part of the station (docs/station.md, "Configuration"): the game and its
settings, and the station's own settings, stored as numbered versions in the table's store. The
first start stores the first version; afterwards only a supervisor changes it (audited), and
only to a configuration the game's factory accepts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dealer_station.audit import utc_now
from dealer_station.auth import Permission
from dealer_station.games.let_it_ride.phases import Phase as LetItRidePhase
from dealer_station.games.pai_gow.phases import Phase as PaiGowPhase
from dealer_station.games.registry import game_factory
from dealer_station.procedure import JSONValue
from dealer_station.station_people import People
from dealer_station.station_state import Shared, StationState
from dealer_station.store import archive
from dealer_station.store.database import Store, StoreError
from dealer_station.winners import REPORT_AT, REPORT_TIMES

__all__ = ["INTERRUPTIBLE_PHASES", "MAX_KEEP_DAYS", "STATION_SETTINGS", "Configuration",
           "valid_station_settings"]

#: The station's own settings and their defaults. ``archive_day_ends``: when the table's day
#: (or shift) ends, ``HH:MM`` UTC; between rounds after it the station seals the day into a
#: segment and removes its rounds from the live store (:mod:`.station_archive`); ``""``: never.
#: ``archive_keep_days``: how many days after its day a sealed segment is kept on the table
#: before its file is deleted (export it for the regulator first); ``0``: kept for ever.
#: ``second_validator_above``: a progressive payout above this many cents is validated by two
#: supervisors, both on its jackpot record and slip; ``0``: one validates every payout.
#: ``time_zone``: the table's time zone (an IANA name, ``America/New_York``): the jackpot
#: record shows the table's local time beside the UTC the records keep.
#: ``report_winnings_at`` (cents) and ``report_winnings_times``: a jackpot paying at least that
#: amount AND at least that many times its wager reaches the reporting threshold, approved only
#: with the winner's identification (:mod:`dealer_station.winners`; ``times`` 0: the amount
#: alone).
STATION_SETTINGS: dict[str, Any] = {"void_interrupted_phases": [], "archive_day_ends": "00:00",
                                    "archive_keep_days": 0, "second_validator_above": 0,
                                    "time_zone": "UTC", "report_winnings_at": REPORT_AT,
                                    "report_winnings_times": REPORT_TIMES}
#: Each game's phases, in the order of play, that ``void_interrupted_phases`` may name: those
#: before settlement, where a round stopped by a crash or power cut can be voided at the next
#: start (the round's own void: its wagers returned, then the cards; a round whose settlement
#: has begun is resumed, never voided, 5324.34(e)(8), 5324.41(g)).
INTERRUPTIBLE_PHASES: dict[str, tuple[str, ...]] = {
    "let_it_ride": tuple(p.value for p in LetItRidePhase)[
        :tuple(LetItRidePhase).index(LetItRidePhase.SHOWDOWN) + 1],
    "pai_gow": tuple(p.value for p in PaiGowPhase)[
        :tuple(PaiGowPhase).index(PaiGowPhase.EXPOSURE) + 1],
}
#: The longest kept time accepted (a hundred years).
MAX_KEEP_DAYS = 36_500


def valid_station_settings(values: Mapping[str, JSONValue]) -> dict[str, Any]:
    """Validated station settings.

    >>> valid_station_settings({"void_interrupted_phases": ["dealing"]})
    {'void_interrupted_phases': ['dealing'], 'archive_day_ends': '00:00', 'archive_keep_days': 0, \
'second_validator_above': 0, 'time_zone': 'UTC', 'report_winnings_at': 60000, \
'report_winnings_times': 300}
    >>> valid_station_settings({"report_winnings_at": 0})
    Traceback (most recent call last):
    ValueError: report_winnings_at is a whole number of cents from 1 to 10^12 (shipped 60000: \
$600.00)
    >>> valid_station_settings({"report_winnings_times": "300"})
    Traceback (most recent call last):
    ValueError: report_winnings_times is a whole number from 0 (the amount alone) to 1000000 \
(shipped 300)
    >>> valid_station_settings({"time_zone": "Mars/Olympus"})
    Traceback (most recent call last):
    ValueError: time_zone: 'Mars/Olympus' is no time zone (an IANA name: America/New_York)
    >>> valid_station_settings({"archive_keep_days": -1})
    Traceback (most recent call last):
    ValueError: archive_keep_days is a whole number of days from 0 (kept for ever) to 36500
    >>> valid_station_settings({"archive_day_ends": "25:00"})
    Traceback (most recent call last):
    ValueError: a day's end is HH:MM (UTC), not '25:00'
    >>> valid_station_settings({"archive_day_ends": ""})["archive_day_ends"]
    ''
    >>> valid_station_settings({"colour": "red"})
    Traceback (most recent call last):
    ValueError: unknown station setting(s): colour
    >>> valid_station_settings({"void_interrupted_phases": ["dealing", "payday"]})
    Traceback (most recent call last):
    ValueError: void_interrupted_phases: 'payday' is no phase before a round's settlement
    """
    unknown = set(values) - set(STATION_SETTINGS)
    if unknown:
        raise ValueError(f"unknown station setting(s): {', '.join(sorted(unknown))}")
    merged = {**STATION_SETTINGS, **values}
    phases = merged["void_interrupted_phases"]
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise ValueError("void_interrupted_phases is a list of phase names")
    known = {phase for phases in INTERRUPTIBLE_PHASES.values() for phase in phases}
    for phase in phases:
        if phase not in known:
            raise ValueError(f"void_interrupted_phases: {phase!r} is no phase before a "
                             "round's settlement")
    day_ends = merged["archive_day_ends"]
    if not isinstance(day_ends, str):
        raise ValueError("archive_day_ends is a time of day, HH:MM (UTC), or \"\" for never")
    if day_ends:
        archive.day_end("2000-01-01", day_ends)  # a ValueError names a wrong time
    keep = merged["archive_keep_days"]
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= MAX_KEEP_DAYS:
        raise ValueError(f"archive_keep_days is a whole number of days from 0 (kept for ever) "
                         f"to {MAX_KEEP_DAYS}")
    above = merged["second_validator_above"]
    if isinstance(above, bool) or not isinstance(above, int) or not 0 <= above <= 10**12:
        raise ValueError("second_validator_above is a whole number of cents from 0 (one "
                         "validator for every payout) to 10^12")
    at = merged["report_winnings_at"]
    if isinstance(at, bool) or not isinstance(at, int) or not 1 <= at <= 10**12:
        raise ValueError(f"report_winnings_at is a whole number of cents from 1 to 10^12 "
                         f"(shipped {REPORT_AT}: $600.00)")
    times = merged["report_winnings_times"]
    if isinstance(times, bool) or not isinstance(times, int) or not 0 <= times <= 10**6:
        raise ValueError(f"report_winnings_times is a whole number from 0 (the amount alone) "
                         f"to 1000000 (shipped {REPORT_TIMES})")
    zone = merged["time_zone"]
    if not isinstance(zone, str) or not known_time_zone(zone):
        raise ValueError(f"time_zone: {zone!r} is no time zone (an IANA name: America/New_York)")
    return merged


def known_time_zone(name: str) -> bool:
    """Whether ``name`` is a time zone this machine knows.

    >>> known_time_zone("America/New_York"), known_time_zone("UTC"), known_time_zone("../x")
    (True, True, False)
    """
    try:
        ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        return False
    return True


class Configuration:
    """The table's configuration versions, over the station's one store and lock."""

    store: Shared[Store] = Shared("store")

    def __init__(self, state: StationState, people: People) -> None:
        self._state = state
        self._people = people

    def initial(self, game: str | None, settings: Mapping[str, JSONValue] | None,
                station: Mapping[str, JSONValue] | None) -> None:
        """At opening: store the first configuration (the first start of a table must name
        the game), or refuse a ``game`` other than the one configured."""
        current = self._state.configuration()
        if current is None:
            if game is None:
                raise StoreError("first start of this table: the game must be given")
            game_factory(game)(dict(settings or {}))  # refuses an invalid configuration
            self._store(game, dict(settings or {}), valid_station_settings(station or {}),
                        actor=None)
        elif game is not None and current[1]["game"] != game:
            raise StoreError(f"table {self.store.table} is configured for "
                             f"{current[1]['game']!r}, not {game!r}; a supervisor changes the "
                             "configuration")

    def _store(self, game: str, settings: dict[str, Any], station: dict[str, Any],
               actor: str | None) -> int:
        document = {"game": game, "settings": settings, "station": station}
        self._state.forget_configuration()
        try:
            with self.store.transaction() as work:
                row = work.execute("SELECT COALESCE(MAX(version), 0) + 1 FROM config"
                                   ).fetchone()
                version = int(row[0])
                work.execute("INSERT INTO config (version, document, changed_by, time) "
                             "VALUES (?, ?, ?, ?)",
                             (version, json.dumps(document, sort_keys=True), actor,
                              utc_now()))
                work.audit("config", {"version": version, **document}, actor=actor)
        finally:
            self._state.forget_configuration()
        return version

    def last_configuration(self, game: str) -> tuple[int, dict[str, Any]] | None:
        """The settings ``game`` last ran with at this table and their version (the latest
        version of that game), or None (never configured here): switching back to a game
        restores its own configuration, its progressive with it."""
        with self._state.lock:
            rows = self.store.query("SELECT version, document FROM config ORDER BY version DESC")
        for version, text in rows:
            document = json.loads(text)
            if document.get("game") == game:
                return int(version), dict(document.get("settings") or {})
        return None

    def change(self, settings: Mapping[str, JSONValue], *, supervisor: str, pin: str,
               game: str | None = None,
               station_settings: Mapping[str, JSONValue] | None = None) -> int:
        """A supervisor (not the dealer on duty, not during a round) changes the configuration;
        the factory must accept it. Returns the new version."""
        with self._state.lock:
            person = self._people.authorized(supervisor, pin,
                                             Permission.CHANGE_CONFIGURATION)
            game = game or self._state.game
            game_factory(game)(dict(settings))  # refuses an invalid configuration
            kept = (valid_station_settings(station_settings) if station_settings is not None
                    else self._state.station_settings)
            return self._store(game, dict(settings), kept, actor=person.id)

    def change_station_settings(self, changes: Mapping[str, JSONValue], *, supervisor: str,
                                pin: str) -> int:
        """A supervisor changes some of the station's own settings (``archive_keep_days``
        ...), the game's settings unchanged (:meth:`change`)."""
        return self.change(self._state.settings, supervisor=supervisor, pin=pin,
                           station_settings={**self._state.station_settings, **changes})
