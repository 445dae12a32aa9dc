"""Structs that hold arrays and other structs, in sessions: the layout the compilers give
them, the session keys, every refusal naming its field, values, contents, references."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from clstudio.common import KernelArgInfo, struct_array
from clstudio.common.results import RunResult
from clstudio.reporting import run_report
from clstudio.reporting.device_comparison import compare_outputs
from clstudio.session import Launch, ScalarArg
from clstudio.session.args import BufferArg, initial_contents
from clstudio.session.format import SessionError, dumps_session, parse_session
from clstudio.session.struct_fields import read_structs
from clstudio.validation.arg_defaults import unsupported_reason
from clstudio.validation.struct_layouts import declared_structs, struct_layout_problems
from nested_struct_kernels import (
    LAYOUT,
    LAYOUT_FIGURES,
    LAYOUT_STRUCTS,
    by_value_program,
    layout_session,
    my_struct_session,
)
from session.session_testing import arg_of


def test_nested_structs_and_arrays_lie_where_the_compilers_put_them() -> None:
    outer = read_structs(copy.deepcopy(LAYOUT_STRUCTS))["Outer"]
    inner = outer.field("in")
    assert inner is not None and inner.type.struct is not None
    # The figures PoCL and Intel's compiler write (tests/engine/test_nested_struct_runs.py).
    assert [inner.type.struct.size, inner.type.struct.fields[1].offset, outer.size] == (
        LAYOUT_FIGURES[:3]
    )
    assert [f.offset for f in outer.fields[1:]] == LAYOUT_FIGURES[3:]
    assert [f.type_text for f in outer.fields] == [
        "char",
        "Inner[2]",
        "float[4]",
        "int2[3]",
        "float3",
        "short",
    ]
    assert outer.numpy_dtype.itemsize == 112
    assert outer.numpy_dtype["idx"].shape == (3, 2)
    assert outer.field_paths() == ("a", "in", "in.tag", "in.d", "m", "idx", "v", "s")


def test_a_struct_may_name_a_struct_declared_after_it_and_packing_stays_its_own() -> None:
    structs = read_structs(
        {
            "Box": {"fields": [{"name": "tag", "type": "uchar"}, {"name": "p", "type": "P"}]},
            "P": {"fields": [{"name": "x", "type": "float"}, {"name": "y", "type": "float"}]},
            "Tight": {
                "fields": [{"name": "c", "type": "char"}, {"name": "p", "type": "struct P"}],
                "packed": True,
            },
        }
    )
    assert [f.offset for f in structs["Box"].fields] == [0, 4]
    assert structs["Box"].size == 12
    assert [f.offset for f in structs["Tight"].fields] == [0, 1]
    assert structs["Tight"].size == 9


def _refusal(structs: dict[str, Any]) -> str:
    with pytest.raises(SessionError) as caught:
        read_structs(structs)
    return str(caught.value)


@pytest.mark.parametrize(
    ("field", "said"),
    [
        ({"name": "next", "type": "A"}, "'next' holds struct A, which holds this one (A -> A)"),
        ({"name": "p", "type": "float*"}, "'p' ('float*') is a pointer"),
        ({"name": "u", "type": "union U"}, "'u' ('union U') is a union"),
        ({"name": "b", "type": "int : 3"}, "'b' ('int : 3') is a bit-field"),
        ({"name": "m", "type": "float[4]"}, 'is an array: write its lengths in "shape"'),
        ({"name": "w", "type": "Widget"}, "field 'w' has type 'Widget'"),
        ({"name": "m", "type": "float", "shape": [0]}, "structs.A.fields[0].shape"),
        ({"name": "m", "type": "float", "shape": [1, 1, 1, 1, 1]}, "1 to 4 positive integers"),
        ({"name": "m", "type": "float", "shape": [100_000]}, "at most 65536 elements"),
    ],
)
def test_a_field_the_layout_cannot_hold_is_refused_naming_it(
    field: dict[str, Any], said: str
) -> None:
    problem = _refusal({"A": {"fields": [field]}})
    assert problem.startswith("structs.A.fields[0]")
    assert said in problem


def test_a_struct_holding_itself_through_another_names_the_chain() -> None:
    problem = _refusal(
        {
            "A": {"fields": [{"name": "b", "type": "B"}]},
            "B": {"fields": [{"name": "a", "type": "A", "shape": [2]}]},
        }
    )
    assert "A -> B -> A" in problem


def test_values_and_contents_follow_the_nesting_and_the_arrays() -> None:
    session = parse_session(layout_session())
    one = arg_of(session, "one", ScalarArg)
    assert one.struct is not None
    value = struct_array(one.struct, one.value)  # type: ignore[arg-type]
    assert value["in"]["tag"].tolist() == [3, 0]
    assert value["idx"].tolist() == [[0, 0], [0, 0], [0, 5]]
    assert value["v"].tolist() == [1, 2, 3, 0]  # a 3-vector's padding lane
    items = arg_of(session, "items", BufferArg)
    start = initial_contents("items", items, session.seed, None)
    np.testing.assert_array_equal(start["in"]["d"], np.arange(16).reshape(8, 2))
    np.testing.assert_array_equal(start["in"]["tag"], np.full((8, 2), 2))
    np.testing.assert_array_equal(start["m"], np.arange(32).reshape(8, 4))
    assert start["idx"].shape == (8, 3, 2)


@pytest.mark.parametrize(
    ("value", "where", "said"),
    [
        ({"m": [1, 2]}, "args.one.value.m", "is a float[4]: give a list of 4 values"),
        ({"idx": [[1, 2], [3], [5, 6]]}, "args.one.value.idx[1]", "is a int2"),
        ({"in": [{"tag": 1}, {"nope": 2}]}, "args.one.value.in[1].nope", "'nope' is not a field"),
        ({"in": [{"tag": 300}, {}]}, "args.one.value.in[0].tag", "300"),
    ],
)
def test_a_value_that_does_not_fit_its_field_is_refused_at_its_path(
    value: dict[str, Any], where: str, said: str
) -> None:
    data = layout_session()
    data["args"]["one"]["value"] = value
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    assert str(caught.value).startswith(where)
    assert said in str(caught.value)


def test_a_nested_field_s_contents_are_read_as_its_own_buffer_s() -> None:
    data = layout_session()
    data["args"]["items"]["init"] = {"fields": {"in": {"fields": {"tag": {"values": [1, 2]}}}}}
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    assert "args.items.init.fields.in.fields.tag" in str(caught.value)
    data["args"]["items"]["init"] = {"fields": {"in": "arange"}}
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    assert "a buffer of struct Inner starts as" in str(caught.value)


def test_a_session_of_nested_structs_and_a_launch_s_own_struct_saves_as_it_was_read() -> None:
    for data in (layout_session(), my_struct_session(), by_value_program()):
        session = parse_session(data)
        again = parse_session(json.loads(dumps_session(session)))
        assert again == session
    saved = json.loads(dumps_session(parse_session(layout_session())))
    assert list(saved["structs"]) == ["Inner", "Outer"]  # a struct after those it holds
    assert saved["structs"]["Outer"]["fields"][1] == {"name": "in", "type": "Inner", "shape": [2]}
    program = json.loads(dumps_session(parse_session(by_value_program())))
    assert list(program["structs"]) == ["my_struct"]  # used by the launches alone
    first = program["launches"][0]["args"]["s"]
    assert first == {"kind": "scalar", "value": {"a": 100, "b": [1, 2]}, "dtype": "my_struct"}


def test_a_launch_s_struct_names_one_of_the_session_s_structs() -> None:
    data = by_value_program()
    data["launches"][0]["args"]["s"]["dtype"] = "Other"
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    message = str(caught.value)
    assert message.startswith("launches[0] (launch 1 of 2).args.s.dtype")
    assert "my_struct" in message


def test_references_name_nested_fields_and_refuse_a_struct_or_a_field_it_lacks() -> None:
    session = parse_session(layout_session())
    assert set(session.references) >= {"items.in.tag", "items.in.d"}
    for name, said in (
        ("items.in", "'items.in' holds struct Inner, which is checked field by field"),
        ("items.in.nope", "'in.nope' is not a field of struct Outer"),
    ):
        data = layout_session()
        data["references"] = {name: {"expr": "items['m']"}}
        with pytest.raises(SessionError) as caught:
            parse_session(data)
        assert said in str(caught.value)
        assert "items.in.tag" in str(caught.value)  # what may be named


def test_the_kernel_s_declarations_are_compared_with_arrays_and_nested_structs() -> None:
    session = parse_session(layout_session())
    declared = declared_structs(LAYOUT)
    assert declared["Outer"][0][1] == ("in", "Inner", (2,))
    assert struct_layout_problems(session.source, session.args) == []
    shorter = LAYOUT.replace("float m[4]", "float m[3]")
    (problem, by_value) = struct_layout_problems(shorter, session.args)
    assert by_value.message.startswith("argument 'one': field 'm'")
    assert problem.message == (
        "argument 'items': field 'm' of struct Outer is a float[4] in the session but a "
        "float[3] in the kernel"
    )
    moved = LAYOUT.replace("char tag; double d;", "double d; char tag;")
    (problem, _one) = struct_layout_problems(moved, session.args)
    assert "field 0 of struct Inner is 'tag' in the session but 'd' in the kernel" in (
        problem.message
    )


@pytest.mark.parametrize(
    ("declaration", "said"),
    [
        ("typedef union { int i; float f; } Inner;", "Inner is a union in the kernel"),
        ("typedef struct { int tag : 4; double d; } Inner;", "field 'tag' is a bit-field"),
        ("typedef struct { __global char *tag; double d; } Inner;", "field 'tag' is a pointer"),
        (
            "typedef union { char c; int i; } U;\ntypedef struct { U tag; double d; } Inner;",
            "field 'tag' is a union",
        ),
    ],
)
def test_what_a_kernel_s_struct_holds_that_no_layout_describes_is_named(
    declaration: str, said: str
) -> None:
    session = parse_session(layout_session())
    source = LAYOUT.replace("typedef struct { char tag; double d; } Inner;", declaration)
    problems = struct_layout_problems(source, session.args)
    assert problems, source
    assert problems[0].message == (
        f"argument 'items': struct Inner: {said}, whose layout CL Studio cannot describe"
    )


def test_the_run_summary_lists_each_nested_field() -> None:
    session = parse_session(layout_session())
    items = initial_contents("items", arg_of(session, "items", BufferArg), 0, None)
    shown = [name for name, _ in run_report.field_arrays({"items": items})]
    assert shown == [
        "items.a",
        "items.in.tag",
        "items.in.d",
        "items.m",
        "items.idx",
        "items.v",
        "items.s",
    ]
    summary = run_report.array_summary(items)
    assert summary["fields"]["in"]["fields"]["d"]["max"] == 15.0


def test_a_session_written_before_nested_structs_reads_the_same() -> None:
    data = my_struct_session()
    data["structs"]["MyStruct"]["fields"][2] = {"name": "threeints", "type": "int4"}
    data["args"]["structs"]["init"]["fields"]["threeints"] = "arange"
    data["references"]["structs.threeints"] = {"expr": "structs['threeints']"}
    session = parse_session(data)
    assert json.loads(dumps_session(session))["structs"] == data["structs"]
    assert replace(session, launches=(Launch("testStructs", (1,)),)) == session


def test_a_union_argument_is_named_a_union_not_a_struct_to_describe() -> None:
    for type_name in ("union Value*", "union Value"):
        space = "global" if "*" in type_name else "private"
        info = KernelArgInfo("v", type_name, space, "none", False)
        reason = unsupported_reason(info)
        assert reason == "a union (union Value): CL Studio fills structs, not unions", reason


def test_two_devices_are_compared_on_each_nested_field() -> None:
    session = parse_session(layout_session())
    items = initial_contents("items", arg_of(session, "items", BufferArg), 0, None)
    other = items.copy()
    other["in"]["d"][3, 1] += 0.5
    first = RunResult(ok=True, device="A", outputs={"items": items})
    second = RunResult(ok=True, device="B", outputs={"items": other})
    compared = {d.name: d.max_abs for d in compare_outputs([first, second])}
    assert compared["items.in.d"] == 0.5
    assert compared["items.in.tag"] == compared["items.m"] == 0.0
