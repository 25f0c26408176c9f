"""The glossary and the links to it, without building the site: its terms, anchors and
checked examples (learn.py), and first-use linking (glossary_links.py)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from badugi_spec.docs import learn
from badugi_spec.docs.glossary_links import link_terms
from badugi_spec.docs.learn import GlossaryError, Term, anchor_of, checked_example, glossary
from badugi_spec.rules import load

# The list (issue 26, item 7 and "What to build"), by anchor.
REQUIRED = (
    "side-pot",
    "pot-limit",
    "no-limit",
    "half-pot-limit",
    "spread-limit",
    "2-7",
    "a-5",
    "wheel",
    "badeucy",
    "badacy",
    "position",
    "button",
    "under-the-gun",
    "cutoff",
    "cap",
    "scoop",
    "split-pot",
    "odd-chip",
    "reshuffle",
    "stub",
    "rough",
    "smooth",
    "pat",
    "snow",
    "break",
)


def _md() -> str:
    return learn.glossary_md(lambda rule: f"[{rule}](rules.md#{rule})")


def test_at_least_sixty_terms_each_with_its_own_anchor() -> None:
    terms = glossary()
    assert len(terms) >= 60
    anchors = [t.anchor for t in terms]
    assert len(set(anchors)) == len(anchors), "two terms share an anchor"
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", a) for a in anchors), anchors
    md = _md()
    for term in terms:
        assert f"## {term.word} {{#{term.anchor} .glossary-entry}}" in md, term.word
    assert f"The {len(terms)} words" in md  # the count on the page is the file's


def test_the_family_is_covered() -> None:
    anchors = {t.anchor for t in glossary()}
    assert [a for a in REQUIRED if a not in anchors] == []


def test_every_term_cites_rules_that_exist() -> None:
    rules = load()
    for term in glossary():
        assert term.rules, f"{term.word} cites no rule"
        assert [r for r in term.rules if r not in rules] == [], term.word


def test_multi_way_is_the_normal_table() -> None:
    """The dealer posts the small blind only heads-up (issue 26, item 1)."""
    by = {t.anchor: t for t in glossary()}
    for anchor in ("dealer", "small-blind", "big-blind"):
        meaning = by[anchor].meaning
        assert "left of the button" in meaning or "no blind" in meaning, anchor
        assert "Heads-up" in meaning or "heads-up" in meaning, anchor
    assert "posts the small blind" not in by["dealer"].meaning.split("heads-up")[0]


def test_anchor_of() -> None:
    assert anchor_of("side pot") == "side-pot"
    assert anchor_of("A-5") == "a-5"
    assert anchor_of("half-pot limit") == "half-pot-limit"


def test_examples_are_checked_in_their_ranking() -> None:
    by = {t.anchor: t for t in glossary()}
    assert "5-4-3-2-A" in checked_example(by["wheel"])
    assert "7-5-4-3-2" in checked_example(by["2-7"])
    # The same cards claimed as the best 2-7 hand: in 2-7 the ace is high, so it is not.
    wrong = dataclasses.replace(by["wheel"], ranking="low-2-7")
    with pytest.raises(GlossaryError, match=r"wheel: .* is A-5-4-3-2"):
        checked_example(wrong)
    house = Term(word="x", meaning="m", rules=("R2.1",), example="A♠ 2♥ 3♦ K♦", value="K-2-A")
    with pytest.raises(GlossaryError, match="3-2-A"):
        checked_example(house)


# ----- first-use links ---------------------------------------------------------------

HREF = "../glossary/"


def _linked(html: str) -> list[str]:
    return re.findall(r'<a class="glossary-term" href="\.\./glossary/#([\w-]+)"', html)


def test_a_term_is_linked_at_its_first_use_only() -> None:
    out = link_terms("<p>A side pot here. Side pots there.</p><p>a side pot</p>", href=HREF)
    assert _linked(out) == ["side-pot"]
    assert out.startswith('<p>A <a class="glossary-term" href="../glossary/#side-pot"')
    # The reader's text is kept as written, capital and all.
    first = link_terms("<p>Side pots form.</p>", href=HREF)
    assert '#side-pot" title="side pot: ' in first and ">Side pots</a>" in first


@pytest.mark.parametrize(
    "html",
    [
        "<h2>The side pot</h2>",
        "<p><code>side pot</code></p>",
        "<pre><span>side pot</span></pre>",
        '<p><a href="x">the side pot</a></p>',
        "<table><tr><td>side pot</td></tr></table>",
        '<p><span class="card hearts">side pot</span></p>',
        '<div class="step"><p class="label">Throw one, side pot</p></div>',
        "<div data-no-glossary><p>the side pot</p></div>",
        "<details><summary>side pot</summary></details>",
        "<script>var side pot</script>",
    ],
)
def test_no_link_where_one_does_not_belong(html: str) -> None:
    assert link_terms(html, href=HREF) == html


def test_after_a_skipped_element_the_text_is_linked_again() -> None:
    html = "<p><code>side pot</code> and <em>then</em> a side pot</p>"
    out = link_terms(html, href=HREF)
    assert _linked(out) == ["side-pot"]
    assert out.startswith("<p><code>side pot</code> and <em>then</em> a <a")


def test_the_longest_form_wins_and_words_are_whole() -> None:
    assert _linked(link_terms("<p>half-pot limit</p>", href=HREF)) == ["half-pot-limit"]
    assert _linked(link_terms("<p>R2-7 and pot-limited</p>", href=HREF)) == []
    assert _linked(link_terms("<p>2-7 low</p>", href=HREF)) == ["2-7"]


def test_common_words_are_not_linked() -> None:
    unlinked = {t.anchor for t in glossary() if not t.link}
    assert {"bet", "call", "raise", "pot"} <= unlinked
    assert _linked(link_terms("<p>Bet, call, raise or fold the pot.</p>", href=HREF)) == []


def test_every_linkable_form_leads_to_its_entry() -> None:
    """No two terms claim one form (the later would silently win), and each form, alone
    in a sentence, links to its own entry."""
    forms = [f.lower() for t in glossary() if t.link for f in t.forms]
    assert len(set(forms)) == len(forms)
    for term in glossary():
        if term.link:
            for form in term.forms:
                assert _linked(link_terms(f"<p>x {form} y</p>", href=HREF)) == [term.anchor]
