"""The open session: what is being edited, where it is saved, and whether it has changed.

Qt-free, so the rules for titles, dirtiness and saving are testable on their own.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from clstudio.common import (
    kernel_word_pattern,
    parse_element_type,
    read_text_file,
    write_text_atomically,
)
from clstudio.embedded import Dtype
from clstudio.session import (
    BufferArg,
    Init,
    Launch,
    Reference,
    SavePlan,
    Session,
    SessionError,
    load_session,
    own_copy,
    plan_save,
    starter_source,
    write_planned,
)

if TYPE_CHECKING:  # a host file's modules load when the first one is opened
    from clstudio.embedded import EmbeddedSource, HostFile, WrittenBack


def starter_session() -> Session:
    """What File > New opens: a kernel that builds and runs as it is, its comments in the
    user's language."""
    n = 1024
    f32 = parse_element_type("float32")
    return Session(
        source=starter_source(),
        launches=(Launch("vadd", (n,)),),
        args={
            "a": BufferArg(f32, (n,), Init("random", {"low": 0.0, "high": 1.0})),
            "b": BufferArg(f32, (n,), Init("random", {"low": 0.0, "high": 1.0})),
            "c": BufferArg(f32, (n,), Init("zeros"), access="out"),
        },
        references={"c": Reference("a + b")},
        description="Add two vectors, one element per work-item.",
    )


class Document:
    """A session, the file it came from (None until saved), and whether it has changed.

    Changed means different from the last saved (or opened) session, so undoing an edit
    by hand makes the document clean again. In a gallery example not yet saved, the run
    bar's settings (time limit, repeats) are how the learner runs it, not a change to it:
    they alone never ask to save the example (issue 43); saved, the session keeps them.
    """

    def __init__(self, session: Session, path: Path | None = None, label: str = "") -> None:
        self.session = session
        self.path = path
        self._clean = session
        self._label = label
        self._example: tuple[str, str] | None = None  # (title, description) of its example
        # The host file and string an imported kernel came from, and the element type
        # its -D options were given: the window rebuilds the session when it changes.
        self.embedded: tuple[HostFile, EmbeddedSource] | None = None
        self.dtype: Dtype = "f32"

    @classmethod
    def new(cls, label: str = "") -> Document:
        """The starter session, unsaved; `label` names it (the window's "Untitled", translated)."""
        return cls(starter_session(), None, label)

    @classmethod
    def open(cls, path: Path) -> Document:
        """Read a session file; raises SessionError with a readable message."""
        return cls(load_session(path), path.resolve())

    @classmethod
    def from_kernel_file(cls, path: Path) -> Document:
        """An unsaved session around the OpenCL C in a .cl file; its arguments come
        from the kernel's signature once it builds."""
        try:
            source = read_text_file(path)
        except OSError as exc:
            raise SessionError(f"{path}: cannot read it: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise SessionError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None
        # A first guess at the kernel, cluda's `KERNEL void k(` too; the first build corrects it.
        match = re.search(rf"{kernel_word_pattern(source)}\s+void\s+([A-Za-z_]\w*)\s*\(", source)
        session = Session(
            source=source,
            launches=(Launch(match.group(1) if match else "kernel", (1024,)),),
            base_dir=path.parent.resolve(),
        )
        return cls(session, None, path.name)

    @classmethod
    def from_embedded(cls, host: HostFile, source: EmbeddedSource, kernel: str) -> Document:
        """An unsaved session around a kernel found in a host file's string; Save writes
        it back into that string (write_back), Save As keeps it as a session file."""
        from clstudio.embedded import imported_session

        session = imported_session(host, source, kernel=kernel).session
        document = cls(session, None, f"{host.path.name} ({kernel})")
        document.embedded = (host, source)
        return document

    @property
    def host_file(self) -> Path | None:
        """The host file that Save writes the kernel into: an imported, never saved session's."""
        origin = self.session.embedded_in
        if origin is None or self.path is not None:
            return None
        return origin.path(self.session.base_dir)

    def write_back(self, force: bool = False) -> WrittenBack:
        """Write the kernel into the host file's string it came from (see host_file).

        Raises FileChangedError when that file changed since it was read (unless
        `force`), WriteBackError when the kernel cannot be written there.
        """
        from clstudio.embedded import write_back

        origin = self.session.embedded_in
        path = self.host_file
        assert origin is not None and path is not None
        written = write_back(path, origin, self.session.source, force)
        self.session = replace(self.session, embedded_in=written.origin)
        self.mark_clean()
        return written

    @classmethod
    def copy_of(cls, path: Path, label: str, example_title: str = "") -> Document:
        """An unsaved copy of a session file, so that Save never overwrites the original.

        With `example_title`, the copy is of a gallery example: saved, it becomes the
        user's own, no longer described as the example (see own_copy).
        """
        document = cls.open(path)
        document.path = None
        document._label = label
        if example_title:
            document._example = (example_title, document.session.description)
        return document

    @property
    def dirty(self) -> bool:
        if self._example is not None:
            return _run_apart(self.session) != _run_apart(self._clean)
        return self.session != self._clean

    def mark_clean(self) -> None:
        """Take the current session as the saved one (after saving, or to drop changes)."""
        self._clean = self.session

    @property
    def name(self) -> str:
        """What the title bar calls this document."""
        if self.path is not None:
            return self.path.name
        return self._label or "Untitled"

    def save_source(self, path: Path) -> None:
        """Write the kernel source alone, as a .cl file."""
        write_text_atomically(path, self.session.source)

    def plan_save(self, path: Path | None = None) -> SavePlan:
        """What saving to `path` (or where it came from) would write, and would replace."""
        target = path or self.path
        if target is None:
            raise ValueError("an untitled document needs a path to be saved")
        return plan_save(self.session, target.resolve(), self.path)

    def save(self, path: Path | None = None, replace_others: bool = False) -> Path:
        """Write the session to `path`, or where it came from; returns where it went.

        Refuses (SessionError) to replace a file that is not the session's own, unless
        `replace_others`: the window asks the user first (see plan_save).
        """
        if self._example is not None:
            self.session = own_copy(self.session, *self._example)
        plan = self.plan_save(path)
        if plan.would_replace and not replace_others:
            names = ", ".join(str(p) for p in plan.would_replace)
            raise SessionError(f"saving would replace {names}, which is not this session's")
        write_planned(plan)
        self.path = plan.path
        self.session = plan.session
        self.mark_clean()
        self._example = None
        return plan.path


def _run_apart(session: Session) -> Session:
    """The session with the run bar's settings at their defaults: what an example is."""
    return replace(session, timeout_s=Session.timeout_s, repeats=Session.repeats)
