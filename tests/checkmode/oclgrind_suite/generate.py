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

import numpy as np

from clstudio.common import StructType, declared_struct_name, lay_out
from clstudio.session.struct_fields import structs_to_dict
from clstudio.validation.struct_layouts import Declared, declared_structs

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
REFUSED: dict[str, str] = {}


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
    structs = _laid_out(declared_structs(source))
    args = {}
    for param, (header, data) in zip(params, headers, strict=True):
        args.update(_argument(param, header.split(), data.split(), structs))
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
    used = {spec["dtype"] for spec in args.values() if spec.get("dtype") in structs}
    if used:  # each after the structs it holds
        held = {one.name: one for name in used for one in structs[name].nested()}
        session["structs"] = structs_to_dict({n: s for n, s in structs.items() if n in held})
    return session


def _laid_out(declared: dict[str, Declared]) -> dict[str, StructType]:
    """The source's structs laid out, each once the structs it holds are."""
    structs: dict[str, StructType] = {}
    waiting = dict(declared)
    while waiting:
        ready = [
            name
            for name, (fields, _) in waiting.items()
            if all(
                declared_struct_name(t) in structs or declared_struct_name(t) not in declared
                for _, t, _ in fields
            )
        ]
        if not ready:
            raise Unexpressible("structs that hold each other")
        for name in ready:
            fields, packed = waiting.pop(name)
            structs[name] = lay_out(name, list(fields), packed, structs)
    return structs


def _sizes(text: str) -> list[int]:
    return [int(value) for value in text.split()]


def _used_dims(sizes: list[int]) -> int:
    return max((i + 1 for i, size in enumerate(sizes) if size != 1), default=1)


def _argument(
    param: str, header: list[str], data: list[str], structs: dict[str, StructType]
) -> dict[str, Any]:
    match = _PARAM.match(" ".join(param.replace("struct ", "").split()))
    if match is None:
        raise Unexpressible(f"a parameter the converter cannot read: {param}")
    name, type_name = match["name"], match["type"].replace("unsigned ", "u")
    fields = {token.partition("=")[0]: token.partition("=")[2] for token in header}
    if "null" in fields:
        return {name: {"kind": "null"}}
    if type_name in structs:
        return {name: _struct_argument(match, structs[type_name], fields, data)}
    if _base(type_name) not in _TYPES:
        raise Unexpressible(
            "structs the session cannot describe: a nested struct, an array in a struct"
        )
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
    if size == 0:  # a buffer of no bytes, which the kernel never touches: NULL says as much
        return {name: {"kind": "null"}}
    buffer: dict[str, Any] = {"kind": "buffer", "dtype": type_name, "shape": [size // itemsize]}
    if "noinit" in fields:
        buffer["init"] = "uninitialised"
    elif values and any(v != 0 for v in values):
        distinct = set(values)
        if len(distinct) == 1:
            buffer["init"] = {"fill": values[0]}
        elif values == list(range(len(values))):
            buffer["init"] = "arange"
        else:
            buffer["init"] = {"values": values}
    buffer["access"] = "in" if "ro" in fields else "out" if "wo" in fields else "inout"
    return {name: buffer}


def _struct_argument(
    match: re.Match[str], struct: StructType, fields: dict[str, str], data: list[str]
) -> dict[str, Any]:
    """A buffer of structs, a struct passed by value or `__local` structs, its bytes read
    as the .sim gives them (raw bytes, ints or a fill) through the struct's layout."""
    size = int(fields["size"])
    count = size // struct.size
    space = (match["space"] or "").lstrip("_")
    if space == "local":
        return {"kind": "local", "dtype": struct.name, "count": count}
    raw = _struct_bytes(fields, data, size)
    values = np.frombuffer(raw, struct.numpy_dtype, count)
    if any(f.shape or f.type.struct is not None for f in struct.fields):
        return _nested_struct_argument(match, struct, fields, values)
    given = {f.name: values[f.name].reshape(count, -1).tolist() for f in struct.fields}
    if not match["pointer"]:
        value = {
            f.name: given[f.name][0][0] if f.type.width == 1 else given[f.name][0][: f.type.width]
            for f in struct.fields
            if any(given[f.name][0])
        }
        return {"kind": "scalar", "dtype": struct.name, "value": value}
    init: Any = "zeros"
    if any(any(row) for rows in given.values() for row in rows):
        init = {
            "fields": {
                f.name: {"values": [v for row in given[f.name] for v in row]}
                for f in struct.fields
                if any(any(row) for row in given[f.name])
            }
        }
    buffer: dict[str, Any] = {"kind": "buffer", "dtype": struct.name, "shape": [count]}
    buffer["init"] = "uninitialised" if "noinit" in fields else init
    buffer["access"] = "in" if "ro" in fields else "out" if "wo" in fields else "inout"
    return buffer


def _nested_struct_argument(
    match: re.Match[str], struct: StructType, fields: dict[str, str], values: np.ndarray
) -> dict[str, Any]:
    """A buffer of structs that hold arrays or structs: each field's values, nested."""
    if not match["pointer"]:
        raise Unexpressible("a struct passed by value that holds arrays or structs")
    init = _field_inits(struct, values)
    buffer: dict[str, Any] = {"kind": "buffer", "dtype": struct.name, "shape": [len(values)]}
    buffer["init"] = "uninitialised" if "noinit" in fields else (init or "zeros")
    buffer["access"] = "in" if "ro" in fields else "out" if "wo" in fields else "inout"
    return buffer


def _field_inits(struct: StructType, values: np.ndarray) -> dict[str, Any] | None:
    """{"fields": ...} for the fields that are not all zeros, a nested struct's in turn."""
    inits: dict[str, Any] = {}
    for field in struct.fields:
        part = values[field.name]
        if field.type.struct is not None:
            inner = _field_inits(field.type.struct, part)
            if inner is not None:
                inits[field.name] = inner
        elif part.any():
            inits[field.name] = {"values": part.reshape(-1).tolist()}
    return {"fields": inits} if inits else None


def _struct_bytes(fields: dict[str, str], data: list[str], size: int) -> bytes:
    """The bytes a .sim gives a struct argument: hex bytes, ints, or a fill of bytes."""
    if "hex" in fields:
        return bytes(int(token, 16) for token in data)
    if "int" in fields:
        return np.array(_values(fields, data, size // 4), np.int32).tobytes()
    return np.array(_values(fields, data, size), np.int8).tobytes()


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
    cases = HERE / "third_party"
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
