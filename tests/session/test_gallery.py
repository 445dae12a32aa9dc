"""The kernel gallery: every example runs on PoCL and proves each of its outputs against numpy."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.cli import main as clstudio_main
from clstudio.devices import installed_runtimes, wanted_language
from clstudio.engine.build import split_options
from clstudio.engine.run import run_session
from clstudio.session import LaunchGroup, leaf_launches
from clstudio.session.args import BufferArg, ImageArg, ScalarArg, initial_contents
from clstudio.session.format import Session, load_session
from clstudio.session.gallery import (
    KERNELS_ENV,
    TEACHING_ORDER,
    Example,
    GalleryError,
    examples,
    first_comment_line,
    kernels_dir,
)
from clstudio.session.sample_images import mandelbrot, sample_image
from session.session_testing import arg_of

GALLERY = examples()
POCL_OPENCL_C = (1, 2)


def needs_newer_opencl_c(session: Session) -> bool:
    """Examples such as reduction_work_group need more than the bundled PoCL offers."""
    wanted = wanted_language(split_options(session.build_options))
    return wanted is not None and wanted > POCL_OPENCL_C


# Naive and optimised versions of one idea: the app compares their timings.
PAIRS = (
    ("transpose_naive", "transpose_tiled"),
    ("matmul_naive", "matmul_tiled"),
    ("histogram_global", "histogram_local"),
)


def _session_json(name: str, **extra: Any) -> str:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "kernel": name,
        "source_file": f"{name}.cl",
        "global_size": [1],
        **extra,
    }
    return json.dumps(data)


def test_the_gallery_starts_with_the_teaching_examples_in_order() -> None:
    names = [example.name for example in GALLERY]
    assert names[: len(TEACHING_ORDER)] == list(TEACHING_ORDER)


@pytest.mark.parametrize("example", GALLERY, ids=lambda example: example.name)
def test_each_example_opens_with_its_title_lesson_and_things_to_try(example: Example) -> None:
    session = load_session(example.path)
    assert session.source_file == f"{example.name}.cl"
    # A program of several launches is named for what it does, not for one kernel.
    kernels = {launch.kernel for launch in leaf_launches(session.launches)}
    assert session.kernel == example.name or session.kernel in kernels
    assert example.title == first_comment_line(session.source) != ""
    opening = session.source.split("\n\n#")[0].split("__kernel")[0]
    assert "// Try:" in opening
    assert example.description == session.description != ""
    assert session.repeats == 5


@pytest.mark.parametrize(("naive", "optimised"), PAIRS)
def test_pairs_share_their_sizes(naive: str, optimised: str) -> None:
    first, second = (load_session(kernels_dir() / f"{name}.json") for name in (naive, optimised))
    assert first.global_size == second.global_size
    assert first.local_size == second.local_size
    assert first.args == second.args


@pytest.mark.opencl
@pytest.mark.parametrize("example", GALLERY, ids=lambda example: example.name)
def test_each_example_runs_and_every_output_passes_its_reference(example: Example) -> None:
    # In this process the loader sees the bundled PoCL only (the worker sees the extras).
    session = replace(load_session(example.path), device=None)
    written = {
        name
        for name, spec in session.args.items()
        if (isinstance(spec, BufferArg) and spec.access in ("out", "inout"))
        or (isinstance(spec, ImageArg) and spec.access == "write_only")
    }
    result = run_session(session)
    if needs_newer_opencl_c(session):
        assert result.error is not None and result.error.stage == "build"
        # PoCL takes -cl-std=CL2.0; its own link error names the 2.0 built-in it lacks.
        assert "work_group_reduce_add" in result.error.message
        return
    assert result.error is None, result.error
    # A buffer the kernel writes but nothing checks would pass unverified; a buffer of
    # structs is checked field by field (`particles.pos`), every field of it.
    checked = set(session.references)
    for name, array in result.outputs.items():
        if array.dtype.names:
            fields = {f"{name}.{field}" for field in array.dtype.names}
            assert fields <= checked, f"fields without a reference: {sorted(fields - checked)}"
            checked.add(name)
    unchecked = (written | set(result.outputs)) - checked
    assert not unchecked, f"outputs without a reference: {sorted(unchecked)}"
    assert set(result.references) == set(session.references)
    for name, report in result.references.items():
        assert report.ok, f"{name}: {report.message}"
    assert all(guard.ok for guard in result.guards.values())
    assert result.ok


def test_the_mandelbrot_golden_file_is_what_the_numpy_iteration_computes_now() -> None:
    # A reference expression has no loops, so Mandelbrot is checked against a golden file.
    # It is no magic blob: sample_images.mandelbrot repeats the kernel's float32 steps,
    # and this test fails when the file, the session's parameters or the function drift.
    session = load_session(kernels_dir() / "mandelbrot.json")
    reference = session.references["counts"]
    assert (reference.file, reference.rtol, reference.atol) == ("mandelbrot_counts.npy", 0, 0)
    values = {n: spec.value for n, spec in session.args.items() if isinstance(spec, ScalarArg)}
    height, width = arg_of(session, "counts", BufferArg).shape
    x0, y0, step, limit = (values[name] for name in ("x0", "y0", "pixel_size", "max_iter"))
    assert isinstance(x0, float) and isinstance(y0, float) and isinstance(step, float)
    assert isinstance(limit, int)
    expected = mandelbrot(width, height, x0, y0, step, limit)
    assert reference.file is not None
    golden = np.load(kernels_dir() / reference.file, allow_pickle=False)

    assert golden.dtype == expected.dtype == np.uint32
    np.testing.assert_array_equal(golden, expected)
    assert 0 < np.mean(expected == values["max_iter"]) < 1  # both inside and outside the set


def life_step(board: np.ndarray) -> np.ndarray:
    """One generation of the Game of Life on a board that wraps around, as the kernel's."""
    neighbours = sum(
        np.roll(board, (dy, dx), axis=(0, 1))
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dy, dx) != (0, 0)
    )
    alive: np.ndarray = (neighbours == 3) | ((board == 1) & (neighbours == 2))
    return alive.astype(np.uint8)


def test_the_game_of_life_golden_file_is_the_generation_before_the_last() -> None:
    # After 64 iterations with grid and next swapped after each, `grid` names the last
    # board (a roll, which an expression states) and `next` the one before it (a file).
    session = load_session(kernels_dir() / "game_of_life.json")
    (group,) = session.launches
    assert isinstance(group, LaunchGroup) and group.swaps == (("grid", "next"),)
    grid = session.args["grid"]
    assert isinstance(grid, BufferArg)
    first = initial_contents("grid", grid, session.seed, session.base_dir)
    board = first
    for _ in range(group.iterations - 1):
        board = life_step(board)
    reference = session.references["next"]
    golden = np.load(kernels_dir() / str(reference.file), allow_pickle=False)
    np.testing.assert_array_equal(golden, board)
    shift = group.iterations // 4
    np.testing.assert_array_equal(life_step(board), np.roll(first, (shift, shift), axis=(0, 1)))


def test_the_image_example_blurs_a_picture_made_by_code() -> None:
    session = load_session(kernels_dir() / "image_blur.json")
    src, dst = session.args["src"], session.args["dst"]
    assert isinstance(src, ImageArg) and isinstance(dst, ImageArg)
    assert src.init.kind == "image" and (src.access, dst.access) == ("read_only", "write_only")
    height, width = src.shape
    picture = initial_contents("src", src, session.seed, session.base_dir)
    assert np.array_equal(picture, sample_image(src.init.params["name"], width, height))
    assert "sampler_t" in session.source and "read_imagef" in session.source


@pytest.mark.opencl
@pytest.mark.parametrize("example", GALLERY, ids=lambda example: example.name)
def test_the_command_line_runs_each_example(
    example: Example, capsys: pytest.CaptureFixture[str]
) -> None:
    wanted = load_session(example.path).device
    if wanted is not None and not installed_runtimes():
        assert clstudio_main(["run", str(example.path)]) == 1
        assert "is not installed; in CL Studio's folder:" in capsys.readouterr().out
        return
    assert clstudio_main(["run", str(example.path)]) == 0
    out = capsys.readouterr().out
    assert ": pass" in out and ": FAIL" not in out
    assert out.rstrip().endswith("ok")


def test_unlisted_examples_follow_the_teaching_order_by_name(tmp_path: Path) -> None:
    for name in ("zebra", "saxpy", "apple", "vector_add"):
        (tmp_path / f"{name}.cl").write_text(
            f"// The {name} example\n__kernel void {name}() {{}}\n"
        )
        (tmp_path / f"{name}.json").write_text(_session_json(name, description=f"About {name}."))
    (tmp_path / "pending").mkdir()
    (tmp_path / "pending" / "draft.json").write_text(_session_json("draft"))

    found = examples(tmp_path)

    assert [e.name for e in found] == ["vector_add", "saxpy", "apple", "zebra"]
    assert found[2].title == "The apple example"
    assert found[2].description == "About apple."
    assert found[2].path == tmp_path / "apple.json"


def test_an_example_without_an_opening_comment_is_titled_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "box_filter.json").write_text(
        json.dumps(
            {
                "format": "clstudio-session",
                "version": 1,
                "kernel": "k",
                "source": "__kernel void k() {}",
                "global_size": [1],
            }
        )
    )
    (example,) = examples(tmp_path)
    assert (example.title, example.description) == ("Box filter", "")


def test_a_broken_gallery_file_is_named(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{ not json")
    with pytest.raises(GalleryError, match=r"broken\.json"):
        examples(tmp_path)


def test_the_kernels_folder_is_the_repository_one_unless_overridden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KERNELS_ENV, raising=False)
    assert (kernels_dir() / "vector_add.json").is_file()
    monkeypatch.setenv(KERNELS_ENV, str(tmp_path))
    assert kernels_dir() == tmp_path
    assert examples() == ()


@pytest.mark.parametrize(
    ("source", "title"),
    [
        ("// Vector add\n//\n// More.\n__kernel void k() {}", "Vector add"),
        ("\n\n   //   Indented\n", "Indented"),
        ("/* Block title */\n__kernel void k() {}", "Block title"),
        ("/*\n * Starred title\n */", "Starred title"),
        ("/**/\n// not the opening comment", ""),
        ("__kernel void k() {} // late comment", ""),
        ("", ""),
    ],
)
def test_the_title_is_the_first_line_of_the_opening_comment(source: str, title: str) -> None:
    assert first_comment_line(source) == title
