"""The wheel carries what the program opens at run time (resources/, the guides and the pictures
they show), and an installed wheel, away from the checkout, finds them and passes ``--check``
against the simulated devices.

The wheel is built once per module the way pip builds it for any user (``pip wheel``, in pip's
isolated build environment with the pinned setuptools of installer/constraints.txt; about 8 s)
from a copy of the checkout, then installed into a new virtual environment that sees the test's
dependencies but not the checkout.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from dealer_station.guide import GUIDES

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

#: An image a guide shows: ![words](relative/path.png)
IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def _run(*command: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True,
                          timeout=300, check=False, **kwargs)  # type: ignore[call-overload]


#: What a checkout holds besides its source: left out of the copy the wheel is built from.
NOT_SOURCE = {".git", ".venv", "build", "dist", ".mypy_cache", ".ruff_cache", ".hypothesis",
              ".pytest_cache"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the checkout: pip builds in the source tree, and its
    build/ and egg-info left in the checkout would be a second dealer_station beside it."""
    work = tmp_path_factory.mktemp("wheel")
    source, out = work / "source", work / "out"
    source.mkdir()
    for entry in ROOT.iterdir():
        if entry.name in NOT_SOURCE or entry.name.endswith(".egg-info"):
            continue
        if entry.is_dir():
            shutil.copytree(entry, source / entry.name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(entry, source / entry.name)
    env = {**os.environ, "PIP_CONSTRAINT": str(ROOT / "installer" / "constraints.txt"),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    built = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source,
                 env=env)
    assert built.returncode == 0, built.stdout + built.stderr
    (found,) = out.glob("dealer_station-*.whl")
    return found


def _guide_images() -> set[str]:
    """Every picture a guide links, as its path under docs/."""
    images = set()
    for name in GUIDES:
        text = (ROOT / "docs" / "guide" / f"{name}.md").read_text(encoding="utf-8")
        for link in IMAGE_LINK.findall(text):
            images.add(os.path.normpath(f"guide/{link}"))
    return images


def test_wheel_carries_every_resource_the_guides_and_the_pictures_they_show(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    resources = {p.relative_to(ROOT / "resources").as_posix()
                 for p in (ROOT / "resources").rglob("*")
                 if p.is_file() and not p.name.startswith(".")}
    assert {"let_it_ride.toml", "pai_gow.toml", "pai_gow_census.json",
            "house_ways/standard.toml"} <= resources
    missing = {f"dealer_station/resources/{r}" for r in resources} - names
    assert not missing, f"the wheel lacks {sorted(missing)}"
    guides = {f"dealer_station/docs/guide/{g}.md" for g in GUIDES}
    images = _guide_images()
    assert len(images) > 20
    missing = (guides | {f"dealer_station/docs/{i}" for i in images}) - names
    assert not missing, f"the wheel lacks {sorted(missing)}"
    assert "dealer_station/py.typed" in names and "drivers/py.typed" in names


def test_installed_wheel_finds_its_resources_and_guides_and_passes_check(
        wheel: Path, tmp_path: Path) -> None:
    """A new virtual environment, the wheel installed into it, the test's own dependencies beside
    (a .pth naming their site-packages, whose .pth files, an editable install's among them, are
    not read): the program, its resources and guides all come from the installed wheel."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    installed = _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps",
                     "--no-index", "-q", wheel)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site = Path(_run(python, "-c", "import sysconfig;print(sysconfig.get_path('purelib'))",
                     cwd=tmp_path).stdout.strip())
    dependencies = [p for p in sys.path if Path(p).name == "site-packages"]
    (site / "zz-test-dependencies.pth").write_text("\n".join(dependencies) + "\n")

    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DEALER_STATION_", "PYTHON"))}
    env["QT_QPA_PLATFORM"] = "offscreen"
    where = _run(python, "-c", "import dealer_station.guide as g, dealer_station.resources_path"
                 " as r;print(r.resource_path('let_it_ride.toml'));print(g.guide_dir())",
                 cwd=tmp_path, env=env)
    assert where.returncode == 0, where.stderr
    resources, guides = (Path(line) for line in where.stdout.split())
    package = site / "dealer_station"
    assert resources == package / "resources" / "let_it_ride.toml" and resources.is_file()
    assert guides == package / "docs" / "guide"
    for image in _guide_images():
        assert (package / "docs" / image).is_file(), image

    data = tmp_path / "data"
    check = _run(env_dir / "bin" / "dealer-station", "--data-dir", data, "--check",
                 cwd=tmp_path, env=env)
    assert check.returncode == 0, check.stdout + check.stderr
    lines = check.stdout.splitlines()
    assert f"installed package at {site}" in lines[0]
    assert any(line.startswith("OK    configuration: let_it_ride from the shipped default")
               for line in lines), check.stdout
    assert any(line.startswith("OK    devices:") and "simulated table" in line
               for line in lines), check.stdout
