"""Numbers that do not fit (1e400, infinity, NaN, integers beyond any store's) wherever a
person types one on the command line (every amount, rate, count, number and seed) or a round
document holds one: one line on stderr, exit status 2, never a traceback."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_support import table_with_a_supervisor
from test_settle_command_malformed import (
    let_it_ride_document,
    pai_gow_bonus_document,
    pai_gow_document,
)

from dealer_station.cli import main

#: Each value is out of every range the station has.
DO_NOT_FIT = ["1e400", "-1e400", "inf", "-inf", "Infinity", "nan", "NaN", "1" + "0" * 40,
              "-" + "9" * 30, "9" * 5000, "1e999999999", "inf%", "1e400%", "$1e400"]

#: Every command-line option or argument taking an amount, a rate or a number ({} the value).
COMMANDS = [
    "meters create M --wager progressive --reset {} --rate 21% --by S1 --pin-stdin",
    "meters create M --wager progressive --reset $100 --rate {} --by S1 --pin-stdin",
    "meters create M --wager progressive --reset $100 --rate 21% --limit {} --by S1 --pin-stdin",
    "meters change M --rate {} --by S1 --pin-stdin",
    "meters change M --reset {} --by S1 --pin-stdin",
    "meters change M --limit {} --by S1 --pin-stdin",
    "floor pool P --rate {}",
    "floor pool P --rate 2100 --reset {}",
    "floor hit P --share {}",
    "floor hit P --round {}",
    "floor hit P --fixed {}",
    "history show {}",
    "history list --limit {}",
    "slips show {}",
    "slips show --last {}",
    "audit show --number {}",
    "diag --sim let_it_ride --transport memory --timeout {} identify",
    "diag --sim let_it_ride --transport memory --address {} identify",
    "sim --seed {} --seconds 0.01",
    "paytable --game let-it-ride --seed {}",
]


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    directory = table_with_a_supervisor(tmp_path_factory.mktemp("numbers"))
    import sys

    stdin, sys.stdin = sys.stdin, io.StringIO("111111\n")
    try:  # the meter the changes address
        assert main(["--data-dir", str(directory), "meters", "create", "M", "--wager",
                     "progressive", "--reset", "$100", "--rate", "21%", "--by", "S1",
                     "--pin-stdin"]) == 0
    finally:
        sys.stdin = stdin
    yield directory


def _one_line_refusal(argv: list[str], capsys: pytest.CaptureFixture[str],
                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("111111\n"))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusal of a value
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2, (argv, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err and "Error" not in err.split(":")[0], err


@pytest.mark.parametrize("value", DO_NOT_FIT)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_line_number_that_does_not_fit_is_one_line(
    command: str, value: str, data_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = command.split()
    argv = ["--data-dir", str(data_dir), *[value if w == "{}" else w for w in words]]
    _one_line_refusal(argv, capsys, monkeypatch)


def _numbers(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every number a document holds."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _numbers(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _numbers(value, (*path, index))
    elif isinstance(doc, int | float) and not isinstance(doc, bool):
        yield path


DOCUMENTS = {"let_it_ride": let_it_ride_document(), "pai_gow": pai_gow_document(),
             "pai_gow_bonus": pai_gow_bonus_document()}
#: How each of those values is written into the document's JSON text.
IN_JSON = ["1e400", "-1e400", "Infinity", "-Infinity", "NaN", "1" + "0" * 40, "9" * 5000]
_MARK = 123456789.25  # a float no document holds: replaced by the value in the text


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_document_number_that_does_not_fit_is_one_line(
    data: st.DataObject, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = data.draw(st.sampled_from(sorted(DOCUMENTS)))
    doc = json.loads(json.dumps(DOCUMENTS[name]))
    paths = list(_numbers(doc))
    where = data.draw(st.sampled_from(paths))
    value = data.draw(st.sampled_from(IN_JSON))
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = _MARK
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc).replace(repr(_MARK), value))
    _one_line_refusal(["settle", str(path)], capsys, monkeypatch)


def test_each_document_holds_numbers() -> None:
    assert all(len(list(_numbers(doc))) > 10 for doc in DOCUMENTS.values())
