"""Entry point of the self-contained bundle (PyInstaller runs this script as ``__main__``).

The program's modules are compressed inside the executable (PyInstaller's archive), each
decompressed when first imported. A byte changed there makes that import fail with
``zlib.error`` before the command line's own check of the signed manifest can run (and so
could any later import): such a failure is a modified program, refused in one line naming
what was changed, never a traceback.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

REFUSAL = "dealer-station: refusing to run a modified program: "
#: The exit status of a refused program (the command line's own refusal uses it too).
MODIFIED = 3


def damaged_archive(error: BaseException) -> bool:
    """Whether ``error`` (or what caused it) is a module of the program that does not
    decompress: its bytes in the executable were changed."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, zlib.error):
            return True
        current = current.__cause__ or current.__context__
    return False


def what_changed(error: BaseException) -> str:
    """The changed file, found by the signed manifest's check where it still runs; else the
    executable, whose archive did not decompress."""
    executable = Path(sys.executable)
    try:
        from dealer_station.integrity import IntegrityError, verify_program

        try:
            verify_program(executable.resolve().parent)
        except IntegrityError as found:
            return str(found)
    except Exception:  # the check's own modules may be the damaged ones
        pass
    return (f"{executable.name}: modified (a module inside it does not decompress: "
            f"{error})")


def run() -> int:
    try:
        from dealer_station.cli import main

        return main()
    except Exception as error:
        if not damaged_archive(error):
            raise
        print(REFUSAL + what_changed(error), file=sys.stderr)
        return MODIFIED


if __name__ == "__main__":
    raise SystemExit(run())
