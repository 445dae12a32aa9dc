"""Hostile and broken session files: a SessionError naming the place, never a traceback."""

from __future__ import annotations

import json
import os
import struct
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import clstudio.session.format as format_module
from clstudio.session.args import BufferArg, initial_contents
from clstudio.session.format import SessionError, load_session
from session.session_testing import arg_of

SOURCE = "__kernel void k(__global float *a) { a[get_global_id(0)] = 1.0f; }\n"
HUGE = "9" * 400  # fits Python's JSON reader, not a float
VAST = "9" * 4000  # a product of three of these has 12000 digits


def session(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "k",
        "source": SOURCE,
        "global_size": [16],
        "args": {"a": {"kind": "buffer", "dtype": "float32", "shape": [16]}},
    }
    data.update(changes)
    return data


def write(folder: Path, text: str) -> Path:
    path = folder / "session.json"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(SessionError) as caught:
        load_session(path)
    return str(caught.value)


def with_raw_number(number: str, **changes: Any) -> str:
    """The JSON text of a session with NUMBER (digits) spliced in where the marker is."""
    return json.dumps(session(**changes)).replace('"NUMBER"', number)


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"timeout_s": "NUMBER"}, "timeout_s:"),
        (
            {
                "args": {
                    "a": {
                        "kind": "buffer",
                        "dtype": "float",
                        "shape": [16],
                        "init": {"fill": "NUMBER"},
                    }
                }
            },
            "args.a.init.fill:",
        ),
        ({"references": {"a": {"expr": "a", "rtol": "NUMBER"}}}, "references.a.rtol:"),
        ({"args": {"a": {"kind": "scalar", "value": "NUMBER"}}}, "args.a.value:"),
    ],
)
def test_a_number_too_big_for_a_float_is_refused_where_it_stands(
    tmp_path: Path,
    changes: dict[str, dict[str, dict[str, dict[str, str] | list[int] | str]]]
    | dict[str, dict[str, dict[str, str]]]
    | dict[str, str],
    where: str,
) -> None:
    message = refusal(write(tmp_path, with_raw_number(HUGE, **changes)))
    assert where in message
    assert "too large" in message
    assert HUGE not in message  # said as a size, not quoted whole


def test_a_shape_whose_product_has_thousands_of_digits_is_refused(tmp_path: Path) -> None:
    text = json.dumps(session(global_size=["NUMBER", "NUMBER", "NUMBER"]))
    message = refusal(write(tmp_path, text.replace('"NUMBER"', VAST)))
    assert message.startswith(f"{tmp_path / 'session.json'}: global_size:")
    assert "a number of about 12000 digits" in message


def test_a_buffer_shape_with_a_vast_size_is_refused(tmp_path: Path) -> None:
    args = {"a": {"kind": "buffer", "dtype": "float", "shape": ["NUMBER", "NUMBER", "NUMBER"]}}
    message = refusal(write(tmp_path, json.dumps(session(args=args)).replace('"NUMBER"', VAST)))
    assert "args.a.shape:" in message
    assert "more than CL Studio allows" in message


def npy_with_header(path: Path, header: str) -> None:
    """A version 1.0 .npy file with a hand-written header (and no data)."""
    padded = header + " " * (-(len(header) + 11) % 64) + "\n"
    path.write_bytes(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(padded)) + padded.encode())


@pytest.mark.parametrize(
    ("shape", "problem"),
    [
        (f"({'9' * 2000}, {'9' * 2000}, {'9' * 2000})", "a number of about 6000 digits"),
        ("(" + "2, " * 40 + ")", "40 dimensions"),
    ],
)
def test_a_npy_header_with_an_absurd_shape_is_refused(
    tmp_path: Path, shape: str, problem: str
) -> None:
    npy_with_header(
        tmp_path / "big.npy", f"{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}"
    )
    args = {"a": {"kind": "buffer", "dtype": "float", "shape": [16], "init": {"file": "big.npy"}}}
    message = refusal(write(tmp_path, json.dumps(session(args=args))))
    assert "args.a.init.file:" in message
    assert problem in message


def test_a_golden_file_with_an_absurd_shape_is_refused(tmp_path: Path) -> None:
    shape = ", ".join([VAST[:2000]] * 3)
    npy_with_header(
        tmp_path / "golden.npy", f"{{'descr': '<f4', 'fortran_order': False, 'shape': ({shape}), }}"
    )
    text = json.dumps(session(references={"a": {"file": "golden.npy"}}))
    message = refusal(write(tmp_path, text))
    assert "references.a.file: golden.npy: its header promises" in message
    assert "about 6000 digits" in message


def buffer_with(dtype: str, init: object, shape: list[int] | None = None) -> dict[str, Any]:
    return session(
        args={"a": {"kind": "buffer", "dtype": dtype, "shape": shape or [4], "init": init}}
    )


def nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("dtype", "init", "shape", "message"),
    [
        (
            "uchar",
            {"random": {"low": -10, "high": 20}},
            None,
            "args.a.init.random: low: -10 does not fit in uint8 (0 to 255)",
        ),
        (
            "short",
            {"random": {"low": 0, "high": 70000}},
            None,
            "args.a.init.random: high: 69999 does not fit in int16 (-32768 to 32767)",
        ),
        (
            "float",
            {"random": {"low": 0, "high": 1e300}},
            None,
            "args.a.init.random: high: 1e+300 does not fit in float32 (-3.403e+38 to 3.403e+38)",
        ),
        (
            "uint",
            {"values": [1, 2, 3, 2**40]},
            None,
            "args.a.init.values: value 3: 1099511627776 does not fit in uint32 (0 to 4294967295)",
        ),
        (
            "char",
            {"values": [[1, 2], [3, -129]]},
            None,
            "args.a.init.values: value 3: -129 does not fit in int8 (-128 to 127)",
        ),
        ("float", {"values": nested(80)}, [1], "at most 32 are allowed"),
        ("ulong", {"normal": {"mean": -5, "std": 1}}, None, "mean: -5 does not fit in uint64"),
    ],
)
def test_contents_that_do_not_fit_the_element_type_are_refused_at_load(
    tmp_path: Path, dtype: str, init: dict[str, Any], shape: list[int] | None, message: str
) -> None:
    path = write(tmp_path, json.dumps(buffer_with(dtype, init, shape)))
    assert message in refusal(path)


def test_contents_at_the_edges_of_the_type_load(tmp_path: Path) -> None:
    text = json.dumps(buffer_with("uchar", {"random": {"low": 0, "high": 256}}))
    assert arg_of(load_session(write(tmp_path, text)), "a", BufferArg).init.params == {
        "low": 0,
        "high": 256,
    }
    text = json.dumps(buffer_with("long", {"values": [-(2**63), 2**63 - 1, 0, 1]}))
    assert arg_of(load_session(write(tmp_path, text)), "a", BufferArg).init.kind == "values"


def refusal_within(path: Path, seconds: float = 10.0) -> str:
    """The refusal of `path`, which must come back promptly: a blocking read would hang."""
    outcome: list[str] = []
    worker = threading.Thread(target=lambda: outcome.append(refusal(path)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert outcome, f"loading {path} did not finish within {seconds} s"
    return outcome[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.npy"
    os.mkfifo(path)
    return path


def test_a_fifo_as_the_source_file_is_refused_by_name(tmp_path: Path, fifo: Path) -> None:
    data = session(source_file=fifo.name)
    del data["source"]
    message = refusal_within(write(tmp_path, json.dumps(data)))
    assert "source_file: cannot read pipe.npy" in message
    assert "is a named pipe (FIFO), not a regular file" in message


def test_a_fifo_as_a_npy_init_or_a_golden_file_is_refused_by_name(
    tmp_path: Path, fifo: Path
) -> None:
    init = buffer_with("float", {"file": fifo.name})
    message = refusal_within(write(tmp_path, json.dumps(init)))
    assert "args.a.init.file:" in message
    assert "named pipe (FIFO)" in message
    golden = session(references={"a": {"file": fifo.name}})
    assert "references.a.file:" in refusal_within(write(tmp_path, json.dumps(golden)))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/stdin"])
def test_devices_are_refused_as_source_files(tmp_path: Path, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} does not exist here")
    data = session(source_file=device)
    del data["source"]
    message = refusal_within(write(tmp_path, json.dumps(data)))
    assert "source_file: cannot read" in message
    assert "not a regular file" in message


def test_a_folder_as_the_session_file_is_refused(tmp_path: Path) -> None:
    assert "is a folder, not a regular file" in refusal_within(tmp_path)


def test_a_source_file_over_the_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(format_module, "MAX_FILE_BYTES", 1000)
    (tmp_path / "big.cl").write_text("//" * 1000, encoding="utf-8")
    data = session(source_file="big.cl")
    del data["source"]
    message = refusal(write(tmp_path, json.dumps(data)))
    assert "holds 2000 bytes, more than the 1000 bytes limit" in message


def test_a_npy_file_shorter_than_its_header_promises_is_refused(tmp_path: Path) -> None:
    np.save(tmp_path / "full.npy", np.zeros(16, np.float32))
    (tmp_path / "cut.npy").write_bytes((tmp_path / "full.npy").read_bytes()[:-8])
    init = buffer_with("float", {"file": "cut.npy"}, [16])
    message = refusal(write(tmp_path, json.dumps(init)))
    assert "cut.npy is cut short: its header promises 64 bytes, it holds 56" in message


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('"seed": 1, "seed": 2', '"seed"'),
        (
            '"args": {"a": {"kind": "buffer", "kind": "scalar", "dtype": "float", "shape": [1]}}',
            '"kind"',
        ),
        ('"references": {"a": {"expr": "a", "rtol": 0.1, "rtol": 0.5}}', '"rtol"'),
    ],
)
def test_a_key_given_twice_is_refused_naming_the_key(tmp_path: Path, text: str, key: str) -> None:
    base = json.dumps(session())
    body = base[:-1] + ", " + text + "}"
    if '"args"' in text:
        body = body.replace(
            '"args": {"a": {"kind": "buffer", "dtype": "float32", "shape": [16]}}, ', ""
        )
    message = refusal(write(tmp_path, body))
    assert message.startswith(f"{tmp_path / 'session.json'}: the key {key} appears twice")


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ("-D X=1 " * 300_000, "more than build options may hold (16384)"),
        ("-DN=1\u0000", "a NUL byte"),
    ],
)
def test_absurd_build_options_are_refused_at_load(
    tmp_path: Path, options: str, problem: str
) -> None:
    message = refusal(write(tmp_path, json.dumps(session(build_options=options))))
    assert "build_options: " in message
    assert problem in message


def test_contents_at_the_edges_of_the_type_are_made_exactly(tmp_path: Path) -> None:
    text = json.dumps(buffer_with("long", {"values": [-(2**63), 2**63 - 1, 0, 1]}))
    spec = arg_of(load_session(write(tmp_path, text)), "a", BufferArg)
    contents = initial_contents("a", spec, 0, tmp_path)
    assert contents.dtype == np.int64
    assert contents.tolist() == [-(2**63), 2**63 - 1, 0, 1]
    text = json.dumps(buffer_with("uchar", {"random": {"low": 250, "high": 256}}, [1000]))
    spec = arg_of(load_session(write(tmp_path, text)), "a", BufferArg)
    drawn = initial_contents("a", spec, 0, tmp_path)
    assert drawn.min() >= 250 and drawn.max() == 255


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"description": "SURROGATE"}, "description:"),
        ({"build_options": "-DN=1 SURROGATE"}, "build_options:"),
        ({"source": SOURCE + "// SURROGATE"}, "source:"),
        ({"device": {"platform": "SURROGATE"}}, "device.platform:"),
        ({"references": {"a": {"expr": "a + 1 # SURROGATE"}}}, "references.a.expr:"),
        ({"sizes": {"SURROGATE": 4}}, "the key '\\ud800':"),
    ],
)
def test_text_that_is_not_valid_unicode_is_refused_naming_the_field(
    tmp_path: Path, changes: dict[str, Any], where: str
) -> None:
    # JSON may write a lone surrogate as an escape; no file or compiler can take one.
    text = json.dumps(session(**changes)).replace("SURROGATE", "\\ud800")
    message = refusal(write(tmp_path, text))
    assert where in message
    assert "a lone surrogate (\\ud800)" in message
    message.encode("utf-8")  # the message itself can be printed
