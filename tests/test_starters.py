"""The starter servers of docs/starters/ pass the evaluator cases of the suite under
`verify` (issue 36): skipped, with the reason, where the toolchain is missing (`.ci/run`
installs node's and Go's)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from badugi_spec.cli import main

ROOT = Path(__file__).resolve().parent.parent
STARTERS = ROOT / "docs" / "starters"


def _verify(impl: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    status = main(["verify", "--impl", impl, "-q", str(ROOT / "scenarios")])
    out = capsys.readouterr().out.splitlines()
    assert status == 0, "\n".join(out[-30:])
    return out


def _evaluator_passes(out: list[str]) -> None:
    passed, failed, errored = (int(out[-1].split(", ")[i].split()[0]) for i in range(3))
    assert passed >= 25 and failed == errored == 0, out[-1]
    assert any("the implementation lacks play" in line for line in out)


def test_the_node_starter_passes_the_evaluator_cases(capsys: pytest.CaptureFixture[str]) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on this machine (.ci/run installs it)")
    server = STARTERS / "node" / "badugi-server.js"
    _evaluator_passes(_verify(shlex.join([node, str(server)]), capsys))


def test_the_go_starter_passes_the_evaluator_cases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    go = shutil.which("go")
    if go is None:
        pytest.skip("no go on this machine (.ci/run installs Debian's golang-go)")
    binary = tmp_path / "starter-go"
    built = subprocess.run(
        [go, "build", "-o", str(binary), str(STARTERS / "go" / "main.go")],
        capture_output=True,
        text=True,
        check=False,
        env={"GOCACHE": str(tmp_path / "cache"), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert built.returncode == 0, built.stderr
    _evaluator_passes(_verify(str(binary), capsys))
