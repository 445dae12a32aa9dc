"""What can be told before a run: validation, argument defaults, the index space, and
the arguments form's state."""

from clstudio.validation.arg_defaults import (
    DEFAULT_PICTURE,
    ArgChange,
    reconcile,
    unsupported_reason,
    usable_references,
)
from clstudio.validation.buffer_use import null_reads
from clstudio.validation.form_state import (
    FormState,
    ProgramFit,
    fit_program,
    form_state,
    with_argument,
    with_range,
    with_references,
)
from clstudio.validation.index_space import (
    FillChoice,
    IndexSpace,
    suggested_local_size,
    summary,
)
from clstudio.validation.local_sizes import dimension_choices, local_size_candidates
from clstudio.validation.ndrange_limits import check_ndrange, non_uniform_allowed
from clstudio.validation.program_validation import (
    launch_heading,
    launch_iteration_heading,
    launch_session,
    program_problems,
    program_signature,
    validate_program,
)
from clstudio.validation.size_suggestion import SizeSuggestion, suggest_size, with_named_size
from clstudio.validation.validate import describe, expected_kind, type_problem, validate

__all__ = [
    "DEFAULT_PICTURE",
    "ArgChange",
    "FillChoice",
    "FormState",
    "IndexSpace",
    "ProgramFit",
    "SizeSuggestion",
    "check_ndrange",
    "describe",
    "dimension_choices",
    "expected_kind",
    "fit_program",
    "form_state",
    "launch_heading",
    "launch_iteration_heading",
    "launch_session",
    "local_size_candidates",
    "non_uniform_allowed",
    "null_reads",
    "program_problems",
    "program_signature",
    "reconcile",
    "suggest_size",
    "suggested_local_size",
    "summary",
    "type_problem",
    "unsupported_reason",
    "usable_references",
    "validate",
    "validate_program",
    "with_argument",
    "with_named_size",
    "with_range",
    "with_references",
]
