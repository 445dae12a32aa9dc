"""The kernel's declarations read from its source, values typed by them, and the debug plan."""

import pytest

from clstudio.debugger import (
    DebugPlanError,
    as_declared,
    expression_problem,
    kernel_declarations,
    plan_debug,
    value_text,
)
from clstudio.session import load_session
from debugger.debugger_testing import KERNELS, SESSIONS


def test_the_reductions_parameters_and_variables_with_their_scopes() -> None:
    source = (KERNELS / "reduction.cl").read_text()
    found = {d.name: d for d in kernel_declarations(source, "reduction")}
    assert list(found) == ["x", "partial", "scratch", "n", "gid", "lid", "stride"]
    assert (found["scratch"].space, found["scratch"].pointer) == ("local", True)
    assert (found["n"].type_name, found["n"].parameter) == ("uint", True)
    stride = found["stride"]  # declared in the for loop: gone after it
    assert (stride.type_name, stride.line, stride.last_line) == ("size_t", 25, 29)
    assert stride.in_scope(27) and not stride.in_scope(31)


def test_arrays_vectors_and_local_arrays_of_a_kernel_body() -> None:
    source = (SESSIONS / "vectors.cl").read_text()
    found = {d.name: d for d in kernel_declarations(source, "vectors")}
    assert (found["tile"].space, found["tile"].dims) == ("local", ("8",))
    assert found["grid"].type_name == "int[2][4]"
    assert (found["arr"].type_name, found["v"].type_name) == ("float[3]", "float4")
    assert kernel_declarations(source, "no_such_kernel") == ()


def test_values_oclgrind_prints_signed_read_as_their_unsigned_type() -> None:
    assert as_declared(-56, "uchar") == 200
    assert as_declared(-1, "ulong") == 2**64 - 1
    assert as_declared((-1, 2), "ushort2") == (65535, 2)
    assert as_declared(-5, "char") == -5 and as_declared(1.5, "float") == 1.5
    assert value_text((1.0, 2.5)) == "(1,2.5)"


def test_only_names_and_indexed_names_may_be_printed() -> None:
    assert expression_problem("a[i]") is None and expression_problem("scratch[ 3 ]") is None
    assert expression_problem("v.x") is not None and expression_problem("a[i+1]") is not None


def test_the_plan_runs_on_oclgrind_once_with_the_source_inline() -> None:
    session = load_session(KERNELS / "reduction.json")
    plan = plan_debug(session, (28, 26, 26), (3,))
    assert plan.breakpoints == (26, 28) and plan.work_item == (3, 0, 0)
    assert plan.session.device is not None and plan.session.device.platform == "Oclgrind"
    assert "-cl-opt-disable" in plan.session.build_options
    assert (plan.session.repeats, plan.session.guards, plan.session.source_file) == (1, False, None)
    assert ("OCLGRIND_INTERACTIVE", "1") in plan.environment


@pytest.mark.parametrize(
    ("lines", "item", "words"),
    [
        ((0,), (0,), "breakpoint at line 0"),
        ((26,), (1 << 20,), "is outside the global size"),
        ((26,), (0, 0), "runs in 1 dimensions"),
    ],
)
def test_a_plan_that_cannot_be_says_why(
    lines: tuple[int, ...], item: tuple[int, ...], words: str
) -> None:
    with pytest.raises(DebugPlanError, match=words):
        plan_debug(load_session(KERNELS / "reduction.json"), lines, item)
