"""The rulebook in rules/ and its loader: shape, key rules, and errors with file:line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_spec.errors import RulebookError
from badugi_spec.rules import Chapter, Rule, chapter_of, default_root, load, load_chapters

CORE_CHAPTERS = [
    "R1",
    "R2",
    "R3",
    "R4",
    "R5",
    "R6",
    "R8",
    "R9",
    "R10",
    "R11",
    "R12",
    "R13",
    "R14",
    "R15",
    "R16",
    "R17",
    "R18",
    "R19",
    "R20",
    "R21",
    "R22",
]
KEY_RULES = ["R1.7", "R2.5", "R3.6", "R3.7", "R4.4", "R5.3", "R5.4", "R6.4"]


@pytest.fixture(scope="module")
def chapters() -> tuple[Chapter, ...]:
    return load_chapters()


@pytest.fixture(scope="module")
def rules() -> dict[str, Rule]:
    return load()


# --- the real rulebook ----------------------------------------------------------------


def test_default_root_is_the_checkout_rules_folder() -> None:
    # In a checkout the packaged path is a link to the top-level rules/ (a wheel copies it).
    root = default_root()
    checkout_rules = Path(__file__).resolve().parent.parent / "rules"
    assert root.is_dir()
    assert root.resolve() == checkout_rules.resolve()


def test_core_chapters_present_in_order(chapters: tuple[Chapter, ...]) -> None:
    ids = [chapter.id for chapter in chapters]
    core = [chapter_id for chapter_id in ids if chapter_id != "F"]
    assert core == CORE_CHAPTERS
    assert ids.count("F") <= 1
    if "F" in ids:
        assert ids[-1] == "F"


def test_chapters_have_titles_and_rules(chapters: tuple[Chapter, ...]) -> None:
    for chapter in chapters:
        assert chapter.title.strip(), chapter.path
        assert chapter.rules, f"{chapter.path}: chapter {chapter.id} has no rules"
        for rule in chapter.rules:
            assert rule.chapter == chapter.id
            assert rule.chapter_title == chapter.title
            assert rule.path == chapter.path
            assert chapter_of(rule.id) == chapter.id


def test_rule_ids_unique_and_well_formed(chapters: tuple[Chapter, ...]) -> None:
    ids = [rule.id for chapter in chapters for rule in chapter.rules]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates
    for chapter in chapters:
        pattern = r"F\d+" if chapter.id == "F" else re.escape(chapter.id) + r"\.\d+"
        for rule in chapter.rules:
            assert re.fullmatch(pattern, rule.id), f"{rule.path}:{rule.line}: {rule.id}"
            if not rule.is_future:
                assert re.fullmatch(r"R\d+\.\d+", rule.id)


def test_rules_numbered_in_order(chapters: tuple[Chapter, ...]) -> None:
    for chapter in chapters:
        numbers = [int(re.split(r"[.F]", rule.id)[-1]) for rule in chapter.rules]
        assert numbers == sorted(numbers), chapter.path
        lines = [rule.line for rule in chapter.rules]
        assert lines == sorted(lines)


def test_every_rule_has_title_and_text(rules: dict[str, Rule]) -> None:
    for rule in rules.values():
        assert rule.title.strip(), f"{rule.path}:{rule.line}"
        assert rule.text.strip(), f"{rule.path}:{rule.line}: {rule.id} has no text"


def test_rule_line_points_at_its_heading(rules: dict[str, Rule]) -> None:
    for rule in rules.values():
        lines = Path(rule.path).read_text(encoding="utf-8").splitlines()
        assert lines[rule.line - 1] == f"## {rule.id} {rule.title}"


def test_load_is_in_rulebook_order(rules: dict[str, Rule], chapters: tuple[Chapter, ...]) -> None:
    assert list(rules) == [rule.id for chapter in chapters for rule in chapter.rules]


@pytest.mark.parametrize("rule_id", KEY_RULES)
def test_key_rules_exist(rules: dict[str, Rule], rule_id: str) -> None:
    assert rule_id in rules
    assert rules[rule_id].chapter == rule_id.split(".")[0]


def test_odd_chip_is_not_shown_heads_up(rules: dict[str, Rule]) -> None:
    reason = rules["R5.3"].not_heads_up
    assert reason
    assert not reason.startswith(">")
    assert not rules["R5.3"].needs_scenario


def test_ranking_rules_need_scenarios(rules: dict[str, Rule]) -> None:
    """Value lines can name a ranking (`evaluate in low-2-7 ...`), so every rule of R9 is
    one the coverage check requires a scenario for."""
    ranking_rules = [rule for rule in rules.values() if rule.chapter == "R9"]
    assert [rule.id for rule in ranking_rules] == [f"R9.{n}" for n in range(1, 7)]
    for rule in ranking_rules:
        assert rule.no_scenario_yet is None, rule.id
        assert rule.needs_scenario
        assert not rule.is_future


def test_future_chapter_comes_last_whatever_its_file_name(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "01-a.md": "# R1 A\n\n## R1.1 One\n\nText.\n",
            "05-f.md": "# F Future\n\n## F1 Later\n\nText.\n",
            "09-b.md": "# R9 B\n\n## R9.1 Nine\n\n> **No scenario yet:** not expressible.\n",
        },
    )
    chapters = load_chapters(root)
    assert [c.id for c in chapters] == ["R1", "R9", "F"]
    assert load(root)["R9.1"].no_scenario_yet == "not expressible."


@pytest.mark.parametrize("rule_id", ["R3.6", "R3.7", "R4.4"])
def test_interpretations(rules: dict[str, Rule], rule_id: str) -> None:
    assert rules[rule_id].is_interpretation
    assert rules[rule_id].needs_scenario


def test_plain_rules_are_not_marked(rules: dict[str, Rule]) -> None:
    assert not rules["R1.1"].is_interpretation
    assert rules["R1.1"].not_heads_up is None
    assert rules["R1.1"].needs_scenario


def test_future_rules(rules: dict[str, Rule]) -> None:
    future = [rule for rule in rules.values() if rule.chapter == "F"]
    assert future, "chapter F has no rules"
    for rule in future:
        assert rule.is_future
        assert not rule.needs_scenario
    assert not any(rule.is_future for rule in rules.values() if rule.chapter != "F")


# --- the loader on rulebooks written here ----------------------------------------------


def _write(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


GOOD_R1 = """\
# R1 Cards

Intro text.

## R1.1 The deck

Fifty-two cards.

## R1.2 Aces are low

Ace is low.

> **Interpretation.** Always.
"""

GOOD_R2 = """\
# R2 Showdown

## R2.1 Odd chip

Goes to the big blind.

> **Not shown heads-up:** the pot is always even.
"""

GOOD_F = """\
# F Elsewhere

## F1 Many players

> **Future profile.** More seats.
"""


def test_loader_reads_a_small_rulebook(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "book",
        {"01-a.md": GOOD_R1, "02-b.md": GOOD_R2, "09-f.md": GOOD_F, "README.md": "# notes\n"},
    )
    chapters = load_chapters(root)
    assert [c.id for c in chapters] == ["R1", "R2", "F"]
    assert chapters[0].title == "Cards"
    assert chapters[0].intro == "Intro text."
    rules = load(root)
    assert list(rules) == ["R1.1", "R1.2", "R2.1", "F1"]
    deck = rules["R1.1"]
    assert deck.title == "The deck"
    assert deck.text == "Fifty-two cards."
    assert deck.line == 5
    assert deck.path == str(root / "01-a.md")
    assert not deck.is_interpretation
    assert rules["R1.2"].is_interpretation
    assert rules["R1.2"].line == 9
    assert rules["R2.1"].not_heads_up == "the pot is always even."
    assert not rules["R2.1"].needs_scenario
    assert rules["F1"].is_future
    assert not rules["F1"].needs_scenario
    assert rules["R1.1"].needs_scenario


def _load_error(root: Path) -> str:
    with pytest.raises(RulebookError) as info:
        load_chapters(root)
    return str(info.value)


def test_bad_chapter_heading(tmp_path: Path) -> None:
    bad = "## Cards\n\n## R1.1 Deck\n\ntext\n"
    root = _write(tmp_path / "book", {"01-a.md": GOOD_R1.replace("# R1 Cards", "# Cards")})
    message = _load_error(root)
    assert f"{root / '01-a.md'}:1:" in message
    root2 = _write(tmp_path / "book2", {"01-a.md": bad})
    assert f"{root2 / '01-a.md'}:1:" in _load_error(root2)


def test_empty_chapter_file(tmp_path: Path) -> None:
    root = _write(tmp_path / "book", {"01-a.md": ""})
    assert f"{root / '01-a.md'}:1:" in _load_error(root)


def test_bad_rule_heading(tmp_path: Path) -> None:
    text = GOOD_R1.replace("## R1.2 Aces are low", "## R1-2 Aces are low")
    root = _write(tmp_path / "book", {"01-a.md": text})
    message = _load_error(root)
    assert f"{root / '01-a.md'}:9:" in message


def test_rule_without_title(tmp_path: Path) -> None:
    text = GOOD_R1.replace("## R1.2 Aces are low", "## R1.2")
    root = _write(tmp_path / "book", {"01-a.md": text})
    assert f"{root / '01-a.md'}:9:" in _load_error(root)


def test_rule_in_wrong_chapter(tmp_path: Path) -> None:
    text = GOOD_R1.replace("## R1.2 Aces are low", "## R2.2 Aces are low")
    root = _write(tmp_path / "book", {"01-a.md": text})
    message = _load_error(root)
    assert f"{root / '01-a.md'}:9:" in message
    assert "R2.2" in message
    assert "R1" in message


def test_rule_in_wrong_chapter_with_similar_prefix(tmp_path: Path) -> None:
    text = "# R1 Cards\n\n## R10.1 Deck\n\ntext\n"
    root = _write(tmp_path / "book", {"01-a.md": text})
    message = _load_error(root)
    assert f"{root / '01-a.md'}:3:" in message
    assert "R10.1" in message


def test_future_rule_in_core_chapter(tmp_path: Path) -> None:
    text = GOOD_R1 + "\n## F1 Elsewhere\n\ntext\n"
    root = _write(tmp_path / "book", {"01-a.md": text})
    message = _load_error(root)
    assert f"{root / '01-a.md'}:15:" in message
    assert "F1" in message


def test_core_rule_in_future_chapter(tmp_path: Path) -> None:
    text = GOOD_F + "\n## R1.9 Stray\n\ntext\n"
    root = _write(tmp_path / "book", {"09-f.md": text})
    message = _load_error(root)
    assert f"{root / '09-f.md'}:7:" in message
    assert "R1.9" in message


def test_second_chapter_heading(tmp_path: Path) -> None:
    text = GOOD_R1 + "\n# R2 More\n"
    root = _write(tmp_path / "book", {"01-a.md": text})
    assert f"{root / '01-a.md'}:15:" in _load_error(root)


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    text = GOOD_R1 + "\n## R1.1 Again\n\ntext\n"
    root = _write(tmp_path / "book", {"01-a.md": text})
    message = _load_error(root)
    path = root / "01-a.md"
    assert f"{path}:15:" in message
    assert "R1.1" in message
    assert f"{path}:5" in message  # where it was first defined


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    root = _write(tmp_path / "book", {"01-a.md": GOOD_R1, "02-a-again.md": GOOD_R1})
    message = _load_error(root)
    assert f"{root / '02-a-again.md'}:5:" in message
    assert f"{root / '01-a.md'}:5" in message
    assert "R1.1" in message


def test_no_chapter_files(tmp_path: Path) -> None:
    root = _write(tmp_path / "empty", {})
    message = _load_error(root)
    assert str(root) in message


def test_readme_alone_is_no_rulebook(tmp_path: Path) -> None:
    root = _write(tmp_path / "readme-only", {"README.md": "# R1 Looks like a chapter\n"})
    message = _load_error(root)
    assert str(root) in message


def test_loader_error_is_one_line(tmp_path: Path) -> None:
    root = _write(tmp_path / "book", {"01-a.md": "# Cards\n"})
    assert "\n" not in _load_error(root)
