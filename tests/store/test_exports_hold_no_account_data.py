"""No export or listing of the table holds account data (the diagnostics bundle's own test is
``tests/gui/test_technician_bundle_holds_no_account_data.py``): after wrong PINs, a lockout,
an unlock and a PIN reset, every ``history`` output (text, ``--json``, the jackpot record's
PDF), ``slips show``, ``meters list/show``, ``audit show``, ``archive status`` and the process
log the station and the commands write are searched for every account's PIN hash and PIN
fingerprint and for the account fields of the audit log (failure and lockout counts, who set
a PIN, an account's whole record).

The sealed segments (``archive export``, ``audit export``) are copies of the audit log itself,
which proves the accounts table record by record; they are the regulator's, read like the
table's database (docs/security.md, 'What the audit log holds of the accounts').
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from winner_support import approve

from dealer_station.auth import AuthenticationError
from dealer_station.preview.demo import open_demo_station, play_pai_gow_to_validation
from dealer_station.store import users
from dealer_station.store.database import Store

TABLE = "DEMO-1"
HANDS = {5: "As Ks Qs Js Ts 9c 9d", 2: "8h 7h 6h 5h 4h 2c 2s", 3: "6c 6d 2d 3c 5d Qh Jc",
         "dealer": "Kc Kd 9h 7s 4c 3d Th"}
#: What an account's record says beyond who did what: never in an export or a listing.
ACCOUNT_FIELDS = ("pin_fingerprint", "pin_hash", "pin_set_by", "failures", "lockouts",
                  "locked_until")
COMMAND = [str(Path(sys.executable).parent / "dealer-station")]


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, str]:
    """A Pai Gow table with a jackpot paid and its slip printed, accounts that mistyped, were
    locked, unlocked and given a new PIN; the station's process log."""
    data = tmp_path / "data"
    log = io.StringIO()
    from dealer_station import logs

    logs.configure("production", stream=log, force=True)
    station = open_demo_station(data, game="pai_gow")
    try:
        play_pai_gow_to_validation(station, HANDS)
        approve(station, 5)
        for _ in range(5):
            with pytest.raises(AuthenticationError):
                station.authenticate("S2", "000000", "test")
        station.unlock_user("S2", supervisor="S1", pin="111111")
        for _ in range(2):
            with pytest.raises(AuthenticationError):
                station.authenticate("T1", "000000", "test")
        station.reset_pin("T1", "454545", supervisor="S1", pin="111111")
    finally:
        station.close()
    return data, log.getvalue()


def _accounts(data: Path) -> list[users.Account]:
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        return users.accounts(store)


def _run(data: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*COMMAND, "--data-dir", str(data), *argv, "--table", TABLE],
                          input=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (argv, done.stderr)
    return done


def _pdf_text(path: Path) -> str:
    """The PDF's bytes with its compressed streams opened (the words and any metadata)."""
    raw = path.read_bytes()
    texts = [raw.decode("latin-1")]
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", raw, re.S):
        try:
            texts.append(zlib.decompress(stream).decode("latin-1"))
        except zlib.error:
            texts.append(stream.decode("latin-1"))
    return "\n".join(texts)


def _assert_no_account_data(where: str, text: str, accounts: list[users.Account]) -> None:
    assert text.strip(), f"{where} printed nothing: the search would prove nothing"
    for each in accounts:
        assert each.pin_hash not in text, where
        assert users.audit_state(each)["pin_fingerprint"] not in text, (where, each.id)
    for field in (*ACCOUNT_FIELDS, "account"):
        assert not re.search(rf'["\']?{field}["\']?\s*[:=]', text), (where, field)
    assert "scrypt$" not in text, where


def test_no_export_listing_or_log_holds_account_data(
        played: tuple[Path, str], tmp_path: Path) -> None:
    data, station_log = played
    accounts = _accounts(data)
    assert {a.id for a in accounts} >= {"S1", "S2", "D1", "T1"}
    assert any(a.pin_set_by for a in accounts)  # a one-time PIN is among them
    pdf = tmp_path / "jackpot.pdf"
    outputs: dict[str, str] = {"the station's process log": station_log}
    for argv in (("history", "list"), ("history", "show", "1"), ("history", "show", "1", "--json"),
                 ("history", "jackpots"), ("history", "jackpot", "1"),
                 ("history", "jackpot", "1", "--pdf", str(pdf)), ("history", "meters"),
                 ("history", "meters", "--entries"), ("slips", "show"), ("meters", "list"),
                 ("meters", "show", "pai_gow_progressive"), ("audit", "show", "--last", "10000"),
                 ("archive", "status"), ("users", "list")):
        done = _run(data, *argv)
        outputs[" ".join(argv)] = done.stdout
        outputs[" ".join(argv) + " (its log)"] = done.stderr or "-"
    outputs["the jackpot record's PDF"] = _pdf_text(pdf)
    audit_show = outputs["audit show --last 10000"]
    assert re.search(r"^\s*\d+ \S+ user\b", audit_show, re.M), "no account change listed"
    for where, text in outputs.items():
        _assert_no_account_data(where, text, accounts)

