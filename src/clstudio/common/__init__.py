"""Element types, units, plain results, and the .npy and text file helpers every layer shares."""

from clstudio.common.build_option_limits import MAX_BUILD_OPTIONS_CHARS, build_options_problem
from clstudio.common.dtypes import (
    NUMPY_TO_OPENCL,
    OPENCL_SCALARS,
    VECTOR_WIDTHS,
    ElementType,
    TypeNameError,
    kernel_type,
    parse_element_type,
    pointee_type,
    value_range,
)
from clstudio.common.npy_files import NpyError, load_array, resolve, save_array_atomically
from clstudio.common.regular_files import (
    MAX_TEXT_BYTES,
    NotRegularFileError,
    open_regular_file,
    read_text_file,
)
from clstudio.common.results import (
    PHASES,
    BuildResult,
    Diagnostic,
    GuardReport,
    KernelArgInfo,
    KernelSignature,
    ReferenceReport,
    RunError,
    RunResult,
    Step,
    Timing,
)
from clstudio.common.run_steps import RUN_STEPS, STEP_NUMBERS, RunStep, step_at
from clstudio.common.terminal_text import escape_controls, escaped_output
from clstudio.common.text_files import write_bytes_atomically, write_text_atomically
from clstudio.common.units import format_bytes, format_seconds

__all__ = [
    "MAX_BUILD_OPTIONS_CHARS",
    "MAX_TEXT_BYTES",
    "NUMPY_TO_OPENCL",
    "OPENCL_SCALARS",
    "PHASES",
    "RUN_STEPS",
    "STEP_NUMBERS",
    "VECTOR_WIDTHS",
    "BuildResult",
    "Diagnostic",
    "ElementType",
    "GuardReport",
    "KernelArgInfo",
    "KernelSignature",
    "NotRegularFileError",
    "NpyError",
    "ReferenceReport",
    "RunError",
    "RunResult",
    "RunStep",
    "Step",
    "Timing",
    "TypeNameError",
    "build_options_problem",
    "escape_controls",
    "escaped_output",
    "format_bytes",
    "format_seconds",
    "kernel_type",
    "load_array",
    "open_regular_file",
    "parse_element_type",
    "pointee_type",
    "read_text_file",
    "resolve",
    "save_array_atomically",
    "step_at",
    "value_range",
    "write_bytes_atomically",
    "write_text_atomically",
]
