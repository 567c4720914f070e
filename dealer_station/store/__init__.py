"""Durable state of a table: the SQLite database (journal, meters, jackpots, accounts,
configuration) kept in step with the hash-chained audit log.

* :mod:`.paths` — where a table's files live;
* :mod:`.database` — opening, migrations, refusals, transactions with their audit records;
* :mod:`.journal` — rounds and their action records;
* :mod:`.meters` — progressive meters as journals, numbered jackpot records;
* :mod:`.users` — stored accounts (policy in :mod:`dealer_station.auth`).
"""

from dealer_station.store.database import Store, StoreError

__all__ = ["Store", "StoreError"]
