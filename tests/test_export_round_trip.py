"""`export` under hostile conditions, and export then replay as an exact round trip.

Issue 23, items 5 and 10: a hand PHH cannot express is one `not exported:` line and the
run goes on; the file appears whole or not at all, and never over an input; every hand
exported from the suite replays exactly, and `_scenario` names its file relative to the
suite. Scenarios are found by ID, not by path: folders get renamed.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

import pytest

from badugi_spec.interop import export, phh
from badugi_spec.interop.record import HandRecord
from badugi_spec.interop.replay import EXACT, replay
from badugi_spec.scenario.model import Scenario
from badugi_spec.scenario.suite import load_suite
from tests.support import Capsys, one_line_error, run_cli

SUITE = Path(__file__).resolve().parent.parent / "scenarios"


@functools.cache
def _suite() -> tuple[Scenario, ...]:
    return tuple(load_suite([SUITE]).scenarios)


def _scenario(scenario_id: str) -> Scenario:
    found = [s for s in _suite() if s.id == scenario_id]
    assert len(found) == 1, scenario_id
    return found[0]


def _export(paths: list[str], target: Path, capsys: Capsys) -> tuple[int, list[str]]:
    status, out, err = run_cli(["export", *paths, "--phh", str(target)], capsys)
    assert "Traceback" not in out + err
    return status, out.splitlines()


def test_10_every_exportable_scenario_replays_exact(tmp_path: Path, capsys: Capsys) -> None:
    target = tmp_path / "suite.phhs"
    status, lines = _export([str(SUITE)], target, capsys)
    assert status == 0, lines[-5:]
    written = int(lines[-1].split()[1])
    hands = list(phh.read(target))
    assert len(hands) == written > 150
    records = [h for h in hands if isinstance(h, HandRecord)]
    assert len(records) == written, [h for h in hands if not isinstance(h, HandRecord)][:3]
    not_exact = [r.describe() for r in map(replay, records) if r.status != EXACT]
    assert not_exact == []
    # Every hand names its file from the suite's folder, which any checkout has.
    fields = tomllib.loads(target.read_text(encoding="utf-8")).values()
    places = {hand["_scenario"].rsplit(":", 1)[0] for hand in fields}
    assert all(place.startswith("scenarios/") for place in places), sorted(places)[:3]
    assert all((SUITE.parent / place).is_file() for place in places)


def test_10_antes_are_dead_money_replays_exact(tmp_path: Path, capsys: Capsys) -> None:
    scenario = _scenario("antes-are-dead-money")
    target = tmp_path / "ante.phhs"
    status, _ = _export([scenario.where.path], target, capsys)
    (record,) = phh.read(target)
    assert status == 0 and isinstance(record, HandRecord)
    assert replay(record).describe().startswith("exact")


def test_10_the_scenario_path_is_relative_to_the_suite(tmp_path: Path, capsys: Capsys) -> None:
    scenario = _scenario("antes-are-dead-money")
    absolute = Path(scenario.where.path).resolve()
    relative = absolute.relative_to(SUITE.parent).as_posix()
    for given in (str(absolute), str(absolute.parent)):
        target = tmp_path / "out.phhs"
        _export([given], target, capsys)
        fields = tomllib.loads(target.read_text(encoding="utf-8"))
        place = next(
            h["_scenario"] for h in fields.values() if h["hand"].startswith("antes-are-dead")
        )
        assert place.startswith(f"{relative}:"), (given, place)
        assert str(SUITE.parent) not in target.read_text(encoding="utf-8")


def test_10_a_scenario_outside_a_suite_folder_is_named_from_the_folder_given(
    tmp_path: Path, capsys: Capsys
) -> None:
    source = Path(_scenario("antes-are-dead-money").where.path)
    folder = tmp_path / "mine" / "deep"
    folder.mkdir(parents=True)
    (folder / "a.badugi").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    target = tmp_path / "out.phhs"
    _export([str(tmp_path / "mine")], target, capsys)
    (fields,) = tomllib.loads(target.read_text(encoding="utf-8")).values()
    assert fields["_scenario"] == "mine/deep/a.badugi:15"
    target.unlink()  # an existing file is replaced only with --force
    _export([str(folder / "a.badugi")], target, capsys)
    (fields,) = tomllib.loads(target.read_text(encoding="utf-8")).values()
    assert fields["_scenario"] == "a.badugi:15"


def test_5_a_hand_phh_cannot_express_is_one_line_and_the_run_goes_on(
    tmp_path: Path, capsys: Capsys
) -> None:
    no_limit = _scenario("no-limit-any-amount-up-to-the-stack")
    fixed = _scenario("antes-are-dead-money")
    target = tmp_path / "out.phhs"
    status, lines = _export([no_limit.where.path, fixed.where.path], target, capsys)
    assert status == 0
    skipped = [line for line in lines if line.startswith("not exported:")]
    assert len(skipped) == len(no_limit.hands) >= 1
    assert all(
        line.startswith(f"not exported: {no_limit.where.path}:") and "has no PHH variant" in line
        for line in skipped
    ), skipped
    assert lines[-1] == f"wrote 1 hands as PHH to {target}; {len(skipped)} not exported"
    assert [h.hand_id for h in phh.read(target) if isinstance(h, HandRecord)] == [
        "antes-are-dead-money hand 1"
    ]


def test_5_export_refuses_to_write_over_its_input(tmp_path: Path, capsys: Capsys) -> None:
    source = Path(_scenario("antes-are-dead-money").where.path)
    own = tmp_path / "a.badugi"
    text = source.read_text(encoding="utf-8")
    own.write_text(text, encoding="utf-8")
    line = one_line_error(*run_cli(["export", str(own), "--phh", str(own)], capsys))
    assert "is an input scenario file" in line
    line = one_line_error(
        *run_cli(["export", str(tmp_path), "--phh", str(tmp_path / "new.badugi")], capsys)
    )
    assert "would be read as a scenario" in line
    line = one_line_error(*run_cli(["export", str(own), "--phh", str(tmp_path)], capsys))
    assert "is a folder" in line
    assert own.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.badugi"]


def test_5_an_export_that_breaks_off_leaves_the_old_file_and_no_partial_one(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.phhs"
    target.write_text("# the old export\n", encoding="utf-8")
    real = export.scenario_fields
    calls = 0

    def breaking(scenario: Scenario, **given: str) -> tuple[list[dict[str, object]], list[str]]:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(scenario, **given)

    monkeypatch.setattr(export, "scenario_fields", breaking)
    argv = ["export", str(SUITE / "03-betting"), "--phh", str(target), "--force"]
    status, _, err = run_cli(argv, capsys)
    assert status != 0 and calls == 3 and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == "# the old export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.phhs"], "no temporary file is left"


def test_5_a_written_file_has_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.phhs"
    with export.PhhFile(target) as out:
        out.add({"variant": "FB"})
    assert target.read_text(encoding="utf-8") == '[1]\nvariant = "FB"\n'
    assert target.stat().st_mode & 0o644 == 0o644
