"""Supervisor validation of progressive payouts and the numbered jackpot record (5324.41(k)(3),
(k)(6), (g)(9))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.wagers.validation import (
    JackpotRecord,
    SupervisorValidation,
    ValidationState,
    next_jackpot_number,
)
from dealer_station.procedure import ProcedureError


def _request(**kwargs: object) -> SupervisorValidation:
    fields: dict[str, object] = dict(
        position=4, cards="As Ks Qs Js Ts 9h 9d", hand="natural_royal_flush_and_pair",
        share_basis_points=10000, fixed_amount=None, meter=2_000_000, dealer_id="D1")
    fields.update(kwargs)
    return SupervisorValidation(**fields)  # type: ignore[arg-type]


def test_approve_pays_from_the_meter_at_payment_5324_41_k_6() -> None:
    request = _request()
    assert "meter $20,000.00" in request.summary and "As Ks Qs Js Ts 9h 9d" in request.summary
    with pytest.raises(ProcedureError):
        request.verify_payable()  # missing validation blocks payment
    approved = request.approve("S9", "supervisor", meter=2_000_500)
    approved.verify_payable()
    assert approved.state is ValidationState.APPROVED
    assert (approved.amount, approved.meter, approved.supervisor_id) == (2_000_500, 2_000_500, "S9")


def test_reject_with_reason_5324_41_k_3_iii() -> None:
    request = _request(hand="straight_flush", share_basis_points=None, fixed_amount=2_500)
    with pytest.raises(ProcedureError):
        request.reject("S9", "supervisor", reason="")
    rejected = request.reject("S9", "supervisor", reason="the hand is a flush, not a straight "
                              "flush")
    assert rejected.state is ValidationState.REJECTED and rejected.amount is None
    with pytest.raises(ProcedureError) as caught:
        rejected.verify_payable()
    assert "rejected" in caught.value.reason
    with pytest.raises(ProcedureError):
        rejected.approve("S9", "supervisor", meter=2_000_000)


@pytest.mark.parametrize("role", ["dealer", "technician", "", "Supervisor"])
def test_wrong_role_refused_5324_41_k_3_iii(role: str) -> None:
    with pytest.raises(ProcedureError) as caught:
        _request().approve("S9", role, meter=2_000_000)
    assert caught.value.clause == "5324.41(k)(3)(iii)"


def test_the_dealer_cannot_validate_their_own_round_5324_41_k_3_iii() -> None:
    with pytest.raises(ProcedureError):
        _request().approve("D1", "supervisor", meter=2_000_000)
    with pytest.raises(ProcedureError):
        _request().reject("D1", "supervisor", reason="mine")


def test_fixed_payout_ignores_the_meter() -> None:
    request = _request(hand="royal_flush", share_basis_points=None, fixed_amount=10_000)
    assert request.approve("S2", "supervisor", meter=5_000_000).amount == 10_000


def test_ten_percent_of_the_meter_at_payment() -> None:
    request = _request(hand="five_aces", share_basis_points=1000)
    assert request.approve("S2", "supervisor", meter=1_234_567).amount == 123_457


def test_jackpot_record_5324_41_g_9() -> None:
    approved = _request().approve("S9", "supervisor", meter=2_000_000)
    record = JackpotRecord.for_payout(approved, number=next_jackpot_number(6), round_id="r-17",
                                      denomination=100, meter_after=1_000_000,
                                      time="2026-11-29T16:00:00Z")
    assert record.number == 7 and record.amount == 2_000_000
    assert record.meter_before == 2_000_000 and record.meter_after == 1_000_000
    assert record.cards == "As Ks Qs Js Ts 9h 9d" and record.supervisor_id == "S9"
    assert record.to_json()["hand"] == "natural_royal_flush_and_pair"
    with pytest.raises(ProcedureError):
        JackpotRecord.for_payout(_request(), number=8, round_id=None, denomination=100,
                                 meter_after=0, time="t")
