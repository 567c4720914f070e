"""A person's name is one line (a line break or another control character would forge lines in
listings, slips and logs): ``users add --name`` with one is refused in one line, exit 2, and
nothing is created. ``--pdf`` writes a jackpot record; ``history`` refuses it, in one line,
wherever it would be ignored (a round, a list, the meters)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from table_support import table_with_a_supervisor

from dealer_station.cli import main


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return table_with_a_supervisor(tmp_path)


def _run(argv: list[str], data_dir: Path, stdin: str, capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--data-dir", str(data_dir), *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", ["a\nb", "a\rb", "Dee\tDealer", "Dee\x1b[2JDealer",
                                  "a\u2028b", "a\u200eb", "\n"])
def test_a_name_with_a_line_break_or_control_character_is_refused(
    name: str, data_dir: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["users", "add", "D2", "--name", name, "--role", "dealer", "--by", "S1",
            "--pin-stdin"]
    code, _out, err = _run(argv, data_dir, "3333\n111111\n", capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1, err
    assert "a name is one line of text" in err
    code, out, _err = _run(["users", "list"], data_dir, "", capsys, monkeypatch)
    assert code == 0 and "D2" not in out


def test_a_one_line_name_is_kept_trimmed(data_dir: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["users", "add", "D2", "--name", "  Dee Dealer ", "--role", "dealer", "--by", "S1",
            "--pin-stdin"]
    assert _run(argv, data_dir, "3333\n111111\n", capsys, monkeypatch)[0] == 0
    out = _run(["users", "list"], data_dir, "", capsys, monkeypatch)[1]
    assert any(line.split()[0] == "D2" and line.endswith(" Dee Dealer")
               for line in out.splitlines() if line.strip())


@pytest.mark.parametrize("argv", [["history", "show", "1"], ["history", "list"],
                                  ["history", "meters"], ["history", "jackpots"],
                                  ["history", "jackpot"]])
def test_pdf_where_it_would_be_ignored_is_refused(
    argv: list[str], data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pdf = tmp_path / "out.pdf"
    code, _out, err = _run([*argv, "--pdf", str(pdf)], data_dir, "", capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1, err
    assert "--pdf writes one jackpot record" in err and not pdf.exists()
