"""How a Battle of Corsica table may be set up: how many players, which slap rules
besides doubles it may choose. Its own module so that the setups show them without
loading the game engine (corsica.py, which takes them from here).
"""

MIN_PLAYERS = 2
MAX_PLAYERS = 6
VARIANTS = ("sandwich", "sequence", "sum10")
