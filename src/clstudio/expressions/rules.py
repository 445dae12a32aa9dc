"""What a reference expression may contain: the allow-lists and the static check.

Expressions come from session files that people share. Only arithmetic, comparisons,
indexing, argument names, literals and the numpy functions and array members listed here
are allowed; `clstudio.expressions.evaluator` evaluates what passes, sizing every step first.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping
from keyword import iskeyword
from types import EllipsisType, NoneType
from typing import Any

import numpy as np

from clstudio.common import N_, gettext

MAX_LENGTH = 10_000  # characters
MAX_DEPTH = 100  # nested syntax nodes
MAX_INT_BITS = 1024  # Python integers: 10**10**10 would take the process down
# The fields of each struct argument, which `p["pos"]` may name.
Fields = Mapping[str, frozenset[str]]
NO_FIELDS: Fields = {}


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

BINARY_OPERATORS: dict[type[ast.operator], tuple[str, Callable[[Any, Any], Any]]] = {
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
UNARY_OPERATORS: dict[type[ast.unaryop], tuple[str, Callable[[Any], Any]]] = {
    ast.USub: ("-", operator.neg),
    ast.UAdd: ("+", operator.pos),
    ast.Invert: ("~", operator.invert),
}
COMPARISONS: dict[type[ast.cmpop], tuple[str, Callable[[Any, Any], Any]]] = {
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
    ast.Lambda: N_("lambda functions are not allowed"),
    ast.ListComp: N_("comprehensions are not allowed"),
    ast.SetComp: N_("comprehensions are not allowed"),
    ast.DictComp: N_("comprehensions are not allowed"),
    ast.GeneratorExp: N_("comprehensions are not allowed"),
    ast.JoinedStr: N_("f-strings are not allowed"),
    ast.NamedExpr: N_("assignment expressions (:=) are not allowed"),
    ast.Starred: N_("starred expressions (*x) are not allowed"),
    ast.Dict: N_("dict literals are not allowed"),
    ast.Set: N_("set literals are not allowed"),
    ast.IfExp: N_("conditional expressions are not allowed; use np.where(condition, x, y)"),
    ast.BoolOp: N_(
        "'and' and 'or' are not allowed; use & and | (or np.logical_and, np.logical_or)"
    ),
}


class ExpressionError(ValueError):
    """A reference expression that is refused or fails; the message says what and where."""

    def __init__(self, message: str, column: int | None = None) -> None:
        if column is not None:
            message = gettext("{problem} (column {column})").format(problem=message, column=column)
        super().__init__(message)
        self.column = column


def expression_name(argument: str) -> str:
    """The name an argument has in expressions: its own, or `in_` for an argument named with
    a Python keyword (`in`, `lambda`), which no expression could write."""
    return f"{argument}_" if iskeyword(argument) else argument


def parse(expr: str, names: frozenset[str], fields: Fields = NO_FIELDS) -> ast.Expression:
    """The syntax tree of an allowed expression over `names`; refuses everything else.

    A string subscript names a field of a struct argument: `p["pos"]`, `p[0]["mass"]`.
    """
    if len(expr) > MAX_LENGTH:
        raise ExpressionError(
            gettext("the expression is {length} characters long: over the {most} limit").format(
                length=f"{len(expr):,}", most=f"{MAX_LENGTH:,}"
            )
        )
    if not expr.strip():
        raise ExpressionError(gettext("the expression is empty"))
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError as exc:
        problem = gettext("syntax error: {reason}").format(reason=exc.msg)
        renamed = sorted(name for name in names if name.endswith("_") and iskeyword(name[:-1]))
        if any(re.search(rf"\b{name[:-1]}\b", expr) for name in renamed):
            problem += gettext(
                "; an argument named with a Python keyword is written with _ after it "
                "in expressions: {names}"
            ).format(names=", ".join(renamed))
        raise ExpressionError(problem, exc.offset) from None
    except (RecursionError, MemoryError):
        raise ExpressionError(_too_deep()) from None
    _validate(tree, names, fields)
    return tree


def _too_deep() -> str:
    return gettext("the expression is nested over {most} levels deep").format(most=MAX_DEPTH)


def not_a_name(name: str) -> str:
    """The refusal of a name that is neither an argument nor numpy's."""
    return gettext("name {name} is not an argument or an allowed function").format(name=repr(name))


def refusal(message: str, node: ast.AST) -> ExpressionError:
    """An error that points at the column where `node` starts."""
    offset = getattr(node, "col_offset", None)
    return ExpressionError(message, None if offset is None else offset + 1)


def _validate(tree: ast.Expression, names: frozenset[str], fields: Fields) -> None:
    """Walk the tree without recursion (it may be deeper than Python's stack allows)."""
    stack: list[tuple[ast.AST, int, bool]] = [(tree.body, 1, False)]
    while stack:
        node, depth, called = stack.pop()
        if depth > MAX_DEPTH:
            raise refusal(_too_deep(), node)
        if isinstance(node, ast.Subscript) and _is_text(node.slice):
            _check_field(node, fields)
            children: list[tuple[Any, bool]] = [(node.value, False)]
        else:
            children = _checked_children(node, names, called)
        stack.extend((child, depth + 1, c) for child, c in reversed(children))  # left first


def _checked_children(node: ast.AST, names: frozenset[str], called: bool) -> list[tuple[Any, bool]]:
    """Refuse `node` unless allowed; return its sub-expressions, each marked if it is called."""
    if isinstance(node, ast.Constant):
        _check_constant(node)
        return []
    if isinstance(node, ast.Name):
        if node.id == "np":
            raise refusal(gettext("np must be followed by a function name, as in np.sum(a)"), node)
        if node.id not in names:
            raise refusal(not_a_name(node.id), node)
        return []
    if isinstance(node, ast.Attribute):
        return _check_attribute(node, names, called)
    if isinstance(node, ast.Call):
        return _check_call(node, names)
    if isinstance(node, ast.BinOp):
        if type(node.op) not in BINARY_OPERATORS:
            symbol, function = _SHIFTS[type(node.op)]
            problem = gettext("operator '{symbol}' is not allowed; use np.{function}")
            raise refusal(problem.format(symbol=symbol, function=function), node)
        return [(node.left, False), (node.right, False)]
    if isinstance(node, ast.UnaryOp):
        if type(node.op) not in UNARY_OPERATORS:
            raise refusal(gettext("'not' is not allowed; use ~ or np.logical_not"), node)
        return [(node.operand, False)]
    if isinstance(node, ast.Compare):
        for op in node.ops:
            if type(op) not in COMPARISONS:
                problem = gettext("comparison '{operator}' is not allowed")
                raise refusal(problem.format(operator=_REFUSED_COMPARE[type(op)]), node)
        return [(n, False) for n in (node.left, *node.comparators)]
    if isinstance(node, ast.Subscript):
        return [(node.value, False), (node.slice, False)]
    if isinstance(node, ast.Slice):
        return [(n, False) for n in (node.lower, node.upper, node.step) if n is not None]
    if isinstance(node, ast.Tuple | ast.List):
        return [(n, False) for n in node.elts]
    if type(node) in _REFUSED_SYNTAX:
        message = gettext(_REFUSED_SYNTAX[type(node)])
    else:
        message = gettext("{syntax} is not allowed").format(syntax=type(node).__name__)
    raise refusal(message, node)


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _check_field(node: ast.Subscript, fields: Fields) -> None:
    """`p["pos"]`: the subscripted argument is a struct's, and `pos` one of its fields."""
    assert isinstance(node.slice, ast.Constant)
    field = node.slice.value
    root = node.value
    while isinstance(root, ast.Subscript):
        root = root.value
    if not isinstance(root, ast.Name) or root.id not in fields:
        structs = ", ".join(fields) or gettext("there are none")
        problem = gettext(
            "a string index such as [{field}] names a field of a struct argument ({structs})"
        ).format(field=_short(repr(field)), structs=structs)
        raise refusal(problem, node.slice)
    if field not in fields[root.id]:
        problem = gettext("{field} is not a field of {name} (its fields: {known})").format(
            field=_short(repr(field)), name=root.id, known=", ".join(sorted(fields[root.id]))
        )
        raise refusal(problem, node.slice)


def _check_constant(node: ast.Constant) -> None:
    value = node.value
    if isinstance(value, str):
        if value not in DTYPE_NAMES | OPTION_STRINGS:
            raise refusal(
                gettext(
                    "string {text} is not allowed: strings name dtypes "
                    "('float32') or options ('same')"
                ).format(text=_short(repr(value))),
                node,
            )
    elif isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        problem = gettext("integer literal of over {bits} bits").format(bits=MAX_INT_BITS)
        raise refusal(problem, node)
    elif not isinstance(value, int | float | complex | NoneType | EllipsisType):
        problem = gettext("{type} literals are not allowed").format(type=type(value).__name__)
        raise refusal(problem, node)


def _check_attribute(
    node: ast.Attribute, names: frozenset[str], called: bool
) -> list[tuple[Any, bool]]:
    root = node.value  # name the leftmost problem, as a reader meets it: 'os' in os.path.join
    while isinstance(root, ast.Attribute):
        if is_np(root.value) and root.attr not in NP_FUNCTIONS | NP_CONSTANTS:
            raise refusal(_not_numpy(root.attr), root)
        root = root.value
    if isinstance(root, ast.Name) and root.id not in names | {"np"}:
        raise refusal(not_a_name(root.id), root)
    attr = node.attr
    if attr.startswith("_"):
        raise refusal(_bad_attribute(attr), node)
    if is_np(node.value):
        if attr in NP_FUNCTIONS and not called:
            if isinstance(getattr(np, attr), type):
                problem = gettext(
                    "np.{name} must be called; give dtypes as strings, as in .astype('float32')"
                )
            else:
                problem = gettext("np.{name} must be called")
            raise refusal(problem.format(name=attr), node)
        if attr in NP_CONSTANTS and called:
            raise refusal(gettext("np.{name} cannot be called").format(name=attr), node)
        if attr not in NP_FUNCTIONS | NP_CONSTANTS:
            raise refusal(_not_numpy(attr), node)
        return []
    if attr in ARRAY_METHODS and not called:
        problem = gettext("method '{name}' must be called, as in .{name}()")
        raise refusal(problem.format(name=attr), node)
    if attr in ARRAY_PROPERTIES and called:
        raise refusal(gettext("attribute '{name}' cannot be called").format(name=attr), node)
    if attr not in ARRAY_METHODS | ARRAY_PROPERTIES:
        raise refusal(_bad_attribute(attr), node)
    return [(node.value, False)]


def _not_numpy(name: str) -> str:
    return gettext("np.{name} is not an allowed numpy function").format(name=name)


def _bad_attribute(name: str) -> str:
    return gettext("attribute {name} is not allowed").format(name=repr(name))


def _check_call(node: ast.Call, names: frozenset[str]) -> list[tuple[Any, bool]]:
    func = node.func
    if isinstance(func, ast.Name) and func.id not in names | {"np"}:
        raise refusal(not_a_name(func.id), func)
    if not isinstance(func, ast.Attribute):
        problem = gettext("only numpy functions (np.sum) and array methods (a.sum) can be called")
        raise refusal(problem, func)
    for keyword in node.keywords:
        if keyword.arg is None:
            problem = gettext("keyword unpacking (**kwargs) is not allowed")
            raise refusal(problem, keyword.value)
        if keyword.arg not in KEYWORDS:
            problem = gettext("keyword {name} is not allowed").format(name=repr(keyword.arg))
            raise refusal(problem, keyword.value)
    return [
        (func, True),
        *((a, False) for a in node.args),
        *((k.value, False) for k in node.keywords),
    ]


def is_np(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "np"


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
