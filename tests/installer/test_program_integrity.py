"""The program proves itself at every start (issue 20; NY 5321.18(b)(3)(iv)): a bundle signed
at build time (``python -m dealer_station.integrity sign``, as installer/build.sh runs it) is
verified by every ``dealer-station`` start and by ``--check``; a modified, added or deleted file
or a changed manifest is refused, naming the file; the identity (version, manifest hash, key)
is what --check and the technician's screen show. A development checkout says it is not
verified. (.ci/build-bundle does the same against the real PyInstaller bundle.)"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
)

from dealer_station import integrity
from dealer_station.cli import main
from dealer_station.integrity import (
    KEY_NAME,
    MANIFEST_NAME,
    SIGNATURE_NAME,
    IntegrityError,
    sign,
    verify_program,
)


def _tree(root: Path) -> Path:
    (root / "_internal" / "resources").mkdir(parents=True)
    (root / "dealer-station").write_bytes(b"\x7fELF the bootloader")
    (root / "_internal" / "base_library.zip").write_bytes(bytes(range(256)) * 64)
    (root / "_internal" / "resources" / "let_it_ride.toml").write_text("[table]\nminimum = 5\n")
    return root


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    root = _tree(tmp_path / "dealer-station")
    sign(root, Ed25519PrivateKey.generate(), version="0.1.0")
    return root


@pytest.fixture
def frozen(bundle: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run the command line as the bundle's executable would (sys.frozen, sys.executable)."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(bundle / "dealer-station"))
    monkeypatch.setattr(integrity, "_verified", None)
    yield bundle
    integrity._verified = None


def test_a_signed_bundle_verifies_and_names_itself(bundle: Path) -> None:
    identity = verify_program(bundle)
    manifest = (bundle / MANIFEST_NAME).read_bytes()
    assert identity.version == "0.1.0" and identity.files == 3
    assert identity.manifest_sha256 == hashlib.sha256(manifest).hexdigest()
    public = bytes.fromhex((bundle / KEY_NAME).read_text())
    assert identity.key_fingerprint == hashlib.sha256(public).hexdigest()


@pytest.mark.parametrize(("change", "named"), [
    (lambda r: (r / "_internal/resources/let_it_ride.toml").write_text("[table]\nminimum = 1\n"),
     "_internal/resources/let_it_ride.toml: modified"),
    (lambda r: (r / "_internal/base_library.zip").unlink(),
     "_internal/base_library.zip: missing"),
    (lambda r: (r / "_internal/sitecustomize.py").write_text("import os"),
     "_internal/sitecustomize.py: not in the signed manifest"),
    (lambda r: (r / MANIFEST_NAME).write_bytes(
        (r / MANIFEST_NAME).read_bytes().replace(b"0.1.0", b"0.1.1")),
     "MANIFEST.json: its signature does not verify"),
    (lambda r: (r / SIGNATURE_NAME).unlink(), "MANIFEST.sig: missing"),
], ids=["modified", "deleted", "added", "manifest edited", "signature removed"])
def test_a_changed_program_is_refused_naming_the_file(bundle: Path, change, named) -> None:  # type: ignore[no-untyped-def]
    change(bundle)
    with pytest.raises(IntegrityError, match=named):
        verify_program(bundle)


def test_a_bundle_re_signed_with_another_key_shows_another_identity(bundle: Path) -> None:
    """Whoever can rewrite the bundle can re-sign it: the identity (manifest hash, key
    fingerprint) a regulator compares is what differs from the approved build's."""
    approved = verify_program(bundle)
    (bundle / "_internal/resources/let_it_ride.toml").write_text("[table]\nminimum = 1\n")
    forged = sign(bundle, Ed25519PrivateKey.generate(), version="0.1.0")
    assert verify_program(bundle) == forged
    assert forged.manifest_sha256 != approved.manifest_sha256
    assert forged.key_fingerprint != approved.key_fingerprint


def test_every_start_of_a_modified_bundle_is_refused_in_one_line(
        frozen: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (frozen / "_internal/resources/let_it_ride.toml").write_text("[table]\nminimum = 1\n")
    assert main(["hand", "As Ks Qs"]) == 3
    err = capsys.readouterr().err
    assert err == ("dealer-station: refusing to run a modified program: "
                   "_internal/resources/let_it_ride.toml: modified (its SHA-256 is not the "
                   "signed manifest's)\n")


def test_check_reports_the_program_first(frozen: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_station import check

    results = check.run_checks(None, str(tmp_path / "data"), transport="memory")
    assert results[0].name == "program" and results[0].passed
    assert results[0].detail.startswith("dealer-station 0.1.0, manifest ")
    (frozen / "_internal/base_library.zip").write_bytes(b"changed")
    integrity._verified = None
    results = check.run_checks(None, str(tmp_path / "data"), transport="memory")
    assert not results[0].passed
    assert results[0].line() == ("FAIL  program: a modified program: _internal/"
                                 "base_library.zip: modified (its SHA-256 is not the signed "
                                 "manifest's)")


def test_the_technicians_screen_shows_the_identity(frozen: Path) -> None:
    from dealer_station.ui.technician.screen import program_text

    identity = verify_program(frozen)
    text = program_text()
    assert identity.manifest_sha256 in text and "dealer-station 0.1.0" in text
    assert identity.key_fingerprint[:16] in text


def test_a_development_checkout_says_it_is_not_verified(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(integrity, "_verified", None)
    from dealer_station import check

    result = check.check_program()
    assert result.passed and "development checkout" in result.detail
    assert "not a signed bundle, not verified" in result.detail


def test_the_build_signs_with_the_given_key_or_an_ephemeral_one(tmp_path: Path) -> None:
    """``python -m dealer_station.integrity sign`` as installer/build.sh runs it."""
    key = Ed25519PrivateKey.generate()
    pem = tmp_path / "release.pem"
    pem.write_bytes(key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    for args, note in ((["--key", str(pem)], ""),
                       ([], "ephemeral key (CI build, not an approved one)")):
        root = _tree(tmp_path / f"b{len(args)}")
        subprocess.run([sys.executable, "-m", "dealer_station.integrity", "sign", str(root),
                        "--version", "0.1.0", *args], check=True, capture_output=True,
                       timeout=60)
        assert verify_program(root).key_note == note
    signed = verify_program(tmp_path / "b2")
    from cryptography.hazmat.primitives.serialization import PublicFormat

    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    assert signed.key_fingerprint == hashlib.sha256(public).hexdigest()
