"""`--shard auto`: the job's place read from the scheduler that started it.

A campaign is split by `--shard K/N` (trials `n` with `n % N == K - 1`); a scheduler that
already numbers its jobs says K and N itself, so no script has to:

- `BADUGI_SHARD_INDEX` and `BADUGI_SHARD_COUNT` (K counted from 1, as `--shard`): ours, for a
  CI matrix or anything else; they win over what a scheduler says.
- Slurm job arrays: `SLURM_ARRAY_TASK_ID` within `SLURM_ARRAY_TASK_MIN`..`SLURM_ARRAY_TASK_MAX`
  (or `SLURM_ARRAY_TASK_COUNT` tasks from the minimum). K is the task's place counted from 1:
  task 2 of `--array=0-3` is `--shard 3/4`, of `--array=1-4` `--shard 2/4`. An array with
  gaps or a step (`--array=1,5,9`, `0-15:2`) is refused: its tasks are not N slices.
- GNU parallel: `PARALLEL_SEQ`, the job's sequence number (1, 2, 3... one per job, never
  reused). Parallel does not say how many jobs there are, so the total is given as
  `--shard auto/N` or `BADUGI_SHARD_COUNT`. `PARALLEL_JOBSLOT` is never read: a slot is
  reused by each job that starts when another ends, so two jobs would play the same slice.

Two schedulers at once (parallel inside a Slurm task) are refused: inside one task, use
`--jobs`. Each refusal is one line naming the variables (docs/implementers.md, "Scale").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from badugi_spec import digits
from badugi_spec.errors import BadugiError

INDEX: Final = "BADUGI_SHARD_INDEX"
COUNT: Final = "BADUGI_SHARD_COUNT"
SLURM: Final = "SLURM_ARRAY_TASK_ID"
PARALLEL: Final = "PARALLEL_SEQ"


class ShardError(BadugiError):
    """No place, or a place that makes no shard, in the job's environment."""


def _number(env: Mapping[str, str], name: str) -> int | None:
    """The whole number in `env[name]`, None when it is unset or empty."""
    text = env.get(name, "").strip()
    if not text:
        return None
    value = digits.whole(text)
    if value is None:
        raise ShardError(f"--shard auto: {name}={text[:20]!r} is not a whole number")
    return value


def _checked(k: int, n: int, total: int | None, said: str) -> tuple[int, int, str]:
    if n < 1 or not 1 <= k <= n:
        raise ShardError(f"--shard auto: {said} is not a shard K/N with 1 <= K <= N")
    if total is not None and total != n:
        raise ShardError(f"--shard auto/{total}: but {said} makes {n} shards")
    return k, n, said


def _slurm(env: Mapping[str, str], task: int, total: int | None) -> tuple[int, int, str]:
    low, high = _number(env, "SLURM_ARRAY_TASK_MIN"), _number(env, "SLURM_ARRAY_TASK_MAX")
    count = _number(env, "SLURM_ARRAY_TASK_COUNT")
    step = _number(env, "SLURM_ARRAY_TASK_STEP")
    if low is None or (high is None and count is None):
        raise ShardError(
            f"--shard auto: {SLURM}={task} without SLURM_ARRAY_TASK_MIN and"
            " SLURM_ARRAY_TASK_MAX (or _COUNT): not a job array's task?"
        )
    span = high - low + 1 if high is not None else count
    assert span is not None
    if (count is not None and count != span) or (step not in (None, 1)):
        raise ShardError(
            f"--shard auto: the Slurm array {low}-{high} has gaps or a step"
            f" ({count} tasks, step {step or 1}): give one task per shard, as --array=0-{span - 1}"
        )
    said = f"{SLURM}={task} of the array {low}-{low + span - 1}"
    return _checked(task - low + 1, span, total, said)


def place(env: Mapping[str, str], total: int | None = None) -> tuple[int, int, str]:
    """(K, N, where they were read) for `--shard auto` (`total`: `--shard auto/N`)."""
    index = _number(env, INDEX)
    count = _number(env, COUNT)
    if index is not None:
        n = count if count is not None else total
        if n is None:
            raise ShardError(f"--shard auto: {INDEX}={index} without {COUNT} (or --shard auto/N)")
        return _checked(index, n, total, f"{INDEX}={index}, {COUNT}={n}")
    task, seq = _number(env, SLURM), _number(env, PARALLEL)
    if task is not None and seq is not None:
        raise ShardError(
            f"--shard auto: both Slurm ({SLURM}={task}) and GNU parallel ({PARALLEL}={seq})"
            " number this job; give --shard K/N (inside one task, use --jobs)"
        )
    if task is not None:
        if count is not None and total is None:
            total = count
        return _slurm(env, task, total)
    if seq is not None:
        n = total if total is not None else count
        if n is None:
            raise ShardError(
                f"--shard auto: GNU parallel gives this job's number ({PARALLEL}={seq}) but"
                f" not how many there are: give --shard auto/N or set {COUNT}"
            )
        return _checked(seq, n, None, f"{PARALLEL}={seq} of {n}")
    raise ShardError(
        f"--shard auto: no scheduler numbers this job (none of {INDEX}, {SLURM},"
        f" {PARALLEL} is set); give --shard K/N"
    )


__all__ = ["COUNT", "INDEX", "PARALLEL", "SLURM", "ShardError", "place"]
