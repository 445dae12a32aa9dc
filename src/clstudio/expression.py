"""A small, safe numpy expression language for the expected values of kernel outputs.

Expressions come from session files that people share, so they must never run arbitrary
Python. The text is parsed with `ast`, checked against explicit allow-lists, and evaluated
by walking the tree here: Python's eval/compile never sees it. Every step is sized first
(see `clstudio.expression_cost`) so that a hostile file cannot exhaust memory or hang.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterable, Mapping
from types import EllipsisType, NoneType
from typing import Any, cast

import numpy as np

from clstudio.expression_cost import (
    Cost,
    broadcast_cost,
    call_cost,
    index_cost,
    product_cost,
    stacked_cost,
)

MAX_LENGTH = 10_000  # characters
MAX_DEPTH = 100  # nested syntax nodes
MAX_BYTES = 2**30  # any one intermediate array
MAX_TOTAL_BYTES = 4 * 2**30  # all arrays one evaluation creates
MAX_TOUCHED_BYTES = 16 * 2**30  # all arrays its steps read and write: a bound on its time
MAX_WORK = 2**34  # multiply-adds of one product (a 2580 x 2580 matrix product)
MAX_INT_BITS = 1024  # Python integers: 10**10**10 would take the process down
_LIMIT_TEXT = f"{MAX_BYTES // 2**30} GiB"


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


NP_FUNCTIONS: frozenset[str] = _words(
    # elementwise
    "abs absolute sqrt cbrt square exp exp2 expm1 log log2 log10 log1p sin cos tan arcsin "
    "arccos arctan arctan2 sinh cosh tanh arcsinh arccosh arctanh hypot degrees radians "
    "floor ceil trunc rint round around fix sign minimum maximum fmin fmax clip where power "
    "fmod mod remainder floor_divide divide true_divide add subtract multiply negative "
    "reciprocal copysign isnan isinf isfinite isclose logical_and logical_or logical_not "
    "logical_xor bitwise_and bitwise_or bitwise_xor invert left_shift right_shift nan_to_num "
    "real imag conj "
    # reductions and scans
    "sum prod mean median std var max min amax amin ptp argmax argmin any all count_nonzero "
    "cumsum cumprod nansum nanmean nanmax nanmin average trace allclose array_equal "
    # shapes
    "reshape ravel transpose swapaxes moveaxis squeeze expand_dims flip fliplr flipud roll "
    "rot90 broadcast_to atleast_1d atleast_2d diagonal tril triu "
    "stack concatenate hstack vstack column_stack "
    # construction
    "array asarray zeros ones full zeros_like ones_like full_like arange linspace eye "
    "identity tile repeat pad "
    # products and the rest
    "dot matmul outer convolve correlate cross bincount sort argsort unique searchsorted interp "
    # scalar types, called as np.float32(x); dtypes are otherwise given as strings
    "bool_ int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64 "
    "complex64 complex128"
)
NP_CONSTANTS: frozenset[str] = frozenset({"pi", "e", "inf", "nan", "newaxis"})
ARRAY_METHODS: frozenset[str] = _words(
    "reshape ravel flatten transpose swapaxes squeeze sum prod mean std var max min argmax "
    "argmin any all cumsum cumprod astype clip round dot repeat copy conj diagonal "
    "trace"
)
ARRAY_PROPERTIES: frozenset[str] = frozenset(
    {"T", "shape", "ndim", "size", "dtype", "real", "imag"}
)
KEYWORDS: frozenset[str] = _words(
    "axis axes dtype keepdims initial mode minlength weights decimals constant_values k num "
    "endpoint ddof side kind order return_counts return_index return_inverse equal_nan rtol "
    "atol nan posinf neginf left right period shift repeats reps pad_width a_min a_max min "
    "max"
)
DTYPE_NAMES: frozenset[str] = _words(
    "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64 "
    "complex64 complex128"
)
OPTION_STRINGS: frozenset[str] = _words(
    "same valid full constant edge reflect symmetric wrap linear_ramp maximum minimum mean "
    "median left right quicksort mergesort heapsort stable C F"
)

_BINARY: dict[type[ast.operator], tuple[str, Callable[[Any, Any], Any]]] = {
    ast.Add: ("+", operator.add),
    ast.Sub: ("-", operator.sub),
    ast.Mult: ("*", operator.mul),
    ast.Div: ("/", operator.truediv),
    ast.FloorDiv: ("//", operator.floordiv),
    ast.Mod: ("%", operator.mod),
    ast.Pow: ("**", operator.pow),
    ast.MatMult: ("@", operator.matmul),
    ast.BitAnd: ("&", operator.and_),
    ast.BitOr: ("|", operator.or_),
    ast.BitXor: ("^", operator.xor),
}
_UNARY: dict[type[ast.unaryop], tuple[str, Callable[[Any], Any]]] = {
    ast.USub: ("-", operator.neg),
    ast.UAdd: ("+", operator.pos),
    ast.Invert: ("~", operator.invert),
}
_COMPARE: dict[type[ast.cmpop], tuple[str, Callable[[Any, Any], Any]]] = {
    ast.Eq: ("==", operator.eq),
    ast.NotEq: ("!=", operator.ne),
    ast.Lt: ("<", operator.lt),
    ast.LtE: ("<=", operator.le),
    ast.Gt: (">", operator.gt),
    ast.GtE: (">=", operator.ge),
}
# Shifts of Python integers could build huge numbers; numpy's shifts work on fixed widths.
_SHIFTS = {ast.LShift: ("<<", "left_shift"), ast.RShift: (">>", "right_shift")}
_REFUSED_COMPARE = {ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not"}
_REFUSED_SYNTAX: dict[type[ast.AST], str] = {
    ast.Lambda: "lambda functions are not allowed",
    ast.ListComp: "comprehensions are not allowed",
    ast.SetComp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed",
    ast.GeneratorExp: "comprehensions are not allowed",
    ast.JoinedStr: "f-strings are not allowed",
    ast.NamedExpr: "assignment expressions (:=) are not allowed",
    ast.Starred: "starred expressions (*x) are not allowed",
    ast.Dict: "dict literals are not allowed",
    ast.Set: "set literals are not allowed",
    ast.IfExp: "conditional expressions are not allowed; use np.where(condition, x, y)",
    ast.BoolOp: "'and' and 'or' are not allowed; use & and | (or np.logical_and, np.logical_or)",
}
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


class ExpressionError(ValueError):
    """A reference expression that is refused or fails; the message says what and where."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message if column is None else f"{message} (column {column})")
        self.column = column


def check_expression(expr: str, names: Iterable[str]) -> None:
    """Validate an expression without running it, as when a session file is loaded."""
    _parse(expr, frozenset(names))


def evaluate(expr: str, namespace: Mapping[str, object]) -> np.ndarray:
    """The value of a validated expression; `np` and the namespace are its only names.

    Arrays in the namespace are seen through read-only views, so they are never changed.
    """
    tree = _parse(expr, frozenset(namespace))
    with np.errstate(all="ignore"):
        value = _Evaluator(namespace).eval(tree.body)
        if isinstance(value, list | tuple) and stacked_cost(value).nbytes > MAX_BYTES:
            raise ExpressionError(f"the result would take over {_LIMIT_TEXT}")
        try:
            result = np.asarray(value)
        except ValueError as exc:
            raise ExpressionError(f"the result is not an array of numbers: {exc}") from exc
    if result.dtype.kind not in _NUMERIC_KINDS:
        raise ExpressionError(f"the result must be numbers, not {result.dtype} values")
    return result if result.flags.writeable else result.copy()


def _parse(expr: str, names: frozenset[str]) -> ast.Expression:
    if len(expr) > MAX_LENGTH:
        raise ExpressionError(
            f"the expression is {len(expr):,} characters long: over the {MAX_LENGTH:,} limit"
        )
    if not expr.strip():
        raise ExpressionError("the expression is empty")
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as exc:
        raise ExpressionError(f"syntax error: {exc.msg}", exc.offset) from None
    except (RecursionError, MemoryError):
        raise ExpressionError(f"the expression is nested over {MAX_DEPTH} levels deep") from None
    _validate(tree, names)
    return tree


def _refusal(message: str, node: ast.AST) -> ExpressionError:
    offset = getattr(node, "col_offset", None)
    return ExpressionError(message, None if offset is None else offset + 1)


def _validate(tree: ast.Expression, names: frozenset[str]) -> None:
    """Walk the tree without recursion (it may be deeper than Python's stack allows)."""
    stack: list[tuple[ast.AST, int, bool]] = [(tree.body, 1, False)]
    while stack:
        node, depth, called = stack.pop()
        if depth > MAX_DEPTH:
            raise _refusal(f"the expression is nested over {MAX_DEPTH} levels deep", node)
        children = _checked_children(node, names, called)
        stack.extend((child, depth + 1, c) for child, c in reversed(children))  # left first


def _checked_children(node: ast.AST, names: frozenset[str], called: bool) -> list[tuple[Any, bool]]:
    """Refuse `node` unless allowed; return its sub-expressions, each marked if it is called."""
    if isinstance(node, ast.Constant):
        _check_constant(node)
        return []
    if isinstance(node, ast.Name):
        if node.id == "np":
            raise _refusal("np must be followed by a function name, as in np.sum(a)", node)
        if node.id not in names:
            raise _refusal(f"name {node.id!r} is not an argument or an allowed function", node)
        return []
    if isinstance(node, ast.Attribute):
        return _check_attribute(node, names, called)
    if isinstance(node, ast.Call):
        return _check_call(node, names)
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINARY:
            symbol, function = _SHIFTS[type(node.op)]
            raise _refusal(f"operator '{symbol}' is not allowed; use np.{function}", node)
        return [(node.left, False), (node.right, False)]
    if isinstance(node, ast.UnaryOp):
        if type(node.op) not in _UNARY:
            raise _refusal("'not' is not allowed; use ~ or np.logical_not", node)
        return [(node.operand, False)]
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in _COMPARE:
                raise _refusal(f"comparison '{_REFUSED_COMPARE[type(op)]}' is not allowed", node)
        return [(n, False) for n in (node.left, *node.comparators)]
    if isinstance(node, ast.Subscript):
        return [(node.value, False), (node.slice, False)]
    if isinstance(node, ast.Slice):
        return [(n, False) for n in (node.lower, node.upper, node.step) if n is not None]
    if isinstance(node, ast.Tuple | ast.List):
        return [(n, False) for n in node.elts]
    message = _REFUSED_SYNTAX.get(type(node), f"{type(node).__name__} is not allowed")
    raise _refusal(message, node)


def _check_constant(node: ast.Constant) -> None:
    value = node.value
    if isinstance(value, str):
        if value not in DTYPE_NAMES | OPTION_STRINGS:
            raise _refusal(
                f"string {_short(repr(value))} is not allowed: strings name dtypes "
                "('float32') or options ('same')",
                node,
            )
    elif isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise _refusal(f"integer literal of over {MAX_INT_BITS} bits", node)
    elif not isinstance(value, int | float | complex | NoneType | EllipsisType):
        raise _refusal(f"{type(value).__name__} literals are not allowed", node)


def _check_attribute(
    node: ast.Attribute, names: frozenset[str], called: bool
) -> list[tuple[Any, bool]]:
    root = node.value  # name the leftmost problem, as a reader meets it: 'os' in os.path.join
    while isinstance(root, ast.Attribute):
        if _is_np(root.value) and root.attr not in NP_FUNCTIONS | NP_CONSTANTS:
            raise _refusal(f"np.{root.attr} is not an allowed numpy function", root)
        root = root.value
    if isinstance(root, ast.Name) and root.id not in names | {"np"}:
        raise _refusal(f"name {root.id!r} is not an argument or an allowed function", root)
    attr = node.attr
    if attr.startswith("_"):
        raise _refusal(f"attribute {attr!r} is not allowed", node)
    if _is_np(node.value):
        if attr in NP_FUNCTIONS and not called:
            is_type = isinstance(getattr(np, attr), type)
            hint = "; give dtypes as strings, as in .astype('float32')" if is_type else ""
            raise _refusal(f"np.{attr} must be called{hint}", node)
        if attr in NP_CONSTANTS and called:
            raise _refusal(f"np.{attr} cannot be called", node)
        if attr not in NP_FUNCTIONS | NP_CONSTANTS:
            raise _refusal(f"np.{attr} is not an allowed numpy function", node)
        return []
    if attr in ARRAY_METHODS and not called:
        raise _refusal(f"method '{attr}' must be called, as in .{attr}()", node)
    if attr in ARRAY_PROPERTIES and called:
        raise _refusal(f"attribute '{attr}' cannot be called", node)
    if attr not in ARRAY_METHODS | ARRAY_PROPERTIES:
        raise _refusal(f"attribute {attr!r} is not allowed", node)
    return [(node.value, False)]


def _check_call(node: ast.Call, names: frozenset[str]) -> list[tuple[Any, bool]]:
    func = node.func
    if isinstance(func, ast.Name) and func.id not in names | {"np"}:
        raise _refusal(f"name {func.id!r} is not an argument or an allowed function", func)
    if not isinstance(func, ast.Attribute):
        raise _refusal(
            "only numpy functions (np.sum) and array methods (a.sum) can be called", func
        )
    for keyword in node.keywords:
        if keyword.arg is None:
            raise _refusal("keyword unpacking (**kwargs) is not allowed", keyword.value)
        if keyword.arg not in KEYWORDS:
            raise _refusal(f"keyword {keyword.arg!r} is not allowed", keyword.value)
    return [
        (func, True),
        *((a, False) for a in node.args),
        *((k.value, False) for k in node.keywords),
    ]


def _is_np(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "np"


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
        return f"'{_BINARY[type(node.op)][0]}'"
    if isinstance(node, ast.UnaryOp):
        return f"'{_UNARY[type(node.op)][0]}'"
    if isinstance(node, ast.Compare):
        return f"'{_COMPARE[type(node.ops[0])][0]}'"
    return "(...)"


def _operand_label(node: ast.AST) -> str:
    return f"{_label(node)}(...)" if isinstance(node, ast.Call) else _label(node)


def _bytes_text(nbytes: int) -> str:
    """Sizes over the limit, in decimal units: np.ones(10**12) is 8.0 TB."""
    if nbytes >= 10**21:
        return f"about 10^{len(str(nbytes)) - 1} bytes"
    for unit, size in (("EB", 10**18), ("PB", 10**15), ("TB", 10**12)):
        if nbytes >= size:
            return f"{nbytes / size:.1f} {unit}"
    return f"{nbytes / 10**9:.1f} GB"


class _Evaluator:
    """Evaluates a validated tree; sizes each step before running it."""

    def __init__(self, namespace: Mapping[str, object]) -> None:
        self._namespace = namespace
        self._total = 0
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
            raise _refusal(f"{_label(node)}: {exc}", node) from exc

    def _operation(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Attribute):
            if _is_np(node.value):
                return getattr(np, node.attr)
            return getattr(self._array(node.value, node), node.attr)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.BinOp):
            symbol, apply = _BINARY[type(node.op)]
            left, right = self._number(node.left, symbol), self._number(node.right, symbol)
            self._check_power(node, left, right)
            if isinstance(node.op, ast.MatMult):
                self._afford(node, product_cost("matmul", left, right))
            else:
                self._afford(node, broadcast_cost((left, right)))
            return apply(left, right)
        if isinstance(node, ast.UnaryOp):
            symbol, apply_unary = _UNARY[type(node.op)]
            operand = self._number(node.operand, symbol)
            self._afford(node, broadcast_cost((operand,)))
            return apply_unary(operand)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Subscript):
            value = self.eval(node.value)
            if not isinstance(value, np.ndarray | np.generic | tuple | list):
                raise _refusal(f"a {type(value).__name__} cannot be indexed", node)
            index = self.eval(node.slice)
            self._afford(node, index_cost(value, index))
            return cast(Any, value)[index]
        raise _refusal(f"{type(node).__name__} is not allowed", node)  # validation prevents this

    def _argument(self, node: ast.Name) -> Any:
        if node.id not in self._namespace:
            raise _refusal(f"name {node.id!r} is not an argument or an allowed function", node)
        value = self._namespace[node.id]
        if isinstance(value, list | tuple):  # a vector scalar such as a float4 value
            value = np.asarray(value)
        if isinstance(value, np.ndarray) and value.dtype.kind in _NUMERIC_KINDS:
            view = np.asarray(value).view()
            view.flags.writeable = False
            return view
        if (
            isinstance(value, np.generic | int | float | complex)
            and np.asarray(value).dtype.kind in _NUMERIC_KINDS
        ):
            return value
        raise _refusal(f"argument {node.id!r} cannot be used in an expression", node)

    def _array(self, node: ast.AST, user: ast.Attribute) -> np.ndarray | np.generic:
        value = self.eval(node)
        if not isinstance(value, np.ndarray | np.generic):
            raise _refusal(f"'.{user.attr}' needs an array, not a {type(value).__name__}", user)
        return value

    def _number(self, node: ast.AST, symbol: str) -> Any:
        value = self.eval(node)
        if not isinstance(value, _NUMBERS):
            hint = "; wrap lists in np.array(...)" if isinstance(value, list | tuple) else ""
            message = f"'{symbol}' needs numbers or arrays, not a {type(value).__name__}{hint}"
            raise _refusal(message, node)
        return value

    def _call(self, node: ast.Call) -> Any:
        func = node.func
        assert isinstance(func, ast.Attribute)  # validation allows nothing else
        if _is_np(func.value):
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
        left = self._number(node.left, _COMPARE[type(node.ops[0])][0])
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            symbol, apply = _COMPARE[type(op)]
            right = self._number(right_node, symbol)
            self._afford(node, broadcast_cost((left, right)))
            part = apply(left, right)
            result = part if result is None else np.logical_and(result, part)
            left = right
        return result

    def _check_power(self, node: ast.BinOp, base: object, exponent: object) -> None:
        if not isinstance(node.op, ast.Pow) or not (
            type(base) in (int, bool) and type(exponent) in (int, bool)
        ):
            return
        assert isinstance(base, int) and isinstance(exponent, int)
        if abs(base) > 1 and exponent * (abs(base).bit_length() - 1) > MAX_INT_BITS:
            text = f"{base} ** {exponent}" if exponent.bit_length() <= 64 else "'**'"
            raise _refusal(f"{text} is too large a number: over {MAX_INT_BITS} bits", node)

    def _afford(self, node: ast.AST, cost: Cost) -> None:
        """Refuse a step before it runs if its result or its work is over the limits."""
        if cost.nbytes > MAX_BYTES:
            message = f"{_label(node)} would allocate {_bytes_text(cost.nbytes)}"
            raise _refusal(f"{message}: over the {_LIMIT_TEXT} limit", node)
        if cost.work > MAX_WORK:
            message = f"{_label(node)} would take {cost.work:.2g} operations"
            raise _refusal(f"{message}: over the {MAX_WORK:.2g} limit", node)
        self._touched += cost.reads + cost.nbytes
        if self._touched > MAX_TOUCHED_BYTES:
            limit = f"{MAX_TOUCHED_BYTES / 2**30:g} GiB"
            raise _refusal(f"the expression reads and writes more than {limit} of arrays", node)

    def _checked(self, value: Any, node: ast.AST) -> Any:
        """Refuse results of a kind expressions must not hold, or over the size limits."""
        if isinstance(value, list | tuple):
            for item in value:
                self._checked(item, node)
        elif isinstance(value, np.ndarray | np.generic | np.dtype):
            dtype = value if isinstance(value, np.dtype) else value.dtype
            if dtype.kind not in _NUMERIC_KINDS:
                raise _refusal(f"{_label(node)} gives {dtype} values, not numbers", node)
            if isinstance(value, np.ndarray):
                self._count(value, node)
        elif isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
            raise _refusal(f"{_label(node)} gives an integer of over {MAX_INT_BITS} bits", node)
        elif not isinstance(value, int | float | complex | NoneType):
            raise _refusal(f"{_label(node)} gives a {type(value).__name__}, not an array", node)
        return value

    def _count(self, array: np.ndarray, node: ast.AST) -> None:
        if array.nbytes > MAX_BYTES:
            message = f"{_label(node)} gives {_bytes_text(array.nbytes)}"
            raise _refusal(f"{message}: over the {_LIMIT_TEXT} limit", node)
        if array.flags.owndata:
            self._total += array.nbytes
        if self._total > MAX_TOTAL_BYTES:
            raise _refusal(
                f"the expression makes more than {MAX_TOTAL_BYTES / 2**30:g} GiB of arrays", node
            )
