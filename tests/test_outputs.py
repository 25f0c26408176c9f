"""The one guard for the files commands write (`badugi_spec.outputs`, issue 41).

Refused before any work, one line each: an input, a path given twice, a folder where a
file is wanted (and a file where a folder is), an existing file without `--force`, a
scenario of the suite even with it. A write is whole or nothing, and leaves no temporary
file behind on any failure.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path

import pytest

from badugi_spec import outputs
from badugi_spec.cli import main
from badugi_spec.outputs import OutputError, check_outputs

ROOT = Path(__file__).resolve().parent.parent
ONE = ROOT / "scenarios" / "01-cards-and-positions" / "aces-are-low.badugi"


def _refusal(tmp_path: Path, reports: Mapping[str, str | None], **given: object) -> str:
    with pytest.raises(OutputError) as caught:
        check_outputs(reports, **given)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_the_guard_refuses_before_any_work(tmp_path: Path) -> None:
    source = tmp_path / "a.badugi"
    source.write_text("x\n", "utf-8")
    old = tmp_path / "old.json"
    old.write_text("{}\n", "utf-8")
    suite = tmp_path / "scenarios"
    suite.mkdir()
    (suite / "s.badugi").write_text("s\n", "utf-8")
    inputs = {"inputs": [tmp_path], "files": [source]}
    assert "is an input scenario file" in _refusal(tmp_path, {"--json": str(source)}, **inputs)
    assert "would be read as a scenario" in _refusal(
        tmp_path, {"--json": str(tmp_path / "n.badugi")}, **inputs
    )
    twice = {"--json": str(tmp_path / "r"), "--junit": str(tmp_path / "r")}
    assert "--json and --junit name the same file" in _refusal(tmp_path, twice)
    assert "is a folder, not a file" in _refusal(tmp_path, {"--json": str(tmp_path)})
    assert "is a file, not a folder" in _refusal(tmp_path, {"--out": str(old)}, folders={"--out"})
    assert "exists; --force replaces it" in _refusal(tmp_path, {"--json": str(old)})
    assert "is an input" in _refusal(tmp_path, {"--json": str(source)}, force=True, **inputs)
    protected = {"force": True, "protected": [suite]}
    assert "never replaced" in _refusal(tmp_path, {"--save": str(suite / "s.badugi")}, **protected)
    assert check_outputs({"--json": str(old), "--junit": None}, force=True) == {"--json": old}
    assert check_outputs({"--json": str(tmp_path / "new" / "deeper" / "r.json")})
    assert not (tmp_path / "new").exists(), "nothing is made before the run"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.badugi", "old.json", "scenarios"]


def test_a_write_is_whole_or_nothing_and_keeps_the_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.json"
    target.write_text("old\n", "utf-8")
    target.chmod(0o640)
    outputs.write(target, "new\n")
    assert target.read_text("utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640

    def broken(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        outputs.write(target, "lost\n")
    monkeypatch.undo()
    assert target.read_text("utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"], "no temporary file is left"
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(FileExistsError):
        outputs.create(link, "x")  # a link at the name is not followed
    assert not (tmp_path / "elsewhere").exists()


def test_reports_and_cases_need_force_to_replace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "r.json"
    report.write_text("mine\n", "utf-8")
    assert main(["check", str(ONE), "--json", str(report)]) == 2
    assert "--json" in capsys.readouterr().err and report.read_text("utf-8") == "mine\n"
    assert main(["check", str(ONE), "--json", str(report), "--force", "-q"]) == 0
    assert report.read_text("utf-8").startswith("{")
    capsys.readouterr()
    out = tmp_path / "cases"
    assert main(["cases", str(ONE), "--out", str(report)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["cases", str(ONE), "--out", str(out)]) == 0
    assert main(["cases", str(ONE), "--out", str(out)]) == 2
    assert "1 case files exist (aces-are-low.json ...); --force" in capsys.readouterr().err
    assert main(["cases", str(ONE), "--out", str(out), "--force"]) == 0
