"""Bot against bot: the odds bot (`trainer.odds_bot`, the trainer's bot) against the book
bot (`trainer.bot`, the bot before it).

Heads-up sessions under each profile, the seats swapped every other session; a session is
won by the bot with more chips at its end (R6.5), a draw counts half. Prints, for each
profile, the odds bot's win rate with a 95 % Wilson interval: above 50 % means it wins
more sessions than it loses. Run: `python -m benchmarks.bots --sessions N [--profile P ...]
[--jobs J]` (`make bench-bots`: 10,000 sessions each of house, badeucy and badacy).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import random
import time

from badugi_spec import profiles
from badugi_spec.engine import Session
from badugi_spec.trainer.bot import Bot, seen
from badugi_spec.trainer.odds_bot import OddsBot

PROFILES = ("house", "badeucy", "badacy")
"""The house game and the two split games: the draws the odds bot changes most."""


def one(work: tuple[str, int]) -> tuple[float, int]:
    """1 if the odds bot wins the session, 0 if it loses, 0.5 for equal stacks; and the
    hands the session took."""
    profile_name, seed = work
    profile = profiles.get(profile_name)
    odds_seat = seed % 2
    session = Session(
        first_dealer=0, stacks=(profile.starting_stack,) * 2, profile=profile, seed=seed
    )
    bots: list[Bot] = [Bot(random.Random(f"bench:{seed}:{s}")) for s in range(2)]
    bots[odds_seat] = OddsBot(random.Random(f"bench:{seed}:{odds_seat}"), profile=profile)
    while not session.is_over:
        hand = session.start_hand()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            session.apply(bots[seat].decide(seen(hand, seat)))
    mine, theirs = session.stacks[odds_seat], session.stacks[1 - odds_seat]
    score = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    return score, len(session.hands)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--profile", action="append", help=f"default: {', '.join(PROFILES)}")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with concurrent.futures.ProcessPoolExecutor(max(args.jobs, 1)) as pool:
        for name in args.profile or PROFILES:
            start = time.monotonic()
            work = [(name, seed) for seed in range(args.sessions)]
            results = list(pool.map(one, work, chunksize=50))
            score = sum(s for s, _ in results)
            hands = sum(h for _, h in results)
            low, high = wilson(score, args.sessions)
            print(
                f"{name}: odds bot against book bot, {args.sessions} heads-up sessions"
                f" ({hands} hands): win rate {score / args.sessions:.1%}"
                f" (95 % CI {low:.1%} to {high:.1%}),"
                f" {time.monotonic() - start:.0f} s on {args.jobs} job(s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
