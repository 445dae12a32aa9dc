"""Help > Memory traffic points the learner at the Memory tab and the gallery's kernels."""

from collections.abc import Callable

from clstudio.ui.main_window import MainWindow
from clstudio.ui.memory.memory_lesson import MemoryLesson


def test_help_walks_through_the_memory_tab(make_window: Callable[..., MainWindow]) -> None:
    window = make_window()
    window.window_actions["memory_lesson"].trigger()
    lesson = window.findChild(MemoryLesson)
    assert lesson is not None and lesson.isVisible()
    assert lesson.windowTitle() == "Memory traffic: coalescing and reuse"
    text = lesson.text.toPlainText()
    assert "open the Memory tab and press Measure memory traffic" in text
    assert "transpose_naive" in text and "transpose_tiled" in text and "matmul_tiled" in text
