"""A kernel's comments in the reader's language, its code untouched: the starters' comments
are translated as their author wrote them, a block of consecutive `//` lines at a time (a
sentence often runs over several lines), or one comment after code on its line."""

from __future__ import annotations

import re
from dataclasses import dataclass

from clstudio.common.translation import gettext

# A whole line of comment, and a comment after code (no string before it: "//" in a
# string literal is no comment).
_WHOLE_LINE = re.compile(r"^(?P<lead>[ \t]*//[ \t]?)(?P<text>.*?)[ \t]*$")
_AFTER_CODE = re.compile(r'^(?P<lead>[^"/]*[^"/\s][^"/]*//[ \t]?)(?P<text>.*?)[ \t]*$')


@dataclass(frozen=True)
class CommentBlock:
    """Lines `first` to `first + count` of a source, each `lead` then a line of `text`."""

    first: int
    count: int
    lead: str  # what stands before the text on its first line: indent or code, then "// "
    text: str  # the message to translate: the lines' texts joined by newlines
    after_code: bool


def comment_blocks(source: str) -> tuple[CommentBlock, ...]:
    """The comments of `source` that carry words, in order."""
    blocks: list[CommentBlock] = []
    lines = source.split("\n")
    index = 0
    while index < len(lines):
        whole = _WHOLE_LINE.match(lines[index])
        if whole is None:
            after = _AFTER_CODE.match(lines[index])
            if after is not None and after["text"]:
                blocks.append(CommentBlock(index, 1, after["lead"], after["text"], True))
            index += 1
            continue
        indent = whole["lead"].split("//")[0]
        texts = []
        first = index
        while index < len(lines):
            line = _WHOLE_LINE.match(lines[index])
            if line is None or line["lead"].split("//")[0] != indent:
                break
            texts.append(line["text"])
            index += 1
        # Empty comment lines at either end stay as they are, outside the block.
        while texts and not texts[-1]:
            texts.pop()
        while texts and not texts[0]:
            texts.pop(0)
            first += 1
        if texts:
            lead = _WHOLE_LINE.match(lines[first])
            assert lead is not None
            blocks.append(CommentBlock(first, len(texts), lead["lead"], "\n".join(texts), False))
    return tuple(blocks)


def translated_comments(source: str) -> str:
    """`source` with each comment that has a translation in the current language replaced by
    it; the code and the untranslated comments stay as they are."""
    lines = source.split("\n")
    for block in reversed(comment_blocks(source)):
        translated = gettext(block.text)
        if translated == block.text:
            continue
        if block.after_code:
            new = [block.lead + " ".join(translated.split("\n"))]
        else:
            lead = block.lead.split("//")[0] + "// "
            new = [(lead + line).rstrip() for line in translated.split("\n")]
        lines[block.first : block.first + block.count] = new
    return "\n".join(lines)
