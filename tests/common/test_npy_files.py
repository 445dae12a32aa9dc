"""Saving .npy files so that a reader never sees a torn one."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

import numpy as np
import pytest

from clstudio.common.npy_files import save_array_atomically


def test_a_reader_of_the_old_file_keeps_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "c.npy"
    np.save(path, np.zeros(1 << 16, np.float32))
    os.chmod(path, 0o600)
    with path.open("rb") as reader:  # opened before the save, read after it
        save_array_atomically(path, np.ones(1 << 16, np.float32))
        np.testing.assert_array_equal(np.load(reader), np.zeros(1 << 16, np.float32))
    np.testing.assert_array_equal(np.load(path), np.ones(1 << 16, np.float32))
    assert path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.npy"]


def test_a_save_that_fails_halfway_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.npy"
    np.save(path, np.arange(8))

    def torn(stream: BinaryIO, array: np.ndarray, allow_pickle: bool) -> None:
        stream.write(b"\x93NUMPY half of a file")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "save", torn)  # the module calls np.save: the same object
    with pytest.raises(OSError, match="No space left"):
        save_array_atomically(path, np.ones(8))
    monkeypatch.undo()
    np.testing.assert_array_equal(np.load(path), np.arange(8))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.npy"]
