"""PyInstaller runtime hook run before every other (the spec's ``runtime_hooks``): a module of
the program that does not decompress (a byte changed inside the executable's archive) may fail
already in PyInstaller's own runtime hooks, before ``entry.py`` can refuse it; so any uncaught
exception caused by ``zlib.error`` is the one-line refusal, never a traceback. Only modules
the bootstrap has loaded already are used here: they cannot be the damaged ones."""

from __future__ import annotations

import os
import sys
import zlib
from types import TracebackType

REFUSAL = "dealer-station: refusing to run a modified program: "
MODIFIED = 3  # the exit status entry.py and the command line's own check use


def _damaged(error: BaseException | None) -> bool:
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, zlib.error):
            return True
        error = error.__cause__ or error.__context__
    return False


_DEFAULT = sys.excepthook


def _refuse(kind: type[BaseException], error: BaseException,
            trace: TracebackType | None) -> None:
    if not _damaged(error):
        _DEFAULT(kind, error, trace)
        return
    name = os.path.basename(sys.executable)
    sys.stderr.write(f"{REFUSAL}{name}: modified (a module inside it does not decompress: "
                     f"{error})\n")
    sys.stderr.flush()
    os._exit(MODIFIED)  # before the bootloader's own "Failed to execute script" line


sys.excepthook = _refuse
