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
from dataclasses import dataclass, replace
from pathlib import Path

from clstudio.common import current_language, gettext, read_text_file
from clstudio.exercises.case_sizes import Layout, sized_session
from clstudio.exercises.exercise_cases import (
    SIZE_NAME,
    Case,
    PerformanceCase,
    Tolerance,
    read_cases,
    read_performance,
    read_sizes,
    read_tolerance,
)
from clstudio.exercises.layout_format import read_layout
from clstudio.exercises.variants import Variant
from clstudio.session import (
    BufferArg,
    Init,
    Session,
    SessionError,
    check_keys,
    load_session,
    read_int,
    read_object,
    read_string,
)

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


class ExerciseError(ValueError):
    """An exercise folder that cannot be used; the message names the file and the key."""


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
    sizes = read_sizes(obj["sizes"], "sizes", None)
    layout = read_layout(obj.get("layout", {}), session)
    if sized_session(session, layout, sizes) != session:
        problem = gettext(
            "with the default sizes {sizes} it does not give {file} as written; "
            "the session must be written for the default sizes"
        )
        raise SessionError("layout: " + problem.format(sizes=sizes, file=SESSION_FILE))
    cases = read_cases(obj["cases"], sizes, session)
    performance = read_performance(obj["performance"], sizes)
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
        tolerance=read_tolerance(obj["tolerance"]),
        performance=performance,
        hints=tuple(
            _translated(read_string(h, f"hints[{i}]", non_empty=True)) for i, h in enumerate(hints)
        ),
        variants=variants,
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
        if not SIZE_NAME.match(name):
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
