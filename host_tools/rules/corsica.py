"""Battle of Corsica: `python -m host_tools corsica judge|simulate ...`.

    judge TRACE.json      judge a tap trace (docs/formats.md), see host_tools/rules/corsica_judge.py
    simulate --players N --games G --seed S [--variants sandwich,sequence,sum10]
             [--turn-cap N]
                          play whole games with random slaps and false taps
                          (firmware/table/rules/corsica_sim.py), print totals as JSON

Bad arguments: exit status 2, one line on standard error.
"""

import importlib
import json

from host_tools import ArgumentParser, UserError
from table.rules import corsica_sim

PROG = "python -m host_tools corsica"
JUDGE_EXAMPLE = PROG + " judge trace.json"
SIMULATE_EXAMPLE = PROG + " simulate --players 4 --games 100 --seed 1 --variants sandwich,sum10"


def build_parser():
    parser = ArgumentParser(
        prog=PROG,
        description="Battle of Corsica: judge tap traces, simulate games.",
        example=JUDGE_EXAMPLE + "\n" + SIMULATE_EXAMPLE,
    )
    commands = parser.add_subparsers(dest="command", metavar="{judge,simulate}")
    commands.required = True
    judge = commands.add_parser("judge", help="judge a tap trace (docs/formats.md)", example=JUDGE_EXAMPLE)
    judge.add_argument("trace", help="tap trace JSON file, - for standard input")
    sim = commands.add_parser("simulate", help="simulate whole games with random tappers", example=SIMULATE_EXAMPLE)
    sim.add_argument("--players", type=int, default=4, help="2-6 (default 4)")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument("--variants", default="", help="comma-separated slap variants: sandwich,sequence,sum10")
    sim.add_argument(
        "--turn-cap",
        type=int,
        default=corsica_sim.TURN_CAP,
        help="stop a game after this many cards turned (default %d)" % corsica_sim.TURN_CAP,
    )
    return parser


def simulate(args):
    """The simulate subcommand: totals of `corsica_sim.simulate` as a JSON object."""
    if not 2 <= args.players <= 6:
        raise UserError("--players must be 2-6, not %d" % args.players)
    if not 1 <= args.games <= 1000000:
        raise UserError("--games must be 1-1000000, not %d" % args.games)
    if not 0 <= args.seed < 2**32:
        raise UserError("--seed must be 0-4294967295, not %d" % args.seed)
    if not 1 <= args.turn_cap <= 1000000:
        raise UserError("--turn-cap must be 1-1000000, not %d" % args.turn_cap)
    variants = tuple(v.strip() for v in args.variants.split(",") if v.strip())
    try:
        r = corsica_sim.simulate(args.players, args.games, args.seed, variants, args.turn_cap)
    except ValueError as e:
        raise UserError(str(e))
    out = {
        "players": args.players,
        "variants": list(variants),
        "seed": args.seed,
        "turn_cap": args.turn_cap,
        "slap_percent": corsica_sim.SLAP_PERCENT,
        "false_tap_percent": corsica_sim.FALSE_TAP_PERCENT,
        "games": r["games"],
        "wins": r["wins"],
        "capped": r["capped"],
        "turns_mean": round(r["turns_total"] / r["games"], 1),
        "turns_max": r["turns_max"],
        "slaps": r["slaps"],
        "false_taps": r["false_taps"],
        "mistakes": r["mistakes"],
        "eliminated": r["eliminated"],
    }
    print(json.dumps(out, sort_keys=True))
    return 0


def main(argv):
    if argv[:1] == ["judge"]:
        return importlib.import_module("host_tools.rules.corsica_judge").main(argv[1:])
    return simulate(build_parser().parse_args(argv))
