"""The exercise format, version 1: a folder with a statement, a session and its test cases.

A folder `exercises/<name>/` holds `exercise.json` (this format), `statement.md`,
`session.json` (a session file whose `source_file` is the starter kernel) and
`solution.cl`. Loading validates everything, as sessions do, and runs nothing: the
layout's size expressions and the references go through the safe evaluator.
docs/exercises.md is the public description.

The learner reads an exercise in their language: its title, summary and hints come
through gettext (translations/LANGUAGE/exercise_texts.po), and `statement.LANGUAGE.md`
replaces `statement.md` where it exists. The language is fixed per process, and
`--json` runs in English, so the English texts stay what programs read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from clstudio.common import current_language, gettext, read_text_file
from clstudio.exercises.case_sizes import Layout, size_value, sized_session
from clstudio.exercises.layout_format import expression, read_layout
from clstudio.exercises.variants import Variant
from clstudio.session import (
    BufferArg,
    Init,
    Session,
    SessionError,
    check_keys,
    load_session,
    read_int,
    read_number,
    read_object,
    read_string,
    size_name_problem,
)
from clstudio.session.arg_fields import arg_to_dict, read_arg

FORMAT_NAME = "clstudio-exercise"
FORMAT_VERSION = 1
EXERCISE_FILE = "exercise.json"
STATEMENT_FILE = "statement.md"
TRANSLATED_STATEMENT = "statement.{language}.md"
SESSION_FILE = "session.json"
SOLUTION_FILE = "solution.cl"
MAX_TEXT_BYTES = 1 * 2**20
KEYS = (
    "format",
    "version",
    "title",
    "summary",
    "sizes",
    "layout",
    "cases",
    "tolerance",
    "performance",
    "hints",
    "variants",
)
VARIANT_KEYS = ("name", "title", "starter", "solution", "opencl_c", "build_options", "features")
_OPENCL_C = re.compile(r"^(\d+)\.(\d+)$")
_SIZE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ExerciseError(ValueError):
    """An exercise folder that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Case:
    """One functional test: the sizes and the seed of the inputs, and the contents of
    buffers that it starts otherwise than the session does (scores far apart, say)."""

    name: str
    sizes: dict[str, int]
    seed: int
    inits: dict[str, Init] = field(default_factory=dict)


@dataclass(frozen=True)
class PerformanceCase:
    """A large case that is timed; the target is a multiple of the solution's time."""

    sizes: dict[str, int]
    seed: int
    repeats: int
    timeout_s: float
    solution_multiple: float  # fast enough: its fastest repeat <= this x the solution's
    operations_expr: str | None = None  # the work, over the size names: "2 * M * N * K"
    operations: int | None = None  # that expression at these sizes; None when not declared


@dataclass(frozen=True)
class Tolerance:
    rtol: float
    atol: float


@dataclass(frozen=True)
class Exercise:
    name: str  # the folder's name, as the command line takes it
    title: str
    summary: str
    folder: Path
    statement: str  # Markdown
    session: Session  # as written: the default sizes, the starter as its source
    solution: str  # the reference solution's OpenCL C
    sizes: dict[str, int]  # the sizes the session is written for
    layout: Layout
    cases: tuple[Case, ...]
    tolerance: Tolerance
    performance: PerformanceCase
    hints: tuple[str, ...]
    variants: tuple[Variant, ...] = ()

    @property
    def starter(self) -> str:
        return self.session.source

    def variant(self, name: str) -> Variant | None:
        return next((v for v in self.variants if v.name == name), None)

    def case_session(
        self,
        sizes: Mapping[str, int],
        seed: int,
        source: str,
        variant: Variant | None = None,
        inits: Mapping[str, Init] | None = None,
    ) -> Session:
        """The session of one case, running `source` (built as `variant`'s starter is, if
        given) with the case's `inits`; every reference gets the tolerance."""
        base = self.session if variant is None else variant.session
        sized = sized_session(base, self.layout, sizes)
        if inits:
            args = dict(sized.args)
            for name, init in inits.items():
                spec = args[name]
                assert isinstance(spec, BufferArg)  # checked when the exercise was read
                args[name] = replace(spec, init=init)
            sized = replace(sized, args=args)
        references = {
            name: replace(ref, rtol=self.tolerance.rtol, atol=self.tolerance.atol)
            for name, ref in sized.references.items()
        }
        return replace(sized, source=source, seed=seed, references=references)


def load_exercise(folder: str | Path) -> Exercise:
    """Read and validate one exercise folder; ExerciseError messages start with the file."""
    folder = Path(folder).absolute()
    path = folder / EXERCISE_FILE
    try:
        session = load_session(folder / SESSION_FILE)
    except SessionError as exc:
        raise ExerciseError(str(exc)) from None
    try:
        data = json.loads(_read_text(path))
    except ValueError as exc:
        problem = gettext("not valid JSON: {problem}").format(problem=exc)
        raise ExerciseError(f"{path}: {problem}") from None
    try:
        return _parse(data, folder, session)
    except SessionError as exc:
        raise ExerciseError(f"{path}: {exc}") from None


def _read_text(path: Path) -> str:
    """A UTF-8 file of the exercise, through the reader of regular files: a FIFO or a
    device in a shared exercises folder must not hang `exercise list`."""
    try:
        return read_text_file(path, MAX_TEXT_BYTES)
    except OSError as exc:
        problem = gettext("cannot read: {problem}").format(problem=exc.strerror or exc)
        raise ExerciseError(f"{path}: {problem}") from None
    except UnicodeDecodeError as exc:
        problem = gettext("not UTF-8 text (bad byte at offset {offset})").format(offset=exc.start)
        raise ExerciseError(f"{path}: {problem}") from None


def _read_statement(folder: Path) -> str:
    """The statement in the current language where the folder has one, else in English."""
    translated = folder / TRANSLATED_STATEMENT.format(language=current_language())
    return _read_text(translated if translated.exists() else folder / STATEMENT_FILE)


def _translated(text: str) -> str:
    """An exercise.json text in the current language; gettext("") would be the header."""
    return gettext(text) if text else text


def _parse(data: object, folder: Path, session: Session) -> Exercise:
    obj = read_object(data, "exercise")
    if obj.get("format") != FORMAT_NAME:
        problem = gettext('expected "{format}"; is this a CL Studio exercise?')
        raise SessionError("format: " + problem.format(format=FORMAT_NAME))
    version = read_int(obj.get("version"), "version", 1, 2**31)
    if version > FORMAT_VERSION:
        problem = gettext("version {version} is newer than this CL Studio understands ({known})")
        raise SessionError("version: " + problem.format(version=version, known=FORMAT_VERSION))
    check_keys(obj, "", KEYS, required=("title", "sizes", "cases", "tolerance", "performance"))
    if session.source_file is None:
        problem = gettext("{file} must name its starter kernel with source_file")
        raise SessionError(problem.format(file=SESSION_FILE))
    sizes = _read_sizes(obj["sizes"], "sizes", None)
    layout = read_layout(obj.get("layout", {}), session)
    if sized_session(session, layout, sizes) != session:
        problem = gettext(
            "with the default sizes {sizes} it does not give {file} as written; "
            "the session must be written for the default sizes"
        )
        raise SessionError("layout: " + problem.format(sizes=sizes, file=SESSION_FILE))
    cases = _read_cases(obj["cases"], sizes, session)
    performance = _read_performance(obj["performance"], sizes)
    every_size = {f"cases.{c.name}": c.sizes for c in cases} | {"performance": performance.sizes}
    for where, case_sizes in every_size.items():
        try:
            sized_session(session, layout, case_sizes)
        except SessionError as exc:
            raise SessionError(f"{where}: {exc}") from None
    if any(ref.file is not None for ref in session.references.values()) and any(
        c.sizes != sizes for c in cases
    ):
        problem = gettext(
            "a golden-file reference holds one size; every case must use the default sizes"
        )
        raise SessionError("cases: " + problem)
    hints = obj.get("hints", [])
    if not isinstance(hints, list):
        raise SessionError("hints: " + gettext("expected a list of strings"))
    variants = _read_variants(obj.get("variants", []), folder, session)
    return Exercise(
        name=folder.name,
        title=_translated(read_string(obj["title"], "title", non_empty=True)),
        summary=_translated(read_string(obj.get("summary", ""), "summary")),
        folder=folder,
        statement=_read_statement(folder),
        session=session,
        solution=_read_text(folder / SOLUTION_FILE),
        sizes=sizes,
        layout=layout,
        cases=cases,
        tolerance=_read_tolerance(obj["tolerance"]),
        performance=performance,
        hints=tuple(
            _translated(read_string(h, f"hints[{i}]", non_empty=True)) for i, h in enumerate(hints)
        ),
        variants=variants,
    )


def _read_sizes(value: object, where: str, names: Mapping[str, int] | None) -> dict[str, int]:
    obj = read_object(value, where)
    if names is not None and set(obj) != set(names):
        problem = gettext("give exactly the sizes {names}").format(names=", ".join(names))
        raise SessionError(f"{where}: {problem}")
    if not obj:
        raise SessionError(f"{where}: " + gettext("name at least one size"))
    for name in obj:
        if not _SIZE_NAME.match(name):
            raise SessionError(f"{where}.{name}: " + gettext("a size name is a C identifier"))
        reserved = size_name_problem(name, reserved=frozenset({"np"}))
        if reserved is not None:
            raise SessionError(f"{where}.{name}: {reserved}")
    return {name: read_int(size, f"{where}.{name}", 1, 2**31 - 1) for name, size in obj.items()}


def _read_cases(value: object, sizes: Mapping[str, int], session: Session) -> tuple[Case, ...]:
    if not isinstance(value, list) or not value:
        raise SessionError("cases: " + gettext("expected a list of at least one case"))
    cases = []
    for i, entry in enumerate(value):
        where = f"cases[{i}]"
        obj = read_object(entry, where)
        check_keys(obj, where, ("name", "sizes", "seed", "init"), required=("sizes",))
        case_sizes = _read_sizes(obj["sizes"], f"{where}.sizes", sizes)
        default_name = ", ".join(f"{k} = {v}" for k, v in case_sizes.items())
        name = read_string(obj.get("name", default_name), f"{where}.name", non_empty=True)
        seed = read_int(obj.get("seed", 0), f"{where}.seed", 0, 2**32 - 1)
        inits = _read_inits(obj.get("init", {}), f"{where}.init", session)
        cases.append(Case(name, case_sizes, seed, inits))
    if len({c.name for c in cases}) != len(cases):
        raise SessionError("cases: " + gettext("two cases have the same name"))
    return tuple(cases)


def _read_inits(value: object, where: str, session: Session) -> dict[str, Init]:
    """`{"x": {"normal": {"mean": 0, "std": 1000}}}`: a buffer's contents, as a session
    writes them, for this case only."""
    inits = {}
    for name, init in read_object(value, where).items():
        spec = session.args.get(name)
        if not isinstance(spec, BufferArg):
            problem = gettext("{name} is not a buffer argument of the session")
            raise SessionError(f"{where}: " + problem.format(name=repr(name)))
        written = arg_to_dict(spec) | {"init": init}
        read = read_arg(written, f"{where}.{name}", session.base_dir)
        assert isinstance(read, BufferArg)
        inits[name] = read.init
    return inits


def _read_tolerance(value: object) -> Tolerance:
    obj = read_object(value, "tolerance")
    check_keys(obj, "tolerance", ("rtol", "atol"), required=("rtol", "atol"))
    return Tolerance(
        float(read_number(obj["rtol"], "tolerance.rtol", 0)),
        float(read_number(obj["atol"], "tolerance.atol", 0)),
    )


def _read_performance(value: object, sizes: Mapping[str, int]) -> PerformanceCase:
    obj: dict[str, Any] = read_object(value, "performance")
    keys = ("sizes", "seed", "repeats", "timeout_s", "target", "operations")
    check_keys(obj, "performance", keys, required=("sizes", "target"))
    target = read_object(obj["target"], "performance.target")
    check_keys(target, "performance.target", ("solution_multiple",), ("solution_multiple",))
    multiple = float(read_number(target["solution_multiple"], "target.solution_multiple", 1))
    timed_sizes = _read_sizes(obj["sizes"], "performance.sizes", sizes)
    expr = expression(obj["operations"], "performance.operations") if "operations" in obj else None
    count = None if expr is None else size_value(expr, timed_sizes, "performance.operations", 0)
    return PerformanceCase(
        sizes=timed_sizes,
        seed=read_int(obj.get("seed", 0), "performance.seed", 0, 2**32 - 1),
        repeats=read_int(obj.get("repeats", 5), "performance.repeats", 1, 1000),
        timeout_s=float(read_number(obj.get("timeout_s", 60), "performance.timeout_s", 1)),
        solution_multiple=multiple,
        operations_expr=expr,
        operations=count,
    )


def _read_variants(value: object, folder: Path, session: Session) -> tuple[Variant, ...]:
    """Second starters; each shares the session's arguments, references and layout."""
    if not isinstance(value, list):
        raise SessionError("variants: " + gettext("expected a list of objects"))
    variants = []
    for i, entry in enumerate(value):
        where = f"variants[{i}]"
        obj = read_object(entry, where)
        check_keys(obj, where, VARIANT_KEYS, required=VARIANT_KEYS[:5])
        name = read_string(obj["name"], f"{where}.name", non_empty=True)
        if not _SIZE_NAME.match(name):
            problem = gettext("a variant's name is one word, such as cl2")
            raise SessionError(f"{where}.name: {problem}")
        version = _OPENCL_C.match(read_string(obj["opencl_c"], f"{where}.opencl_c"))
        if version is None:
            problem = gettext('expected a version such as "2.0"')
            raise SessionError(f"{where}.opencl_c: {problem}")
        features = obj.get("features", [])
        if not isinstance(features, list):
            problem = gettext("expected a list of feature names")
            raise SessionError(f"{where}.features: {problem}")
        starter_file = _file_name(obj["starter"], f"{where}.starter")
        variant_session = replace(
            session,
            source=_read_text(folder / starter_file),
            source_file=starter_file,
            build_options=read_string(obj.get("build_options", ""), f"{where}.build_options"),
        )
        variants.append(
            Variant(
                name=name,
                title=read_string(obj["title"], f"{where}.title", non_empty=True),
                opencl_c=(int(version[1]), int(version[2])),
                features=tuple(
                    read_string(f, f"{where}.features[{j}]", non_empty=True)
                    for j, f in enumerate(features)
                ),
                session=variant_session,
                solution=_read_text(folder / _file_name(obj["solution"], f"{where}.solution")),
            )
        )
    if len({v.name for v in variants}) != len(variants):
        raise SessionError("variants: " + gettext("two variants have the same name"))
    return tuple(variants)


def _file_name(value: object, where: str) -> str:
    """A file beside exercise.json: a plain name, so a variant reads nothing outside it."""
    name = read_string(value, where, non_empty=True)
    if Path(name).name != name or name in (".", ".."):
        problem = gettext("{name} must be a file name in the exercise's folder")
        raise SessionError(f"{where}: " + problem.format(name=repr(name)))
    return name
