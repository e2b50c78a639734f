# The two commands of the README: `make demo` (set up, then the main job on the
# bundled tasks) and `make test`.
PY := .venv/bin/python
REALCLI := .venv/bin/realcli
TASKS ?= tasks
LOG ?= sqlite:runs/realcli.db

.PHONY: setup demo demo-local test lint typecheck bench services

setup:
	scripts/setup.sh

services:
	scripts/services.sh start

demo: setup
	$(REALCLI) validate $(TASKS) --log $(LOG)
	$(REALCLI) run $(TASKS) --mode paired --agent oracle --attempts 1 --concurrency 4 --run-id demo-$$(date +%Y%m%d-%H%M%S) --log $(LOG)

demo-local:
	scripts/demo-local.sh

test: services
	$(PY) -m pytest -q

lint:
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	scripts/typecheck.sh

typecheck:
	scripts/typecheck.sh

bench: services
	$(PY) -m bench
