"""The manifests (firmware/manifest*.py) and their reader (host_tools/ship/manifest.py)."""

import contextlib
import io
import os

import pytest
from imports import firmware_imports, firmware_modules, shipped_name

from host_tools import FIRMWARE, UserError
from host_tools.ship import manifest

MANIFESTS = ("manifest.py", "manifest_circuitpython.py", "manifest_app.py", "manifest_host.py", "manifest_wifi.py")


def test_every_firmware_module_is_in_a_manifest():
    """A new firmware file must say where it runs: add it to one of the manifests."""
    listed = set()
    for name in MANIFESTS:
        listed |= set(manifest.read(os.path.join(FIRMWARE, name), {"microdot": manifest.microdot_folder()}).names())
    files = {os.path.relpath(p, FIRMWARE).replace(os.sep, "/") for p in firmware_modules().values()}
    assert sorted(files - listed) == [], "not in any firmware/manifest*.py"


def test_runtimes_get_their_own_modules():
    mp = manifest.for_runtime("micropython").names()
    cp = manifest.for_runtime("circuitpython").names()
    host = manifest.read(os.path.join(FIRMWARE, manifest.HOST)).names()
    assert {"main.py", "table/device/hw.py", "table/app.py", "table/device/boardspec.py"} <= set(mp)
    cp_only = {"cp_main.py", "table/device/hw_circuitpython.py", "table/device/canvas_displayio.py"}
    assert cp_only | {"table/app.py"} <= set(cp)
    assert not cp_only & set(mp)
    assert not {"main.py", "table/device/hw.py", "table/device/ssd1306.py"} & set(cp)
    assert not set(host) & (set(mp) | set(cp))
    assert manifest.for_runtime("micropython").metadata["version"]


def test_reader_follows_includes_and_options(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "a.py").write_text("")
    (tmp_path / "lib" / "b.py").write_text("")
    (tmp_path / "lib" / "manifest.py").write_text('module("b.py", opt=3)\nmodule("../a.py")\n')
    (tmp_path / "manifest.py").write_text('metadata(description="x", version="1.2")\ninclude("lib")\nmodule("a.py")\n')
    m = manifest.read(str(tmp_path / "manifest.py"))
    assert m.metadata == {"description": "x", "version": "1.2"}
    assert [(x.name, x.opt) for x in m.modules] == [("b.py", 3), ("a.py", None)]


def test_a_package_ships_its_files_named_from_the_package(tmp_path):
    # MicroPython's manifestfile: package(path, files) freezes path/FILE as path/FILE
    # (imported as path.FILE's module); without files, every .py under path
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    for name in ("__init__.py", "a.py", "sub/__init__.py", "sub/b.py"):
        (tmp_path / "pkg" / name).write_text("")
    (tmp_path / "manifest.py").write_text('package("pkg", files=("__init__.py", "sub/b.py"), opt=2)\n')
    m = manifest.read(str(tmp_path / "manifest.py"))
    assert [(x.name, x.opt) for x in m.modules] == [("pkg/__init__.py", 2), ("pkg/sub/b.py", 2)]
    assert m.modules[1].path == str(tmp_path / "pkg" / "sub" / "b.py")
    (tmp_path / "manifest.py").write_text('package("pkg")\n')
    assert manifest.read(str(tmp_path / "manifest.py")).names() == [
        "pkg/__init__.py",
        "pkg/a.py",
        "pkg/sub/__init__.py",
        "pkg/sub/b.py",
    ]
    (tmp_path / "manifest.py").write_text('package("pkg", files=("nope.py",))\n')
    with pytest.raises(UserError) as err:
        manifest.read(str(tmp_path / "manifest.py"))
    assert "no such file nope.py" in str(err.value)


def test_an_included_manifest_sees_only_the_options_its_include_passes(tmp_path):
    # as MicroPython's manifestfile.py: include(path, **kwargs) gives the included
    # manifest kwargs as its options, not its parent's
    (tmp_path / "a.py").write_text("")
    (tmp_path / "b.py").write_text("")
    (tmp_path / "sub.py").write_text('options.defaults(x=False)\nif options.x:\n    module("b.py")\n')
    (tmp_path / "manifest.py").write_text('include("sub.py")\ninclude("sub.py", x=options.x)\nmodule("a.py")\n')
    assert manifest.read(str(tmp_path / "manifest.py"), {"x": True}).names() == ["a.py", "b.py"]
    (tmp_path / "manifest.py").write_text('include("sub.py")\nmodule("a.py")\n')
    assert manifest.read(str(tmp_path / "manifest.py"), {"x": True}).names() == ["a.py"]


def test_the_w_firmware_builds_with_micropythons_own_manifest_functions():
    # A MicroPython build's require() takes micropython-lib's packages only, and
    # micropython-lib has no microdot: a W build stopped at require("microdot"). The
    # manifests name every file with module(), microdot's by the folder passed in.
    for name in MANIFESTS:
        with open(os.path.join(FIRMWARE, name)) as f:
            assert "require(" not in f.read(), name
    w = manifest.for_runtime("micropython", wifi=True)
    microdot = [m for m in w.modules if m.name == "microdot.py"]
    assert [m.path for m in microdot] == [os.path.join(manifest.microdot_folder(), "microdot.py")]
    with pytest.raises(UserError) as err:  # a build that does not say where microdot is
        manifest.read(os.path.join(FIRMWARE, "manifest.py"), {"wifi": True})
    assert "give microdot's folder" in str(err.value)


@pytest.mark.parametrize(
    "text, says",
    [
        ('module("nope.py")\n', "no such file"),
        ('package("pkg")\n', "package('pkg'): no such folder"),
        ('include("manifest.py")\n', "include loop"),
        ('module(\n', "manifest.py:"),
        ('freeze(".")\n', "freeze() is not supported"),
        ('require("microdot")\n', "require() is not supported"),
        ('undefined_call()\n', "NameError"),
    ],
)
def test_bad_manifest_is_one_line(tmp_path, text, says):
    (tmp_path / "manifest.py").write_text(text)
    with pytest.raises(UserError) as err:
        manifest.read(str(tmp_path / "manifest.py"))
    assert says in str(err.value) and "\n" not in str(err.value)


def test_what_ships_to_a_pico_imports_only_what_ships_with_it():
    """A module left out of firmware/manifest.py that the device imports would be an
    ImportError on the Pico only (the simulator loads all of firmware/)."""
    w = manifest.read(os.path.join(FIRMWARE, "manifest_wifi.py"), {"microdot": manifest.microdot_folder()})
    wifi_only = {shipped_name(m) for m in w.modules}
    for wifi in (False, True):
        shipped = manifest.for_runtime("micropython", wifi=wifi)
        names = {shipped_name(m) for m in shipped.modules}
        if not wifi:  # app.main imports the live page's server on a W board only
            names |= wifi_only
        missing = sorted(
            "%s imports %s" % (m.name, n) for m in shipped.modules for n in firmware_imports(m.path) - names
        )
        assert missing == [], wifi
    assert "microdot.py" in manifest.for_runtime("micropython", wifi=True).names()
    assert not wifi_only & {shipped_name(m) for m in manifest.for_runtime("micropython").modules}


def test_the_version_is_written_once_and_repeated_alike():
    """firmware/table/version.py is the product's version; pyproject.toml and the manifests'
    metadata() must say the same, and every runtime ships the module."""
    import re
    import tomllib

    from host_tools import ROOT, product_version
    from table import version

    assert re.fullmatch(r"\d+\.\d+\.\d+", version.VERSION), version.VERSION
    assert product_version() == version.VERSION
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        assert tomllib.load(f)["project"]["version"] == version.VERSION, "pyproject.toml's version"
    for runtime in manifest.RUNTIMES:
        shipped = manifest.for_runtime(runtime)
        assert shipped.metadata["version"] == version.VERSION, shipped.path
        assert "table/version.py" in shipped.names(), runtime


def test_the_cli_says_its_version():
    from host_tools.__main__ import main
    from table import version

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--version"]) == 0
    assert out.getvalue() == "table-referee %s\n" % version.VERSION
