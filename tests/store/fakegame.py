"""A tiny game satisfying the GameRound protocol, for the store and station tests: each player
wagers an ``ante`` (and optionally a $1 ``progressive``), the dealer locks out, deals one card to
every player and one to itself, settles (higher card wins 1:1) and collects the cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.cards import parse_card
from dealer_station.hardware import LOCKOUT_ON
from dealer_station.procedure import Payment, ProcedureError, Record, Step, allowed


class HighCardRound:
    game = "high_card"

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.positions = int(settings.get("positions", 3))
        self.minimum = int(settings.get("minimum", 500))
        self.phase = "betting"
        self.wagers: dict[int, dict[str, int]] = {}
        self.cards: dict[str, str] = {}
        self.dealt: list[str] = []
        self.collected: list[str] = []
        self._payments: list[Payment] = []
        self._history: list[Record] = []

    # -- protocol ---------------------------------------------------------------------------
    @property
    def history(self) -> Sequence[Record]:
        return tuple(self._history)

    @property
    def step(self) -> Step:
        hardware = (LOCKOUT_ON,) if self.phase not in ("betting", "complete") else ()
        return Step(self.phase, f"fake {self.phase}", hardware=hardware)

    @property
    def is_complete(self) -> bool:
        return self.phase == "complete"

    @property
    def payments(self) -> Sequence[Payment]:
        return tuple(self._payments)

    def to_document(self) -> dict[str, Any]:
        return {"game": self.game, "wagers": {str(k): v for k, v in self.wagers.items()},
                "cards": dict(self.cards), "dealt": list(self.dealt),
                "collected": list(self.collected),
                "payments": [p.to_json() for p in self._payments],
                "records": [r.to_json() for r in self._history]}

    def _record(self, action: str, arguments: dict[str, Any],
                effects: dict[str, Any] | None = None) -> Record:
        record = Record(len(self._history) + 1, action, arguments, effects or {}, "test")
        self._history.append(record)
        return record

    # -- actions ----------------------------------------------------------------------------
    def verify_place_wager(self, position: int, wager: str, amount: int) -> None:
        if self.phase != "betting":
            raise ProcedureError("no more bets", "5324.34(c)(3)")
        if not 1 <= position <= self.positions:
            raise ProcedureError(f"no position {position}")
        if wager == "ante" and amount < self.minimum:
            raise ProcedureError("below the minimum")
        if wager == "progressive" and (amount != 100 or "ante" not in self.wagers.get(position,
                                                                                      {})):
            raise ProcedureError("the progressive is $1 after the ante")
        if wager not in ("ante", "progressive") or wager in self.wagers.get(position, {}):
            raise ProcedureError("wager not allowed")

    def can_place_wager(self, position: int, wager: str, amount: int) -> bool:
        return allowed(self.verify_place_wager, position, wager, amount)

    def place_wager(self, position: int, wager: str, amount: int) -> Record:
        self.verify_place_wager(position, wager, amount)
        self.wagers.setdefault(position, {})[wager] = amount
        return self._record("place_wager", {"position": position, "wager": wager,
                                            "amount": amount})

    def verify_lock_out(self) -> None:
        if self.phase != "betting" or not self.wagers:
            raise ProcedureError("lock out after the wagers")

    def lock_out(self) -> Record:
        self.verify_lock_out()
        self.phase = "dealing"
        return self._record("lock_out", {}, {"lockout": "on"})

    def _next_target(self) -> str | None:
        for position in sorted(self.wagers):
            if str(position) not in self.cards:
                return str(position)
        return None if "dealer" in self.cards else "dealer"

    def verify_deal(self, card: str) -> None:
        if self.phase != "dealing":
            raise ProcedureError("not dealing now")
        parse_card(card)
        if card in self.cards.values():
            raise ProcedureError(f"{card} was already dealt")

    def deal(self, card: str) -> Record:
        self.verify_deal(card)
        target = self._next_target()
        assert target is not None
        self.cards[target] = card
        self.dealt.append(card)
        if self._next_target() is None:
            self.phase = "settlement"
        return self._record("deal", {"card": card}, {"to": target})

    def verify_settle(self) -> None:
        if self.phase != "settlement":
            raise ProcedureError("not settling now")

    def settle(self) -> Record:
        self.verify_settle()
        dealer = parse_card(self.cards["dealer"]).rank
        order = 0
        for position in sorted(self.wagers, reverse=True):
            mine = parse_card(self.cards[str(position)]).rank
            for wager, stake in sorted(self.wagers[position].items()):
                order += 1
                if wager == "progressive" or mine < dealer:
                    payment = Payment(order, position, wager, "collect", stake)
                elif mine == dealer:
                    payment = Payment(order, position, wager, "push", stake)
                else:
                    payment = Payment(order, position, wager, "pay", stake, stake)
                self._payments.append(payment)
        self.phase = "collect"
        return self._record("settle", {}, {"payments": [p.to_json() for p in self._payments]})

    def verify_collect_cards(self) -> None:
        if self.phase != "collect":
            raise ProcedureError("not collecting now")

    def collect_cards(self) -> Record:
        self.verify_collect_cards()
        order = [self.cards[str(p)] for p in sorted(self.wagers, reverse=True)]
        order.append(self.cards["dealer"])
        self.collected = order
        self.phase = "complete"
        return self._record("collect_cards", {}, {"cards": order})


def new_round(settings: Mapping[str, Any]) -> HighCardRound:
    return HighCardRound(settings)
