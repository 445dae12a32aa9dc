"""The Outputs tab: every buffer of the last run, its reference check and guard bands.

Results read back from the device come first, then what each buffer held before
the first launch. Exports run on a pool thread: a 16 M-row CSV takes seconds. One
export at a time: Export waits while one is being written, so no outcome goes unseen.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSignalBlocker,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from clstudio.expressions import struct_fields
from clstudio.references import check_reference, reference_namespace
from clstudio.reporting import FinishedRun
from clstudio.session import ImageArg, Reference, Session
from clstudio.ui.empty_state import EmptyStatePages
from clstudio.ui.layouts import hbox, vbox
from clstudio.ui.named_widgets import push_button
from clstudio.ui.results.error_banner import ErrorBanner
from clstudio.ui.results.outputs.launch_picker import LaunchPicker
from clstudio.ui.results.outputs.output_entry import (
    entry_title,
    reference_text,
    save_entry,
    short_type_text,
    type_text,
    verdict_text,
)
from clstudio.ui.results.outputs.reference_editor import ReferenceEditor
from clstudio.ui.results.run_page import run_page
from clstudio.ui.results.viewers.buffer_layout import BufferEntry, buffer_entries
from clstudio.ui.results.viewers.buffer_viewer import BufferViewer
from clstudio.ui.tasks import Lane, Rule, TaskRunner

_KEY = Qt.ItemDataRole.UserRole


class RoomyItemDelegate(QStyledItemDelegate):
    """Two-line items a little taller than Qt's hint.

    When a line falls back to a taller font (a Chinese role title in a Latin font),
    Qt's hint counts its height but the painter still elides the line after it.
    """

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), size.height() + option.fontMetrics.height() // 3)


class OutputsPanel(QWidget):
    """show_run(run) lists the buffers; selecting one shows it in a fitting viewer."""

    exportFinished = Signal(str)  # the path written
    exportFailed = Signal(str)  # what went wrong, in words
    referenceEdited = Signal(str, object)  # an output's name, its new Reference or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entries: dict[str, BufferEntry] = {}
        self._session: Session | None = None  # the session of the run shown
        self._namespace: dict[str, object] = {}  # what its reference expressions see
        self._exports: TaskRunner[str | None, None] = TaskRunner(
            self, Lane.SUMMARIES, Rule.ONE_AT_A_TIME, self._on_exports_done, self._on_exports_failed
        )
        self._export_path = Path()  # of the export under way, or the last one
        self._export_dir = Path.home()

        self.banner = ErrorBanner()
        self.buffer_list = QListWidget()
        self.buffer_list.setObjectName("bufferList")
        self.buffer_list.setSpacing(2)
        self.buffer_list.setWordWrap(True)
        self.buffer_list.setItemDelegate(RoomyItemDelegate(self.buffer_list))
        self.buffer_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.buffer_list.currentItemChanged.connect(self._on_buffer_list_current_changed)
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.type_label = QLabel()
        self.reference_label = QLabel()
        self.reference_label.setWordWrap(True)
        self.reference_label.setTextFormat(Qt.TextFormat.RichText)
        self.reference_editor = ReferenceEditor()
        self.reference_editor.referenceEdited.connect(self._on_reference_editor_reference_edited)
        self.guard_label = QLabel()
        self.guard_label.setObjectName("guardWarning")
        self.guard_label.setWordWrap(True)
        self.guard_label.setStyleSheet(
            "QLabel#guardWarning { background: rgba(230, 160, 40, 50); "
            "border: 1px solid rgba(230, 160, 40, 170); border-radius: 4px; padding: 4px; }"
        )
        self.guard_label.setVisible(False)
        self.worst_button = push_button(
            self.tr("Show worst element"),
            self.tr("Jump to the element farthest from its reference value"),
            clicked=self.show_worst_element,
        )
        self.export_button = push_button(
            self.tr("Export…"),
            self.tr("Save this buffer as .npy (for numpy) or .csv"),
            clicked=self._on_export_button_clicked,
        )
        self.export_status = QLabel()
        self.viewer = BufferViewer()
        self.launch_picker = LaunchPicker()
        self.launch_picker.currentIndexChanged.connect(
            lambda _index: self._show_entry(self._entries.get(self._current_key()))
        )

        self.stack = EmptyStatePages(
            self,
            self._build_content(),
            self.tr("No outputs yet"),
            self.tr(
                "Run a kernel (Ctrl+R) to see every buffer it read and wrote, as plots, "
                "images and tables, checked against their reference expressions."
            ),
        )
        self.empty = self.stack.empty

    def _build_content(self) -> QWidget:
        for label in (self.title, self.type_label, self.export_status):
            # Long names are cut short rather than widening the dock and the window; an
            # Ignored size policy would lose them to the stretch beside them altogether.
            label.setMinimumWidth(1)
        header = hbox(
            self.title,
            self.type_label,
            1,
            self.launch_picker,
            self.export_status,
            self.worst_button,
            self.export_button,
        )
        right = QWidget()
        vbox(
            header,
            self.reference_label,
            self.reference_editor,
            self.guard_label,
            (self.viewer, 1),
            parent=right,
            margins=0,
        )

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.buffer_list)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 5)
        splitter.setSizes([200, 1000])
        self.splitter = splitter

        self.no_buffers = QLabel()
        self.no_buffers.setWordWrap(True)
        self.no_buffers.setVisible(False)
        return run_page(self.banner, self.no_buffers, splitter)

    def show_run(self, run: FinishedRun) -> None:
        """List the run's buffers and show the first result (or the first input).

        The outputs' references are the session's that ran: edited here, they are checked
        on this run at once.
        """
        result, session = run.result, run.session
        self.stack.show_content()
        self._session = session
        signature = None if result.build is None else result.build.kernel(result.kernel)
        self._namespace = (
            reference_namespace(session, signature, result.inputs)
            if signature is not None
            else dict(result.inputs)
        )
        self.banner.set_error(result.error)
        orders = {n: spec.order for n, spec in session.args.items() if isinstance(spec, ImageArg)}
        entries = buffer_entries(result, orders)
        self._entries = {entry.key: entry for entry in entries}
        self.launch_picker.set_snapshots(result.snapshots, result.launch_count)
        self.no_buffers.setText(
            self.tr("This run produced no buffers to show: it stopped before any were created.")
        )
        self.no_buffers.setVisible(not entries)
        self.splitter.setVisible(bool(entries))  # no table of an earlier run under that line
        with QSignalBlocker(self.buffer_list):
            self.buffer_list.clear()
            for entry in entries:
                self.buffer_list.addItem(self._item(entry))
        self.buffer_list.setCurrentRow(0 if entries else -1)
        if not entries:
            self._show_entry(None)

    def clear(self) -> None:
        """Back to the empty state: another session is shown, this run is not its."""
        self._entries = {}
        self._session = None
        self._namespace = {}
        self.launch_picker.set_snapshots((), 0)
        with QSignalBlocker(self.buffer_list):
            self.buffer_list.clear()
        self._show_entry(None)
        self.stack.show_empty()

    def entries(self) -> list[BufferEntry]:
        return list(self._entries.values())

    def current_entry(self) -> BufferEntry | None:
        return self.viewer.entry()

    def select_buffer(self, name: str, role: str = "result") -> bool:
        """Select the listed buffer `name` in `role`; False when it is not listed."""
        for row in range(self.buffer_list.count()):
            if self.buffer_list.item(row).data(_KEY) == f"{role}:{name}":
                self.buffer_list.setCurrentRow(row)
                return True
        return False

    def show_worst_element(self) -> None:
        """Jump to the element that missed its reference by most, in the current view."""
        entry = self.current_entry()
        if entry is None or entry.reference is None or entry.reference.worst_index is None:
            return
        self.viewer.show_element(entry.reference.worst_index)

    def export_current(self, path: str | Path) -> bool:
        """Write the selected buffer to `path` (.csv as a table, anything else as .npy).

        False, and nothing written, when nothing is selected or an export is under way.
        """
        entry = self.current_entry()
        if entry is None or self._exports.is_busy():
            return False
        path = Path(path)
        self._exports.submit(lambda _state: save_entry(entry, path))
        self._export_path = path
        self._export_dir = path.parent
        self.export_status.setText(self.tr("Saving {name}…").format(name=path.name))
        self.export_status.setToolTip(str(path))
        self.export_button.setEnabled(False)
        return True

    def _item(self, entry: BufferEntry) -> QListWidgetItem:
        # Short marks, so the list stays narrow; the tooltip and the header say more.
        badges = ""
        if entry.reference is not None:
            badges += "  ✓" if entry.reference.ok else "  ✗"
        if entry.guard is not None:
            badges += "  ⚠"
        item = QListWidgetItem(f"{entry_title(entry)}{badges}\n{short_type_text(entry)}")
        item.setData(_KEY, entry.key)
        tips = [type_text(entry)]
        if entry.reference is not None:
            tips.append(f"✓/✗ {verdict_text(entry.reference.ok)}: {entry.reference.message}")
        if entry.guard is not None:
            tips.append(
                self.tr("⚠ Out-of-bounds write: {message}").format(message=entry.guard.message)
            )
        item.setToolTip("\n".join(tips))
        return item

    def _current_key(self) -> str:
        item = self.buffer_list.currentItem()
        return "" if item is None else str(item.data(_KEY))

    def _show_entry(self, entry: BufferEntry | None) -> None:
        note = None if entry is None else self.launch_picker.note(entry)
        if entry is not None:
            entry = self.launch_picker.shown(entry)
        self.title.setText("" if entry is None else entry_title(entry))
        self.type_label.setText("" if entry is None else type_text(entry))
        self.reference_label.setText(note or ("" if entry is None else reference_text(entry)))
        editable = (
            entry is not None
            and entry.role == "result"
            and not entry.layout.fields  # a buffer of structs is checked field by field
            and self._session is not None
            and not note
        )
        self.reference_editor.setVisible(editable)
        if editable:
            assert entry is not None and self._session is not None
            self.reference_editor.set_output(
                entry.name,
                self._session.references.get(entry.name),
                tuple(self._namespace),
                struct_fields(self._namespace),
            )
        reference = None if entry is None else entry.reference
        self.worst_button.setVisible(reference is not None)
        self.worst_button.setEnabled(reference is not None and reference.worst_index is not None)
        self.export_button.setEnabled(entry is not None and not self._exports.is_busy())
        guard = None if entry is None else entry.guard
        self.guard_label.setVisible(guard is not None)
        if guard is not None:
            self.guard_label.setText(
                self.tr("⚠ Out-of-bounds write caught by the guard bands: {message}").format(
                    message=guard.message
                )
            )
        self.viewer.set_entry(entry)

    def _on_reference_editor_reference_edited(self, name: str, reference: Reference | None) -> None:
        """Check the new reference on the run shown at once, and pass the edit on."""
        key = f"result:{name}"
        entry, session = self._entries.get(key), self._session
        if entry is None or session is None:
            return
        references = dict(session.references)
        if reference is None:
            references.pop(name, None)
            report = None
        else:
            references[name] = reference
            report = check_reference(
                name, reference, entry.array, self._namespace, session.base_dir
            )
        self._session = replace(session, references=references)
        entry = replace(entry, reference=report)
        self._entries[key] = entry
        item = self.buffer_list.currentItem()
        if item is not None and item.data(_KEY) == key:
            fresh = self._item(entry)
            item.setText(fresh.text())
            item.setToolTip(fresh.toolTip())
        self.reference_label.setText(reference_text(entry))
        self.worst_button.setVisible(report is not None)
        self.worst_button.setEnabled(report is not None and report.worst_index is not None)
        self.viewer.set_entry(entry)
        self.referenceEdited.emit(name, reference)

    def _on_buffer_list_current_changed(
        self, current: QListWidgetItem | None, _previous: QListWidgetItem | None
    ) -> None:
        self._show_entry(None if current is None else self._entries.get(current.data(_KEY)))

    def _on_export_button_clicked(self) -> None:
        entry = self.current_entry()
        if entry is None:
            return
        suggested = str(self._export_dir / f"{entry.name}.npy")
        path, chosen = QFileDialog.getSaveFileName(
            self,
            self.tr("Export {title}").format(title=entry_title(entry)),
            suggested,
            self.tr("NumPy array (*.npy);;CSV table (*.csv)"),
        )
        if not path:
            return
        if Path(path).suffix.lower() not in (".npy", ".csv"):
            path += ".csv" if "csv" in chosen.lower() else ".npy"
        self.export_current(path)

    def _on_exports_done(self, problem: str | None) -> None:
        self.export_button.setEnabled(self.current_entry() is not None)
        if problem is not None:
            self._show_export_failure(problem)
            return
        path = self._export_path
        self.export_status.setText(self.tr("Saved {name}").format(name=path.name))
        self.export_status.setToolTip(str(path))
        self.exportFinished.emit(str(path))

    def _on_exports_failed(self, traceback_text: str) -> None:
        self.export_button.setEnabled(self.current_entry() is not None)
        self._show_export_failure(
            self.tr("Could not save {path}:\n{details}").format(
                path=self._export_path, details=traceback_text
            )
        )

    def _show_export_failure(self, problem: str) -> None:
        self.export_status.setText(self.tr("Export failed"))
        self.export_status.setToolTip(problem)
        self.exportFailed.emit(problem)
