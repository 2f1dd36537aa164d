PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test test-fast lint bench load cluster clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,postgres,redis,perf,rl,lab,ray]'
	touch $(STAMP) $@

run: $(STAMP)
	$(BIN)/parlour run

test: $(TEST_STAMP)
	@bash scripts/ensure-test-tools.sh
	$(BIN)/ruff check parlour tests
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest -n auto -q tests parlour --doctest-modules --ignore=parlour/server/storage/migrations

# The fast tier: everything but the browser, services, research and perf tiers
# (tests/conftest.py), for a quick check while working; `make test` runs them all.
test-fast: $(TEST_STAMP)
	$(BIN)/ruff check parlour tests
	$(BIN)/pytest -n auto -q -m "not browser and not services and not research and not perf" \
		tests parlour --doctest-modules --ignore=parlour/server/storage/migrations \
		--ignore=parlour/rl

lint: $(TEST_STAMP)
	$(BIN)/ruff check parlour tests
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	$(BIN)/parlour bench

# A short load test: 10 rooms of Love Me Not for 10 s against a spawned server
# (docs/performance.md has the longer runs, the peer and the profiles).
load: $(TEST_STAMP)
	$(BIN)/parlour load --rooms 10 --seconds 10

# PostgreSQL, Redis, two Parlour processes and HAProxy with a throwaway certificate, on
# loopback, until Ctrl-C (docs/deploy.md).
cluster: $(TEST_STAMP)
	@bash scripts/ensure-test-tools.sh
	$(BIN)/parlour cluster

clean:
	rm -rf $(VENV)
