"""The settlement of a round's optional wagers, merged with the pai gow poker wagers in the
regulated order.

Without fortune bonus or insurance wagers at the table (5324.41(g)(4)-(g)(8)):

1. exposure, from the dealer's right counter-clockwise: each position's losing or pushed pai gow
   poker wager, then its losing progressive, imperial and seven-card bonus wagers, collected at
   once ((g)(5), (g)(6));
2. payment, from the dealer's right: each winning pai gow poker wager (with its vigorish), then
   that player's winning progressive, imperial (player hand, then banker hand bonus) and
   seven-card bonus wagers ((g)(7), (g)(8), (p)(3)).

With a fortune bonus or insurance wager at the table ((l)(4)):

1. each pai gow poker wager from the dealer's right, each followed by that player's progressive
   and seven-card bonus wagers ((l)(4)(i), (g)(8));
2. the fortune bonus and insurance wagers, premium hands left face up ((l)(4)(ii));
3. the envy bonuses and premium fortune bonuses ((l)(4)(iii)).

The progressive is paid from the meter as it stands at each payment ((k)(6)): a payout deducted
from the meter lowers (and, below the reset amount, reseeds) the meter the next one is paid from,
so a second 100%-of-meter hand after a first is paid from the reset meter. Payout limits
((m)(4), (o)(3), (p)(6)) are applied last, in payment order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dealer_station.cards import Card
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import Payment, ProcedureError

from .config import BonusConfig
from .families import BonusWager
from .fortune import bonus_and_insurance_pass, envy_and_premium_pass
from .hands import progressive_hands, progressive_setting
from .imperial import banker_cards_for, imperial_lines
from .limits import apply_limits
from .progressive import ProgressiveMeter, ProgressivePayout, progressive_payout
from .seats import Seat, draft, far_right_first, number
from .three_seven import seven_card_lines

__all__ = [
    "BonusSettlement",
    "cards_kept",
    "chips_out",
    "progressive_line",
    "settle_round",
    "uses_fortune_sequence",
]

_PROGRESSIVE = BonusWager.PROGRESSIVE.value


@dataclass(frozen=True, slots=True)
class BonusSettlement:
    """A round's settlement: ``payments`` in order; ``left_face_up``: premium hands acknowledged
    and left face up until the final pass ((l)(4)(ii)(c)); ``cards_kept``: positions whose cards
    stay on the layout after their pai gow wager is settled ((l)(4)(i)(a)-(b)); ``validations``:
    positions whose progressive payout is deducted from the meter and waits for a supervisor
    ((k)(3)(iii));
    ``meter_after``: the meter after every payout shown (None without a reading)."""

    payments: tuple[Payment, ...]
    cards_kept: tuple[int, ...] = ()
    left_face_up: tuple[int, ...] = ()
    validations: tuple[int, ...] = ()
    meter_after: Cents | None = None


def uses_fortune_sequence(seats: Iterable[Seat]) -> bool:
    """Whether (l)(4)'s sequence applies: a fortune bonus or insurance wager at the table."""
    return any(s.wager(BonusWager.FORTUNE_BONUS) or s.wager(BonusWager.INSURANCE) for s in seats)


def cards_kept(seats: Iterable[Seat]) -> tuple[int, ...]:
    """Positions whose seven cards stay on the layout after the pai gow wagers are settled, for
    the bonus and insurance passes: every player with a fortune bonus ((l)(4)(i)(a)), and every
    player at the table when anyone has an insurance wager or a fortune bonus of $5 or more
    ((l)(4)(i)(b)); from the dealer's right.

    >>> from dealer_station.cards import parse_cards
    >>> cards = parse_cards("2c 4d 6c 8s Th Jh Kh")
    >>> cards_kept([Seat(1, cards, {"fortune_bonus": 100}), Seat(3, cards)])
    (1,)
    >>> cards_kept([Seat(1, cards, {"fortune_bonus": 500}), Seat(3, cards)])
    (3, 1)
    """
    ordered = far_right_first(seats)
    if any(s.wager(BonusWager.INSURANCE) or s.has_envy_marker for s in ordered):
        return tuple(s.position for s in ordered)
    return tuple(s.position for s in ordered if s.wager(BonusWager.FORTUNE_BONUS))


def progressive_line(
    seat: Seat, config: BonusConfig, meter: ProgressiveMeter | None
) -> tuple[Payment, ProgressivePayout | None]:
    """The progressive line of ``seat``: collected, or paid from the chip tray, or deducted from
    ``meter`` now (which is then lowered and reseeded as at payment, (k)(6))."""
    stake = seat.wager(BonusWager.PROGRESSIVE)
    reading = meter.value if meter is not None else None
    payout = progressive_payout(progressive_hands(seat.cards), config.table("progressive"),
                                config.progressive_denomination, reading)
    tray = "the wager went into the chip tray at the lockout (k)(2)"
    if payout is None:
        return draft(seat, _PROGRESSIVE, "collect", stake, clause="5324.41(g)(5)",
                     note=tray), None
    tray = f"reset the hands to {progressive_setting(seat.cards, payout.hand)} (g)(8); {tray}"
    if not payout.from_meter:
        amount = payout.amount(0)
        return draft(seat, _PROGRESSIVE, "pay", stake, amount, hand=payout.hand,
                     clause="5324.41(k)(3)", note=f"paid from the chip tray; {tray}"), payout
    if meter is None:
        raise ProcedureError("a progressive payout from the meter needs the meter reading",
                             "5324.41(k)(6)")
    before = meter.value
    amount = payout.amount(before)
    meter.deduct(amount, note=f"position {seat.position} {payout.hand}")
    note = (f"deducted from the meter ({format_cents(before)} -> {format_cents(meter.value)}); "
            f"awaiting supervisor validation; {tray}")
    return draft(seat, _PROGRESSIVE, "pay", stake, amount, hand=payout.hand,
                 clause="5324.41(k)(3)(iii)", note=note), payout


def settle_round(
    config: BonusConfig,
    seats: Sequence[Seat],
    dealer_cards: Sequence[Card],
    pai_gow: Sequence[Payment] = (),
    *,
    meter: Cents | None = None,
    bank_position: int | None = None,
    progressive_positions: Iterable[int] | None = None,
) -> BonusSettlement:
    """Every payment of the round after the hands are set, in the regulated order.

    ``pai_gow``: the pai gow poker lines of the core (one per position, with vigorish; lines of
    other positions such as the bank's are kept, after the players'); ``meter``: the progressive
    meter reading now; ``bank_position``: the player banking the round, if any;
    ``progressive_positions``: the positions lit at the confirmed lockout (only these can win
    the progressive, (k)(3)(i); default: every seat with a progressive wager).
    """
    lit = None if progressive_positions is None else set(progressive_positions)
    for seat in seats:
        stake = seat.wager(BonusWager.PROGRESSIVE)
        if stake and stake != config.progressive_denomination:
            raise ProcedureError(
                f"the progressive wager at position {seat.position} is {format_cents(stake)}, "
                f"not {format_cents(config.progressive_denomination)}", "5324.41(k)(1)")
        if stake and lit is not None and seat.position not in lit:
            raise ProcedureError(
                f"position {seat.position} has no lit acceptor light: no progressive wager",
                "5324.41(k)(3)(i)")
        for wager in seat.wagers:
            if seat.wagers[wager] and not config.offers(BonusWager(wager)):
                raise ProcedureError(f"the {BonusWager(wager).words} is not offered here",
                                     "5324.41(d)(1)")
    by_position: dict[int | str, list[Payment]] = {}
    others: list[Payment] = []
    seat_positions = {s.position for s in seats}
    for line in pai_gow:
        if line.position in seat_positions:
            by_position.setdefault(line.position, []).append(line)
        else:
            others.append(line)
    bank = next((s for s in seats if s.position == bank_position), None)
    running = (None if meter is None else
               ProgressiveMeter(config.progressive_reset, config.progressive_rate_basis_points,
                                meter))
    validations: list[int] = []
    ordered = far_right_first(seats)

    def progressive(seat: Seat) -> Payment | None:
        if not seat.wager(BonusWager.PROGRESSIVE):
            return None
        line, payout = progressive_line(seat, config, running)
        if payout is not None and payout.needs_validation:
            validations.append(seat.position)
        return line

    lines: list[Payment] = []
    left_up: list[int] = []
    kept = cards_kept(seats)
    if uses_fortune_sequence(seats):
        for seat in ordered:
            lines.extend(by_position.get(seat.position, []))
            prog = progressive(seat)
            lines.extend([prog] if prog else [])
            collects, pays = seven_card_lines(seat, config)
            lines.extend(collects + pays)
        lines.extend(others)
        second, left_up = bonus_and_insurance_pass(seats, config)
        lines.extend(second)
        lines.extend(envy_and_premium_pass(seats, dealer_cards, config))
    else:
        exposure: list[Payment] = []
        payment: list[Payment] = []
        for seat in ordered:
            own = by_position.get(seat.position, [])
            exposure.extend(line for line in own if line.outcome != "pay")
            payment.extend(line for line in own if line.outcome == "pay")
            prog = progressive(seat)
            imperial = imperial_lines(seat, banker_cards_for(seat, dealer_cards, bank), config)
            seven = seven_card_lines(seat, config)
            for target, group in ((exposure, 0), (payment, 1)):
                if prog is not None and (prog.outcome == "pay") == bool(group):
                    target.append(prog)
                target.extend(imperial[group])
                target.extend(seven[group])
        lines = exposure + payment + others
    limited = apply_limits(lines, {
        "fortune_insurance": config.fortune_insurance_limit,
        "seven_card": config.seven_card_limit,
        "imperial": config.imperial_limit,
    })
    return BonusSettlement(
        payments=tuple(number(limited)),
        cards_kept=kept,
        left_face_up=tuple(left_up),
        validations=tuple(validations),
        meter_after=None if running is None else running.value,
    )


def chips_out(payment: Payment) -> Cents:
    """The chips the dealer hands over for a line: a win with its wager returned, a push or a
    return; a progressive win is its amount only (the wager went into the tray at the lockout)."""
    if payment.outcome == "pay":
        returned = 0 if payment.wager == _PROGRESSIVE else payment.stake
        return payment.amount - payment.vigorish + returned
    if payment.outcome in ("push", "return"):
        return payment.stake
    return 0


