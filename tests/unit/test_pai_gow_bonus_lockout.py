"""The lockout and the acceptor light count (5324.41(k)(2), (k)(3)(i), (d)(3))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.wagers.lockout import LockoutPhase, ProgressiveLockout
from dealer_station.procedure import ProcedureError


def _locked(*positions: int) -> ProgressiveLockout:
    lock = ProgressiveLockout()
    for p in positions:
        lock = lock.light(p)
    return lock.press_lockout()


def test_count_equal_to_lights_allows_dealing_5324_41_k_2() -> None:
    lock = _locked(1, 4, 6)
    with pytest.raises(ProcedureError) as caught:
        lock.verify_deal()
    assert caught.value.clause == "5324.41(k)(2)"
    lock = lock.confirm_count(3)
    assert lock.phase is LockoutPhase.CONFIRMED and lock.can_deal
    assert lock.wagered == (1, 4, 6)


def test_no_dealing_before_the_lockout_5324_41_k_2() -> None:
    lock = ProgressiveLockout().light(2)
    assert not lock.can_deal
    with pytest.raises(ProcedureError):
        lock.confirm_count(1)


def test_late_wager_after_lockout_is_not_recognised_5324_41_k_2_d_3() -> None:
    lock = _locked(2)
    with pytest.raises(ProcedureError) as caught:
        lock.light(5)
    assert "not recognised" in caught.value.reason
    assert lock.confirm_count(1).wagered == (2,)


def test_mismatch_blocks_dealing_until_resolved_5324_41_k_2() -> None:
    lock = _locked(1, 3).confirm_count(3)
    assert lock.mismatch == (3, 2) and not lock.can_deal
    with pytest.raises(ProcedureError) as caught:
        lock.verify_deal()
    assert "mismatch" in caught.value.reason
    with pytest.raises(ProcedureError):  # a reason must be written down
        lock.resolve_mismatch(returned=(5,), reason=" ")
    with pytest.raises(ProcedureError):  # the numbers must then agree
        lock.resolve_mismatch(voided=(1,), reason="light at 1 without chip")
    with pytest.raises(ProcedureError):  # a chip is returned only where no light lit
        lock.resolve_mismatch(returned=(3,), reason="x")
    fixed = lock.resolve_mismatch(returned=(5,), reason="chip at 5, its light did not come on")
    assert fixed.can_deal and fixed.wagered == (1, 3) and fixed.returned == (5,)
    assert fixed.resolutions == ("chip at 5, its light did not come on",)
    assert fixed.to_json()["resolutions"] == ["chip at 5, its light did not come on"]


def test_voided_light_cannot_win_5324_41_k_3_i() -> None:
    lock = _locked(2, 4).confirm_count(1).resolve_mismatch(voided=(4,), reason="no chip at 4")
    lock.verify_can_win(2)
    with pytest.raises(ProcedureError) as caught:
        lock.verify_can_win(4)
    assert caught.value.clause == "5324.41(k)(3)(i)"


def test_recount_resolves_a_miscount() -> None:
    lock = _locked(1, 2).confirm_count(1)
    assert not lock.can_deal
    assert lock.confirm_count(2).can_deal


def test_only_lit_positions_can_win_5324_41_k_3_i() -> None:
    lock = _locked(6).confirm_count(1)
    lock.verify_can_win(6)
    with pytest.raises(ProcedureError):
        lock.verify_can_win(5)
    with pytest.raises(ProcedureError):  # nothing can win before the count is confirmed
        _locked(6).verify_can_win(6)


def test_one_chip_per_acceptor_5324_41_k_1() -> None:
    with pytest.raises(ProcedureError):
        ProgressiveLockout().light(3).light(3)
