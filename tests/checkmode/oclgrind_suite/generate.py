"""Write Oclgrind's own kernel tests (tests/kernels/) as CL Studio sessions.

Run it with the git directory of a jrprice/Oclgrind clone and a tag:
    python tests/checkmode/oclgrind_suite/generate.py /path/to/Oclgrind/.git v21.10
Each case becomes cases/<category>-<name>.cl (Oclgrind's file, unchanged),
.json (the session its .sim describes) and .ref (Oclgrind's expectation, unchanged).
A case a session cannot express yet goes to suite.json's "unexpressible" with the reason.
Then `record_lines.py` runs the sessions on Oclgrind and writes where it reports.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CATEGORIES = (
    "alignment",
    "async_copy",
    "atomics",
    "barrier",
    "data-race",
    "memcheck",
    "misc",
    "uninitialized",
    "wait_event",
)
_KERNEL = re.compile(r"\b(?:__)?kernel\s+void\s+(\w+)\s*\(([^)]*)\)", re.S)
_PARAM = re.compile(
    r"^(?:const\s+)?(?P<space>__global|global|__local|local|__constant|constant)?\s*"
    r"(?:const\s+)?(?P<type>(?:unsigned\s+)?\w+)\s*(?P<pointer>\*?)\s*(?:const\s+)?(?P<name>\w+)$"
)
_TYPES = {
    "char": 1,
    "uchar": 1,
    "short": 2,
    "ushort": 2,
    "int": 4,
    "uint": 4,
    "long": 8,
    "ulong": 8,
    "float": 4,
    "double": 8,
}
_VECTOR = re.compile(r"^(?P<base>[a-z]+)(?P<width>2|3|4|8|16)?$")


# Cases a session can hold but CL Studio refuses before any run, with the reason.
REFUSED = {
    "misc/non_uniform_work_groups": (
        "non-uniform work-groups (OpenCL 2.0): validation wants the local size to divide "
        "the global size"
    ),
}


class Unexpressible(Exception):
    """The case needs what sessions cannot say yet; the message says what."""


def git_show(git_dir: Path, tag: str, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{tag}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def case_names(git_dir: Path, tag: str) -> list[str]:
    listed = git_show(git_dir, tag, "tests/kernels/TESTS").split()
    return [name for name in listed if name.split("/")[0] in CATEGORIES]


def session_for(name: str, source: str, sim: str) -> dict[str, Any]:
    """The session that runs what `sim` describes, or Unexpressible."""
    options = re.search(r"^# ARGS: --build-options (.*)$", sim, re.M)
    lines = [line.split("#")[0].strip() for line in sim.splitlines()]
    lines = [line for line in lines if line]
    _file, kernel, global_text, local_text, *rest = lines
    signature = {m.group(1): m.group(2) for m in _KERNEL.finditer(source)}.get(kernel)
    if signature is None:
        raise Unexpressible("the kernel's signature is not a plain parameter list")
    params = [p.strip() for p in signature.split(",") if p.strip()]
    tokens = " ".join(rest)
    headers = re.findall(r"<([^>]*)>\s*([^<]*)", tokens)
    if len(headers) != len(params):
        raise Unexpressible("the .sim gives arguments the session form does not")
    args = {}
    for param, (header, data) in zip(params, headers, strict=True):
        args.update(_argument(param, header.split(), data.split()))
    global_size = _sizes(global_text)
    local_size = _sizes(local_text)
    dims = max(_used_dims(global_size), _used_dims(local_size))
    session: dict[str, Any] = {
        "format": "clstudio-session",
        "version": 1,
        "description": f"Oclgrind's test {name} (tests/kernels/{name}.cl)",
        "kernel": kernel,
        "source_file": name.replace("/", "-") + ".cl",
        "global_size": global_size[:dims],
        "local_size": local_size[:dims],
        "args": args,
    }
    if options:
        session["build_options"] = options.group(1).strip()
    return session


def _sizes(text: str) -> list[int]:
    return [int(value) for value in text.split()]


def _used_dims(sizes: list[int]) -> int:
    return max((i + 1 for i, size in enumerate(sizes) if size != 1), default=1)


def _argument(param: str, header: list[str], data: list[str]) -> dict[str, Any]:
    match = _PARAM.match(" ".join(param.split()))
    if re.search(r"\bstruct\b", param) or (match and _base(match["type"]) not in _TYPES):
        raise Unexpressible("structs: a buffer of structs or a struct passed by value")
    if match is None:
        raise Unexpressible(f"a parameter the converter cannot read: {param}")
    name, type_name = match["name"], match["type"].replace("unsigned ", "u")
    fields = {token.partition("=")[0]: token.partition("=")[2] for token in header}
    if "null" in fields:
        raise Unexpressible("a NULL buffer argument")
    if "noinit" in fields:
        raise Unexpressible("a buffer with no host data (uninitialised)")
    if "hex" in fields:
        raise Unexpressible("initial values written in hexadecimal")
    vector = _VECTOR.match(type_name)
    if vector is None or vector["base"] not in _TYPES:
        raise Unexpressible(f"an element type sessions do not have: {type_name}")
    width = int(vector["width"] or 1)
    itemsize = _TYPES[vector["base"]] * (4 if width == 3 else width)
    size = int(fields["size"])
    space = (match["space"] or "").lstrip("_")
    if space == "local":
        return {name: {"kind": "local", "dtype": type_name, "count": size // itemsize}}
    values = _values(fields, data, size // _TYPES[vector["base"]])
    if not match["pointer"]:
        value: Any = values[0] if width == 1 else values
        return {name: {"kind": "scalar", "value": value}}
    buffer: dict[str, Any] = {"kind": "buffer", "dtype": type_name, "shape": [size // itemsize]}
    if values and any(v != 0 for v in values):
        distinct = set(values)
        if len(distinct) == 1:
            buffer["init"] = {"fill": values[0]}
        elif values == list(range(len(values))):
            buffer["init"] = "arange"
        else:
            buffer["init"] = {"values": values}
    buffer["access"] = "in" if "ro" in fields else "out" if "wo" in fields else "inout"
    return {name: buffer}


def _base(type_name: str) -> str:
    vector = _VECTOR.match(type_name.replace("unsigned ", "u"))
    return vector["base"] if vector else type_name


def _values(fields: dict[str, str], data: list[str], count: int) -> list[float]:
    if "fill" in fields:
        return [_number(fields["fill"])] * count
    if "range" in fields:
        start, step, end = (_number(v) for v in fields["range"].split(":"))
        values = [start + i * step for i in range(count)]
        if values and values[-1] != end:
            raise Unexpressible("a range that does not fill its buffer")
        return values
    if not data:
        return [0] * count  # Oclgrind reads the values from the lines that follow; none here
    if len(data) != count:
        raise Unexpressible("initial values that do not fill their buffer")
    return [_number(v) for v in data]


def _number(text: str) -> float:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def main(git_dir: Path, tag: str) -> None:
    cases = HERE / "cases"
    cases.mkdir(exist_ok=True)
    for old in cases.iterdir():
        old.unlink()
    expressed, unexpressible = [], {}
    for name in case_names(git_dir, tag):
        source = git_show(git_dir, tag, f"tests/kernels/{name}.cl")
        sim = git_show(git_dir, tag, f"tests/kernels/{name}.sim")
        if name in REFUSED:
            unexpressible[name] = REFUSED[name]
            continue
        try:
            session = session_for(name, source, sim)
        except Unexpressible as why:
            unexpressible[name] = str(why)
            continue
        stem = cases / name.replace("/", "-")
        stem.with_suffix(".cl").write_text(source)
        stem.with_suffix(".ref").write_text(git_show(git_dir, tag, f"tests/kernels/{name}.ref"))
        stem.with_suffix(".json").write_text(json.dumps(session, indent=2) + "\n")
        expressed.append(name)
    commit = subprocess.run(
        ["git", f"--git-dir={git_dir}", "rev-parse", f"{tag}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    suite = {
        "origin": f"https://github.com/jrprice/Oclgrind/tree/{tag}/tests/kernels",
        "commit": commit,
        "cases": expressed,
        "unexpressible": unexpressible,
    }
    (HERE / "suite.json").write_text(json.dumps(suite, indent=1) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
