"""The one base of the rules' refusals (a leaf: imports nothing of the project).

Every refusal the rules core gives, an action the procedure does not allow now
(:class:`~dealer_station.procedure.ProcedureError`) or a configuration the regulation does not
allow (the games' ``ConfigError``), is a :class:`RuleError`: the reason in plain words and the
regulation clause it would break, when there is one. A caller that shows any refusal catches
``RuleError``; one that handles a kind catches that kind, by its own name.

>>> error = RuleError("no more bets have been called", "5324.34(c)(3)")
>>> str(error), error.reason, error.clause
('no more bets have been called [5324.34(c)(3)]', 'no more bets have been called', '5324.34(c)(3)')
>>> str(RuleError("no clause here"))
'no clause here'
"""

from __future__ import annotations

__all__ = ["RuleError"]


class RuleError(Exception):
    """A refusal by the rules: ``reason`` in plain words and the ``clause`` it would break
    (``5324.41(g)(5)``), or None where no single clause applies."""

    def __init__(self, reason: str, clause: str | None = None) -> None:
        self.reason = reason
        self.clause = clause
        super().__init__(f"{reason} [{clause}]" if clause else reason)
