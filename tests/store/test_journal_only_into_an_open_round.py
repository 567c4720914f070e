"""The round journal takes an action record only into an open round: a record for a round that
has finished or was never started is refused with the round's number, and nothing of it is
written (no journal row, no audit record)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.procedure import Record
from dealer_station.store import journal
from dealer_station.store.database import Store, StoreError


def _rows(store: Store) -> int:
    return int(store.query("SELECT COUNT(*) FROM records")[0][0])


def test_an_action_is_journaled_into_an_open_round_and_audited(tmp_path: Path) -> None:
    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            round_id = journal.begin_round(work, "g", {}, None)
            journal.append_record(work, round_id, Record(1, "deal", {"card": "AS"}), "D1")
        row = store.query("SELECT round_id, sequence, action, actor FROM records")[0]
        assert tuple(row) == (round_id, 1, "deal", "D1")
        assert '"kind":"action"' in store.audit_state.pending[-1]


@pytest.mark.parametrize("finished", [True, False], ids=["finished round", "no such round"])
def test_an_action_for_a_round_not_open_is_refused_and_nothing_written(
        tmp_path: Path, finished: bool) -> None:
    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            round_id = journal.begin_round(work, "g", {}, None)
            journal.finish_round(work, round_id, "complete", document=None)
        target = round_id if finished else round_id + 1
        seq, rows = store.audit_state.seq, _rows(store)
        with pytest.raises(StoreError, match=f"round {target} is not open"), \
                store.transaction() as work:
            journal.append_record(work, target, Record(1, "deal"), "D1")
        assert (store.audit_state.seq, _rows(store)) == (seq, rows)
