"""Which kernel of the source to run: the kernels of the last good build."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QSizePolicy, QWidget

from clstudio.common import KernelSignature


def kernel_label(kernel: KernelSignature, stale: bool = False) -> str:
    """`vadd (3 args)`, with `(stale)` after it while the source fails to build."""
    count = len(kernel.args)
    if count == 1:
        text = QCoreApplication.translate("KernelPicker", "{name} (1 arg)")
    else:
        text = QCoreApplication.translate("KernelPicker", "{name} ({count} args)")
    label = text.format(name=kernel.name, count=count)
    if stale:
        return QCoreApplication.translate("KernelPicker", "{label} (stale)").format(label=label)
    return label


class KernelPicker(QComboBox):
    """Shows kernels; the user's choice is announced as `kernelChosen`, code's is not."""

    kernelChosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kernelPicker")
        self.setPlaceholderText(self.tr("No kernels yet"))
        # As wide as its longest label: "matmul_tiled (6 args)" is read whole.
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setMinimumContentsLength(12)
        self._kernels: tuple[KernelSignature, ...] = ()
        self._stale = False
        self.setToolTip(self._tooltip())
        self.activated.connect(self._on_activated)
        self.setEnabled(False)

    def set_kernels(self, kernels: Sequence[KernelSignature]) -> None:
        """Show these kernels, keeping the current one when it is still there."""
        current = self.current_kernel()
        self._kernels = tuple(kernels)
        self._stale = False
        self._fill()
        names = [k.name for k in self._kernels]
        with QSignalBlocker(self):
            self.setCurrentIndex(names.index(current) if current in names else 0 if names else -1)

    def set_stale(self, stale: bool) -> None:
        """Mark the kernels as coming from an older text, which no longer builds."""
        if stale != self._stale:
            self._stale = stale
            self._fill()

    def is_stale(self) -> bool:
        return self._stale

    def set_current(self, name: str) -> None:
        """Show `name` as chosen, if the build has it."""
        names = [k.name for k in self._kernels]
        if name in names:
            with QSignalBlocker(self):
                self.setCurrentIndex(names.index(name))

    def current_kernel(self) -> str | None:
        index = self.currentIndex()
        return self._kernels[index].name if 0 <= index < len(self._kernels) else None

    def kernel_names(self) -> list[str]:
        return [k.name for k in self._kernels]

    def _fill(self) -> None:
        index = self.currentIndex()
        with QSignalBlocker(self):
            self.clear()
            for kernel in self._kernels:
                self.addItem(kernel_label(kernel, self._stale), kernel.name)
            self.setCurrentIndex(min(index, len(self._kernels) - 1))
        self.setEnabled(bool(self._kernels))
        self.setToolTip(self._tooltip())

    def _tooltip(self) -> str:
        if self._stale:
            return self.tr(
                "The source does not build right now: these kernels come from the last build "
                "that worked, and running uses that build."
            )
        return self.tr("The kernel to run, from the last successful build")

    def _on_activated(self, index: int) -> None:
        if 0 <= index < len(self._kernels):
            self.kernelChosen.emit(self._kernels[index].name)
