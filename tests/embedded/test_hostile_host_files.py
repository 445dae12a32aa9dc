"""Hostile host files (issue 44): each refused with a message that names the cause, never
a traceback, and nothing read that should not be."""

import os
from pathlib import Path

import pytest

from clstudio.embedded import HostFileError, read_host_file


def test_a_file_of_a_gigabyte_is_refused_by_its_size_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.cc"
    with path.open("wb") as stream:
        stream.truncate(2**30)  # sparse: no gigabyte is written, and none must be read
    with pytest.raises(HostFileError, match="holds 1073741824 bytes, more than the 64 MiB limit"):
        read_host_file(path)


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.out.c"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    with pytest.raises(HostFileError, match="a binary file"):
        read_host_file(path)
    latin = tmp_path / "latin.c"
    latin.write_bytes(b'const char *s = "caf\xe9";\n')
    with pytest.raises(HostFileError, match=r"not UTF-8 text \(bad byte at offset 20\)"):
        read_host_file(latin)


def test_a_fifo_and_a_folder_are_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.cc")
    with pytest.raises(HostFileError, match="named pipe"):
        read_host_file(tmp_path / "pipe.cc")
    (tmp_path / "folder.py").mkdir()
    with pytest.raises(HostFileError, match="folder"):
        read_host_file(tmp_path / "folder.py")


def test_a_string_that_never_closes_keeps_what_came_before(tmp_path: Path) -> None:
    path = tmp_path / "open.cc"
    path.write_text(
        'const char *k = "__kernel void f(__global int *a) { a[0] = 1; }";\n'
        'const char *broken = R"CLC(\n__kernel void g() {}\n'
    )
    host = read_host_file(path)
    assert host.problem == "line 2: a string that never closes"
    assert [k.name for s in host.sources for k in s.kernels] == ["f"]


def test_a_python_file_is_read_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path = tmp_path / "evil.py"
    path.write_text(
        f"open({str(marker)!r}, 'w').write('x')\n"
        "K = '__kernel void f(__global int *a) { a[0] = 1; }' if __import__('os') else ''\n"
        f"T = '{{}}'.format(open({str(marker)!r}, 'w'))\n"
    )
    host = read_host_file(path)
    assert [k.name for s in host.sources for k in s.kernels] == ["f"]
    assert not marker.exists()


def test_an_unknown_suffix_and_a_bad_encoding_cookie_are_refused(tmp_path: Path) -> None:
    with pytest.raises(HostFileError, match="not a host source file"):
        read_host_file(tmp_path / "kernel.txt")
    path = tmp_path / "cookie.py"
    path.write_bytes(b"# -*- coding: no-such-codec -*-\nK = '__kernel void f() {}'\n")
    with pytest.raises(HostFileError, match="no-such-codec"):
        read_host_file(path)
