"""The core's messages in the user's language, through Python's standard gettext.

The Qt-free core cannot use Qt's translator, so its messages come from gettext
catalogues: sources in translations/LANGUAGE/*.po, compiled by `make` into
clstudio/locale/LANGUAGE/LC_MESSAGES/clstudio.mo. The language is the environment's
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG, read as gettext reads them) unless
`set_language` chose one. The choice goes into the environment as CLSTUDIO_LANGUAGE,
so that worker processes started afterwards speak the same language.

Texts kept in module-level tables are marked with `N_` and translated where they are
shown, since a table is built once, before any language is chosen.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "clstudio"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGE_VARIABLE = "CLSTUDIO_LANGUAGE"
ENGLISH = "en"
# The languages with complete catalogues, each named in itself for the language menu.
LANGUAGES: dict[str, str] = {ENGLISH: "English", "zh_CN": "简体中文"}
_SYSTEM = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# The language a process holds to (hold_language), or nothing while it reads the environment.
_held: list[str] = []


def set_language(code: str | None) -> None:
    """Speak `code` ("zh_CN", "en") from now on; None follows the environment again."""
    if code is None:
        os.environ.pop(LANGUAGE_VARIABLE, None)
    else:
        os.environ[LANGUAGE_VARIABLE] = code
    if _held:
        _held[:] = [_wanted()]


def hold_language() -> None:
    """Read the environment's language once and keep to it for this process's life.

    For the worker, whose environment is set before its start: reading the environment
    costs about 10 µs a message, and a tiny run says thirty (bench/bench_worker_runs.py).
    """
    _held[:] = [_wanted()]


def current_language() -> str:
    """The language messages come out in: a key of LANGUAGES (English when none fits)."""
    return _language_of(_asked())


def language_of(choice: str | None) -> str:
    """The language a choice comes out in: `choice` itself, or the system's for None."""
    return _language_of(choice or _wanted(_SYSTEM))


def gettext(message: str) -> str:
    """`message` in the current language, or as it is when there is no translation."""
    return _catalogue(_asked()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits `count`, in the current language."""
    return _catalogue(_asked()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks a text of a table for translation where it is shown; returns it unchanged."""
    return message


def _asked() -> str:
    return _held[0] if _held else _wanted()


def _wanted(variables: tuple[str, ...] = (LANGUAGE_VARIABLE, *_SYSTEM)) -> str:
    """The first language the environment asks for ("zh_CN.UTF-8", "C", ...)."""
    for variable in variables:
        value = os.environ.get(variable, "")
        if value:
            return value.split(":")[0]  # LANGUAGE may list several, best first
    return ""


@functools.cache
def _language_of(wanted: str) -> str:
    base = wanted.split(".")[0].split("@")[0]
    if base in LANGUAGES:
        return base
    return next((code for code in LANGUAGES if code.split("_")[0] == base), ENGLISH)


@functools.cache
def _catalogue(wanted: str) -> _gettext.NullTranslations:
    language = _language_of(wanted)
    if language == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
