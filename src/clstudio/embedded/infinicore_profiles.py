"""InfiniCore's five course operators as data: how each host file launches its kernel.

Read from InfiniTensor/InfiniCore at commit ca382b6a03a12f809cdbe2a36cbbbe0ec6ca7221
(src/infiniop/ops/<op>/opencl/<op>_opencl.cc, and test/infiniop/<op>.py for the shapes,
the inputs and the tolerances). Each profile is a session in the session format
(docs/session-format.md) with these additions, which operator_profiles.py fills in:

- `"{T}"` and `"{T2}"` in a buffer's dtype: the element type `--dtype` chose (`float32` or
  `float16`; `float2` or `half2`);
- `derived`: sizes the host computes from the device or from other sizes, by rule
  (`work_group_max`: the device's maximum work-group size, as `maxThreadsPerBlock()`;
  `last_power_of_two` of a size; `largest_divisor` of a size at most another's value);
- `defines`: `-D NAME=expression` options the host computes from the sizes;
- `tolerances`: the test's rtol and atol per element type (the test's `get_tolerance`
  default, rtol 1e-3 and atol 0, where its map has none).

A strided tensor is a one-dimensional buffer as long as its last element plus one, as
the host's `infinirtMalloc` sizes it; the references gather the tensor from it with its
strides and scatter the result back (`np.bincount(..., weights=...)`), so a padded
stride leaves the gap as the buffer started.
"""

from __future__ import annotations

from typing import Any

ORIGIN_COMMIT = "ca382b6a03a12f809cdbe2a36cbbbe0ec6ca7221"


_UNIT_RANDOM = {"random": {"low": 0, "high": 1}}


def _buffer(shape: list[str], init: Any, access: str, dtype: str = "{T}") -> dict[str, Any]:
    """A buffer argument in the session format; most hold the element type `--dtype` chose."""
    return {"kind": "buffer", "dtype": dtype, "shape": shape, "init": init, "access": access}


def _gather(strides: str, extents: str) -> str:
    """The flat offsets of a tensor of `extents` (size names) with `strides`, as numpy."""
    names = extents.split()
    steps = strides.split()
    terms = []
    for axis, (extent, step) in enumerate(zip(names, steps, strict=True)):
        tail = len(names) - axis - 1
        index = f"np.arange({extent})" + (
            "[" + ", ".join([":"] + ["None"] * tail) + "]" if tail else ""
        )
        terms.append(f"{index} * {step}" if step != "1" else index)
    return "(" + " + ".join(terms) + ")"


def _scatter(output: str, offsets: str, values: str) -> str:
    """`output` as it started, with `values` written at `offsets`."""
    return (
        f"np.where(np.bincount({offsets}.ravel(), minlength={output}.shape[0]) > 0, "
        f"np.bincount({offsets}.ravel(), weights=({values}).ravel(), minlength={output}.shape[0]), "
        f"{output})"
    )


_RMS_X = f"x_[{_gather('SXB SXH 1', 'B H D')}].astype('float32')"
_RMS_NORM: dict[str, Any] = {
    "kernels": ["rms_norm"],
    "sizes": {"B": 16, "H": 1, "D": 2048, "SYB": 4096, "SYH": 2048, "SXB": 4096, "SXH": 2048},
    "derived": {"BLOCK": ["work_group_max"]},
    "defines": {"ITEMS_THREAD": "(D + BLOCK - 1) // BLOCK"},
    "global_size": ["B * H * BLOCK"],
    "local_size": ["BLOCK"],
    "args": {
        "y_": _buffer(["(B-1)*SYB + (H-1)*SYH + D"], "ones", "out"),
        "s_y_batch": {"kind": "scalar", "value": "SYB"},
        "s_y_nhead": {"kind": "scalar", "value": "SYH"},
        "x_": _buffer(["(B-1)*SXB + (H-1)*SXH + D"], {"random": {"low": 0, "high": 0.01}}, "in"),
        "s_x_batch": {"kind": "scalar", "value": "SXB"},
        "s_x_nhead": {"kind": "scalar", "value": "SXH"},
        "w": _buffer(["D"], _UNIT_RANDOM, "in"),
        "epsilon": {"kind": "scalar", "value": 1e-6},
        "nhead": {"kind": "scalar", "value": "H"},
        "d": {"kind": "scalar", "value": "D"},
    },
    "references": {
        "y_": _scatter(
            "y_",
            _gather("SYB SYH 1", "B H D"),
            f"{_RMS_X} / np.sqrt(np.mean({_RMS_X} ** 2, axis=-1, keepdims=True) + epsilon) "
            "* w.astype('float32')",
        )
    },
    "tolerances": {"f16": [2e-3, 2e-3], "f32": [1e-3, 0.0]},
}

_SOFTMAX_X = f"att_x[{_gather('SXB SXS 1', 'B S T')}].astype('float32')"
_SOFTMAX_MASK = "(np.arange(T) <= np.arange(S)[:, None] + (T - S))"
_SOFTMAX_E = (
    f"np.where({_SOFTMAX_MASK}, np.exp({_SOFTMAX_X} - "
    f"np.max(np.where({_SOFTMAX_MASK}, {_SOFTMAX_X}, -np.inf), axis=-1, keepdims=True)), 0)"
)
_CAUSAL_SOFTMAX: dict[str, Any] = {
    "kernels": ["softmax_register", "softmax_global"],
    "sizes": {"B": 32, "S": 20, "T": 512, "SYB": 10240, "SYS": 512, "SXB": 20480, "SXS": 512},
    "derived": {"G": ["last_power_of_two", "T"]},
    "defines": {},
    "global_size": ["G * S", "B"],
    "local_size": ["G", 1],
    "args": {
        "att_y": _buffer(["(B-1)*SYB + (S-1)*SYS + T"], "zeros", "out"),
        "att_x": _buffer(["(B-1)*SXB + (S-1)*SXS + T"], _UNIT_RANDOM, "in"),
        "seq_len": {"kind": "scalar", "value": "S"},
        "att_len": {"kind": "scalar", "value": "T"},
        "head_stride_y": {"kind": "scalar", "value": "SYB"},
        "tok_stride_y": {"kind": "scalar", "value": "SYS"},
        "head_stride_x": {"kind": "scalar", "value": "SXB"},
        "tok_stride_x": {"kind": "scalar", "value": "SXS"},
    },
    "references": {
        "att_y": _scatter(
            "att_y",
            _gather("SYB SYS 1", "B S T"),
            f"{_SOFTMAX_E} / np.sum({_SOFTMAX_E}, axis=-1, keepdims=True)",
        )
    },
    "tolerances": {"f16": [1e-2, 1e-3], "f32": [1e-5, 3e-5]},
}

_ROPE_X = f"x[{_gather('SXT//2 SXH//2 1', 'S H D//2')}].astype('float32')"
_ROPE_SIN = "sin_table[pos][:, None, :].astype('float32')"
_ROPE_COS = "cos_table[pos][:, None, :].astype('float32')"
_ROPE_T = _gather("SYT//2 SYH//2 1", "S H D//2")
_ROPE: dict[str, Any] = {
    "kernels": ["rope"],
    "sizes": {"S": 3, "H": 32, "D": 128, "SYT": 7000, "SYH": 128, "SXT": 8000, "SXH": 200},
    "derived": {"BLOCK": ["work_group_max"], "NH_L": ["largest_divisor", "H", "BLOCK // (D/2)"]},
    "defines": {},
    "global_size": ["S * NH_L", "H / NH_L * (D/2)"],
    "local_size": ["NH_L", "D/2"],
    "args": {
        "t": _buffer(["((S-1)*SYT + (H-1)*SYH + D) / 2"], "zeros", "out", dtype="{T2}"),
        "ystride_token": {"kind": "scalar", "value": "SYT/2"},
        "ystride_head": {"kind": "scalar", "value": "SYH/2"},
        "x": _buffer(["((S-1)*SXT + (H-1)*SXH + D) / 2"], _UNIT_RANDOM, "in", dtype="{T2}"),
        "xstride_token": {"kind": "scalar", "value": "SXT/2"},
        "xstride_head": {"kind": "scalar", "value": "SXH/2"},
        "pos": _buffer(["S"], "arange", "in", dtype="uint32"),
        "sin_table": _buffer(["S", "D/2"], {"random": {"low": -1, "high": 1}}, "in"),
        "cos_table": _buffer(["S", "D/2"], {"random": {"low": -1, "high": 1}}, "in"),
        "theta": {"kind": "scalar", "value": 1e5},
    },
    "references": {
        "t": "np.stack(["
        + _scatter(
            "t[:, 0]",
            _ROPE_T,
            f"{_ROPE_X}[..., 0] * {_ROPE_COS} - {_ROPE_X}[..., 1] * {_ROPE_SIN}",
        )
        + ", "
        + _scatter(
            "t[:, 1]",
            _ROPE_T,
            f"{_ROPE_X}[..., 0] * {_ROPE_SIN} + {_ROPE_X}[..., 1] * {_ROPE_COS}",
        )
        + "], axis=-1)"
    },
    "tolerances": {"f16": [1e-2, 1e-3], "f32": [1e-3, 1e-4]},
}

_SWIGLU_GATE = f"gate[{_gather('SGB SGS 1', 'B S HD')}].astype('float32')"
_SWIGLU_UP = f"up[{_gather('SUB SUS 1', 'B S HD')}].astype('float32')"
_SWIGLU: dict[str, Any] = {
    "kernels": ["swiglu"],
    "sizes": {
        "B": 4,
        "S": 4,
        "HD": 5632,
        "SCB": 22528,
        "SCS": 5632,
        "SGB": 45056,
        "SGS": 5632,
        "SUB": 45056,
        "SUS": 5632,
    },
    "derived": {"BLOCK": ["work_group_max"]},
    "defines": {},
    "global_size": ["B * S", "HD"],
    "local_size": [1, "BLOCK"],
    "args": {
        "c": _buffer(["(B-1)*SCB + (S-1)*SCS + HD"], "zeros", "out"),
        "stride_c_b": {"kind": "scalar", "value": "SCB"},
        "stride_c_s": {"kind": "scalar", "value": "SCS"},
        "gate": _buffer(["(B-1)*SGB + (S-1)*SGS + HD"], _UNIT_RANDOM, "in"),
        "stride_gate_b": {"kind": "scalar", "value": "SGB"},
        "stride_gate_s": {"kind": "scalar", "value": "SGS"},
        "up": _buffer(["(B-1)*SUB + (S-1)*SUS + HD"], _UNIT_RANDOM, "in"),
        "stride_up_b": {"kind": "scalar", "value": "SUB"},
        "stride_up_s": {"kind": "scalar", "value": "SUS"},
        "seq": {"kind": "scalar", "value": "S"},
    },
    "references": {
        "c": _scatter(
            "c",
            _gather("SCB SCS 1", "B S HD"),
            f"{_SWIGLU_UP} * {_SWIGLU_GATE} / (1 + np.exp(-{_SWIGLU_GATE}))",
        )
    },
    "tolerances": {"f16": [1e-3, 1e-3], "f32": [1e-5, 1e-5]},
}

_GEMM_A = f"A[{_gather('SA SAR SAC', 'BATCH M K')}].astype('float64')"
_GEMM_B = f"B[{_gather('SB SBR SBC', 'BATCH K N')}].astype('float64')"
_GEMM_C = _gather("SC SCR SCC", "BATCH M N")
_GEMM: dict[str, Any] = {
    "kernels": ["general_gemm"],
    "sizes": {
        "BATCH": 1,
        "M": 6,
        "N": 2560,
        "K": 2048,
        "SA": 12288,
        "SAR": 2048,
        "SAC": 1,
        "SB": 5242880,
        "SBR": 1,
        "SBC": 2048,
        "SC": 15360,
        "SCR": 2560,
        "SCC": 1,
    },
    "derived": {"BLOCK": ["work_group_max"]},
    "defines": {},
    "global_size": ["M * N", "BATCH"],
    "local_size": ["BLOCK", 1],
    "args": {
        "A": _buffer(["(BATCH-1)*SA + (M-1)*SAR + (K-1)*SAC + 1"], _UNIT_RANDOM, "in"),
        "B": _buffer(["(BATCH-1)*SB + (K-1)*SBR + (N-1)*SBC + 1"], _UNIT_RANDOM, "in"),
        "C": _buffer(["(BATCH-1)*SC + (M-1)*SCR + (N-1)*SCC + 1"], "ones", "inout"),
        "as": {"kind": "scalar", "value": "SA"},
        "ars": {"kind": "scalar", "value": "SAR"},
        "acs": {"kind": "scalar", "value": "SAC"},
        "bs": {"kind": "scalar", "value": "SB"},
        "brs": {"kind": "scalar", "value": "SBR"},
        "bcs": {"kind": "scalar", "value": "SBC"},
        "cs": {"kind": "scalar", "value": "SC"},
        "crs": {"kind": "scalar", "value": "SCR"},
        "ccs": {"kind": "scalar", "value": "SCC"},
        "batch": {"kind": "scalar", "value": "BATCH"},
        "M": {"kind": "scalar", "value": "M"},
        "N": {"kind": "scalar", "value": "N"},
        "K": {"kind": "scalar", "value": "K"},
        "alpha": {"kind": "scalar", "value": 1.0},
        "beta": {"kind": "scalar", "value": 1.0},
    },
    "references": {
        "C": _scatter(
            "C", _GEMM_C, f"alpha * np.matmul({_GEMM_A}, {_GEMM_B}) + beta * C[{_GEMM_C}]"
        )
    },
    "tolerances": {"f16": [1e-2, 0.0], "f32": [1e-3, 0.0]},
}

PROFILES: dict[str, dict[str, Any]] = {
    "rms_norm": _RMS_NORM,
    "causal_softmax": _CAUSAL_SOFTMAX,
    "rope": _ROPE,
    "swiglu": _SWIGLU,
    "gemm": _GEMM,
}
