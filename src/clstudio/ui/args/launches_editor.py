"""The launches of the Arguments form: one card per launch, groups repeated with swaps,
or until a condition on a small buffer holds.

A one-launch session shows one line and an Add button, so that it looks as it always
did; a program shows every launch in order. Every edit goes out as a `LaunchEdit`,
which the Workbench applies to the session (session.apply_launch_edit).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import KernelSignature
from clstudio.session import (
    MAX_ITERATIONS,
    ArgSpec,
    BufferArg,
    Launch,
    LaunchEdit,
    LaunchGroup,
    Session,
    Until,
    UntilKind,
    longest_run,
    swap_problem,
)
from clstudio.ui.args.launch_card import LaunchCard
from clstudio.ui.layouts import hbox, vbox
from clstudio.ui.named_widgets import push_button, text_label
from clstudio.validation import FillChoice, FormState

_PAIRS = re.compile(r"\s*[;,]\s*")
GroupMeta = tuple[int, tuple[tuple[str, str], ...], Until | None]
_UNTIL_KINDS: tuple[UntilKind | None, ...] = (None, "equals", "unchanged")
_PAIR = re.compile(r"\s*(?:↔|<->|\s)\s*")


def parse_number(text: str) -> int | float | None:
    """A number as typed (`0`, `-1`, `0.5`), or None when it is none."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return number if number == number and abs(number) != float("inf") else None


def parse_swaps(text: str) -> tuple[tuple[str, str], ...] | None:
    """`grid next; u v` as pairs of names, or None when a pair has not two names."""
    pairs = []
    for part in filter(None, _PAIRS.split(text.strip())):
        names = [name for name in _PAIR.split(part.strip()) if name]
        if len(names) != 2:
            return None
        pairs.append((names[0], names[1]))
    return tuple(pairs)


class GroupBox(QFrame):
    """One entry of the launches: its launches' cards, how often they repeat, the swaps."""

    def __init__(
        self, index: int, entry: Launch | LaunchGroup, args: Mapping[str, ArgSpec]
    ) -> None:
        super().__init__()
        self.setObjectName("launchGroup")
        self.index = index
        self.args = args
        group = entry if isinstance(entry, LaunchGroup) else LaunchGroup((entry,))
        self.iterations = QSpinBox()
        self.iterations.setObjectName("launchIterations")
        self.iterations.setRange(1, MAX_ITERATIONS)
        self.iterations.setValue(group.iterations)
        self.iterations.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.iterations.setSuffix(self.tr(" ×"))
        self.iterations.setToolTip(self.tr("How many times the launches of this group run"))
        self.swaps = QLineEdit(" ; ".join(f"{a} {b}" for a, b in group.swaps))
        self.swaps.setObjectName("launchSwaps")
        self.swaps.setPlaceholderText(self.tr("buffers to swap after each iteration: u v"))
        self.swaps.setToolTip(
            self.tr(
                "Pairs of buffers of one type and shape that trade places after each "
                "iteration (ping-pong), separated by ';'"
            )
        )
        self.add = push_button(self.tr("Add a launch to this group"), name="addToGroup")
        self.problem = text_label("rangeProblems", wrap=True)
        self.problem.hide()
        self._until_widgets(group.until)
        self.repeat_label = QLabel(self.tr("Repeat"))
        row = hbox(self.repeat_label, self.iterations, (self.swaps, 1))
        until_row = hbox(
            self.until_kind,
            (self.until_buffer, 1),
            self.until_value_label,
            self.until_value,
            self.until_reset_label,
            self.until_reset,
        )
        self.cards_layout = QVBoxLayout()
        self.cards_layout.setSpacing(4)
        vbox(row, until_row, self.cards_layout, self.add, self.problem, parent=self, margins=4)
        self._repeats_shown = False
        self.until_kind.currentIndexChanged.connect(self._on_until_kind_changed)
        self.show_repeats(
            group.iterations > 1
            or bool(group.swaps)
            or len(group.launches) > 1
            or group.until is not None
        )

    def _until_widgets(self, until: Until | None) -> None:
        """The condition's fields: its kind, its buffer, its number and the reset."""
        self.until_kind = QComboBox()
        self.until_kind.setObjectName("launchUntil")
        self.until_kind.addItems(
            [
                self.tr("a fixed number of times"),
                self.tr("until a buffer equals a number"),
                self.tr("until a buffer stops changing"),
            ]
        )
        self.until_kind.setToolTip(
            self.tr(
                "Repeat until a small buffer says stop, as host code loops until a flag stays "
                "0: the buffer is read back after each round, and the number above is then the "
                "most rounds"
            )
        )
        self.until_kind.setCurrentIndex(_UNTIL_KINDS.index(until.kind if until else None))
        self.until_buffer = QComboBox()
        self.until_buffer.setObjectName("launchUntilBuffer")
        self.until_buffer.setToolTip(self.tr("The buffer read back after each round"))
        names = [name for name, spec in self.args.items() if isinstance(spec, BufferArg)]
        if until is not None and until.buffer not in names:
            names.append(until.buffer)  # gone from the form: validation says why
        self.until_buffer.addItems(names)
        if until is not None:
            self.until_buffer.setCurrentText(until.buffer)
        self.until_value_label = QLabel(self.tr("="))
        self.until_value = QLineEdit(str(until.value) if until else "0")
        self.until_value.setObjectName("launchUntilValue")
        self.until_value.setToolTip(self.tr("Every element of the buffer equals this number"))
        self.until_reset_label = QLabel(self.tr("reset to"))
        reset = until.reset if until is not None else None
        self.until_reset = QLineEdit("" if reset is None else str(reset))
        self.until_reset.setObjectName("launchUntilReset")
        self.until_reset.setPlaceholderText(self.tr("no reset"))
        self.until_reset.setToolTip(
            self.tr(
                "A number the host writes to every element of the buffer before each round "
                "(a flag the kernels set while work remains); empty: none"
            )
        )

    def _on_until_kind_changed(self) -> None:
        self.show_repeats(self._repeats_shown)

    def show_repeats(self, shown: bool) -> None:
        """A launch run once shows only its card; the repeat's fields come with a repeat."""
        self._repeats_shown = shown
        self.swaps.setVisible(shown)
        self.add.setVisible(shown)
        self.until_kind.setVisible(shown)
        kind = _UNTIL_KINDS[self.until_kind.currentIndex()] if shown else None
        self.repeat_label.setText(self.tr("Repeat at most") if kind else self.tr("Repeat"))
        self.until_buffer.setVisible(kind is not None)
        for widget in (
            self.until_value_label,
            self.until_value,
            self.until_reset_label,
            self.until_reset,
        ):
            widget.setVisible(kind == "equals")

    def until(self) -> Until | None:
        """The condition as typed, or None for a fixed number of times; raises ValueError
        naming what is not a number."""
        kind = _UNTIL_KINDS[self.until_kind.currentIndex()]
        if kind is None:
            return None
        buffer = self.until_buffer.currentText()
        if kind == "unchanged":
            return Until(buffer, kind)
        value = parse_number(self.until_value.text().strip())
        if value is None:
            raise ValueError(self.tr("the condition's number is not a number"))
        text = self.until_reset.text().strip()
        reset = parse_number(text) if text else None
        if text and reset is None:
            raise ValueError(self.tr("the reset is not a number; leave it empty for none"))
        return Until(buffer, kind, value, reset)

    def entry_meta(self) -> GroupMeta | None:
        """(iterations, swaps, until) as typed; None while they cannot be (the session keeps
        the last that could, so that it always saves a file that opens again)."""
        swaps = parse_swaps(self.swaps.text())
        if swaps is None or self.swap_problem(swaps) is not None:
            return None
        try:
            until = self.until()
        except ValueError:
            return None
        return self.iterations.value(), swaps, until

    def input_problem(self) -> str:
        """Why entry_meta() is None: the swaps, or a number of the condition."""
        swaps = parse_swaps(self.swaps.text())
        problem = self.swap_problem(swaps)
        if problem is not None:
            return problem
        try:
            self.until()
        except ValueError as exc:
            return str(exc)
        return ""

    def swap_problem(self, swaps: tuple[tuple[str, str], ...] | None) -> str | None:
        if swaps is None:
            return self.tr("give the swaps as pairs of buffer names: u v ; p q")
        return swap_problem(swaps, self.args)


class LaunchesEditor(QWidget):
    """`editRequested(LaunchEdit)` on every edit by the user; show_* only display."""

    editRequested = Signal(LaunchEdit)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._kernels: tuple[KernelSignature, ...] = ()
        self._shown: tuple[Launch | LaunchGroup, ...] | None = None
        self.groups: list[GroupBox] = []
        self.cards: list[LaunchCard] = []
        self.summary = text_label("launchesSummary", wrap=True)
        self.add = push_button(
            self.tr("Add a launch"),
            self.tr(
                "Launch a kernel again after this one, in the same queue, with the same "
                "buffers left on the device"
            ),
            "addLaunch",
        )
        self.add.clicked.connect(lambda: self.editRequested.emit(LaunchEdit("add")))
        self._groups_layout = QVBoxLayout()
        self._groups_layout.setSpacing(6)
        footer = hbox((self.summary, 1), self.add)
        vbox(self._groups_layout, footer, parent=self, margins=0)

    def is_program(self) -> bool:
        return bool(self._shown)

    def show_launches(
        self,
        session: Session,
        kernels: Sequence[KernelSignature],
        choices: Sequence[FillChoice],
        max_group: int,
    ) -> None:
        """Show the session's launches; cards that already show them are left as typed."""
        kernels = tuple(kernels)
        # The file's short form shows no cards: the NDRange editor stands for its one launch.
        entries = () if session.is_single_launch else session.launches
        if entries != self._current() or kernels != self._kernels or not entries:
            self._rebuild(entries, session, kernels)
        for card in self.cards:
            card.set_fill(choices, max_group)
        count = len(self.cards)
        if not entries:
            text = self.tr("{kernel} is launched once, with the NDRange above.")
            self.summary.setText(text.format(kernel=session.kernel))
        else:
            runs = longest_run(entries)
            if any(isinstance(e, LaunchGroup) and e.until is not None for e in entries):
                text = self.tr(
                    "{count} launches written, at most {runs} enqueued per run, in one queue."
                )
            else:
                text = self.tr("{count} launches written, {runs} enqueued per run, in one queue.")
            self.summary.setText(text.format(count=count, runs=runs))

    def show_problems(self, state: FormState) -> frozenset[str]:
        """Show each launch's problems on its card; what the cards show, to say it once."""
        shown: set[str] = set()
        for card in self.cards:
            problems = state.launch_problems.get(card.position, ())
            card.show_problems(problems)
            shown.update(problems)
        for box in self.groups:
            problem = state.group_problems.get(box.index)
            if box.entry_meta() is None:
                problem = box.input_problem()
            box.problem.setText(problem or "")
            box.problem.setVisible(problem is not None)
        return frozenset(shown)

    def input_problems(self) -> list[str]:
        problems = [p for card in self.cards if (p := card.problem()) is not None]
        for box in self.groups:
            if box.entry_meta() is None:
                problems.append(box.input_problem())
        return problems

    def clear(self) -> None:
        self._shown = None
        self._clear_boxes()

    def _clear_boxes(self) -> None:
        for box in self.groups:
            box.deleteLater()
        self.groups, self.cards = [], []

    def _current(self) -> tuple[Launch | LaunchGroup, ...] | None:
        """The launches as the cards show them now, typed edits included."""
        if self._shown is None or not self._shown:
            return self._shown
        if any(card.launch.kernel != card.built_kernel for card in self.cards):
            return None  # a card lists another kernel's parameters: it must be made anew
        out: list[Launch | LaunchGroup] = []
        for box in self.groups:
            launches = tuple(c.launch for c in self.cards if c.parentWidget() is box)
            meta = box.entry_meta() or (box.iterations.value(), (), None)
            single = len(launches) == 1 and meta == (1, (), None)
            out.append(launches[0] if single else LaunchGroup(launches, *meta))
        return tuple(out)

    def _rebuild(
        self,
        entries: tuple[Launch | LaunchGroup, ...],
        session: Session,
        kernels: tuple[KernelSignature, ...],
    ) -> None:
        self._clear_boxes()
        self._kernels = kernels
        self._shown = entries
        count = sum(len(e.launches) if isinstance(e, LaunchGroup) else 1 for e in entries)
        position = 0
        for index, entry in enumerate(entries):
            box = GroupBox(index, entry, session.args)
            box.iterations.valueChanged.connect(lambda _v, b=box: self._on_group_edited(b))
            box.swaps.editingFinished.connect(lambda b=box: self._on_group_edited(b))
            box.until_kind.currentIndexChanged.connect(lambda _i, b=box: self._on_group_edited(b))
            box.until_buffer.currentIndexChanged.connect(lambda _i, b=box: self._on_group_edited(b))
            for field in (box.until_value, box.until_reset):
                field.editingFinished.connect(lambda b=box: self._on_group_edited(b))
            box.add.clicked.connect(
                lambda _c=False, i=index: self.editRequested.emit(
                    LaunchEdit("add_to_group", entry=i)
                )
            )
            launches = entry.launches if isinstance(entry, LaunchGroup) else (entry,)
            for launch in launches:
                position += 1
                card = LaunchCard(position, count, launch, kernels, session.args, box)
                card.launchEdited.connect(self._on_card_launch_edited)
                card.moveRequested.connect(
                    lambda p, d: self.editRequested.emit(LaunchEdit("move", position=p, delta=d))
                )
                card.removeRequested.connect(
                    lambda p: self.editRequested.emit(LaunchEdit("remove", position=p))
                )
                box.cards_layout.addWidget(card)
                self.cards.append(card)
            self._groups_layout.addWidget(box)
            self.groups.append(box)

    def _on_card_launch_edited(self, position: int, launch: Launch) -> None:
        self.editRequested.emit(LaunchEdit("set", position=position, launch=launch))

    def _on_group_edited(self, box: GroupBox) -> None:
        meta = box.entry_meta()
        box.show_repeats(
            box.iterations.value() > 1
            or bool(box.swaps.text().strip())
            or sum(1 for c in self.cards if c.parentWidget() is box) > 1
            or box.until_kind.currentIndex() > 0
        )
        if meta is None:  # the session keeps its swaps and condition; the box says why
            box.problem.setText(box.input_problem())
            box.problem.show()
            return
        iterations, swaps, until = meta
        self.editRequested.emit(
            LaunchEdit("group", entry=box.index, iterations=iterations, swaps=swaps, until=until)
        )
