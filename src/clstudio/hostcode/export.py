"""A session's host program as a folder: the program, its kernel, its data, how to build it.

`host_program` makes the text alone (the Host code view shows it as the form changes);
`export_program` also computes the data files and writes everything. The programs are
a public contract: docs/host-code-export.md describes them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from clstudio.common import (
    KernelSignature,
    NpyError,
    gettext,
    load_array,
    write_bytes_atomically,
    write_text_atomically,
)
from clstudio.devices import DeviceSelector
from clstudio.expressions import ExpressionError, evaluate, expression_name
from clstudio.hostcode.bundled_pocl import (
    ICD_NAME,
    RUN_SCRIPT,
    bundled_pocl_library,
    is_bundled_pocl,
)
from clstudio.hostcode.c_program import c_program
from clstudio.hostcode.c_support import MAKEFILE, cl_errors_header, support_header
from clstudio.hostcode.code_text import StepRegion
from clstudio.hostcode.launch_plan import PlanError
from clstudio.hostcode.plan import HostPlan, make_plan, starting_contents
from clstudio.hostcode.python_program import python_program
from clstudio.session import ScalarArg, Session

LANGUAGES = ("python", "c")
MAIN_FILES = {"python": "main.py", "c": "main.c"}


class ExportError(Exception):
    """An export that cannot be written; the message says why in the user's terms."""


class FolderNotEmptyError(ExportError):
    """The folder holds files already: the user must agree before any is replaced."""


@dataclass(frozen=True)
class HostProgram:
    """One program's text and where each of its eleven steps is."""

    language: str
    file_name: str  # main.py or main.c
    text: str
    regions: tuple[StepRegion, ...]

    def region_at(self, line: int) -> StepRegion | None:
        """The step a 1-based line belongs to; None between steps."""
        return next((r for r in self.regions if line in r), None)


def host_program(
    session: Session,
    signature: KernelSignature,
    language: str,
    device: DeviceSelector | None = None,
    platform_name: str | None = None,
    device_type: str = "",
    signatures: Mapping[str, KernelSignature] | None = None,
) -> HostProgram:
    """The main program of `session` in `language`; raises ExportError when it cannot be made.

    `device` names the device to look for (else the session's); `platform_name` is the
    platform of the device the session runs on, which decides whether C gets a run.sh;
    `device_type` is that device's type, which the program prefers when the names miss.
    `signatures` holds every kernel of the program by name: a session of several
    launches needs each kernel it launches (`signature` serves when it launches one).
    """
    plan = _plan(session, signature, device, device_type, signatures)
    return _program(plan, language, is_bundled_pocl(platform_name))


def _plan(
    session: Session,
    signature: KernelSignature,
    device: DeviceSelector | None,
    device_type: str,
    signatures: Mapping[str, KernelSignature] | None,
) -> HostPlan:
    try:
        return make_plan(session, signature, device, device_type, signatures)
    except PlanError as exc:
        raise ExportError(str(exc)) from None
    except (ValueError, OSError) as exc:  # starting contents that cannot be made
        raise ExportError(_not_exported(exc)) from None


def _program(plan: HostPlan, language: str, pocl_runner: bool) -> HostProgram:
    if language == "python":
        text, regions = python_program(plan)
    elif language == "c":
        text, regions = c_program(plan, pocl_runner)
    else:
        raise ExportError(
            gettext("unknown language {language}; choose one of {languages}").format(
                language=repr(language), languages=", ".join(LANGUAGES)
            )
        )
    return HostProgram(language, MAIN_FILES[language], text, regions)


def export_program(
    session: Session,
    signature: KernelSignature,
    language: str,
    folder: Path,
    device: DeviceSelector | None = None,
    platform_name: str | None = None,
    force: bool = False,
    device_type: str = "",
    signatures: Mapping[str, KernelSignature] | None = None,
) -> list[Path]:
    """Write the program of `session` into `folder`; returns the files written.

    A folder that holds anything is refused unless `force`: then files of the same
    names are replaced and every other file is left alone. `device_type` and
    `signatures` as host_program.
    """
    plan = _plan(session, signature, device, device_type, signatures)
    pocl = is_bundled_pocl(platform_name) and language == "c"
    program = _program(plan, language, pocl)
    files: dict[str, str | bytes] = {program.file_name: program.text, **dict(plan.source_files)}
    try:
        for arg in plan.files:
            start = starting_contents(plan, arg)
            if language == "c" and arg.struct is not None:  # C reads a struct's bytes whole
                start = start.view(f"V{arg.struct.size}")
            files[arg.file_name] = _npy_bytes(start)
    except (ValueError, OSError) as exc:
        raise ExportError(_not_exported(exc)) from None
    files.update(_expected_files(plan, language))
    if language == "c":
        files["cl_errors.h"] = cl_errors_header()
        files["support.h"] = support_header(reads_npy=bool(plan.files or plan.references))
        files["Makefile"] = MAKEFILE
        library = bundled_pocl_library()
        if pocl and library is not None:
            files[ICD_NAME] = f"{library}\n"
            files["run.sh"] = RUN_SCRIPT
    return _write(folder, files, force)


def _expected_files(plan: HostPlan, language: str) -> dict[str, bytes]:
    """Golden files beside the program; for C, every reference as float64 values.

    C has no numpy, so the export evaluates each expression here, with the safe
    evaluator, on the same starting contents the program gives the kernel. Python's
    are evaluated too, and dropped: a program holds only references that the app
    accepts, never one that the evaluator refuses (say, for an 11 GiB step).
    """
    needed = plan.references
    if not needed:
        return {}
    namespace: dict[str, object] = {}
    if any(r.golden is None for r in needed):
        for arg in plan.args:
            if arg.is_memory:
                start = arg.values if arg.values is not None else starting_contents(plan, arg)
                namespace[expression_name(arg.name)] = start
            elif isinstance(arg.spec, ScalarArg):
                value = arg.scalar_value
                whole = arg.element.width > 1 or arg.struct is not None
                namespace[expression_name(arg.name)] = value if whole else value[0]
    files = {}
    for ref in needed:
        try:
            if ref.golden is not None:
                expected = load_array(ref.golden, plan.session.base_dir)
            else:
                expected = np.asarray(evaluate(ref.expr, namespace))
        except (NpyError, ExpressionError) as exc:
            said = gettext("the reference of '{name}' fails: {problem}")
            raise ExportError(said.format(name=ref.name, problem=exc)) from None
        if language == "c":
            if expected.size != ref.count:
                said = gettext(
                    "the reference of '{name}' has {size} values, but the output has {count}"
                )
                raise ExportError(said.format(name=ref.name, size=expected.size, count=ref.count))
            expected = expected.astype(np.float64).reshape(ref.host_shape)
        if language == "c" or ref.golden is not None:
            files[ref.file_name] = _npy_bytes(expected)
    return files


def _not_exported(problem: Exception) -> str:
    return gettext("the arguments cannot be exported: {problem}").format(problem=problem)


def _npy_bytes(array: np.ndarray) -> bytes:
    stream = io.BytesIO()
    np.save(stream, np.ascontiguousarray(array), allow_pickle=False)
    return stream.getvalue()


def _write(folder: Path, files: dict[str, str | bytes], force: bool) -> list[Path]:
    if folder.exists() and not folder.is_dir():
        raise ExportError(gettext("{folder} is a file, not a folder").format(folder=folder))
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise FolderNotEmptyError(gettext("{folder} is not empty").format(folder=folder))
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            path = folder / name
            if isinstance(content, str):
                write_text_atomically(path, content)
            else:
                write_bytes_atomically(path, content)
            written.append(path)
        if "run.sh" in files:
            os.chmod(folder / "run.sh", 0o755)
    except OSError as exc:
        said = gettext("cannot write into {folder}: {reason}")
        raise ExportError(said.format(folder=folder, reason=exc.strerror or exc)) from None
    return written
