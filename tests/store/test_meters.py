"""Meter arithmetic: contributions carry the fraction of a cent, so a meter never loses or gains
a fraction over any run of rounds (5324.41(k)(5) rate of progression)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.store import meters
from dealer_station.store.database import Store


@given(wagers=st.lists(st.integers(0, 10_000_00), max_size=60), rate=st.integers(0, 10_000))
def test_contributions_with_carry_sum_to_the_exact_share_of_all_wagers(wagers: list[int],
                                                                       rate: int) -> None:
    carry = total = 0
    for wagered in wagers:
        cents, carry = meters.contribution_cents(wagered, rate, carry)
        total += cents
        assert 0 <= carry < 10_000
    assert total == sum(wagers) * rate // 10_000
    assert total * 10_000 + carry == sum(wagers) * rate


@settings(max_examples=20, deadline=None)
@given(wagers=st.lists(st.integers(1, 500_00), min_size=1, max_size=12))
def test_the_stored_meter_is_its_journal(tmp_path_factory: object, wagers: list[int]) -> None:
    directory = Path(tmp_path_factory.mktemp("meter"))  # type: ignore[attr-defined]
    with Store.open(directory, "T1") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 1_000_00, 2700, actor="S1")
            work.execute("INSERT INTO rounds (game, config, status, started) "
                         "VALUES ('g', '{}', 'complete', 't')")
        for number, wagered in enumerate(wagers, start=1):
            with store.transaction() as work:
                if number > 1:
                    work.execute("INSERT INTO rounds (game, config, status, started) "
                                 "VALUES ('g', '{}', 'complete', 't')")
                meters.contribute(work, "m", number, wagered)
        meters.check(store)
        stats = meters.statistics(store, "m")
        assert stats.contributions == sum(wagers) * 2700 // 10_000
        assert stats.current == 1_000_00 + stats.contributions == meters.meter(store, "m").current


def test_a_round_contributes_once(tmp_path: Path) -> None:
    import sqlite3

    import pytest

    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 0, 2100)
            work.execute("INSERT INTO rounds (game, config, status, started) "
                         "VALUES ('g', '{}', 'complete', 't')")
            meters.contribute(work, "m", 1, 100)
        with pytest.raises(sqlite3.IntegrityError), store.transaction() as work:
            meters.contribute(work, "m", 1, 100)
        assert meters.meter(store, "m").current == 21
        meters.check(store)
