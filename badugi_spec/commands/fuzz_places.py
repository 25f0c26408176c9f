"""`fuzz`'s options for a campaign spread over jobs: where this job is (`--shard K/N` or
`--shard auto`), which part of it to play (`--range`), and the options its manifest records.

`--shard auto` is read with the command line, so a job a scheduler misplaced (no variable
set, an array with gaps) stops with argparse's one usage line before any trial.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from badugi_spec.commands import arguments
from badugi_spec.fuzz import shards
from badugi_spec.fuzz.plan import Plan


def shard_spec(text: str) -> tuple[int, int] | tuple[str, int | None]:
    """`--shard` as written: `(K, N)`, or `("auto", N or None)` for `auto` and `auto/N`,
    which `ShardAction` reads from the environment."""
    index, slash, count = text.partition("/")
    if index == "auto":
        return "auto", arguments.at_least(1, "shard")(count) if slash else None
    k, n = arguments.whole(index) if index else 0, arguments.whole(count) if slash else 0
    if not slash or not 1 <= k <= n:
        raise argparse.ArgumentTypeError(f"expected K/N with 1 <= K <= N, or auto, not {text!r}")
    return k, n


class ShardAction(argparse.Action):
    """`--shard K/N`, or `--shard auto` (`auto/N`): the place a scheduler gave this job
    (`fuzz.shards`), read when the command line is, and kept as `shard_by` for the manifest."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        first, second = values
        by = ""
        if first == "auto":
            try:
                first, second, by = shards.place(os.environ, second)
            except shards.ShardError as error:
                raise argparse.ArgumentError(self, str(error).removeprefix("--shard ")) from None
        namespace.shard, namespace.shard_by = (first, second), by


def trial_range(text: str) -> list[list[int]]:
    """`--range A-B[,C-D...]`: trial numbers, each run inclusive (`A` alone is one trial)."""
    runs: list[list[int]] = []
    for part in text.split(","):
        low, dash, high = part.partition("-")
        first = arguments.whole(low)
        last = arguments.whole(high) if dash else first
        if last < first:
            raise argparse.ArgumentTypeError(f"expected A-B with A <= B, not {part!r}")
        runs.append([first, last])
    return sorted(runs)


def options_of(args: argparse.Namespace, plan: Plan, default_hands: int) -> dict[str, Any]:
    """The options that change which trials a campaign plays or how they are judged, as
    its manifest records them (`--jobs`, `--out`, `--json`, `-q` change neither)."""
    setting = plan.setting
    return {
        "hands": None if args.hands is None and args.seconds else args.hands or default_hands,
        "seconds": args.seconds,
        "profiles": [p.name for p in setting.profiles] if setting else [],
        "rankings": list(plan.rankings),
        "seats": f"{args.seats[0]}-{args.seats[1]}",
        "overrides": bool(setting and setting.overrides),
        "targets": sorted(args.target or ()),
        "guided": not args.unguided,
        "variants": not args.no_variants,
        "first": args.first,
        "budget": args.budget,
        "timeout": args.timeout,
    }


__all__ = ["ShardAction", "options_of", "shard_spec", "trial_range"]
