"""Refusals in plain words on every screen: what the station says when it refuses, without the
program's own names (``Station.supervise``, ``approve_progressive``, ``'S-100'``, a Python
exception's class) that a dealer, supervisor or technician cannot act on. Qt-free.

>>> plain_words("approve_progressive is a supervisor's decision: it needs the supervisor's id "
...             "and PIN (Station.supervise('approve_progressive', …))")
"approve progressive is a supervisor's decision: it needs the supervisor's id and PIN"
>>> plain_words("no user 'S-9' [5324.41(k)(3)]")
'no user S-9 [5324.41(k)(3)]'
>>> plain_words("PaiGowRound.verify_deal() missing 1 required keyword-only argument: 'cards'")
'deal: missing 1 required keyword-only argument: cards'
>>> plain_words("/dev/pts/0: no answer from device 1 after 4 attempts")
'/dev/pts/0: no answer from device 1 after 4 attempts'
"""

from __future__ import annotations

import re

from dealer_station.errors import RuleError

__all__ = ["plain_words", "refusal"]

#: A reference to the program's code in parentheses: ``(Station.supervise)``,
#: ``(Station.supervise('approve_progressive', …))``.
_CODE_IN_PARENS = re.compile(r"\s*\((?:[A-Z]\w*\.)+\w+(?:\((?:[^()]|\([^()]*\))*\))?\)")
#: A method of a class, called or named: ``PaiGowRound.verify_deal()`` → ``deal``.
_METHOD = re.compile(r"\b(?:[A-Z]\w*\.)+(?:verify_|can_)?(\w+)\(\)")
_QUALIFIED = re.compile(r"\b(?:[A-Z][a-z]\w*\.)+([a-z_]\w*)\b")
#: A quoted word as Python prints it: ``'S-100'`` → ``S-100``.
_QUOTED = re.compile(r"'([^'\s]{1,60})'")
#: A snake_case name outside a path or a dotted name: ``approve_progressive``.
_SNAKE = re.compile(r"(?<![/\w.])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w/])")
#: Exception class names Python puts in front of a message.
_EXCEPTION = re.compile(r"^\s*(?:[A-Z]\w*(?:Error|Exception|Denied)):\s*")


def plain_words(text: str) -> str:
    """``text`` with the program's names taken out or spelt as words."""
    words = _EXCEPTION.sub("", text)
    words = _CODE_IN_PARENS.sub("", words)
    words = _METHOD.sub(lambda m: f"{m.group(1)}:", words)
    words = _QUALIFIED.sub(lambda m: m.group(1), words)
    words = _QUOTED.sub(lambda m: m.group(1), words)
    words = _SNAKE.sub(lambda m: m.group(1).replace("_", " "), words)
    words = re.sub(r":\s*:", ":", words)
    words = re.sub(r"\s{2,}", " ", words)
    return words.strip()


def refusal(error: BaseException) -> str:
    """The words shown for a refusal: the reason and, when there is one, the clause, in plain
    words.

    >>> from dealer_station.procedure import ProcedureError
    >>> refusal(ProcedureError("only a supervisor may change the configuration", "5324.2"))
    'only a supervisor may change the configuration [5324.2]'
    >>> refusal(KeyError("position"))
    'position'
    """
    if isinstance(error, RuleError):
        words = error.reason + (f" [{error.clause}]" if error.clause else "")
    elif isinstance(error, KeyError) and error.args:
        words = str(error.args[0])
    else:
        words = str(error) or type(error).__name__
    return plain_words(words)
