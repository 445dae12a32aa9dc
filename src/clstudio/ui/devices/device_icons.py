"""Small drawn icons for device types, so a CPU and a GPU differ at a glance."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPen, QPixmap

_STYLE: dict[str, tuple[str, str]] = {
    "CPU": ("CPU", "#3b7dd8"),
    "GPU": ("GPU", "#2f9e5b"),
    "Accelerator": ("ACC", "#c0762b"),
    "Custom": ("CUS", "#8a5cc2"),
    "Default": ("DEV", "#6b6b6b"),
}
_PLATFORM_COLOR = "#7a7a86"


def _chip(text: str, color: str, size: int = 32) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(QColor(color), size / 16)
    painter.setPen(pen)
    # The pins of a chip on each side.
    for i in range(3):
        offset = size * (0.3 + 0.2 * i)
        painter.drawLine(int(offset), 0, int(offset), int(size * 0.16))
        painter.drawLine(int(offset), size, int(offset), int(size * 0.84))
        painter.drawLine(0, int(offset), int(size * 0.16), int(offset))
        painter.drawLine(size, int(offset), int(size * 0.84), int(offset))
    body = QRectF(size * 0.14, size * 0.14, size * 0.72, size * 0.72)
    painter.setBrush(QColor(color))
    painter.drawRoundedRect(body, size * 0.08, size * 0.08)
    font = QFont()
    font.setPixelSize(int(size * 0.26))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(body, Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap


def device_type_icon(device_type: str) -> QIcon:
    """An icon for 'CPU', 'GPU', 'Accelerator', 'Custom' or 'Default'."""
    text, color = _STYLE.get(device_type, _STYLE["Default"])
    return QIcon(_chip(text, color))


def platform_icon() -> QIcon:
    """A platform is a driver: drawn as a stack of layers."""
    size = 32
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    for i, alpha in enumerate((110, 170, 255)):
        color = QColor(_PLATFORM_COLOR)
        color.setAlpha(alpha)
        painter.setBrush(color)
        painter.drawRoundedRect(QRectF(3, 4 + i * 9, 26, 7), 2, 2)
    painter.end()
    return QIcon(pixmap)
