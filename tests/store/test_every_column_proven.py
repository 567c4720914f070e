"""Every column of the table's database has a proof or a reason: the live schema (every table
of ``sqlite_master``, every column of ``PRAGMA table_info``) of a store made and migrated by
this version is exactly what ``dealer_station/store/columns.py`` lists, each column proven
against the audit log at every start, derived and recomputed from proven data, or not
security-relevant with the reason, which docs/security.md gives too. The tamper matrix
(``test_tamper_matrix.py``) edits every proven and derived column of the tables a round
writes."""

from __future__ import annotations

import re
from pathlib import Path

from dealer_station.store.columns import (
    COLUMNS,
    DERIVED,
    NOT_SECURITY_RELEVANT,
    PROVEN,
)
from dealer_station.store.database import Store

DOCS = Path(__file__).resolve().parents[2] / "docs" / "security.md"


def _live_schema(tmp_path: Path) -> dict[str, list[str]]:
    with Store.open(tmp_path / "T1", "T1") as store:
        tables = [str(row[0]) for row in store.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")]
        return {table: [str(row[1]) for row in store.query(f"PRAGMA table_info({table})")]
                for table in tables}


def test_every_column_of_the_live_schema_has_a_proof_or_a_reason(tmp_path: Path) -> None:
    schema = _live_schema(tmp_path)
    missing = [f"{table}.{column}" for table, columns in schema.items() for column in columns
               if column not in COLUMNS.get(table, {})]
    assert missing == [], f"columns with neither a proof nor a reason: {missing}"
    stale = [f"{table}.{column}" for table, columns in COLUMNS.items() for column in columns
             if column not in schema.get(table, [])]
    assert stale == [], f"listed but not in the schema: {stale}"
    for table, columns in COLUMNS.items():
        for column, (how, why) in columns.items():
            assert how in (PROVEN, DERIVED, NOT_SECURITY_RELEVANT), (table, column)
            assert len(why) > 20, (table, column)


def test_docs_list_what_is_proven_where_and_why_the_rest_is_not_security_relevant() -> None:
    text = DOCS.read_text()
    section = text[text.index("## What is proven where"):]
    section = section[:section.index("\n## ", 3)]
    derived = section[section.index("Derived, recomputed"):section.index("Not security-rel")]
    other = section[section.index("Not security-relevant, with the reason"):]
    for table, columns in COLUMNS.items():
        assert re.search(rf"`{table}[`.]", section), f"{table} is not in docs/security.md"
        for column, (how, _why) in columns.items():
            where = {DERIVED: derived, NOT_SECURITY_RELEVANT: other}.get(how)
            if where is not None:
                assert f"`{table}.{column}`" in where or (
                    f"`{table}`" in where and "all columns" in where), (table, column, how)
