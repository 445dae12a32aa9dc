# Two entry points from a clean clone: `make run` opens the app, `make test` runs every test.
# `make intel` adds Intel's OpenCL CPU runtime, a second CPU device, to .venv (CI: `make intel test`).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean intel

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

intel: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,intel]'

run: $(STAMP)
	$(BIN)/clstudio

test: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
