"""The seven-card census kept on disk, so the supervisor's screen computes it once per version of
the code, not once per start.

:func:`~dealer_station.analysis.pai_gow_census.census` takes about ten seconds of CPU and is
cached only for the life of a process. :class:`CensusCache` stores its result (a few hundred
feature classes and their counts) as a small JSON file under a key, :func:`census_key`: a hash of
the source of the ranking and census code (:data:`CENSUS_MODULES`) and of the file format. A file
written by other code has another key and is ignored (and overwritten), so a stored census is
never stale.

>>> import tempfile
>>> from dealer_station.analysis.pai_gow_census import census
>>> small = census((10, 11, 12), workers=1)
>>> with tempfile.TemporaryDirectory() as folder:
...     cache = CensusCache(Path(folder))
...     _ = cache.save(small, "k1")
...     (cache.load("k1") == small, cache.load("k2"))
(True, None)

Run as a program (``python -m dealer_station.analysis.cache DIRECTORY``) it computes the census of
the full deck into ``DIRECTORY`` unless a current one is there, printing ``progress DONE TOTAL``
lines: the supervisor's screen runs it as a process of its own so the GUI never waits.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib.util
import json
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import platformdirs

from dealer_station import __version__
from dealer_station.analysis import pai_gow_census
from dealer_station.analysis.five_card_table import five_card_codes
from dealer_station.analysis.pai_gow_census import (
    ALL_RANKS,
    PaiGowCensus,
    SevenCardFeatures,
    census,
    decode,
    encode,
)
from dealer_station.resources_path import resource_path

__all__ = [
    "CACHE_NAME",
    "CENSUS_MODULES",
    "FORMAT",
    "SAMPLE_RANKS",
    "CensusCache",
    "behaviour_key",
    "cache_directory",
    "census_key",
    "computed_census",
    "install",
    "installed",
    "main",
    "shipped_census",
]

#: The version of the file layout (part of the key).
FORMAT = 1
CACHE_NAME = "pai_gow_census.json"
#: The code whose every change can change the census: the census itself, the five-card table it
#: classifies with, the array helpers, and the rankings.
CENSUS_MODULES: tuple[str, ...] = (
    "dealer_station.analysis.pai_gow_census",
    "dealer_station.analysis.five_card_table",
    "dealer_station.analysis.combinatorics",
    "dealer_station.rankings.pai_gow",
    "dealer_station.rankings.seven_card",
    "dealer_station.rankings.five_card",
    "dealer_station.rankings._category",
    "dealer_station.rankings._poker",
)
#: ``$DEALER_STATION_CACHE_DIR`` overrides :func:`cache_directory`.
ENV_CACHE_DIR = "DEALER_STATION_CACHE_DIR"

Progress = Callable[[int, int], None]


def census_key(modules: Sequence[str] = CENSUS_MODULES) -> str:
    """A hash of the file format and the source of ``modules`` (a module whose source cannot be
    read, as in a frozen bundle, counts by the package version).

    >>> census_key() == census_key() and census_key() != census_key(CENSUS_MODULES[:1])
    True
    >>> len(census_key())
    64
    """
    digest = hashlib.sha256(f"format {FORMAT}\n".encode())
    for name in modules:
        digest.update(name.encode() + b"\n")
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        try:
            digest.update(Path(origin).read_bytes() if origin else b"")
        except OSError:
            digest.update(f"version {__version__}".encode())
    return digest.hexdigest()


def cache_directory() -> Path:
    """Where the census is kept: ``$DEALER_STATION_CACHE_DIR``, else the user's cache directory
    (platformdirs). It is not table data: any table's station may share it, and deleting it only
    costs one computation."""
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return Path(override)

    return Path(platformdirs.user_cache_dir("dealer-station", appauthor=False))


def _code(features: SevenCardFeatures) -> int:
    return int(encode(features.hands, features.hands_with_low_pair, features.insurance_high,
                      features.seven_card_straight_flush, features.royal_match_kq,
                      features.royal_match_ak)[()])


@dataclass(frozen=True)
class CensusCache:
    """The census file in ``directory``."""

    directory: Path

    @property
    def path(self) -> Path:
        return self.directory / CACHE_NAME

    def load(self, key: str | None) -> PaiGowCensus | None:
        """The census stored under ``key`` (``None``: under any key); ``None`` when there is
        none, it was stored under another key, or the file is damaged (its counts do not add
        up to its total)."""
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
            if document.get("format") != FORMAT or (key is not None
                                                     and document.get("key") != key):
                return None
            counts = {decode(int(code)): int(n) for code, n in document["counts"]}
        except (OSError, ValueError, KeyError, TypeError):
            return None
        found = PaiGowCensus(counts)
        if found.total != document.get("total") or len(counts) != len(document["counts"]):
            return None
        return found

    def save(self, found: PaiGowCensus, key: str) -> Path:
        """Store ``found`` under ``key`` (written whole, then renamed into place)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        document = {
            "format": FORMAT,
            "key": key,
            "total": found.total,
            "counts": sorted([_code(f), n] for f, n in found.counts.items()),
        }
        handle, temporary = tempfile.mkstemp(prefix=".census-", suffix=".tmp",
                                             dir=self.directory)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(document, out, separators=(",", ":"))
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return self.path


#: The ranks whose hands :func:`behaviour_key` classifies (deuces, fives, eights, jacks to
#: aces, and the joker: every kind of hand, straights, flushes and joker uses included).
SAMPLE_RANKS = (0, 3, 6, 9, 10, 11, 12)


@functools.lru_cache(maxsize=1)
def behaviour_key() -> str:
    """A hash of what the census code *does*: the file format, the five-card table and the
    features it finds for every class of hand of :data:`SAMPLE_RANKS` (5,343 classes, about a
    second). Unlike :func:`census_key` it does not change with an edit that changes no result
    (a comment, a faster loop), so the census shipped with the software stays valid until the
    rankings really change."""
    classes = pai_gow_census.hand_classes(SAMPLE_RANKS)
    digest = hashlib.sha256(f"format {FORMAT} behaviour\n".encode())
    codes = five_card_codes()
    for start in range(0, len(codes), 1 << 18):  # hashed as the int64 table it once was
        digest.update(codes[start : start + (1 << 18)].astype(np.int64).tobytes())
    digest.update(np.ascontiguousarray(
        pai_gow_census.hand_features(classes.representatives)).tobytes())
    return digest.hexdigest()


def shipped_census() -> PaiGowCensus | None:
    """The census shipped with the software (``resources/pai_gow_census.json``) when this code
    gives the same results as the code that computed it (:func:`behaviour_key`); ``None``
    otherwise (the rankings changed: ``python -m dealer_station.analysis.cache --ship
    resources`` makes it again)."""
    try:
        cache = CensusCache(resource_path())
    except FileNotFoundError:
        return None
    if not cache.path.is_file():
        return None
    return cache.load(behaviour_key())


def install(found: PaiGowCensus) -> None:
    """Make ``found`` the census of the full deck for this process, so the analysis
    (:func:`~dealer_station.analysis.runner.analyse_pai_gow`) uses it instead of computing."""
    pai_gow_census._CENSUSES[ALL_RANKS] = found


def installed() -> PaiGowCensus | None:
    """The census of the full deck this process already has, if any."""
    return pai_gow_census._CENSUSES.get(ALL_RANKS)


def computed_census(cache: CensusCache, *, key: str | None = None,
                    workers: int | None = None, progress: Progress | None = None,
                    ) -> tuple[PaiGowCensus, bool]:
    """The census of the full deck: this process's, else the stored one, else computed and
    stored. Also whether it came from memory or the file (``True``) or was computed."""
    key = key or census_key()
    found = installed() or cache.load(key)
    if found is not None:
        install(found)
        return found, True
    found = census(workers=workers, progress=progress)
    cache.save(found, key)
    install(found)
    return found, False


def _exit_with_parent() -> None:
    """End this process when its parent closes our standard input (the parent ended). Reads
    the raw descriptor, not ``sys.stdin``: a forked census worker closes ``sys.stdin`` and would
    wait forever for the lock a reading thread holds."""
    def watch() -> None:
        while os.read(0, 4096):
            pass
        os._exit(3)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dealer_station.analysis.cache",
        description="Compute the Pai Gow seven-card census into DIRECTORY unless it is there.")
    parser.add_argument("directory", type=Path)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--key", default=None, help="the key to store under (default: "
                        "census_key())")
    parser.add_argument("--watch-parent", action="store_true",
                        help="stop when standard input closes")
    parser.add_argument("--ship", action="store_true",
                        help="store under behaviour_key() (the census shipped in resources/)")
    args = parser.parse_args(argv)
    if args.ship:
        args.key = behaviour_key()
    if args.watch_parent:
        _exit_with_parent()

    def progress(done: int, total: int) -> None:
        print(f"progress {done} {total}", flush=True)

    _found, stored = computed_census(CensusCache(args.directory), key=args.key,
                                     workers=args.workers, progress=progress)
    print("stored" if stored else "computed", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
