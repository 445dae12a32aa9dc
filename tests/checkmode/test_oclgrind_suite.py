"""Check mode against Oclgrind's own test suite: each case's problems agree with its .ref.

The cases are Oclgrind's tests/kernels (BSD-3, see oclgrind_suite/README.md) written
as sessions by oclgrind_suite/generate.py; suite.json also holds, per case, what
Oclgrind itself printed (headline and line), recorded by record_lines.py without
CL Studio's parser. Each check must find every kind the .ref expects, at the line
Oclgrind named, in the memory space it named, and say nothing that contradicts it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from clstudio.checkmode import CheckProblem, CheckResult
from clstudio.session import ScalarArg, load_session
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

SUITE = Path(__file__).parent / "oclgrind_suite"
CASES = json.loads((SUITE / "suite.json").read_text())
# Oclgrind's headline, as a .ref quotes it, and the kind CL Studio must call it.
KINDS = (
    ("Invalid read of size", "out-of-bounds-read"),
    ("Invalid write of size", "out-of-bounds-write"),
    ("Invalid read from write-only buffer", "write-only-read"),
    ("Invalid write to read-only buffer", "read-only-write"),
    ("exceeds static array size", "array-index"),
    ("data race at", "data-race"),
    ("Work-group divergence detected (barrier)", "barrier-divergence"),
    ("Work-group divergence detected (async copy)", "async-copy-divergence"),
    ("Uninitialized", "uninitialized"),
    ("not aligned", "misaligned-access"),
    ("Work-item finished without waiting for events", "unwaited-event"),
    ("Invalid wait event", "invalid-wait-event"),
)
_SPACE = re.compile(r"\bat (global|local|private|constant) memory")


def kind_of(headline: str) -> str:
    return next(kind for words, kind in KINDS if words in headline)


def expected_errors(name: str) -> list[str]:
    ref = (SUITE / "third_party" / (name.replace("/", "-") + ".ref")).read_text()
    return [
        line.removeprefix("ERROR ").strip() for line in ref.splitlines() if line.startswith("ERROR")
    ]


def is_follow_on(kind: str, line: int, problems: tuple[CheckProblem, ...]) -> bool:
    """An uninitialised value that an out-of-bounds read or a race's read returned is
    left out on purpose (check-mode.md): the cause is listed at its line."""
    causes = {"out-of-bounds-read", "data-race"}
    return kind == "uninitialized" and any(
        p.kind in causes and line in (p.line, p.other_line) for p in problems
    )


def test_the_suite_has_the_cases_the_issue_names() -> None:
    categories = {name.split("/")[0] for name in CASES["cases"]}
    assert categories >= {"data-race", "barrier", "memcheck", "uninitialized", "atomics"}
    assert categories >= {"async_copy", "wait_event", "alignment", "misc"}
    assert len(CASES["cases"]) + len(CASES["unexpressible"]) >= 70
    assert set(CASES["cases"]) == set(CASES["oclgrind_said"])


def test_every_case_of_the_categories_is_a_session_now() -> None:
    # The last three needed nested structs (uninitialized/*padded_nested_struct_memcpy)
    # and non-uniform work-groups of a CL2.0 build (misc/non_uniform_work_groups).
    assert CASES["unexpressible"] == {}
    assert {
        "misc/non_uniform_work_groups",
        "uninitialized/padded_nested_struct_memcpy",
        "uninitialized/uninitialized_padded_nested_struct_memcpy",
    } <= set(CASES["cases"])


def test_structs_null_and_uninitialised_buffers_are_written_as_sessions() -> None:
    expressed = set(CASES["cases"])
    assert {
        "alignment/packed",  # a packed struct passed by value
        "misc/lvalue_loads",  # buffers of structs, a NULL for a buffer of no bytes
        "memcheck/dereference_null",
        "uninitialized/uninitialized_global_buffer",
        "uninitialized/padded_struct_memcpy_fp",  # __local structs
        "uninitialized/uninitialized_packed_struct_memcpy",
    } <= expressed
    x = load_session(SUITE / "third_party" / "alignment-packed.json").args["x"]
    assert isinstance(x, ScalarArg) and x.struct is not None and x.struct.packed
    assert x.value == {"a": 1, "b": 0x02000002}  # the .sim's bytes 01 | 02 00 00 02


@pytest.mark.parametrize("name", CASES["cases"])
def test_check_mode_agrees_with_oclgrinds_test(check_client: CheckClient, name: str) -> None:
    session = load_session(SUITE / "third_party" / (name.replace("/", "-") + ".json"))
    result = check_client.check(session)
    assert result.error is None, result.error
    problems = result.problems
    expected = expected_errors(name)
    assert result.ok == (not expected), problems
    kinds = {p.kind for p in problems}
    for headline in expected:
        kind = kind_of(headline)
        found = [p for p in problems if p.kind == kind]
        said = [line for h, line in CASES["oclgrind_said"][name] if kind_of(h) == kind]
        if not found and all(is_follow_on(kind, line, problems) for line in said):
            continue
        assert found, (headline, problems)
        space = _SPACE.search(headline)
        if space:
            assert {p.memory_space for p in found} == {space.group(1)}, found
    assert kinds <= {kind_of(h) for h in expected}, problems
    for headline, line in CASES["oclgrind_said"][name]:
        kind = kind_of(headline)
        if is_follow_on(kind, line, problems):
            continue
        places = {p.line for p in problems if p.kind == kind}
        places |= {p.other_line or 0 for p in problems if p.kind == kind}
        assert line in places, (headline, line, problems)
    assert_words_agree(result, session.source)


def assert_words_agree(result: CheckResult, source: str) -> None:
    """Nothing said contradicts what happened at the line."""
    lines = source.splitlines()
    for problem in result.problems:
        message = problem.message
        code = lines[problem.line - 1] if problem.line else ""
        assert "line 0" not in message, message
        if problem.kind == "async-copy-divergence":
            assert "barrier" not in message, message
        if re.search(r"\batomic_\w+\s*\(", code):
            assert "use an atomic" not in message, message
            assert not re.search(r"reads atomic_", message), message
        if "no barrier between" in message and problem.other_line:
            first, last = sorted((problem.line, problem.other_line))
            between = "\n".join(lines[first : last - 1])
            assert "barrier(" not in between, message
