"""A session stepped through from step 1 to the read-back, as step mode's Step does."""

from __future__ import annotations

from clstudio.common import StepOutcome
from clstudio.engine.run import Engine
from clstudio.session import Session


def step_all(engine: Engine, session: Session) -> list[StepOutcome]:
    """Every step's outcome, in order, until the stepping ends."""
    stepper = engine.stepper(session)
    outcomes = []
    while stepper.next_number is not None:
        outcomes.append(stepper.advance())
    return outcomes
