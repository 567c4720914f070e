"""The two ways a screen says something to a person, the same on every screen: an **error**
(something refused or failed: the red box) and a **note** (information, work under way, a result:
the calm box; a success ringed in the success colour). Each screen had its own (a red box on the
dealer's, warm text on the supervisor's, another box at the sign-in).

:class:`MessageLabel` is the widget: :meth:`~MessageLabel.error`, :meth:`~MessageLabel.note`,
:meth:`~MessageLabel.done`; ``setText`` sorts the words itself (a refusal's words open with
"Refused", "Not done", …). It is drawn only while it has words. :func:`style_message` gives the
same look to a label of another kind (the dealer's one-line error, shortened with "…").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["DONE", "ERROR", "NOTE", "MessageLabel", "message_kind", "style_message"]

#: The style sheet's names of the three looks (QLabel#fault, #notice, #good).
ERROR = "fault"
NOTE = "notice"
DONE = "good"

#: How a refusal's or a failure's words open (the screens' own convention).
_ERROR_OPENINGS = ("refused", "not ", "could not", "cannot", "failed", "no answer", "wrong ",
                   "unknown ")


def message_kind(words: str) -> str:
    """Whether ``words`` are an error or a note.

    >>> message_kind("Refused: the round is open") == ERROR, message_kind("Saved 2 files") == NOTE
    (True, True)
    >>> message_kind("Not done: no simulated table is running") == ERROR
    True
    """
    return ERROR if words.strip().lower().startswith(_ERROR_OPENINGS) else NOTE


def style_message(label: QLabel, kind: str) -> None:
    """Draw ``label`` as a message of ``kind`` (:data:`ERROR`, :data:`NOTE`, :data:`DONE`)."""
    if label.objectName() != kind:
        label.setObjectName(kind)
        label.style().unpolish(label)
        label.style().polish(label)


def message_rules(fault: str, next_: str, ok: str, panel: str, text: str, points: int) -> str:
    """The style sheet's rules of the two messages (read by :func:`dealer_station.ui.theme.
    stylesheet`)."""
    return (f"QLabel#{ERROR} {{ color: {text}; background: #5a1f1c; border: 2px solid {fault};"
            " border-radius: 8px; padding: 8px; font-weight: bold; }\n"
            f"QLabel#{NOTE}, QLabel#{DONE} {{ color: {text}; background: {panel}; "
            f"border: 2px solid {next_}; border-radius: 8px; padding: 6px; "
            f"font-size: {points}pt; }}\n"
            f"QLabel#{DONE} {{ border-color: {ok}; }}\n")


class MessageLabel(QLabel):
    """A screen's message line: wrapped, selectable, an error or a note (see the module),
    hidden while it has no words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        style_message(self, NOTE)
        self.hide()

    @property
    def kind(self) -> str:
        """:data:`ERROR`, :data:`NOTE` or :data:`DONE`: how the words shown are drawn."""
        return self.objectName()

    def say(self, words: str, kind: str | None = None) -> None:
        """Show ``words`` as ``kind`` (``None``: sorted by :func:`message_kind`); "" hides."""
        style_message(self, kind or message_kind(words))
        super().setText(words)
        self.setVisible(bool(words))

    def error(self, words: str) -> None:
        self.say(words, ERROR)

    def note(self, words: str) -> None:
        self.say(words, NOTE)

    def done(self, words: str) -> None:
        self.say(words, DONE)

    def setText(self, text: str) -> None:
        self.say(text)
