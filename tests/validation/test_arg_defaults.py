"""Default argument values, and what a rebuild keeps, adapts, adds and removes."""

from pathlib import Path

import numpy as np

from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.session.args import (
    ArgSpec,
    BufferArg,
    ImageArg,
    Init,
    LocalArg,
    SamplerArg,
    ScalarArg,
)
from clstudio.session.format import Reference
from clstudio.validation.arg_defaults import (
    DEFAULT_LOCAL_COUNT,
    default_spec,
    reconcile,
    retyped_init,
    scalar_problem,
    unsupported_reason,
    usable_references,
)
from session.session_testing import arg_of

F32 = parse_element_type("float")
F64 = parse_element_type("double")
U8 = parse_element_type("uchar")
F4 = parse_element_type("float4")


def arg(name: str, type_name: str, space: str = "global", const: bool = False) -> KernelArgInfo:
    return KernelArgInfo(name, type_name, space, "none", const)


def signature(*args: KernelArgInfo) -> KernelSignature:
    return KernelSignature("k", tuple(args))


def test_buffers_default_to_one_element_per_work_item_rows_first() -> None:
    spec = default_spec(arg("c", "float*"), (320, 256), None)
    assert spec == BufferArg(F32, (256, 320), Init("zeros"))


def test_const_buffers_start_random_in_a_readable_range() -> None:
    floats = default_spec(arg("x", "float*", const=True), (8,), None)
    ints = default_spec(arg("d", "uchar*", const=True), (8,), None)
    assert isinstance(floats, BufferArg)
    assert floats.init == Init("random", {"low": 0.0, "high": 1.0})
    assert isinstance(ints, BufferArg)
    assert ints.init == Init("random", {"low": 0, "high": 100})


def test_scalars_default_to_zero_of_their_type_and_width() -> None:
    assert default_spec(arg("n", "uint", "private"), (8,), None) == ScalarArg(0)
    assert default_spec(arg("a", "float", "private"), (8,), None) == ScalarArg(0.0)
    assert default_spec(arg("v", "int3", "private"), (8,), None) == ScalarArg((0, 0, 0))


def test_local_arguments_get_one_element_per_work_item_of_a_group() -> None:
    assert default_spec(arg("s", "float*", "local"), (64, 64), (16, 8)) == LocalArg(F32, 128)
    local = default_spec(arg("s", "float*", "local"), (64,), None)
    assert isinstance(local, LocalArg) and local.count == DEFAULT_LOCAL_COUNT


def image(name: str, access: str, type_name: str = "image2d_t") -> KernelArgInfo:
    return KernelArgInfo(name, type_name, "global", access, False)


def test_images_start_from_a_picture_when_read_and_zeros_when_written() -> None:
    assert default_spec(image("src", "read_only"), (640, 480), None) == ImageArg(
        (480, 640), init=Init("image", {"name": "test_picture"})
    )
    assert default_spec(image("dst", "write_only"), (1024,), None) == ImageArg((256, 256))
    assert default_spec(arg("s", "sampler_t", "private"), (8,), None) == SamplerArg()


def test_images_and_samplers_keep_their_values_over_a_rebuild() -> None:
    old: dict[str, ArgSpec] = {
        "src": ImageArg((4, 8), "R", "FLOAT"),
        "s": SamplerArg(True, "repeat", "linear"),
    }
    sig = signature(image("src", "read_only"), arg("s", "sampler_t", "private"))
    result = reconcile(sig, old, (8, 4), None)
    assert result.args == old
    removed = reconcile(signature(), old, (8, 4), None).removed
    assert [str(r) for r in removed] == ["removed: src (image2d_t)", "removed: s (sampler_t)"]


def test_unsupported_arguments_are_named() -> None:
    assert "image2d_t" in (unsupported_reason(image("vol", "read_only", "image3d_t")) or "")
    assert unsupported_reason(image("rw", "read_write")) == (
        "a read_write image: read from one image and write to another"
    )
    assert unsupported_reason(image("src", "read_only")) is None
    assert "describe it in the session's structs" in (
        unsupported_reason(arg("p", "struct point*")) or ""
    )
    assert default_spec(arg("p", "struct point*"), (8,), None) is None
    assert unsupported_reason(arg("x", "float*")) is None


def test_values_that_fit_are_kept_and_new_arguments_get_defaults() -> None:
    old: dict[str, ArgSpec] = {"x": BufferArg(F32, (7,), Init("ones"), "in"), "n": ScalarArg(7)}
    sig = signature(arg("x", "float*", const=True), arg("n", "uint", "private"), arg("y", "float*"))
    result = reconcile(sig, old, (16,), None)
    assert list(result.args) == ["x", "n", "y"]
    assert result.args["x"] == old["x"]
    assert result.args["n"] == old["n"]
    assert result.args["y"] == BufferArg(F32, (16,), Init("zeros"))
    assert [c.status for c in result.changes.values()] == ["kept", "kept", "new"]
    assert result.removed == ()


def test_a_new_element_type_keeps_shape_contents_and_access() -> None:
    old = {"x": BufferArg(F32, (3, 4), Init("random", {"low": -1.0, "high": 1.0}), "inout")}
    result = reconcile(signature(arg("x", "double*")), old, (16,), None)
    assert result.args["x"] == BufferArg(F64, (3, 4), arg_of(old, "x", BufferArg).init, "inout")
    change = result.changes["x"]
    assert (change.status, change.note) == ("changed", "element type now double (was float)")


def test_a_scalar_that_no_longer_fits_is_reset_and_says_why() -> None:
    result = reconcile(signature(arg("v", "uchar", "private")), {"v": ScalarArg(300)}, (8,), None)
    assert result.args["v"] == ScalarArg(0)
    assert result.changes["v"].note == "value reset: 300 does not fit in uchar (0 to 255)"


def test_a_change_of_kind_starts_again() -> None:
    result = reconcile(signature(arg("n", "uint*")), {"n": ScalarArg(4)}, (8,), None)
    assert result.args["n"] == BufferArg(parse_element_type("uint"), (8,), Init("zeros"))
    assert result.changes["n"].note == "was a scalar, now a buffer"


def test_removed_arguments_are_named_with_their_old_type() -> None:
    old: dict[str, ArgSpec] = {"a": BufferArg(F32, (4,)), "t": LocalArg(U8, 16), "n": ScalarArg(1)}
    previous = signature(arg("a", "float*"), arg("t", "uchar*", "local"), arg("n", "int"))
    without_previous = reconcile(signature(), old, (4,), None)
    assert [str(r) for r in without_previous.removed] == [
        "removed: a (float*)",
        "removed: t (local uchar*)",
        "removed: n (scalar)",
    ]
    with_previous = reconcile(signature(), old, (4,), None, previous)
    assert [r.type_text for r in with_previous.removed] == ["float*", "uchar*", "int"]
    assert with_previous.args == {}


def test_retyped_contents_that_no_longer_fit_become_zeros() -> None:
    assert retyped_init(Init("fill", {"value": 300}), U8, (4,)) == Init("zeros")
    assert retyped_init(Init("fill", {"value": 3}), U8, (4,)) == Init("fill", {"value": 3})
    four = Init("values", {"values": [1, 2, 3, 4]})
    assert retyped_init(four, F32, (4,)) == four
    assert retyped_init(four, F4, (4,)) == Init("zeros")  # a float4 buffer needs 16 numbers
    narrow = Init("random", {"low": 0.0, "high": 0.5})
    assert retyped_init(narrow, U8, (4,)).params == {"low": 0, "high": 100}
    picture = Init("image", {"name": "checkerboard"})
    assert retyped_init(picture, F32, (48, 64)) == picture  # gray levels 0 to 1 now
    assert retyped_init(picture, F4, (48, 64)) == Init("zeros")  # a picture fills scalars only
    assert retyped_init(picture, parse_element_type("char"), (48, 64)) == Init("zeros")


def test_scalar_problems_in_words() -> None:
    assert scalar_problem(255, U8) is None
    assert scalar_problem(-1, U8) == "-1 does not fit in uchar (0 to 255)"
    assert (
        scalar_problem(2.5, parse_element_type("int"))
        == "2.5 is not whole (int holds whole numbers)"
    )
    assert scalar_problem(1e39, F32) == "1e+39 does not fit in float (-3.403e+38 to 3.403e+38)"
    assert scalar_problem((1.0, 2.0), F4) == "a float4 takes 4 values"
    assert scalar_problem(2**64 - 1, parse_element_type("ulong")) is None
    assert scalar_problem(float("nan"), F32) == "nan is not a finite number"


def test_references_wait_while_their_buffer_or_names_are_missing() -> None:
    refs = {"y": Reference("a * x + y")}
    args: dict[str, ArgSpec] = {
        "a": ScalarArg(2.0),
        "x": BufferArg(F32, (4,)),
        "y": BufferArg(F32, (4,)),
    }
    assert usable_references(refs, args, None) == refs
    assert usable_references(refs, {**args, "y": BufferArg(F32, (4,), access="in")}, None) == {}
    assert usable_references(refs, {"x": args["x"], "y": args["y"]}, None) == {}
    assert usable_references(refs, {"a": args["a"], "x": args["x"]}, None) == {}


def test_a_golden_file_reference_waits_while_the_output_has_another_shape(tmp_path: Path) -> None:
    np.save(tmp_path / "expected.npy", np.zeros((4, 8, 4), np.uint8))
    refs = {"dst": Reference(file="expected.npy")}
    image_8x4 = {"dst": ImageArg((4, 8), access="write_only")}
    assert usable_references(refs, image_8x4, tmp_path) == refs
    assert usable_references(refs, {"dst": ImageArg((8, 8))}, tmp_path) == {}
    assert usable_references(refs, {"dst": ImageArg((4, 8), access="read_only")}, tmp_path) == {}
    assert usable_references(refs, image_8x4, None) == {}  # the file is not found


def test_a_typedef_that_comes_to_stand_for_another_type_changes_the_values_by_that_type() -> None:
    """The form keeps values by what a typedef stands for; its written name is only shown."""
    written = KernelArgInfo("a", "float*", "global", "none", False, written_type="DATA_TYPE*")
    old: dict[str, ArgSpec] = {"a": BufferArg(F32, (8,), Init("arange"))}
    assert signature(written) != signature(arg("a", "float*"))  # new headings: rows rebuilt
    assert reconcile(signature(written), old, (8,), None).changes["a"].status == "kept"
    now_int = KernelArgInfo("a", "int*", "global", "none", False, written_type="DATA_TYPE*")
    changed = reconcile(signature(now_int), old, (8,), None)
    assert changed.changes["a"].note == "element type now int (was float)"
    removed = reconcile(signature(), old, (8,), None, previous=signature(written)).removed
    assert [str(r) for r in removed] == ["removed: a (DATA_TYPE* (float*))"]


def test_a_typedef_the_compiler_could_not_be_asked_about_is_not_called_a_struct() -> None:
    unknown = KernelArgInfo("a", "real*", "global", "none", False, type_known=False)
    reason = unsupported_reason(unknown) or ""
    assert reason.startswith("the compiler could not be asked what real stands for")
    assert "struct" not in reason
    assert default_spec(unknown, (8,), None) is None
    struct = unsupported_reason(arg("p", "Particle*")) or ""
    assert "describe it in the session's structs" in struct
