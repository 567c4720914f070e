"""Progressive payout validation as the supervisor sees it (Qt-free view-model).

Nobody types a claim: the supervisor names the round and the betting position (the screen offers
the positions the open round waits for) and the station gives the claim as the journal holds it
(:func:`dealer_station.claims.claim_for`): the progressive wager counted at the light check, the
seven cards that position received, the best arrangement ((g)(8)), the (k)(4) hand, the meter
now, the amount and the meter after. Anything else is refused with the reason. The supervisor —
never anyone signed in at the table during that round (5324.41(k)(3)(iii)) — approves exactly
what was shown, which pays from the meter and makes the numbered jackpot record, or rejects it
with a reason, which is final. Every claim shown, approved or rejected is audited with its facts.
"""

from __future__ import annotations

from dealer_station.claims import CLAUSE, ProgressiveClaim, Waiting, claims_waiting
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store import meters as meter_store
from dealer_station.winners import WinnerIdentification

__all__ = ["CLAUSE", "JackpotClaim", "Waiting", "approve_claim", "claim_now", "claims_waiting",
           "reject_claim", "show_claim"]

#: The claim the screen shows (the station's own record of it).
JackpotClaim = ProgressiveClaim


def show_claim(station: Station, round_id: int, position: int, *, supervisor: str,
               pin: str) -> ProgressiveClaim:
    """The claim at ``position`` of round ``round_id``, shown to ``supervisor`` (audited)."""
    claim: ProgressiveClaim = station.show_progressive_claim(round_id, position,
                                                             supervisor=supervisor, pin=pin)
    return claim


def claim_now(station: Station, claim: ProgressiveClaim) -> ProgressiveClaim | None:
    """The claim shown as it stands now (the pool moves, an approval waits; None: decided
    since, or no longer what the journal gives)."""
    try:
        return station.progressive_claim_now(claim.round_id, claim.position)
    except ProcedureError:
        return None


def approve_claim(station: Station, claim: ProgressiveClaim, *, supervisor: str,
                  pin: str, second_supervisor: str = "",
                  second_pin: str = "", winner: WinnerIdentification | None = None
                  ) -> meter_store.Jackpot | Waiting:
    """Approve the claim shown — its hand, wager and share, paid from the meter as it stands
    when paid (with the second validator a payout above the station's
    ``second_validator_above`` needs, and the winner's identification one that reaches the
    reporting threshold needs); returns the numbered jackpot record, or on a linked pool the
    :class:`Waiting` of an approval that waits for an earlier hit."""
    record = station.decide_progressive_claim(claim, approve=True, supervisor=supervisor,
                                              pin=pin, second_supervisor=second_supervisor,
                                              second_pin=second_pin, winner=winner)
    if isinstance(record, Waiting):
        return record
    return meter_store.jackpot(station.store, int(record.arguments["jackpot_number"]))


def reject_claim(station: Station, claim: ProgressiveClaim, reason: str, *, supervisor: str,
                 pin: str) -> None:
    """Reject the claim shown with ``reason`` (final): nothing leaves the meter; audited."""
    if not reason.strip():
        raise ProcedureError("a rejected payout needs the reason", CLAUSE)
    station.decide_progressive_claim(claim, approve=False, supervisor=supervisor, pin=pin,
                                     reason=reason)
