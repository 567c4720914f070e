"""A byte changed inside the bundled executable (the program's modules are compressed in it):
the import that meets it fails with ``zlib.error`` before the command line checks the signed
manifest. The bundle's entry point refuses the program in one line naming what was changed
(the manifest's check when it still runs, else the executable), never a traceback. Run as the
bundle runs it: ``installer/entry.py`` as ``__main__``, ``sys.frozen`` set, the executable in
a signed bundle; the damaged module is the import that raises ``zlib.error``."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealer_station.integrity import sign

ENTRY = Path(__file__).resolve().parents[2] / "installer" / "entry.py"

_DRIVER = textwrap.dedent("""\
    import importlib.abc, importlib.machinery, runpy, sys, zlib
    damaged = set(sys.argv[3].split(","))

    class Damaged(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            if name in damaged:
                return importlib.machinery.ModuleSpec(name, self)
            return None

        def create_module(self, spec):
            return None

        def exec_module(self, module):  # as PyInstaller's archive reader meets a changed byte
            raise zlib.error("Error -3 while decompressing data: invalid distance too far back")

    sys.meta_path.insert(0, Damaged())
    sys.frozen = True
    sys.executable = sys.argv[2]
    sys.argv = [sys.argv[2], "hand", "As", "Ks", "Qs"]
    runpy.run_path(ENTRY, run_name="__main__")
""")


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    root = tmp_path / "dealer-station"
    (root / "_internal").mkdir(parents=True)
    (root / "dealer-station").write_bytes(b"\x7fELF the bootloader" + bytes(range(256)) * 16)
    (root / "_internal" / "base_library.zip").write_bytes(bytes(range(256)) * 8)
    sign(root, Ed25519PrivateKey.generate(), version="0.1.0")
    executable = root / "dealer-station"
    data = bytearray(executable.read_bytes())
    data[1000] ^= 0x40  # one byte of the archive inside the executable
    executable.write_bytes(bytes(data))
    return root


def _start(bundle: Path, damaged: str) -> subprocess.CompletedProcess[str]:
    driver = _DRIVER.replace("ENTRY", repr(str(ENTRY)))
    return subprocess.run([sys.executable, "-c", driver, "x", str(bundle / "dealer-station"),
                           damaged], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("damaged", ["dealer_station.cli", "dealer_station.commands.hand"])
def test_a_changed_byte_is_refused_naming_the_executable(bundle: Path, damaged: str) -> None:
    run = _start(bundle, damaged)
    assert run.returncode == 3, run.stderr
    assert "Traceback" not in run.stderr and "zlib.error" not in run.stderr
    assert run.stderr == ("dealer-station: refusing to run a modified program: dealer-station: "
                          "modified (its SHA-256 is not the signed manifest's)\n")


def test_the_check_itself_damaged_still_refuses_in_one_line(bundle: Path) -> None:
    run = _start(bundle, "dealer_station.cli,dealer_station.integrity")
    assert run.returncode == 3, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("dealer-station: refusing to run a modified program: "
                                 "dealer-station: modified (a module inside it does not "
                                 "decompress: Error -3 while decompressing data")


def test_other_errors_are_not_taken_for_a_modified_program() -> None:
    sys.path.insert(0, str(ENTRY.parent))
    try:
        import entry
    finally:
        sys.path.remove(str(ENTRY.parent))
    import zlib

    assert not entry.damaged_archive(ImportError("x"))
    assert not entry.damaged_archive(ValueError("an amount"))
    try:
        try:
            raise zlib.error("Error -3")
        except zlib.error as inner:
            raise ImportError("error loading module") from inner
    except ImportError as outer:
        assert entry.damaged_archive(outer)
