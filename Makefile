# Tallone: `make run` serves the app, `make test` runs the whole suite. Each does every step itself.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
# Some machines export PYTHONDONTWRITEBYTECODE=1: then Python compiles every module again at each
# start, and pytest rewrites the asserts of 600 test modules in each worker (collection 42 s instead
# of 7 s). The __pycache__ folders are git-ignored.
unexport PYTHONDONTWRITEBYTECODE
# The browser tests' tools from npm (axe-core), installed again whenever the lock changes.
NODE_INSTALLED := node_modules/.installed
SERVER_INSTALLED := $(VENV)/.installed-server
HOST ?= 127.0.0.1
PORT ?= 8000
DEMO_LOGIN := demo / tallone-demo

.PHONY: run serve test fuzz bench system install lint typecheck format messages clean

# Debian packages the project needs (Python venv, WeasyPrint's Pango, Chromium and Node for browser
# tests).
system:
	@bash bin/install-system-packages

$(INSTALLED): pyproject.toml | system
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

$(NODE_INSTALLED): package-lock.json | system
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	@touch $@

install: $(INSTALLED) $(NODE_INSTALLED) .env

# A server gets the app's own dependencies only: no test tools, no Chromium, no .env.
$(SERVER_INSTALLED): pyproject.toml
	@bash bin/install-system-packages --production
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

# A developer's defaults; real environment variables override them. Never used in production.
.env:
	@printf 'DEBUG=1\nSECRET_KEY=%s\n' "$$($(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))')" > $@
	@echo "Wrote .env (DEBUG on, a random SECRET_KEY) for this machine."

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo --if-empty
	@echo
	@echo "  Tallone is at http://$(HOST):$(PORT)/  -  log in as $(DEMO_LOGIN)"
	@echo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production: gunicorn with DEBUG off against DATABASE_URL (see docs/DEPLOY.md for nginx, env vars).
serve: $(SERVER_INSTALLED)
	@test -n "$$DATABASE_URL" || { echo "Set DATABASE_URL (postgres://user:password@host/db)"; exit 1; }
	@test -n "$$SECRET_KEY" || { echo "Set SECRET_KEY (a long random string, kept secret)"; exit 1; }
	DEBUG=0 $(BIN)/python manage.py migrate --noinput
	DEBUG=0 $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DEBUG=0 $(BIN)/python manage.py check --deploy --fail-level ERROR
	DEBUG=0 exec $(BIN)/gunicorn --config config/gunicorn.py

# The page script's unit tests (tests/js/, half a second) first. Then three workers on the two
# cores: the browser tests mostly wait for Chromium and the live server, and a third worker fills
# those waits (docs/PERFORMANCE.md: 7 min 35 s against about 9 with two, four slower again);
# --dist loadgroup sends the xdist groups first (the fuzz net's shards, one per worker), then every
# other test one by one to whichever worker is free. Hypothesis' `ci` profile.
TEST_WORKERS ?= 3
test: install
	node --test tests/js/
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

# The property and fuzz tests only, searching far deeper (Hypothesis' `deep` profile: 10 times each
# property's examples; the fuzz net 60 runs of 30 steps). Minutes to an hour: not for every commit.
FUZZ_EXAMPLES ?= 60
FUZZ_STEPS ?= 30
fuzz: install
	HYPOTHESIS_PROFILE=deep FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_STEPS=$(FUZZ_STEPS) \
		$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not browser" \
		$$(grep -rlE --include='test_*.py' 'from hypothesis|import schemathesis' tests)

# Every benchmark in bench/, one after the other (figures and targets: docs/PERFORMANCE.md).
bench: install
	bash bench/run-all

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy over every application module (the list and the strictness: pyproject.toml).
typecheck: install
	$(BIN)/python -m mypy

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Extract and compile translations (needs Debian's gettext; the compiled files are committed).
messages: install
	$(BIN)/python manage.py makemessages --locale it --locale en --ignore '.venv/*' \
		--ignore 'staticfiles/*' --ignore 'tests/*' --ignore 'bench/*' --ignore 'node_modules/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*' --ignore 'node_modules/*'
	bash bin/check-translations

clean:
	rm -rf $(VENV) node_modules staticfiles .pytest_cache
