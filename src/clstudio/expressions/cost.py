"""What one step of a reference expression would cost, estimated before numpy runs it.

Reference expressions come from shared session files, so `np.ones(10**12)` or a huge
matrix product must be refused before it exhausts memory or hangs the app. These
estimates are deliberately rough but never far below the truth; the evaluator in
`clstudio.expressions.evaluator` compares them with its limits and also checks every actual result.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from clstudio.common import gettext


@dataclass(frozen=True)
class Cost:
    nbytes: int  # size of the result
    work: int = 0  # multiply-adds or loop steps, for steps that are more than one pass
    reads: int = 0  # bytes of the arrays going in


_LOOPING_PAD_MODES = ("reflect", "symmetric", "wrap")


def _shapes(value: object) -> Iterator[tuple[tuple[int, ...], int]]:
    """(shape, itemsize) of each array or number inside a value; lists are opened up."""
    if isinstance(value, np.ndarray | np.generic):
        yield value.shape, value.dtype.itemsize
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _shapes(item)
    elif isinstance(value, complex):
        yield (), 16
    elif isinstance(value, int | float):
        yield (), 8


def _itemsize(values: Iterable[object]) -> int:
    """The widest element among the inputs and any dtype named, at least 8 bytes.

    numpy promotes small integers to float64 in many functions, hence the floor of 8.
    """
    size = 8
    for value in values:
        size = max(size, *(item for _, item in _shapes(value)), _dtype_size(value))
    return size


def _dtype_size(value: object) -> int:
    if isinstance(value, np.dtype):
        return value.itemsize
    if isinstance(value, str):
        try:
            return np.dtype(value).itemsize
        except TypeError:
            return 0  # an option such as mode='same'
    return 0


def _shape(value: object) -> tuple[int, ...]:
    if isinstance(value, np.ndarray | np.generic):
        return value.shape
    return np.asarray(value).shape  # a list literal, small by the expression's length


def _count(value: object) -> int:
    """Elements in an array-like value (a nested list counts each number)."""
    return sum(math.prod(shape) for shape, _ in _shapes(value))


def _broadcast_count(values: Iterable[object]) -> int:
    shapes = [shape for value in values for shape, _ in _shapes(value)]
    try:
        return math.prod(np.broadcast_shapes(*shapes))
    except ValueError:
        return max((math.prod(shape) for shape in shapes), default=0)


def _int(value: object) -> int:
    if isinstance(value, int | np.integer):
        return int(value)
    raise TypeError(gettext("expected an integer, not {type}").format(type=type(value).__name__))


def _float(value: object) -> float:
    if isinstance(value, int | float | np.integer | np.floating):
        return float(value)
    problem = gettext("expected a real number, not {type}")
    raise TypeError(problem.format(type=type(value).__name__))


def _dims(value: object) -> tuple[int, ...]:
    if isinstance(value, list | tuple):
        return tuple(_int(item) for item in value)
    return (_int(value),)


def _arg(
    args: Sequence[object], kwargs: Mapping[str, object], position: int, name: str, default: object
) -> object:
    if len(args) > position:
        return args[position]
    return kwargs.get(name, default)


def _bytes_in(values: Iterable[object]) -> int:
    return sum(math.prod(shape) * item for value in values for shape, item in _shapes(value))


def _listed_count(values: Iterable[object]) -> int:
    """Elements inside list or tuple arguments, which numpy stacks into one array."""
    return sum(_count(value) for value in values if isinstance(value, list | tuple))


def broadcast_cost(operands: Sequence[object]) -> Cost:
    """An elementwise operation: one value per element of the broadcast shape."""
    return Cost(_broadcast_count(operands) * _itemsize(operands), reads=_bytes_in(operands))


def stacked_cost(values: Sequence[object]) -> Cost:
    """Values laid side by side, as np.array turns a list of arrays into one."""
    return Cost(_count(values) * _itemsize(values), reads=_bytes_in(values))


def product_cost(kind: str, a: object, b: object) -> Cost:
    """`a @ b` (kind "matmul") or np.dot(a, b) (kind "dot"): result size and multiply-adds."""
    sa, sb = _shape(a), _shape(b)
    item, reads = _itemsize((a, b)), _bytes_in((a, b))
    if not sa or not sb:  # a product with a scalar is elementwise
        count = math.prod(sa) * math.prod(sb)
        return Cost(count * item, reads=reads)
    if len(sb) == 1:
        out = sa[:-1]
    elif len(sa) == 1:
        out = (*sb[:-2], sb[-1])
    elif kind == "dot":
        out = (*sa[:-1], *sb[:-2], sb[-1])
    else:
        out = (*np.broadcast_shapes(sa[:-2], sb[:-2]), sa[-2], sb[-1])
    count = math.prod(out)
    return Cost(count * item, count * sa[-1], reads)


def index_cost(value: object, index: object) -> Cost:
    """Indexing with integer arrays copies; slices and masks never grow the array."""
    if not isinstance(value, np.ndarray):
        return Cost(0)
    parts = index if isinstance(index, tuple) else (index,)
    arrays = [np.asarray(p) for p in parts if isinstance(p, list | np.ndarray)]
    arrays = [p for p in arrays if p.dtype != np.bool_]
    if not arrays:
        return Cost(0)
    try:
        picked = math.prod(np.broadcast_shapes(*(p.shape for p in arrays)))
    except ValueError:
        return Cost(0)  # numpy refuses the index itself
    rest = math.prod(value.shape[len(arrays) :])
    return Cost(picked * rest * value.itemsize)


def call_cost(name: str, args: Sequence[object], kwargs: Mapping[str, object]) -> Cost:
    """Cost of np.<name>(*args, **kwargs); for a method, args start with the array itself."""
    values = [*args, *kwargs.values()]
    item = _itemsize(values)
    estimate = _ESTIMATES.get(name)
    if estimate is not None:
        return replace(estimate(args, kwargs, item), reads=_bytes_in(values))
    count = max(_broadcast_count(values), _listed_count(values), _largest_reduction(values))
    return Cost(count * item, reads=_bytes_in(values))


def _largest_reduction(values: Iterable[object]) -> int:
    """The most elements a reduction or scan of one input can give, counting empty axes as 1.

    A result may hold more than its input: np.zeros((0, n)).sum(axis=0) holds n zeros
    made from no elements at all, so the input's size bounds nothing.
    """
    return max(
        (
            math.prod(max(size, 1) for size in shape)
            for value in values
            for shape, _ in _shapes(value)
        ),
        default=0,
    )


Estimate = Callable[[Sequence[object], Mapping[str, object], int], Cost]


def _filled(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    return Cost(math.prod(_dims(args[0])) * item if args else 0)


def _arange(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    numbers = [a for a in args[:3] if not isinstance(a, str | np.dtype)]
    if not numbers:
        return Cost(0)  # numpy names what is missing
    start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else (*numbers, 1)[:3]
    try:
        count = -((_int(start) - _int(stop)) // _int(step))
    except TypeError:
        span = (_float(stop) - _float(start)) / _float(step)
        count = math.ceil(span) if math.isfinite(span) else 2**64
    return Cost(max(count, 0) * item)


def _linspace(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    num = _int(_arg(args, kwargs, 2, "num", 50))
    return Cost(max(num, 0) * _broadcast_count(args[:2]) * item)


def _eye(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    rows = _int(args[0])
    cols = rows if len(args) < 2 or args[1] is None else _int(args[1])
    return Cost(rows * cols * item)


def _identity(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    n = _int(args[0])
    return Cost(n * n * item)


def _tile(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    reps = _arg(args, kwargs, 1, "reps", 1)
    return Cost(_count(args[0]) * max(math.prod(_dims(reps)), 0) * item)


def _repeat(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    repeats = np.asarray(_arg(args, kwargs, 1, "repeats", 1))
    most = int(repeats.max()) if repeats.size else 0
    return Cost(_count(args[0]) * max(most, 0) * item)


def _pad(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    shape = _shape(args[0])
    widths = np.asarray(_arg(args, kwargs, 1, "pad_width", 0), dtype=object)
    pairs = [(int(b), int(e)) for b, e in np.broadcast_to(widths, (len(shape), 2))]
    count = math.prod(n + b + e for n, (b, e) in zip(shape, pairs, strict=True))
    loops = 1
    if _arg(args, kwargs, 2, "mode", "constant") in _LOOPING_PAD_MODES:
        # numpy fills a pad wider than the array in a loop, one array length at a time.
        loops = max(
            (-(-max(b, e) // max(n, 1)) for n, (b, e) in zip(shape, pairs, strict=True)), default=1
        )
    return Cost(count * item, count * max(loops, 1))


def _bincount(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    values = np.asarray(args[0])
    top = int(values.max()) + 1 if values.size else 0
    minlength = _int(_arg(args, kwargs, 2, "minlength", 0))
    return Cost(max(top, minlength) * item)


def _outer(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    return Cost(_count(args[0]) * _count(args[1]) * item)


def _convolve(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    a, v = _count(args[0]), _count(args[1])
    return Cost((a + v) * item, a * v)


def _where(args: Sequence[object], kwargs: Mapping[str, object], item: int) -> Cost:
    if len(args) == 1:  # the indices of the true elements, one array per axis
        return Cost(_count(args[0]) * max(len(_shape(args[0])), 1) * item)
    return Cost(_broadcast_count(args) * item)


def _product(kind: str) -> Estimate:
    return lambda args, kwargs, item: product_cost(kind, args[0], args[1])


_ESTIMATES: dict[str, Estimate] = {
    "zeros": _filled,
    "ones": _filled,
    "full": _filled,
    "arange": _arange,
    "linspace": _linspace,
    "eye": _eye,
    "identity": _identity,
    "tile": _tile,
    "repeat": _repeat,
    "pad": _pad,
    "bincount": _bincount,
    "outer": _outer,
    "convolve": _convolve,
    "correlate": _convolve,
    "where": _where,
    "dot": _product("dot"),
    "matmul": _product("matmul"),
}
