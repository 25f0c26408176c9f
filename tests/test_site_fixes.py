"""Issue 26's small fixes, without building the site: the groups count taken from the
hand, the "Also shown in" lines folded, the install line, the learner pages' search
weight, chapter F's labels and How to play's wording."""

from __future__ import annotations

import argparse
import functools
import re
from typing import Any

from badugi_spec.cli import build_parser
from badugi_spec.docs import chapters
from badugi_spec.docs.install_note import COMMANDS, add_install_note, shows_a_command
from badugi_spec.docs.learn import how_to_play_md
from badugi_spec.docs.search_boost import LEARNER_BOOST, boost_learner_page, is_learner_page
from badugi_spec.docs.subsets import groups, subset_note
from badugi_spec.docs.templating import render
from badugi_spec.rules import FUTURE_MARK, load
from badugi_spec.scenario.compile import compile_case
from badugi_spec.scenario.suite import Suite, load_suite
from tests.test_docs import SCENARIOS

# ----- the groups of a hand (R2.5) ---------------------------------------------------


def test_groups_are_two_to_the_n_minus_one() -> None:
    assert [groups(n) for n in range(1, 6)] == [1, 3, 7, 15, 31]


@functools.cache
def _suite() -> Suite:
    """The two chapters the tests read, not the whole suite (a few seconds to load)."""
    return load_suite([SCENARIOS / "02-hand-values", SCENARIOS / "21-profile-badeucy"])


def _case(scenario_id: str) -> dict[str, Any]:
    return compile_case(next(s for s in _suite().scenarios if s.id == scenario_id))


def test_the_count_comes_from_the_hand() -> None:
    """A house hand has four cards, a Badeucy hand five: 15 groups and 31 (issue 26,
    item 3: every five-card showdown said 15)."""
    house = subset_note(_case("house-worked-example"))
    assert "all 15 groups that can be made from its four cards" in house
    badeucy = [s for s in _suite().scenarios if "/21-profile-badeucy/" in str(s.where.path)]
    played = next(s for s in badeucy if compile_case(s)["hands"])
    assert "all 31 groups that can be made from its five cards" in subset_note(compile_case(played))


def test_mixed_sizes_and_lows_only() -> None:
    mixed = {
        "checks": [
            {"op": "evaluate", "ranking": None, "cards": ["As", "2h", "3d", "4c"]},
            {"op": "compare", "ranking": "badugi", "hands": [["As"] * 5, ["2h"] * 5]},
        ],
        "hands": [],
    }
    assert "(15 from four cards, 31 from five cards)" in subset_note(mixed)
    lows = {"checks": [{"op": "evaluate", "ranking": "low-2-7", "cards": ["As"] * 5}]}
    assert subset_note(lows) == ""  # a low plays all five cards: no groups to look at


# ----- "Also shown in" ---------------------------------------------------------------


def _also_shown(count: int) -> str:
    """A chapter page with one rule that `count` other examples also show."""
    rule = {
        "id": "R1.1", "title": "T", "text": "Text.", "not_heads_up": False, "featured": "",
        "folded": [], "also": [f"[t{n}](#e{n})" for n in range(count)],
    }  # fmt: skip
    chapter = type("Chapter", (), {"id": "R1"})()
    page = render(
        "chapter/page.md", chapter=chapter, title="C", parts=[], number=1, intro="", first=False,
        rules=[rule], inline=chapters.ALSO_SHOWN_INLINE,
    )  # fmt: skip
    return page.split("Text.\n", 1)[1]


def test_a_long_also_shown_list_is_folded() -> None:
    few = _also_shown(4)
    assert few.startswith("\nAlso shown in: [t0](#e0)") and "<details" not in few
    many = _also_shown(49)
    line = many.strip().splitlines()[0]
    assert line.count("](") == chapters.ALSO_SHOWN_INLINE
    assert line.endswith(f"and {49 - chapters.ALSO_SHOWN_INLINE} more examples.")
    folded = many[many.index("<details") :]
    assert folded.startswith('<details class="also-shown"')
    assert folded.count("](") == 49 - chapters.ALSO_SHOWN_INLINE


# ----- the install line ------------------------------------------------------------


def test_the_commands_are_the_cli_s() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert sorted(COMMANDS) == sorted(sub.choices)


def test_the_install_line_goes_under_the_title_of_a_page_with_a_command() -> None:
    page = '<h1 id="t">Play</h1><p>Run:</p><pre><code>badugi-spec play --seed 3</code></pre>'
    out = add_install_note(page, href="../install/")
    assert out.startswith('<h1 id="t">Play</h1><p class="install-note"')
    assert '<a href="../install/">install it</a>' in out
    assert add_install_note(out, href="../install/") == out  # once
    # Highlighted code splits the command into tokens; the package's name alone is no command.
    assert shows_a_command('<pre><span class="n">badugi-spec</span> <span>check</span></pre>')
    assert not shows_a_command("<p>badugi-spec is a verifier; the specification</p>")
    plain = "<h1>Rules</h1><p>No command here.</p>"
    assert add_install_note(plain, href="x") == plain


def test_a_command_named_in_running_text_asks_for_no_install() -> None:
    # The pages that run in the browser name the terminal's command in passing (issue 38,
    # item 4): only a code block gives a command to type.
    page = (
        "<h1>Play in the page</h1><p>The same session as <code>badugi-spec play</code> at a"
        ' terminal.</p><p class="engine-status">At a terminal: <code>badugi-spec play --seed'
        " 3</code>.</p><pre><code>print(1)</code></pre>"
    )
    assert not shows_a_command(page)
    assert add_install_note(page, href="../install/") == page


# ----- search weight -----------------------------------------------------------------


def test_learner_pages_get_their_weight_unless_they_set_one() -> None:
    for src in ("index.md", "install.md", "generated/glossary.md", "generated/lesson-draw.md"):
        assert is_learner_page(src), src
    for src in ("implementers.md", "generated/03-betting.md", "generated/lessons-old.md"):
        assert not is_learner_page(src), src
    meta: dict[str, Any] = {}
    boost_learner_page("generated/glossary.md", meta)
    assert meta == {"search": {"boost": LEARNER_BOOST}}
    own: dict[str, Any] = {"search": {"boost": 2}}
    boost_learner_page("index.md", own)
    assert own["search"]["boost"] == 2
    rule: dict[str, Any] = {}
    boost_learner_page("generated/99-the-wider-family.md", rule)
    assert rule == {}


# ----- chapter F and How to play ---------------------------------------------------


def test_chapter_f_names_the_profile_that_plays_each_section() -> None:
    rules = load()
    assert FUTURE_MARK == "> **Now played as:**"
    family = [r for r in rules.values() if r.id.startswith("F")]
    assert len(family) == 5
    for rule in family:
        assert "Future profile" not in rule.text, rule.id
        marks = [line for line in rule.text.splitlines() if line.startswith(FUTURE_MARK)]
        assert len(marks) == 1, rule.id
        cited = re.findall(r"\bR\d+(?:\.\d+)?\b", marks[0])
        assert cited and all(c.split(".")[0] in {r.split(".")[0] for r in rules} for c in cited)


def test_how_to_play_explains_raises_to_and_the_full_table() -> None:
    md = how_to_play_md(lambda r: r, "EXAMPLE")
    assert "| Size of each bet and raise |" in md and "| Bets and raises |" not in md
    assert "**raises to**" in md and '"raise to 4"' in md and "so 3 more chips go in" in md
    full = md.split("### At a full table", 1)[1].split("###", 1)[0]
    assert "R8.3" in full and "R8.5" in full and "side" in full and "R8.13" in full
