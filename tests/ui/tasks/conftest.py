"""Task tests run on lanes of their own, never the application's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from clstudio.ui.tasks import TaskLanes


@pytest.fixture
def lanes(qapp: QApplication) -> Iterator[TaskLanes]:
    """Lanes of the test's own, shut down and gone before the leak checks."""
    made = TaskLanes()
    yield made
    assert made.shutdown(), "work still running after the test"
    qapp.processEvents()
    made.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def owner() -> Iterator[QObject]:
    made = QObject()
    yield made
    made.deleteLater()
