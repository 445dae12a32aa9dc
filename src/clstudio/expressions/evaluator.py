"""Evaluating reference expressions safely: the expected values of kernel outputs.

Expressions come from session files that people share, so they must never run arbitrary
Python. The text is parsed and checked against the allow-lists of `clstudio.expressions.rules`,
then evaluated by walking the tree here: Python's eval/compile never sees it. Every step is
sized first (`clstudio.expressions.cost`) so that a hostile file cannot exhaust memory or hang.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from types import NoneType
from typing import Any, cast

import numpy as np

from clstudio.common import format_bytes, gettext
from clstudio.expressions.cost import (
    Cost,
    broadcast_cost,
    call_cost,
    index_cost,
    product_cost,
    stacked_cost,
)
from clstudio.expressions.rules import (
    BINARY_OPERATORS,
    COMPARISONS,
    MAX_INT_BITS,
    NO_FIELDS,
    UNARY_OPERATORS,
    ExpressionError,
    Fields,
    is_np,
    not_a_name,
    parse,
    refusal,
)

__all__ = ["ExpressionError", "check_expression", "evaluate", "struct_fields"]

MAX_BYTES = 2**30  # any one intermediate array
MAX_TOTAL_BYTES = 4 * 2**30  # all arrays one evaluation creates
MAX_TOUCHED_BYTES = 16 * 2**30  # all arrays its steps read and write: a bound on its time
MAX_WORK = 2**34  # multiply-adds of one product (a 2580 x 2580 matrix product)
_NUMBERS = (np.ndarray, np.generic, int, float, complex)
_NUMERIC_KINDS = "biufc"
# What numpy raises for a bad but harmless expression; anything else is a bug of ours.
_EVALUATION_ERRORS = (
    ArithmeticError,
    AttributeError,
    LookupError,
    MemoryError,
    RuntimeError,
    TypeError,
    ValueError,
)


def check_expression(expr: str, names: Iterable[str], fields: Fields = NO_FIELDS) -> None:
    """Validate an expression without running it, as when a session file is loaded."""
    parse(expr, frozenset(names), fields)


def evaluate(expr: str, namespace: Mapping[str, object]) -> np.ndarray:
    """The value of a validated expression; `np` and the namespace are its only names.

    Arrays in the namespace are seen through read-only views, so they are never changed.
    """
    tree = parse(expr, frozenset(namespace), struct_fields(namespace))
    with np.errstate(all="ignore"):
        value = _Evaluator(namespace).eval(tree.body)
        if isinstance(value, list | tuple) and stacked_cost(value).nbytes > MAX_BYTES:
            problem = gettext("the result would take over {size}")
            raise ExpressionError(problem.format(size=_bytes_text(MAX_BYTES)))
        try:
            result = np.asarray(value)
        except ValueError as exc:
            problem = gettext("the result is not an array of numbers: {reason}")
            raise ExpressionError(problem.format(reason=exc)) from exc
    if _is_struct(result.dtype):
        problem = gettext("the result is a whole struct; name one field, as in p[{field}]")
        raise ExpressionError(problem.format(field=repr((result.dtype.names or ("x",))[0])))
    if result.dtype.kind not in _NUMERIC_KINDS:
        problem = gettext("the result must be numbers, not {dtype} values")
        raise ExpressionError(problem.format(dtype=result.dtype))
    return result if result.flags.writeable else result.copy()


def _is_struct(dtype: np.dtype) -> bool:
    """A struct argument's dtype: named fields, each of numbers or a nested struct's."""
    fields = dtype.fields
    return fields is not None and all(
        f[0].base.kind in _NUMERIC_KINDS or _is_struct(f[0].base) for f in fields.values()
    )


def struct_fields(namespace: Mapping[str, object]) -> Fields:
    """The fields of each struct (structured array) in the namespace, a nested struct's too."""
    return {
        name: frozenset(_field_names(value.dtype))
        for name, value in namespace.items()
        if isinstance(value, np.ndarray | np.generic) and value.dtype.names
    }


def _field_names(dtype: np.dtype) -> set[str]:
    names = set(dtype.names or ())
    for field in (dtype.fields or {}).values():
        names |= _field_names(field[0].base)
    return names


def _label(node: ast.AST) -> str:
    """How messages name a step: np.ones, x.reshape(...).sum, '*', a[...]."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_operand_label(node.value)}.{node.attr}"
    if isinstance(node, ast.Call):
        return _label(node.func)
    if isinstance(node, ast.Subscript):
        return f"{_operand_label(node.value)}[...]"
    if isinstance(node, ast.BinOp):
        return f"'{BINARY_OPERATORS[type(node.op)][0]}'"
    if isinstance(node, ast.UnaryOp):
        return f"'{UNARY_OPERATORS[type(node.op)][0]}'"
    if isinstance(node, ast.Compare):
        return f"'{COMPARISONS[type(node.ops[0])][0]}'"
    return "(...)"


def _operand_label(node: ast.AST) -> str:
    return f"{_label(node)}(...)" if isinstance(node, ast.Call) else _label(node)


def _bytes_text(nbytes: int) -> str:
    # Estimates can be far beyond what a float holds: np.zeros(10**300).
    return format_bytes(nbytes) if nbytes < 2**60 else gettext("more than 1024 PiB")


class _Evaluator:
    """Evaluates a validated tree; sizes each step before running it."""

    def __init__(self, namespace: Mapping[str, object]) -> None:
        self._namespace = namespace
        self._made = 0
        self._touched = 0

    def eval(self, node: ast.AST) -> Any:
        try:
            if isinstance(node, ast.Constant):
                return node.value
            if isinstance(node, ast.Name):
                return self._argument(node)
            if isinstance(node, ast.Tuple):
                return tuple(self.eval(n) for n in node.elts)
            if isinstance(node, ast.List):
                return [self.eval(n) for n in node.elts]
            if isinstance(node, ast.Slice):
                parts = (node.lower, node.upper, node.step)
                return slice(*(None if n is None else self.eval(n) for n in parts))
            return self._checked(self._operation(node), node)
        except ExpressionError:
            raise
        except _EVALUATION_ERRORS as exc:
            problem = gettext("{step}: {reason}").format(step=_label(node), reason=exc)
            raise refusal(problem, node) from exc

    def _operation(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Attribute):
            if is_np(node.value):
                return getattr(np, node.attr)
            return getattr(self._array(node.value, node), node.attr)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.BinOp):
            symbol, apply = BINARY_OPERATORS[type(node.op)]
            left, right = self._number(node.left, symbol), self._number(node.right, symbol)
            self._check_power(node, left, right)
            if isinstance(node.op, ast.MatMult):
                self._afford(node, product_cost("matmul", left, right))
            else:
                self._afford(node, broadcast_cost((left, right)))
            return apply(left, right)
        if isinstance(node, ast.UnaryOp):
            symbol, apply_unary = UNARY_OPERATORS[type(node.op)]
            operand = self._number(node.operand, symbol)
            self._afford(node, broadcast_cost((operand,)))
            return apply_unary(operand)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Subscript):
            value = self.eval(node.value)
            if not isinstance(value, np.ndarray | np.generic | tuple | list):
                problem = gettext("a {type} cannot be indexed").format(type=type(value).__name__)
                raise refusal(problem, node)
            index = self.eval(node.slice)
            self._afford(node, index_cost(value, index))
            return cast(Any, value)[index]
        # Validation prevents this.
        problem = gettext("{syntax} is not allowed").format(syntax=type(node).__name__)
        raise refusal(problem, node)

    def _argument(self, node: ast.Name) -> Any:
        if node.id not in self._namespace:
            raise refusal(not_a_name(node.id), node)
        value = self._namespace[node.id]
        if isinstance(value, list | tuple):  # a vector scalar such as a float4 value
            value = np.asarray(value)
        if isinstance(value, np.ndarray) and (
            value.dtype.kind in _NUMERIC_KINDS or value.dtype.names
        ):
            view = np.asarray(value).view()
            view.flags.writeable = False
            return view
        if (
            isinstance(value, np.generic | int | float | complex)
            and np.asarray(value).dtype.kind in _NUMERIC_KINDS
        ):
            return value
        problem = gettext("argument {name} cannot be used in an expression")
        raise refusal(problem.format(name=repr(node.id)), node)

    def _array(self, node: ast.AST, user: ast.Attribute) -> np.ndarray | np.generic:
        value = self.eval(node)
        if not isinstance(value, np.ndarray | np.generic):
            problem = gettext("'.{name}' needs an array, not a {type}")
            raise refusal(problem.format(name=user.attr, type=type(value).__name__), user)
        return value

    def _number(self, node: ast.AST, symbol: str) -> Any:
        value = self.eval(node)
        if not isinstance(value, _NUMBERS):
            if isinstance(value, list | tuple):
                problem = gettext(
                    "'{symbol}' needs numbers or arrays, not a {type}; wrap lists in np.array(...)"
                )
            else:
                problem = gettext("'{symbol}' needs numbers or arrays, not a {type}")
            raise refusal(problem.format(symbol=symbol, type=type(value).__name__), node)
        return value

    def _call(self, node: ast.Call) -> Any:
        func = node.func
        assert isinstance(func, ast.Attribute)  # validation allows nothing else
        if is_np(func.value):
            function, receiver = getattr(np, func.attr), []
        else:
            array = self._array(func.value, func)
            function, receiver = getattr(array, func.attr), [array]
        args = [self.eval(a) for a in node.args]
        kwargs = {k.arg: self.eval(k.value) for k in node.keywords if k.arg is not None}
        self._afford(node, call_cost(func.attr, [*receiver, *args], kwargs))
        return function(*args, **kwargs)

    def _compare(self, node: ast.Compare) -> Any:
        result = None
        left = self._number(node.left, COMPARISONS[type(node.ops[0])][0])
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            symbol, apply = COMPARISONS[type(op)]
            right = self._number(right_node, symbol)
            self._afford(node, broadcast_cost((left, right)))
            part = apply(left, right)
            result = part if result is None else np.logical_and(result, part)
            left = right
        return result

    def _check_power(self, node: ast.BinOp, base: object, exponent: object) -> None:
        """Python integers (not numpy's) grow without bound: 10**10**10 would never finish."""
        if not (
            isinstance(node.op, ast.Pow) and isinstance(base, int) and isinstance(exponent, int)
        ):
            return
        if abs(base) > 1 and exponent * (abs(base).bit_length() - 1) > MAX_INT_BITS:
            text = f"{base} ** {exponent}" if exponent.bit_length() <= 64 else "'**'"
            problem = gettext("{power} is too large a number: over {bits} bits")
            raise refusal(problem.format(power=text, bits=MAX_INT_BITS), node)

    def _afford(self, node: ast.AST, cost: Cost) -> None:
        """Refuse a step before it runs if its result or its work is over the limits."""
        if cost.nbytes > MAX_BYTES:
            problem = gettext("{step} would allocate {size}: over the {most} limit")
            size, most = _bytes_text(cost.nbytes), _bytes_text(MAX_BYTES)
            raise refusal(problem.format(step=_label(node), size=size, most=most), node)
        if cost.work > MAX_WORK:
            problem = gettext("{step} would take {work} operations: over the {most} limit")
            work, most = f"{cost.work:.2g}", f"{MAX_WORK:.2g}"
            raise refusal(problem.format(step=_label(node), work=work, most=most), node)
        self._touched += cost.reads + cost.nbytes
        if self._touched > MAX_TOUCHED_BYTES:
            problem = gettext("the expression reads and writes more than {size} of arrays")
            raise refusal(problem.format(size=_bytes_text(MAX_TOUCHED_BYTES)), node)

    def _checked(self, value: Any, node: ast.AST) -> Any:
        """Refuse results of a kind expressions must not hold, or over the size limits."""
        if isinstance(value, list | tuple):
            for item in value:
                self._checked(item, node)
        elif isinstance(value, np.ndarray | np.generic | np.dtype):
            dtype = value if isinstance(value, np.dtype) else value.dtype
            if dtype.kind not in _NUMERIC_KINDS and not _is_struct(dtype):
                problem = gettext("{step} gives {dtype} values, not numbers")
                raise refusal(problem.format(step=_label(node), dtype=dtype), node)
            if isinstance(value, np.ndarray):
                self._count(value, node)
        elif isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            problem = gettext("{step} gives an integer of over {bits} bits")
            raise refusal(problem.format(step=_label(node), bits=MAX_INT_BITS), node)
        elif not isinstance(value, int | float | complex | NoneType):
            problem = gettext("{step} gives a {type}, not an array")
            raise refusal(problem.format(step=_label(node), type=type(value).__name__), node)
        return value

    def _count(self, array: np.ndarray, node: ast.AST) -> None:
        if array.nbytes > MAX_BYTES:
            problem = gettext("{step} gives {size}: over the {most} limit")
            size, most = _bytes_text(array.nbytes), _bytes_text(MAX_BYTES)
            raise refusal(problem.format(step=_label(node), size=size, most=most), node)
        if array.flags.owndata:
            self._made += array.nbytes
        if self._made > MAX_TOTAL_BYTES:
            problem = gettext("the expression makes more than {size} of arrays")
            raise refusal(problem.format(size=_bytes_text(MAX_TOTAL_BYTES)), node)
