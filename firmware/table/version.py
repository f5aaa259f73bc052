"""The product's version: the one place it is written (docs/development.md, "Version").

pyproject.toml and the manifests' metadata() say the same (a test checks); the device
shows it in Settings and the hardware test, `doctor` compares the device's with the
checkout's, the report names the one that wrote it.
"""

VERSION = "2.1.0"
