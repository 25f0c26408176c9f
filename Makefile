# Every target sets up .venv on first use, so each works on a fresh machine with
# only Python 3.11 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck bench serve docs mutants clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## The main job: the rulebook summary and an example hand (grows with the project).
run: $(STAMP)
	$(BIN)/badugi-spec rules
	$(BIN)/badugi-spec hand "A♠ 2♥ 3♦ K♦"
	$(BIN)/badugi-spec hand "A♠ 2♥ 3♦ 4♣"

## The tests: lint, strict typing, then pytest (unit, property, scenario suite).
test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check badugi_spec tests benchmarks
	$(BIN)/ruff format --check badugi_spec tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) site build *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
