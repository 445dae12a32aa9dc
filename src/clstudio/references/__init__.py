"""The reference check, pure numpy: an output against its expression or golden file."""

from clstudio.references.reference_check import check_reference, reference_output
from clstudio.references.reference_namespace import reference_namespace, scalar_bytes

__all__ = ["check_reference", "reference_namespace", "reference_output", "scalar_bytes"]
