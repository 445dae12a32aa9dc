"""Saving a session: the files it writes, named before anything is written.

A session with a `source_file` writes two files. The user names only the session file,
so the source goes beside it under the same name (`x.cl` for `x.json`), unless the
session is saved where it came from, where its source file is its own. A session in
source parts writes each file part the same way (`x.2.cl` for its second part). A file that
would be replaced and is not the session's own is named in the plan, so the app can
ask first; nothing a user did not name is ever overwritten silently.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from clstudio.common import gettext, write_text_atomically
from clstudio.session.args import BufferArg, ImageArg, Init
from clstudio.session.fields import SessionError
from clstudio.session.format import Session, dumps_session

__all__ = ["SavePlan", "plan_save", "relocated", "save_session", "write_planned"]


@dataclass(frozen=True)
class SavePlan:
    session: Session  # as it will be written: paths relative to the new folder
    path: Path  # the session file, as the user named it
    source_path: Path | None  # the kernel source written beside it, if any
    would_replace: tuple[Path, ...] = ()  # existing files, not the session's own, that differ
    # Each file part written beside it, with its text (a session in source parts).
    part_paths: tuple[tuple[Path, str], ...] = ()


def plan_save(session: Session, path: str | Path, came_from: Path | None = None) -> SavePlan:
    """What saving `session` to `path` writes; `came_from` is the file it was opened from."""
    path = Path(path)
    session = relocated(session, path.parent)
    same_place = came_from is not None and _same_file(came_from, path)
    if session.source_parts:
        return _plan_parts(session, path, same_place)
    if session.source_file is None:
        return SavePlan(session, path, None)
    if same_place:
        source_path = path.parent / session.source_file
        if _outside(path, source_path):
            _refuse_outside("source_file", source_path, session.source)
            return SavePlan(session, path, None)  # unchanged: left as it is
        return SavePlan(session, path, source_path)
    name = path.with_suffix(".cl").name
    session = replace(session, source_file=name)
    source_path = path.parent / name
    differs = os.path.lexists(source_path) and not _holds(source_path, session.source)
    return SavePlan(session, path, source_path, (source_path,) if differs else ())


def _plan_parts(session: Session, path: Path, same_place: bool) -> SavePlan:
    """File parts go back to their files where the session came from, else beside the new
    session file as `x.N.ext` (N its part's number), never over another file unasked."""
    parts = []
    written: list[tuple[Path, str]] = []
    others: list[Path] = []
    for index, part in enumerate(session.source_parts):
        if part.file is None:
            parts.append(part)
            continue
        name = part.file
        if not same_place:
            name = f"{path.stem}.{index + 1}{Path(part.file).suffix or '.cl'}"
            part = replace(part, file=name)
            target = path.parent / name
            if os.path.lexists(target) and not _holds(target, part.text):
                others.append(target)
        target = path.parent / name
        if same_place and _outside(path, target):
            _refuse_outside(f"source_parts[{index}]", target, part.text)
        elif not (same_place and _holds(target, part.text)):  # a part left as it was: unwritten
            written.append((target, part.text))
        parts.append(part)
    planned = replace(session, source_parts=tuple(parts))
    return SavePlan(planned, path, None, tuple(others), tuple(written))


def write_planned(plan: SavePlan) -> None:
    """Write the files of a plan, each atomically: the source first, then the session."""
    if plan.source_path is not None:
        plan.source_path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(plan.source_path, plan.session.source)
    for part_path, text in plan.part_paths:
        part_path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomically(part_path, text)
    write_text_atomically(plan.path, dumps_session(plan.session))


def save_session(
    session: Session, path: str | Path, came_from: Path | None = None, replace_others: bool = False
) -> Session:
    """Save, refusing to replace another file unless asked; returns the session as saved."""
    plan = plan_save(session, path, came_from)
    if plan.would_replace and not replace_others:
        names = ", ".join(str(p) for p in plan.would_replace)
        problem = gettext("saving would replace {files}, which is not this session's source")
        raise SessionError(problem.format(files=names))
    write_planned(plan)
    return plan.session


def relocated(session: Session, folder: Path) -> Session:
    """`session` with the relative .npy paths it names rewritten to start at `folder`."""
    old = session.base_dir
    if old is None or old.resolve() == folder.resolve():
        return session

    def moved(text: str) -> str:
        if Path(text).is_absolute():
            return text
        return os.path.relpath((old / text).resolve(), folder.resolve())

    args = {
        name: replace(
            spec, init=Init("file", {**spec.init.params, "path": moved(spec.init.params["path"])})
        )
        if isinstance(spec, BufferArg | ImageArg) and spec.init.kind == "file"
        else spec
        for name, spec in session.args.items()
    }
    references = {
        name: replace(ref, file=moved(ref.file)) if ref.file is not None else ref
        for name, ref in session.references.items()
    }
    origin = session.embedded_in.moved(old, folder) if session.embedded_in is not None else None
    return replace(session, args=args, references=references, base_dir=folder, embedded_in=origin)


def _outside(session_path: Path, target: Path) -> bool:
    """Whether a file a session names lies outside the session's folder (an absolute
    path, `../`, or a symbolic link out), where Save never writes."""
    return not target.resolve().is_relative_to(session_path.parent.resolve())


def _refuse_outside(where: str, target: Path, text: str) -> None:
    """Sessions travel: one naming `../../.bashrc` must not make Save write there. A file
    outside that the user left as it was is not written; a changed one refuses the save."""
    if not _holds(target, text):
        problem = gettext(
            "{where}: {file} is outside the session's folder, so Save does not write "
            "to it; use Save As to keep your change beside a new session file"
        )
        raise SessionError(problem.format(where=where, file=target))


def _same_file(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def _holds(path: Path, text: str) -> bool:
    """Whether a regular file already holds exactly `text` (a FIFO is never read)."""
    data = text.encode("utf-8")
    try:
        if not path.is_file() or path.stat().st_size != len(data):
            return False
        return path.read_bytes() == data
    except OSError:
        return False
