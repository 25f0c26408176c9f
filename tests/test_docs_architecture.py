"""The architecture page and the live counts of the hand-written pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_spec.docs import architecture, counts
from badugi_spec.mutants import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent


def test_the_page_draws_every_layer_of_the_contract() -> None:
    page = architecture.architecture_md()
    floors = architecture.layer_contract()
    assert floors[0] == ("badugi_spec.__main__",) and floors[-1] == ("badugi_spec.errors",)
    for floor in floors:
        for name in floor:
            assert f"`{name.removeprefix('badugi_spec.')}`" in page
    # One box per package in the drawing.
    assert page.count("<rect ") == sum(len(floor) for floor in floors)


def test_the_page_counts_the_tree() -> None:
    engine = next(
        part
        for floor in architecture.layers()
        for part in floor.parts
        if part.name == "badugi_spec.engine"
    )
    files = sorted((ROOT / "badugi_spec" / "engine").glob("*.py"))
    assert engine.modules == len(files)
    assert engine.lines == sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)


def test_a_module_the_page_names_that_is_gone_stops_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walks = architecture.WALKS | {"flow": [["scenario/gone.py", "was here"]]}
    monkeypatch.setattr(architecture, "WALKS", walks)
    with pytest.raises(architecture.ArchitectureError, match=r"scenario/gone\.py"):
        architecture.architecture_md()


def test_a_pyproject_without_the_contract_is_one_clear_error(tmp_path: Path) -> None:
    empty = tmp_path / "pyproject.toml"
    empty.write_text("[project]\nname = 'x'\n", encoding="utf-8")
    with pytest.raises(architecture.ArchitectureError, match="no layers contract"):
        architecture.layer_contract(empty)


def test_counts_fill_what_they_know_and_refuse_what_they_do_not() -> None:
    known = counts.figures(scenarios=1234, rules=5, chapters=2)
    assert counts.fill("[[count:scenarios]] and [[count:mutants]]", known, page="p.md") == (
        f"1,234 and {len(CATALOGUE)}"
    )
    with pytest.raises(counts.UnknownCount, match=r"p\.md: \[\[count:scenarioz\]\]"):
        counts.fill("[[count:scenarioz]]", known, page="p.md")


def test_the_mutant_groups_are_counted_by_rule_chapter() -> None:
    known = counts.figures(scenarios=0, rules=0, chapters=0)
    big_bet = sum(1 for m in CATALOGUE if m.rule.startswith("R14."))
    assert known["mutants-big-bet"] == big_bet > 0
    grouped = sum(v for k, v in known.items() if k.startswith("mutants-"))
    assert grouped <= known["mutants"]


@pytest.mark.parametrize("page", sorted((ROOT / "docs").glob("*.md")), ids=lambda p: p.name)
def test_every_count_a_hand_written_page_names_is_known(page: Path) -> None:
    known = counts.figures(scenarios=0, rules=0, chapters=0)
    text = page.read_text(encoding="utf-8")
    filled = counts.fill(text, known, page=page.name)
    assert not re.search(r"\[\[count:", filled)


def test_the_about_pages_choices_name_real_rules_parameters_and_scenarios() -> None:
    from badugi_spec.docs.about import CHOICES
    from badugi_spec.profiles import PARAMETERS, names
    from badugi_spec.rules import load
    from badugi_spec.scenario import load_suite

    rules = load()
    ids = {scenario.id for scenario in load_suite([ROOT / "scenarios"]).scenarios}
    for choice in CHOICES:
        assert choice.rule in rules
        assert choice.parameter in PARAMETERS
        for named in re.findall(r"`([a-z0-9-]+)`", choice.text):
            if "-" in named and named not in _values_of(choice.parameter):
                assert named in ids | set(names()), f"{choice.title}: no scenario {named}"


def _values_of(parameter: str) -> tuple[object, ...]:
    from badugi_spec.profiles import PARAMETERS

    return tuple(PARAMETERS[parameter].choices or ())


def test_the_page_gives_the_way_a_lesson_takes_and_checks_its_modules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = architecture.architecture_md()
    assert "Markdown → hook → scenario → engine → data → template → page" in page
    steps = [step for step, _, _ in architecture.WALKS["lesson_path"]]
    assert steps == ["Markdown", "hook", "scenario", "engine", "data", "template", "page"]
    for number, step in enumerate(steps, start=1):
        assert f"{number}. **{step}**" in page
    gone = [["template", "docs/gone.py", "was here"]]
    monkeypatch.setattr(architecture, "WALKS", architecture.WALKS | {"lesson_path": gone})
    with pytest.raises(architecture.ArchitectureError, match=r"docs/gone\.py"):
        architecture.architecture_md()
