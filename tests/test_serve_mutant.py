"""`badugi-spec serve --mutant NAME`: one mutant of the catalogue over the protocol (issue 21).

`verify` of a scenario that kills the mutant fails against it and passes against `serve`;
a mutant that only the variants kill passes `verify` and fails `verify --variants`.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_spec.cli import main
from badugi_spec.mutants import BY_NAME

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
SERVE = [sys.executable, "-m", "badugi_spec", "serve"]


def verify(impl: list[str], *paths: Path, options: tuple[str, ...] = ()) -> tuple[int, str]:
    done = subprocess.run(
        [*SERVE[:-1], "verify", "--impl", shlex.join(impl), "-q", *options, *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    return done.returncode, done.stdout


def test_a_killing_scenario_fails_against_the_mutant_and_passes_against_serve() -> None:
    killer = SCENARIOS / "03-betting" / "raise-beyond-the-cap.badugi"
    status, out = verify([*SERVE, "--mutant", "cap-big-blind-plus-four"], killer)
    assert status == 1, out
    assert "FAILED raise-beyond-the-cap" in out
    assert "implementation: mutant:cap-big-blind-plus-four mutant" in out
    assert re.fullmatch(
        r"0 passed, 1 failed, 0 errored, 0 skipped \(suite [\d.]+\)", out.splitlines()[-1]
    )
    status, out = verify(SERVE, killer)
    assert status == 0, out
    assert re.fullmatch(
        r"1 passed, 0 failed, 0 errored, 0 skipped \(suite [\d.]+\)", out.splitlines()[-1]
    )


def test_a_mutant_only_the_variants_kill_fails_verify_with_variants() -> None:
    killer = (
        SCENARIOS / "08-profiles-and-tables" / "side-pots" / "tied-side-pot-with-an-odd-chip.badugi"
    )
    impl = [*SERVE, "--mutant", "odd-chip-to-the-first-listed"]
    status, out = verify(impl, killer)
    assert status == 0, out
    status, out = verify(impl, killer, options=("--variants",))
    assert status == 1, out
    assert "FAILED tied-side-pot-with-an-odd-chip [rotated-2]" in out


def test_an_unknown_mutant_is_a_usage_error_that_names_the_nearest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--mutant", "odd-chip-to-dealr"]) == 2
    err = capsys.readouterr().err
    assert "no mutant named 'odd-chip-to-dealr'" in err
    assert "did you mean odd-chip-to-dealer" in err
    assert err.count("\n") == 1, "one line"
    assert main(["serve", "--mutant", "zzzz"]) == 2
    assert f"lists all {len(BY_NAME)}" in capsys.readouterr().err


def test_serve_help_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    assert "--mutant NAME" in capsys.readouterr().out
