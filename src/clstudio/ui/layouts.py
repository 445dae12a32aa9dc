"""A row or a column of widgets written as what it holds, in order, rather than as a chain
of `addWidget` calls that every form and tab would repeat."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLayout, QVBoxLayout, QWidget

# A widget or a layout, alone or with the stretch it takes; a number alone is a stretch.
Box = TypeVar("Box", bound=QBoxLayout)
Part = QWidget | QLayout | tuple[QWidget | QLayout, int] | int


def hbox(*parts: Part, parent: QWidget | None = None, margins: int | None = None) -> QHBoxLayout:
    return _fill(QHBoxLayout(parent) if parent is not None else QHBoxLayout(), parts, margins)


def vbox(*parts: Part, parent: QWidget | None = None, margins: int | None = None) -> QVBoxLayout:
    return _fill(QVBoxLayout(parent) if parent is not None else QVBoxLayout(), parts, margins)


def _fill(layout: Box, parts: tuple[Part, ...], margins: int | None) -> Box:
    if margins is not None:
        layout.setContentsMargins(margins, margins, margins, margins)
    for part in parts:
        item, stretch = part if isinstance(part, tuple) else (part, 0)
        if isinstance(item, int):
            layout.addStretch(item)
        elif isinstance(item, QLayout):
            layout.addLayout(item, stretch)
        else:
            layout.addWidget(item, stretch)
    return layout
