"""Keys meant for one screen never act on another: the dealer's step shortcuts (S or Enter START
ROUND, L NO MORE BETS, …) are window shortcuts, so a key typed where no box takes it reaches
them. :class:`KeyGuard` watches the keys of the dealer's window and stops three ways a key
meant for a box, or for a staff screen, acted on the dealer's step:

* **Enter in a box of the dealer's screen** (a form's words, the supervisor's id at a
  validation, the SIMULATED TABLE's next cards) is the box's own Enter: Qt's line edits leave
  Enter to the window's shortcuts, so it pressed the step's primary button (NO MORE BETS from a
  CALL A SUPERVISOR… form) instead of going on to the next box.
* **Keys typed just after a staff screen closed** while a dealer is still signed in — an id, a
  PIN and Enter typed for a sign-in that is not there ("S-100" started a round with its S, its
  Enter the next) — are ignored until the keyboard has been quiet for :data:`QUIET_SECONDS`,
  or the dealer taps the screen.
* **Typing with no box to take it** (a digit, a dash: no step has such a key) holds the step's
  keys the same way, so the rest of what was typed (its Enter) does nothing. A letter the step
  shown does not offer (a step's key at another step) holds nothing: it does nothing.

* **Cards typed while the card entry shows but its box lost the focus** (a rank or suit key
  tapped, the felt tapped) go to the box, as the entry's own keys: they were held as "typed
  where no box takes them" and the cards were lost.

Each hold says so once, in the step's notes (who is signed in; the keys work again after a
pause), and its words go when the hold ends (they said keys were ignored long after they no
longer were). Space is never held: it only ticks the next payment line (undone with a tap) and no id
or PIN has one. The staff screens and the guide take every key while they show (their own
filters), so the guard stands aside for them.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["QUIET_SECONDS", "KeyGuard"]

#: How long the keyboard must be quiet before the step's keys act again after a hold.
QUIET_SECONDS = 1.5

_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_FIELDS = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit)


def _typed(event: QKeyEvent) -> bool:
    """A key that types something (or Enter): what an id, a PIN or a box's words are made of;
    never Space, a modifier alone, an arrow or Escape."""
    if event.key() in _ENTER:
        return True
    if event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                            | Qt.KeyboardModifier.AltModifier):
        return False
    text = event.text()
    return bool(text) and text.isprintable() and not text.isspace()


class KeyGuard(QObject):
    """The dealer's ``window``'s keys (see the module): ``standing_aside()`` is true while
    another screen takes every key (a staff screen, the guide); ``say(words)`` shows a hold's
    words on the dealer's screen, ``unsay()`` takes them back once the hold is over;
    ``signed_in()`` whether a dealer is on duty there."""

    def __init__(self, window: QMainWindow, *, standing_aside: Callable[[], bool],
                 say: Callable[[str], None], signed_in: Callable[[], str],
                 typing_box: Callable[[], QLineEdit | None] = lambda: None,
                 unsay: Callable[[], None] = lambda: None) -> None:
        super().__init__(window)
        self.window = window
        self._typing_box = typing_box
        self._standing_aside = standing_aside
        self._say = say
        self._unsay = unsay
        self._signed_in = signed_in
        self._held_until = 0.0
        self._why = ""
        self._said = False
        #: Looks again when a hold should be over: a hold said ends its words then.
        self._end_timer = QTimer(self)
        self._end_timer.setSingleShot(True)
        self._end_timer.timeout.connect(self._hold_over)
        application = QApplication.instance()
        if application is not None:
            application.installEventFilter(self)

    @property
    def holding(self) -> bool:
        return time.monotonic() < self._held_until

    def hold(self, why: str) -> None:
        """Hold the step's keys until the keyboard is quiet (``why``: what the keys were
        probably meant for, said with the hold). Only while a dealer is signed in: signed out,
        the keys go to the sign-in's id."""
        if not self._signed_in():
            return
        self._held_until = time.monotonic() + QUIET_SECONDS
        self._why, self._said = why, False

    def release(self) -> None:
        self._held_until = 0.0
        if self._said:
            self._hold_over()

    def _hold_over(self) -> None:
        """The hold's end: its words go (the keys work again); a key typed meanwhile made it
        longer, so look again when it ends."""
        left = self._held_until - time.monotonic()
        if left > 0:
            self._end_timer.start(max(1, round(left * 1000)))
            return
        if self._said:
            self._said = False
            self._unsay()

    def _ignored(self) -> None:
        """A key held: the hold lasts until the keyboard is quiet; said once, its words taken
        back when it ends."""
        self._held_until = time.monotonic() + QUIET_SECONDS
        self._end_timer.start(round(QUIET_SECONDS * 1000))
        if self._said:
            return
        self._said = True
        who = self._signed_in()
        self._say(f"Keys ignored: {self._why}, with {who} signed in here. The keys work "
                  "again after a pause.")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress,
                        QEvent.Type.MouseButtonPress):
            return False
        central = self.window.centralWidget()
        if not isinstance(watched, QWidget) or not (
                watched is self.window or (central is not None and (
                    watched is central or central.isAncestorOf(watched)))):
            return False  # a staff screen, the guide: their keys are their own
        if self._standing_aside():
            return False
        if kind == QEvent.Type.MouseButtonPress:
            self.release()  # a tap on the dealer's screen: the dealer is here
            return False
        if not isinstance(event, QKeyEvent):
            return False
        field = isinstance(watched, _FIELDS)
        if kind == QEvent.Type.ShortcutOverride:
            if field and event.key() in _ENTER:
                event.accept()  # the box's Enter (next box, enter the cards), never the step's
                return True
            if not field and _typed(event) and (self.holding or self._typing_box()):
                event.accept()  # no shortcut: the key press that follows is dropped or
                return True     # goes to the box that takes it, below
            return False
        focus = QApplication.focusWidget()
        if field or isinstance(focus, _FIELDS) or not _typed(event):
            return False  # a box's keys (Enter it did not take goes on to its parents) are its
        if self.holding:
            self._ignored()
            return True
        box = self._typing_box()
        if box is not None:  # the entry's own keys: to its box, which takes the focus
            box.setFocus()
            QApplication.sendEvent(box, QKeyEvent(event.type(), event.key(), event.modifiers(),
                                                  event.text()))
            return True
        if event.text().isalpha():
            # a letter: a step's key the step shown does not offer (L at the bank offer, S while
            # the round starts): nothing happens, as the guide says. It held every key for a
            # pause, said "typed where no box takes them", and the right key pressed next (D
            # BANK DECLINED) was ignored too. An id's dash and digits, a PIN, Enter still hold.
            return False
        # a key no shortcut took, typed with no box to take it: meant for a box elsewhere
        self.hold("typed where no box takes them")
        if self.holding:
            self._ignored()
            return True
        return False
