"""The session: a program of launches over one source, its arguments and references.

The JSON form of a session is a public, versioned contract (docs/session-format.md).
Reading one validates every key and never runs code; every refusal names its place.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from clstudio.common import (
    MAX_TEXT_BYTES,
    build_options_problem,
    gettext,
    read_text_file,
)
from clstudio.devices import DeviceSelector
from clstudio.session.arg_fields import arg_to_dict, read_args
from clstudio.session.args import ArgSpec
from clstudio.session.embedded_origin import EmbeddedIn, read_embedded_in
from clstudio.session.fields import (
    SessionError,
    check_keys,
    describe,
    fail,
    read_bool,
    read_identifier,
    read_int,
    read_number,
    read_object,
    read_sizes,
    read_string,
    shown,
)
from clstudio.session.launches import (
    Launch,
    LaunchGroup,
    launch_scalars,
    launch_to_dict,
    read_launches,
)
from clstudio.session.reference_fields import Reference, read_references
from clstudio.session.sizes import SizeLinks, read_sizes_table, resolve_names, restore_names
from clstudio.session.source_parts import SourceMap, SourcePart, joined_source
from clstudio.session.struct_fields import read_structs, structs_of, structs_to_dict

FORMAT_NAME = "clstudio-session"
FORMAT_VERSION = 1
MAX_FILE_BYTES = MAX_TEXT_BYTES  # session and source files; larger ones are refused unread
MAX_REPEATS = 100_000
MAX_OPERATIONS_PER_ITEM = 1_000_000_000
MAX_TIMEOUT_S = 86_400.0
MAX_SOURCE_PARTS = 64
# The documented order, which saving follows.
TOP_LEVEL_KEYS = (
    "format",
    "version",
    "description",
    "kernel",
    "source",
    "source_file",
    "source_parts",
    "build_options",
    "device",
    "sizes",
    "global_size",
    "local_size",
    "repeats",
    "seed",
    "timeout_s",
    "guards",
    "structs",
    "args",
    "launches",
    "references",
    "operations_per_item",
    "breakpoints",
    "embedded_in",
)

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "Reference",
    "Session",
    "SessionError",
    "dumps_session",
    "load_session",
    "parse_session",
    "session_to_dict",
]


@dataclass(frozen=True)
class Session:
    """Always a program: a one-launch file reads as a program of one launch, so that no
    layer asks which shape it holds. The file's short form is only the writer's."""

    source: str
    # At least one entry; a launch or group of launches, in order (session/launches.py).
    launches: tuple[Launch | LaunchGroup, ...]
    source_file: str | None = None  # as written in the file, relative to base_dir
    build_options: str = ""
    device: DeviceSelector | None = None
    repeats: int = 1
    seed: int = 0
    timeout_s: float = 10.0
    guards: bool = True
    args: dict[str, ArgSpec] = field(default_factory=dict)
    references: dict[str, Reference] = field(default_factory=dict)
    breakpoints: tuple[int, ...] = ()  # the debugger's, by 1-based source line
    # What one work-item of each kernel computes, for the roofline: {"matmul": 2 * K}.
    operations_per_item: dict[str, int] = field(default_factory=dict)
    description: str = ""
    sizes: dict[str, int] = field(default_factory=dict)  # named sizes: {"N": 1024}
    # Where the file wrote sizes by name. Not compared: sessions with the same numbers
    # run the same, and a link a form edit made stale is dropped when saving.
    size_links: SizeLinks = field(default_factory=dict, compare=False)
    base_dir: Path | None = None  # where relative paths resolve; not saved
    # The host program's string the source was found in (clstudio import), if any.
    embedded_in: EmbeddedIn | None = None
    # The program as host code assembles it, in order; `source` is then their join
    # (source_parts.joined_source). Empty: the program is `source` alone.
    source_parts: tuple[SourcePart, ...] = ()

    def __post_init__(self) -> None:
        if not self.launches:
            raise ValueError("a session holds at least one launch")
        if self.source_parts and self.source != joined_source(self.source_parts):
            raise ValueError("a session's source is the join of its parts")

    @property
    def source_map(self) -> SourceMap:
        """The compiler's lines of `source` to (part, line): the identity without parts."""
        return SourceMap(self.source_parts)

    def with_part_texts(self, texts: tuple[str, ...]) -> Session:
        """The session with its parts' texts replaced, in order (the editor's edits)."""
        parts = tuple(
            replace(part, text=text) for part, text in zip(self.source_parts, texts, strict=True)
        )
        return replace(self, source=joined_source(parts), source_parts=parts)

    @property
    def first_launch(self) -> Launch:
        """The program's first launch: its kernel and NDRange are the file's top-level ones."""
        first = self.launches[0]
        return first.launches[0] if isinstance(first, LaunchGroup) else first

    @property
    def kernel(self) -> str:
        return self.first_launch.kernel

    @property
    def global_size(self) -> tuple[int, ...]:
        return self.first_launch.global_size

    @property
    def local_size(self) -> tuple[int, ...] | None:
        return self.first_launch.local_size

    def with_kernel(self, kernel: str) -> Session:
        """The session with its first launch's kernel set (the top level's, in the file)."""
        return self._with_first_launch(replace(self.first_launch, kernel=kernel))

    def with_ndrange(
        self, global_size: tuple[int, ...], local_size: tuple[int, ...] | None
    ) -> Session:
        """The session with its first launch's NDRange set (the top level's, in the file)."""
        launch = replace(self.first_launch, global_size=global_size, local_size=local_size)
        return self._with_first_launch(launch)

    def _with_first_launch(self, launch: Launch) -> Session:
        first = self.launches[0]
        if isinstance(first, LaunchGroup):
            first = replace(first, launches=(launch, *first.launches[1:]))
        else:
            first = launch
        return replace(self, launches=(first, *self.launches[1:]))

    @property
    def is_single_launch(self) -> bool:
        """One plain launch binding every parameter by its own name: the file's short form."""
        only = self.launches[0]
        return len(self.launches) == 1 and isinstance(only, Launch) and not only.args


def parse_session(data: object, base_dir: Path | None = None) -> Session:
    """A session from decoded JSON; relative paths resolve against base_dir (else the cwd).

    Reads source_file into Session.source and checks the headers of .npy files.
    """
    obj = read_object(data, "session")
    _check_format(obj)
    required = ("kernel", "global_size") if "launches" not in obj else ()
    check_keys(obj, "", TOP_LEVEL_KEYS, required=required)
    sizes = read_sizes_table(obj.get("sizes", {}))
    obj, size_links = resolve_names(obj, sizes)
    source, source_file, source_parts = _read_source(obj, base_dir)
    kernel = None
    if "kernel" in obj:
        kernel = read_identifier(obj["kernel"], "kernel", gettext("a kernel name"))
    global_size = None
    if "global_size" in obj:
        global_size = read_sizes(obj["global_size"], "global_size", 3)
    local_size = None
    if obj.get("local_size") is not None:
        local_size = read_sizes(obj["local_size"], "local_size", 3)
        if global_size is not None and len(local_size) != len(global_size):
            fail(
                "local_size",
                gettext(
                    "has {dims} dimensions, but global_size has "
                    "{global_dims}; give one size per dimension, or null"
                ).format(dims=len(local_size), global_dims=len(global_size)),
            )
    structs = read_structs(obj.get("structs", {}))
    args = read_args(obj.get("args", {}), "args", base_dir, structs)
    if "launches" in obj:
        launches = read_launches(obj["launches"], args, kernel, global_size, local_size, structs)
    else:
        assert kernel is not None and global_size is not None
        launches = (Launch(kernel, global_size, local_size),)
    description = read_string(obj.get("description", ""), "description")
    if "\n" in description or "\r" in description:
        fail("description", gettext("expected one line (the gallery shows it under the title)"))
    session = Session(
        source=source,
        launches=launches,
        source_file=source_file,
        build_options=_read_build_options(obj.get("build_options", "")),
        device=_read_device(obj.get("device")),
        repeats=read_int(obj.get("repeats", 1), "repeats", 1, MAX_REPEATS),
        seed=read_int(obj.get("seed", 0), "seed", 0, 2**64 - 1),
        timeout_s=_read_timeout(obj.get("timeout_s", 10.0)),
        guards=read_bool(obj.get("guards", True), "guards"),
        args=args,
        references=read_references(obj.get("references", {}), args, base_dir, sizes),
        breakpoints=_read_breakpoints(obj.get("breakpoints", []), source),
        operations_per_item=_read_operations(obj.get("operations_per_item", {})),
        description=description,
        sizes=sizes,
        size_links=size_links,
        base_dir=base_dir,
        embedded_in=read_embedded_in(obj["embedded_in"]) if "embedded_in" in obj else None,
        source_parts=source_parts,
    )
    if "launches" in obj and session.is_single_launch:  # to be saved in the short form
        session = replace(session, size_links=_short_form_links(size_links))
    return session


def _short_form_links(links: SizeLinks) -> SizeLinks:
    """The size names of a file that wrote its one plain launch in `launches`, where the
    short form the writer uses puts them: the launch's NDRange at the top level."""
    moved = {p: t for p, t in links.items() if p[0] != "launches"}
    for path, text in links.items():
        if path[:2] == ("launches", 0) and path[2] in ("global_size", "local_size"):
            moved[path[2:]] = text
    return moved


def _read_operations(value: object) -> dict[str, int]:
    """Operations per work-item by kernel name; the numbers, sizes already resolved."""
    obj = read_object(value, "operations_per_item")
    operations = {}
    for name, count in obj.items():
        where = f"operations_per_item.{name}"
        read_identifier(name, where, gettext("a kernel name"))
        operations[name] = read_int(count, where, 1, MAX_OPERATIONS_PER_ITEM)
    return operations


def _check_format(obj: Mapping[str, Any]) -> None:
    if obj.get("format") != FORMAT_NAME:
        if "format" not in obj:
            got = gettext("missing")
        else:
            got = gettext("got {value}").format(value=describe(obj["format"]))
        problem = gettext('expected "{format}" ({got}); is this a CL Studio session file?')
        fail("format", problem.format(format=FORMAT_NAME, got=got))
    if "version" not in obj:
        fail("version", gettext("this key is required but missing"))
    version = read_int(obj["version"], "version", -(2**63), 2**63)
    if version < 1:
        problem = gettext("unknown version {version}; this CL Studio reads version {known}")
        fail("version", problem.format(version=version, known=FORMAT_VERSION))
    if version > FORMAT_VERSION:
        problem = gettext("version {version} is newer than this CL Studio understands ({known})")
        fail("version", problem.format(version=version, known=FORMAT_VERSION))


def _read_breakpoints(value: object, source: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        fail(
            "breakpoints",
            gettext("expected a list of line numbers, got {value}").format(value=describe(value)),
        )
    # Lines past the end are dropped, not refused: the .cl file may have been shortened since.
    lines = len(source.splitlines())
    read = {read_int(line, "breakpoints", 1, 2**31 - 1) for line in value}
    return tuple(sorted(line for line in read if line <= lines))


def _read_timeout(value: object) -> float:
    seconds = float(read_number(value, "timeout_s"))
    if not 0 < seconds <= MAX_TIMEOUT_S:
        fail(
            "timeout_s",
            gettext("expected seconds above 0 and at most {most}, got {value}").format(
                most=f"{MAX_TIMEOUT_S:g}", value=describe(value)
            ),
        )
    return seconds


def _read_build_options(value: object) -> str:
    options = read_string(value, "build_options")
    problem = build_options_problem(options)
    if problem is not None:
        fail("build_options", problem)
    return options


_SOURCE_KEYS = ("source", "source_file", "source_parts")


def _read_source(
    obj: Mapping[str, Any], base_dir: Path | None
) -> tuple[str, str | None, tuple[SourcePart, ...]]:
    given = [key for key in _SOURCE_KEYS if key in obj]
    if len(given) != 1:
        if given:
            problem = gettext(
                "give exactly one of source (the OpenCL C text), source_file "
                "(a path relative to the session file) and source_parts (the program "
                "in parts), not {keys}"
            ).format(keys=" and ".join(given))
        else:
            problem = gettext(
                "give exactly one of source (the OpenCL C text), source_file "
                "(a path relative to the session file) and source_parts (the program "
                "in parts), got none"
            )
        fail("source", problem)
    if "source" in obj:
        return read_string(obj["source"], "source"), None, ()
    if "source_parts" in obj:
        parts = _read_parts(obj["source_parts"], base_dir)
        return joined_source(parts), None, parts
    name = read_string(obj["source_file"], "source_file", non_empty=True)
    return _read_source_file(name, base_dir, "source_file"), name, ()


def _read_parts(value: object, base_dir: Path | None) -> tuple[SourcePart, ...]:
    if not isinstance(value, list) or not value or len(value) > MAX_SOURCE_PARTS:
        problem = gettext(
            'expected a list of 1 to {most} parts, each {{"text": ...}} or '
            '{{"file": ...}}, got {value}'
        )
        fail("source_parts", problem.format(most=MAX_SOURCE_PARTS, value=describe(value)))
    parts = []
    joined = 0  # bytes of the program so far: the parts together are held to one file's limit
    for index, item in enumerate(value):
        where = f"source_parts[{index}]"
        part = read_object(item, where)
        check_keys(part, where, ("text", "file"))
        if ("text" in part) == ("file" in part):
            fail(where, gettext("give exactly one of text and file"))
        if "text" in part:
            parts.append(SourcePart(read_string(part["text"], f"{where}.text")))
        else:
            name = read_string(part["file"], f"{where}.file", non_empty=True)
            parts.append(SourcePart(_read_source_file(name, base_dir, f"{where}.file"), name))
        # Checked after each part: at most one part is held past the limit, never 64 of them.
        joined += len(parts[-1].text.encode("utf-8", errors="surrogatepass")) + 1
        if joined > MAX_FILE_BYTES:
            problem = gettext(
                "the parts up to this one hold {size} bytes together, more than the "
                "{most} MiB a program may hold"
            )
            fail(where, problem.format(size=joined, most=MAX_FILE_BYTES // 2**20))
    return tuple(parts)


def _read_source_file(name: str, base_dir: Path | None, where: str) -> str:
    path = (base_dir or Path()) / name
    try:
        return read_text_file(path, MAX_FILE_BYTES)
    except OSError as exc:
        problem = gettext("cannot read {file}: {reason}")
        fail(where, problem.format(file=shown(name, path), reason=exc.strerror or exc))
    except UnicodeDecodeError as exc:
        problem = gettext("{file} is not UTF-8 text (bad byte at offset {offset})")
        fail(where, problem.format(file=name, offset=exc.start))


def _read_device(value: object) -> DeviceSelector | None:
    if value is None:
        return None
    obj = read_object(value, "device")
    check_keys(obj, "device", ("platform", "device"))
    return DeviceSelector(**{key: read_string(text, f"device.{key}") for key, text in obj.items()})


def load_session(path: str | Path) -> Session:
    """Read and validate a session file; SessionError messages start with the file name."""
    path = Path(path)
    try:
        text = read_text_file(path, MAX_FILE_BYTES)
    except OSError as exc:
        problem = gettext("{file}: cannot read: {reason}")
        raise SessionError(problem.format(file=path, reason=exc.strerror or exc)) from None
    except UnicodeDecodeError as exc:
        problem = gettext("{file}: not UTF-8 text (bad byte at offset {offset})")
        raise SessionError(problem.format(file=path, offset=exc.start)) from None
    try:
        data = json.loads(text, object_pairs_hook=_object_without_duplicates)
    except SessionError as exc:
        raise SessionError(f"{path}: {exc}") from None
    except json.JSONDecodeError as exc:
        problem = gettext("{file}:{line}:{column}: not valid JSON: {reason}")
        raise SessionError(
            problem.format(file=path, line=exc.lineno, column=exc.colno, reason=exc.msg)
        ) from None
    except (ValueError, RecursionError) as exc:  # 5000-digit integers, absurd nesting
        problem = gettext("{file}: not usable JSON: {reason}")
        raise SessionError(problem.format(file=path, reason=exc)) from None
    try:
        return parse_session(data, path.absolute().parent)
    except SessionError as exc:
        raise SessionError(f"{path}: {exc}") from None


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused, as unknown keys are: the last would win."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        read_string(key, gettext("the key {key}").format(key=ascii(key)))
        if key in obj:
            others = ", ".join(k for k in obj if k != key)
            if others:
                problem = gettext(
                    "the key {key} appears twice in one object (beside {others}); the second "
                    "would silently replace the first, so keep one"
                )
            else:
                problem = gettext(
                    "the key {key} appears twice in one object; the second "
                    "would silently replace the first, so keep one"
                )
            raise SessionError(problem.format(key=json.dumps(key), others=others))
        obj[key] = value
    return obj


def session_to_dict(session: Session) -> dict[str, Any]:
    """The canonical JSON form: every key, in the documented order; `sizes` when named."""
    out: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "description": session.description,
        "kernel": session.kernel,
    }
    if session.source_parts:
        out["source_parts"] = [
            {"file": part.file} if part.file is not None else {"text": part.text}
            for part in session.source_parts
        ]
    elif session.source_file is not None:
        out["source_file"] = session.source_file
    else:
        out["source"] = session.source
    device = None if session.device is None else asdict(session.device)
    out |= {"build_options": session.build_options, "device": device}
    if session.sizes:
        out["sizes"] = dict(session.sizes)
    out |= {
        "global_size": list(session.global_size),
        "local_size": None if session.local_size is None else list(session.local_size),
        "repeats": session.repeats,
        "seed": session.seed,
        "timeout_s": session.timeout_s,
        "guards": session.guards,
    }
    structs = structs_of([*session.args.values(), *launch_scalars(session.launches)])
    if structs:  # optional in version 1: only the structs the arguments use
        out["structs"] = structs_to_dict(structs)
    out["args"] = {name: arg_to_dict(spec) for name, spec in session.args.items()}
    if not session.is_single_launch:  # optional in version 1: the short form leaves it out
        out["launches"] = [launch_to_dict(entry) for entry in session.launches]
    out |= {
        "references": {name: ref.to_dict() for name, ref in session.references.items()},
    }
    if session.operations_per_item:  # optional in version 1
        out["operations_per_item"] = dict(session.operations_per_item)
    if session.breakpoints:  # optional: files without breakpoints stay as they were
        out["breakpoints"] = list(session.breakpoints)
    if session.embedded_in is not None:  # optional: only sessions found in a host file
        out["embedded_in"] = session.embedded_in.to_dict()
    out = _plain(out)
    restore_names(out, session.sizes, session.size_links)
    return out


def _plain(value: Any) -> Any:
    """JSON-ready: numpy scalars and arrays, and tuples, become Python numbers and lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, np.ndarray | np.generic):
        return value.tolist()
    return value


def dumps_session(session: Session) -> str:
    """JSON text, two-space indented, short lists and objects kept on one line."""
    return _render(session_to_dict(session), 0, 0) + "\n"


_WIDTH = 100


def _render(value: Any, depth: int, used: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value or (depth and used + len(flat) <= _WIDTH):
        return flat
    pad = "  " * (depth + 1)
    if isinstance(value, list):
        if not any(isinstance(item, dict | list) for item in value):
            return flat  # long lists of numbers stay on one line
        lines = [pad + _render(item, depth + 1, len(pad)) for item in value]
        return "[\n" + ",\n".join(lines) + "\n" + "  " * depth + "]"
    lines = []
    for key, item in value.items():
        head = f"{pad}{json.dumps(key, ensure_ascii=False)}: "
        lines.append(head + _render(item, depth + 1, len(head)))
    return "{\n" + ",\n".join(lines) + "\n" + "  " * depth + "}"
