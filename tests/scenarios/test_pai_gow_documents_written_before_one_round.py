"""Round documents written before a Pai Gow round held its optional wagers as a part (issue 15):
the documents in ``pai_gow_documents/`` were written by ``PaiGowBonusRound`` (a wrapper with its
own records and payments around the core round) and by the core round of that time. The one
reader of today (:func:`round_from_document`) reads each back, the round writes the same document
again to the letter (records, payments, nets, the optional wagers' section), and
``dealer-station settle`` finds its payments matching: a journal written then resumes now (the
station compares the replayed records with the journal's).

Among them the records that cite a pai gow line by its number among the pai gow lines, which is
not its order once an optional wager's line went before it (a three-card bonus paid, an imperial
bonus collected at a surrender)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_station.games.pai_gow.document import round_from_document, settle_document

FOLDER = Path(__file__).parent / "pai_gow_documents"
DOCUMENTS = sorted(FOLDER.glob("*.json"))


def test_the_documents_are_there() -> None:
    assert len(DOCUMENTS) == 10


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_a_document_written_before_reads_back_to_the_same_document(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    round_ = round_from_document(document)
    assert [r.to_json() for r in round_.history] == document["records"]
    assert json.loads(json.dumps(round_.to_document())) == document
    assert (round_.optional is not None) == ("bonus" in document)
    assert settle_document(document)["matches"] is True


def test_records_cite_pai_gow_lines_by_their_pai_gow_number() -> None:
    """The three-card bonus line went first (order 1): the settlement's record cites the pai gow
    line as 1, as the round with optional wagers always journalled it, while its order is 2."""
    document = json.loads((FOLDER / "three_card_bonus_then_settle.json").read_text())
    round_ = round_from_document(document)
    settle = next(r for r in round_.history if r.action == "settle")
    assert settle.effects["payments"] == [1]
    assert [(p.order, p.wager) for p in round_.payments] == [(1, "three_card_bonus"),
                                                               (2, "pai_gow")]
