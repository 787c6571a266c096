# Tallone: `make run` serves the app, `make test` runs the whole suite. Each does every step itself.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
DEMO_LOGIN := demo / tallone-demo

.PHONY: run test system install lint format messages clean

# Debian packages the project needs (Python venv, WeasyPrint's Pango, Chromium for browser tests).
system:
	@bash bin/install-system-packages

$(INSTALLED): pyproject.toml | system
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

install: $(INSTALLED) .env

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

test: install
	$(BIN)/python -m pytest -n 2

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Extract and compile translations (needs Debian's gettext; the compiled files are committed).
messages: install
	$(BIN)/python manage.py makemessages --locale it --locale en --ignore '.venv/*' \
		--ignore 'staticfiles/*' --ignore 'tests/*' --ignore 'bench/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*'
	bash bin/check-translations

clean:
	rm -rf $(VENV) staticfiles .pytest_cache
