"""The safe evaluator of reference expressions: its allow-lists, its cost model, its values."""

from clstudio.expressions.evaluator import (
    ExpressionError,
    check_expression,
    evaluate,
    struct_fields,
)
from clstudio.expressions.rules import NO_FIELDS, Fields, expression_name

__all__ = [
    "NO_FIELDS",
    "ExpressionError",
    "Fields",
    "check_expression",
    "evaluate",
    "expression_name",
    "struct_fields",
]
