"""Structs exported: programs whose struct types have the kernel's layout, whatever the
names, built with -Werror, run, and matching the app field by field."""

from pathlib import Path

import numpy as np
import pytest

from clstudio.common import lay_out
from clstudio.engine import Engine
from clstudio.hostcode import host_program
from clstudio.session import BufferArg, Init, Launch, Reference, ScalarArg, Session
from hostcode.exported_programs import export_both, run_saving_outputs, signature_of

pytestmark = pytest.mark.opencl

# A struct named like C's entry point and the Python program's dtype of another struct,
# fields named like C's library, a packed struct whose float sits at offset 1, a
# 3-vector, and a buffer that is named like the struct's dtype in main.py.
SOURCE = """\
typedef struct { char errno; float3 argv; double NULL_; } main;
typedef struct __attribute__((packed)) { uchar key; float value; } Pair;
__kernel void k(__global main *items, __global Pair *main_dtype, const Pair scale)
{
    int i = get_global_id(0);
    items[i].argv *= scale.value;
    items[i].NULL_ += items[i].errno;
    main_dtype[i].value += scale.key;
    main_dtype[i].key = (uchar)i;
}
"""
MAIN = lay_out("main", [("errno", "char"), ("argv", "float3"), ("NULL_", "double")])
PAIR = lay_out("Pair", [("key", "uchar"), ("value", "float")], packed=True)
SESSION = Session(
    source=SOURCE,
    launches=(Launch("k", (6,)),),
    args={
        "items": BufferArg(
            MAIN.element(),
            (6,),
            Init(
                "fields",
                {
                    "fields": {
                        "errno": Init("arange"),
                        "argv": Init("arange"),
                        "NULL_": Init("ones"),
                    }
                },
            ),
        ),
        "main_dtype": BufferArg(
            PAIR.element(), (6,), Init("fields", {"fields": {"value": Init("arange")}})
        ),
        "scale": ScalarArg({"key": 3, "value": 0.5}, PAIR),
    },
    references={
        "items.argv": Reference("items['argv'] * scale['value']", 0.0, 0.0),
        "items.NULL_": Reference("items['NULL_'] + items['errno']", 0.0, 0.0),
        "items.errno": Reference("items['errno']", 0.0, 0.0),
        "main_dtype.value": Reference("main_dtype['value'] + scale['key']", 0.0, 0.0),
        "main_dtype.key": Reference("np.arange(6)", 0.0, 0.0),
    },
)


def test_structs_with_colliding_names_build_run_and_match_the_app(tmp_path: Path) -> None:
    result = Engine().run(SESSION)
    assert result.ok, result.error
    assert all(report.ok for report in result.references.values())
    commands = export_both(SESSION, signature_of(result, "k"), tmp_path)
    for language, command in commands.items():
        out = tmp_path / language / "OUT"
        done = run_saving_outputs(command, out)
        for name in SESSION.references:
            assert f"{name}: ok" in done.stdout, (language, name)
        for name, expected in result.outputs.items():
            saved = np.load(out / f"{name}.npy")
            assert saved.dtype == expected.dtype, (language, name)
            assert saved.tobytes() == expected.tobytes(), (language, name)


def test_the_c_struct_is_checked_against_the_kernels_layout_and_names_are_escaped() -> None:
    signature = signature_of(Engine().run(SESSION), "k")
    c = host_program(SESSION, signature, "c").text
    assert "} main_arg;" in c and "typedef struct __attribute__((packed)) {" in c
    assert "cl_char errno_arg;" in c and "cl_float3 argv_arg;" in c
    assert "_Static_assert(sizeof(Pair) == 5," in c
    assert "_Static_assert(offsetof(Pair, value) == 1," in c
    python = host_program(SESSION, signature, "python").text
    assert '"names": ["errno", "argv", "NULL_"],' in python
    assert '"offsets": [0, 16, 32],' in python and '"itemsize": 48,' in python
    # the buffer keeps its name; the struct's dtype takes the next free one
    assert "main_dtype_arg = np.dtype(" in python and "main_dtype = np.dtype(" not in python
