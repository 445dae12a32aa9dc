"""A session around a kernel found in a host file: its source, the host's build options
for the chosen element type, and the record of where to write it back."""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.embedded.build_template import Dtype, OptionNote, chosen_options, template_of
from clstudio.embedded.host_files import EmbeddedSource, HostFile, HostFileError, read_host_file
from clstudio.session import EmbeddedIn, Launch, Session

DEFAULT_GLOBAL_SIZE = (1024,)  # as for a bare .cl file: the form and the first build adjust it


@dataclass(frozen=True)
class Imported:
    session: Session
    notes: tuple[OptionNote, ...]  # what the build options left out, in words


def imported_session(
    host: HostFile, source: EmbeddedSource, dtype: Dtype = "f32", kernel: str = ""
) -> Imported:
    """A new session for `source` of `host`, launching `kernel` (its first one by default)."""
    chosen = chosen_options(template_of(host), source, dtype)
    folder = host.path.parent.resolve()
    origin = EmbeddedIn(
        file=host.path.name,
        line=source.line,
        index=source.index,
        quoting=source.string.quoting,
        sha256=host.sha256,
    )
    session = Session(
        source=source.text,
        launches=(Launch(kernel or source.kernels[0].name, DEFAULT_GLOBAL_SIZE),),
        build_options=chosen.options,
        base_dir=folder,
        embedded_in=origin,
    )
    return Imported(session, chosen.notes)


def source_with_kernel(host: HostFile, kernel: str) -> EmbeddedSource | None:
    """The embedded source that defines kernel function `kernel`."""
    return next((s for s in host.sources if any(k.name == kernel for k in s.kernels)), None)


def host_text_of(session: Session) -> str:
    """The text of the host file `session` was imported from, for what its host code asks
    of a device (SVM); "" when it came from no host file or that file cannot be read."""
    origin = session.embedded_in
    if origin is None:
        return ""
    try:
        return read_host_file(origin.path(session.base_dir)).text
    except HostFileError:
        return ""
