"""QT_TRANSLATE_NOOP typed as it behaves: PySide6's stubs say it returns `object`.

It marks a text of a table for lupdate, which finds the call by its name, and returns
the text unchanged: the code that shows it translates it then, with
QCoreApplication.translate(context, text).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text`, marked for translation in `context`."""
    return text
