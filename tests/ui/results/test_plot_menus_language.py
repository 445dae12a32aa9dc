"""A plot's right-click menu speaks the user's language: pyqtgraph's own texts (View All,
X axis, Mouse Mode, Plot Options, Export…) come from CL Studio's catalogue."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QMenu,
    QWidgetAction,
)
from pytestqt.qtbot import QtBot

from clstudio.common import set_language
from clstudio.ui.language import install_translators, remove_translators
from clstudio.ui.results.plot_style import ThemedPlotWidget

# Texts the same in every language: symbols and abbreviations.
SAME_IN_EVERY_LANGUAGE = {"dy/dx", "Y vs. Y'", "ROI", "X", "Y", "T", "%", "x", "0"}


def _menu_texts(menu: QMenu) -> Iterator[str]:
    yield menu.title()
    for action in menu.actions():
        if action.isSeparator():
            continue
        if isinstance(action, QWidgetAction) and action.defaultWidget() is not None:
            widget = action.defaultWidget()
            for label in widget.findChildren(QLabel):
                yield label.text()
            for button in widget.findChildren(QAbstractButton):
                yield button.text()
            for box in widget.findChildren(QGroupBox):
                yield box.title()
            continue
        yield action.text()
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from _menu_texts(submenu)


def _right_click_texts(plot: ThemedPlotWidget) -> set[str]:
    """What a right-click on the plot shows: the view's menu, Plot Options, Export…."""
    item = plot.getPlotItem()
    texts = set(_menu_texts(item.getViewBox().menu))
    texts |= set(_menu_texts(item.ctrlMenu))
    texts |= {action.text() for action in plot.scene().contextMenu}
    return {t for t in texts if t.strip()} - SAME_IN_EVERY_LANGUAGE


def test_the_plot_menus_are_chinese_under_zh_cn(qtbot: QtBot, qapp: QApplication) -> None:
    english_plot = ThemedPlotWidget()
    qtbot.addWidget(english_plot)
    english = _right_click_texts(english_plot)
    assert {"View All", "X axis", "Mouse Mode", "Plot Options", "Export..."} <= english

    translators = install_translators(qapp, "zh_CN")
    try:
        plot = ThemedPlotWidget()
        qtbot.addWidget(plot)
        chinese = _right_click_texts(plot)
    finally:
        remove_translators(qapp, translators)
        set_language("en")
    assert not chinese & english, f"still English: {sorted(chinese & english)}"
    assert {"显示全部", "X 轴", "鼠标模式", "绘图选项", "导出…"} <= chinese
