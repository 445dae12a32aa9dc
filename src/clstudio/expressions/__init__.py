"""The safe evaluator of reference expressions: its allow-lists, its cost model, its values."""
