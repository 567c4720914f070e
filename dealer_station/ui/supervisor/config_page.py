"""The table configuration page: the game, optional wagers, pay tables (with their theoretical
return), limits and house way as fields; VALIDATE names the clause a bad value breaks; APPLY
stores it through the station (only between rounds, audited).

Let It Ride's returns are computed on background threads (:func:`.configuration.return_jobs`).
A Pai Gow table's need the census of all seven-card hands: a :class:`.census_job.CensusJob` reads
it from the cache file or the one shipped in ``resources/`` (made by this code). It is never
computed unasked on a table PC at play: when neither has it (the code changed), the page says
so and offers COMPUTE RETURNS (about a minute of the processor, in a process of its own, with a
progress bar; then stored). The page then shows every wager's return
(:mod:`.pai_gow_returns`) in the THEORETICAL RETURN column and beside each pay table letter,
recomputed as the supervisor changes a letter.

Under the game's fields, START-UP RECOVERY: the station's own setting ``void_interrupted_phases``
as a box per phase of the game shown (a round stopped by a crash or power cut in a phase ticked
is voided at the next start, its wagers returned; else it resumes where it stood), stored by the
same APPLY as a new configuration version (audited), docs/rules-interpretation.md."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from html import escape
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealer_station.analysis.cache import installed
from dealer_station.money import format_cents, parse_amount
from dealer_station.station_configuration import INTERRUPTIBLE_PHASES
from dealer_station.ui.supervisor.calls import Background, StaffContext, StationCalls, reason_of
from dealer_station.ui.supervisor.census_job import CensusJob, CensusNotComputed
from dealer_station.ui.supervisor.configuration import (
    GAMES,
    Field,
    ReturnLine,
    apply_configuration,
    field_label,
    flatten,
    full_settings,
    hint,
    refused_keys,
    return_jobs,
    unflatten,
    validate,
)
from dealer_station.ui.supervisor.pai_gow_returns import (
    BESIDE,
    RECOMPUTE_ON,
    PaiGowReturn,
    bonus_config_of,
    pai_gow_returns,
)
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.supervisor.setting_choices import choices, set_choices
from dealer_station.ui.supervisor.widgets import ChoiceButtons, StaffPage, message_label, say
from dealer_station.ui.theme import page_scroll_bar_style
from dealer_station.winners import REPORT_AT, REPORT_TIMES, threshold_of

__all__ = ["ConfigurationPage"]


def _returns_html(lines: list[PaiGowReturn]) -> str:
    """The THEORETICAL RETURN column of a Pai Gow table: each wager's name, table and figure
    (the wagers the table offers first, the others dimmed)."""
    rows = ["<p>Exact, over all 154,143,080 seven-card hands of the 53-card deck.</p>"]
    for line in sorted(lines, key=lambda line: not line.offered):
        name = escape(f"{line.name[:1].upper()}{line.name[1:]}"
                      + (f" · table {line.table}" if line.table else ""))
        note = "" if line.offered else " <span style='color:#8a968f'>(not offered)</span>"
        style = "" if line.offered else " style='color:#8a968f'"
        rows.append(f"<p{style}><b>{name}</b>{note}<br>{escape(line.figure)}</p>")
    return "".join(rows)

_GROUPS = ("Optional wagers", "Pay tables", "Limits", "House way", "Table")
#: The words above the start-up recovery's boxes.
RECOVERY_HINT = ("A round stopped by a crash or power cut is resumed where it stood at the next "
                 "start, unless it stopped in a phase ticked here: it is then voided (start-up "
                 "recovery), each wager returned on a RETURN line, then the cards collected "
                 "unseen. A round whose settlement had begun is always resumed.")


def phase_words(phase: str) -> str:
    """A phase's name in plain words.

    >>> phase_words("first_community_card"), phase_words("four_card_stacks")
    ('first community card', 'four card stacks')
    """
    return phase.replace("_", " ")


def choice_columns(words: list[str], room: int = 500) -> int:
    """How many of a setting's buttons stand in a row in the form's ``room`` (pixels; a button
    is about 12 pixels a character and 40 of padding): at most three, never wider than the
    room (six pay table letters in one row widened the form past the page, a sideways scroll).

    >>> choice_columns(["table A"] * 6), choice_columns(["clockwise", "counter-clockwise"])
    (3, 2)
    >>> choice_columns(["multiple of the table minimum", "fixed amount"])
    1
    """
    widest = max((len(w) for w in words), default=1) * 12 + 40
    return max(1, min(len(words), 3, room // widest))


class ConfigurationPage(StaffPage):
    """See :mod:`module docs <dealer_station.ui.supervisor.config_page>`."""

    #: The page keeps the supervisor's edits when they look at another page and come back.
    refresh_on_show = False

    def __init__(self, calls: StationCalls, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.calls = calls
        self.background = Background(self)
        self.session: StaffSession | None = None
        self.fields: list[Field] = []
        self.editors: dict[str, QLineEdit] = {}
        #: The on/off settings, each a check box (they were typed "yes"/"no").
        self.toggles: dict[str, QCheckBox] = {}
        #: The settings of a fixed set of values, each a row of buttons in words (they were
        #: typed code words: counter_clockwise, automated_shoe, a house way's file name).
        self.choosers: dict[str, ChoiceButtons] = {}
        #: The settings that hold a set of values (Pai Gow's optional wagers offered): a box per
        #: value (they were typed, separated by commas).
        self.sets: dict[str, dict[str, QCheckBox]] = {}
        #: The station's ``void_interrupted_phases`` as stored, and a box per phase of the game
        #: shown (START-UP RECOVERY).
        self.void_phases: tuple[str, ...] = ()
        #: The station's ``time_zone`` as stored (the jackpot record's local time) and its field.
        self.time_zone = "UTC"
        self.time_zone_edit = QLineEdit()
        #: The station's reporting threshold as stored (``report_winnings_at`` cents,
        #: ``report_winnings_times``) and its fields (JACKPOT REPORTING).
        self.reporting: tuple[int, int] = (REPORT_AT, REPORT_TIMES)
        self.report_at_edit = QLineEdit()
        self.report_times_edit = QLineEdit()
        self.recovery: dict[str, QCheckBox] = {}
        self.version = 0
        self.current_game = ""
        self.round_open = False
        self.return_lines: list[ReturnLine] = []
        self.pai_gow_lines: list[PaiGowReturn] = []
        self.beside: dict[str, QLabel] = {}
        self.hints: dict[str, QLabel] = {}
        self.shown_game = ""
        self._pai_gow_settings: dict[str, Any] = {}
        self._generation = 0
        self.census_job = CensusJob(self)
        self.census_job.progressed.connect(self._census_progress)
        self.census_job.finished.connect(self._census_ready)
        self._letters_timer = QTimer(self)
        self._letters_timer.setSingleShot(True)
        self._letters_timer.setInterval(150)
        self._letters_timer.timeout.connect(self._letters_changed)
        # a refusal on screen is checked again as the value is edited: it never stays once fixed
        self._recheck_timer = QTimer(self)
        self._recheck_timer.setSingleShot(True)
        self._recheck_timer.setInterval(300)
        self._recheck_timer.timeout.connect(self._recheck)
        layout = QVBoxLayout(self)
        heading = QLabel("TABLE CONFIGURATION · takes effect between rounds")
        heading.setObjectName("phase")
        layout.addWidget(heading)
        top = QHBoxLayout()
        top.addWidget(QLabel("Game"))
        # the game by its name, each a button (a drop-down showed the code words let_it_ride
        # and pai_gow)
        self.game = ChoiceButtons(list(GAMES.items()))
        top.addWidget(self.game, 2)
        self.status = QLabel("")
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        top.addWidget(self.status, 2)
        layout.addLayout(top)
        # ONE scroll area for the page's fields and its returns column: a scroll bar of its
        # own for each (the fields' in the middle of the page, the returns' beside it) read as
        # two scroll bars stacked at 1280×800
        self.fields_area = QScrollArea()
        self.fields_area.setWidgetResizable(True)
        self.fields_area.setStyleSheet(page_scroll_bar_style())
        scrolled = QWidget()
        body = QHBoxLayout(scrolled)
        body.setContentsMargins(0, 0, 0, 0)
        #: Where the game's fields stand (replaced by :meth:`set_settings`).
        self.fields_holder = QWidget()
        self._fields_column = QVBoxLayout()
        self._fields_column.setContentsMargins(0, 0, 0, 0)
        self._fields_column.addWidget(self.fields_holder)
        body.addLayout(self._fields_column, 3)
        returns_column = QVBoxLayout()
        title = QLabel("THEORETICAL RETURN")
        title.setObjectName("phase")
        returns_column.addWidget(title)
        self.census_progress = QProgressBar()
        self.census_progress.setTextVisible(True)
        self.census_progress.hide()
        returns_column.addWidget(self.census_progress)
        self.compute_button = QPushButton("COMPUTE RETURNS")
        self.compute_button.setToolTip("The census of all 154,143,080 seven-card hands: about "
                                       "a minute of the table PC's processor")
        self.compute_button.hide()
        self.compute_button.clicked.connect(self.compute_census)
        returns_column.addWidget(self.compute_button)
        self.returns = QLabel("")
        self.returns.setWordWrap(True)
        self.returns.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        returns_column.addWidget(self.returns)
        returns_column.addStretch(1)
        body.addLayout(returns_column, 2)
        self.fields_area.setWidget(scrolled)
        layout.addWidget(self.fields_area, 1)
        buttons = QHBoxLayout()
        self.validate_button = QPushButton("VALIDATE")
        self.apply_button = QPushButton("APPLY")
        self.apply_button.setObjectName("primary")
        buttons.addWidget(self.validate_button)
        buttons.addWidget(self.apply_button)
        layout.addLayout(buttons)
        self.message = message_label()
        layout.addWidget(self.message)
        self.game.chosen.connect(self._game_chosen)
        self.validate_button.clicked.connect(lambda: self.check())
        self.apply_button.clicked.connect(self.apply)

    # -- showing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        def read(context: StaffContext
                 ) -> tuple[str, dict[str, Any], int, int | None, tuple[str, ...]]:
            station = context.station
            game, settings = station.game, station.settings
            with contextlib.suppress(OSError, ValueError):  # else: what is stored
                settings = full_settings(game, settings)
            phases = tuple(station.station_settings.get("void_interrupted_phases", ()))
            self.time_zone = str(station.station_settings.get("time_zone") or "UTC")
            self.reporting = threshold_of(station.station_settings)
            return game, settings, station.configuration_version, station.round_id, phases

        self.calls.submit(read, self._show, functools.partial(say, self.message))

    def _show(self, found: tuple[str, dict[str, Any], int, int | None, tuple[str, ...]]
              ) -> None:
        game, settings, version, round_id, self.void_phases = found
        self.current_game, self.version, self.round_open = game, version, round_id is not None
        self.game.set_value(game)
        self.status.setText(f"configuration version {version}" + (
            f" · round {round_id} in progress: a change waits until it ends"
            if round_id is not None else ""))
        self.set_settings(game, settings)

    def _game_chosen(self, game: str) -> None:
        if game == self.shown_game:
            return
        if game == self.current_game:  # back to the table's own game: its stored settings
            say(self.message, "")
            self.refresh()
            return
        name = GAMES[game]

        def read(context: StaffContext) -> tuple[int | None, dict[str, Any]]:
            last = context.station.last_configuration(game)
            version, stored = last if last is not None else (None, {})
            return version, full_settings(game, stored)

        def restored(found: tuple[int | None, dict[str, Any]]) -> None:
            version, settings = found
            if self.game.value() != game:  # another game was chosen meanwhile
                return
            self.set_settings(game, settings)
            which = (f"{name} as this table last ran it (configuration version {version})"
                     if version is not None else f"The shipped {name} configuration")
            say(self.message, f"{which}: edit, validate and apply (between rounds: the next "
                f"round is {name}, its devices set up at once).")

        self.calls.submit(read, restored, functools.partial(say, self.message))

    def set_settings(self, game: str, settings: dict[str, Any]) -> None:
        self.fields = flatten(settings)
        self.editors = {}
        self.toggles = {}
        self.choosers = {}
        self.sets = {}
        self.beside = {}
        self.hints = {}
        self.shown_game = game
        holder = QWidget()
        form = QFormLayout(holder)
        form.setVerticalSpacing(8)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows if game == "pai_gow"
                              else QFormLayout.RowWrapPolicy.WrapLongRows)
        for group in _GROUPS:
            members = [f for f in self.fields if f.group == group]
            if not members:
                continue
            header = QLabel(group.upper())
            header.setObjectName("phase")
            form.addRow(header)
            for each in members:
                label = field_label(each.key)
                field: QWidget
                options = choices(each.key)
                members_of = set_choices(each.key)
                if isinstance(each.value, bool):
                    field = self._toggle(each.key, each.value, label)
                    form.addRow(field)
                elif members_of is not None and isinstance(each.value, list):
                    field = self._boxes(each.key, members_of, each.value)
                    form.addRow(label, field)
                elif options is not None:
                    field = self._chooser(each.key, options, str(each.value))
                    if game == "pai_gow" and each.key in BESIDE:
                        form.addRow(label, self._with_return(each.key, field))
                    else:
                        form.addRow(label, field)
                else:
                    field = editor = QLineEdit(each.text)
                    editor.setObjectName(each.key)
                    editor.textEdited.connect(self._recheck_timer.start)
                    self.editors[each.key] = editor
                    if game == "pai_gow" and each.key in RECOMPUTE_ON:
                        editor.textEdited.connect(self._letters_timer.start)
                    if game == "pai_gow" and each.key in BESIDE:
                        form.addRow(label, self._with_return(each.key, editor))
                    else:
                        form.addRow(label, editor)
                if hint(each.key):
                    field.setToolTip(hint(each.key))
                    note = QLabel(hint(each.key))
                    note.setObjectName("muted")
                    note.setWordWrap(True)
                    self.hints[each.key] = note
                    form.addRow(note)  # the whole width, under its field
        self._recovery_rows(form, game)
        self._fields_column.replaceWidget(self.fields_holder, holder)
        self.fields_holder.hide()
        self.fields_holder.deleteLater()
        self.fields_holder = holder
        self.show_returns(game, settings)

    def _recovery_rows(self, form: QFormLayout, game: str) -> None:
        """START-UP RECOVERY: a box per phase of ``game`` a round can be voided in at the next
        start (``void_interrupted_phases``), ticked as stored."""
        self.recovery = {}
        header = QLabel("START-UP RECOVERY")
        header.setObjectName("phase")
        form.addRow(header)
        note = QLabel(RECOVERY_HINT)
        note.setObjectName("muted")
        note.setWordWrap(True)
        form.addRow(note)
        for phase in INTERRUPTIBLE_PHASES.get(game, ()):
            # one to a row: two side by side widened the form past its room (a sideways
            # scroll bar, the fields cut at 1280×800)
            box = QCheckBox(f"void if stopped at {phase_words(phase)}")
            box.setObjectName(f"void_interrupted.{phase}")
            box.setChecked(phase in self.void_phases)
            self.recovery[phase] = box
            form.addRow(box)
        zone = QLabel("TABLE TIME ZONE")
        zone.setObjectName("phase")
        form.addRow(zone)
        # a new field each time the form is drawn again (the old one goes with the old form)
        self.time_zone_edit = QLineEdit(self.time_zone)
        self.time_zone_edit.setObjectName("time_zone")
        self.time_zone_edit.setPlaceholderText("America/New_York")
        form.addRow("time zone", self.time_zone_edit)
        hint = QLabel("the table's local time on the jackpot record (an IANA name; the records "
                      "keep UTC)")
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        form.addRow(hint)
        reporting = QLabel("JACKPOT REPORTING")
        reporting.setObjectName("phase")
        form.addRow(reporting)
        self.report_at_edit = QLineEdit(format_cents(self.reporting[0]))
        self.report_at_edit.setObjectName("report_winnings_at")
        form.addRow("report at", self.report_at_edit)
        self.report_times_edit = QLineEdit(str(self.reporting[1]))
        self.report_times_edit.setObjectName("report_winnings_times")
        form.addRow("times the wager", self.report_times_edit)
        hint = QLabel("a jackpot paying at least this amount and at least this many times its "
                      "wager (0: the amount alone) is approved only with the winner's "
                      "identification, printed on its record and slip (shipped $600 and 300)")
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        form.addRow(hint)

    def edited_reporting(self) -> tuple[int, int]:
        """(``report_winnings_at`` cents, ``report_winnings_times``) as typed; a ValueError
        says what is wrong in one line."""
        at = parse_amount(self.report_at_edit.text().strip())
        if at < 1:
            raise ValueError("report at is an amount of at least $0.01 ($600.00 as shipped)")
        text = self.report_times_edit.text().strip()
        if not text.isdigit():
            raise ValueError(f"times the wager is a whole number (0: the amount alone), not "
                             f"{text!r}")
        return at, int(text)

    def edited_void_phases(self) -> list[str]:
        """``void_interrupted_phases`` as the boxes say for the game shown; another game's
        phases (stored for when the table deals it) kept."""
        shown = INTERRUPTIBLE_PHASES.get(self.shown_game, ())
        kept = [phase for phase in self.void_phases if phase not in shown]
        return kept + [phase for phase in shown
                       if phase in self.recovery and self.recovery[phase].isChecked()]

    def _toggle(self, key: str, on: bool, label: str) -> QCheckBox:
        """An on/off setting as a check box labelled with its name (its hint as a tool tip and
        under it, as a typed field's)."""
        box = QCheckBox(label)
        box.setObjectName(key)
        box.setChecked(on)
        box.toggled.connect(self._recheck_timer.start)
        if self.shown_game == "pai_gow" and key in RECOMPUTE_ON:
            box.toggled.connect(self._letters_timer.start)
        self.toggles[key] = box
        return box

    def _chooser(self, key: str, options: tuple[tuple[str, str], ...],
                  value: str) -> ChoiceButtons:
        """A setting of a fixed set of values: a button per value in words, ``value`` marked (a
        stored value the list does not know is shown as it is, so nothing is lost)."""
        if value not in {v for v, _words in options}:
            options = (*options, (value, value.replace("_", " ") or "(none)"))
        chooser = ChoiceButtons(options, columns=choice_columns([w for _v, w in options]))
        chooser.setObjectName(key)
        chooser.set_value(value)
        chooser.chosen.connect(lambda _value: self._recheck_timer.start())
        if self.shown_game == "pai_gow" and key in RECOMPUTE_ON:
            chooser.chosen.connect(lambda _value: self._letters_timer.start())
        self.choosers[key] = chooser
        return chooser

    def _boxes(self, key: str, options: tuple[tuple[str, str], ...],
               ticked: list[Any]) -> QWidget:
        """A setting that holds a set of values: a box per value in words, two a row."""
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setContentsMargins(0, 0, 0, 0)
        boxes: dict[str, QCheckBox] = {}
        known = [value for value, _words in options]
        options = (*options, *((str(v), str(v)) for v in ticked if v not in known))
        for index, (value, words) in enumerate(options):
            box = QCheckBox(words)
            box.setObjectName(f"{key}.{value}")
            box.setChecked(value in ticked)
            box.toggled.connect(self._recheck_timer.start)
            if self.shown_game == "pai_gow" and key in RECOMPUTE_ON:
                box.toggled.connect(self._letters_timer.start)
            boxes[value] = box
            grid.addWidget(box, index // 2, index % 2)
        self.sets[key] = boxes
        return holder

    def _with_return(self, key: str, field: QWidget) -> QWidget:
        """The pay table choice with its wagers' returns under it."""
        row = QWidget()
        line = QVBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(field)
        beside = QLabel("")
        beside.setObjectName("muted")
        beside.setWordWrap(True)
        line.addWidget(beside)
        self.beside[key] = beside
        return row

    def show_returns(self, game: str, settings: dict[str, Any]) -> None:
        """Each pay table's return from the cache, each missing one computed, all on background
        threads and shown as they arrive (the screen never waits)."""
        if game == "pai_gow":
            self.show_pai_gow_returns(settings)
            return
        self.census_progress.hide()  # a census still running serves a later Pai Gow table
        self.pai_gow_lines = []
        generation = self._generation = self._generation + 1
        self.returns.setText("Theoretical returns: reading the pay tables…")
        self.background.run(lambda: return_jobs(game, settings),
                            functools.partial(self._jobs_ready, generation))

    def _jobs_ready(self, generation: int, jobs: object) -> None:
        if generation != self._generation:
            return
        if isinstance(jobs, Exception):
            self.returns.setText(f"Not computed: {reason_of(jobs)}")
            return
        assert isinstance(jobs, list)
        self.return_lines = [line for line, _work in jobs]
        self._draw_returns()
        for index, (line, work) in enumerate(jobs):
            if line.expected_return is None and not line.note:
                self.background.run(work, functools.partial(self._computed, generation, index))

    def _computed(self, generation: int, index: int, result: object) -> None:
        if generation != self._generation:
            return  # the settings shown changed meanwhile
        if isinstance(result, ReturnLine):
            self.return_lines[index] = result
        elif isinstance(result, Exception):
            old = self.return_lines[index]
            self.return_lines[index] = ReturnLine(old.wager, old.table, None,
                                                  f"not computed: {reason_of(result)}")
        self._draw_returns()

    def _draw_returns(self) -> None:
        self.returns.setText("\n\n".join(line.words for line in self.return_lines))

    # -- Pai Gow: the seven-card census, then every wager's return -----------------------------
    def show_pai_gow_returns(self, settings: dict[str, Any]) -> None:
        """Every Pai Gow wager's return under the pay tables ``settings`` select; first the
        census (a progress bar while it is computed), never on the GUI thread."""
        generation = self._generation = self._generation + 1
        self._pai_gow_settings = settings
        if installed() is None:
            # the shipped or cached census, read off the GUI thread; never computed unasked
            self._set_beside("…")
            self.returns.setText("Reading the theoretical returns…")
            self.census_job.start()
            return
        self.census_progress.hide()
        self.compute_button.hide()

        def compute() -> list[PaiGowReturn]:
            return pai_gow_returns(bonus_config_of(settings))

        self.background.run(compute, functools.partial(self._pai_gow_ready, generation))

    def _set_beside(self, words: str) -> None:
        for label in self.beside.values():
            label.setText(words)

    def _census_progress(self, done: int, total: int) -> None:
        self.census_progress.setRange(0, total)
        self.census_progress.setValue(done)
        self.census_progress.setFormat(f"census: {done} of {total} shares")

    def compute_census(self) -> None:
        """The supervisor asked for it: compute the census (a process of its own, with a
        progress bar; the page and the dealer's screen stay usable)."""
        self.compute_button.hide()
        self._set_beside("computing…")
        self.returns.setText("Computing theoretical returns… (the census of all 154,143,080 "
                             "seven-card hands: once for this version of the software, "
                             "then kept in the cache). The page stays usable meanwhile.")
        self.census_progress.setRange(0, 0)  # busy until the first share is done
        self.census_progress.setFormat("census: starting…")
        self.census_progress.show()
        self.census_job.start(compute=True)

    def _census_ready(self, result: object) -> None:
        self.census_progress.hide()
        if isinstance(result, CensusNotComputed):
            self._set_beside("not computed")
            self.returns.setText(
                "The theoretical returns of this version's pay tables are not computed yet. "
                "COMPUTE RETURNS counts all 154,143,080 seven-card hands: about a minute of "
                "the table PC's processor, the table running slower meanwhile — best between "
                "sessions. The result is kept for this version of the software.")
            self.compute_button.show()
            return
        if isinstance(result, Exception):
            self.returns.setText(f"Theoretical returns not computed: {reason_of(result)}")
            self._set_beside("")
            return
        if self.shown_game == "pai_gow":
            self.show_pai_gow_returns(self._pai_gow_settings)

    def _letters_changed(self) -> None:
        if self.shown_game != "pai_gow":
            return
        try:
            settings = self.edited()
        except ValueError as error:
            self.returns.setText(f"Not computed: {reason_of(error)}")
            return
        self.show_pai_gow_returns(settings)

    def _pai_gow_ready(self, generation: int, result: object) -> None:
        if generation != self._generation:
            return  # the letters changed meanwhile
        if isinstance(result, Exception):
            words = reason_of(result)
            self.pai_gow_lines = []
            self.returns.setText(f"Not computed: {words}")
            self._set_beside(f"not a pay table: {words}")
            return
        assert isinstance(result, list)
        self.pai_gow_lines = result
        self.returns.setText(_returns_html(result))
        by_wager = {line.wager: line for line in result}
        for key, wagers in BESIDE.items():
            label = self.beside.get(key)
            if label is None:
                continue
            shown = [by_wager[w] for w in wagers]
            label.setText("\n".join(
                (f"{line.name.split()[0]}: " if len(shown) > 1 else "") + line.figure
                for line in shown))

    # -- editing ------------------------------------------------------------------------------
    def _texts(self) -> dict[str, str | bool | list[str]]:
        """Each setting as edited on the page, by key."""
        values: dict[str, str | bool | list[str]] = {key: e.text()
                                                     for key, e in self.editors.items()}
        values.update((key, box.isChecked()) for key, box in self.toggles.items())
        values.update((key, chooser.value()) for key, chooser in self.choosers.items())
        values.update((key, [value for value, box in boxes.items() if box.isChecked()])
                      for key, boxes in self.sets.items())
        return values

    def edited(self) -> dict[str, Any]:
        """The settings as edited (raises ``ValueError`` for a malformed value)."""
        return unflatten(self.fields, self._texts())

    def _field_widgets(self, key: str) -> list[QWidget]:
        """What a person sees of setting ``key``: its box, its buttons or its check boxes."""
        if key in self.editors:
            return [self.editors[key]]
        if key in self.toggles:
            return [self.toggles[key]]
        if key in self.choosers:
            return list(self.choosers[key].buttons.values())
        return list(self.sets.get(key, {}).values())

    def refused_fields(self) -> tuple[str, ...]:
        """The settings marked as refused now (for tests)."""
        return tuple(key for key in (*self.editors, *self.toggles, *self.choosers, *self.sets)
                     if any(w.property("refused") for w in self._field_widgets(key)))

    def _mark_refused(self, keys: tuple[str, ...]) -> None:
        """Ring the settings a refusal is about in the fault colour (the refusal named a clause,
        and the supervisor hunted for the box) and bring the first into view; the others lose
        their ring (fixed: the ring goes with the refusal)."""
        first: QWidget | None = None
        for key in (*self.editors, *self.toggles, *self.choosers, *self.sets):
            refused = key in keys
            for widget in self._field_widgets(key):
                if bool(widget.property("refused")) != refused:
                    widget.setProperty("refused", refused)
                    widget.style().unpolish(widget)
                    widget.style().polish(widget)
                if refused and first is None:
                    first = widget
        if first is not None:
            self.fields_area.ensureWidgetVisible(first)

    def _judge(self, game: str) -> Callable[[], tuple[str, ...]]:
        """The work that finds, off the GUI thread, the settings the refusal is about."""
        fields, texts = list(self.fields), self._texts()
        return lambda: refused_keys(game, fields, texts)

    def _marked(self, result: object) -> None:
        self._mark_refused(result if isinstance(result, tuple) else ())

    def check(self, *, returns: bool = True) -> None:
        """VALIDATE: every value against the regulations (off the GUI thread), the message
        saying what holds and the refused settings marked; ``returns``: then the returns of
        the values checked."""
        game = self.game.value()
        judge = self._judge(game)
        try:
            settings = self.edited()
        except ValueError as error:
            say(self.message, f"Refused: {reason_of(error)}")
            self.background.run(judge, self._marked)
            return

        def done(result: object) -> None:
            if isinstance(result, Exception):
                say(self.message, f"Refused: {reason_of(result)}")
                self.background.run(judge, self._marked)
                return
            self._mark_refused(())
            say(self.message, "Valid: every value is within the regulations.", done=True)
            if returns:
                self.show_returns(game, settings)

        self.background.run(lambda: validate(game, settings), done)

    def _recheck(self) -> None:
        """After an edit, while a refusal is shown: validate again and say what holds now — the
        refusal is replaced, by the next one or by "Valid"."""
        if self.message.text().startswith("Refused"):
            self.check(returns=False)

    def apply(self) -> None:
        session, game = self.session, self.game.value()
        if session is None:
            return
        judge = self._judge(game)
        try:
            settings = self.edited()
        except ValueError as error:
            say(self.message, f"Refused: {reason_of(error)}")
            self.background.run(judge, self._marked)
            return

        try:
            reporting = self.edited_reporting()
        except ValueError as error:
            say(self.message, f"Refused: {reason_of(error)}")
            return
        void_phases = self.edited_void_phases()
        zone = self.time_zone_edit.text().strip() or "UTC"

        def change(context: StaffContext) -> tuple[int, str]:
            return apply_configuration(context, supervisor=session.user, pin=session.pin,
                                       game=game, settings=settings, void_phases=void_phases,
                                       time_zone=zone, reporting=reporting)

        def done(result: tuple[int, str]) -> None:
            self.version, note = result
            self.void_phases = tuple(void_phases)
            self.time_zone = zone
            self.reporting = reporting
            self.current_game = game
            self.status.setText(f"configuration version {self.version}")
            self._mark_refused(())
            say(self.message, f"Applied as configuration version {self.version}: {note}. "
                "Recorded in the audit trail.", done=True)
            self.show_returns(game, settings)

        def refused(words: str) -> None:
            say(self.message, f"Refused: {words}")
            self.background.run(judge, self._marked)

        self.calls.submit(change, done, refused)
