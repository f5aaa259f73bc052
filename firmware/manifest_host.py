"""Modules in firmware/ that no device runs: the host tools and the simulator use them
(score --hands, corsica simulate). They stay in firmware/ because they build on the
firmware's pure logic and run on MicroPython in the tests too.
"""

module("corsica_sim.py")
module("igo_hands.py")
module("judge_trace.py")
