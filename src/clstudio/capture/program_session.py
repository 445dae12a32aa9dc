"""`program.json`: the captured launches of one context replayed in order as one session
of several launches, each device buffer of the program one buffer of the session.

A buffer's initial contents are what the program had in it before the first captured
launch that passed it, and its reference is what the last launch that may write it left
there, so running the session checks that the launches, in order, compute what the
program computed. A replay cannot write from the host between two launches: where the
program's buffer holds something else before a launch than the launches before it left
(the host wrote it, a launch not in the program changed it, or a freed buffer's handle
came back), the later launches get a session buffer of their own holding what the
program had there. The data files are the launch sessions' own, named by path.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from clstudio.backend import Builder
from clstudio.capture.capture_index import ProgramEntry
from clstudio.capture.journal import JournalLaunch, JournalReader
from clstudio.capture.launch_sessions import SavedLaunch
from clstudio.common import gettext
from clstudio.session import (
    ArgSpec,
    BufferArg,
    Init,
    Launch,
    LaunchBinding,
    LocalArg,
    NullArg,
    Reference,
    ScalarArg,
    Session,
    save_session,
)
from clstudio.session.launches import MAX_LAUNCHES

PROGRAM_FILE = "program.json"


@dataclass(frozen=True)
class CapturedLaunch:
    """A captured launch as the journal recorded it, and the session it became."""

    launch: JournalLaunch
    saved: SavedLaunch


@dataclass
class _Version:
    """One session buffer: a program buffer from one launch on, until something outside
    the replay changes it."""

    name: str
    spec: BufferArg
    expected: bytes
    reference: str | None = None


@dataclass
class _Program:
    """The session's arguments and launches as they are gathered, launch by launch."""

    args: dict[str, ArgSpec] = field(default_factory=dict)
    references: dict[str, str] = field(default_factory=dict)  # name -> after file
    launches: list[Launch] = field(default_factory=list)
    versions: dict[tuple[int, int], _Version] = field(default_factory=dict)
    shared: dict[object, str] = field(default_factory=dict)  # a local size or NULL -> name

    def name_for(self, wanted: str) -> str:
        name, n = wanted, 1
        while name in self.args:
            n += 1
            name = f"{wanted}_{n}"
        return name


def save_program(
    captured: list[CapturedLaunch],
    reader: JournalReader,
    folder: Path,
    builder: Builder,
    description: str,
) -> ProgramEntry | None:
    """Write program.json for the context of the first captured launch; None when no
    launch was captured."""
    if not captured:
        return None
    first = captured[0].launch
    same_place = [
        c
        for c in captured
        if (c.launch.context, c.launch.device, c.launch.platform)
        == (first.context, first.device, first.platform)
    ]
    chosen, source, why = _one_source(same_place, reader, builder)
    if len(chosen) > MAX_LAUNCHES:
        said = gettext("a session holds at most {count} launches; the first {count} are replayed")
        why = said.format(count=MAX_LAUNCHES)
        chosen = chosen[:MAX_LAUNCHES]
    if len(chosen) < len(captured) and not why:
        why = gettext("launches on another context or device are left out")
    program = _Program()
    for each in chosen:
        program.launches.append(_launch(program, each, reader, folder))
    session = Session(
        source=source,
        source_file="program.cl",
        launches=tuple(program.launches),
        build_options=first.options,
        device=captured[0].saved.session.device,
        args={
            name: _access(spec, name in program.references) for name, spec in program.args.items()
        },
        references={name: Reference(file=path) for name, path in program.references.items()},
        description=description,
        base_dir=folder,
    )
    save_session(session, folder / PROGRAM_FILE)
    return ProgramEntry(PROGRAM_FILE, tuple(c.launch.number for c in chosen), why)


def _one_source(
    launches: list[CapturedLaunch], reader: JournalReader, builder: Builder
) -> tuple[list[CapturedLaunch], str, str]:
    """The launches one source can hold, that source, and why others are left out: the
    programs built with the first one's options, joined, when the join builds and no
    kernel name is in two of them; else the first launch's program alone."""
    first = launches[0].launch
    alone = [c for c in launches if c.launch.program == first.program]
    same_options = [c for c in launches if c.launch.options == first.options]
    programs = list(dict.fromkeys(c.launch.program for c in same_options))
    assert first.program is not None  # captured launches have their source
    if len(programs) == 1:
        why = "" if len(alone) == len(launches) else _left_out()
        return alone, reader.source(first.program), why
    kernels: dict[str, int | None] = {}
    for each in same_options:
        if kernels.setdefault(each.launch.kernel, each.launch.program) != each.launch.program:
            return alone, reader.source(first.program), _left_out()
    joined = "\n".join(reader.source(p) for p in programs if p is not None)
    built = builder.build(joined, first.options, launches[0].saved.session.device)
    if not built.ok or any(built.kernel(k) is None for k in kernels):
        return alone, reader.source(first.program), _left_out()
    why = "" if len(same_options) == len(launches) else _left_out()
    return same_options, joined, why


def _left_out() -> str:
    return gettext(
        "launches of programs that cannot be built as one with the first launch's are left out"
    )


def _launch(program: _Program, each: CapturedLaunch, reader: JournalReader, folder: Path) -> Launch:
    """The launch's bindings: each buffer to its session buffer, each scalar its value."""
    launch, saved = each.launch, each.saved
    where = saved.path.parent.relative_to(folder).as_posix()
    binding: dict[str, LaunchBinding] = {}
    for (param, spec), raw in zip(saved.session.args.items(), launch.args, strict=True):
        if isinstance(spec, ScalarArg):
            binding[param] = spec
        elif isinstance(spec, BufferArg):
            before = reader.contents(launch, raw.buffer, "before")
            key = (raw.buffer, raw.size)
            version = program.versions.get(key)
            same = version is not None and (version.spec.dtype, version.spec.shape) == (
                spec.dtype,
                spec.shape,
            )
            if version is None or not same or version.expected != before:
                name = program.name_for(param)
                init = Init("file", {"path": f"{where}/{spec.init.params['path']}"})
                version = program.versions[key] = _Version(name, replace(spec, init=init), before)
                program.args[name] = version.spec
            binding[param] = version.name
            if param in saved.session.references:
                version.expected = reader.contents(launch, raw.buffer, "after")
                after = saved.session.references[param].file
                program.references[version.name] = f"{where}/{after}"
        else:
            binding[param] = _shared(program, param, spec)
    return Launch(launch.kernel, launch.global_size, launch.local_size, binding)


def _shared(program: _Program, param: str, spec: ArgSpec) -> str:
    """A `__local` size or a NULL: one session argument for every launch that passes it."""
    key: object = (spec.dtype, spec.count) if isinstance(spec, LocalArg) else "null"
    name = program.shared.get(key)
    if name is None:
        assert isinstance(spec, LocalArg | NullArg)  # what a launch session holds else
        name = program.shared[key] = program.name_for(param)
        program.args[name] = spec
    return name


def _access(spec: ArgSpec, written: bool) -> ArgSpec:
    """A buffer some launch writes is read back and checked; the others only go in."""
    if isinstance(spec, BufferArg):
        return replace(spec, access="inout" if written else "in")
    return spec
