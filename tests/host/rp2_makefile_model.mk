# A model of the rules of MicroPython's rp2 port Makefile (ports/rp2/Makefile) that
# decide what cmake is told for a frozen build: docs/hardware.md's "the firmware frozen
# into MicroPython" and tests/host/test_frozen_build.py, which runs this with GNU make.
#
# Read from micropython/micropython's ports/rp2/Makefile at commit 0175832446d9 (the one
# version read; its CMAKE_ARGS lines and its cmake rule are those a dry run of v1.28.0's
# Makefile showed for the emulated chip's builds). Modelled, each as the Makefile has it:
# - BOARD ?= RPI_PICO and BOARD_DIR ?= boards/$(BOARD) (a board folder given as
#   BOARD_DIR is left out); a BOARD_DIR that is not there stops make;
# - BUILD ?= build-$(BOARD), or build-$(BOARD)-$(BOARD_VARIANT) with a variant;
# - CMAKE_ARGS += the board, then the manifest when FROZEN_MANIFEST is set. There is no
#   `override`: a CMAKE_ARGS given on make's command line wins over every += here;
# - cmake configures $(BUILD) only when $(BUILD)/Makefile is not there yet.
# Left out: the pico-sdk check, verbose.mk's $(Q), the other CMAKE_ARGS options (user C
# modules, debug, variant, preview), and the recursive $(MAKE) -C $(BUILD) that builds
# (make -n would run it).

BOARD ?= RPI_PICO
BOARD_DIR ?= boards/$(BOARD)
ifeq ($(wildcard $(BOARD_DIR)/.),)
$(error no board folder $(BOARD_DIR))
endif

ifneq ($(BOARD_VARIANT),)
BUILD ?= build-$(BOARD)-$(BOARD_VARIANT)
else
BUILD ?= build-$(BOARD)
endif

CMAKE_ARGS += -DMICROPY_BOARD=$(BOARD) -DMICROPY_BOARD_DIR="$(abspath $(BOARD_DIR))"

ifneq ($(FROZEN_MANIFEST),)
CMAKE_ARGS += -DMICROPY_FROZEN_MANIFEST="${FROZEN_MANIFEST}"
endif

all:
	[ -e $(BUILD)/Makefile ] || cmake -S . -B $(BUILD) -DPICO_BUILD_DOCS=0 ${CMAKE_ARGS}

clean:
	$(RM) -rf $(BUILD)
