import numpy as np
import pytest

from clstudio.common.dtypes import (
    ElementType,
    TypeNameError,
    kernel_type,
    parse_element_type,
    pointee_type,
    value_range,
)


@pytest.mark.parametrize(
    ("text", "scalar", "width"),
    [
        ("float32", "float32", 1),
        ("float", "float32", 1),
        ("uchar", "uint8", 1),
        ("unsigned int", "uint32", 1),
        ("float4", "float32", 4),
        ("int3", "int32", 3),
        ("double16", "float64", 16),
    ],
)
def test_parse_element_type_reads_numpy_and_opencl_names(
    text: str, scalar: str, width: int
) -> None:
    element = parse_element_type(text)
    assert element.scalar == np.dtype(scalar)
    assert element.width == width


def test_three_vectors_take_four_lanes() -> None:
    element = parse_element_type("float3")
    assert element.lanes == 4
    assert element.itemsize == 16
    assert element.host_shape((10,)) == (10, 4)


def test_canonical_names_round_trip() -> None:
    for text in ("float32", "uint8", "float4", "short2", "ulong8"):
        element = parse_element_type(text)
        assert parse_element_type(element.name) == element


@pytest.mark.parametrize("text", ["float5", "complex64", "struct foo", "", "bool4"])
def test_unknown_types_are_refused(text: str) -> None:
    with pytest.raises(TypeNameError):
        parse_element_type(text)


def test_pointee_type_of_kernel_pointers() -> None:
    assert pointee_type("float4*") == parse_element_type("float4")
    assert pointee_type("uchar*") == parse_element_type("uint8")
    assert pointee_type("struct particle*") is None


def test_value_range_is_exact_for_64_bit_integers() -> None:
    assert value_range(np.dtype("uint64")) == (0, 2**64 - 1)
    assert value_range(np.dtype("int8")) == (-128, 127)


def test_kernel_type_names_are_opencl_spellings() -> None:
    # float16 and int8 are vectors in OpenCL C, not numpy's half and byte.
    assert kernel_type("float16") == ElementType(np.dtype("float32"), 16)
    assert pointee_type("int8*") == kernel_type("int8")
    assert kernel_type("int8").width == 8
    with pytest.raises(TypeNameError):
        kernel_type("float32")
