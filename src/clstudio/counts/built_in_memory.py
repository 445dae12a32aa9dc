"""Built-ins Oclgrind runs inside the simulator: their memory traffic is not in its loads.

`vload4(i, a)` prints as `call _Z6vload4mPU3AS1Kf()` and no `load global` line,
so its bytes come from its mangled name: the lanes, the pointer's address space
(SPIR: 0 private, 1 global, 2 constant, 3 local) and the element type. Atomics,
asynchronous copies and images move bytes the name does not tell: refused.
"""

from __future__ import annotations

import re

from clstudio.common import gettext

_SPACES = {"0": "private", "1": "global", "2": "constant", "3": "local"}
_SIZES = {"c": 1, "a": 1, "h": 1, "s": 2, "t": 2, "i": 4, "j": 4, "l": 8, "m": 8, "f": 4}
_SIZES |= {"d": 8, "Dh": 2}
_VECTOR_MEMORY = re.compile(r"^v(?P<op>load|store)a?(?P<half>_half)?(?P<lanes>\d*)(?:_\w+)?$")
_POINTER = re.compile(r"P(?:U3AS(?P<space>\d))?[VK]*(?P<type>Dh|[cahstijlmfd])")
_REFUSED = re.compile(
    r"^(atomic_|atom_|async_work_group|wait_group_events|prefetch|read_image|write_image)"
)


def _name(callee: str) -> str:
    found = re.match(r"_Z(\d+)", callee)
    if found is None:
        return callee
    return callee[found.end() : found.end() + int(found.group(1))]


def vector_memory(callee: str) -> tuple[str, str, int] | None:
    """("load" or "store", address space, bytes) of one vloadN/vstoreN call, else None."""
    name = _name(callee)
    found = _VECTOR_MEMORY.match(name)
    if found is None:
        return None
    pointers = list(_POINTER.finditer(callee[len(name) :]))
    if not pointers:
        return None
    pointer = pointers[-1]
    lanes = int(found["lanes"] or 1)
    size = 2 if found["half"] else _SIZES[pointer["type"]]
    return found["op"], _SPACES.get(pointer["space"] or "0", "private"), lanes * size


def refused_call(callee: str) -> str | None:
    """Why a built-in's traffic cannot be counted, or None when it moves no memory."""
    name = _name(callee)
    if _REFUSED.match(name) is None:
        return None
    return gettext(
        "the kernel calls {name}, which Oclgrind runs inside the simulator without counting "
        "the bytes it moves, so its memory traffic cannot be measured"
    ).format(name=name)
