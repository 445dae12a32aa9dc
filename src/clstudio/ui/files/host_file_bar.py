"""The bar above the editor for a kernel opened from a host program's file: where it
came from, and the element type given to the host's `-D` type options (f32 or f16).

Shown only for such a kernel whose host code passes element types; choosing another
type is an intent (dtypeChosen) that the EmbeddedController turns into a new session.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from clstudio.embedded import DTYPES, Dtype


class HostFileBar(QWidget):
    dtypeChosen = Signal(str)  # a Dtype
    portabilityRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hostFileBar")
        self.origin_label = QLabel()
        # At 1280 x 800 the editor's column is narrow: the origin wraps, the choice stays whole.
        self.origin_label.setWordWrap(True)
        self.dtype_label = QLabel(self.tr("Element type:"))
        self.dtype_combo = QComboBox()
        self.dtype_combo.setObjectName("hostFileDtype")
        for dtype in DTYPES:
            self.dtype_combo.addItem(dtype, dtype)
        self.dtype_combo.setToolTip(
            self.tr(
                "The type the host's -D options give the kernel (f32: float, f16: half); "
                "changing it rebuilds the session's arguments and references"
            )
        )
        self.portability_button = QPushButton(self.tr("Where does it build?"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.addWidget(self.origin_label, 1)
        layout.addWidget(self.dtype_label)
        layout.addWidget(self.dtype_combo)
        layout.addWidget(self.portability_button)
        self.dtype_combo.activated.connect(self._on_dtype_combo_activated)
        self.portability_button.clicked.connect(self.portabilityRequested)
        self.hide()

    def show_origin(self, text: str, dtype: Dtype | None) -> None:
        """Show where the kernel came from; the type choice only when `dtype` is given."""
        self.origin_label.setText(text)
        self.dtype_label.setVisible(dtype is not None)
        self.dtype_combo.setVisible(dtype is not None)
        if dtype is not None:
            with QSignalBlocker(self.dtype_combo):
                self.dtype_combo.setCurrentIndex(self.dtype_combo.findData(dtype))
        self.show()

    def _on_dtype_combo_activated(self, index: int) -> None:
        self.dtypeChosen.emit(self.dtype_combo.itemData(index))
