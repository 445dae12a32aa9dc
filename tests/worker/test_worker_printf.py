"""Kernel printf output (written to fd 1 by the driver) is captured per run and capped."""

import ctypes
import os

import pytest

from clstudio.worker.child import PrintfCapture

LIBC = ctypes.CDLL(None)


def test_output_to_fd_1_and_c_stdio_is_captured() -> None:
    capture = PrintfCapture()
    with capture:
        os.write(1, b"hello from fd 1\n")
        LIBC.printf(b"hello from C stdio %d\n", 7)
    assert capture.text() == "hello from fd 1\nhello from C stdio 7\n"


def test_each_run_starts_empty() -> None:
    capture = PrintfCapture()
    with capture:
        os.write(1, b"first run\n")
    with capture:
        os.write(1, b"second run\n")
    assert capture.text() == "second run\n"


def test_fd_1_is_restored_after_a_run(capfd: pytest.CaptureFixture[str]) -> None:
    capture = PrintfCapture()
    with capture:
        os.write(1, b"captured\n")
    os.write(1, b"not captured\n")
    assert capfd.readouterr().out == "not captured\n"
    assert capture.text() == "captured\n"


def test_a_flood_is_cut_with_a_note_counting_every_byte() -> None:
    capture = PrintfCapture(limit=10)
    with capture:
        os.write(1, b"0123456789abcdefghijklmno")  # 25 bytes
        capture.trim()  # between repeats
        os.write(1, b"ABCDEFGHIJKLMNOPQRSTUVWXY")  # 25 more
    assert capture.text() == "0123456789\n[output cut: 40 more bytes]\n"


def test_bytes_that_are_not_utf8_do_not_break_the_text() -> None:
    capture = PrintfCapture()
    with capture:
        os.write(1, b"caf\xe9\n")
    assert capture.text() == "caf\ufffd\n"


def test_each_launch_of_several_is_headed_and_a_quiet_one_adds_no_line() -> None:
    capture = PrintfCapture()
    with capture:
        capture.mark_launch(0, 3)  # set up: launch 1 comes
        os.write(1, b"one\n")
        capture.mark_launch(1, 3)
        capture.mark_launch(2, 3)  # launch 2 printed nothing
        os.write(1, b"three\n")
        capture.mark_launch(3, 3)
    assert capture.text() == "── launch 1 of 3\none\n── launch 3 of 3\nthree\n"


def test_a_single_launch_gets_no_header() -> None:
    capture = PrintfCapture()
    with capture:
        capture.mark_launch(0, 1)
        os.write(1, b"only\n")
        capture.mark_launch(1, 1)
    assert capture.text() == "only\n"
