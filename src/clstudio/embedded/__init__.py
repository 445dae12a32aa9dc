"""OpenCL C embedded in host programs' files: found in their strings, opened as sessions,
and written back into the same string (docs/embedded-kernels.md)."""

from typing import TYPE_CHECKING

from clstudio.common.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from clstudio.embedded.build_template import (
        DTYPES,
        ChosenOptions,
        Dtype,
        OptionNote,
        TemplateOption,
        chosen_options,
        template_of,
    )
    from clstudio.embedded.host_files import (
        HOST_SUFFIXES,
        MAX_HOST_FILE_BYTES,
        Assembled,
        EmbeddedSource,
        HostFile,
        HostFileError,
        KernelFunction,
        language_of,
        read_host_file,
    )
    from clstudio.embedded.host_strings import HostString, Piece
    from clstudio.embedded.imported import (
        Imported,
        host_text_of,
        imported_session,
        source_with_kernel,
    )
    from clstudio.embedded.operator_profiles import (
        Profiled,
        Retyped,
        import_notes,
        operator_of,
        profiled_session,
        retyped_session,
    )
    from clstudio.embedded.write_back import (
        FileChangedError,
        WriteBackError,
        WrittenBack,
        write_back,
    )
else:
    lazy_exports(__name__, __file__)

__all__ = [
    "DTYPES",
    "HOST_SUFFIXES",
    "MAX_HOST_FILE_BYTES",
    "Assembled",
    "ChosenOptions",
    "Dtype",
    "EmbeddedSource",
    "FileChangedError",
    "HostFile",
    "HostFileError",
    "HostString",
    "Imported",
    "KernelFunction",
    "OptionNote",
    "Piece",
    "Profiled",
    "Retyped",
    "TemplateOption",
    "WriteBackError",
    "WrittenBack",
    "chosen_options",
    "host_text_of",
    "import_notes",
    "imported_session",
    "language_of",
    "operator_of",
    "profiled_session",
    "read_host_file",
    "retyped_session",
    "source_with_kernel",
    "template_of",
    "write_back",
]
