"""Bot against bot: the odds bot (`trainer.odds_bot`) against the book bot (`trainer.bot`).

Heads-up sessions under one profile, the seats swapped every other session; a session is
won by the bot with more chips at its end (R6.5), a draw counts half. Prints the odds
bot's win rate with a 95 % Wilson interval. Run: `python -m benchmarks.bots --sessions N`.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from badugi_spec import profiles
from badugi_spec.engine import Session
from badugi_spec.trainer.bot import Bot, seen
from badugi_spec.trainer.odds_bot import OddsBot


def one(profile_name: str, seed: int) -> float:
    """1 if the odds bot wins the session, 0 if it loses, 0.5 for equal stacks."""
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
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--profile", default="house")
    args = parser.parse_args()
    start = time.process_time()
    score = sum(one(args.profile, seed) for seed in range(args.sessions))
    low, high = wilson(score, args.sessions)
    print(
        f"{args.profile}: odds bot against book bot, {args.sessions} heads-up sessions:"
        f" win rate {score / args.sessions:.1%} (95 % CI {low:.1%} to {high:.1%}),"
        f" {time.process_time() - start:.0f} CPU s"
    )


if __name__ == "__main__":
    main()
