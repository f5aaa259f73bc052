"""A small deterministic PRNG (xorshift32): the same sequence on CPython,
MicroPython and the device, so a logged seed replays a game or a tie break."""


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        s = int(seed) & 0xFFFFFFFF
        self._s = s or 0x9E3779B9

    def state(self):
        """The generator's state: Rng(state) goes on with the same sequence (a saved
        deck game's random draws, rules/corsica.py)."""
        return self._s

    def next32(self):
        """Next 32-bit value."""
        s = self._s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self._s = s
        return s

    def below(self, n):
        """Uniform integer in [0, n) for 0 < n < 2**16 (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = 0x10000 - (0x10000 % n)
        while True:
            r = self.next32() >> 16
            if r < limit:
                return r % n

    def shuffle(self, items):
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
