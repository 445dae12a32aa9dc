"""The small shapes that stand for a diagnostic's severity, in the gutter and in lists.

Drawn rather than taken from the style: the same red disc, amber triangle and blue disc
in every theme and at every zoom.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap, QPolygonF

from clstudio.ui.editor.editor_colors import EditorColors
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP

SEVERITY_ORDER = ("error", "warning", "note")
_GLYPHS = {"error": "!", "warning": "!", "note": "i"}
# How the lists and tooltips name a severity, translated in the context "Severity".
_TITLES = {
    "error": QT_TRANSLATE_NOOP("Severity", "Error"),
    "warning": QT_TRANSLATE_NOOP("Severity", "Warning"),
    "note": QT_TRANSLATE_NOOP("Severity", "Note"),
}
_WORDS = {
    "error": QT_TRANSLATE_NOOP("Severity", "error"),
    "warning": QT_TRANSLATE_NOOP("Severity", "warning"),
    "note": QT_TRANSLATE_NOOP("Severity", "note"),
}


def severity_title(severity: str) -> str:
    """`Error`, for the Problems list's column."""
    if severity in _TITLES:
        return QCoreApplication.translate("Severity", _TITLES[severity])
    return severity.capitalize()


def severity_word(severity: str) -> str:
    """`error`, as a tooltip begins: "error: use of undeclared identifier 'b'"."""
    return QCoreApplication.translate("Severity", _WORDS.get(severity, severity))


def worst(severities: list[str]) -> str:
    """The most serious of several severities at one place."""
    return min(severities, key=lambda s: SEVERITY_ORDER.index(s) if s in SEVERITY_ORDER else 9)


def paint_mark(painter: QPainter, rect: QRectF, severity: str, colors: EditorColors) -> None:
    """A disc (error, note) or a triangle (warning) with a glyph, filling `rect`."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colors.severity(severity))
    side = min(rect.width(), rect.height())
    box = QRectF(0, 0, side, side)
    box.moveCenter(rect.center())
    if severity == "warning":
        painter.drawPolygon(
            QPolygonF(
                [
                    QPointF(box.center().x(), box.top()),
                    QPointF(box.right(), box.bottom()),
                    QPointF(box.left(), box.bottom()),
                ]
            )
        )
        glyph_box = box.adjusted(0, side * 0.25, 0, 0)
        glyph_color = QColor("#1e1e1e")
    else:
        painter.drawEllipse(box)
        glyph_box = box
        glyph_color = QColor("#ffffff")
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(6, int(side * 0.7)))
    painter.setFont(font)
    painter.setPen(glyph_color)
    painter.drawText(glyph_box, Qt.AlignmentFlag.AlignCenter, _GLYPHS.get(severity, "i"))
    painter.restore()


def severity_icon(severity: str, colors: EditorColors, size: int = 16) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_mark(painter, QRectF(1, 1, size - 2, size - 2), severity, colors)
    painter.end()
    return QIcon(pixmap)
