"""The floor database's schema: numbered migrations applied in order, each in its own
transaction, recorded in ``floor_schema``. A floor newer than this program is refused.

Money is in cents (``bigint``). Every table of the floor is keyed by the table id; what a
station forwards is keyed by (table, audit sequence) and (table, round, record sequence), so
a record sent twice is stored once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_station.floor import FloorError
from dealer_station.floor.config import one_row
from dealer_station.plural import counted

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["MIGRATIONS", "FloorStatus", "init", "latest", "status", "version"]

#: (version, what it does, SQL). Append new versions; never edit an applied one.
MIGRATIONS: tuple[tuple[int, str, str], ...] = (
    (1, "tables, forwarded audit and journal records, witnessed heads, pools", """
        CREATE TABLE floor_tables (
            table_id text PRIMARY KEY,
            station text NOT NULL,
            game text NOT NULL,
            joined timestamptz NOT NULL DEFAULT now(),
            audit_seq bigint NOT NULL DEFAULT 0,
            audit_hash text,
            witnessed timestamptz,
            round_id bigint,
            phase text NOT NULL DEFAULT 'idle',
            dealer text,
            health jsonb NOT NULL DEFAULT '{}',
            seen timestamptz
        );
        CREATE TABLE floor_devices (
            serial text PRIMARY KEY,
            table_id text NOT NULL REFERENCES floor_tables ON DELETE CASCADE,
            device text NOT NULL
        );
        CREATE TABLE audit_records (
            table_id text NOT NULL REFERENCES floor_tables,
            seq bigint NOT NULL,
            kind text NOT NULL,
            hash text NOT NULL,
            prev text NOT NULL,
            round_id bigint,
            actor text,
            time text NOT NULL,
            record jsonb NOT NULL,
            PRIMARY KEY (table_id, seq)
        );
        CREATE INDEX audit_records_by_time ON audit_records (time);
        CREATE TABLE journal_records (
            table_id text NOT NULL REFERENCES floor_tables,
            round_id bigint NOT NULL,
            sequence integer NOT NULL,
            action text NOT NULL,
            actor text,
            time text NOT NULL,
            record jsonb NOT NULL,
            PRIMARY KEY (table_id, round_id, sequence)
        );
        CREATE TABLE floor_rounds (
            table_id text NOT NULL REFERENCES floor_tables,
            round_id bigint NOT NULL,
            game text NOT NULL,
            dealer text,
            status text NOT NULL CHECK (status IN ('open', 'complete', 'void')),
            started text NOT NULL,
            ended text,
            payments jsonb,
            PRIMARY KEY (table_id, round_id)
        );
        CREATE INDEX floor_rounds_by_start ON floor_rounds (started);
        CREATE TABLE pools (
            name text PRIMARY KEY,
            wager text NOT NULL,
            reset_cents bigint NOT NULL CHECK (reset_cents >= 0),
            rate_bp integer NOT NULL CHECK (rate_bp > 0 AND rate_bp <= 10000),
            amount_cents bigint NOT NULL,
            next_hit bigint NOT NULL DEFAULT 1,
            created timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE pool_members (
            pool text NOT NULL REFERENCES pools,
            table_id text NOT NULL UNIQUE REFERENCES floor_tables,
            joined timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (pool, table_id)
        );
        CREATE TABLE pool_hits (
            pool text NOT NULL REFERENCES pools,
            hit_order bigint NOT NULL,
            table_id text NOT NULL REFERENCES floor_tables,
            round_id bigint NOT NULL,
            position text NOT NULL,
            hand text NOT NULL,
            share_bp integer,
            fixed_cents bigint,
            status text NOT NULL CHECK (status IN ('pending', 'paid', 'rejected')),
            amount_cents bigint,
            pool_before bigint,
            pool_after bigint,
            requested timestamptz NOT NULL DEFAULT clock_timestamp(),
            decided timestamptz,
            decided_by text,
            reason text,
            PRIMARY KEY (pool, hit_order),
            UNIQUE (table_id, round_id, position),
            CHECK ((share_bp IS NULL) <> (fixed_cents IS NULL))
        );
        CREATE TABLE pool_entries (
            id bigserial PRIMARY KEY,
            pool text NOT NULL REFERENCES pools,
            table_id text REFERENCES floor_tables,
            round_id bigint,
            kind text NOT NULL CHECK (kind IN ('seed', 'contribution', 'reversal', 'payment',
                                               'terms')),
            wagered_cents bigint NOT NULL DEFAULT 0,
            amount_cents bigint NOT NULL,
            balance_cents bigint NOT NULL,
            hit_order bigint,
            actor text,
            time timestamptz NOT NULL DEFAULT clock_timestamp()
        );
        CREATE UNIQUE INDEX pool_one_contribution_per_round ON pool_entries
            (pool, table_id, round_id) WHERE kind = 'contribution';
        CREATE UNIQUE INDEX pool_one_reversal_per_round ON pool_entries
            (pool, table_id, round_id) WHERE kind = 'reversal';
        CREATE INDEX pool_entries_by_time ON pool_entries (time);
        CREATE FUNCTION pool_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('floor_pool', json_build_object(
                'pool', NEW.name, 'amount', NEW.amount_cents,
                'pending', (SELECT count(*) FROM pool_hits
                            WHERE pool = NEW.name AND status = 'pending'))::text);
            RETURN NEW;
        END $$;
        CREATE TRIGGER pools_notify AFTER INSERT OR UPDATE ON pools
            FOR EACH ROW EXECUTE FUNCTION pool_notify();
    """),
    (2, "the pit hears every table's change (round, phase, dealer, health, witnessed head)", """
        CREATE FUNCTION table_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('floor_table', NEW.table_id);
            RETURN NEW;
        END $$;
        CREATE TRIGGER floor_tables_notify AFTER INSERT OR UPDATE ON floor_tables
            FOR EACH ROW EXECUTE FUNCTION table_notify();
        CREATE INDEX floor_rounds_by_table ON floor_rounds (table_id, round_id);
    """),
    (3, "a hit that is a claim validated at its table (decided there, not by the pit)", """
        ALTER TABLE pool_hits ADD COLUMN at_table boolean NOT NULL DEFAULT false;
    """),
    (4, "the pit's supervisors (id and PIN, locked like a station's) and its audit", """
        CREATE TABLE pit_supervisors (
            id text PRIMARY KEY,
            name text NOT NULL,
            pin_hash text NOT NULL,
            failures integer NOT NULL DEFAULT 0,
            locked_until double precision NOT NULL DEFAULT 0,
            lockouts integer NOT NULL DEFAULT 0,
            active boolean NOT NULL DEFAULT true,
            created timestamptz NOT NULL DEFAULT clock_timestamp(),
            created_by text NOT NULL
        );
        CREATE TABLE pit_audit (
            id bigserial PRIMARY KEY,
            time timestamptz NOT NULL DEFAULT clock_timestamp(),
            actor text NOT NULL,
            event text NOT NULL,
            pool text,
            hit_order bigint,
            detail jsonb NOT NULL DEFAULT '{}'
        );
    """),
    (5, "each table's live device health (online/offline/fault per device) and its time", """
        ALTER TABLE floor_tables ADD COLUMN live_health jsonb;
        ALTER TABLE floor_tables ADD COLUMN health_at timestamptz;
    """),
    (6, "a hit approved and waiting for the hits before it: who approved it, when, and "
        "every share or fixed amount its cards are paid (the best is paid, at the pool then)", """
        ALTER TABLE pool_hits ADD COLUMN approved_by text;
        ALTER TABLE pool_hits ADD COLUMN approved timestamptz;
        ALTER TABLE pool_hits ADD COLUMN terms jsonb;
    """),
)


def latest() -> int:
    return MIGRATIONS[-1][0]


def version(connection: FloorConnection) -> int:
    """The floor database's schema version (0: none yet)."""
    if not one_row(connection, "SELECT to_regclass('floor_schema') IS NOT NULL")[0]:
        return 0
    return int(one_row(connection, "SELECT COALESCE(MAX(version), 0) FROM floor_schema")[0])


def init(connection: FloorConnection) -> list[int]:
    """Create or migrate the floor database; the versions applied now (none: up to date).
    Concurrent inits are serialised by an advisory lock."""
    applied: list[int] = []
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(1818)")
        connection.execute(
            "CREATE TABLE IF NOT EXISTS floor_schema (version integer PRIMARY KEY, "
            "description text NOT NULL, applied timestamptz NOT NULL DEFAULT now())")
        current = version(connection)
        if current > latest():
            raise FloorError(f"the floor database is at schema version {current}, newer than "
                             f"this program knows ({latest()})")
        for number, description, sql in MIGRATIONS:
            if number <= current:
                continue
            connection.execute(sql)
            connection.execute("INSERT INTO floor_schema (version, description) VALUES (%s, %s)",
                               (number, description))
            applied.append(number)
    return applied


@dataclass(frozen=True, slots=True)
class FloorStatus:
    """What ``floor status`` shows: the schema version, the tables, pools and records."""

    version: int
    latest: int
    tables: tuple[tuple[str, str, int, str], ...]
    pools: tuple[tuple[str, int, int, int], ...]
    audit_records: int
    journal_records: int

    def lines(self) -> list[str]:
        state = ("up to date" if self.version == self.latest
                 else f"behind: run 'dealer-station floor init' (this program: {self.latest})")
        out = [f"floor schema version {self.version} ({state})",
               f"{counted(len(self.tables), 'table')}, "
               f"{counted(self.audit_records, 'audit record')}, "
               f"{counted(self.journal_records, 'journal record')}"]
        for table, game, seq, head in self.tables:
            out.append(f"  table {table}: {game}, audit head witnessed at record {seq}"
                       + (f" ({head[:16]}…)" if head else ""))
        for name, amount, members, pending in self.pools:
            out.append(f"  pool {name}: ${amount // 100:,}.{amount % 100:02d}, "
                       f"{counted(members, 'member table')}, {counted(pending, 'hit')} pending")
        return out


def status(connection: FloorConnection) -> FloorStatus:
    current = version(connection)
    if current == 0:
        raise FloorError("no floor schema in this database: run 'dealer-station floor init'")
    tables = tuple((str(r[0]), str(r[1]), int(r[2]), str(r[3] or "")) for r in connection.execute(
        "SELECT table_id, game, audit_seq, audit_hash FROM floor_tables ORDER BY table_id"))
    pools = tuple((str(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in connection.execute(
        "SELECT p.name, p.amount_cents, "
        "(SELECT count(*) FROM pool_members m WHERE m.pool = p.name), "
        "(SELECT count(*) FROM pool_hits h WHERE h.pool = p.name AND h.status = 'pending') "
        "FROM pools p ORDER BY p.name"))
    audit_count = int(one_row(connection, "SELECT count(*) FROM audit_records")[0])
    journal_count = int(one_row(connection, "SELECT count(*) FROM journal_records")[0])
    return FloorStatus(current, latest(), tables, pools, audit_count, journal_count)
