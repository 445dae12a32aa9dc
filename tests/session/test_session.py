"""Session files as a learner meets them: examples load, broken files say where they break."""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import clstudio.session.format as session_module
from clstudio.common.dtypes import parse_element_type
from clstudio.devices import DeviceSelector
from clstudio.session.args import BufferArg, Init, LocalArg, ScalarArg, initial_contents
from clstudio.session.format import (
    Reference,
    Session,
    SessionError,
    dumps_session,
    load_session,
    parse_session,
    session_to_dict,
)
from clstudio.session.saving import save_session
from session.file_edits import drop_key, refusal, set_key
from session.session_testing import arg_of

VADD = """__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}
"""


def minimal() -> dict[str, Any]:
    """A small valid session that each broken-file case spoils in one place."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "source": VADD,
        "kernel": "vadd",
        "global_size": [16],
        "local_size": None,
        "args": {
            "a": {"kind": "buffer", "dtype": "float32", "shape": [16], "init": "arange"},
            "b": {"kind": "buffer", "dtype": "float32", "shape": [16], "init": "ones"},
            "c": {"kind": "buffer", "dtype": "float32", "shape": [16], "access": "out"},
            "n": {"kind": "scalar", "value": 16},
            "tmp": {"kind": "local", "dtype": "float32", "count": 8},
        },
        "references": {"c": {"expr": "a + b"}},
    }


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A session folder with a kernel source and a .npy file beside the session."""
    (tmp_path / "vadd.cl").write_text(VADD, encoding="utf-8")
    np.save(tmp_path / "points.npy", np.arange(24, dtype=np.float32).reshape(6, 4))
    return tmp_path


def rich() -> dict[str, Any]:
    """Every key, every init kind, vector types, local memory and references."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "description": "Adds vectors, the hello world of OpenCL",
        "kernel": "vadd",
        "source_file": "vadd.cl",
        "build_options": "-D N=16 -cl-fast-relaxed-math",
        "device": {"platform": "Portable", "device": "cpu"},
        "global_size": [16, 4],
        "local_size": [4, 2],
        "repeats": 10,
        "seed": 7,
        "timeout_s": 2.5,
        "guards": False,
        "args": {
            "a": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "zeros"},
            "b": {"kind": "buffer", "dtype": "int", "shape": [8, 8], "init": "ones"},
            "c": {"kind": "buffer", "dtype": "float32", "shape": [64], "init": "arange"},
            "d": {"kind": "buffer", "dtype": "uchar", "shape": [5], "init": {"fill": 255}},
            "e": {
                "kind": "buffer",
                "dtype": "int32",
                "shape": [10],
                "init": {"random": {"low": -5, "high": 5}},
            },
            "f": {
                "kind": "buffer",
                "dtype": "double",
                "shape": [3],
                "init": {"normal": {"mean": 1.5, "std": 0.25}},
                "access": "inout",
            },
            "g": {
                "kind": "buffer",
                "dtype": "float4",
                "shape": [2],
                "init": {"values": [[1, 2, 3, 4], [5, 6, 7, 8.5]]},
                "access": "out",
            },
            "h": {
                "kind": "buffer",
                "dtype": "float4",
                "shape": [6],
                "init": {"file": "points.npy"},
            },
            "k": {
                "kind": "buffer",
                "dtype": "uchar3",
                "shape": [1],
                "init": {"values": [1, 2, 3, 0]},
            },
            "n": {"kind": "scalar", "value": 64},
            "scale": {"kind": "scalar", "value": 0.5},
            "flag": {"kind": "scalar", "value": True},
            "offset": {"kind": "scalar", "value": [1.0, 2.0, 3.0, 4.0]},
            "tmp": {"kind": "local", "dtype": "float4", "count": 8},
        },
        "references": {
            "c": {"expr": "a + 1", "rtol": 0.001, "atol": 0.0},
            "g": {"expr": "g * 2"},
        },
    }


def test_the_rich_example_loads_from_disk(folder: Path) -> None:
    path = folder / "vadd.json"
    path.write_text(json.dumps(rich()), encoding="utf-8")

    session = load_session(path)

    assert session.kernel == "vadd"
    assert session.source == VADD
    assert session.source_file == "vadd.cl"
    assert session.base_dir == folder
    assert session.description == "Adds vectors, the hello world of OpenCL"
    assert session.device == DeviceSelector("Portable", "cpu")
    assert (session.global_size, session.local_size) == ((16, 4), (4, 2))
    assert (session.repeats, session.seed, session.timeout_s, session.guards) == (10, 7, 2.5, False)
    args = session.args
    assert args["b"] == BufferArg(parse_element_type("int32"), (8, 8), Init("ones"))
    assert arg_of(args, "e", BufferArg).init == Init("random", {"low": -5, "high": 5})
    assert args["f"] == BufferArg(
        parse_element_type("float64"), (3,), Init("normal", {"mean": 1.5, "std": 0.25}), "inout"
    )
    assert arg_of(args, "h", BufferArg).init == Init("file", {"path": "points.npy"})
    assert args["n"] == ScalarArg(64)
    assert args["offset"] == ScalarArg((1.0, 2.0, 3.0, 4.0))
    assert args["tmp"] == LocalArg(parse_element_type("float4"), 8)
    assert session.references == {
        "c": Reference("a + 1", rtol=0.001, atol=0.0),
        "g": Reference("g * 2"),
    }


def test_absent_optional_keys_take_their_documented_defaults() -> None:
    data = minimal()
    del data["local_size"], data["references"]

    session = parse_session(data)

    assert session.device is None
    assert session.local_size is None
    assert (session.repeats, session.seed, session.timeout_s, session.guards) == (1, 0, 10.0, True)
    assert session.build_options == session.description == ""
    assert arg_of(session, "c", BufferArg).init == Init("zeros")
    assert arg_of(session, "a", BufferArg).access is None
    assert session.references == {}


def test_vector_buffers_are_arrays_with_a_trailing_lane_axis(folder: Path) -> None:
    session = parse_session(rich(), folder)

    from_file = initial_contents(
        "h", arg_of(session, "h", BufferArg), session.seed, session.base_dir
    )
    from_values = initial_contents(
        "g", arg_of(session, "g", BufferArg), session.seed, session.base_dir
    )
    three = initial_contents("k", arg_of(session, "k", BufferArg), session.seed, session.base_dir)

    assert from_file.shape == (6, 4) and from_file.dtype == np.float32
    assert np.array_equal(from_file, np.load(folder / "points.npy"))
    assert from_values.tolist() == [[1, 2, 3, 4], [5, 6, 7, 8.5]]
    assert three.shape == (1, 4)  # a 3-vector takes the room of four


def test_dict_round_trip_keeps_everything(folder: Path) -> None:
    session = parse_session(rich(), folder)

    assert parse_session(session_to_dict(session), folder) == session
    assert parse_session(json.loads(dumps_session(session)), folder) == session


def test_saving_writes_every_key_in_the_documented_order(folder: Path) -> None:
    inline = parse_session(minimal())

    keys = list(session_to_dict(inline))

    assert keys == [
        "format",
        "version",
        "description",
        "kernel",
        "source",
        "build_options",
        "device",
        "global_size",
        "local_size",
        "repeats",
        "seed",
        "timeout_s",
        "guards",
        "args",
        "references",
    ]
    assert session_to_dict(inline)["device"] is None
    assert "source" not in session_to_dict(parse_session(rich(), folder))


def test_dumps_is_two_space_json_with_a_trailing_newline(folder: Path) -> None:
    session = parse_session(rich(), folder)

    text = dumps_session(session)

    assert text.endswith("}\n")
    assert text.splitlines()[1] == '  "format": "clstudio-session",'
    assert json.loads(text) == session_to_dict(session)


def test_numpy_numbers_from_the_gui_save_as_plain_json() -> None:
    session = replace(
        # The form hands numpy numbers where the fields say int and float: what is tested.
        parse_session(minimal()).with_ndrange((np.int64(16),), None),  # type: ignore[arg-type]
        args={"n": ScalarArg(np.float32(0.5))},  # type: ignore[arg-type]
        references={},
    )

    assert json.loads(dumps_session(session))["args"]["n"]["value"] == 0.5


def test_save_then_load_round_trips(folder: Path) -> None:
    session = parse_session(rich(), folder)
    path = folder / "copy.json"

    save_session(session, path)

    # Saved under a new name, the source goes beside it under that name.
    assert load_session(path) == replace(session, source_file="copy.cl")


def test_save_writes_the_source_file_beside_the_new_session(folder: Path) -> None:
    data = rich()
    data["args"] = {"n": {"kind": "scalar", "value": 3}}
    data["references"] = {}
    session = replace(parse_session(data, folder), source="// edited\n" + VADD)
    target = folder / "elsewhere" / "kernels"
    target.mkdir(parents=True)

    save_session(session, target / "vadd.json")

    assert (target / "vadd.cl").read_text(encoding="utf-8") == "// edited\n" + VADD
    assert json.loads((target / "vadd.json").read_text())["source_file"] == "vadd.cl"
    assert load_session(target / "vadd.json").source == "// edited\n" + VADD


def test_save_is_atomic_and_leaves_no_temporary_files(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = parse_session(minimal())
    path = folder / "s.json"
    save_session(session, path)
    os.chmod(path, 0o640)
    save_session(replace(session, repeats=5), path)
    assert load_session(path).repeats == 5
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    before = sorted(p.name for p in folder.iterdir())

    def refuse(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)  # the one text_files calls
    with pytest.raises(OSError, match="disk full"):
        save_session(replace(session, repeats=9), path)

    assert sorted(p.name for p in folder.iterdir()) == before
    assert load_session(path).repeats == 5


def test_loading_never_evaluates_a_reference_expression(tmp_path: Path) -> None:
    marker = tmp_path / "evaluated"
    data = minimal()
    data["references"] = {"c": {"expr": f"open({str(marker)!r}, 'w')"}}

    with contextlib.suppress(SessionError):  # refusing it is fine; running it is not
        parse_session(data)

    assert not marker.exists()


BROKEN = {
    "missing kernel": (drop_key("kernel"), "kernel: this key is required"),
    "missing global size": (drop_key("global_size"), "global_size: this key is required"),
    "empty kernel name": (set_key("kernel", ""), "kernel: expected a kernel name"),
    "kernel not an identifier": (set_key("kernel", "2x"), "kernel: expected a kernel name"),
    "newer version": (
        set_key("version", 2),
        "version: version 2 is newer than this CL Studio understands (1)",
    ),
    "version zero": (set_key("version", 0), "version: unknown version 0; this CL Studio reads"),
    "version as text": (set_key("version", "1"), "version: expected an integer, got '1'"),
    "missing version": (drop_key("version"), "version: this key is required"),
    "wrong format name": (set_key("format", "clstudio"), 'format: expected "clstudio-session"'),
    "missing format": (drop_key("format"), "format: expected"),
    "unknown top-level key": (set_key("repeat", 3), "repeat: unknown key; the known keys here"),
    "unknown arg kind": (set_key("args.n.kind", "pipe"), "args.n.kind: unknown kind 'pipe'"),
    "missing arg kind": (drop_key("args.n.kind"), "args.n.kind: this key is required"),
    "unknown arg key": (set_key("args.a.dtyp", "float"), "args.a.dtyp: unknown key"),
    "arg not an object": (set_key("args.a", [1]), "args.a: expected an object"),
    "args not an object": (set_key("args", []), "args: expected an object"),
    "bad arg name": (set_key("args.2a", {"kind": "scalar", "value": 1}), "args.2a: expected an"),
    "repeats as text": (set_key("repeats", "10"), "repeats: expected an integer, got '10'"),
    "repeats zero": (set_key("repeats", 0), "repeats: expected an integer from 1 to 100000"),
    "too many repeats": (set_key("repeats", 10**6), "repeats: expected an integer from 1"),
    "negative seed": (set_key("seed", -1), "seed: expected an integer from 0"),
    "float seed": (set_key("seed", 1.5), "seed: expected an integer, got 1.5"),
    "zero timeout": (set_key("timeout_s", 0), "timeout_s: expected seconds above 0"),
    "timeout as text": (set_key("timeout_s", "10"), "timeout_s: expected a number"),
    "guards as text": (set_key("guards", "no"), "guards: expected true or false, got 'no'"),
    "guards as int": (set_key("guards", 0), "guards: expected true or false, got 0"),
    "build options not text": (set_key("build_options", ["-O2"]), "build_options: expected a str"),
    "description on two lines": (set_key("description", "a\nb"), "description: expected one line"),
    "device as text": (set_key("device", "cpu"), "device: expected an object, got 'cpu'"),
    "unknown device key": (set_key("device", {"gpu": "x"}), "device.gpu: unknown key"),
    "device name not text": (set_key("device", {"device": 1}), "device.device: expected a string"),
    "negative global size": (
        set_key("global_size", [-4]),
        "global_size: expected a list of 1 to 3",
    ),
    "zero global size": (set_key("global_size", [0]), "global_size: expected a list of 1 to 3"),
    "four dimensions": (set_key("global_size", [1, 1, 1, 1]), "global_size: expected a list of 1"),
    "empty global size": (set_key("global_size", []), "global_size: expected a list"),
    "global size as a number": (set_key("global_size", 16), "global_size: expected a list"),
    "float global size": (set_key("global_size", [16.0]), "global_size: expected a list"),
    "bool as global size": (set_key("global_size", [True]), "global_size: expected a list"),
    "bool as repeats": (set_key("repeats", True), "repeats: expected an integer, got true"),
    "bool as seed": (set_key("seed", False), "seed: expected an integer, got false"),
    "bool as local count": (set_key("args.tmp.count", True), "args.tmp.count: expected an integer"),
    "bool in a shape": (set_key("args.a.shape", [True]), "args.a.shape: expected a list"),
    "shape as text": (set_key("args.a.shape", "x"), "args.a.shape: expected a list of positive"),
    "negative shape": (set_key("args.a.shape", [-16]), "args.a.shape: expected a list of positive"),
    "giant shape": (set_key("args.a.shape", [2**20, 2**20]), "args.a.shape: 1099511627776 items"),
    "zero local count": (
        set_key("args.tmp.count", 0),
        "args.tmp.count: expected an integer from 1",
    ),
    "local without count": (drop_key("args.tmp.count"), "args.tmp.count: this key is required"),
    "local size dims": (set_key("local_size", [4, 1]), "local_size: has 2 dimensions, but global"),
    "zero local size": (set_key("local_size", [0]), "local_size: expected a list"),
    "unknown dtype": (set_key("args.a.dtype", "float5"), "args.a.dtype: unknown element type"),
    "dtype not text": (set_key("args.a.dtype", 4), "args.a.dtype: expected a string"),
    "buffer without shape": (drop_key("args.a.shape"), "args.a.shape: this key is required"),
    "bad access": (set_key("args.c.access", "write"), "args.c.access: expected one of in, out"),
    "unknown init word": (set_key("args.a.init", "twos"), "args.a.init: unknown init 'twos'"),
    "init as a number": (set_key("args.a.init", 0), "args.a.init: expected one of"),
    "two init kinds": (
        set_key("args.a.init", {"fill": 1, "ones": {}}),
        "args.a.init: expected an object with",
    ),
    "unknown init object": (
        set_key("args.a.init", {"linspace": 1}),
        "args.a.init: unknown init 'linspace'",
    ),
    "fill as text": (set_key("args.a.init", {"fill": "1"}), "args.a.init.fill: expected a number"),
    "random low above high": (
        set_key("args.a.init", {"random": {"low": 1, "high": 0}}),
        "args.a.init.random: low (1) must be less than high (0)",
    ),
    "random typo": (
        set_key("args.a.init", {"random": {"lo": 0}}),
        "args.a.init.random.lo: unknown key",
    ),
    "random not an object": (
        set_key("args.a.init", {"random": [0, 1]}),
        "args.a.init.random: expected an object",
    ),
    "negative std": (
        set_key("args.a.init", {"normal": {"std": -1}}),
        "args.a.init.normal.std: expected a number of at least 0",
    ),
    "values with text": (
        set_key("args.a.init", {"values": [1, "2", *range(14)]}),
        "args.a.init.values (value 1): expected a number, got '2'",
    ),
    "ragged values": (
        set_key("args.a.init", {"values": [[1] * 8, [1] * 7]}),
        "args.a.init.values: expected a rectangular nested list",
    ),
    "too few values": (
        set_key("args.a.init", {"values": [1, 2, 3]}),
        "args.a.init.values: 3 values given, but shape [16] of float32 needs 16",
    ),
    "empty values": (set_key("args.a.init", {"values": []}), "args.a.init.values: expected a non"),
    "values as a number": (set_key("args.a.init", {"values": 1}), "args.a.init.values: expected"),
    "file not npy": (set_key("args.a.init", {"file": "a.txt"}), "args.a.init.file: expected the"),
    "file not text": (set_key("args.a.init", {"file": 3}), "args.a.init.file: expected a string"),
    "missing npy file": (
        set_key("args.a.init", {"file": "nowhere.npy"}),
        "args.a.init.file: cannot read nowhere.npy",
    ),
    "scalar as a word": (
        set_key("args.n.value", "sixteen"),
        "args.n.value: unknown size 'sixteen'",
    ),
    "scalar without value": (drop_key("args.n.value"), "args.n.value: this key is required"),
    "vector scalar width": (
        set_key("args.n.value", [1, 2, 3, 4, 5]),
        "args.n.value: a vector value",
    ),
    "vector scalar with text": (set_key("args.n.value", [1, "x"]), "args.n.value[1]: expected a"),
    "reference to a scalar": (
        set_key("references.n", {"expr": "n"}),
        "references.n: 'n' is a scalar argument; references check buffer and image arguments "
        "(a, b, c)",
    ),
    "reference to a local": (
        set_key("references.tmp", {"expr": "a"}),
        "references.tmp: 'tmp' is a",
    ),
    "reference to nothing": (set_key("references.zz", {"expr": "a"}), "references.zz: 'zz' is not"),
    "reference to an input": (
        set_key("args.c.access", "in"),
        "references.c: 'c' has access \"in\", so it is never read back",
    ),
    "empty expression": (
        set_key("references.c.expr", " "),
        "references.c.expr: expected a non-empty",
    ),
    "reference to an unknown name": (
        set_key("references.c.expr", "a + d"),
        "references.c.expr: name 'd' is not an argument",
    ),
    "reference that would run code": (
        set_key("references.c.expr", "__import__('os').system('true')"),
        "references.c.expr: ",
    ),
    "reference with a syntax error": (
        set_key("references.c.expr", "a +"),
        "references.c.expr: syntax error",
    ),
    "reference without expr": (
        drop_key("references.c.expr"),
        "references.c: give exactly one of expr (a numpy expression) and file",
    ),
    "negative rtol": (set_key("references.c.rtol", -1), "references.c.rtol: expected a number of"),
    "bool atol": (set_key("references.c.atol", True), "references.c.atol: expected a number"),
    "NaN from Python": (
        set_key("args.a.init", {"fill": float("nan")}),
        "args.a.init.fill: expected",
    ),
    "both sources": (set_key("source_file", "vadd.cl"), "source: give exactly one of source"),
    "neither source": (drop_key("source"), "source: give exactly one of source"),
    "source not text": (set_key("source", None), "source: expected a string, got null"),
}


@pytest.mark.parametrize("mutate, message", BROKEN.values(), ids=BROKEN.keys())
def test_a_broken_session_is_refused_where_it_breaks(
    tmp_path: Path, mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    assert refusal(minimal(), mutate, tmp_path).startswith(message)


def test_a_uint8_fill_must_fit_the_type() -> None:
    data = minimal()
    data["args"]["a"] = {"kind": "buffer", "dtype": "uchar", "shape": [4], "init": {"fill": 256}}

    with pytest.raises(SessionError, match=r"^args\.a\.init\.fill: 256 does not fit in uint8"):
        parse_session(data)


def test_an_integer_random_range_must_hold_an_integer() -> None:
    data = minimal()
    data["args"]["a"]["dtype"] = "int"
    data["args"]["a"]["init"] = {"random": {"low": 0.2, "high": 0.7}}

    with pytest.raises(SessionError, match=r"^args\.a\.init\.random: integers are drawn"):
        parse_session(data)


def test_a_pickled_npy_file_is_refused(tmp_path: Path) -> None:
    np.save(tmp_path / "objects.npy", np.array([1, "x", None], dtype=object), allow_pickle=True)
    data = minimal()
    data["args"]["a"]["init"] = {"file": "objects.npy"}

    with pytest.raises(SessionError, match=r"^args\.a\.init\.file: objects\.npy holds object"):
        parse_session(data, tmp_path)


def test_an_npy_file_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    np.save(tmp_path / "small.npy", np.zeros(15, np.float32))
    (tmp_path / "text.npy").write_text("not numpy")
    data = minimal()
    data["args"]["a"]["init"] = {"file": "small.npy"}
    with pytest.raises(SessionError, match=r"^args\.a\.init\.file: small\.npy holds 15 values"):
        parse_session(data, tmp_path)

    data["args"]["a"]["init"] = {"file": "text.npy"}
    with pytest.raises(SessionError, match=r"^args\.a\.init\.file: text\.npy is not a \.npy file"):
        parse_session(data, tmp_path)


def test_a_missing_source_file_names_the_file(tmp_path: Path) -> None:
    data = minimal()
    del data["source"]
    data["source_file"] = "kernels/gone.cl"

    with pytest.raises(SessionError, match=r"^source_file: cannot read kernels/gone\.cl"):
        parse_session(data, tmp_path)


def test_a_source_file_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "latin.cl").write_bytes("// caf\xe9\n".encode("latin-1"))
    data = minimal()
    del data["source"]
    data["source_file"] = "latin.cl"

    with pytest.raises(SessionError, match=r"^source_file: latin\.cl is not UTF-8 text"):
        parse_session(data, tmp_path)


def test_the_top_level_must_be_an_object() -> None:
    with pytest.raises(SessionError, match=r"^session: expected an object, got a list of 2"):
        parse_session([1, 2])


def _write(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "broken.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_bad_json_is_refused_with_file_line_and_column(tmp_path: Path) -> None:
    path = _write(tmp_path, '{\n  "format": "clstudio-session",\n  "version": ,\n}')

    with pytest.raises(SessionError) as caught:
        load_session(path)

    assert str(caught.value).startswith(f"{path}:3:14: not valid JSON: Expecting value")


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinity_tokens_are_refused_where_they_stand(tmp_path: Path, token: str) -> None:
    text = json.dumps(minimal()).replace('"init": "arange"', f'"init": {{"fill": {token}}}')
    path = _write(tmp_path, text)

    with pytest.raises(SessionError) as caught:
        load_session(path)

    assert str(caught.value).startswith(f"{path}: args.a.init.fill: expected a finite number")


def test_a_file_problem_names_the_file(tmp_path: Path) -> None:
    cases = {
        "[1, 2]": "session: expected an object",
        json.dumps({**minimal(), "version": 3}): "version: version 3 is newer",
    }
    for text, message in cases.items():
        path = _write(tmp_path, text)
        with pytest.raises(SessionError) as caught:
            load_session(path)
        assert str(caught.value).startswith(f"{path}: {message}")


def test_bad_utf8_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, b'{"format": "\xff"}')

    with pytest.raises(SessionError, match=r"broken\.json: not UTF-8 text"):
        load_session(path)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(minimal()).encode())

    assert load_session(path).kernel == "vadd"


def test_an_oversized_file_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_module, "MAX_FILE_BYTES", 100)
    path = _write(tmp_path, json.dumps(minimal()))

    with pytest.raises(SessionError, match=r"broken\.json: cannot read: the file holds \d+ bytes"):
        load_session(path)


def test_a_missing_session_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match=r"nothing\.json: cannot read: No such file"):
        load_session(tmp_path / "nothing.json")


def test_the_documented_examples_load(tmp_path: Path) -> None:
    """Every complete example in docs/session-format.md is a valid session."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "session-format.md"
    blocks = doc.read_text(encoding="utf-8").split("```json\n")[1:]
    examples = [json.loads(block.split("```")[0]) for block in blocks]
    complete = [e for e in examples if isinstance(e, dict) and e.get("format")]

    assert len(complete) >= 3
    for example in complete:
        files = [example.get("source_file")]
        files += [part.get("file") for part in example.get("source_parts", [])]
        for name in filter(None, files):
            (tmp_path / name).write_text(VADD, encoding="utf-8")
        for spec in example["args"].values():
            init = spec.get("init")
            if isinstance(init, dict) and "file" in init:
                host = parse_element_type(spec["dtype"]).host_shape(tuple(spec["shape"]))
                np.save(tmp_path / init["file"], np.zeros(host, np.float32))
        assert isinstance(parse_session(example, tmp_path), Session)


def test_save_in_another_folder_keeps_npy_files_reachable(tmp_path: Path) -> None:
    here = tmp_path / "here"
    (here / "data").mkdir(parents=True)
    np.save(here / "data" / "x.npy", np.arange(8, dtype=np.float32))
    np.save(here / "expected.npy", np.arange(8, dtype=np.float32))
    (here / "s.json").write_text(
        json.dumps(
            {
                "format": "clstudio-session",
                "version": 1,
                "source": "__kernel void k(__global float *x) {}",
                "kernel": "k",
                "global_size": [8],
                "args": {
                    "x": {
                        "kind": "buffer",
                        "dtype": "float32",
                        "shape": [8],
                        "init": {"file": "data/x.npy"},
                    },
                },
                "references": {"x": {"file": "expected.npy"}},
            }
        )
    )
    session = session_module.load_session(here / "s.json")
    elsewhere = tmp_path / "elsewhere" / "deeper"
    elsewhere.mkdir(parents=True)
    save_session(session, elsewhere / "copy.json")
    saved = json.loads((elsewhere / "copy.json").read_text())
    assert saved["args"]["x"]["init"] == {"file": "../../here/data/x.npy"}
    assert saved["references"]["x"]["file"] == "../../here/expected.npy"
    copy = session_module.load_session(elsewhere / "copy.json")  # loads: the files are found
    assert initial_contents("x", arg_of(copy, "x", BufferArg), 0, copy.base_dir).tolist() == list(
        range(8)
    )
    # Saved where it came from, nothing is rewritten.
    save_session(session, here / "s.json")
    assert json.loads((here / "s.json").read_text())["args"]["x"]["init"] == {"file": "data/x.npy"}


def test_breakpoints_are_optional_sorted_and_written_only_when_set() -> None:
    assert parse_session(minimal()).breakpoints == ()
    assert "breakpoints" not in session_to_dict(parse_session(minimal()))
    data = minimal() | {"breakpoints": [4, 2, 4, 99]}  # VADD has 5 lines: 99 is dropped
    session = parse_session(data)
    assert session.breakpoints == (2, 4)
    assert session_to_dict(session)["breakpoints"] == [2, 4]
    assert parse_session(session_to_dict(session)) == session


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("4", "breakpoints: expected a list of line numbers"),
        ([0], "breakpoints"),
        ([True], "breakpoints"),
        ([2.5], "breakpoints"),
    ],
)
def test_bad_breakpoints_are_refused_by_name(value: object, expected: str) -> None:
    with pytest.raises(SessionError, match=expected):
        parse_session(minimal() | {"breakpoints": value})
