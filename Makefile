# Two entry points from a clean clone: `make run` opens the app, `make test` runs every test
# after `make lint` (ruff's lint and format check, mypy in strict mode).
# `make intel` adds Intel's OpenCL CPU runtime, a second CPU device, to .venv (CI: `make intel test`).
# `make catalogues` brings translations/ in line with the code's texts (docs/translating.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled translations ship inside the package, beside the code that loads them.
TRANSLATIONS := $(wildcard translations/*/*.po translations/*/*.ts)
COMPILED := src/clstudio/locale/.compiled

.PHONY: run test lint bench clean intel catalogues

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

$(COMPILED): $(STAMP) $(TRANSLATIONS) translations/catalogues.py
	$(BIN)/python translations/catalogues.py compile
	touch $@

catalogues: $(STAMP)
	$(BIN)/python translations/catalogues.py update

intel: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,intel]'

run: $(STAMP) $(COMPILED)
	$(BIN)/clstudio

# mypy reads its files and strictness from pyproject.toml: src/clstudio and tests, strict.
lint: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy

# One test process by default (CI): with two (pytest-xdist, a whole file at a time each),
# tests whose time limit includes the kernel's build timed out on a loaded machine.
# `make test TEST_PROCESSES=2` runs the suite in two processes.
TEST_PROCESSES ?= 0

test: lint $(COMPILED)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache src/clstudio/locale
