"""Reference expressions: what learners write evaluates like numpy; hostile text is refused."""

import ast
import builtins
from typing import Any

import numpy as np
import pytest
from numpy.typing import ArrayLike

from clstudio.common.results import ReferenceReport
from clstudio.expressions import evaluator as expression
from clstudio.expressions import rules as expression_rules
from clstudio.references.reference_check import (
    ExpressionError,
    check_expression,
    check_reference,
    evaluate,
)
from clstudio.session.format import Reference

# What a reference expression sees: the run's arrays and scalars, by argument name.
Namespace = dict[str, Any]


@pytest.fixture
def ns() -> Namespace:
    rng = np.random.default_rng(7)
    return {
        "a": np.arange(12, dtype=np.float32).reshape(3, 4),
        "b": np.linspace(1, 2, 12, dtype=np.float32).reshape(3, 4),
        "m": rng.uniform(-1, 1, (4, 5)).astype(np.float32),
        "x": np.arange(1024, dtype=np.float32),
        "w": np.array([0.25, 0.5, 0.25], dtype=np.float32),
        "h": rng.integers(0, 256, 4096).astype(np.uint32),
        "img": rng.uniform(0, 255, (8, 6)).astype(np.float32),
        "v": np.arange(32, dtype=np.float32).reshape(8, 4),  # a float4 buffer of 8 elements
        "s": np.float32(2.5),
        "n": np.int32(3),
    }


# The gallery's references, and every construct the language allows.
ALLOWED = [
    "a + b",
    "a - b * 2",
    "a / b",
    "a // 2",
    "a % 3",
    "a ** 2",
    "-a",
    "+a",
    "a @ m",
    "np.matmul(a, m)",
    "np.dot(a, m)",
    "a.dot(m)",
    "a.T",
    "np.transpose(a)",
    "a.transpose()",
    "x.reshape(-1, 256).sum(axis=1)",
    "np.cumsum(x.reshape(-1, 256), axis=1).ravel()",
    "np.bincount(h, minlength=256)",
    "np.convolve(x, w, mode='same')",
    "np.pad(img, 1, mode='edge')",
    "(np.pad(img, 1, mode='edge')[:-2, 1:-1] + img + np.pad(img, 1, mode='edge')[2:, 1:-1]) / 3",
    "np.clip(img / 3, 0, 255).astype('uint8')",
    "np.where(x > 100, x, 0)",
    "np.clip(x, 10, 20)",
    "np.sqrt(x)",
    "np.exp(-x / 1024)",
    "np.sin(x)",
    "np.abs(x - 512)",
    "np.minimum(x, 7)",
    "np.maximum(x, 7)",
    "np.round(x / 3)",
    "np.round(x / 3, decimals=1)",
    "np.floor(x / 3)",
    "np.float32(s) * x",
    "x.astype('float64')",
    "np.arange(1024, dtype='float32')",
    "np.zeros_like(x)",
    "np.ones((2, 3), 'int32')",
    "np.full(4, s)",
    "np.stack([x, x])",
    "np.concatenate([x, x])",
    "np.roll(x, 1)",
    "np.sum(x)",
    "np.mean(x)",
    "np.max(x)",
    "np.min(x)",
    "np.prod(w)",
    "np.reshape(x, (32, 32))",
    "x.mean()",
    "x.max()",
    "x.min()",
    "x.cumsum()",
    "x.sum(dtype='float64')",
    "a.shape[0] * x",
    "x[::2]",
    "x[..., None]",
    "a[:, np.newaxis, 1]",
    "x[[0, 2, 4]]",
    "x[x > 5]",
    "(x > 2) & (x < 9) | (x == 100)",
    "~(x > 2)",
    "np.logical_or(x < 2, x > 9)",
    "v[:, 0] + v[:, 3]",
    "np.pi * x",
    "x * 1e-3 + 1j",
    "s * x + n",
    "np.linspace(0, 1, 11)",
    "np.eye(3) + np.identity(3)",
    "np.tile(w, 2)",
    "np.repeat(w, 2)",
    "w.repeat(2)",
    "np.outer(w, w)",
    "np.unique(h)",
    "np.sort(h)[::-1]",
    "np.array([[1, 2], [3, 4]]) * 2",
    "x.size + a.ndim",
    "np.where(x > 3)[0]",
    "True + 1",
]


@pytest.mark.parametrize("expr", ALLOWED)
def test_allowed_expressions_evaluate_like_numpy(expr: str, ns: Namespace) -> None:
    got = evaluate(expr, ns)
    want = np.asarray(eval(expr, {"np": np}, dict(ns)))  # the oracle, on our own trusted text
    assert got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_chained_comparisons_hold_elementwise(ns: Namespace) -> None:
    x = ns["x"]
    np.testing.assert_array_equal(evaluate("0 < x <= 5", ns), (x > 0) & (x <= 5))


def test_none_is_not_a_result(ns: Namespace) -> None:
    with pytest.raises(ExpressionError, match="must be numbers"):
        evaluate("None", ns)


def test_arguments_are_read_only_inside_and_results_are_fresh(ns: Namespace) -> None:
    before = ns["x"].copy()
    result = evaluate("x", ns)
    result[:] = -1
    np.testing.assert_array_equal(ns["x"], before)
    with pytest.raises(ExpressionError, match="keyword 'out' is not allowed"):
        evaluate("np.add(x, 1, out=x)", ns)


def test_vector_scalars_are_arrays_and_locals_are_not_usable(ns: Namespace) -> None:
    ns["c"] = (1.0, 2.0, 3.0, 4.0)  # a float4 scalar argument
    np.testing.assert_array_equal(evaluate("v * c", ns), ns["v"] * np.array([1, 2, 3, 4]))
    ns["scratch"] = object()  # a __local argument has no contents
    with pytest.raises(ExpressionError, match="argument 'scratch' cannot be used"):
        evaluate("scratch + 1", ns)


def test_expressions_are_parsed_but_never_compiled_or_run_by_python(
    ns: Namespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_compile = builtins.compile

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("Python ran the expression")

    def parse_only(
        source: str, filename: str, mode: str, flags: int = 0, *args: Any, **kwargs: Any
    ) -> ast.AST:
        assert flags & ast.PyCF_ONLY_AST, "Python compiled the expression to code"
        tree: ast.AST = real_compile(source, filename, mode, flags, *args, **kwargs)
        return tree

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(builtins, "exec", refuse)
    monkeypatch.setattr(builtins, "compile", parse_only)
    np.testing.assert_array_equal(evaluate("a + b", ns), ns["a"] + ns["b"])


def test_every_allow_listed_function_exists_in_numpy() -> None:
    for name in expression_rules.NP_FUNCTIONS:
        assert callable(getattr(np, name)), name
    for name in expression_rules.ARRAY_METHODS:
        assert callable(getattr(np.ndarray, name)), name


# Refused by static validation, which is what a loaded session file goes through.
HOSTILE_STATIC = [
    ("__import__('os')", "name '__import__' is not an argument or an allowed function"),
    ("os.system('rm')", "name 'os' is not an argument or an allowed function"),
    ("np.__dict__", "attribute '__dict__' is not allowed"),
    ("a.__class__", "attribute '__class__' is not allowed"),
    ("().__class__.__bases__", "attribute '__bases__' is not allowed"),
    ("a.__class__.__subclasses__()", "attribute '__subclasses__' is not allowed"),
    ("open('x')", "name 'open' is not an argument"),
    ("eval('1')", "name 'eval' is not an argument"),
    ("exec('1')", "name 'exec' is not an argument"),
    ("getattr(a, 'ctypes')", "name 'getattr' is not an argument"),
    ("lambda: 0", "lambda functions are not allowed"),
    ("[x for x in a]", "comprehensions are not allowed"),
    ("list(x for x in a)", "name 'list'"),
    ("sum(x for x in a)", "name 'sum'"),
    ("{k: 1 for k in a}", "comprehensions are not allowed"),
    ("np.load('f')", "np.load is not an allowed numpy function"),
    ("np.fromfile", "np.fromfile is not an allowed numpy function"),
    ("np.fromfile('f')", "np.fromfile is not an allowed numpy function"),
    ("np.save", "np.save is not an allowed numpy function"),
    ("np.ctypeslib", "np.ctypeslib is not an allowed numpy function"),
    ("np.random.rand(3)", "np.random is not an allowed numpy function"),
    ("np.vectorize(np.sum)", "np.vectorize is not an allowed numpy function"),
    ("a.ctypes", "attribute 'ctypes' is not allowed"),
    ("a.base", "attribute 'base' is not allowed"),
    ("a.tofile('x')", "attribute 'tofile' is not allowed"),
    ("a.sort()", "attribute 'sort' is not allowed"),
    ("a.fill(0)", "attribute 'fill' is not allowed"),
    ("a.tolist()", "attribute 'tolist' is not allowed"),
    ("f'{a}'", "f-strings are not allowed"),
    ("(y := a)", "assignment expressions (:=) are not allowed"),
    ("np.sum(*a)", "starred expressions (*x) are not allowed"),
    ("[*a]", "starred expressions (*x) are not allowed"),
    ("np.sum(a, **{'axis': 0})", "keyword unpacking (**kwargs) is not allowed"),
    ("np.add(a, b, out=a)", "keyword 'out' is not allowed"),
    ("a.astype('O')", "string 'O' is not allowed"),
    ("np.zeros(3, dtype='object')", "string 'object' is not allowed"),
    ("b'x'", "bytes literals are not allowed"),
    ("{1: a}", "dict literals are not allowed"),
    ("{a}", "set literals are not allowed"),
    ("a if b else a", "conditional expressions are not allowed; use np.where"),
    ("a and b", "'and' and 'or' are not allowed"),
    ("not a", "'not' is not allowed"),
    ("a in b", "comparison 'in' is not allowed"),
    ("a is b", "comparison 'is' is not allowed"),
    ("1 << 10**9", "operator '<<' is not allowed; use np.left_shift"),
    ("np", "np must be followed by a function name"),
    ("np.sum", "np.sum must be called"),
    ("x.astype(np.float32)", "np.float32 must be called; give dtypes as strings"),
    ("a.sum", "method 'sum' must be called"),
    ("a.shape()", "attribute 'shape' cannot be called"),
    ("np.pi()", "np.pi cannot be called"),
    ("a(1)", "only numpy functions (np.sum) and array methods (a.sum) can be called"),
    ("a[0](1)", "only numpy functions"),
    ("import os", "syntax error"),
    ("a = 1", "syntax error"),
    ("a\0", "syntax error"),
    ("", "the expression is empty"),
    ("1" + "0" * 400, "integer literal of over 1024 bits"),
    ("a" + " + a" * 2500, "characters long: over the 10,000 limit"),
    ("-" * 150 + "a", "nested over 100 levels deep"),
    ("-" * 5000 + "a", "nested over 100 levels deep"),
    ("a" + "+a" * 150, "nested over 100 levels deep"),
    ("(" * 300 + "a" + ")" * 300, "syntax error: too many nested parentheses"),
]


@pytest.mark.parametrize(("expr", "message"), HOSTILE_STATIC)
def test_hostile_expressions_are_refused_before_running(
    expr: str, message: str, ns: Namespace
) -> None:
    with pytest.raises(ExpressionError) as caught:
        check_expression(expr, ns)
    assert message in str(caught.value)
    with pytest.raises(ExpressionError, match=r"."):
        evaluate(expr, ns)


# Refused while evaluating, before numpy allocates or computes anything big.
HOSTILE_RUNTIME = [
    ("np.ones(10**12)", "np.ones would allocate 7.28 TiB: over the 1 GiB limit"),
    ("np.zeros((10**6, 10**6))", "np.zeros would allocate 7.28 TiB: over the 1 GiB limit"),
    ("np.full((10**6, 10**6), 1)", "np.full would allocate 7.28 TiB"),
    ("np.zeros(10**300)", "np.zeros would allocate more than 1024 PiB"),
    ("10**10**10", "10 ** 10000000000 is too large a number: over 1024 bits"),
    ("2**2000", "2 ** 2000 is too large a number"),
    ("(2**1000) * (2**1000)", "'*' gives an integer of over 1024 bits"),
    ("np.arange(0, 1, 1e-12)", "np.arange would allocate 7.28 TiB"),
    ("np.arange(10**12)", "np.arange would allocate 7.28 TiB"),
    ("np.linspace(0, 1, 10**12)", "np.linspace would allocate 7.28 TiB"),
    ("np.eye(10**6)", "np.eye would allocate 7.28 TiB"),
    ("np.identity(10**6)", "np.identity would allocate 7.28 TiB"),
    ("np.tile(x, 10**9)", "np.tile would allocate 7.45 TiB"),
    ("np.tile(x, (10**6, 10**3))", "np.tile would allocate 7.45 TiB"),
    ("np.repeat(x, 10**9)", "np.repeat would allocate 7.45 TiB"),
    ("x.repeat(10**9)", "x.repeat would allocate 7.45 TiB"),
    ("np.pad(x, 10**12)", "np.pad would allocate 14.6 TiB"),
    ("np.bincount(np.array([10**12]))", "np.bincount would allocate 7.28 TiB"),
    ("np.outer(x, np.ones(10**6))", "np.outer would allocate 7.63 GiB"),
    ("x[:, None] * np.ones((1, 10**6))", "'*' would allocate 7.63 GiB"),
    ("x[:, None] < np.ones((1, 10**6))", "'<' would allocate 7.63 GiB"),
    ("np.add(x[:, None], np.ones((1, 10**6)))", "np.add would allocate 7.63 GiB"),
    ("x.astype('complex128')[np.zeros(7 * 10**7, 'uint8')]", "x.astype(...)[...] would allocate"),
    ("np.broadcast_to(x, (10**6, 1024))", "np.broadcast_to gives 3.81 GiB: over the 1 GiB limit"),
    ("np.zeros((0, 402653184)).sum(axis=0)", ".sum would allocate 3 GiB: over the 1 GiB limit"),
    ("np.zeros((402653184, 0)).mean(axis=1)", ".mean would allocate 3 GiB"),
    ("np.sum(np.zeros((0, 402653184)), axis=0)", "np.sum would allocate 3 GiB"),
    ("np.max(np.zeros((0, 4, 10**8)), axis=0, initial=0)", "np.max would allocate 2.98 GiB"),
    ("np.ones((0, 10**8, 4)).any(axis=(0,))", ".any would allocate 2.98 GiB"),
    ("np.zeros((0, 2**30)).T.prod(axis=1, keepdims=True)", ".prod would allocate 8 GiB"),
    ("np.ones((3000, 3000)) @ np.ones((3000, 3000))", "'@' would take 2.7e+10 operations"),
    ("np.matmul(np.ones((3000, 3000)), np.ones((3000, 3000)))", "np.matmul would take 2.7e+10"),
    ("np.convolve(np.ones(10**6), np.ones(10**5))", "np.convolve would take 1e+11 operations"),
    ("np.pad(np.ones(2), 10**7, mode='reflect')", "np.pad would take"),
    ("[0] * 10**9", "'*' needs numbers or arrays, not a list; wrap lists in np.array"),
    ("(a,) * 10**9", "'*' needs numbers or arrays, not a tuple"),
    ("np.array([1, None])", "np.array gives object values, not numbers"),
    ("a.dtype", "must be numbers"),
    ("a.shape.T", "'.T' needs an array, not a tuple"),
    ("a @ x", "'@': matmul"),
    ("1 / 0", "'/': division by zero"),
    ("a[10]", "a[...]: index 10 is out of bounds"),
]


@pytest.mark.parametrize(("expr", "message"), HOSTILE_RUNTIME)
def test_costly_or_broken_expressions_are_refused_when_evaluated(
    expr: str, message: str, ns: Namespace
) -> None:
    check_expression(expr, ns)  # well formed: only evaluation can tell
    with pytest.raises(ExpressionError) as caught:
        evaluate(expr, ns)
    assert message in str(caught.value)


def test_a_legitimate_large_product_is_allowed() -> None:
    got = evaluate("np.ones((512, 512)) @ np.ones((512, 512))", {})
    assert got.shape == (512, 512) and got[0, 0] == 512


def test_all_arrays_of_one_evaluation_are_capped_together(
    ns: Namespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expression, "MAX_TOTAL_BYTES", 3 * 4096)
    evaluate("np.stack([x, x])", ns)  # 8 KiB of new array: the stack
    with pytest.raises(ExpressionError, match="makes more than 12 KiB of arrays"):
        evaluate("np.stack([x + 1, x + 2])", ns)


def test_lists_of_arrays_are_sized_as_the_array_numpy_stacks_them_into(
    ns: Namespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expression, "MAX_BYTES", 4 * 8192)
    evaluate("np.array([x, x])", ns)
    for expr in ("np.array([x, x, x, x, x])", "np.max([x, x, x, x, x], axis=0)"):
        with pytest.raises(ExpressionError, match=r"would allocate"):
            evaluate(expr, ns)


def test_the_time_an_evaluation_takes_is_bounded_by_the_data_it_touches(
    ns: Namespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expression, "MAX_TOUCHED_BYTES", 10 * 4096)
    evaluate("[np.sum(x), np.sum(x), np.sum(x)]", ns)  # x is 4 KiB
    with pytest.raises(ExpressionError, match="reads and writes more than 40 KiB of arrays"):
        evaluate("[" + "np.sum(x), " * 20 + "]", ns)


def test_errors_say_where() -> None:
    with pytest.raises(ExpressionError) as caught:
        check_expression("a + os", ["a"])
    assert caught.value.column == 5
    assert str(caught.value).endswith("(column 5)")


def test_check_expression_knows_only_the_given_names() -> None:
    check_expression("a + b", ["a", "b"])
    with pytest.raises(ExpressionError, match="name 'scratch' is not an argument"):
        check_expression("a + scratch", ["a"])


def report(
    expr: str, actual: ArrayLike, ns: Namespace, rtol: float = 1e-5, atol: float = 1e-6
) -> ReferenceReport:
    return check_reference("c", Reference(expr, rtol, atol), np.asarray(actual), ns)


def test_a_matching_output_passes(ns: Namespace) -> None:
    result = report("a + b", ns["a"] + ns["b"], ns)
    assert result.ok and result.name == "c" and result.expr == "a + b"
    assert result.max_abs_err == 0.0 and result.max_rel_err == 0.0
    assert "all 12 values match" in result.message


def test_small_differences_within_tolerance_pass(ns: Namespace) -> None:
    result = report("a * 2", ns["a"] * 2 + 1e-7, ns)
    assert result.ok
    assert result.max_abs_err is not None and 0 < result.max_abs_err < 1e-6


def test_a_wrong_element_is_found_with_its_errors(ns: Namespace) -> None:
    actual = ns["a"] + ns["b"]
    expected_value = float(actual[2, 3])
    actual[2, 3] += 0.5
    result = report("a + b", actual, ns)
    assert not result.ok
    assert result.worst_index == (2, 3)
    assert result.max_abs_err == pytest.approx(0.5)
    assert result.max_rel_err == pytest.approx(0.5 / expected_value)
    assert "1 of 12 values differ" in result.message
    assert "worst at [2, 3]" in result.message
    assert result.expected == pytest.approx(expected_value)  # the values there, as numbers
    assert result.actual == pytest.approx(expected_value + 0.5)


def test_the_worst_element_is_the_one_furthest_over_its_tolerance() -> None:
    ns = {"e": np.array([1000.0, 1.0])}
    result = report("e", [1000.5, 1.4], ns, rtol=1e-3, atol=0.0)
    assert not result.ok
    assert result.worst_index == (1,)  # 0.4 over a tolerance of 0.001
    assert result.max_abs_err == pytest.approx(0.5)  # 0.5, but within 1.0 of tolerance


def test_nan_matches_nan_but_not_a_number() -> None:
    ns = {"e": np.array([1.0, np.nan, 3.0])}
    assert report("e", [1.0, np.nan, 3.0], ns).ok
    result = report("e", [1.0, np.nan, np.nan], ns)
    assert not result.ok
    assert result.worst_index == (2,)
    assert result.max_abs_err == np.inf
    assert "expected 3, got nan" in result.message
    assert not report("e", [1.0, 2.0, 3.0], ns).ok


def test_infinities_match_only_themselves() -> None:
    ns = {"e": np.array([np.inf, -np.inf])}
    assert report("e", [np.inf, -np.inf], ns).ok
    assert not report("e", [np.inf, 1e300], ns).ok
    assert not report("e", [-np.inf, -np.inf], ns).ok


def test_integers_are_compared_as_numbers(ns: Namespace) -> None:
    counts = np.bincount(ns["h"], minlength=256).astype(np.uint32)
    assert report("np.bincount(h, minlength=256)", counts, ns).ok
    counts[7] += 1
    result = report("np.bincount(h, minlength=256)", counts, ns)
    assert not result.ok and result.worst_index == (7,) and result.max_abs_err == 1.0


def test_a_shape_mismatch_is_a_failed_report(ns: Namespace) -> None:
    result = report("x[:10]", np.zeros(12, np.float32), ns)
    assert not result.ok
    assert result.max_abs_err is None and result.worst_index is None
    assert "shape mismatch" in result.message
    assert "(10,)" in result.message and "(12,)" in result.message


def test_same_size_different_shape_is_compared_element_by_element(ns: Namespace) -> None:
    assert report("a.ravel()", ns["a"], ns).ok
    result = report("x.sum()", np.array([ns["x"].sum()]), ns)  # a one-element buffer
    assert result.ok and result.worst_index == (0,)


def test_an_expression_error_becomes_a_failed_report(ns: Namespace) -> None:
    result = report("__import__('os')", ns["a"], ns)
    assert not result.ok
    assert "name '__import__' is not an argument" in result.message
    result = report("np.ones(10**12)", ns["a"], ns)
    assert not result.ok and "over the 1 GiB limit" in result.message
    result = report("a @ x", ns["a"], ns)
    assert not result.ok and "matmul" in result.message


def test_non_numeric_outputs_and_empty_outputs(ns: Namespace) -> None:
    assert not report("a", np.array(["x"] * 12).reshape(3, 4), ns).ok
    empty = report("x[:0]", np.zeros(0, np.float32), ns)
    assert empty.ok and empty.worst_index is None
