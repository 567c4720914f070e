"""Pai Gow Poker's typed actions (issue 15): one frozen record per action of the round, its
fields the round method's arguments, and a journal replayed through the typed records writes the
same records (the documents of ``pai_gow_documents/``, every kind of round among them)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from dealer_station.games.pai_gow import document
from dealer_station.games.pai_gow.actions import ACTIONS, ApproveProgressive
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError, Record

DOCUMENTS = sorted((Path(__file__).parent / "pai_gow_documents").glob("*.json"))
#: The arguments the station fills in (optional in the typed record, left out at the screen).
STATION_SUPPLIED = {
    "approve_progressive": {"supervisor_id", "role", "meter", "jackpot_number", "time"},
    "reject_progressive": {"supervisor_id", "role"},
    "settle": {"meter"},
    "resolve_halt": {"supervisor"},
    "void": {"supervisor"},
}


def test_every_pai_gow_action_is_typed_with_the_rounds_own_arguments() -> None:
    actions = {name for name, _ in inspect.getmembers(PaiGowRound, inspect.isfunction)
               if hasattr(PaiGowRound, f"verify_{name}")}
    assert {"place_wager", "acceptor_lit", "settle"} <= actions  # the walk sees them
    assert set(ACTIONS) == actions
    for name, typed in ACTIONS.items():
        method = inspect.signature(getattr(PaiGowRound, name)).parameters
        wanted = {key: (param.default is inspect.Parameter.empty
                        and key not in STATION_SUPPLIED.get(name, set()))
                  for key, param in method.items() if key != "self"}
        fields = inspect.signature(typed).parameters
        assert {key: param.default is inspect.Parameter.empty
                for key, param in fields.items()} == wanted, name
    assert ApproveProgressive(position=5).arguments() == {"position": 5}


REPLAYED: list[str] = []


def typed_replay(round_: PaiGowRound, records: Sequence[Record]) -> PaiGowRound:
    for record in records:
        REPLAYED.append(record.action)
        action = ACTIONS[record.action](**record.arguments)
        getattr(round_, action.name)(**action.arguments())
    return round_


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_a_journal_replayed_through_typed_actions_writes_the_same_records(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved = json.loads(path.read_text(encoding="utf-8"))
    REPLAYED.clear()
    monkeypatch.setattr(document, "replay", typed_replay)
    try:
        round_ = document.round_from_document(saved)
    except ProcedureError as error:  # pragma: no cover - says which record, not a traceback
        pytest.fail(f"{path.stem}: {error}")
    assert len(REPLAYED) >= len(saved["records"]) > 0  # through the typed records
    assert [record.to_json() for record in round_.history] == saved["records"]
