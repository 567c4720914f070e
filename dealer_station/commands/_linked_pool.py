"""The linked progressive pool of a table on a casino floor, for the commands that print the
table's meters (``meters list|show``, ``history meters``): the floor is named by the table
configuration's ``[floor]`` (``--config``, the file the dealer's screen runs with) or
``$DEALER_STATION_FLOOR_URL``; the pool is the one the floor has the table as a member of."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.meter_views import LinkedPoolFigures, MeterPanel
from dealer_station.table_config import load_table_config

__all__ = ["Linked", "print_above", "print_unread", "read"]


@dataclass(frozen=True, slots=True)
class Linked:
    """What the floor says of the table's linked pool: its figures and the wager it pays
    (None: not read, ``words`` say why)."""

    figures: LinkedPoolFigures | None
    wager: str = ""
    words: str = ""

    def feeds(self, wager: str, retired: str | None) -> bool:
        """A meter of ``wager`` (``retired``: when, None in service) is the table's ledger of
        this pool's contributions."""
        return self.figures is not None and wager == self.wager and not retired

    def pays(self, wager: str, retired: str | None) -> LinkedPoolFigures | None:
        """The pool that pays the hits of a meter of ``wager`` (None: the meter pays them)."""
        return self.figures if self.feeds(wager, retired) else None


def _floor_url(args: argparse.Namespace) -> tuple[str | None, str | None]:
    """(the floor's URL, the pool the configuration names) from the table configuration's
    ``[floor]`` (``--config``), else ``$DEALER_STATION_FLOOR_URL`` (no pool named)."""
    if getattr(args, "config", None):
        setup = load_table_config(args.config)
        if setup.floor is not None:
            # deferred on purpose: the floor's modules load only when a floor is configured
            from dealer_station.floor.config import parse_floor_config

            config = parse_floor_config(setup.floor)
            if config is not None:
                return config.url, config.pool
    return os.environ.get("DEALER_STATION_FLOOR_URL") or None, None


def read(args: argparse.Namespace, table: str, *, forwards: bool) -> Linked | None:
    """The linked pool of ``table`` as the floor has it now; None: no floor to ask and the
    table never forwarded to one (``forwards``: it did, so a pool may stand behind it)."""
    url, named = _floor_url(args)
    if url is None:
        if not forwards:
            return None
        return Linked(None, words="this table forwards to a floor: give --config FILE (the "
                                   "table's configuration with its [floor]) or "
                                   "$DEALER_STATION_FLOOR_URL to read its linked pool")
    # deferred on purpose: psycopg and the floor's modules load only when a floor is named
    from dealer_station.floor import FloorError, FloorUnreachable, pools
    from dealer_station.floor.config import connect, one_line

    try:
        with connect(url) as connection:
            name = pools.member_pool(connection, table)
            if name is None:
                return Linked(None, words=f"table {table} is not a member of any pool on the "
                                           "floor ('dealer-station floor pool join' adds it)")
            found = pools.pool(connection, name)
    except (FloorUnreachable, FloorError) as error:
        return _unreachable(named, one_line(error))
    except Exception as error:  # psycopg's errors: one line, the ledger still printed
        # deferred on purpose: psycopg loads only when a floor is named
        import psycopg

        if not isinstance(error, psycopg.Error):
            raise
        return _unreachable(named, one_line(error))
    return Linked(LinkedPoolFigures(name, found.amount_cents, True, "", found.pending),
                   found.wager)


def _unreachable(pool: str | None, reason: str) -> Linked:
    """The floor could not be read: with the pool the configuration names, that pool (amount
    not known, the floor away and why) above the table's progressive meter, its figures the
    table's ledger (a Pai Gow table's pool is fed by its progressive payout wager); without,
    one line."""
    if pool:
        return Linked(LinkedPoolFigures(pool, None, False, reason, 0), BonusWager.PROGRESSIVE.value)
    return Linked(None, words=reason)


def print_above(linked: Linked | None, panel: MeterPanel) -> bool:
    """Print the linked pool above ``panel``'s figures when it pays that meter's hits; whether
    the meter's figures are the table's ledger."""
    pool = linked.pays(panel.wager, panel.stats.retired) if linked is not None else None
    if pool is None:
        return False
    print(f"  {pool.title}")
    for label, value in pool.lines():
        print(f"    {label:<20} {value}")
    return True


def print_unread(linked: Linked | None) -> None:
    """One line when the table has a floor but its pool could not be read."""
    if linked is not None and linked.figures is None:
        print(f"linked pool: not read: {linked.words}")
