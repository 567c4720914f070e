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

from dealer_station.store import users

DEALER, DEALER_PIN = "D-17", "4242"


def test_no_member_of_the_bundle_holds_account_data(qtbot: Any, tmp_path: Any) -> None:
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    window = table.window
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()

        create_technician(table, "Tess Quillfeather")

        def dealer(controller: Any) -> None:  # the supervisor's Accounts page, in short
            controller.station.create_user(DEALER, "Dmitri Vantablack", "dealer", DEALER_PIN,
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
