"""The code of dataclasses' methods is kept between starts: a later process takes it from
the file and compiles nothing, the classes behave as Python makes them, and a damaged,
foreign or unwritable cache costs a compile, never a start.

Each case runs in a process of its own: using the kept code changes `dataclasses` for
the rest of the process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.dataclass_code import CACHE_NAME, cache_file

PROGRAM = """
import dataclasses, inspect, json, sys
from pathlib import Path
from clstudio.dataclass_code import compiled_here, keep_new_code, use_kept_code

def point_class():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: float = 0.5
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)
    return Point

def described(cls):
    point = cls(1, 2.0, ("a",))
    try:
        point.x = 3
        frozen = False
    except dataclasses.FrozenInstanceError:
        frozen = True
    return {
        "repr": repr(point).replace(cls.__qualname__, "Point"),
        "equal": point == cls(1, 2.0, ("a",)) and point != cls(2),
        "hash": hash(point) == hash(cls(1, 2.0, ("a",))),
        "frozen": frozen,
        "default": repr(cls(7)).replace(cls.__qualname__, "Point"),
        "signature": str(inspect.signature(cls)),
        "annotations": {k: repr(v) for k, v in cls.__init__.__annotations__.items()},
    }

as_python_makes_it = described(point_class())
use_kept_code(Path(sys.argv[1]))
kept = described(point_class())
if len(sys.argv) > 2:
    @dataclasses.dataclass
    class Another:
        name: str
keep_new_code()
print(json.dumps({"python": as_python_makes_it, "kept": kept, "compiled": compiled_here()}))
"""


def run_program(cache: Path, *extra: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(cache), *extra],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def test_a_second_process_takes_the_code_from_the_file_and_only_new_classes_compile(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "clstudio" / CACHE_NAME
    first = run_program(cache)
    assert first["compiled"] and cache.is_file()
    assert first["kept"] == first["python"]

    again = run_program(cache)
    assert again["compiled"] == 0
    assert again["kept"] == again["python"] == first["python"]

    grown = run_program(cache, "another class")
    assert grown["compiled"], "the new class's methods were compiled"
    assert run_program(cache, "another class")["compiled"] == 0, "and kept"


def test_the_methods_keep_their_annotations_as_objects(tmp_path: Path) -> None:
    # The kept code is compiled in a module with `from __future__ import annotations`:
    # compiled as it, __init__'s annotations would become the strings "_type_x".
    answer = run_program(tmp_path / CACHE_NAME)
    assert answer["kept"]["annotations"] == {  # type: ignore[index]
        "x": "<class 'int'>",
        "y": "<class 'float'>",
        "tags": "tuple[str, ...]",
        "return": "None",
    }


def damage(cache: Path, how: str) -> None:
    valid = cache.read_bytes()
    cache.unlink()
    if how == "garbage":
        cache.write_bytes(b"\x00\xff" * 1000)
    elif how == "truncated":
        cache.write_bytes(valid[: len(valid) // 2])
    elif how == "another Python's":
        cache.write_bytes(b"\x00\x00\r\n" + valid[4:])
    elif how == "a FIFO":
        os.mkfifo(cache)
    elif how == "writable by others":
        cache.write_bytes(valid)
        cache.chmod(0o666)
    elif how == "a link":
        target = cache.with_name("elsewhere")
        target.write_bytes(valid)
        cache.symlink_to(target)
    elif how == "a folder":
        cache.mkdir()


@pytest.mark.parametrize(
    "how",
    [
        "garbage",
        "truncated",
        "another Python's",
        "a FIFO",
        "writable by others",
        "a link",
    ],
)
def test_a_cache_file_not_to_be_trusted_costs_a_compile_and_is_written_anew(
    tmp_path: Path, how: str
) -> None:
    cache = tmp_path / CACHE_NAME
    run_program(cache)
    damage(cache, how)
    answer = run_program(cache)  # a FIFO would block a plain open: the timeout tells
    assert answer["compiled"] and answer["kept"] == answer["python"]
    assert cache.is_file() and not cache.is_symlink()
    assert run_program(cache)["compiled"] == 0


def test_a_cache_that_cannot_be_written_costs_a_compile_at_every_start(tmp_path: Path) -> None:
    cache = tmp_path / CACHE_NAME
    run_program(cache)
    damage(cache, "a folder")
    for _ in range(2):
        answer = run_program(cache)
        assert answer["compiled"] and answer["kept"] == answer["python"]
    blocked = tmp_path / "a file" / CACHE_NAME  # its folder cannot be made
    blocked.parent.write_text("not a folder")
    assert run_program(blocked)["compiled"]


def test_the_clstudio_command_keeps_the_code_in_its_cache_and_rewrites_it_only_when_new(
    tmp_path: Path,
) -> None:
    environ = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    cache = cache_file(environ)
    assert cache == tmp_path / "clstudio" / CACHE_NAME
    command = [sys.executable, "-m", "clstudio", "--version"]
    subprocess.run(command, env=environ, check=True, capture_output=True, timeout=60)
    written = cache.stat()
    subprocess.run(command, env=environ, check=True, capture_output=True, timeout=60)
    assert (cache.stat().st_ino, cache.stat().st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
