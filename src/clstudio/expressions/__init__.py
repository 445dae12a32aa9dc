"""The safe evaluator of reference expressions: its allow-lists, its cost model, its values."""

from clstudio.expressions.evaluator import ExpressionError, check_expression, evaluate

__all__ = ["ExpressionError", "check_expression", "evaluate"]
