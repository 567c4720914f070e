"""The guides are found where each install puts them: a checkout's docs/, a PyInstaller bundle's
docs/ (installer/dealer-station.spec copies them there); an unknown guide is one clear error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dealer_station.guide import GUIDES, GuideError, guide_dir, guide_path


def test_a_checkout_finds_every_guide() -> None:
    for name in GUIDES:
        assert guide_path(name).is_file()


def test_a_bundle_finds_the_guides_it_unpacked(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "docs" / "guide").mkdir(parents=True)
    (tmp_path / "docs" / "guide" / "dealer.md").write_text("# The dealer's guide\n")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert guide_dir() == tmp_path / "docs" / "guide"


def test_the_spec_bundles_the_guides_and_their_screenshots() -> None:
    spec = (Path(__file__).resolve().parents[2] / "installer" / "dealer-station.spec").read_text()
    assert '("guide", "journeys", "screenshots")' in spec and "+ guides +" in spec


def test_an_unknown_guide_is_refused_in_words() -> None:
    with pytest.raises(GuideError, match="no guide 'cashier': the guides are dealer, "):
        guide_path("cashier")
