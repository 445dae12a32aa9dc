"""Kernels whose structs hold arrays and other structs, as public code writes them, and a
kernel that writes its compiler's sizeof and offsetof into a buffer.

MY_STRUCT is scottschafer/TestGPUvsCPUwithOpenCL's testStructs kernel (OpenCLTest,
`int threeints[3]` in a struct of a buffer); BY_VALUE is the struct-by-value test of an
OpenCL-to-PTX compiler's suite (`struct my_struct { int a; int b[2]; }` passed by value,
with a `__local` array of them). Their own semantics give the expected values.
"""

from __future__ import annotations

import copy
from typing import Any

MY_STRUCT = """\
typedef struct MyStruct {
  int anint;
  float afloat;
  int threeints[3];
} MyStruct;

kernel void testStructs(global int *ints, global float *floats, global MyStruct *structs) {
  if(get_global_id(0) != 0) {
    return;
  }
  floats[0] = structs[0].afloat;
  ints[0] = structs[0].anint;
  structs[0].threeints[0] = structs[0].threeints[1] + structs[0].threeints[2];
}
"""

BY_VALUE = """\
struct my_struct {
  int a;
  int b[2];
};

__constant int g[4] = {0,1,2,3};

__kernel void struct_cl (struct my_struct s, int x, __global int *mem, int y)
{
  __local struct my_struct array[256];
  for (int i = 0; i < 256; ++i) {
    array[i].a = i;
    array[i].b[0] = i;
    array[i].b[0] = i+1;
  }
  array[0] = array[y];
  mem[0] = s.a + array[x].a + array[x+1].b[0] + g[x] + g[3];
}
"""

# Every kind of field a struct can hold here, and the compiler's own figures for it.
LAYOUT = """\
typedef struct { char tag; double d; } Inner;
typedef struct { char a; Inner in[2]; float m[4]; int2 idx[3]; float3 v; short s; } Outer;

__kernel void layout(__global ulong *sizes, __global Outer *items, const Outer one)
{
    int i = get_global_id(0);
    if (i == 0) {
        sizes[0] = sizeof(Inner);
        sizes[1] = __builtin_offsetof(Inner, d);
        sizes[2] = sizeof(Outer);
        sizes[3] = __builtin_offsetof(Outer, in);
        sizes[4] = __builtin_offsetof(Outer, m);
        sizes[5] = __builtin_offsetof(Outer, idx);
        sizes[6] = __builtin_offsetof(Outer, v);
        sizes[7] = __builtin_offsetof(Outer, s);
    }
    items[i].m[1] += one.m[1] * (float)items[i].in[1].d;
    items[i].idx[2].y += one.idx[2].y;
    items[i].in[0].tag += one.in[0].tag;
    items[i].v += one.v;
}
"""
LAYOUT_STRUCTS = {
    "Inner": {"fields": [{"name": "tag", "type": "char"}, {"name": "d", "type": "double"}]},
    "Outer": {
        "fields": [
            {"name": "a", "type": "char"},
            {"name": "in", "type": "Inner", "shape": [2]},
            {"name": "m", "type": "float", "shape": [4]},
            {"name": "idx", "type": "int2", "shape": [3]},
            {"name": "v", "type": "float3"},
            {"name": "s", "type": "short"},
        ]
    },
}
# sizeof(Inner), offsetof(Inner, d), sizeof(Outer), then Outer's offsets of in, m, idx, v, s
LAYOUT_FIGURES = [16, 8, 112, 8, 40, 56, 80, 96]
ONE = {"m": [0, 2, 0, 0], "idx": [[0, 0], [0, 0], [0, 5]], "in": [{"tag": 3}, {}], "v": [1, 2, 3]}


def layout_session() -> dict[str, Any]:
    """The layout kernel's session: the figures, and a field of each kind updated."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "layout",
        "source": LAYOUT,
        "global_size": [8],
        "structs": copy.deepcopy(LAYOUT_STRUCTS),
        "args": {
            "sizes": {"kind": "buffer", "dtype": "ulong", "shape": [8], "access": "out"},
            "items": {
                "kind": "buffer",
                "dtype": "Outer",
                "shape": [8],
                "init": {
                    "fields": {
                        "in": {"fields": {"d": "arange", "tag": {"fill": 2}}},
                        "m": "arange",
                        "idx": "arange",
                        "v": {"fill": 1},
                    }
                },
            },
            "one": {"kind": "scalar", "dtype": "Outer", "value": copy.deepcopy(ONE)},
        },
        "references": {
            "sizes": {"expr": f"np.array({LAYOUT_FIGURES})", "rtol": 0, "atol": 0},
            "items.m": {
                "expr": "items['m'] + np.outer(items['in']['d'][:, 1], [0, 2, 0, 0])",
                "rtol": 0,
                "atol": 0,
            },
            "items.in.tag": {"expr": "items['in']['tag'] + np.array([3, 0])"},
            "items.in.d": {"expr": "items['in']['d']"},
            "items.idx": {"expr": "items['idx'] + np.array([[0, 0], [0, 0], [0, 5]])"},
            "items.v": {"expr": "items['v'] + np.array([1, 2, 3, 0])"},
        },
    }


def my_struct_session() -> dict[str, Any]:
    """testStructs on one struct whose threeints are 10, 20, 30."""
    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "testStructs",
        "source": MY_STRUCT,
        "global_size": [1],
        "structs": {
            "MyStruct": {
                "fields": [
                    {"name": "anint", "type": "int"},
                    {"name": "afloat", "type": "float"},
                    {"name": "threeints", "type": "int", "shape": [3]},
                ]
            }
        },
        "args": {
            "ints": {"kind": "buffer", "dtype": "int32", "shape": [1], "access": "out"},
            "floats": {"kind": "buffer", "dtype": "float32", "shape": [1], "access": "out"},
            "structs": {
                "kind": "buffer",
                "dtype": "MyStruct",
                "shape": [1],
                "init": {
                    "fields": {
                        "anint": {"fill": 7},
                        "afloat": {"fill": 2.5},
                        "threeints": {"values": [[10, 20, 30]]},
                    }
                },
                "access": "inout",
            },
        },
        "references": {
            "ints": {"expr": "structs['anint']"},
            "floats": {"expr": "structs['afloat']"},
            "structs.threeints": {"expr": "np.array([[50, 20, 30]])"},
            "structs.anint": {"expr": "structs['anint']"},
            "structs.afloat": {"expr": "structs['afloat']"},
        },
    }


def by_value_program() -> dict[str, Any]:
    """struct_cl twice, each launch passing its own struct: mem[0] = s.a + 8 (x 1, y 5)."""

    def launch(a: int, b: list[int]) -> dict[str, Any]:
        return {
            "kernel": "struct_cl",
            "args": {"s": {"kind": "scalar", "dtype": "my_struct", "value": {"a": a, "b": b}}},
        }

    return {
        "format": "clstudio-session",
        "version": 1,
        "kernel": "struct_cl",
        "source": BY_VALUE,
        "global_size": [1],
        "structs": {
            "my_struct": {
                "fields": [{"name": "a", "type": "int"}, {"name": "b", "type": "int", "shape": [2]}]
            }
        },
        "args": {
            "x": {"kind": "scalar", "value": 1},
            "mem": {"kind": "buffer", "dtype": "int32", "shape": [1], "access": "out"},
            "y": {"kind": "scalar", "value": 5},
        },
        "launches": [launch(100, [1, 2]), launch(40, [0, 0])],
        "references": {"mem": {"expr": "np.array([48])", "rtol": 0, "atol": 0}},
    }
