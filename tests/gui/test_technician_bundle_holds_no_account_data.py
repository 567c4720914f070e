"""The diagnostics bundle exported from the technician's screen of the real window holds no
account data: every member of the zip is searched for every account's id, name and PIN
fingerprint and for the audit log's account fields, after accounts were created, a PIN was
mistyped and people signed in (each audited, the audit tail is in the bundle)."""

from __future__ import annotations

import re
import zipfile
from typing import Any

from bundle_support import create_technician, export_bundle
from gui_harness import PIN, SUPERVISOR, Table
from own_pins import add_account

from dealer_station.store import users
from dealer_station.ui.technician.bundle import RecentLogs

DEALER, DEALER_PIN = "D-17", "4242"


def test_no_member_of_the_bundle_holds_account_data(qtbot: Any, tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()

        create_technician(table, "Tess Quillfeather")

        def dealer(controller: Any) -> None:  # the supervisor's Accounts page, in short
            add_account(controller.station, DEALER, "Dmitri Vantablack", "dealer", DEALER_PIN,
                        supervisor=SUPERVISOR, pin=PIN)

        window.call(dealer)
        bundle = export_bundle(table, mistyped_first=True)
        found: list[users.Account] = []
        window.call(lambda controller: found.extend(users.accounts(controller.station.store)))
        qtbot.waitUntil(lambda: len(found) == 3, timeout=10_000)
        with zipfile.ZipFile(bundle) as archive:
            members = {name: archive.read(name).decode() for name in archive.namelist()}
        assert "logs/audit-tail.jsonl" in members and members["logs/audit-tail.jsonl"].strip()
        # the account records are there, without their account data
        assert re.search(r'"kind":\s*"user"', members["logs/audit-tail.jsonl"])
        for each in found:
            fingerprint = users.audit_state(each)["pin_fingerprint"]
            for name, text in members.items():
                assert each.name not in text, (name, each.name)
                assert fingerprint not in text and each.pin_hash not in text, name
                assert not re.search(rf"(?<![\w.-]){re.escape(each.id)}(?![\w.-])", text), (
                    name, each.id)
        for name, text in members.items():
            for field in ("pin_fingerprint", "pin_hash", "pin_set_by", "lockouts", "locked_until",
                          "failures"):
                assert not re.search(rf'"{field}":', text), (name, field)
    finally:
        table.close()


def test_no_member_of_the_bundle_holds_a_jackpot_winner_s_identification(
        qtbot: Any, tmp_path: Any) -> None:
    """A $10,000 progressive approved with the winner's identification (it reaches the
    reporting threshold): the winner's name, ID number and address are in no member of the
    bundle — the audit tail, the logs, the configuration — though the table's store holds them
    and the jackpot record prints them."""
    from test_supervisor_screen import PAI_GOW_HANDS
    from winner_support import WINNER

    from dealer_station.preview.demo import play_pai_gow_to_validation
    from dealer_station.winners import winner_of

    table = Table(qtbot, str(tmp_path), "pai_gow",
                  settings={"side_wagers": {"offered": ["progressive"]}})
    try:
        table.sign_in_dealer(meter=True)
        create_technician(table)
        kept: list[Any] = []

        def hit(controller: Any) -> None:
            station = controller.station
            round_id = play_pai_gow_to_validation(station, PAI_GOW_HANDS)
            while station.round.optional.pending:
                position = station.round.optional.pending[0].position
                claim = station.show_progressive_claim(round_id, position,
                                                       supervisor=SUPERVISOR, pin=PIN)
                station.decide_progressive_claim(claim, approve=True, supervisor=SUPERVISOR,
                                                 pin=PIN, winner=WINNER)
            while station.round is not None:
                station.perform("complete_jackpot_record",
                                position=station.round.step.positions[0])
            kept.append(winner_of(station.store, 1))

        table.window.call(hit)
        qtbot.waitUntil(lambda: bool(kept), timeout=30_000)
        assert kept == [WINNER]  # the store holds it
        table.window.call(lambda controller: controller.station.sign_out())
        qtbot.wait(300)
        bundle = export_bundle(table)
        with zipfile.ZipFile(bundle) as archive:
            members = {name: archive.read(name).decode() for name in archive.namelist()}
        assert re.search(r'"kind":\s*"validation"', members["logs/audit-tail.jsonl"])
        words = (WINNER.name, WINNER.id_number, WINNER.address, "Łukaszewska",
                 "Juniper Hollow")
        for name, text in members.items():
            for word in words:
                assert word not in text, (name, word)
        # nor were they ever logged (the bundle would blank them: the log itself is read)
        logged = "\n".join(RecentLogs.install().lines)
        assert "jackpot" in logged.lower() or "round" in logged
        assert not any(word in logged for word in words)
    finally:
        table.close()
