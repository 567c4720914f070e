"""Benchmark of the program's start-up self-check (dealer_station/integrity.py): the time to
verify the signed manifest and every file's SHA-256, on the built bundle when there is one
(``dist/dealer-station``, made by installer/build.sh), else on a synthetic tree of the bundle's
size (223 MB, 388 files in the 0.1.0 bundle). CPU time is shown beside wall time (the machine
may be shared). Run: ``python -m pytest tests/benchmarks/bench_integrity.py -s``.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dealer_station.integrity import sign, verify_program

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "dealer-station"
SIZE = 223 * 2**20
FILES = 388


def _synthetic(root: Path) -> Path:
    chunk = os.urandom(2**20)
    per_file = SIZE // FILES
    for index in range(FILES):
        path = root / f"d{index % 17}" / f"f{index}.so"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            left = per_file
            while left > 0:
                handle.write(chunk[: min(left, len(chunk))])
                left -= len(chunk)
    sign(root, Ed25519PrivateKey.generate(), version="bench")
    return root


def measure(root: Path, rounds: int = 3) -> dict[str, float]:
    walls, cpus = [], []
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        identity = verify_program(root)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    return {"files": float(identity.files), "megabytes": size / 2**20,
            "wall_s": min(walls), "cpu_s": min(cpus),
            "megabytes_per_cpu_s": size / 2**20 / max(min(cpus), 1e-9)}


def report() -> dict[str, float]:
    if (BUNDLE / "MANIFEST.json").exists():
        return {"built_bundle": 1.0, **measure(BUNDLE)}
    with tempfile.TemporaryDirectory() as directory:
        return {"built_bundle": 0.0, **measure(_synthetic(Path(directory)))}


def test_integrity_benchmark() -> None:
    figures = report()
    for name, value in figures.items():
        print(f"{name:>22}: {value:,.2f}")
    assert figures["files"] > 0


if __name__ == "__main__":
    test_integrity_benchmark()
