"""What ships to a Pico: the manifests, the board files, mpy-cross, the wiring diagrams."""
