"""The built site (the one shared build): glossary anchors, first-use links on the pages,
the install line, and issue 26's fixes as a reader sees them."""

from __future__ import annotations

import html.parser
import posixpath
import re
from collections import Counter
from pathlib import Path

import pytest

from badugi_spec.docs.chapters import ALSO_SHOWN_INLINE
from badugi_spec.docs.learn import glossary
from badugi_spec.scenario.suite import load_suite
from tests.test_docs import SCENARIOS, shared_site

# Pages that must link glossary terms: learner pages, a rule chapter, a split game.
LINKED_PAGES = (
    "index.html",
    "generated/how-to-play/index.html",
    "generated/08-profiles-and-tables/index.html",
    "generated/game-badeucy/index.html",
    "trainer/index.html",
)
COMMAND_PAGES = ("trainer", "editors", "implementers", "scenario-language", "real-hands")
# Pages that run in the browser, or name a command only in passing: no install line.
IN_THE_BROWSER = ("play", "playground", "try", "generated/odds", "generated/game-badeucy")
NO_LINK_INSIDE = frozenset({"a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th"})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_site(tmp_path_factory)


def read(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


class _Links(html.parser.HTMLParser):
    """The glossary links of a page, with the elements each sits in."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.found: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "a" and attributes.get("class") == "glossary-term":
            self.found.append((attributes.get("href") or "", tuple(self.open)))
        if tag not in {"br", "img", "input", "hr", "meta", "link", "wbr", "source", "col"}:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]


def glossary_links(page_html: str) -> list[tuple[str, tuple[str, ...]]]:
    parser = _Links()
    parser.feed(page_html)
    return parser.found


def test_every_term_has_its_anchor_on_the_glossary_page(site: Path) -> None:
    page = read(site, "generated/glossary/index.html")
    missing = [t.anchor for t in glossary() if f'id="{t.anchor}"' not in page]
    assert missing == []
    assert "glossary-term" not in page  # the glossary does not link to itself


@pytest.mark.parametrize("page", LINKED_PAGES)
def test_terms_are_linked_once_and_only_in_running_text(site: Path, page: str) -> None:
    found = glossary_links(read(site, page))
    assert len(found) >= 5, f"{page}: {len(found)} glossary links"
    anchors = Counter(href.split("#", 1)[1] for href, _ in found)
    assert [a for a, n in anchors.items() if n > 1] == []
    known = {t.anchor for t in glossary()}
    folder = posixpath.dirname(page)
    for href, inside in found:
        target, anchor = href.split("#", 1)
        assert anchor in known
        resolved = posixpath.normpath(posixpath.join(folder, target))
        assert resolved == "generated/glossary", (page, href)
        assert not NO_LINK_INSIDE & set(inside), (page, href, inside)


def test_pages_that_show_a_command_link_to_the_install_page(site: Path) -> None:
    assert (site / "install" / "index.html").exists()
    for name in COMMAND_PAGES:
        page = read(site, f"{name}/index.html")
        line = page.split('<p class="install-note"', 1)[1].split("</p>", 1)[0]
        assert '<a href="../install/">install it</a>' in line, name
        assert page.index("</h1>") < page.index('class="install-note"'), name
    for name in IN_THE_BROWSER:
        page = read(site, f"{name}/index.html")
        assert "badugi-spec" in page, name  # it names the command, yet asks for no install
        assert 'class="install-note"' not in page, name
    home = read(site, "index.html")
    assert 'href="install/"' in home and 'href="generated/lessons/"' in home


def test_home_treats_a_full_table_as_the_normal_game_and_says_where_it_comes_from(
    site: Path,
) -> None:
    home = read(site, "index.html")
    assert "six to eight players" in home and "Two players, four cards" not in home
    origin = home.split('id="where-the-game-comes-from"', 1)[1]
    assert "South Korea" in origin and "1970s or" in origin and "1980s" in origin
    assert "https://www.cardplayer.com/" in origin  # the account it gives is cited
    assert "PokerStars" in origin and "World Series of Poker" in origin


def test_the_groups_count_comes_from_the_hand(site: Path) -> None:
    badeucy = read(site, "generated/21-profile-badeucy/index.html")
    assert "all 31 groups that can be made from its five cards" in badeucy
    assert "all 15 groups" not in badeucy
    house = read(site, "generated/02-hand-values/index.html")
    assert "all 15 groups that can be made from its four cards" in house


def test_a_burn_row_does_not_claim_nobody_sees_a_card_it_shows(site: Path) -> None:
    page = read(site, "generated/how-to-play/index.html")
    assert "(nobody sees it)" not in page  # the replayer's sentences draw it as a back
    rows = re.findall(r"the top card is burned, face down \(([^)]*)", page)
    assert rows and all(r.startswith("no player sees it") for r in rows)


def test_also_shown_lines_are_short(site: Path) -> None:
    longest = 0
    for page in (site / "generated").glob("[0-9][0-9]-*/index.html"):
        for line in re.findall(r'<p class="also-shown"[^>]*>(.*?)</p>', read(site, str(page))):
            longest = max(longest, line.count("<a "))
    assert 0 < longest <= ALSO_SHOWN_INLINE + 1


def test_live_counts_and_chapter_f(site: Path) -> None:
    scenarios = len(load_suite([SCENARIOS]).scenarios)
    implementers = read(site, "implementers/index.html")
    said = " ".join(implementers.split())  # the paragraph's lines joined
    assert f"when the suite held 105 scenarios (today's suite holds {scenarios})" in said
    family = read(site, "generated/99-the-wider-family/index.html")
    assert "Future profile" not in family and family.count("Now played as:") == 5
