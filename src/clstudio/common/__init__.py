"""Element types, units, plain results, and the .npy and text file helpers every layer shares."""

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
from clstudio.common.npy_files import NpyError, load_array, resolve
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
from clstudio.common.text_files import write_text_atomically
from clstudio.common.units import count_text, format_bytes, format_seconds

__all__ = [
    "NUMPY_TO_OPENCL",
    "OPENCL_SCALARS",
    "PHASES",
    "VECTOR_WIDTHS",
    "BuildResult",
    "Diagnostic",
    "ElementType",
    "GuardReport",
    "KernelArgInfo",
    "KernelSignature",
    "NpyError",
    "ReferenceReport",
    "RunError",
    "RunResult",
    "Step",
    "Timing",
    "TypeNameError",
    "count_text",
    "format_bytes",
    "format_seconds",
    "kernel_type",
    "load_array",
    "parse_element_type",
    "pointee_type",
    "resolve",
    "value_range",
    "write_text_atomically",
]
