"""What the archive page's "now:" line says after a sealing of days with nothing in them: a
fresh table sealed the day before its first record and said "the day … is sealed and verified;
its rounds leave the live store between the next two rounds" beside "No day sealed yet"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from station_helpers import PIN_COST

from dealer_station.station import Station
from dealer_station.store.sealer import Sealer


def test_a_day_with_no_record_says_nothing_to_seal_not_sealed_and_verified(
        tmp_path: Path) -> None:
    station = Station.open("T1", str(tmp_path), game="high_card",
                           settings={"positions": 3, "minimum": 500}, pin_cost=PIN_COST)
    try:
        station.create_first_supervisor("S-1", "Sam", "123456")  # today's first records
        directory, seq = station.store.directory, station.store.audit_state.seq
    finally:
        station.close()
    yesterday = (datetime.now(UTC) - timedelta(days=1)).date().isoformat()
    sealer = Sealer(directory, "T1")
    assert sealer.start(yesterday, day_ends="00:00", until_seq=seq, unremoved=[])
    assert sealer.wait(60)
    status = sealer.status()
    assert (status.state, status.message) == ("ready", f"nothing to seal through {yesterday}")
    result = sealer.take()
    assert result is not None and result.prepared is None
