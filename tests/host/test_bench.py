"""`python -m host_tools bench --quick`: every figure in results.json (no timing assertions)."""
import json
import subprocess
import sys

from host_tools import ROOT, bench

FIGURES = ("igo_round_us", "corsari_ender_choice_us", "corsica_game_us", "judge_edges_per_s",
           "firmware_heap_peak_bytes", "display_bytes_per_update", "tap_fairness")
SESSIONS = ("igo", "corsari", "referee")


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
    h = res["firmware_heap_peak_bytes"]
    assert h["unix64"]["value"] > 0 and h["target"] == "<= 65536"
    assert all(h["unix64"]["per_session"][n] > 0 for n in SESSIONS)
    assert "32-bit" in h["runtime"]
    if bench.mp32_node():  # the 32-bit runner is installed (make mp32)
        assert h["value"] > 0 and h["simulator_base_bytes"] > 0
        for n in SESSIONS:
            assert h["per_session"][n] > 0 and h["peak_screen"][n], n
            assert h["high_water_bound_bytes"][n] >= h["per_session"][n], n
            assert 0 < h["module_code_bytes"][n] < h["per_session"][n], n
        assert h["high_water_bound_bytes"]["value"] >= h["value"]
    else:
        assert h["value"] is None and not h["pass"]
        assert bench.MP32_MISSING in h["problems"]
        assert bench.MP32_MISSING in r.stdout
    t = res["tap_fairness"]
    assert t["pairs"] > 0 and 0 <= t["share"] <= 1
    for name in FIGURES:
        assert "`%s`" % name in r.stdout  # the Markdown table
