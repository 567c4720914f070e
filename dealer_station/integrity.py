"""The program proves itself at every start (as NY 5321.18(b)(3)(iv) asks of progressive
controllers: a power-up self-check authenticating the software; issue 20).

At build time (``installer/build.sh``) :func:`sign` writes, into the bundle's folder:

* ``MANIFEST.json``: every file of the bundle with its SHA-256, the program's name and version;
* ``MANIFEST.sig``: the Ed25519 signature of those exact bytes, by the build's private key;
* ``MANIFEST.pub``: the matching public key (raw, hex).

At every start of a bundle (any ``dealer-station`` command, the dealer's screen, ``--check``)
:func:`verify_program` checks the signature, then every file against its hash, and that no file
was added: a modified program is refused, naming the file. The program's identity (version,
SHA-256 of the manifest, fingerprint of the key) is on the technician's screen and in
``--check`` for a regulator to compare with the values published for the approved build. A
development checkout (not a bundle) has no manifest: it says so and is not verified.

Trust model (``docs/security.md``, "The program proves itself"): the signature shows the files
are the ones the holder of the private key built. The public key travels in the bundle, so
whoever can rewrite the bundle's folder (root: it is root-owned, the station's account cannot)
can also re-sign it with a key of their own; what catches that is the identity: the manifest
hash and the key fingerprint shown on the technician's screen differ from the approved build's.

>>> import tempfile, pathlib
>>> from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> _ = (root / "app.py").write_text("print('hi')")
>>> identity = sign(root, Ed25519PrivateKey.generate(), version="1.0")
>>> verify_program(root) == identity
True
>>> _ = (root / "app.py").write_text("print('pwned')")
>>> verify_program(root)
Traceback (most recent call last):
...
dealer_station.integrity.IntegrityError: app.py: modified (its SHA-256 is not the signed manifest's)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_station import __version__

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

__all__ = [
    "KEY_NAME",
    "MANIFEST_NAME",
    "SIGNATURE_NAME",
    "IntegrityError",
    "ProgramIdentity",
    "bundle_root",
    "program_identity",
    "sign",
    "verify_program",
]

MANIFEST_NAME = "MANIFEST.json"
SIGNATURE_NAME = "MANIFEST.sig"
KEY_NAME = "MANIFEST.pub"
_OWN = frozenset({MANIFEST_NAME, SIGNATURE_NAME, KEY_NAME})
_CHUNK = 1 << 20


class IntegrityError(Exception):
    """The program is not the signed one: the message names the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class ProgramIdentity:
    """What the program is, for the technician's screen and ``--check``."""

    version: str
    #: SHA-256 of MANIFEST.json (hex): the whole program in one value. "" for a checkout.
    manifest_sha256: str = ""
    #: SHA-256 of the signing public key (hex, first 16 digits shown).
    key_fingerprint: str = ""
    files: int = 0
    #: The build's note on its key (e.g. an ephemeral CI key).
    key_note: str = ""
    #: Where the program runs from.
    root: str = ""
    #: What an unsigned program is: a development checkout, or an installed wheel.
    unsigned_kind: str = "development checkout"

    @property
    def verified(self) -> bool:
        return bool(self.manifest_sha256)

    def __str__(self) -> str:
        if not self.verified:
            return (f"dealer-station {self.version}, {self.unsigned_kind} at {self.root}: not a "
                    "signed bundle, not verified")
        note = f", {self.key_note}" if self.key_note else ""
        return (f"dealer-station {self.version}, manifest {self.manifest_sha256}, "
                f"key {self.key_fingerprint[:16]}{note}, {self.files} files verified")


def _files(root: Path) -> Iterator[Path]:
    for directory, subdirectories, names in os.walk(root):
        subdirectories.sort()
        for name in sorted(names):
            path = Path(directory) / name
            if path.parent == root and name in _OWN:
                continue
            yield path


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def manifest_bytes(root: Path, version: str, key_note: str = "") -> bytes:
    """The canonical manifest of every file under ``root`` (sorted keys, no spaces)."""
    files = {_relative(path, root): _sha256(path) for path in _files(root)}
    document = {"program": "dealer-station", "version": version, "key_note": key_note,
                "files": files}
    return json.dumps(document, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def sign(root: Path, key: Ed25519PrivateKey, *, version: str,
         key_note: str = "") -> ProgramIdentity:
    """Write the manifest of ``root``, its signature and the public key (build time)."""
    # deferred on purpose: cryptography loads only to verify a bundle (not in a checkout)
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    manifest = manifest_bytes(root, version, key_note)
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    (root / MANIFEST_NAME).write_bytes(manifest)
    (root / SIGNATURE_NAME).write_text(key.sign(manifest).hex() + "\n")
    (root / KEY_NAME).write_text(public.hex() + "\n")
    return _identity(root, manifest, public)


def _identity(root: Path, manifest: bytes, public: bytes) -> ProgramIdentity:
    document = json.loads(manifest)
    return ProgramIdentity(str(document["version"]), hashlib.sha256(manifest).hexdigest(),
                           hashlib.sha256(public).hexdigest(), len(document["files"]),
                           str(document.get("key_note", "")), str(root))


def _read(root: Path) -> tuple[bytes, bytes, bytes]:
    try:
        manifest = (root / MANIFEST_NAME).read_bytes()
        signature = bytes.fromhex((root / SIGNATURE_NAME).read_text().strip())
        public = bytes.fromhex((root / KEY_NAME).read_text().strip())
    except FileNotFoundError as error:
        raise IntegrityError(f"{Path(str(error.filename)).name}: missing from the program "
                             f"at {root}") from None
    except (ValueError, OSError) as error:
        raise IntegrityError(f"the manifest's signature or key is unreadable ({error})") \
            from None
    return manifest, signature, public


def verify_program(root: Path) -> ProgramIdentity:
    """Check the signature of ``root``'s manifest and every file against it; the identity, or
    :class:`IntegrityError` naming the first file that is modified, missing or added."""
    # deferred on purpose: cryptography loads only to verify a bundle (not in a checkout)
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    manifest, signature, public = _read(root)
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, manifest)
    except (InvalidSignature, ValueError):
        raise IntegrityError(f"{MANIFEST_NAME}: its signature does not verify (the manifest "
                             "was changed after the build signed it)") from None
    try:
        listed: dict[str, Any] = json.loads(manifest)["files"]
    except (ValueError, KeyError, TypeError):
        raise IntegrityError(f"{MANIFEST_NAME}: not a manifest") from None
    present = {_relative(path, root): path for path in _files(root)}
    for name, digest in sorted(listed.items()):
        path = present.pop(name, None)
        if path is None:
            raise IntegrityError(f"{name}: missing (listed in the signed manifest)")
        if _sha256(path) != digest:
            raise IntegrityError(f"{name}: modified (its SHA-256 is not the signed manifest's)")
    if present:
        raise IntegrityError(f"{min(present)}: not in the signed manifest (a file was added)")
    return _identity(root, manifest, public)


def bundle_root() -> Path | None:
    """The folder of the running bundle (PyInstaller's), or None in a development checkout."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent
    return None


_verified: ProgramIdentity | None = None


def program_identity() -> ProgramIdentity:
    """Verify the running program once per process (raises :class:`IntegrityError`); a
    development checkout's identity says it is not verified."""
    global _verified
    if _verified is None:
        root = bundle_root()
        if root is None:
            checkout = Path(__file__).resolve().parents[1]
            kind = ("development checkout" if (checkout / "pyproject.toml").is_file()
                    else "installed package")
            _verified = ProgramIdentity(__version__, root=str(checkout), unsigned_kind=kind)
        else:
            _verified = verify_program(root)
    return _verified


def main(argv: list[str] | None = None) -> int:
    """``python -m dealer_station.integrity sign DIR --version V [--key KEY.pem]``: sign a built
    bundle (installer/build.sh). Without --key an ephemeral key is made and thrown away (a CI
    build: its identity matches no approved build)."""
    # deferred on purpose: cryptography loads only to sign a bundle
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    parser = argparse.ArgumentParser(prog="python -m dealer_station.integrity")
    parser.add_argument("action", choices=("sign", "verify"))
    parser.add_argument("root", type=Path)
    parser.add_argument("--version", default="")
    parser.add_argument("--key", type=Path, help="the build's Ed25519 private key (PEM)")
    args = parser.parse_args(argv)
    if args.action == "verify":
        try:
            print(verify_program(args.root))
        except IntegrityError as error:
            print(f"{args.root}: {error}", file=sys.stderr)
            return 1
        return 0
    if args.key is None:
        key, note = Ed25519PrivateKey.generate(), "ephemeral key (CI build, not an approved one)"
    else:
        loaded = load_pem_private_key(args.key.read_bytes(), password=None)
        if not isinstance(loaded, Ed25519PrivateKey):
            print(f"{args.key}: not an Ed25519 private key", file=sys.stderr)
            return 2
        key, note = loaded, ""
    print(sign(args.root, key, version=args.version, key_note=note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
