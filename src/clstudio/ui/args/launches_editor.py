"""The launches of the Arguments form: one card per launch, groups repeated with swaps.

A one-launch session shows one line and an Add button, so that it looks as it always
did; a program shows every launch in order. Every edit goes out as a `LaunchEdit`,
which the Workbench applies to the session (session.apply_launch_edit).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
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
    Launch,
    LaunchEdit,
    LaunchGroup,
    Session,
    swap_problem,
)
from clstudio.ui.args.launch_card import LaunchCard
from clstudio.ui.layouts import hbox, vbox
from clstudio.ui.named_widgets import push_button, text_label
from clstudio.validation import FillChoice, FormState

_PAIRS = re.compile(r"\s*[;,]\s*")
_PAIR = re.compile(r"\s*(?:↔|<->|\s)\s*")


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
        row = hbox(QLabel(self.tr("Repeat")), self.iterations, (self.swaps, 1))
        self.cards_layout = QVBoxLayout()
        self.cards_layout.setSpacing(4)
        vbox(row, self.cards_layout, self.add, self.problem, parent=self, margins=4)
        self.show_repeats(group.iterations > 1 or bool(group.swaps) or len(group.launches) > 1)

    def show_repeats(self, shown: bool) -> None:
        """A launch run once shows only its card; the repeat's fields come with a repeat."""
        self.swaps.setVisible(shown)
        self.add.setVisible(shown)

    def entry_meta(self) -> tuple[int, tuple[tuple[str, str], ...]] | None:
        """(iterations, swaps) as typed; None while the swaps cannot be (the session keeps
        the last that could, so that it always saves a file that opens again)."""
        swaps = parse_swaps(self.swaps.text())
        if swaps is None or self.swap_problem(swaps) is not None:
            return None
        return self.iterations.value(), swaps

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
            runs = sum(
                e.iterations * len(e.launches) if isinstance(e, LaunchGroup) else 1 for e in entries
            )
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
                problem = box.swap_problem(parse_swaps(box.swaps.text()))
            box.problem.setText(problem or "")
            box.problem.setVisible(problem is not None)
        return frozenset(shown)

    def input_problems(self) -> list[str]:
        problems = [p for card in self.cards if (p := card.problem()) is not None]
        for box in self.groups:
            if box.entry_meta() is None:
                problem = box.swap_problem(parse_swaps(box.swaps.text()))
                problems.append(problem or "")
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
            meta = box.entry_meta() or (box.iterations.value(), ())
            single = len(launches) == 1 and meta == (1, ())
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
        )
        if meta is None:  # the session keeps its swaps; the box says why
            box.problem.setText(box.swap_problem(parse_swaps(box.swaps.text())) or "")
            box.problem.show()
            return
        iterations, swaps = meta
        self.editRequested.emit(
            LaunchEdit("group", entry=box.index, iterations=iterations, swaps=swaps)
        )
