"""A session's title and description, as File > Properties edits them.

The title is the first line of the comment that opens the kernel source (the gallery
lists examples by it); the description is the session's one-line `description`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from clstudio.common import gettext
from clstudio.session.fields import fail
from clstudio.session.gallery import first_comment_line

if TYPE_CHECKING:
    from clstudio.session.format import Session

__all__ = ["own_copy", "title_of", "with_description", "with_title"]


def title_of(source: str) -> str:
    return first_comment_line(source)


def with_title(source: str, title: str) -> str:
    """`source` opening with `// title`: the first comment line replaced, or one added."""
    title = _one_line(title, "title")
    lines = source.split("\n")
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if line.lstrip().startswith("//") and first_comment_line(source):
            lines[index] = f"// {title}" if title else ""
            return "\n".join(lines)
        break
    return f"// {title}\n{source}" if title else source


def with_description(session: Session, description: str) -> Session:
    return replace(session, description=_one_line(description, "description"))


def own_copy(session: Session, example_title: str, example_description: str) -> Session:
    """A copy of an example, about to be saved as the user's own: it no longer claims the
    example's description (the user edits it in File > Properties)."""
    if session.description != example_description:
        return session  # the user wrote one already
    description = gettext("My version of the example “{title}”.").format(title=example_title)
    return replace(session, description=description)


def _one_line(text: str, what: str) -> str:
    text = text.strip()
    if "\n" in text or "\r" in text:
        fail(what, gettext("expected one line"))
    return text
