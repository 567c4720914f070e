"""The seven-card census kept on disk (dealer_station.analysis.cache): it round-trips exactly,
a different key (other ranking or census code) or a damaged file is never used, and the full
deck's census computed by the separate process gives the figures ``dealer-station paytable
--game pai-gow --json`` prints (5324.41(m)(1), (m)(3), (o)(2), (n), (p)(4), (k)(4))."""

from __future__ import annotations

import importlib
import json
import time
from pathlib import Path

import pytest

from dealer_station.analysis import cache as cache_module
from dealer_station.analysis import pai_gow_census
from dealer_station.analysis.cache import (
    CensusCache,
    census_key,
    computed_census,
    install,
    installed,
)
from dealer_station.analysis.pai_gow_census import ALL_RANKS, PaiGowCensus

SMALL_RANKS = (0, 6, 7, 8, 9, 10, 11, 12)  # deuces, eights to aces and the joker
_SMALL: dict[str, PaiGowCensus] = {}


def small() -> PaiGowCensus:
    if "census" not in _SMALL:
        _SMALL["census"] = pai_gow_census.census(SMALL_RANKS, workers=1)
    return _SMALL["census"]


@pytest.fixture(autouse=True)
def _fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """No census in memory (as in a new process); restored afterwards."""
    small()
    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})


class Counting:
    """Stands for the census computation: counts the calls, gives the small census."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *, workers: int | None = None, progress: object = None) -> PaiGowCensus:
        self.calls += 1
        if callable(progress):
            progress(1, 1)
        return small()


def test_the_census_round_trips_exactly(tmp_path: Path) -> None:
    cache = CensusCache(tmp_path)
    cache.save(small(), "key-1")
    loaded = cache.load("key-1")
    assert loaded == small() and loaded is not small()
    assert loaded.total == 4_272_048
    assert cache.path.stat().st_size < 20_000  # a small file: feature classes and counts
    assert not list(tmp_path.glob(".census-*"))  # written whole, then renamed


def test_a_census_stored_under_another_key_is_not_used(tmp_path: Path) -> None:
    cache = CensusCache(tmp_path)
    cache.save(small(), "key-1")
    assert cache.load("key-2") is None


def test_a_key_change_makes_the_next_start_compute_again_and_replace_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counting = Counting()
    monkeypatch.setattr(cache_module, "census", counting)
    cache = CensusCache(tmp_path)
    found, from_store = computed_census(cache, key="key-1")
    assert (counting.calls, from_store, installed()) == (1, False, found)

    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})  # the next start of the application
    again, from_store = computed_census(cache, key="key-1")
    assert (counting.calls, from_store, again) == (1, True, found)

    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})  # the code changed: a new key
    computed_census(cache, key="key-2")
    assert counting.calls == 2
    assert json.loads(cache.path.read_text())["key"] == "key-2"
    assert cache.load("key-1") is None


@pytest.mark.parametrize("damage", ["truncated", "count changed", "not json"])
def test_a_damaged_file_is_not_used(tmp_path: Path, damage: str) -> None:
    cache = CensusCache(tmp_path)
    cache.save(small(), "key-1")
    text = cache.path.read_text()
    if damage == "truncated":
        cache.path.write_text(text[: len(text) // 2])
    elif damage == "count changed":
        document = json.loads(text)
        document["counts"][0][1] += 1
        cache.path.write_text(json.dumps(document))
    else:
        cache.path.write_text("\x00garbage")
    assert cache.load("key-1") is None


def test_the_key_follows_the_source_of_the_census_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = tmp_path / "census_code_probe.py"
    module.write_text("RANKS = 13\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    before = census_key(("census_code_probe",))
    assert census_key(("census_code_probe",)) == before
    module.write_text("RANKS = 14\n")
    assert census_key(("census_code_probe",)) != before
    assert census_key() != census_key(("census_code_probe",))
    assert "dealer_station.analysis.pai_gow_census" in cache_module.CENSUS_MODULES


def test_the_program_computes_once_and_reports_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    counting = Counting()
    monkeypatch.setattr(cache_module, "census", counting)
    assert cache_module.main([str(tmp_path), "--key", "key-1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["progress 1 1", "computed"]
    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})
    assert cache_module.main([str(tmp_path), "--key", "key-1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["stored"]
    assert counting.calls == 1


def test_install_is_what_the_analysis_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    install(small())
    assert pai_gow_census.census() is small()
    assert pai_gow_census._CENSUSES[ALL_RANKS] is small()


#: ``dealer-station paytable --game pai-gow --fortune-table A --insurance-table A
#: --seven-card-table A --royal-match KQ --trials 0 --json``: each wager's expected_return.
CLI_A_A_A = {
    "fortune_bonus": -0.07765574685545404,
    "envy_bonus": 0.046341619747055786,
    "insurance": -0.1330418465752728,
    "seven_card_bonus": -0.013418026939645944,
    "three_card_bonus": -0.05096900879364808,
    "player_hand_bonus": -0.11826022939206872,
    "banker_hand_bonus": 0.08367680209841402,
    "progressive": -0.18640958776741712,
}


def test_the_real_census_from_its_process_gives_the_paytable_figures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """All 154,143,080 hands, computed by ``python -m dealer_station.analysis.cache`` (the
    process the supervisor's screen starts), stored, read back into a fresh process's memory:
    every wager's return equals what ``paytable --json`` printed for tables A, A, A."""
    pytest.importorskip("PySide6")
    import dealer_station.ui  # noqa: F401  (the Qt work-around, before any Qt import)
    from dealer_station.ui.supervisor.census_job import compute_census
    from dealer_station.ui.supervisor.pai_gow_returns import bonus_config_of, pai_gow_returns

    seen: list[tuple[int, int]] = []
    start = time.perf_counter()
    compute_census(tmp_path, census_key(), lambda done, total: seen.append((done, total)))
    seconds = time.perf_counter() - start
    assert seen[-1] == (16, 16) and len(seen) == 16
    loaded = CensusCache(tmp_path).load(census_key())
    assert loaded is not None and loaded.total == 154_143_080
    install(loaded)
    settings = {"side_wagers": {"offered": ["fortune_bonus", "insurance", "progressive"]},
                "bonus_wagers": {"fortune_letter": "A", "insurance_letter": "A",
                                 "seven_card_letter": "A", "royal_match": "king_queen"}}
    figures = {line.wager: line.expected_return
               for line in pai_gow_returns(bonus_config_of(settings))}
    assert figures == pytest.approx(CLI_A_A_A, rel=1e-12, abs=1e-15)
    print(f"census process: {seconds:.1f} s")
