"""One buffer of the Outputs tab in words: its title, its type and its reference check;
and its export to a file, with what went wrong in words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication

from clstudio.common import NUMPY_TO_OPENCL, format_bytes
from clstudio.ui.results.outputs.buffer_export import save_csv, save_npy
from clstudio.ui.results.viewers.buffer_layout import BufferEntry
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

PASS_COLOUR = "#3f9e4d"
FAIL_COLOUR = "#d9453b"
ROLE_TITLES = {  # shown translated, in the context "OutputsPanel"
    "result": QT_TRANSLATE_NOOP("OutputsPanel", "result"),
    "input": QT_TRANSLATE_NOOP("OutputsPanel", "input"),
    "initial": QT_TRANSLATE_NOOP("OutputsPanel", "initial contents"),
}


def entry_title(entry: BufferEntry) -> str:
    """`c — result`: the buffer's name and what the array is."""
    role = QCoreApplication.translate("OutputsPanel", ROLE_TITLES[entry.role])
    return f"{entry.name} — {role}"


def short_type_text(entry: BufferEntry) -> str:
    """`float4 [1024]`, `real (float) [1024]` or `RGBA uchar [480 × 640]`: for the narrow
    buffer list."""
    scalar = NUMPY_TO_OPENCL.get(entry.array.dtype.name, entry.array.dtype.name)
    shape = " × ".join(map(str, entry.layout.element_shape))
    if entry.layout.fields:
        return f"struct [{shape}]"
    if entry.layout.channels:
        return f"{''.join(entry.layout.channels)} {scalar} [{shape}]"
    lanes = str(entry.layout.lanes) if entry.layout.lanes > 1 else ""
    if entry.layout.written_type:
        return f"{entry.layout.written_type} ({scalar}{lanes}) [{shape}]"
    return f"{scalar}{lanes} [{shape}]"


def type_text(entry: BufferEntry) -> str:
    """The element type, the shape in elements (or pixels) and the size in bytes."""
    return f"{short_type_text(entry)}, {format_bytes(entry.array.nbytes)}"


def reference_text(entry: BufferEntry) -> str:
    """Rich text: pass or fail in colour, the largest errors, and the check's own words."""
    report = entry.reference
    if report is None:
        if entry.undefined:
            text = QCoreApplication.translate(
                "OutputsPanel",
                "'{name}' started uninitialised (no host data): the values the kernel did not "
                "write are undefined.",
            )
        elif entry.role == "result":
            text = QCoreApplication.translate(
                "OutputsPanel", "No reference for '{name}' yet: type one below to check its values."
            )
        else:
            text = QCoreApplication.translate(
                "OutputsPanel", "The contents of '{name}' before the first launch."
            )
        return text.format(name=entry.name)
    colour = PASS_COLOUR if report.ok else FAIL_COLOUR
    errors = []
    if report.max_abs_err is not None:
        errors.append(
            QCoreApplication.translate("OutputsPanel", "max abs error {error}").format(
                error=f"{report.max_abs_err:.3g}"
            )
        )
    if report.max_rel_err is not None:
        errors.append(
            QCoreApplication.translate("OutputsPanel", "max rel error {error}").format(
                error=f"{report.max_rel_err:.3g}"
            )
        )
    detail = f" ({', '.join(errors)})" if errors else ""
    return (
        f"<span style='color:{colour}; font-weight:bold'>{verdict_text(report.ok)}</span>"
        f"{detail}: {_escape(report.message)}"
    )


def verdict_text(ok: bool) -> str:
    if ok:
        return QCoreApplication.translate("OutputsPanel", "Reference check passed")
    return QCoreApplication.translate("OutputsPanel", "Reference check FAILED")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def save_entry(entry: BufferEntry, path: Path) -> str | None:
    """Write the buffer to `path` (.csv as a table, anything else as .npy).

    Returns what went wrong, in words, or None when the file is written.
    """
    if entry.layout.fields and path.suffix.lower() == ".csv":
        return QCoreApplication.translate(
            "OutputsPanel",
            "A buffer of structs saves as .npy; save each of its fields ({name}.{field}) as CSV",
        ).format(name=entry.name, field=entry.layout.fields[0][0])
    try:
        if path.suffix.lower() == ".csv":
            save_csv(entry.array, path, entry.layout.lanes, entry.layout.lane_names)
        else:
            save_npy(entry.array, path)
    except (OSError, ValueError) as exc:
        return QCoreApplication.translate("OutputsPanel", "Could not save {path}: {error}").format(
            path=path, error=exc
        )
    return None
