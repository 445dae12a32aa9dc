"""A session's argument of the kind a test expects, so the test fails there if it is not."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from clstudio.session.args import ArgSpec
from clstudio.session.format import Session

ArgT = TypeVar("ArgT", bound=ArgSpec)


def arg_of(session: Session | Mapping[str, ArgSpec], name: str, kind: type[ArgT]) -> ArgT:
    """Argument `name` of `session` (or of an argument mapping), of the kind the test expects."""
    args = session.args if isinstance(session, Session) else session
    spec = args[name]
    assert isinstance(spec, kind), f"{name} is a {type(spec).__name__}"
    return spec
