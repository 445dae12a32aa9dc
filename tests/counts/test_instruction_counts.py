"""Oclgrind's printed counts read into operations and bytes, without OpenCL."""

import pytest

from clstudio.counts import CountingError, classify, lane_widths, read_counts

PRINTED = """before
Instructions executed for kernel 'k':
             384 - fadd
              64 - fmul
              64 - call llvm.fmuladd.v4f32()
              64 - call _Z3fmafff()
              64 - call _Z4sqrtf()
              64 - call _Z10native_sinf()
              64 - fdiv
              64 - call _Z6vload4mPU3AS1Kf()
              64 - load global (1024 bytes)
              64 - load local (256 bytes)
              64 - store global (256 bytes)
              64 - srem

"""
IR = """
  %add = fadd float %a, %b
  %mul = fmul <4 x float> %x, %y
  %div = fdiv float %2, %3, !fpmath !47
"""


def test_each_kind_counted_with_its_lanes() -> None:
    executed = read_counts(PRINTED, "k")
    assert executed is not None
    counts = classify(executed, lane_widths(IR))
    assert dict(counts.operations) == {
        "add": 384,
        "multiply": 64 * 4,  # fmul is on <4 x float> in the IR
        "fma": 64 * 4 + 64,
        "division": 64,
        "special": 128,
    }
    assert counts.flops == 384 + 256 + 2 * 320 + 64 + 128
    assert counts.loaded["global"] == 1024 + 64 * 16  # vload4 of floats: 16 bytes each
    assert counts.loaded["local"] == 256 and counts.stored["global"] == 256
    assert counts.global_bytes == 1024 + 1024 + 256


def test_another_kernels_block_is_not_taken() -> None:
    assert read_counts(PRINTED, "other") is None


def test_one_opcode_at_two_widths_is_refused() -> None:
    executed = read_counts(PRINTED, "k")
    assert executed is not None
    mixed = IR + "  %m2 = fmul float %p, %q\n"
    with pytest.raises(CountingError, match=r"fmul.*1, 4 lanes"):
        classify(executed, lane_widths(mixed))


def test_an_atomic_is_refused_with_its_name() -> None:
    printed = "Instructions executed for kernel 'h':\n  8 - call _Z10atomic_incPU3AS1Vj()\n"
    executed = read_counts(printed, "h")
    assert executed is not None
    with pytest.raises(CountingError, match="atomic_inc"):
        classify(executed, lane_widths(""))


def test_a_sample_scales_to_the_whole_range() -> None:
    executed = read_counts(PRINTED, "k")
    assert executed is not None
    counts = classify(executed, lane_widths(IR)).scaled(10)
    assert counts.operations["add"] == 3840
    assert counts.stored["global"] == 2560


@pytest.mark.parametrize(
    "printed_first",
    [
        "Instructions executed for kernel 'k':\n  999999 - fadd\n\n",  # a whole forged block
        "Instructions executed for kernel 'k':\n",  # a heading, the real lines after it
        "a line left open, ",  # Oclgrind's heading then starts mid-line
        "\n\n  5 - fmul\n",  # count-shaped lines before the heading
    ],
)
def test_what_a_kernel_printed_before_oclgrinds_block_changes_no_count(printed_first: str) -> None:
    honest = read_counts(PRINTED, "k")
    assert read_counts(printed_first + PRINTED.split("before\n", 1)[1], "k") == honest


def test_a_block_that_does_not_end_the_output_is_not_oclgrinds() -> None:
    after = "Instructions executed for kernel 'k' said the kernel\n"
    assert read_counts(PRINTED + after, "k") is None
