# Two commands do everything: `make sim` (the device, no hardware) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
HEAP ?= 192k
STAMP := $(VENV)/.installed
MP32 := host_tools/mp32
MP32_STAMP := $(MP32)/node_modules/.installed
PORT ?=
BOARD ?= pico
DB ?= history.sqlite

.PHONY: test test-cpython test-micropython test-mp32 check sim bench mutate mp32 deploy doctor wiring screenshots pull report clean

$(STAMP): requirements.txt requirements-stubs.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps \
		--target $(VENV)/mpy-stubs -r requirements-stubs.txt
	touch $(STAMP)

venv: $(STAMP)

## make test: everything on CPython, the pure logic again on MicroPython (the 64-bit
## unix port, and the 32-bit WebAssembly port when node is installed), firmware check
test: test-cpython test-micropython test-mp32 check

ifneq ($(shell command -v node 2>/dev/null),)
MP32_READY := $(MP32_STAMP)
test-mp32: $(MP32_STAMP)
	node $(MP32)/run.mjs --test
else
MP32_READY :=
test-mp32:
	@echo "test-mp32: skipped: node not found (the 32-bit MicroPython runs on node; see README)"
endif

test-cpython: $(STAMP) $(MP32_READY)
	$(PY) -m pytest tests

test-micropython: $(STAMP)
	$(PY) tests/run_micropython.py --heap $(HEAP)

check: $(STAMP)
	$(PY) -m host_tools check

## make sim: run the real firmware on the MicroPython unix port, screen in the terminal
sim: $(STAMP)
	$(PY) -m host_tools sim --flash sim_flash

## make mp32: the 32-bit MicroPython (WebAssembly port, via npm): tests and the heap figure
$(MP32_STAMP): $(MP32)/package.json $(MP32)/package-lock.json
	npm ci --prefix $(MP32) --no-audit --no-fund
	touch $(MP32_STAMP)

mp32: $(MP32_STAMP)

## make bench: the benchmark's own check, then the figures (bench/results.json)
bench: $(STAMP) $(MP32_STAMP)
	$(PY) -m pytest -m bench tests/host/test_bench.py
	$(PY) -m host_tools bench

## make mutate: mutation testing of the pure-logic modules (minutes; not in CI)
mutate: $(STAMP)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-mutate.txt
	$(PY) -m host_tools mutate

deploy: $(STAMP)
	$(PY) -m host_tools deploy --board $(BOARD) $(if $(PORT),--port $(PORT))

## make doctor: is the Pico ready (found, MicroPython, flash, heap, firmware up to date)?
doctor: $(STAMP)
	$(PY) -m host_tools doctor $(if $(PORT),--port $(PORT)) \
		$(if $(filter command line environment,$(origin BOARD)),--board $(BOARD))

## make screenshots: replay bench/session_*.txt in the simulator, compose docs/screens.png
screenshots: $(STAMP)
	$(PY) -m host_tools screenshots

## make wiring: docs/wiring/NAME.png for every board file (tests/host/test_wiring.py checks them)
wiring: $(STAMP)
	$(PY) -m host_tools wiring --out docs/wiring

pull: $(STAMP)
	$(PY) -m host_tools pull --db $(DB) $(if $(PORT),--port $(PORT))

report: $(STAMP)
	$(PY) -m host_tools report --db $(DB) --out report

clean:
	rm -rf $(VENV) build report .pytest_cache $(MP32)/node_modules
