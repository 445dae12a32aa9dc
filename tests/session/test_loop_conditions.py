"""A group repeated until a condition on a small buffer holds: read, refused with the place
named, saved and read back; the rounds it plans, and the buffers its swaps leave."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.session import (
    LaunchGroup,
    SessionError,
    TakenRounds,
    Until,
    final_buffers,
    group_problem,
    load_session,
    parse_session,
    planned_launches,
    session_to_dict,
)

KERNELS = Path(__file__).parents[2] / "kernels"
SOURCE = (
    "__kernel void step(__global const int *u, __global int *v, __global int *flag)"
    " { int i = get_global_id(0); v[i] = u[i] / 2; if (v[i]) *flag = 1; }\n"
)


def looped(until: object, **group: Any) -> dict[str, Any]:
    buffer = {"kind": "buffer", "dtype": "int32", "shape": [16]}
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": SOURCE,
        "args": {
            "u": buffer | {"init": "arange"},
            "v": dict(buffer),
            "flag": {"kind": "buffer", "dtype": "int32", "shape": [1]},
        },
        "launches": [
            {
                "iterations": 20,
                "swap": [["u", "v"]],
                "until": until,
                "launches": [{"kernel": "step", "global_size": [16]}],
            }
            | group
        ],
    }


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(SessionError) as caught:
        parse_session(data)
    return str(caught.value)


FLAG = {"kind": "equals", "buffer": "flag", "value": 0, "reset": 0}


def test_a_group_until_a_flag_equals_0_is_read_and_saved_as_written() -> None:
    session = parse_session(looped(FLAG))
    group = session.launches[0]
    assert isinstance(group, LaunchGroup)
    assert group.until == Until("flag", "equals", 0, 0) and group.iterations == 20
    saved = session_to_dict(session)
    assert saved["launches"][0]["until"] == FLAG
    assert parse_session(json.loads(json.dumps(saved))) == session


def test_unchanged_takes_no_number_and_equals_may_go_without_a_reset() -> None:
    unchanged = parse_session(looped({"kind": "unchanged", "buffer": "flag"}))
    assert session_to_dict(unchanged)["launches"][0]["until"] == {
        "kind": "unchanged",
        "buffer": "flag",
    }
    plain = parse_session(looped({"kind": "equals", "buffer": "flag"}))
    assert session_to_dict(plain)["launches"][0]["until"] == {
        "kind": "equals",
        "buffer": "flag",
        "value": 0,
    }


@pytest.mark.parametrize(
    ("until", "message"),
    [
        (FLAG | {"buffer": "nope"}, "launches[0].until.buffer: 'nope' is not a buffer"),
        (FLAG | {"kind": "less"}, "launches[0].until.kind: expected one of equals, unchanged"),
        ({"kind": "unchanged", "buffer": "flag", "value": 1}, "it takes no value"),
        (FLAG | {"value": "zero"}, "launches[0].until.value: expected a number"),
        ({"buffer": "flag"}, "launches[0].until"),
        (FLAG | {"stop": 1}, "launches[0].until.stop: unknown key"),
        ("flag", "launches[0].until: expected an object"),
    ],
)
def test_a_condition_that_cannot_be_is_refused_naming_its_place(
    until: object, message: str
) -> None:
    assert message in refusal(looped(until))


def test_a_group_until_a_condition_must_say_its_most_rounds() -> None:
    data = looped(FLAG)
    del data["launches"][0]["iterations"]
    assert "needs iterations: its most rounds" in refusal(data)


def test_a_file_without_until_reads_and_saves_exactly_as_before() -> None:
    life = json.loads((KERNELS / "game_of_life.json").read_text())
    session = load_session(KERNELS / "game_of_life.json")
    group = session.launches[0]
    assert isinstance(group, LaunchGroup) and group.until is None
    assert "until" not in session_to_dict(session)["launches"][0]
    assert session_to_dict(session)["launches"] == life["launches"]


def problem_of(data: dict[str, Any]) -> str | None:
    session = parse_session(data)
    group = session.launches[0]
    assert isinstance(group, LaunchGroup)
    return group_problem(group, session.args)


def test_validation_refuses_a_condition_buffer_that_is_not_small_not_numbers_or_swapped() -> None:
    assert problem_of(looped(FLAG)) is None
    big = looped(FLAG)
    big["args"]["flag"]["shape"] = [2048]
    assert problem_of(big) == (
        "the condition reads 'flag' after every round: it holds 8 KiB, and a condition's "
        "buffer holds at most 4 KiB (a flag or a count)"
    )
    vector = looped(FLAG)
    vector["args"]["flag"]["dtype"] = "int4"
    assert "a buffer of int4: give it a buffer of numbers" in (problem_of(vector) or "")
    swapped = looped(FLAG | {"buffer": "v"})
    assert "which a swap of its group moves" in (problem_of(swapped) or "")
    wide = looped(FLAG)
    wide["args"]["flag"]["dtype"] = "uchar"
    wide["launches"][0]["until"] = FLAG | {"reset": 300}
    assert "the condition on 'flag'" in (problem_of(wide) or "")


class StopAt:
    """Ends each loop after `rounds`, recording what the plan told it."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds
        self.heard: list[str] = []

    def begin(self, entry: int, group: LaunchGroup, round_index: int) -> None:
        self.heard.append(f"begin {round_index}")

    def ended(self, entry: int, group: LaunchGroup, round_index: int) -> bool:
        self.heard.append(f"ended {round_index}")
        return round_index + 1 == self.rounds


def test_the_plan_asks_after_each_round_and_numbers_launches_by_the_longest_run() -> None:
    session = parse_session(looped(FLAG))
    watch = StopAt(3)
    planned = list(planned_launches(session.launches, watch))
    assert [p.iteration for p in planned] == [0, 1, 2]
    assert watch.heard == ["begin 0", "ended 0", "begin 1", "ended 1", "begin 2", "ended 2"]
    assert [p.number for p in planned] == [1, 2, 3]
    assert len(list(planned_launches(session.launches))) == 20  # no watch: the most rounds
    again = list(planned_launches(session.launches, TakenRounds({0: 3})))
    assert [p.iteration for p in again] == [0, 1, 2]
    # Three rounds swap u and v three times: u names the buffer v was.
    assert final_buffers(session.launches, {0: 3}) == {"u": "v", "v": "u"}
    assert final_buffers(session.launches, {0: 4}) == {}  # each name its own buffer


def test_the_conditions_hold_as_the_host_reads_them() -> None:
    zero, three = np.zeros(4, np.int8), np.full(4, 3, np.int8)
    assert Until("f").holds(None, zero) and not Until("f").holds(None, three)
    assert Until("f", "equals", 3).holds(None, three)
    assert Until("c", "unchanged").holds(three, three.copy())
    assert not Until("c", "unchanged").holds(zero, three)
    assert not Until("c", "unchanged").holds(None, three)  # nothing to compare with yet
