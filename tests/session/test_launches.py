"""Sessions of several launches: read, refused with the launch named, saved and read back."""

from __future__ import annotations

from typing import Any

import pytest

from clstudio.session import (
    IterationArg,
    Launch,
    LaunchGroup,
    ScalarArg,
    Session,
    SessionError,
    parse_session,
    planned_launches,
    reread_buffers,
    session_to_dict,
)

SOURCE = (
    "__kernel void add(__global const float *a, __global const float *b,"
    " __global float *c, const int n)"
    " { int i = get_global_id(0); if (i < n) c[i] = a[i] + b[i]; }\n"
)


def program(**changes: Any) -> dict[str, Any]:
    buffer = {"kind": "buffer", "dtype": "float32", "shape": ["N"]}
    data: dict[str, Any] = {
        "format": "clstudio-session",
        "version": 1,
        "source": SOURCE,
        "sizes": {"N": 64},
        "args": {name: dict(buffer) for name in "abcde"} | {"n": {"kind": "scalar", "value": "N"}},
        "launches": [
            {"kernel": "add", "global_size": ["N"]},
            {"args": {"a": "c", "b": "d", "c": "e", "n": {"kind": "scalar", "value": 32}}},
        ],
    }
    data.update(changes)
    return data


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    return str(caught.value)


def test_a_launch_takes_the_session_kernel_and_ndrange_and_names_only_what_differs() -> None:
    session = parse_session(program())
    assert session.kernel == "add" and session.global_size == (64,)
    first, second = session.launches
    assert first == Launch("add", (64,), None, {})
    assert second == Launch("add", (64,), None, {"a": "c", "b": "d", "c": "e", "n": ScalarArg(32)})


def test_a_one_launch_session_saves_without_launches() -> None:
    data = program()
    del data["launches"]
    data |= {"kernel": "add", "global_size": ["N"]}
    assert "launches" not in session_to_dict(parse_session(data))


def test_both_forms_of_one_launch_read_as_the_same_program_saved_short() -> None:
    short = program()
    del short["launches"]
    short |= {"kernel": "add", "global_size": ["N"]}
    long = program()
    long["launches"] = [{"kernel": "add", "global_size": ["N"]}]
    one, other = parse_session(short), parse_session(long)
    assert one == other and one.launches == (Launch("add", (one.sizes["N"],)),)
    assert one.kernel == "add" and one.is_single_launch
    saved = session_to_dict(other)  # the short form, its size names kept
    assert "launches" not in saved and saved["global_size"] == ["N"]


def test_a_session_holds_at_least_one_launch() -> None:
    with pytest.raises(ValueError, match="at least one launch"):
        Session(source="", launches=())


def test_a_program_saves_and_reads_back_the_same_with_its_size_names() -> None:
    session = parse_session(program())
    saved = session_to_dict(session)
    assert saved["launches"][0]["global_size"] == ["N"]
    assert saved["version"] == 1
    assert parse_session(saved) == session


def test_a_group_repeats_and_swaps_its_buffers_each_iteration() -> None:
    group = {
        "iterations": 3,
        "swap": [["a", "c"]],
        "launches": [{"kernel": "add", "global_size": [64], "args": {"n": {"kind": "iteration"}}}],
    }
    session = parse_session(program(launches=[group]))
    (entry,) = session.launches
    assert isinstance(entry, LaunchGroup) and entry.swaps == (("a", "c"),)
    assert entry.launches[0].args == {"n": IterationArg()}
    plan = list(planned_launches(session.launches))
    assert [p.iteration for p in plan] == [0, 1, 2]
    assert [p.buffers.get("a", "a") for p in plan] == ["a", "c", "a"]
    assert session_to_dict(session)["launches"][0]["swap"] == [["a", "c"]]


@pytest.mark.parametrize(
    ("launches", "said"),
    [
        ([{"global_size": [64]}], "launches[0] (launch 1 of 1): needs kernel"),
        ([{"kernel": "add"}], "launches[0] (launch 1 of 1): needs global_size"),
        (
            [{"kernel": "add", "global_size": [64]}, {"args": {"a": "nope"}}],
            "launches[1] (launch 2 of 2).args.a: 'nope' is not an argument of the session",
        ),
        (
            [{"kernel": "add", "global_size": [64]}, {"kernel": "add", "repeat": 2}],
            "launches[1] (launch 2 of 2).repeat: unknown key",
        ),
        (
            [{"kernel": "add", "global_size": [64]}, {"args": {"n": {"kind": "loop"}}}],
            "launches[1] (launch 2 of 2).args.n: expected the name of a session argument",
        ),
        ([], "launches: expected a list of launches"),
        (
            [{"iterations": 2, "launches": [{"iterations": 2, "launches": []}]}],
            "launches[0].launches[0]: a group holds launches, not groups",
        ),
        (
            [
                {
                    "iterations": 2,
                    "swap": [["a", "n"]],
                    "launches": [{"kernel": "add", "global_size": [64]}],
                }
            ],
            "launches[0].swap[0]: 'n' is not a buffer of the session",
        ),
        (
            [{"iterations": 0, "launches": [{"kernel": "add", "global_size": [64]}]}],
            "launches[0].iterations",
        ),
        (
            [{"kernel": "add", "global_size": [64], "local_size": [8, 8]}],
            "launch 1 of 1): local_size has 2 dimensions, but global_size has 1",
        ),
    ],
)
def test_a_bad_launch_is_refused_with_its_place_and_position(
    launches: list[Any], said: str
) -> None:
    assert said in refusal(program(launches=launches))


def test_a_swap_of_buffers_of_different_shapes_opens_and_saves_as_it_was() -> None:
    # A shape edited after the swap was typed: the file is the user's work, so it opens
    # (validation refuses the run); a swap that is no pair of buffers is still refused.
    group = {
        "iterations": 2,
        "swap": [["a", "b"]],
        "launches": [{"kernel": "add", "global_size": [64]}],
    }
    data = program(launches=[group])
    data["args"]["b"]["shape"] = [32]
    session = parse_session(data)
    assert session_to_dict(session)["launches"][0]["swap"] == [["a", "b"]]
    assert parse_session(session_to_dict(session)) == session
    group["swap"] = [["a", "a"]]
    assert "'a' is swapped twice" in refusal(data)
    group["swap"] = [["a", "n"]]
    assert "'n' is not a buffer of the session" in refusal(data)


def test_hostile_programs_are_refused_unrun() -> None:
    many = [{"kernel": "add", "global_size": [64]}] * 65
    assert "65 launches; a session holds at most 64" in refusal(program(launches=many))
    hidden = [{"launches": [{"kernel": "add", "global_size": [64]}] * 65}]
    assert "65 launches; a session holds at most 64" in refusal(program(launches=hidden))
    huge = [{"iterations": 100_000, "launches": [{"kernel": "add", "global_size": [64]}] * 11}]
    assert "the program enqueues 1100000 launches" in refusal(program(launches=huge))
    deep: Any = []
    for _ in range(200):
        deep = [deep]
    assert "launches[0]" in refusal(program(launches=deep))
    assert "launches: expected a list" in refusal(program(launches={"kernel": "add"}))


def test_only_a_buffer_a_later_launch_may_read_is_reread() -> None:
    """Runs and exported programs make these read-write; each other `out` stays write-only."""
    params = {"add": ("a", "b", "c"), "scale": ("src", "dst")}
    first = Launch("add", (8,), None, {"c": "d"})
    then = Launch("scale", (8,), None, {"src": "d", "dst": "e"})
    assert reread_buffers((first, then), params.__getitem__) == {"d"}
    assert reread_buffers((Launch("add", (8,)),), params.__getitem__) == set()
    looped = LaunchGroup((Launch("add", (8,)),), iterations=3)
    assert reread_buffers((looped,), params.__getitem__) == {"a", "b", "c"}
    swapped = LaunchGroup((Launch("scale", (8,)),), swaps=(("src", "dst"),))
    assert reread_buffers((swapped,), params.__getitem__) == {"src", "dst"}
