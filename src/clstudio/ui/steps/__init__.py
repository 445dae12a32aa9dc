"""Step mode: the Runtime steps tab, its Step, Run to end and Reset, and their requests
(step_job); modes/step_mode connects them to the workbench.

The core's parts sit where the layers allow: the stepper in `clstudio.engine.stepping`,
each step's outcome in `clstudio.common.results` (StepOutcome), the lesson's eleven
steps in `clstudio.hostcode.steps` and a run's times per step in
`clstudio.reporting.lesson_times`.
"""
