"""The recipes of docs/recipes/ (issue 39, item 2), run as a scheduler would run them.

Each runs its own commands against `badugi-spec serve` with two shards of a few trials:
the GNU parallel one-liner under `parallel` itself (skipped, with the reason, where it is
not installed: `.ci/run` installs it from Debian), the Slurm array script under bash with
the variables Slurm sets for two tasks, and the GitHub Actions workflow's own `run:` steps
with the variables its matrix sets, its merge writing the job summary.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow  # servers and shells: left out of make test-quick

RECIPES = Path(__file__).resolve().parent.parent / "docs" / "recipes"
BIN = Path(sys.executable).parent
SERVE = f"{sys.executable} -m badugi_spec serve"
CLEAN = {k: v for k, v in os.environ.items()
         if not k.startswith(("SLURM_", "PARALLEL_", "BADUGI_SHARD_"))}  # fmt: skip


# Three trials (HANDS=3) in each recipe: trial 3 would be a hand-values trial, a second
# of CPU in each process it reaches, and what is tested here is the scheduling and the
# merge, which fuzz's own tests cover with every kind of trial.
def _env(**more: str) -> dict[str, str]:
    return {**CLEAN, "PATH": f"{BIN}:{CLEAN.get('PATH', '')}", "IMPL": SERVE, "SEED": "2",
            **more}  # fmt: skip


def _bash(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def _report(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.skipif(shutil.which("parallel") is None, reason="GNU parallel is not installed")
def test_the_parallel_recipe(tmp_path: Path) -> None:
    env = _env(SHARDS="2", JOBS="2", HANDS="3")
    ran = _bash(f"sh {RECIPES / 'fuzz-parallel.sh'}", tmp_path, env)
    assert ran.returncode == 0, ran.stderr
    for k in (1, 2):
        made = _report(tmp_path / f"fuzz-{k}.json")["manifest"]
        assert made["shard"] == f"{k}/2" and made["placed_by"] == f"PARALLEL_SEQ={k} of 2"
    merged = _report(tmp_path / "fuzz.json")
    assert merged["shard"] == "1/1" and merged["trials"] == [0, 1, 2]


def test_the_slurm_array_script(tmp_path: Path) -> None:
    """Task 1 of an array 0-1 plays shard 2/2; the merge the script's comment gives then
    names shard 1/2 as missing (its task has not run), with the command that plays it."""
    script = (RECIPES / "fuzz-slurm.sbatch").read_text("utf-8")
    assert "#SBATCH --array=0-255" in script and "--shard auto" in script
    env = _env(HANDS="3", SLURM_ARRAY_TASK_ID="1", SLURM_ARRAY_TASK_MIN="0",
               SLURM_ARRAY_TASK_MAX="1", SLURM_ARRAY_TASK_COUNT="2")  # fmt: skip
    ran = _bash(f"bash {RECIPES / 'fuzz-slurm.sbatch'}", tmp_path, env)
    assert ran.returncode == 0, ran.stderr
    made = _report(tmp_path / "fuzz-1.json")["manifest"]
    assert made["shard"] == "2/2" and made["ranges"] == [[1, 1]]
    merge = script.split("--wrap", 1)[1].split("'")[1]  # the merge the comment gives
    ran = _bash(merge, tmp_path, _env())
    assert ran.returncode == 1
    assert "shard 1/2 is missing; it is played by: badugi-spec fuzz --impl" in ran.stderr
    assert _report(tmp_path / "fuzz.json")["trials"] == [1]


def _step(steps: list[dict[str, Any]], name: str) -> str:
    (found,) = [s["run"] for s in steps if s.get("name") == name]
    return str(found)


def test_the_github_workflow(tmp_path: Path) -> None:
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((RECIPES / "fuzz-github.yml").read_text("utf-8"))
    fuzz, merge = flow["jobs"]["fuzz"], flow["jobs"]["merge"]
    shards = fuzz["strategy"]["matrix"]["shard"]
    assert shards == list(range(1, len(shards) + 1))
    assert fuzz["env"] == {"BADUGI_SHARD_INDEX": "${{ matrix.shard }}",
                           "BADUGI_SHARD_COUNT": "${{ strategy.job-total }}"}  # fmt: skip
    assert any("upload-artifact" in s.get("uses", "") for s in fuzz["steps"])
    assert merge["needs"] == "fuzz" and merge["if"] == "always()"
    assert any("download-artifact" in s.get("uses", "") for s in merge["steps"])
    # The workflow's own steps, as a matrix of two jobs would run them.
    for k in (1, 2):
        env = _env(HANDS="3", BADUGI_SHARD_INDEX=str(k), BADUGI_SHARD_COUNT="2")
        ran = _bash(_step(fuzz["steps"], "fuzz one shard"), tmp_path, env)
        assert ran.returncode == 0, ran.stderr
    summary = tmp_path / "summary.md"
    summary.write_text("", encoding="utf-8")  # the runner makes it before the step
    ran = _bash(_step(merge["steps"], "merge the shards"), tmp_path,
                _env(GITHUB_STEP_SUMMARY=str(summary)))  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert _report(tmp_path / "fuzz.json")["trials"] == [0, 1, 2]
    text = summary.read_text("utf-8")
    assert text.startswith("## Fuzz campaign: ") and "passed" in text
    assert "| Shards | 1/1 |" in text and "### Findings (0)" in text
