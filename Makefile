# The two commands of the README: `make demo` (set up, then the main job on the
# bundled tasks) and `make test`; `make test-fast` is the pure tier (CONTRIBUTING.md, "Tests").
PY := .venv/bin/python
REALCLI := .venv/bin/realcli
TASKS ?= tasks
LOG ?= sqlite:runs/realcli.db

.PHONY: setup demo demo-local validate test test-serial test-fast test-chaos lint typecheck bench services

setup:
	scripts/setup.sh

services:
	scripts/services.sh start

# The main job on a sample of the bundled tasks, spread over the categories (the whole suite takes about
# 11 minutes on two cores once its 101 images are built, which takes about 20 more on a fresh machine:
# the last line prints the command that runs it).
DEMO_SAMPLE ?= 10
demo: setup
	$(REALCLI) validate $(TASKS) --sample 5 --log $(LOG)
	$(REALCLI) run $(TASKS) --sample $(DEMO_SAMPLE) --mode paired --agent oracle --attempts 1 --concurrency 8 --run-id demo-$$(date +%Y%m%d-%H%M%S) --log $(LOG)
	@echo "every bundled task: $(REALCLI) run $(TASKS) --mode paired --agent oracle --concurrency 8 --log $(LOG)"

# Every bundled task through validate (oracle, no-op, parrot, mutants, the red team): after changing tasks or the judge.
validate: setup
	$(REALCLI) validate $(TASKS) --adversaries --red-team-record docs/red-team.json --log $(LOG)
	$(REALCLI) coverage $(TASKS) --markdown --red-team docs/red-team.json > docs/suite.md

demo-local:
	scripts/demo-local.sh

# The suite on four workers (2 cores: much of a Docker test is waiting on the engine and the
# sandboxes).  Tests marked long start first; an xdist_group keeps a module's tests on one worker
# (CONTRIBUTING.md, "Tests"; scripts/test-under-load.sh runs it beside two CPU burners).
test: services
	$(PY) -m pytest -q -n 4 --dist loadgroup --no-loadscope-reorder --ignore=tests/chaos

# One test at a time: to read a failure's output in order.
test-serial: services
	$(PY) -m pytest -q --ignore=tests/chaos

# The pure tier: no Docker engine, no nats-server, no model, no browser (under a minute on 2 cores).
# One worker per core: a quarter of its time is waiting out the timeouts that tests of unreachable
# services and locked logs assert, which another worker's tests fill.
test-fast:
	$(PY) -m pytest -q -n auto --ignore=tests/chaos -m "not docker and not nats and not local_model and not browser"

# Crash safety end to end: kill -9 at seeded random points, NATS restarts and a
# 75 s outage, a worker killed mid-trial (a few minutes; CI runs it too).
test-chaos: services
	$(PY) -m pytest -q tests/chaos

lint:
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	scripts/typecheck.sh

typecheck:
	scripts/typecheck.sh

bench: services
	$(PY) -m bench
