"""The suite's folders match the rulebook's chapters (issue 22, item 13), so an author
knows where a file goes: the rule is on the scenario-language page, "Where a file goes"."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from badugi_spec import profiles
from badugi_spec.rules import load_chapters
from badugi_spec.scenario import load_suite
from badugi_spec.scenario.suite import Suite

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
IMPORTED = "real-hands"
"""Not a chapter: the hands `badugi-spec import` writes from real hand histories."""
LESSONS = "lessons"
"""Not a chapter: the lesson path's hands, beside their pages ("Writing a lesson")."""

CHAPTER_OF_FOLDER = {Path(chapter.path).stem: chapter.id for chapter in load_chapters()}
PREFIX_OF_FOLDER = {
    "14-big-bet-and-spread": "big-bet",
    "15-profile-pot-limit": "pot-limit",
    "16-profile-no-limit": "no-limit",
    "17-profile-half-pot": "half-pot",
    "18-profile-spread-2-5": "spread",
    "21-profile-badeucy": "badeucy",
    "22-profile-badacy": "badacy",
}


@functools.cache
def _suite() -> Suite:
    """Loaded when a test first asks (collection runs on every worker, the tests on one)."""
    return load_suite([SCENARIOS])


def _chapter_folder(path: str) -> str:
    return Path(path).resolve().relative_to(SCENARIOS).parts[0]


def _chapter_of_rule(rule_id: str) -> str:
    match = re.fullmatch(r"(R\d+)\.\d+|(F)\d+", rule_id)
    assert match, rule_id
    return match.group(1) or match.group(2)


def test_every_folder_is_a_chapter_and_every_chapter_has_a_folder() -> None:
    folders = {entry.name for entry in SCENARIOS.iterdir() if entry.is_dir()}
    assert folders - {IMPORTED, LESSONS} == set(CHAPTER_OF_FOLDER)


def test_the_suite_loads_whole() -> None:
    assert _suite().errors == []
    assert len(_suite().scenarios) > 300


def test_a_scenario_sits_in_its_first_rules_chapter_or_its_profiles() -> None:
    # A profile's own hands may sit in its chapter (R10 to R22) whatever rule they lead with.
    wrong = []
    for scenario in _suite().scenarios:
        folder = _chapter_folder(scenario.where.path)
        if folder in (IMPORTED, LESSONS):
            continue
        chapter = CHAPTER_OF_FOLDER[folder]
        if chapter in (_chapter_of_rule(scenario.rules[0]), scenario.profile.chapter):
            continue
        wrong.append(
            f"{scenario.where.path}: first rule {scenario.rules[0]}, profile "
            f"{scenario.profile.name} ({scenario.profile.chapter}), folder {chapter}"
        )
    assert wrong == []


def test_every_shipped_profile_has_its_chapters_folder() -> None:
    # The exception above relies on each profile naming its chapter.
    chapters = {profiles.get(name).chapter for name in profiles.names()}
    assert chapters <= set(CHAPTER_OF_FOLDER.values())
    assert {"R10", "R13", "R21", "R22"} <= chapters


def test_ids_carry_the_profile_where_file_names_repeat() -> None:
    missing = [
        f"{scenario.where.path}: {scenario.id}"
        for scenario in _suite().scenarios
        if (prefix := PREFIX_OF_FOLDER.get(_chapter_folder(scenario.where.path)))
        and f"{prefix}-" not in scenario.id
    ]
    assert missing == []


def test_elsewhere_the_id_is_the_file_name() -> None:
    # One old exception: the home page's worked example keeps the id the site links to.
    differ = [
        f"{scenario.where.path}: {scenario.id}"
        for scenario in _suite().scenarios
        if _chapter_folder(scenario.where.path) not in PREFIX_OF_FOLDER
        and scenario.id != Path(scenario.where.path).stem
        and scenario.id != "house-worked-example"
    ]
    assert differ == []
