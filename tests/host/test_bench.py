"""`python -m host_tools bench --quick`: every figure in results.json (no timing assertions)."""
import json
import subprocess
import sys

from host_tools import ROOT

FIGURES = ("igo_round_us", "corsari_ender_choice_us", "corsica_game_us", "judge_edges_per_s",
           "firmware_heap_peak_bytes", "display_bytes_per_update", "tap_fairness")


def test_quick_bench_writes_every_key(tmp_path):
    out = tmp_path / "results.json"
    r = subprocess.run([sys.executable, "-m", "host_tools", "bench", "--quick", "--out", str(out),
                        "--keep", str(tmp_path / "work")],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    res = json.loads(text)
    assert text == json.dumps(res, sort_keys=True, indent=2) + "\n"  # sorted keys
    for key in ("date", "machine") + FIGURES:
        assert key in res, key
    for key in ("platform", "cpu_count", "python", "micropython"):
        assert res["machine"][key], key
    for name in FIGURES[:4]:
        assert res[name]["cpython"] > 0 and res[name]["micropython"] > 0, name
    for name in FIGURES:
        assert "target" in res[name] and "pass" in res[name], name
    d = res["display_bytes_per_update"]
    assert d["updates"] > 0 and 0 < d["median"] <= d["max"]
    assert res["firmware_heap_peak_bytes"]["value"] > 0
    t = res["tap_fairness"]
    assert t["pairs"] > 0 and 0 <= t["share"] <= 1
    for name in FIGURES:
        assert "`%s`" % name in r.stdout  # the Markdown table
