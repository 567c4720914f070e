"""The configuration page of a Pai Gow table shows every wager's theoretical return under the
selected pay table letters (5324.41(m)(1) fortune A-C and envy, (m)(3) insurance A-E, (o)(2)
seven-card A-B, (n) three-card bonus, (p)(4)-(5) imperial, (k)(4) progressive), after computing
the seven-card census off the GUI thread with a visible progress state, and keeps the census in
its cache file.

The census here is a small one (the deuces, eights to aces and the joker: 4,272,048 hands) put in
place of the full deck's, so the tests run in seconds; the figures are compared with what
``dealer-station paytable --game pai-gow --json`` prints under the same census.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_station.analysis import pai_gow_census
from dealer_station.analysis.cache import CensusCache, census_key
from dealer_station.cli import main as cli_main
from dealer_station.preview.demo import DemoTable
from dealer_station.ui.supervisor import census_job
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui

SMALL_RANKS = (0, 6, 7, 8, 9, 10, 11, 12)
_SMALL: dict[str, pai_gow_census.PaiGowCensus] = {}


def small_census() -> pai_gow_census.PaiGowCensus:
    """The small census (computed once per test run, in about a second)."""
    if "census" not in _SMALL:
        _SMALL["census"] = pai_gow_census.census(SMALL_RANKS, workers=1)
    return _SMALL["census"]


class SmallCensus:
    """Replaces the census process: computes the small census in the job's thread (optionally
    waiting for ``release``), reports progress, stores it where the real process would."""

    def __init__(self) -> None:
        self.census = small_census()
        self.runs: list[Path] = []
        self.release = threading.Event()
        self.release.set()

    def __call__(self, directory: Path, key: str, progress: Callable[[int, int], None]) -> None:
        self.runs.append(directory)
        progress(1, 4)
        assert self.release.wait(30)
        for done in (2, 3, 4):
            progress(done, 4)
        CensusCache(directory).save(self.census, key)


def use_small_census(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> SmallCensus:
    """No census in this process, the cache in ``cache_dir``, the small census computed there
    (also for the other supervisor tests, which open Pai Gow tables)."""
    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})
    monkeypatch.setenv("DEALER_STATION_CACHE_DIR", str(cache_dir))
    small = SmallCensus()
    monkeypatch.setattr(census_job, "compute_census", small)
    monkeypatch.setattr(census_job, "shipped_census", lambda: None)  # none shipped
    return small


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> SmallCensus:
    return use_small_census(monkeypatch, tmp_path / "cache")


@pytest.fixture
def pai_gow(qtbot: Any, tmp_path: Path) -> Any:
    demo = DemoTable(tmp_path / "data", devices=False, game="pai_gow")
    yield demo
    demo.close()


_SCREENS: list[Any] = []  # kept alive until the test ends (qtbot closes them)


@pytest.fixture(autouse=True)
def _forget_screens() -> Any:
    yield
    _SCREENS.clear()


def open_configuration(qtbot: Any, table: Any, *, compute: bool = False) -> Any:
    """The configuration page of a supervisor's screen signed in at ``table``; ``compute``:
    the supervisor presses COMPUTE RETURNS once it is offered."""
    screen = SupervisorScreen(table.calls)
    _SCREENS.append(screen)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.start()
    table.wait_idle()
    screen.sign_in("S2", "222222")
    table.wait_idle()
    screen.pages.show_named("Configuration")
    page = screen.configuration
    table.wait_idle(page.background)
    if compute:
        qtbot.waitUntil(page.compute_button.isVisible, timeout=10_000)
        qtbot.mouseClick(page.compute_button, Qt.MouseButton.LeftButton)
    return page


def cli_figures(capsys: pytest.CaptureFixture[str], fortune: str, insurance: str,
                seven: str) -> dict[str, float]:
    """``dealer-station paytable --game pai-gow --json`` for these letters: wager -> return."""
    capsys.readouterr()
    code = cli_main(["paytable", "--game", "pai-gow", "--fortune-table", fortune,
                     "--insurance-table", insurance, "--seven-card-table", seven,
                     "--trials", "0", "--json", "--quiet"])
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    return {w["wager"]: w["expected_return"] for w in document["wagers"]}


def wait_for_returns(qtbot: Any, page: Any, letters: tuple[str, str, str]) -> None:
    def shown() -> bool:
        tables = {line.wager: line.table for line in page.pai_gow_lines}
        return (tables.get("fortune_bonus"), tables.get("insurance"),
                tables.get("seven_card_bonus")) == letters
    qtbot.waitUntil(shown, timeout=20_000)


def assert_shown_as_cli(page: Any, figures: dict[str, float]) -> None:
    lines = {line.wager: line for line in page.pai_gow_lines}
    assert set(lines) == set(figures)  # every wager of the game, fortune to progressive
    for wager, value in figures.items():
        assert lines[wager].expected_return == value, wager
        assert lines[wager].figure in page.returns.text(), wager


def test_pai_gow_returns_are_computed_with_progress_then_shown_as_the_cli_prints_them(
        qtbot: Any, pai_gow: Any, small: SmallCensus,
        capsys: pytest.CaptureFixture[str]) -> None:
    """5324.41(m)(1), (m)(3), (o)(2): the shipped letters A, A, A; the census computed once,
    off the GUI thread, with a progress bar, then stored under the code's key."""
    small.release.clear()
    page = open_configuration(qtbot, pai_gow)
    # never computed unasked (issue 14, item 16): offered, with what it costs
    qtbot.waitUntil(page.compute_button.isVisible, timeout=10_000)
    assert small.runs == [] and "not computed yet" in page.returns.text()
    assert "about a minute" in page.returns.text()
    assert page.beside["bonus_wagers.fortune_letter"].text() == "not computed"
    qtbot.mouseClick(page.compute_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.census_progress.value() == 1, timeout=10_000)
    assert not page.census_progress.isHidden()
    assert page.census_progress.format() == "census: 1 of 4 shares"
    assert "Computing theoretical returns…" in page.returns.text()
    assert page.beside["bonus_wagers.fortune_letter"].text() == "computing…"
    assert page.editors["table.minimum_wager"].isEnabled()  # the screen is not waiting
    small.release.set()
    wait_for_returns(qtbot, page, ("A", "A", "A"))
    assert page.census_progress.isHidden()
    assert len(small.runs) == 1
    assert CensusCache(small.runs[0]).load(census_key()) == small.census
    assert_shown_as_cli(page, cli_figures(capsys, "A", "A", "A"))
    lines = {line.wager: line for line in page.pai_gow_lines}
    beside = page.beside["bonus_wagers.fortune_letter"].text()
    assert lines["fortune_bonus"].figure in beside and lines["envy_bonus"].figure in beside
    assert lines["insurance"].figure == page.beside["bonus_wagers.insurance_letter"].text()


def test_changing_a_letter_updates_the_returns_beside_it(
        qtbot: Any, pai_gow: Any, small: SmallCensus,
        capsys: pytest.CaptureFixture[str]) -> None:
    """5324.41(m)(1) fortune table B (with its envy table), (m)(3) insurance table C, (o)(2)
    seven-card table B: each return follows the letter as the supervisor types it."""
    page = open_configuration(qtbot, pai_gow, compute=True)
    wait_for_returns(qtbot, page, ("A", "A", "A"))
    before = page.beside["bonus_wagers.fortune_letter"].text()
    for key, letter in (("fortune_letter", "B"), ("insurance_letter", "C"),
                        ("seven_card_letter", "B")):
        chooser = page.choosers[f"bonus_wagers.{key}"]
        assert chooser.buttons[letter].text() == f"table {letter}"
        qtbot.mouseClick(chooser.buttons[letter], Qt.MouseButton.LeftButton)
    wait_for_returns(qtbot, page, ("B", "C", "B"))
    assert page.beside["bonus_wagers.fortune_letter"].text() != before
    assert_shown_as_cli(page, cli_figures(capsys, "B", "C", "B"))
    lines = {line.wager: line for line in page.pai_gow_lines}
    assert lines["seven_card_bonus"].figure == page.beside[
        "bonus_wagers.seven_card_letter"].text()
    assert len(small.runs) == 1  # the census is computed once, not per letter


def test_only_the_letters_the_regulation_has_are_offered_as_choices(
        qtbot: Any, pai_gow: Any, small: SmallCensus) -> None:
    """5324.41(m)(3): insurance tables are A to E only, (m)(1) fortune A to C, (o)(2)
    seven-card A and B: a button per letter the regulation has (a typed letter could be any),
    the table's own marked."""
    page = open_configuration(qtbot, pai_gow, compute=True)
    wait_for_returns(qtbot, page, ("A", "A", "A"))
    offered = {key: list(page.choosers[f"bonus_wagers.{key}"].buttons)
               for key in ("fortune_letter", "insurance_letter", "seven_card_letter")}
    assert offered == {"fortune_letter": ["A", "B", "C"],
                       "insurance_letter": ["A", "B", "C", "D", "E"],
                       "seven_card_letter": ["A", "B"]}
    assert page.choosers["bonus_wagers.insurance_letter"].value() == "A"
    assert "bonus_wagers.insurance_letter" not in page.editors


def test_a_second_start_reads_the_stored_census_without_computing(
        qtbot: Any, pai_gow: Any, small: SmallCensus, monkeypatch: pytest.MonkeyPatch) -> None:
    """The census file is read back on the next start of the application (a fresh process:
    nothing in memory), not computed again; a file of other code (another key) is not."""
    page = open_configuration(qtbot, pai_gow, compute=True)
    wait_for_returns(qtbot, page, ("A", "A", "A"))
    first = [line.expected_return for line in page.pai_gow_lines]
    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})
    again = open_configuration(qtbot, pai_gow)
    wait_for_returns(qtbot, again, ("A", "A", "A"))
    assert [line.expected_return for line in again.pai_gow_lines] == first
    assert len(small.runs) == 1

    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})
    monkeypatch.setattr(census_job, "census_key", lambda: "other code")
    third = open_configuration(qtbot, pai_gow, compute=True)
    wait_for_returns(qtbot, third, ("A", "A", "A"))
    assert len(small.runs) == 2


def test_the_shipped_census_gives_the_returns_at_once_without_computing(
        qtbot: Any, pai_gow: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 14, item 16: choosing Pai Gow shows the returns from the census shipped in
    resources (made by this code: its key), with no census run on the table PC."""
    monkeypatch.setattr(pai_gow_census, "_CENSUSES", {})
    monkeypatch.setenv("DEALER_STATION_CACHE_DIR", str(tmp_path / "empty-cache"))
    runs: list[Path] = []
    monkeypatch.setattr(census_job, "compute_census", lambda d, _k, _p: runs.append(d))
    page = open_configuration(qtbot, pai_gow)
    wait_for_returns(qtbot, page, ("A", "A", "A"))
    assert runs == [] and page.compute_button.isHidden() and page.census_progress.isHidden()
    fortune = {line.wager: line for line in page.pai_gow_lines}["fortune_bonus"]
    assert fortune.figure in page.beside["bonus_wagers.fortune_letter"].text()


def test_the_shipped_census_is_this_codes() -> None:
    """resources/pai_gow_census.json gives what the ranking and census code gives now; when
    their results change, make it again: python -m dealer_station.analysis.cache --ship
    resources"""
    from dealer_station.analysis.cache import shipped_census

    found = shipped_census()
    assert found is not None and found.total == 154_143_080
