"""A kernel opened from a host program's file, kept as its host code would launch it:
the element type the user chose (f32, f16) given to the host's -D options, and, for an
InfiniCore operator, its profile's sizes, NDRange, arguments and references for the
device in use (embedded.retyped_session: the profile needs the device's maximum
work-group size, so it is applied once the device is known, and again when it changes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QObject

from clstudio.devices import DeviceInfo, limits_of
from clstudio.embedded import DTYPES, Dtype, chosen_options, template_of
from clstudio.session import Session
from clstudio.ui.document import Document
from clstudio.ui.files.host_file_bar import HostFileBar
from clstudio.ui.status_bar import StatusSink

_MOST_WORK_GROUP = 1 << 20  # above any device's; limits_of's "unknown" is far above


class EmbeddedOwner(Protocol):
    """Who holds the document and the device in use (the workbench)."""

    document: Document

    def device(self) -> DeviceInfo | None: ...
    def restore_session(self, session: Session) -> None: ...


class EmbeddedController(QObject):
    """Shows the host-file bar for an imported kernel and rebuilds its session when the
    element type or the device changes."""

    def __init__(
        self,
        owner: EmbeddedOwner,
        bar: HostFileBar,
        status: StatusSink,
        show_title: Callable[[], None],
    ) -> None:
        super().__init__(bar)
        self._owner = owner
        self._bar = bar
        self._status = status
        self._show_title = show_title
        # What the shown session was made for: (document, element type, work-group maximum).
        self._made_for: tuple[int, Dtype, int] | None = None
        bar.dtypeChosen.connect(self._on_bar_dtype_chosen)

    def show_document(self) -> None:
        """Another document is shown: the bar for an imported kernel, else none."""
        document = self._owner.document
        self._made_for = None
        if document.embedded is None:
            self._bar.hide()
            return
        host, source = document.embedded
        said = self.tr("From {file}, the string at line {line}").format(
            file=host.path.name, line=source.line
        )
        template = template_of(host)
        typed = len({chosen_options(template, source, d).options for d in DTYPES}) > 1
        self._bar.show_origin(said, document.dtype if typed else None)

    def device_changed(self, device: DeviceInfo | None) -> None:
        """The device in use changed: a profile sized for the last one is sized again; the
        first fitting of a document just opened (and the device chosen for it) is no edit
        of the user's."""
        document = self._owner.document
        if document.embedded is None or device is None:
            return
        first = self._made_for is None
        self._retype(document.dtype)
        if first:
            document.mark_clean()
            self._show_title()

    def _on_bar_dtype_chosen(self, dtype: str) -> None:
        chosen = next(d for d in DTYPES if d == dtype)
        self._retype(chosen)
        session = self._owner.document.session
        said = self.tr("Element type {dtype}: build options {options}")
        self._status.show_message(said.format(dtype=chosen, options=session.build_options))

    def _retype(self, dtype: Dtype) -> None:
        document = self._owner.document
        assert document.embedded is not None
        device = self._owner.device()
        most = limits_of(device).max_work_group_size if device is not None else 0
        if most > _MOST_WORK_GROUP:  # the driver did not say: no profile can be sized
            most = 0
        made_for = (id(document), dtype, most)
        if made_for == self._made_for:
            return
        from clstudio.embedded import retyped_session  # with the operators' profiles

        host, source = document.embedded
        retyped = retyped_session(document.session, host, source, dtype, most)
        document.dtype = dtype
        self._made_for = made_for
        self._owner.restore_session(retyped.session)
