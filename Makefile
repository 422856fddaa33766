# tutti: every target sets up .venv itself, so a fresh machine needs only python3 and make.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: demo test test-slow lint typecheck bench clean baseline check-baseline tune-field \
	tune-dicemining

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
	$(BIN)/tutti bench --games 100000 --json bench.json --readme README.md \
		--compare dicemining --compare ewmh --compare ewmh:9 --compare apiacere

# The drift baselines CI checks against, one per game (docs/guide/ci.md). Regenerate one only
# on purpose: with a RULES_VERSION bump of its game and a CHANGELOG.md line.
BASELINE      := baselines/luthier-4p.parquet
BASELINE_ARGS := --players 4 --games 20000 --seed 1 --strategies random
MAESTRO_BASELINE      := baselines/maestro-4p.parquet
MAESTRO_BASELINE_ARGS := --game maestro --players 4 --games 20000 --seed 1 \
	--strategies greedy,completer,rusher,rusher
EWMH_BASELINE      := baselines/ewmh-4p.parquet
EWMH_BASELINE_ARGS := --game ewmh --players 4 --games 20000 --seed 1 --strategies random
DICEMINING_BASELINE      := baselines/dicemining-4p.parquet
DICEMINING_BASELINE_ARGS := --game dicemining --players 4 --games 20000 --seed 1 \
	--strategies cautious,greedy,burglar,collector
# A Piacere: 8,000 games, not 20,000 (its heuristic games are the slowest of the five; at
# 20,000 the baseline and its CI check took half an hour each on a loaded 2-core machine)
APIACERE_BASELINE      := baselines/apiacere-4p.parquet
APIACERE_BASELINE_ARGS := --game apiacere --players 4 --games 8000 --seed 1 \
	--strategies performer,composer,traveller,composer

baseline: $(STAMP)
	$(BIN)/tutti baseline --out $(BASELINE) $(BASELINE_ARGS)
	$(BIN)/tutti baseline --out $(MAESTRO_BASELINE) $(MAESTRO_BASELINE_ARGS)
	$(BIN)/tutti baseline --out $(EWMH_BASELINE) $(EWMH_BASELINE_ARGS)
	$(BIN)/tutti baseline --out $(DICEMINING_BASELINE) $(DICEMINING_BASELINE_ARGS)
	$(BIN)/tutti baseline --out $(APIACERE_BASELINE) $(APIACERE_BASELINE_ARGS)

check-baseline: $(STAMP)
	$(BIN)/tutti check --baseline $(BASELINE) --players 4
	$(BIN)/tutti check --baseline $(MAESTRO_BASELINE) --players 4
	$(BIN)/tutti check --baseline $(EWMH_BASELINE) --players 4
	$(BIN)/tutti check --baseline $(DICEMINING_BASELINE) --players 4
	$(BIN)/tutti check --baseline $(APIACERE_BASELINE) --players 4

# The shipped weights of the built-in heuristics (strategies/luthier/field.toml), by
# population self-play, then self-play with the search budget of `tutti exploit`; about
# an hour on 2 cores. Regenerate them after a change to the
# strategies or the card data, with a CHANGELOG.md line.
tune-field: $(STAMP)
	$(BIN)/python -m strategies.luthier.field_tune --players 4 --budget 40000 --rounds 3

# Dice-Mining Patrons' shipped heuristic weights (strategies/dicemining/field.toml): each
# heuristic tuned against the other three within its style, then greedy hardened by
# iterated best response; short budgets, a few minutes on 2 cores. Regenerate after a
# change to its strategies or card data, with a new baselines/dicemining-4p.parquet.
tune-dicemining: $(STAMP)
	$(BIN)/python -m strategies.dicemining.field_tune --players 4 --budget 12000 --rounds 2 \
		--eval-games 8000 --harden-budget 50000 --harden-rounds 2 --seed 1

# Test files run in parallel, one file per worker (its fixtures and compiled kernels stay
# together), one worker per core: most of a cold run is compiling kernels. The slowest
# tests are listed at the end, so a CI log shows where the 10 minutes go.
test: $(STAMP) typecheck
	$(BIN)/ruff check .
	$(BIN)/pytest -q -n auto --dist loadfile --durations=15

test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

lint: $(STAMP) typecheck
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy on the Python layers (cli, reports, simcore, strategies; not the *_nb.py kernels):
# the settings are pyproject.toml's [tool.mypy], its cache .mypy_cache
typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
