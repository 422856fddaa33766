# tutti: every target sets up .venv itself, so a fresh machine needs only python3 and make.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
export NUMBA_CACHE_DIR ?= $(CURDIR)/.numba_cache

.PHONY: demo test test-slow lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	rm -rf runs/demo
	$(BIN)/tutti simulate --players 4 --games 100000 --seed 1 --out runs/demo \
		--strategies crafter,performer,restorer,courtier
	$(BIN)/tutti report runs/demo

bench: $(STAMP)
	$(BIN)/tutti bench

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -q

test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) .numba_cache .pytest_cache build *.egg-info
