"""Help > The OpenCL host program: the eleven steps every OpenCL program takes, explained.

The steps themselves (number, title, C calls) are HOST_STEPS, the one list that Runtime
steps, Host code and the exported programs also show; this module adds only what the
lesson says about each and the step in pyopencl, so a learner reads the same names everywhere.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QListWidget,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from clstudio.common import gettext
from clstudio.hostcode import HOST_STEPS, HostStep
from clstudio.ui.translate_noop import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class LessonStep:
    step: HostStep  # its number, title and C calls, as every other view shows them
    explanation: str  # marked with QT_TRANSLATE_NOOP
    code: str  # the same step in pyopencl, the library CL Studio uses


_LESSON: tuple[tuple[str, str], ...] = (
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "A platform is one installed OpenCL driver: PoCL for your CPU, a GPU vendor's driver, "
            "and so on. The ICD loader (libOpenCL) finds every driver registered on the machine "
            "and lists them. No platform at all means no driver is installed.",
        ),
        "platforms = cl.get_platforms()",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "Each platform offers devices of a type (CPU, GPU or accelerator). clGetDeviceInfo "
            "answers questions about a device: its memory sizes, compute units and work-size "
            "limits. The Devices panel shows every answer.",
        ),
        "device = platforms[0].get_devices()[0]\nprint(device.max_compute_units)",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "A context ties together one or more devices of a platform with the buffers, "
            "programs and queues created for them. Objects from one context cannot be used in "
            "another.",
        ),
        "ctx = cl.Context([device])",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "The host never calls the device directly: it puts commands (copies, kernel launches) "
            "in a queue, and the device works through them. A queue is in order unless asked "
            "otherwise. With profiling enabled, each command records when it was queued, "
            "started and ended: that is where CL Studio's timings come from.",
        ),
        "queue = cl.CommandQueue(\n"
        "    ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "The kernel's OpenCL C source is handed to the driver as plain text, and the driver "
            "compiles it for the device, with options such as -D N=16 or -cl-fast-relaxed-math: "
            "the same source can be built for very different devices. A failed build returns an "
            "error; the compiler's messages are in the build log (CL_PROGRAM_BUILD_LOG), which "
            "CL Studio maps back onto your lines.",
        ),
        'program = cl.Program(ctx, source)\nprogram.build(options=["-D", "N=16"])',
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "A kernel object stands for one __kernel function of the built program, chosen by "
            "name. It also remembers the argument values set on it.",
        ),
        'kernel = cl.Kernel(program, "vadd")',
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "Buffers are memory the device can reach. Flags say whether the kernel reads or writes "
            "them; CL_MEM_COPY_HOST_PTR fills one from host memory at creation, or "
            "clEnqueueWriteBuffer copies data in later. One buffer may not exceed "
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE.",
        ),
        "mf = cl.mem_flags\n"
        "a_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)\n"
        "c_buf = cl.Buffer(ctx, mf.WRITE_ONLY, size=a.nbytes)",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "Each kernel parameter gets a value, by position: a buffer for a __global or "
            "__constant pointer, the bytes of a number for a scalar (its size must match the "
            "kernel's type exactly: an int is 4 bytes), and only a size for a __local pointer, "
            "whose memory each work-group gets fresh.",
        ),
        "kernel.set_args(a_buf, b_buf, c_buf, np.int32(n))",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "The launch asks for a global size of work-items in 1, 2 or 3 dimensions, grouped "
            "into work-groups of a local size. A work-group's size may not exceed "
            "CL_DEVICE_MAX_WORK_GROUP_SIZE, and before OpenCL 2.0 it must divide the global size. "
            "Without a local size, the driver picks one. The call returns at once with an event.",
        ),
        "event = cl.enqueue_nd_range_kernel(queue, kernel, (n,), None)",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "Enqueuing only schedules work. The host waits for a command's event, or for the whole "
            "queue, before it uses results. The event's profiling information gives the "
            "command's start and end on the device's clock.",
        ),
        "event.wait()\nseconds = (event.profile.end - event.profile.start) * 1e-9",
    ),
    (
        QT_TRANSLATE_NOOP(
            "HostProgramLesson",
            "A read copies an output buffer into host memory; a blocking read waits for it to "
            "finish. Finally the program releases its kernels, buffers, program, queue and "
            "context (pyopencl does it when they are garbage-collected).",
        ),
        "cl.enqueue_copy(queue, c, c_buf)  # blocking by default",
    ),
)

STEPS: tuple[LessonStep, ...] = tuple(
    LessonStep(step, explanation, code)
    for step, (explanation, code) in zip(HOST_STEPS, _LESSON, strict=True)
)

TITLE = QT_TRANSLATE_NOOP("HostProgramLesson", "The OpenCL host program")
INTRODUCTION = QT_TRANSLATE_NOOP(
    "HostProgramLesson",
    "An OpenCL application has two parts: the kernel, written in OpenCL C and run on the "
    "device by many work-items at once, and the host program, which runs on the CPU and "
    "drives the device through the OpenCL C API. CL Studio writes the host program for you; "
    "these are the steps it takes, in order, every time you press Run.",
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("HostProgramLesson", text)


def step_heading(step: HostStep) -> str:
    """ "5. Create and build the program", in the user's language."""
    return f"{step.number}. {gettext(step.title)}"


def lesson_html() -> str:
    heading = html.escape(_tr(TITLE))
    parts = [f"<h2>{heading}</h2><p>{html.escape(_tr(INTRODUCTION))}</p>"]
    c_api = html.escape(QCoreApplication.translate("HostProgramLesson", "C API:"))
    in_pyopencl = html.escape(QCoreApplication.translate("HostProgramLesson", "In pyopencl:"))
    for lesson in STEPS:
        number = lesson.step.number
        parts.append(
            f'<h3><a name="step{number}"></a>{html.escape(step_heading(lesson.step))}</h3>'
            f"<p><b>{c_api}</b> <code>{html.escape(lesson.step.c_api)}</code></p>"
            f"<p>{html.escape(_tr(lesson.explanation))}</p>"
            f"<p><i>{in_pyopencl}</i></p><pre>{html.escape(lesson.code)}</pre>"
        )
    return "\n".join(parts)


class HostProgramLesson(QDialog):
    """The steps listed on the left; the whole lesson, readable top to bottom, on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr(TITLE))
        self.resize(920, 640)
        self.steps = QListWidget()
        for lesson in STEPS:
            self.steps.addItem(step_heading(lesson.step))
        self.steps.currentRowChanged.connect(self._on_steps_row_changed)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.setHtml(lesson_html())

        splitter = QSplitter()
        splitter.addWidget(self.steps)
        splitter.addWidget(self.text)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 680])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        footer = QHBoxLayout()
        footer.addStretch(1)
        footer.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(footer)

    def _on_steps_row_changed(self, row: int) -> None:
        if row >= 0:
            self.text.scrollToAnchor(f"step{row + 1}")
