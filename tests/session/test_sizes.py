"""Named sizes: typed once in "sizes", standing in shapes, values, the NDRange and counts."""

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from clstudio.session import SessionError, load_session, parse_session, session_to_dict
from clstudio.session.args import BufferArg, LocalArg, ScalarArg
from clstudio.session.sizes import evaluate, with_sizes
from session.session_testing import arg_of

SOURCE = "__kernel void k(__global float *a, uint n, __local float *t) {}"


def sized(**changes: Any) -> dict[str, Any]:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "k",
        "source": SOURCE,
        "sizes": {"N": 1024, "L": 64},
        "global_size": ["N"],
        "local_size": ["L"],
        "args": {
            "a": {"kind": "buffer", "dtype": "float32", "shape": ["N"]},
            "n": {"kind": "scalar", "value": "N"},
            "t": {"kind": "local", "dtype": "float32", "count": "L*2"},
        },
    }
    data.update(changes)
    return data


def test_every_place_that_names_a_size_gets_its_number() -> None:
    session = parse_session(sized())
    assert session.global_size == (1024,) and session.local_size == (64,)
    assert arg_of(session, "a", BufferArg).shape == (1024,)
    assert arg_of(session, "n", ScalarArg).value == 1024
    assert arg_of(session, "t", LocalArg).count == 128


def test_reading_leaves_the_callers_data_as_it_was() -> None:
    data = sized()
    before = copy.deepcopy(data)
    parse_session(data)
    assert data == before


def test_changing_a_size_changes_every_place_that_names_it() -> None:
    session = with_sizes(parse_session(sized()), {"N": 1000003, "L": 64})
    assert session.global_size == (1000003,)
    assert arg_of(session, "a", BufferArg).shape == (1000003,)
    assert arg_of(session, "n", ScalarArg).value == 1000003


def test_saving_writes_the_names_back() -> None:
    out = session_to_dict(with_sizes(parse_session(sized()), {"N": 2048, "L": 32}))
    assert out["sizes"] == {"N": 2048, "L": 32}
    assert out["global_size"] == ["N"] and out["local_size"] == ["L"]
    assert out["args"]["a"]["shape"] == ["N"]
    assert out["args"]["n"]["value"] == "N"
    assert out["args"]["t"]["count"] == "L*2"


def test_a_place_typed_over_keeps_its_number_and_loses_the_name() -> None:

    session = parse_session(sized())
    session = session.with_ndrange((512,), session.local_size)
    out = session_to_dict(session)
    assert out["global_size"] == [512]
    assert out["args"]["a"]["shape"] == ["N"]


def test_a_session_without_sizes_saves_without_them(tmp_path: Path) -> None:
    data = sized(sizes={}, global_size=[8], local_size=None)
    data["args"] = {"a": {"kind": "buffer", "dtype": "float32", "shape": [8]}}
    assert "sizes" not in session_to_dict(parse_session(data))


def test_files_written_before_sizes_existed_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(
        json.dumps(
            {
                "format": "clstudio-session",
                "version": 1,
                "kernel": "k",
                "source": SOURCE,
                "global_size": [4],
            }
        )
    )
    assert load_session(path).global_size == (4,)


@pytest.mark.parametrize(
    "text, value",
    [("N", 1024), ("N*4", 4096), ("N/4", 256), ("(N+L)*2", 2176), ("N - L", 960), ("7", 7)],
)
def test_size_expressions(text: str, value: int) -> None:
    assert evaluate(text, {"N": 1024, "L": 64}, "here") == value


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["args"]["a"].update(shape=["M"]), "args.a.shape[0]: unknown size 'M'"),
        (lambda d: d.update(global_size=["N/3"]), "global_size[0]: 'N/3': 1024 is not divisible"),
        (lambda d: d.update(global_size=["L-N"]), "global_size[0]: 'L-N' is -960; a size must"),
        (lambda d: d.update(global_size=["N**2"]), "only size names, whole numbers"),
        (lambda d: d.update(global_size=["__import__('os')"]), "only size names, whole numbers"),
        (lambda d: d.update(global_size=["N +"]), "is neither a number nor a size expression"),
        (lambda d: d.update(global_size=["N*" * 60 + "1"]), "at most 100 characters"),
        (lambda d: d.update(sizes={"N": 0}), "sizes.N: expected an integer from 1"),
        (lambda d: d.update(sizes={"2N": 4}), "sizes.2N: expected a size name"),
        (lambda d: d.update(sizes=[4]), "sizes: expected an object"),
        (lambda d: d.update(sizes={"True": 4}), "sizes.True: 'True' is a word that expressions"),
        (lambda d: d.update(sizes={"None": 4}), "sizes.None: 'None' is a word that expressions"),
        (lambda d: d.update(sizes={"if": 4}), "sizes.if: 'if' is a word that expressions"),
        (lambda d: d.update(global_size=["N//0"]), "global_size[0]: 'N//0': division by zero"),
        (lambda d: d.update(global_size=["N/3"]), "write // to divide rounding down"),
    ],
)
def test_a_wrong_size_is_refused_where_it_stands(
    mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = sized()
    mutate(data)
    with pytest.raises(SessionError, match=re.escape(message)):
        parse_session(data)


def test_a_size_that_no_longer_divides_is_refused_where_it_stands() -> None:
    session = parse_session(sized(global_size=["N/4"]))
    with pytest.raises(SessionError, match=r"global_size\[0\]: 'N/4': 1001 is not divisible by 4"):
        with_sizes(session, {"N": 1001, "L": 64})


def test_the_documented_round_up_to_a_multiple_works() -> None:
    data = sized(global_size=["(N+L-1)//L*L"], local_size=["L"])
    session = parse_session({**data, "sizes": {"N": 1000003, "L": 256}})
    assert session.global_size == (1000192,)  # 3907 groups of 256
    assert session.local_size == (256,)


def test_the_round_up_of_the_docs_is_the_one_they_show() -> None:
    text = (Path(__file__).parents[2] / "docs" / "session-format.md").read_text(encoding="utf-8")
    assert '"(N+L-1)//L*L"' in text
    assert evaluate("(N+L-1)//L*L", {"N": 1000003, "L": 256}, "here") == 1000192


def test_declared_operations_per_item_follow_the_sizes_and_save_as_written() -> None:
    session = parse_session(sized(operations_per_item={"k": "2 * N"}))
    assert session.operations_per_item == {"k": 2048}
    smaller = with_sizes(session, {"N": 16, "L": 64})
    assert smaller.operations_per_item == {"k": 32}
    assert session_to_dict(smaller)["operations_per_item"] == {"k": "2 * N"}
    assert "operations_per_item" not in session_to_dict(parse_session(sized()))


@pytest.mark.parametrize(
    ("operations", "why"),
    [
        ({"k": "2 * M"}, "operations_per_item.k: unknown size 'M'"),
        ({"k": 0}, "operations_per_item.k:"),
        ({"not a name": 1}, "operations_per_item.not a name:"),
        (["k", 2], "operations_per_item:"),
    ],
)
def test_bad_operations_per_item_are_refused_with_their_place(operations: object, why: str) -> None:
    with pytest.raises(SessionError, match=re.escape(why)):
        parse_session(sized(operations_per_item=operations))
