"""Modules in firmware/ that no device runs: the host tools and the simulator use them
(score --hands, corsica simulate). They stay in firmware/ because they build on the
firmware's pure logic and run on MicroPython in the tests too.
"""

package(
    "table",
    files=(
        "rules/corsica_sim.py",
        "rules/igo_cards.py",
        "rules/igo_hands.py",
        "rules/judge_trace.py",
    ),
)
