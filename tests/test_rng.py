from raising import value_error

from table.rules.rng import Rng


def test_same_sequence_for_same_seed():
    a, b = Rng(42), Rng(42)
    assert [a.next32() for _ in range(20)] == [b.next32() for _ in range(20)]


def test_known_values_are_runtime_independent():
    # Fixed expectations: the same numbers must come out on CPython and MicroPython.
    r = Rng(1)
    assert [r.next32() for _ in range(3)] == [270369, 67634689, 2647435461]


def test_below_is_in_range_and_covers_all():
    r = Rng(7)
    seen = set()
    for _ in range(600):
        x = r.below(6)
        assert 0 <= x < 6
        seen.add(x)
    assert seen == {0, 1, 2, 3, 4, 5}


def test_shuffle_is_a_permutation():
    r = Rng(3)
    items = list(range(54))
    r.shuffle(items)
    assert sorted(items) == list(range(54))
    assert items != list(range(54))


def test_zero_seed_is_usable():
    r = Rng(0)
    assert r.next32() != 0


def reference_xorshift32(state, count):
    """Marsaglia's xorshift32 (shifts 13, 17, 5) written over a list of 32 bits
    (least significant first), independent of rng.py's integer arithmetic."""
    bits = [(state >> i) & 1 for i in range(32)]
    out = []
    for _ in range(count):
        bits = [bits[i] ^ (bits[i - 13] if i >= 13 else 0) for i in range(32)]
        bits = [bits[i] ^ (bits[i + 17] if i + 17 < 32 else 0) for i in range(32)]
        bits = [bits[i] ^ (bits[i - 5] if i >= 5 else 0) for i in range(32)]
        out.append(sum(b << i for i, b in enumerate(bits)))
    return out


def test_next32_is_xorshift32_against_a_bitwise_reference():
    for seed in (1, 42, 0xDEADBEEF, 0xFFFFFFFF, 0x80000000):
        r = Rng(seed)
        assert [r.next32() for _ in range(8)] == reference_xorshift32(seed, 8)


def test_the_default_seed_is_1():
    # 270369 is xorshift32's first value from state 1 (Marsaglia's shifts 13, 17, 5).
    assert Rng().next32() == 270369


def test_seed_0_starts_from_the_golden_ratio_constant():
    # A logged seed of 0 must replay: its sequence is xorshift32 from 0x9E3779B9.
    r = Rng(0)
    assert [r.next32() for _ in range(3)] == reference_xorshift32(0x9E3779B9, 3)
    assert reference_xorshift32(0x9E3779B9, 1) == [1359758873]


def test_seed_keeps_the_low_32_bits():
    r = Rng(0x100000001)
    assert r.next32() == 270369


def test_below_refuses_n_below_1_with_a_clear_message():
    for n in (0, -1):
        assert value_error(Rng(1).below, n) == "below() needs n > 0"


def test_below_1_is_always_0():
    r = Rng(5)
    assert [r.below(1) for _ in range(5)] == [0] * 5


def test_below_rejects_the_top_of_the_range_that_would_bias_it():
    # n = 3: 65536 % 3 == 1, so of the 16-bit draws r = next32() >> 16 only
    # r = 65535 is rejected. Seed 24771507's draws are r = 65535, 43658:
    # the first is rejected, the second gives 43658 % 3 == 2.
    assert [v >> 16 for v in reference_xorshift32(24771507, 2)] == [65535, 43658]
    assert Rng(24771507).below(3) == 2
    # Seed 3977951651's first draw is r = 65534, accepted: 65534 % 3 == 2.
    assert reference_xorshift32(3977951651, 1)[0] >> 16 == 65534
    assert Rng(3977951651).below(3) == 2
    # n = 2**15 divides 2**16: nothing is rejected, the draw is r % n.
    r = Rng(24771507)
    assert r.below(0x8000) == 65535 % 0x8000


def test_shuffle_is_fisher_yates_over_below():
    # From the last position down to 1, swap with a position drawn by below(i + 1).
    for n in (0, 1, 2, 3, 7):
        draws = Rng(9)
        expected = list(range(n))
        for i in range(n - 1, 0, -1):
            j = draws.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        items = list(range(n))
        r = Rng(9)
        r.shuffle(items)
        assert items == expected
        assert r.next32() == draws.next32()  # exactly n - 1 draws taken


def test_a_shuffle_worked_by_hand():
    # Seed 3's 16-bit draws are 12, 3080, 46164, 29133, 27977: below(6..2) gives
    # 12 % 6 = 0, 3080 % 5 = 0, 46164 % 4 = 0, 29133 % 3 = 0, 27977 % 2 = 1, so
    # positions 5, 4, 3, 2 are swapped with position 0 in turn and 1 stays.
    assert [v >> 16 for v in reference_xorshift32(3, 5)] == [12, 3080, 46164, 29133, 27977]
    items = list(range(6))
    Rng(3).shuffle(items)
    assert items == [2, 1, 3, 4, 5, 0]


def test_choice_picks_the_drawn_position():
    r = Rng(9)
    i = Rng(9).below(5)
    assert r.choice("abcde") == "abcde"[i]
