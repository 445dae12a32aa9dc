"""What can be told before a run: validation, argument defaults, the index space."""

from clstudio.checks.arg_defaults import (
    DEFAULT_PICTURE,
    ArgChange,
    reconcile,
    unsupported_reason,
    usable_references,
)
from clstudio.checks.index_space import (
    FillChoice,
    IndexSpace,
    fill_choices,
    range_warning,
    suggested_local_size,
    summary,
)
from clstudio.checks.local_sizes import dimension_choices, local_size_candidates
from clstudio.checks.validate import describe, expected_kind, validate

__all__ = [
    "DEFAULT_PICTURE",
    "ArgChange",
    "FillChoice",
    "IndexSpace",
    "describe",
    "dimension_choices",
    "expected_kind",
    "fill_choices",
    "local_size_candidates",
    "range_warning",
    "reconcile",
    "suggested_local_size",
    "summary",
    "unsupported_reason",
    "usable_references",
    "validate",
]
