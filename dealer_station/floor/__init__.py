"""The casino floor: many tables, one set of records and linked progressive pools on
PostgreSQL (psycopg 3). Nothing here runs unless a table's configuration names a floor
(``[floor] url = "postgresql://…"``); the station keeps its SQLite journal as its own durable
memory either way.

- :mod:`.schema`: the floor database's versioned migrations, ``init`` and ``status``;
- :mod:`.config`: the ``[floor]`` table of a table configuration;
- :mod:`.tables`: a table's identity on the floor (table id, game, device serials);
- :mod:`.forward`: store-and-forward of the audit log (and with it the journal) with a
  durable outbox cursor; the floor witnesses each table's audit-chain head;
- :mod:`.pools`: linked progressive pools, each contribution and hit a transaction;
- :mod:`.listen`: LISTEN/NOTIFY of the pools' amounts and the floor's reachability;
- :mod:`.link`: what a station runs (forwarder, listener, the progressive's lockout);
- :mod:`.reports`: the pit's queries (tables, pending jackpots, history, shift report).

See docs/floor.md.
"""

from __future__ import annotations


class FloorError(ValueError):
    """A refusal of the floor, in one line (an unknown pool, a table already a member, a
    parameter change during a round, ...)."""


class FloorUnreachable(OSError):
    """The floor database cannot be reached now (the station locks the progressive out)."""


__all__ = ["FloorError", "FloorUnreachable"]
