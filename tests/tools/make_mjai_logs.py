"""Make mjai logs with RiichiEnv (a test-only oracle), each `hora` carrying RiichiEnv's own
verdict, for `mjscore check` to hold against.

usage: python tests/tools/make_mjai_logs.py OUT --players 4|3 --games N --seed S [--rule R]

Four simple agents play RiichiEnv's games (`riichienv` from PyPI, Apache-2.0; not a
dependency of mjscore): each wins whenever it can, declares riichi, kan and kita when
offered, calls now and then, and otherwise discards a tile that leaves the fewest
shanten. The log is RiichiEnv's own `mjai_log` as its engine wrote it: each `hora` carries
the engine's point changes (`deltas`, the Mortal dialect), the verdict `mjscore check`
compares as nets. (RiichiEnv's `MjaiReplay` scorer was tried for han and fu too: on
these logs it disagrees with the engine's own deltas, so it is no oracle.) Several
games go to one file, one after the other (`start_game` .. `end_game`).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path


def play(players: int, seed: int, rule_name: str) -> list[dict]:
    import riichienv as r
    from riichienv import ActionType as T

    mode = 2 if players == 4 else 5  # hanchan
    env = r.RiichiEnv(game_mode=mode, seed=seed, rule=getattr(r.GameRule, rule_name)())
    shanten = r.calculate_shanten if players == 4 else r.calculate_shanten_3p
    rng = random.Random(seed)
    obs = env.reset()
    while not env.done():
        actions = {}
        for pid, o in obs.items():
            legal = o.legal_actions()
            pick = next((a for a in legal if a.action_type in (T.TSUMO, T.RON)), None)
            pick = pick or next(
                (a for a in legal if a.action_type in (T.RIICHI, T.KITA, T.ANKAN, T.KAKAN)), None
            )
            calls = [a for a in legal if a.action_type in (T.PON, T.CHI, T.DAIMINKAN)]
            if pick is None and calls and rng.random() < 0.3:
                pick = rng.choice(calls)
            discards = [a for a in legal if a.action_type == T.DISCARD]
            if pick is None and discards:
                hand = list(o.hand)

                def left(action, hand=hand):
                    rest = list(hand)
                    rest.remove(action.tile)
                    return shanten(rest)

                best = min(left(a) for a in discards)
                pick = rng.choice([a for a in discards if left(a) == best])
            if pick is None:
                pick = next((a for a in legal if a.action_type == T.PASS), legal[0])
            actions[pid] = pick
        obs = env.step(actions)
    return [dict(e) for e in env.mjai_log]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--players", type=int, choices=(3, 4), default=4)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", default="default_tenhou", help="a GameRule preset of RiichiEnv")
    args = ap.parse_args()
    lines = []
    for g in range(args.games):
        log = play(args.players, args.seed + g, args.rule)
        lines += [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in log]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
