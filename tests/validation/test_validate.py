"""Validation messages a learner reads before anything is enqueued."""

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from clstudio.common import ENGLISH, LANGUAGE_VARIABLE, LOCALE_DIR, set_language
from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.common.struct_types import lay_out
from clstudio.devices.limits import DeviceLimits
from clstudio.session import Launch
from clstudio.session.args import (
    ArgSpec,
    BufferArg,
    ImageArg,
    Init,
    LocalArg,
    SamplerArg,
    ScalarArg,
)
from clstudio.session.format import Session, SessionError, parse_session
from clstudio.validation import IndexSpace, summary
from clstudio.validation.ndrange_limits import check_ndrange, non_uniform_allowed
from clstudio.validation.validate import validate
from validation.device_limits import TEST_CPU

# The test CPU with 1 MiB to allocate and two constant arguments: limits a small session reaches.
LIMITS = replace(TEST_CPU, max_alloc=1 << 20, global_mem=4 << 20, max_constant_args=2)
F32 = parse_element_type("float32")
KERNEL = KernelSignature(
    "saxpy",
    (
        KernelArgInfo("x", "float*", "global", "none", True),
        KernelArgInfo("y", "float*", "global", "none", False),
        KernelArgInfo("a", "float", "private", "none", False),
        KernelArgInfo("n", "uint", "private", "none", False),
        KernelArgInfo("tmp", "float*", "local", "none", False),
        KernelArgInfo("w", "float*", "constant", "none", True),
    ),
)


def session(**changes: Any) -> Session:
    args: dict[str, ArgSpec] = {
        "x": BufferArg(F32, (1024,), Init("ones")),
        "y": BufferArg(F32, (1024,)),
        "a": ScalarArg(2.0),
        "n": ScalarArg(1024),
        "tmp": LocalArg(F32, 64),
        "w": BufferArg(F32, (16,)),
    }
    args.update(changes.pop("args", {}))
    global_size = changes.pop("global_size", (1024,))
    local_size = changes.pop("local_size", (64,))
    launch = Launch("saxpy", global_size, local_size)
    return replace(Session(source="", launches=(launch,), args=args), **changes)


def messages(s: Session) -> list[str]:
    return [p.message for p in validate(s, KERNEL, LIMITS)]


def test_a_good_session_has_no_problems() -> None:
    assert messages(session()) == []


def test_missing_argument_is_named() -> None:
    s = session()
    args = dict(s.args)
    del args["n"]
    problems = validate(replace(s, args=args), KERNEL, LIMITS)
    assert problems[0].argument == "n"
    assert "argument 'n' (uint) of kernel 'saxpy' has no value" in problems[0].message


def test_extra_argument_lists_the_real_parameters() -> None:
    (message,) = messages(session(args={"z": ScalarArg(1)}))
    assert "'z' is not a parameter of kernel 'saxpy'" in message
    assert "x, y, a, n, tmp, w" in message


def test_wrong_kind_says_which_kind_is_needed() -> None:
    (message,) = messages(session(args={"a": BufferArg(F32, (4,))}))
    assert "needs kind 'scalar'" in message


def test_element_type_must_match_the_pointer() -> None:
    (message,) = messages(session(args={"y": BufferArg(parse_element_type("int32"), (1024,))}))
    assert "declared __global float*" in message
    assert "element type int32" in message


@pytest.mark.parametrize(
    ("value", "fragment"),
    [(-1, "does not fit in uint"), (2**32, "does not fit in uint"), (1.5, "1.5 is not whole")],
)
def test_scalar_values_must_fit_the_type(value: float | int, fragment: str) -> None:
    (message,) = messages(session(args={"n": ScalarArg(value)}))
    assert fragment in message


def test_float_scalar_over_range() -> None:
    (message,) = messages(session(args={"a": ScalarArg(1e39)}))
    assert "1e+39 does not fit in float" in message


def test_buffer_over_max_alloc_names_the_limit() -> None:
    problems = validate(session(args={"y": BufferArg(F32, (1 << 19,))}), KERNEL, LIMITS)
    assert problems[0].argument == "y"
    assert "needs 2 MiB" in problems[0].message
    assert "CL_DEVICE_MAX_MEM_ALLOC_SIZE" in problems[0].message


def test_local_memory_over_the_device() -> None:
    (message,) = messages(session(args={"tmp": LocalArg(F32, 16 << 10)}))
    assert "__local arguments need 64 KiB" in message


def test_constant_buffer_over_the_limit() -> None:
    (message,) = messages(session(args={"w": BufferArg(F32, (32 << 10,))}))
    assert "__constant buffer 'w'" in message


def test_local_size_must_divide_on_opencl_1_2() -> None:
    (problem,) = check_ndrange((1000,), (64,), LIMITS)
    assert "1000 in dimension 0 is not a multiple of the local size 64" in problem.message
    assert "1024" in problem.message


@pytest.fixture
def language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Choose a language for one test; the next test speaks English again."""
    if not (LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "clstudio.mo").is_file():
        pytest.fail("the catalogues are not compiled: run `make` (make test compiles them)")
    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)
    yield set_language
    monkeypatch.setenv(LANGUAGE_VARIABLE, ENGLISH)


def test_a_local_size_that_does_not_divide_is_explained_in_chinese_and_in_english(
    language: Callable[[str], None],
) -> None:
    """The message a learner meets first; a count (ngettext) and a session error with it."""
    uneven = session(global_size=(1000,))
    language("zh_CN")
    (chinese,) = messages(uneven)
    assert chinese.startswith(
        "维度 0 的全局大小 1000 不是局部大小 64 的倍数（1000 = 15 x 64 + 40）：OpenCL 1.2"
    )
    assert "向上取整到 1024" in chinese
    space = IndexSpace((1000,), (64,))
    assert summary(space) == "1000 个工作项，分为 16 个工作组，每组 64；最后一组有 40 个"
    with pytest.raises(SessionError) as refused:
        parse_session({"format": "clstudio-session", "version": 1, "global_size": [4]})
    assert str(refused.value) == "kernel: 此键是必需的，但缺失了"
    language("C")
    (english,) = messages(uneven)
    assert english.startswith(
        "the global size 1000 in dimension 0 is not a multiple of the local size 64 "
        "(1000 = 15 x 64 + 40): OpenCL 1.2 needs every work-group to be full. Round the "
        "global size up to 1024"
    )
    assert summary(space) == "1000 work-items in 16 groups of 64; the last group has 40"


def test_non_uniform_groups_allowed_when_asked_for_and_supported() -> None:
    limits = replace(LIMITS, opencl_version=(2, 0), non_uniform_work_groups=True)
    assert check_ndrange((1000,), (64,), limits, "-cl-std=CL2.0") == []
    assert check_ndrange((1000,), (64,), limits, "-cl-std=CL1.2 -cl-std=CL3.0") == []
    (no_std,) = check_ndrange((1000,), (64,), limits, "")
    assert "add -cl-std=CL2.0 (or CL3.0) to the build options" in no_std.message
    (last_wins,) = check_ndrange((1000,), (64,), limits, "-cl-std=CL2.0 -cl-std=CL1.2")
    assert "add -cl-std=CL2.0" in last_wins.message
    (uniform,) = check_ndrange((1000,), (64,), limits, "-cl-std=CL3.0 -cl-uniform-work-group-size")
    assert "ask for full work-groups (-cl-uniform-work-group-size)" in uniform.message
    (old,) = check_ndrange((1000,), (64,), LIMITS, "-cl-std=CL2.0")
    assert "OpenCL 1.2 needs every work-group to be full" in old.message


def test_a_sweep_tries_sizes_that_leave_a_smaller_last_group_only_where_they_run() -> None:
    limits = replace(LIMITS, opencl_version=(3, 0), non_uniform_work_groups=True)
    assert non_uniform_allowed(limits, "-cl-std=CL3.0")
    assert not non_uniform_allowed(limits, "")
    assert not non_uniform_allowed(limits, "-cl-std=CL2.0 -cl-uniform-work-group-size")
    assert not non_uniform_allowed(LIMITS, "-cl-std=CL2.0")


def test_work_group_over_the_limit() -> None:
    problems = check_ndrange((512, 512), (32, 16), LIMITS)
    assert any("32 x 16 = 512 work-items is over the limit of 256" in p.message for p in problems)


def test_local_size_over_the_per_dimension_limit() -> None:
    problems = check_ndrange((128, 128, 128), (1, 1, 128), LIMITS)
    assert any("over the device limit of 64" in p.message for p in problems)


def test_dimension_mismatch_and_too_many_dimensions() -> None:
    assert "has 1 dimensions" in check_ndrange((16, 16), (16,), LIMITS)[0].message
    assert "1 to 3" in check_ndrange((2, 2, 2, 2), None, LIMITS)[0].message


def test_auto_local_size_is_fine() -> None:
    assert check_ndrange((1000,), None, LIMITS) == []


IMAGE_LIMITS = replace(LIMITS, image_support=True, image2d_max_width=1024, image2d_max_height=512)
ROTATE = KernelSignature(
    "rotate",
    (
        KernelArgInfo("src", "image2d_t", "global", "read_only", False),
        KernelArgInfo("dst", "image2d_t", "global", "write_only", False),
        KernelArgInfo("smp", "sampler_t", "private", "none", False),
    ),
)


def image_session(**args: Any) -> Session:
    spec: dict[str, ArgSpec] = {
        "src": ImageArg((256, 512)),
        "dst": ImageArg((256, 512), access="write_only"),
        "smp": SamplerArg(),
        **args,
    }
    return Session(source="", launches=(Launch("rotate", (512, 256)),), args=spec)


def image_messages(s: Session, limits: DeviceLimits = IMAGE_LIMITS) -> list[str]:
    return [p.message for p in validate(s, ROTATE, limits)]


def test_images_and_a_sampler_pass_on_a_device_with_image_support() -> None:
    assert image_messages(image_session()) == []


def test_an_image_given_as_a_buffer_says_it_needs_kind_image() -> None:
    (message,) = image_messages(image_session(src=BufferArg(F32, (256, 512))))
    assert "argument 'src' is declared __global image2d_t" in message
    assert "needs kind 'image', but the session gives kind 'buffer'" in message


def test_a_sampler_given_as_a_scalar_says_it_needs_kind_sampler() -> None:
    (message,) = image_messages(image_session(smp=ScalarArg(0)))
    assert "needs kind 'sampler'" in message


def test_an_image_larger_than_the_device_allows_names_both_limits() -> None:
    problems = validate(image_session(dst=ImageArg((256, 2048), "R")), ROTATE, IMAGE_LIMITS)
    assert [p.argument for p in problems] == ["dst"]
    assert "image 'dst' is 2048 x 256 pixels" in problems[0].message
    assert "at most 1024 x 512 (CL_DEVICE_IMAGE2D_MAX_WIDTH and HEIGHT)" in problems[0].message


def test_a_device_without_image_support_refuses_images() -> None:
    problems = image_messages(image_session(), replace(IMAGE_LIMITS, image_support=False))
    assert len(problems) == 2  # src and dst
    assert "Test CPU has no image support (CL_DEVICE_IMAGE_SUPPORT is false)" in problems[0]


def test_a_session_access_must_agree_with_the_kernel_qualifier() -> None:
    (message,) = image_messages(image_session(src=ImageArg((256, 512), access="write_only")))
    assert "image 'src' is declared read_only in the kernel" in message
    assert "access write_only" in message


def test_read_write_and_other_image_types_are_refused_clearly() -> None:
    kernel = KernelSignature(
        "k",
        (
            KernelArgInfo("rw", "image2d_t", "global", "read_write", False),
            KernelArgInfo("vol", "image3d_t", "global", "read_only", False),
        ),
    )
    s = Session(
        source="",
        launches=(Launch("k", (1,)),),
        args={"rw": ImageArg((4, 4)), "vol": ImageArg((4, 4))},
    )
    rw, vol = (p.message for p in validate(s, kernel, IMAGE_LIMITS))
    assert "image 'rw' is declared read_write" in rw and "read_only and write_only" in rw
    assert "'vol' is an image3d_t; CL Studio supports image2d_t images only" in vol


def test_an_image_over_the_allocation_limit_and_global_memory() -> None:
    big = ImageArg((512, 1024), channel_type="FLOAT")  # 8 MiB of RGBA floats
    one, total = image_messages(image_session(src=big))
    assert "image 'src' needs 8 MiB, but Test CPU allows at most 1 MiB in one image" in one
    assert "the buffers and images need" in total


@pytest.mark.parametrize(
    ("init", "fragment"),
    [
        (Init("random", {"low": -1e40, "high": 1.0}), "low: -1e+40 does not fit in float32"),
        (Init("values", {"values": [1.0] * 1023 + [1e39]}), "value 1023: 1e+39 does not fit"),
        (Init("fill", {"value": 2**200}), "does not fit in float32 (-3.403e+38 to 3.403e+38)"),
    ],
)
def test_contents_made_in_the_window_that_do_not_fit_are_refused_before_the_worker_makes_them(
    init: Init, fragment: str
) -> None:
    problems = validate(session(args={"x": BufferArg(F32, (1024,), init)}), KERNEL, LIMITS)
    assert problems[0].argument == "x"
    assert problems[0].message.startswith("argument 'x': the initial contents: ")
    assert fragment in problems[0].message


def test_a_kernels_own_local_arrays_over_the_device_limit_are_refused_with_both_numbers() -> None:
    limits = replace(LIMITS, kernel_local_mem=64 << 20)
    [problem] = validate(session(), KERNEL, limits)
    assert problem.message == (
        "the kernel's own __local arrays need 64 MiB per work-group (CL_KERNEL_LOCAL_MEM_SIZE), "
        "more than the 32 KiB of local memory on Test CPU (CL_DEVICE_LOCAL_MEM_SIZE): make "
        "them smaller"
    )


def test_local_arguments_and_the_kernels_own_arrays_count_together() -> None:
    limits = replace(LIMITS, kernel_local_mem=32 << 10)  # all of it; tmp needs 256 B more
    [problem] = validate(session(), KERNEL, limits)
    assert (
        "256 bytes per work-group, plus 32 KiB for the kernel's own __local arrays"
        in problem.message
    )


def test_a_typedefd_pointer_is_named_both_ways_and_checked_by_what_it_stands_for() -> None:
    y = KernelArgInfo("y", "float*", "global", "none", False, written_type="DATA_TYPE*")
    kernel = replace(KERNEL, args=tuple(y if a.name == "y" else a for a in KERNEL.args))
    assert validate(session(), kernel, LIMITS) == []
    wrong = session(args={"y": BufferArg(parse_element_type("int32"), (1024,))})
    (problem,) = validate(wrong, kernel, LIMITS)
    assert "declared __global DATA_TYPE* (float*) but the session gives it" in problem.message


def test_a_type_the_compiler_could_not_be_asked_about_is_named_without_calling_it_a_struct() -> (
    None
):
    y = KernelArgInfo("y", "real*", "global", "none", False, type_known=False)
    kernel = replace(KERNEL, args=tuple(y if a.name == "y" else a for a in KERNEL.args))
    (problem,) = validate(session(), kernel, LIMITS)
    assert problem.argument == "y"
    assert problem.message.startswith(
        "argument 'y' has type real*: the compiler could not be asked what real stands for"
    )
    assert "struct" not in problem.message


def test_a_struct_field_set_past_the_reader_is_checked_as_a_scalar_is() -> None:
    """A form may set a field's value without the file reader: 1.5 for an int is refused."""
    struct = lay_out("P", [("a", "int"), ("b", "float")])
    kernel = KernelSignature("k", (KernelArgInfo("p", "P", "private", "none", False),))
    args: dict[str, ArgSpec] = {"p": ScalarArg({"a": 1.5, "b": 2.0}, struct)}
    held = Session(source="", launches=(Launch("k", (1,), None),), args=args)
    (problem, *_) = validate(held, kernel, LIMITS)
    assert problem.message == "argument 'p', field a: 1.5 is not whole (int32 holds whole numbers)"
    assert problem.argument == "p"
