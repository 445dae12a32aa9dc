"""The build-and-run loop: the editor, the arguments form, Run and the results, kept in step.

Panels show state and emit intents; this controller decides. Everything the
user sets up lands in the document's session, which is what Save writes and
what Run sends to the worker process. This is the one place that writes the
session, and the one place that knows which device builds and runs use.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, Signal

from clstudio.common import BuildResult, KernelSignature, RunError, RunResult
from clstudio.devices import DeviceInfo, DeviceSelector, limits_of
from clstudio.measurements import program_kernels
from clstudio.reporting import WATCHDOG_FIELD, FinishedRun, watchdog_note
from clstudio.session import (
    ArgSpec,
    LaunchEdit,
    Reference,
    Session,
    SessionError,
    apply_launch_edit,
    with_description,
    with_sizes,
    with_title,
)
from clstudio.ui.args.args_panel import ArgsPanel
from clstudio.ui.args.ndrange_editor import Range
from clstudio.ui.document import Document
from clstudio.ui.editor.build_status import build_status_text
from clstudio.ui.editor.editor_panel import EditorPanel
from clstudio.ui.results.results_panel import ResultsPanel
from clstudio.ui.run.run_bar import RunBar
from clstudio.ui.run.run_job import RunController, RunJob, RunProgress
from clstudio.ui.run_summary import run_summary
from clstudio.validation import (
    FormState,
    fit_program,
    form_state,
    with_argument,
    with_named_size,
    with_range,
    with_references,
)
from clstudio.validation.portability import shortfalls_text


class Workbench(QObject):
    """Connects the panels around one document; the window swaps documents in."""

    documentChanged = Signal()  # the session changed: the title may need its mark
    buildStateChanged = Signal(str)  # for the status bar
    runStateChanged = Signal(bool)  # running or not: Run turns into Stop
    lastRunChanged = Signal(str)  # for the status bar
    documentShown = Signal()  # another session is shown: what described its run goes
    messageRaised = Signal(str)  # a short note for the status bar
    deviceChanged = Signal(object)  # the DeviceInfo builds and runs use now, or None

    def __init__(
        self,
        editor: EditorPanel,
        args: ArgsPanel,
        results: ResultsPanel,
        run_bar: RunBar,
        runner: RunController,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.args = args
        self.results = results
        self.run_bar = run_bar
        self.runner = runner
        self.document = self.new_document()
        self._device: DeviceInfo | None = None
        self._signature: KernelSignature | None = None  # the arguments the form shows
        # The session's references when the form was made: those the arguments do not
        # fit now wait here, unchanged, until an edit makes them fit again.
        self._references: dict[str, Reference] = {}
        editor.sourceEdited.connect(self._on_editor_source_edited)
        editor.optionsChanged.connect(self._on_editor_options_changed)
        editor.kernelChosen.connect(self._on_editor_kernel_chosen)
        editor.editor.breakpointsChanged.connect(self._on_editor_breakpoints_changed)
        editor.buildStarted.connect(
            lambda _generation: self.buildStateChanged.emit(self.tr("building…"))
        )
        editor.buildFinished.connect(self._on_editor_build_finished)
        editor.buildCrashed.connect(lambda _text: self.buildStateChanged.emit(self.tr("failed")))
        args.argEdited.connect(self._on_args_arg_edited)
        args.rangeEdited.connect(self._on_args_range_edited)
        args.sizesEdited.connect(self._on_args_sizes_edited)
        args.sizeSuggestionAccepted.connect(self._on_args_size_suggestion_accepted)
        args.launchEditRequested.connect(self._on_args_launch_edit_requested)
        run_bar.repeatsEdited.connect(self._on_run_bar_repeats_edited)
        run_bar.timeoutEdited.connect(self._on_run_bar_timeout_edited)
        results.referenceEdited.connect(self._on_results_reference_edited)
        runner.started.connect(self._on_runner_started)
        runner.progressed.connect(self._on_runner_progressed)
        runner.finished.connect(self._on_runner_finished)

    # The document ---------------------------------------------------------------------

    def new_document(self) -> Document:
        """File > New's document: the starter session, untitled in the user's language."""
        return Document.new(self.tr("Untitled"))

    def show_document(self, document: Document) -> None:
        """Show a newly opened session everywhere, and build it at once."""
        self.document = document
        self._show_session()

    def restore_session(self, session: Session) -> None:
        """Take a session recovered after a crash as unsaved edits of the current document."""
        self.document.session = session
        self._show_session()
        self.documentChanged.emit()

    def _show_session(self) -> None:
        session = self.document.session
        self._signature = None
        self.args.clear()
        self.results.show_session_changed()
        self.results.sweep.set_kernels(program_kernels(session))
        self.run_bar.set_session(session)
        self.editor.set_options(session.build_options)
        self.editor.set_kernel(session.kernel)
        self.editor.set_device(session.device)
        name = session.source_file or self.document.name
        self.editor.set_source(session.source, session.source_parts, name)
        self.editor.set_breakpoints(session.breakpoints)
        # The toolbar and status bar described the last session's run: "471 µs … ok".
        self.run_bar.show_idle()
        self.documentShown.emit()

    def device(self) -> DeviceInfo | None:
        """The device builds and runs use, and whose limits the form checks against."""
        return self._device

    def use_device(self, device: DeviceInfo | None) -> None:
        """Use `device` (found for the session's choice, or the last one used), the session
        unchanged."""
        self._device = device
        self._show_form()
        self.editor.set_device(self.document.session.device)
        self.deviceChanged.emit(device)

    def choose_device(self, device: DeviceInfo) -> DeviceSelector:
        """The user's choice: the session asks for `device` from now on."""
        selector = DeviceSelector(device.platform_name, device.name)
        self._set_session(replace(self.document.session, device=selector))
        self.use_device(device)
        return selector

    def adopt_device(self, device: DeviceInfo) -> None:
        """The session takes `device` as its own, and that is no edit of the user's: a
        kernel opened without a device gets the one that can build it, so that its builds
        and runs go there."""
        clean = not self.document.dirty
        selector = DeviceSelector(device.platform_name, device.name)
        self.document.session = replace(self.document.session, device=selector)
        if clean:
            self.document.mark_clean()
        self.use_device(device)

    def _set_session(self, session: Session) -> None:
        if session != self.document.session:
            self.document.session = session
            self.run_bar.clear_refusal()  # the reason was about the session as it was
            self.documentChanged.emit()

    def set_properties(self, title: str, description: str) -> None:
        """File > Properties: the description into the session, the title into the source's
        opening comment, as one edit the user can undo."""
        session = self.document.session
        self._set_session(with_description(session, description))
        if session.source_parts:  # the opening comment is the first part's
            self.editor.show_part(0)
        text = self.editor.source()
        titled = with_title(text, title)
        if titled != text:
            self.editor.replace_source(titled)

    def _on_editor_source_edited(self, source: str) -> None:
        # Breakpoints follow their lines through the edit.
        breakpoints = self.editor.breakpoints()
        session = self.document.session
        if session.source_parts:  # the program is the parts' join: `source` is that
            session = session.with_part_texts(self.editor.part_texts())
        else:
            session = replace(session, source=source)
        self._set_session(replace(session, breakpoints=breakpoints))

    def _on_editor_options_changed(self, options: str) -> None:
        self._set_session(replace(self.document.session, build_options=options))

    def _on_editor_breakpoints_changed(self, _lines: tuple[int, ...]) -> None:
        # The editor's lines are its part's; the panel gives the program's.
        self._set_session(replace(self.document.session, breakpoints=self.editor.breakpoints()))

    def _on_run_bar_repeats_edited(self, repeats: int) -> None:
        self._set_session(replace(self.document.session, repeats=repeats))

    def _on_run_bar_timeout_edited(self, timeout_s: float) -> None:
        self._set_session(replace(self.document.session, timeout_s=timeout_s))

    def _on_args_arg_edited(self, name: str, spec: ArgSpec) -> None:
        self._set_session(with_argument(self.document.session, name, spec, self._references))
        self.args.show_links(self.document.session)
        self._show_form()

    def _on_args_range_edited(self, current: Range) -> None:
        self._set_session(with_range(self.document.session, *current))
        self.args.show_links(self.document.session)
        self._show_form()

    def _on_args_sizes_edited(self, sizes: dict[str, int]) -> None:
        try:
            session = with_sizes(self.document.session, sizes)
        except SessionError as exc:
            self.args.show_size_problem(str(exc))
            return
        self._set_session(session)
        self.args.show_values(session)
        self._show_form()

    def _on_args_size_suggestion_accepted(self) -> None:
        suggestion = self._form_state().size_suggestion
        if suggestion is None:
            return
        session = with_named_size(self.document.session, suggestion)
        self._set_session(session)
        self.args.show_values(session)
        self._show_form()
        self.messageRaised.emit(
            self.tr("{name} = {value} now drives {described}").format(
                name=suggestion.name, value=suggestion.value, described=suggestion.described
            )
        )

    # Builds ---------------------------------------------------------------------------

    def _on_results_reference_edited(self, name: str, reference: Reference | None) -> None:
        references = dict(self.document.session.references)
        if reference is None:
            references.pop(name, None)
            self._references.pop(name, None)
        else:
            references[name] = reference
            self._references[name] = reference
        # An output the form no longer has keeps no reference: the file would not open.
        edited = replace(self.document.session, references=references)
        self._set_session(with_references(edited, None))

    def _on_editor_kernel_chosen(self, name: str) -> None:
        # The first launch's kernel; its bindings stay, for a kernel renamed in the source.
        self._set_session(self.document.session.with_kernel(name))
        self._show_launches_edited()

    def _on_editor_build_finished(self, result: BuildResult) -> None:
        self.buildStateChanged.emit(build_status_text(result))
        if not result.ok and self._device is not None:
            # What the kernel asks for that the device lacks says why, beside the log.
            why = shortfalls_text(self.document.session.source, result.options, self._device)
            if why:
                self.messageRaised.emit(why)
        if not result.ok or not result.kernels:
            return  # the form keeps the last good kernels' arguments
        if result.kernel(self.document.session.kernel) is None:
            self._set_session(self.document.session.with_kernel(result.kernels[0].name))
        self._show_program()

    def _show_program(self) -> None:
        """Rebuild the form: a row per argument the launches pass, a card per launch;
        values of arguments that kept their name and type survive."""
        self._references = dict(self.document.session.references)
        fit = fit_program(self._kernels(), self.document.session, self._signature)
        self._signature = fit.signature
        self._set_session(fit.session)
        self.args.show_rows(fit)
        self._show_form()

    def _kernels(self) -> dict[str, KernelSignature]:
        """The kernels of the last program that built, which launches may name."""
        good = self.editor.controller.last_good
        return {k.name: k for k in good.kernels} if good is not None else {}

    def _form_state(self) -> FormState:
        limits = limits_of(self._device) if self._device is not None else None
        return form_state(self._kernels(), self.document.session, limits)

    def _show_form(self) -> None:
        """Show the checks of the session as it is now (after an edit, or on another device)."""
        if self._signature is not None:
            kernels = tuple(self._kernels().values())
            self.args.show_state(self.document.session, kernels, self._form_state())

    def _on_args_launch_edit_requested(self, edit: LaunchEdit) -> None:
        self._set_session(apply_launch_edit(self.document.session, edit))
        self._show_launches_edited()

    def _show_launches_edited(self) -> None:
        if self._signature is None:
            return  # nothing built yet: the form comes with the first good build
        session = self.document.session
        if fit_program(self._kernels(), session, self._signature).signature != self._signature:
            self._show_program()  # the launches pass other arguments now: new rows
        else:
            self.args.show_values(session)
            self._show_form()

    # Runs -----------------------------------------------------------------------------

    def problems(self) -> list[RunError]:
        """What stops the session as the form shows it from running (or being checked)."""
        problems = self.args.input_problems()
        if self._signature is not None:
            problems += self._form_state().errors
        return problems

    def request_run(self) -> bool:
        """Run the session as the form shows it; refused, with the reason, when it cannot."""
        if self.runner.is_running():
            return False
        problems = self.problems()
        if problems:
            self.args.show_error(problems[0])
            self.run_bar.show_refused(problems[0].message)
            return False
        return self.runner.submit(RunJob(self.document.session))

    def request_stop(self) -> None:
        if self.runner.is_running():
            self.messageRaised.emit(self.tr("Stopping…"))
            self.runner.stop()

    def _on_runner_started(self, job: RunJob) -> None:
        self.run_bar.show_started(job.session.repeats)
        if self._device is not None and self._device.value(WATCHDOG_FIELD):
            self.run_bar.show_warning(watchdog_note())
            self.messageRaised.emit(watchdog_note())
        self.runStateChanged.emit(True)
        self.results.show_running(job.session)

    def _on_runner_progressed(self, progress: RunProgress) -> None:
        self.run_bar.show_progress(*progress)

    def _on_runner_finished(self, job: RunJob, result: RunResult) -> None:
        # The session the run was given: the form stays editable meanwhile, so the
        # document's session may already differ.
        run = FinishedRun(job.session, result)
        self.runStateChanged.emit(False)
        self.results.show_run(run)
        summary = run_summary(run)
        self.run_bar.show_finished(summary)
        self.lastRunChanged.emit(summary)
        if result.error is not None:
            self._show_error(result.error)

    def _show_error(self, error: RunError) -> None:
        """Put the error where the eye is: the argument's row, or the source line."""
        if error.stage == "validate" or error.argument is not None:
            self.args.show_error(error)
        if error.line:
            self.editor.go_to(error.line, 1)
        self.messageRaised.emit(f"{error.stage}: {error.message.splitlines()[0]}")
