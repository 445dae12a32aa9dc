"""The reference check: does an output match its expected value, within rtol and atol?

The expected value is a restricted numpy expression over the argument names, where a
buffer name means its initial contents (`"a + b"`, `"np.cumsum(x)"`), or a golden .npy
file of a known-good output. Both come from shared files: expressions go through the
safe evaluator in `clstudio.expressions.evaluator`, and files are read with pickles refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from clstudio.common import NpyError, ReferenceReport, gettext, load_array, resolve
from clstudio.expressions import ExpressionError, check_expression, evaluate
from clstudio.session import Reference

__all__ = [
    "ExpressionError",
    "check_expression",
    "check_reference",
    "evaluate",
    "reference_output",
]

_NUMERIC_KINDS = "biufc"


def reference_output(name: str, outputs: Mapping[str, np.ndarray]) -> np.ndarray | None:
    """The output a reference checks: a buffer, or one field of a buffer of structs (`p.pos`,
    `p.inner.x`; a field in an array of structs has the array's lengths after the buffer's)."""
    if name in outputs:
        return outputs[name]
    buffer, _, path = name.partition(".")
    part = outputs.get(buffer)
    for field in path.split("."):  # a nested struct's field: `p.inner.x`
        if part is None or not part.dtype.names or field not in part.dtype.names:
            return None
        part = part[field]
    return None if part is None else np.ascontiguousarray(part)


def check_reference(
    name: str,
    reference: Reference,
    actual: np.ndarray,
    namespace: Mapping[str, object],
    base_dir: Path | None = None,
) -> ReferenceReport:
    """Compare output `name` with its reference; every failure is a report with ok=False.

    An element passes when |actual - expected| <= atol + rtol * |expected|, as in
    np.allclose; NaN matches NaN, and an infinity only matches itself. A golden file's
    path is relative to base_dir (the session's folder), and its shape must match exactly.
    """
    expr = reference.label
    actual = np.asarray(actual)
    if reference.file is not None:
        loaded = _load_golden(reference.file, base_dir)
        if isinstance(loaded, str):
            return ReferenceReport(name, expr, ok=False, message=_fails(loaded))
        if loaded.shape != actual.shape:
            message = gettext(
                "shape mismatch: {file} has shape {file_shape} but {name} has shape {shape}"
            ).format(
                file=reference.file, file_shape=loaded.shape, name=repr(name), shape=actual.shape
            )
            return ReferenceReport(name, expr, ok=False, message=message)
        expected = loaded
    else:
        try:
            expected = evaluate(expr, namespace)
        except ExpressionError as exc:
            return ReferenceReport(name, expr, ok=False, message=_fails(str(exc)))
    if actual.dtype.kind not in _NUMERIC_KINDS:
        message = gettext("output {name} holds {dtype} values, which cannot be compared").format(
            name=repr(name), dtype=actual.dtype
        )
        return ReferenceReport(name, expr, ok=False, message=message)
    if expected.shape != actual.shape:
        if expected.size != actual.size:
            message = gettext(
                "shape mismatch: the reference has shape {expected_shape} ({expected_size} "
                "values) but {name} has shape {shape} ({size} values)"
            ).format(
                expected_shape=expected.shape,
                expected_size=expected.size,
                name=repr(name),
                shape=actual.shape,
                size=actual.size,
            )
            return ReferenceReport(name, expr, ok=False, message=message)
        expected = expected.reshape(actual.shape)
    return _compare(name, expr, expected, actual, reference.rtol, reference.atol)


def _fails(problem: str) -> str:
    return gettext("the reference fails: {problem}").format(problem=problem)


def _load_golden(text: str, base_dir: Path | None) -> np.ndarray | str:
    """The golden array, or what went wrong in words."""
    try:
        data = load_array(text, base_dir)
    except NpyError as exc:
        return str(exc)
    if data.dtype.kind not in _NUMERIC_KINDS:
        return gettext("{file} holds {dtype} values, which cannot be compared").format(
            file=resolve(text, base_dir), dtype=data.dtype
        )
    return data


def _compare(
    name: str, expr: str, expected: np.ndarray, actual: np.ndarray, rtol: float, atol: float
) -> ReferenceReport:
    tolerance_text = f"rtol={rtol:g}, atol={atol:g}"
    if actual.size == 0:
        return ReferenceReport(
            name,
            expr,
            ok=True,
            max_abs_err=0.0,
            max_rel_err=0.0,
            message=gettext("no values to compare"),
        )
    is_complex = "c" in (expected.dtype.kind, actual.dtype.kind)
    work = np.complex128 if is_complex else np.float64
    e, a = expected.astype(work), actual.astype(work)
    with np.errstate(all="ignore"):
        same = (a == e) | (np.isnan(a) & np.isnan(e))
        abs_err = np.where(same, 0.0, np.abs(a - e))
        abs_err[np.isnan(abs_err)] = np.inf  # NaN against a number is as wrong as it gets
        scale = np.abs(e)
        rel_err = np.where(abs_err == 0, 0.0, abs_err / scale)
        rel_err[np.isnan(rel_err)] = np.inf
        tolerance = atol + rtol * scale
        bad = ~same & ~(np.isfinite(e) & (abs_err <= tolerance))
        excess = np.where(bad, np.nan_to_num(abs_err - tolerance, nan=np.inf), -np.inf)
    failures = int(np.count_nonzero(bad))
    flat = int(np.argmax(excess)) if failures else int(np.argmax(abs_err))
    worst = tuple(int(i) for i in np.unravel_index(flat, actual.shape))
    max_abs, max_rel = float(abs_err.max()), float(rel_err.max())
    if failures:
        message = gettext(
            "{failures} of {size} values differ beyond {tolerance}; worst at {index}: "
            "expected {expected}, got {actual}"
        ).format(
            failures=failures,
            size=actual.size,
            tolerance=tolerance_text,
            index=list(worst),
            expected=_value_text(expected[worst]),
            actual=_value_text(actual[worst]),
        )
    else:
        message = gettext("all {size} values match within {tolerance}").format(
            size=actual.size, tolerance=tolerance_text
        )
    return ReferenceReport(
        name,
        expr,
        failures == 0,
        max_abs,
        max_rel,
        worst,
        message,
        _plain_number(expected[worst]),
        _plain_number(actual[worst]),
    )


def _plain_number(value: np.generic) -> float | None:
    """A real value as a float; None for a complex one, which has no single number."""
    item = value.item()
    return None if isinstance(item, complex) else float(item)


def _value_text(value: np.generic) -> str:
    item = value.item()
    return f"{item:.7g}" if isinstance(item, float) else str(item)
