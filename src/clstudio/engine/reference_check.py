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

from clstudio.common import NpyError, ReferenceReport, load_array, resolve
from clstudio.expressions import ExpressionError, check_expression, evaluate
from clstudio.session import Reference

__all__ = ["ExpressionError", "check_expression", "check_reference", "evaluate"]

_NUMERIC_KINDS = "biufc"


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
            return ReferenceReport(name, expr, ok=False, message=f"the reference fails: {loaded}")
        if loaded.shape != actual.shape:
            message = (
                f"shape mismatch: {reference.file} has shape {loaded.shape} but {name!r} "
                f"has shape {actual.shape}"
            )
            return ReferenceReport(name, expr, ok=False, message=message)
        expected = loaded
    else:
        try:
            expected = evaluate(expr, namespace)
        except ExpressionError as exc:
            return ReferenceReport(name, expr, ok=False, message=f"the reference fails: {exc}")
    if actual.dtype.kind not in _NUMERIC_KINDS:
        message = f"output {name!r} holds {actual.dtype} values, which cannot be compared"
        return ReferenceReport(name, expr, ok=False, message=message)
    if expected.shape != actual.shape:
        if expected.size != actual.size:
            message = (
                f"shape mismatch: the reference has shape {expected.shape} ({expected.size} "
                f"values) but {name!r} has shape {actual.shape} ({actual.size} values)"
            )
            return ReferenceReport(name, expr, ok=False, message=message)
        expected = expected.reshape(actual.shape)
    return _compare(name, expr, expected, actual, reference.rtol, reference.atol)


def _load_golden(text: str, base_dir: Path | None) -> np.ndarray | str:
    """The golden array, or what went wrong in words."""
    try:
        data = load_array(text, base_dir)
    except NpyError as exc:
        return str(exc)
    if data.dtype.kind not in _NUMERIC_KINDS:
        return f"{resolve(text, base_dir)} holds {data.dtype} values, which cannot be compared"
    return data


def _compare(
    name: str, expr: str, expected: np.ndarray, actual: np.ndarray, rtol: float, atol: float
) -> ReferenceReport:
    tolerance_text = f"rtol={rtol:g}, atol={atol:g}"
    if actual.size == 0:
        return ReferenceReport(
            name, expr, ok=True, max_abs_err=0.0, max_rel_err=0.0, message="no values to compare"
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
        message = (
            f"{failures} of {actual.size} values differ beyond {tolerance_text}; worst at "
            f"{list(worst)}: expected {_value_text(expected[worst])}, "
            f"got {_value_text(actual[worst])}"
        )
    else:
        message = f"all {actual.size} values match within {tolerance_text}"
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
