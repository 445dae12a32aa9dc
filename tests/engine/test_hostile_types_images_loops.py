"""Hostile typedefs, image types and loops (issue 44): a program of many typedef'd names
with one the probe cannot ask about, thousands of names, a typedef of a type that does not
exist or that includes itself; every image type OpenCL C 1.2 has, and an image the device
allows but the host cannot fill; a loop whose condition is never met. Each ends in a
message naming the cause, within its limit, with memory bounded: never a traceback."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyopencl as cl
import pytest

from clstudio.cli import main
from clstudio.engine import type_probe
from clstudio.engine.build import build_program
from clstudio.validation.validate import unknown_type_reason

pytestmark = pytest.mark.opencl


def counted_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The probe builds asked for, one entry each (the number of names asked)."""
    asked: list[int] = []
    ask = type_probe._ask_compiler

    def counting(
        context: cl.Context, device: cl.Device, source: str, options: str, kernels: list[str]
    ) -> list[int] | None:
        asked.append(len(kernels))
        return ask(context, device, source, options, kernels)

    monkeypatch.setattr(type_probe, "_ask_compiler", counting)
    return asked


def typedefs(count: int, image: bool) -> str:
    lines = [f"typedef float T{i};" for i in range(count)]
    params = [f"__global T{i} *a{i}" for i in range(count)]
    if image:
        lines.append("typedef image2d_t picture;")
        params.append("__read_only picture p")
    return "\n".join(lines) + f"\n__kernel void k({', '.join(params)}) {{}}\n"


def test_one_name_the_probe_cannot_ask_costs_a_few_builds_not_two_per_name(
    context: cl.Context, device: cl.Device, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = counted_builds(monkeypatch)
    result, _ = build_program(context, device, typedefs(100, image=True), "")
    assert result.ok, result.log
    args = {a.name: a for k in result.kernels for a in k.args}
    assert all(args[f"a{i}"].type_name == "float*" for i in range(100))
    assert (args["p"].type_name, args["p"].type_known) == ("picture", False)
    # All 101 at once, then halves down to `picture` alone, by value and by pointer: one
    # by one it was 2 x 101 builds of the whole program (49 s on PoCL).
    assert asked[0] == 101 and len(asked) <= 2 * 7 + 2
    assert len(asked) <= type_probe.MAX_PROBE_BUILDS


def test_past_the_names_asked_the_rest_are_unknown_and_said_so(
    context: cl.Context, device: cl.Device, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type_probe, "MAX_PROBED_NAMES", 8)
    asked = counted_builds(monkeypatch)
    result, _ = build_program(context, device, typedefs(12, image=False), "")
    assert result.ok, result.log
    args = [a for k in result.kernels for a in k.args]
    assert [a.type_name for a in args[:8]] == ["float*"] * 8
    assert [a.type_known for a in args[8:]] == [False] * 4
    assert asked == [8]
    reason = unknown_type_reason(args[8]) or ""
    assert "could not be asked what T8 stands for" in reason


def test_a_typedef_of_ten_thousand_names_resolves_the_ones_used(
    context: cl.Context, device: cl.Device
) -> None:
    names = ", ".join(f"n{i}" for i in range(10_000))
    source = (
        f"typedef float {names};\n"
        "__kernel void k(__global n0 *a, n9999 b, __global const n5000 *c) {}\n"
    )
    result, _ = build_program(context, device, source, "")
    assert result.ok, result.log
    types = [a.type_name for k in result.kernels for a in k.args]
    assert types == ["float*", "float", "float*"]


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("typedef nosuch T;\n__kernel void k(__global T *a) {}\n", "unknown type name 'nosuch'"),
        ("#define T T\ntypedef T X;\n__kernel void k(__global X *a) {}\n", "unknown type name"),
        (
            "#include __FILE__\ntypedef float T;\n__kernel void k(__global T *a) {}\n",
            "#include nested too deeply",
        ),
    ],
    ids=["no such type", "a macro of itself", "a file that includes itself"],
)
def test_a_typedef_that_cannot_be_is_a_build_error(
    context: cl.Context, device: cl.Device, source: str, said: str
) -> None:
    result, _ = build_program(context, device, source, "")
    assert not result.ok
    assert any(error.message.startswith(said) for error in result.errors), result.log


def session(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / f"{name}.json"
    header = {"format": "clstudio-session", "version": 1}
    path.write_text(json.dumps(header | data), encoding="utf-8")
    return path


IMAGE_TYPES = ("image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_array_t", "image3d_t")


@pytest.mark.parametrize("image_type", IMAGE_TYPES)
def test_every_image_type_but_image2d_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], image_type: str
) -> None:
    path = session(
        tmp_path,
        "images",
        {
            "kernel": "k",
            "global_size": [4],
            "source": f"__kernel void k(__read_only {image_type} src) {{ }}\n",
            "args": {
                "src": {"kind": "image", "shape": [4, 4], "order": "R", "channel_type": "FLOAT"}
            },
        },
    )
    assert main(["run", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"argument 'src' is an {image_type}; CL Studio supports image2d_t images only" in out
    assert "Traceback" not in out


def test_an_image_the_host_has_no_memory_for_is_said_not_a_traceback(tmp_path: Path) -> None:
    """16384 x 16384 float RGBA is 4 GiB, which PoCL allows; the run is given 6 GB of
    address space, too little to draw random values for it."""
    shape = [16384, 16384]
    image = {"kind": "image", "shape": shape, "order": "RGBA", "channel_type": "FLOAT"}
    path = session(
        tmp_path,
        "huge",
        {
            "kernel": "k",
            "global_size": [4],
            "source": "__kernel void k(__read_only image2d_t src) { }\n",
            "args": {"src": image | {"init": {"random": {}}}},
        },
    )

    def six_gigabytes() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (6 * 10**9, 6 * 10**9))

    done = subprocess.run(
        [sys.executable, "-m", "clstudio", "run", str(path)],
        capture_output=True,
        text=True,
        preexec_fn=six_gigabytes,
        timeout=300,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    # A device that allows less says so before: either way a message, never a traceback.
    said = done.stdout
    assert (
        "'src': the host has not enough free memory to make its initial contents" in said
        or "CL_DEVICE_MAX_MEM_ALLOC_SIZE" in said
    ), said


SLOW_STEP = """\
__kernel void step(__global int *flag) {
    int x = 0;
    for (int i = 0; i < 1000000; i++) x += i ^ flag[0];
    flag[0] = x == 12345 ? 0 : 1;
}
"""


def test_a_loop_whose_condition_never_holds_stops_at_its_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each round is slow enough (a million-step loop) that the rounds, not the build,
    # outlast the limit even where a loaded machine takes seconds to build.
    path = session(
        tmp_path,
        "never",
        {
            "source": SLOW_STEP,
            "args": {"flag": {"kind": "buffer", "dtype": "int32", "shape": [1]}},
            "launches": [
                {
                    "iterations": 100_000,
                    "until": {"kind": "equals", "buffer": "flag", "value": 0, "reset": 0},
                    "launches": [{"kernel": "step", "global_size": [1]}],
                }
            ],
            "timeout_s": 5,
        },
    )
    assert main(["run", str(path)]) == 1
    out = capsys.readouterr().out
    assert "did not finish within 5 s" in out and "iteration" in out
    assert "Traceback" not in out
