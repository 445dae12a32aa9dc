"""The translation catalogues: update them from the code, check them, compile them.

    python translations/catalogues.py update   # after changing texts: new ones come in empty
    python translations/catalogues.py check    # what the tests ask: nothing empty or stale
    python translations/catalogues.py compile  # what `make` runs: .ts -> .qm, .po -> .mo

Each layer keeps its ecosystem's format. The Qt layer (clstudio.ui) is read by Qt's
`pyside6-lupdate` into one .ts file per folder of ui/, compiled by `pyside6-lrelease`.
The Qt-free core goes through Python's gettext, extracted and compiled with Babel into
one .po file per core package, plus the texts of the gallery and the exercises, which
live in JSON files. Small files per area let several people translate at once.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent

SOURCES = ROOT / "src" / "clstudio"
CATALOGUES = ROOT / "translations"
COMPILED = SOURCES / "locale"
DOMAIN = "clstudio"
LANGUAGES = ("zh_CN",)
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "N_": None}
TRANSLATOR_NOTES = ("Translators:",)
BIN = Path(sys.executable).parent
# Fixed, so that an update changes a catalogue only where its texts change.
HEADER = {
    "project": "CL Studio",
    "version": "1",
    "domain": DOMAIN,
    "header_comment": "# CL Studio's texts in one language; see docs/translating.md.",
    "copyright_holder": "the CL Studio authors",
    "creation_date": datetime(2026, 12, 1, tzinfo=UTC),
    "revision_date": datetime(2026, 12, 1, tzinfo=UTC),
    "last_translator": "the CL Studio authors",
    "language_team": "CL Studio",
    "fuzzy": False,
}
# {name} in Python's format strings; %1 and %n in Qt's.
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*[^{}]*\}|%\d|%n")


@dataclass(frozen=True)
class Message:
    """One text to translate, as found in the code or the data."""

    id: str | tuple[str, ...]  # singular and plural for a message with a plural
    where: str  # the file, relative to the repository
    notes: tuple[str, ...] = ()  # the "# Translators:" comments above the call


def core_areas() -> dict[str, list[Path]]:
    """The Python files of each core package, by package name."""
    return {
        folder.name: sorted(folder.rglob("*.py"))
        for folder in sorted(SOURCES.iterdir())
        if (folder / "__init__.py").is_file() and folder.name != "ui"
    }


def ui_areas() -> dict[str, list[Path]]:
    """The Python files of the Qt layer: one area per folder of ui/, "window" for the rest."""
    ui = SOURCES / "ui"
    areas = {"window": sorted(ui.glob("*.py"))}
    for folder in sorted(p for p in ui.iterdir() if (p / "__init__.py").is_file()):
        areas[folder.name] = sorted(folder.rglob("*.py"))
    return areas


def code_messages(files: list[Path]) -> Iterator[Message]:
    for path in files:
        for _line, text, notes, _context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=TRANSLATOR_NOTES
        ):
            yield Message(text, str(path.relative_to(ROOT)), tuple(notes))


def data_messages() -> dict[str, list[Message]]:
    """The texts of the gallery's sessions and of the exercises, which are JSON files, and
    the comments of the exercises' starter kernels."""
    gallery = [
        Message(text, str(path.relative_to(ROOT)))
        for path in sorted((ROOT / "kernels").glob("*.json"))
        for text in [json.loads(path.read_text(encoding="utf-8")).get("description", "")]
        if text
    ]
    # The starters' comments are found as the app finds them. Imported here, for `update`
    # only: `compile` runs in the wheel's build, where clstudio's dependencies are absent.
    sys.path.insert(0, str(ROOT / "src"))
    from clstudio.common.kernel_comments import comment_blocks

    exercises = []
    for path in sorted((ROOT / "exercises").glob("*/exercise.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts = [data.get("title", ""), data.get("summary", ""), *data.get("hints", [])]
        where = str(path.relative_to(ROOT))
        exercises += [Message(text, where) for text in texts if text]
    for path in sorted((ROOT / "exercises").glob("*/starter*.cl")):
        where = str(path.relative_to(ROOT))
        source = path.read_text(encoding="utf-8")
        exercises += [Message(block.text, where) for block in comment_blocks(source)]
    return {"gallery": gallery, "exercise_texts": exercises}


def core_messages() -> dict[str, list[Message]]:
    found = {area: list(code_messages(files)) for area, files in core_areas().items()}
    found.update(data_messages())
    return {area: messages for area, messages in found.items() if messages}


def po_path(language: str, area: str) -> Path:
    return CATALOGUES / language / f"{area}.po"


def ts_path(language: str, area: str) -> Path:
    return CATALOGUES / language / f"ui_{area}.ts"


def template(messages: list[Message]) -> Catalog:
    catalog = Catalog(**HEADER)  # type: ignore[arg-type]
    for message in messages:
        catalog.add(message.id, locations=[(message.where, 0)], auto_comments=message.notes)
    return catalog


def read_catalog(path: Path, language: str) -> Catalog:
    if not path.is_file():
        return Catalog(locale=language, **HEADER)  # type: ignore[arg-type]
    with path.open("rb") as stream:
        return read_po(stream, locale=language)


def update(language: str) -> None:
    """Bring every catalogue of `language` in line with the code: new texts come in empty,
    texts the code no longer has are dropped."""
    (CATALOGUES / language).mkdir(parents=True, exist_ok=True)
    for area, messages in core_messages().items():
        path = po_path(language, area)
        catalog = read_catalog(path, language)
        catalog.update(template(messages), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as stream:
            write_po(stream, catalog, width=100, sort_output=True, include_lineno=False)
    for area, files in ui_areas().items():
        lupdate(files, ts_path(language, area), language)


def lupdate(files: list[Path], ts: Path, language: str) -> str:
    """Run Qt's lupdate on `files` into `ts`; returns its report."""
    command = [
        _qt_tool("pyside6-lupdate"),
        *map(str, files),
        "-no-obsolete",
        "-locations",
        "none",
        "-target-language",
        language,
        "-ts",
        str(ts),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return done.stdout


def problems(language: str) -> list[str]:
    """What keeps `language` from being complete: empty, stale, fuzzy or mismatched entries."""
    found: list[str] = []
    expected = core_messages()
    for area, messages in expected.items():
        path = po_path(language, area)
        catalog = read_catalog(path, language)
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in messages}
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        name = path.relative_to(ROOT)
        found += [f"{name}: missing {text!r}" for text in sorted(wanted - have)]
        found += [f"{name}: obsolete {text!r}" for text in sorted(have - wanted)]
        for message in catalog:
            if not message.id:
                continue
            source = message.id if isinstance(message.id, str) else message.id[0]
            string = message.string
            strings = [string] if isinstance(string, str) else list(string or ())
            if message.fuzzy or not strings or not all(strings):
                found.append(f"{name}: untranslated {source!r}")
            else:
                # A plural form must have the placeholders of the plural source.
                expected_names = _placeholders(
                    message.id if isinstance(message.id, str) else message.id[-1]
                )
                if any(_placeholders(s) != expected_names for s in strings):
                    found.append(f"{name}: placeholders differ in {source!r}")
    for path in sorted((CATALOGUES / language).glob("*.po")):
        if path.stem not in expected:
            found.append(f"{path.relative_to(ROOT)}: no code has these texts any more")
    for area, files in ui_areas().items():
        found += _ts_problems(files, ts_path(language, area), language)
    return found


def _ts_problems(files: list[Path], ts: Path, language: str) -> list[str]:
    """lupdate a copy: whatever comes out unfinished or vanished is what the file lacks."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / ts.name
        if ts.is_file():
            copy.write_bytes(ts.read_bytes())
        lupdate(files, copy, language)
        root = ElementTree.parse(copy).getroot()
    name = ts.relative_to(ROOT) if ts.is_relative_to(ROOT) else ts
    found = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            assert translation is not None
            kind = translation.get("type", "")
            texts = [f.text or "" for f in translation.iter("numerusform")] or [
                translation.text or ""
            ]
            if kind in ("vanished", "obsolete"):
                found.append(f"{name}: obsolete {source!r}")
            elif kind == "unfinished" or not all(texts):
                found.append(f"{name}: untranslated {source!r} ({context.findtext('name')})")
            elif any(_placeholders(t) != _placeholders(source) for t in texts):
                found.append(f"{name}: placeholders differ in {source!r}")
    return found


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def _qt_tool(name: str) -> str:
    """PySide6's tool beside this Python, else on PATH: pip's isolated build puts the
    build requirements' scripts on PATH, not beside the Python that runs the build."""
    found = shutil.which(name, path=os.pathsep.join((str(BIN), os.environ.get("PATH", ""))))
    if found is None:
        raise FileNotFoundError(f"{name} (PySide6-Essentials) is neither in {BIN} nor on PATH")
    return found


def compile_all(language: str, into: Path = COMPILED) -> None:
    """The .qm of the Qt layer and the .mo of the core, where the package looks for them."""
    into.mkdir(parents=True, exist_ok=True)
    sources = sorted((CATALOGUES / language).glob("ui_*.ts"))
    if sources:
        qm = into / f"{DOMAIN}_{language}.qm"
        command = [_qt_tool("pyside6-lrelease"), *map(str, sources), "-qm", str(qm)]
        subprocess.run(command, capture_output=True, text=True, check=True)
    merged = Catalog(locale=language, **HEADER)  # type: ignore[arg-type]
    for path in sorted((CATALOGUES / language).glob("*.po")):
        for message in read_catalog(path, language):
            if message.id and not message.fuzzy:
                merged[message.id] = message
    mo = into / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as stream:
        write_mo(stream, merged)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "check", "compile"))
    command = parser.parse_args().command
    for language in LANGUAGES:
        if command == "update":
            update(language)
        elif command == "compile":
            compile_all(language)
        else:
            found = problems(language)
            print("\n".join(found) or f"{language}: complete")
            if found:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
