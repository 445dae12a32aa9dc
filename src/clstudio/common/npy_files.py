"""`.npy` files named in session files: initial contents and golden outputs.

Paths are relative to the session file. Files travel with shared sessions, so
pickled object arrays, which could run code when loaded, are refused.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from clstudio.common.regular_files import open_regular_file
from clstudio.common.text_files import write_atomically
from clstudio.common.translation import gettext


class NpyError(ValueError):
    """A file that cannot serve as an array; the message names the file and why."""


def resolve(path_text: str, base_dir: Path | None) -> Path:
    """Where a path written in a session points: relative paths start at its folder."""
    path = Path(path_text)
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    return path


def load_array(path_text: str, base_dir: Path | None) -> np.ndarray:
    """The one array in a .npy file; raises NpyError."""
    path = resolve(path_text, base_dir)
    try:
        with open_regular_file(path) as stream:
            data = np.load(stream, allow_pickle=False)
    except FileNotFoundError:
        raise NpyError(gettext("file not found: {file}").format(file=path)) from None
    except (ValueError, OSError, EOFError) as exc:
        problem = gettext("cannot read {file} as .npy: {reason}")
        raise NpyError(problem.format(file=path, reason=exc)) from None
    if not isinstance(data, np.ndarray):
        data.close()
        problem = gettext("{file} holds several arrays; save one with np.save")
        raise NpyError(problem.format(file=path))
    return data


def save_array_atomically(path: Path, array: np.ndarray) -> None:
    """Write `array` to the .npy `path`: a reader sees the old file or the new, never a torn one.

    The array goes to a temporary name in the same folder, renamed over `path` once complete.
    """
    write_atomically(path, lambda stream: np.save(stream, array, allow_pickle=False))
