import numpy as np

from clstudio.engine import guards


def bands(layout: guards.GuardLayout) -> tuple[np.ndarray, np.ndarray]:
    return guards.pattern_bytes(layout.before).copy(), guards.pattern_bytes(layout.after).copy()


def test_untouched_guards_are_ok() -> None:
    layout = guards.layout_for(4096, 128)
    head, tail = bands(layout)
    assert guards.check("c", layout, head, tail, 4).ok


def test_overrun_past_the_end_counts_elements() -> None:
    layout = guards.layout_for(1024 * 4, 128)
    head, tail = bands(layout)
    tail[:16] = 0  # four float32 elements
    report = guards.check("c", layout, head, tail, 4)
    assert not report.ok
    assert (report.before, report.after, report.first_index) == (0, 4, 1024)
    assert report.message == "kernel wrote past the end of 'c': 4 elements, first at index 1024"


def test_write_before_the_start_has_negative_indices() -> None:
    layout = guards.layout_for(64, 128)
    head, tail = bands(layout)
    head[-8:-4] = 1  # element -2 of a float buffer
    report = guards.check("a", layout, head, tail, 4)
    assert report.before == 1
    assert report.first_index == -2
    assert "before the start of 'a': 1 element, first at index -2" in report.message


def test_no_head_guard_when_alignment_forbids_an_offset() -> None:
    assert guards.layout_for(64, 8192).before == 0
    assert guards.layout_for(64, 0).before == 0
    assert guards.layout_for(64, 128).before == guards.GUARD_BYTES


def test_pattern_is_not_zero_so_zero_writes_are_seen() -> None:
    assert np.all(guards.pattern_bytes(64) != 0)


def test_a_buffer_of_odd_size_keeps_the_pattern_in_phase() -> None:
    # 1023 uchars: the tail starts mid-pattern, as the allocation was filled in one go.
    layout = guards.layout_for(1023, 128)
    whole = guards.pattern_bytes(layout.total)
    head = whole[: layout.before]
    tail = whole[layout.before + layout.size :]
    assert guards.check("u", layout, head, tail, 1).ok
    tail = tail.copy()
    tail[0] ^= 0xFF
    report = guards.check("u", layout, head, tail, 1)
    assert (report.after, report.first_index) == (1, 1023)


def test_pattern_bytes_continue_the_pattern_at_any_offset() -> None:
    whole = guards.pattern_bytes(64)
    for offset in range(8):
        np.testing.assert_array_equal(guards.pattern_bytes(16, offset), whole[offset : offset + 16])
