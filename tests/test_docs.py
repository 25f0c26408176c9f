"""The tutorial site: it builds strictly, shows every scenario and rule, and escapes input.

MkDocs runs as a subprocess so its own warnings cannot trip pytest's `-W error`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, cast

import pytest

from badugi_spec.docs.build import DocsBuildError, render_site
from badugi_spec.docs.render import inline_md, narrative_md
from badugi_spec.rankings.census import house_ladder
from badugi_spec.rules import load
from badugi_spec.scenario.suite import load_suite

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.yml"
# The hook reads the same variable: the real site is built from this folder.
SCENARIOS = Path(os.environ.get("BADUGI_DOCS_SCENARIOS") or ROOT / "scenarios")

EVIL = '''scenario evil-input "Title <script>alert(1)</script> [x](javascript:alert(1))"
rules R1.1
"""
Narrative <script>alert(1)</script> and [x](javascript:alert(1)) and
[ok](https://example.org) and **bold**.

[ref]: javascript:alert(2)
"""
evaluate A♠ 2♥ 3♦ K♦ is 3-card 3-2-A
players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
note "Note <script>alert(1)</script> [x](javascript:alert(1))"
Ann folds
expect Bob wins 3 by fold
'''

FAILING = """scenario wrong-pot "A scenario that does not pass"
rules R1.5
players Ann 100 dealer, Bob 100
deal Ann A♥ 2♣ 3♠ 7♦ / Bob A♠ 2♥ 3♦ K♦
expect pot 5
"""


def mkdocs_build(
    site: Path, *, config: Path = CONFIG, scenarios: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    # Every build of the test run keeps the pages drawn from code alone in one place (the
    # checkout's own cache, where `make run` keeps them): a build in another folder, such as
    # the hostile one below, then draws only its scenarios, not the whole site again.
    env.setdefault("BADUGI_DOCS_CACHE", str(ROOT / "build" / "docs-cache"))
    if scenarios is not None:
        env["BADUGI_DOCS_SCENARIOS"] = str(scenarios)
    # Not `-q`: it hides warnings from `--strict`, which then fails on none of them.
    command = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    return subprocess.run(
        [*command, "-f", str(config), "-d", str(site)],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def build_site(site: Path) -> Path:
    done = mkdocs_build(site, scenarios=SCENARIOS)
    assert done.returncode == 0, f"mkdocs build failed:\n{done.stdout}\n{done.stderr}"
    return site


def all_html(site: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html")))


_ANCHORS: dict[Path, frozenset[str]] = {}


def anchors(site: Path) -> frozenset[str]:
    """Every value of an `id="..."` in the site's pages: whether `f'id="{x}"' in
    all_html(site)`, answered for every x from one pass over the text (a search of the
    45 MB text per scenario and per rule was seconds of CPU)."""
    if site not in _ANCHORS:
        _ANCHORS[site] = frozenset(re.findall(r'id="([^"]*)"', all_html(site)))
    return _ANCHORS[site]


_BUILT: dict[str, Path] = {}


def shared_site(factory: pytest.TempPathFactory) -> Path:
    """One build of the real site per test run, shared with the browser and figures tests:
    under xdist the first worker to ask builds it for all (a build is ~20 s of CPU)."""
    if "site" not in _BUILT and os.environ.get("BADUGI_TEST_SITE"):
        # benchmarks/test_cost.py builds it once and measures each file on it.
        _BUILT["site"] = Path(os.environ["BADUGI_TEST_SITE"])
    if "site" not in _BUILT:
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        if worker is None:
            _BUILT["site"] = build_site(factory.mktemp("site"))
        else:
            _BUILT["site"] = _built_once(factory.getbasetemp().parent)
    return _BUILT["site"]


def _built_once(root: Path, *, wait: float = 900.0) -> Path:
    """The site under `root` (this run's directory, which every worker shares), built by
    whichever worker takes the lock first; the others wait for its mark."""
    site, done, failed = (
        root / "shared-site",
        root / "shared-site.done",
        root / "shared-site.failed",
    )
    try:
        os.close(os.open(root / "shared-site.lock", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        deadline = time.monotonic() + wait
        while not done.exists():
            if failed.exists():
                pytest.fail(f"the shared site build failed in another worker: {failed.read_text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"no shared site after {wait:.0f} s")
            time.sleep(0.2)
        return site
    try:
        build_site(site)
    except BaseException as error:
        failed.write_text(str(error)[:2000], encoding="utf-8")
        raise
    done.write_text("built", encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return shared_site(tmp_path_factory)


def test_every_scenario_has_its_anchor(site: Path) -> None:
    suite = load_suite([SCENARIOS])
    assert suite.scenarios
    found = anchors(site)
    missing = [s.id for s in suite.scenarios if s.id not in found]
    assert missing == []


def test_every_rule_has_its_anchor(site: Path) -> None:
    found = anchors(site)
    missing = [rule_id for rule_id in load() if rule_id not in found]
    assert missing == []
    coverage = (site / "generated" / "coverage" / "index.html").read_text(encoding="utf-8")
    assert all(f'#{rule_id}"' in coverage for rule_id in load())  # a link, not a substring


def test_every_illegal_action_code_is_listed_with_its_rule(site: Path) -> None:
    from badugi_spec.engine.codes import CODES

    page = (site / "generated" / "codes" / "index.html").read_text(encoding="utf-8")
    for code, entry in CODES.items():
        row = page.split(f'<code class="refusal">{code}</code>', 1)[1].split("</li>", 1)[0]
        assert f'#{entry.rule}"' in row, code
        assert "—" not in row, f"{code}: no scenario shows it"


def test_house_example_on_the_hand_values_page(site: Path) -> None:
    page = (site / "generated" / "02-hand-values" / "index.html").read_text(encoding="utf-8")
    assert 'id="house-worked-example"' in page
    assert '<span class="card spades">A♠</span>' in page
    assert '<span class="card diamonds off" title="does not play">K♦</span>' in page
    assert "throws <span" in page and "draws 1 card:" in page
    assert "K♦</span> is dropped: it shares ♦ with" in page
    assert "Result: Bob wins 12 at showdown" in page
    assert "<details" in page and "Scenario source: worked-example-trip-to-badugi.badugi" in page
    # The source loads when its fold is opened: a file of its own, highlighted.
    fragment = "sources/house-worked-example.html"
    assert f'data-fragment="../{fragment}?v=' in page
    source = (site / "generated" / fragment).read_text(encoding="utf-8")
    assert '<span class="kd">scenario</span>' in source  # highlighted by BadugiLexer
    assert '<span class="nl">R2.1</span>' in source  # the lexer's rule ID token
    assert 'href="#R2.1"' in page  # rule IDs link to their rule


def test_reference_figures_are_computed(site: Path) -> None:
    page = (site / "generated" / "figures" / "index.html").read_text(encoding="utf-8")
    for figure in ("270,725", "17,160", "154,440", "96,252", "2,873", "1,092"):
        assert figure in page
    for chance in ("20.83 %", "37.68 %", "51.23 %"):
        assert chance in page


def test_hand_counts() -> None:
    ladder = house_ladder()
    assert ladder.by_size() == {4: 17160, 3: 154440, 2: 96252, 1: 2873}
    assert ladder.total == 270725
    assert sum(ladder.by_size(distinct=True).values()) == len(ladder.values) == 1092


def test_failing_scenario_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "wrong-pot.badugi").write_text(FAILING, encoding="utf-8")
    with pytest.raises(DocsBuildError, match=r"wrong-pot .*expected pot 5, got pot 3"):
        render_site(tmp_path)


def test_unloadable_scenario_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "broken.badugi").write_text("scenario broken\n", encoding="utf-8")
    with pytest.raises(DocsBuildError, match="do not load"):
        render_site(tmp_path)


def test_escaping_helpers() -> None:
    assert "<" not in inline_md("<b>*x*</b>")
    assert inline_md("*x* [y](z)") == r"\*x\* \[y\]\(z\)"
    text = narrative_md("<i>a</i> [x](javascript:alert(1)) [y](https://e.org) **b**")
    assert "<i>" not in text and "&lt;i&gt;" in text
    assert "](javascript:" not in text
    assert "[y](https://e.org)" in text and "**b**" in text
    # No attribute list (the site's attr_list) from a story: it could set onmouseover.
    import markdown as python_markdown  # type: ignore[import-untyped]  # MkDocs' own

    story = narrative_md("A story.\n{: onmouseover=alert(1) }\n\n`{: kept}`")
    drawn = python_markdown.markdown(story, extensions=["attr_list"])
    assert 'onmouseover="' not in drawn and "{: kept}" in drawn  # shown as text, not set


def small_site_config(folder: Path) -> Path:
    """`folder/mkdocs.yml`: the real configuration (theme, extensions, both hooks) on a
    small site, the generated pages and the home page without the twenty hand-written
    pages, for the tests that build or serve a site of their own scenarios: what a
    scenario becomes is drawn on the generated pages, and the hand-written ones cost some
    five CPU-seconds a build. Their links from the generated pages are said, not fatal."""
    docs = folder / "docs"
    docs.mkdir()
    shutil.copy(ROOT / "docs" / "index.md", docs / "index.md")
    text = CONFIG.read_text(encoding="utf-8")
    assert "\nnav:\n" in text and "    not_found: warn\n" in text
    text = text.split("\nnav:\n")[0].replace("not_found: warn", "not_found: info")
    assert "docs_dir: docs\n" in text and "- badugi_spec/docs/hook.py" in text
    text = text.replace("docs_dir: docs\n", f"docs_dir: {docs}\n")
    for hook in ("badugi_spec/docs/hook.py", "badugi_spec/web/site_hook.py"):
        assert f"- {hook}" in text
        text = text.replace(f"- {hook}", f"- {ROOT / hook}")
    config = folder / "mkdocs.yml"
    config.write_text(text, encoding="utf-8")
    return config


def test_a_link_to_a_missing_anchor_fails_the_build(tmp_path: Path) -> None:
    """`--strict` fails on every warning: a link to a heading that is not there too (with
    `-q`, mkdocs let such a link through without a word)."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "one.badugi").write_text(EVIL, encoding="utf-8")
    config = small_site_config(tmp_path)
    page = tmp_path / "docs" / "linked.md"
    page.write_text("# Linked\n\nSee [the start](index.md#no-such-heading).\n", "utf-8")
    done = mkdocs_build(tmp_path / "site", config=config, scenarios=scenarios)
    assert done.returncode != 0  # (the same site builds in `test_hostile_scenario_is_escaped`)
    assert "does not contain an anchor '#no-such-heading'" in done.stdout + done.stderr


def test_hostile_scenario_is_escaped(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "evil.badugi").write_text(EVIL, encoding="utf-8")
    config = small_site_config(tmp_path)

    done = mkdocs_build(tmp_path / "site", config=config, scenarios=scenarios)
    assert done.returncode == 0, done.stderr
    html = all_html(tmp_path / "site")
    assert 'id="evil-input"' in html
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert not re.search(r"""(href|src)\s*=\s*["']?\s*javascript:""", html, re.I)
    assert 'href="https://example.org"' in html  # ordinary links still work
    assert "<strong>bold</strong>" in html


class _Config:
    """The two settings `on_config` reads, without loading MkDocs in-process."""

    def __init__(self, docs_dir: Path) -> None:
        self.docs_dir = str(docs_dir)
        self.config_file_path = str(docs_dir / "mkdocs.yml")
        self.nav: list[Any] = [
            {"Learn": [{"Home": "index.md"}]},
            {"Rules": []},
            {"For implementers": [{"Checking your implementation": "implementers.md"}]},
        ]


@pytest.mark.parametrize("written", [True, False])
def test_nav_fills_rules_and_keeps_implementers_only_if_written(
    tmp_path: Path, written: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from badugi_spec.docs.hook import on_config

    if written:
        (tmp_path / "implementers.md").write_text("# Checking\n", encoding="utf-8")
    # The navigation alone: the site it is drawn with is stood in for, its chapters in
    # one page each.
    from badugi_spec.docs import hook
    from badugi_spec.docs.build import Site
    from badugi_spec.docs.chapters import nav_chapters
    from badugi_spec.rules import load_chapters

    site = Site({}, {}, nav_chapters(load_chapters(), {}), {})
    monkeypatch.setattr(hook, "render_site", lambda scenarios: site)
    config = _Config(tmp_path)
    on_config(cast(Any, config))
    rules = config.nav[1]["Rules"]
    assert [next(iter(item.values())) for item in rules][:2] == [
        "generated/01-cards-and-positions.md",
        "generated/02-hand-values.md",
    ]
    titles = [next(iter(item)) for item in config.nav[2]["For implementers"]]
    assert ("Checking your implementation" in titles) is written


def test_step_tables_read_well_for_refusals_and_the_last_action(site: Path) -> None:
    page = opened(site, "generated/03-betting")
    # A refusal reads as a person would say it: who tried what, the rule and the reason.
    assert "tries to bet 2, not allowed (R3.1): " in page
    assert 'Ann</td><td class="what">tries to fold, not allowed (R3.4): ' in page
    assert '<code class="refusal">not-betting-round</code>' in page
    # The action that ends a hand shows the table before the payout; the result line after.
    example = page.split('id="four-betting-rounds"', 1)[1].split("Result:", 1)
    last_action = example[0].rsplit('<tr class="act">', 1)[1]
    assert '<span class="stack">Ann 98</span><span class="stack">Bob 98</span>' in last_action
    assert "Stacks after the hand: Ann 98 · Bob 102." in example[1][:300]


# ----- the learner's path ------------------------------------------------------------------


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


_FRAGMENT = re.compile(r'data-fragment="([^"]+)"')


def fragment_path(site: Path, page_url: str, value: str) -> Path:
    """The file a fold's `data-fragment` names, resolved as the browser resolves it: from
    the URL of the page that holds it (`generated/03-betting/`), its query dropped."""
    url = urllib.parse.urljoin(f"http://site/{page_url}", value)
    return site / urllib.parse.urlparse(url).path.lstrip("/")


def opened(site: Path, name: str) -> str:
    """The page with every fold opened, as a reader who opens them sees it: each fragment
    it links (`docs.fragments`) put in after it, those linked from fragments too (resolved
    from the page's URL, where the script puts them)."""
    html = page(site, name)
    seen: set[Path] = set()
    todo = [fragment_path(site, f"{name}/", v) for v in _FRAGMENT.findall(html)]
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.add(path)
        text = path.read_text(encoding="utf-8")
        html += text
        todo += [fragment_path(site, f"{name}/", v) for v in _FRAGMENT.findall(text)]
    return html


def test_home_page_opens_with_the_worked_example_for_learners(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    article = home.split('<article class="md-content__inner', 1)[1]
    first_section = article.split("<h2", 2)[1]
    assert "From three cards to the best hand" in first_section
    assert 'class="house-example"' in first_section
    assert '<span class="card diamonds off" title="does not play">K♦</span>' in first_section
    assert '<span class="card clubs">4♣</span>' in first_section
    assert "4-card 4-3-2-A (badugi)" in first_section
    assert "pip install" not in home and "seed-000" not in home


def test_how_to_play_walks_a_whole_hand(site: Path) -> None:
    html = page(site, "generated/how-to-play")
    assert html.count('<svg class="flow"') == 2  # wide and narrow layouts of one picture
    for stage in ("Blinds", "Deal", "Bet 1", "Draw 1", "Bet 4", "Showdown"):
        assert f">{stage}</text>" in html
    for words in ("small blind of 1", "big blind of 2", "standing pat", "option", "burned"):
        assert words in html, words
    assert "at most 48 chips in a whole hand" in html
    # The executed example: sections for each round with its bet size, burns, the result.
    assert 'id="a-whole-hand"' in html
    assert "Betting round 1, before the first draw: small bets of 2" in html
    assert "Betting round 3, after the second draw: big bets of 4" in html
    assert html.count("the top card is burned, face down") == 3
    assert "posts the small blind of 1" in html and "posts the big blind of 2" in html
    assert "Result: Ann wins 36 at showdown." in html


def test_examples_hide_tags_and_show_the_subset_note_once(site: Path) -> None:
    html = page(site, "generated/02-hand-values")
    example = html.split('id="house-worked-example"', 1)[1].split("<h2", 1)[0]
    example = example.split('<details class="more-examples">', 1)[0]
    shown = example.split("Scenario source", 1)[0]  # the source itself is for authors
    assert "seed-000" not in shown and "worked-example</code>" not in shown
    assert example.count("all 15 groups") == 1
    assert "subsets were considered" not in html
    # The house example leads the chapter: it is the first example on the page.
    first_example = html.split('class="examples-head"', 1)[1][:400]
    assert "house-worked-example" in first_example
    # Checks and line numbers are there, behind the toggle.
    assert 'class="badugi-toggle"' in example and 'class="line"' in example


def test_examples_are_ordered_by_the_order_statement_and_folded(site: Path) -> None:
    html = page(site, "generated/03-betting")
    cap = html.split('id="R3.6"', 1)[1].split('id="R3.7"', 1)[0]
    featured, folded = cap.split('<details class="more-examples">', 1)
    assert 'id="cap-before-draw-dealer-raises"' in featured
    assert 'id="cap-big-bet-round"' in folded and "more examples for R3.6" in folded
    # Folded examples are raw HTML, so their rule links must already be site URLs.
    assert 'href="../03-betting/#R3.6"' in folded


def test_citations_of_the_house_notes_lead_to_the_decisions(site: Path) -> None:
    from badugi_spec.docs.about import DECISIONS, cited_decisions

    about = page(site, "generated/about")
    cited = {n for rule in load().values() for n in cited_decisions(rule.text)}
    assert cited and cited <= {d.number for d in DECISIONS}
    for number in cited:
        assert f'id="decision-{number}"' in about
    betting = page(site, "generated/03-betting")
    assert 'href="../about/#decision-2"' in betting
    assert "(house notes, decision" not in betting  # every citation became a link
    assert 'id="the-house-text"' in about and 'id="project-readings"' in about


def test_learner_aids_come_from_the_code(site: Path) -> None:
    from badugi_spec.rankings.odds import draw_odds, percent

    rankings = page(site, "generated/rankings")
    assert "4-card 4-3-2-A (badugi), the best hand" in rankings
    assert "4-card K-Q-J-10 (badugi), the worst badugi" in rankings
    assert "1-card K, the worst hand of all" in rankings and "0.00%" in rankings
    odds = page(site, "generated/odds")
    reference = draw_odds("A♠ 2♥ 3♦")
    for chance in reference.badugi:
        assert percent(chance) in odds
    assert percent(draw_odds("A♠ 2♥ 3♦", dead="4♣ 5♣").badugi[2]) in odds
    assert percent(draw_odds("A♠").badugi[2]) in odds
    glossary = page(site, "generated/glossary")
    for word in (
        "badugi",
        "rainbow",
        "stand pat",
        "burn",
        "stub",
        "button",
        "cap",
        "option",
        "scoop",
    ):
        # Each term is a heading of its own, with its anchor (glossary_links links to it).
        anchor = word.replace(" ", "-")
        assert re.search(rf'<h2 class="glossary-entry" id="{anchor}">{word}<', glossary), word
    figures = page(site, "generated/figures")
    assert all(percent(p) in figures for p in reference.badugi)


def test_scenario_names_in_stories_link_to_their_example(site: Path) -> None:
    from badugi_spec.docs.examples import link_scenarios

    md = link_scenarios(
        "see `check-raise` and `not-a-scenario`", {"check-raise": "x.md#check-raise"}.get
    )
    assert md == "see [`check-raise`](x.md#check-raise) and `not-a-scenario`"


def test_codes_page_is_a_list_that_wraps_on_a_phone(site: Path) -> None:
    html = page(site, "generated/codes")
    article = html.split('<article class="md-content__inner', 1)[1]
    # The codes themselves are a list; the precedence table below them has three short
    # columns that fit a phone.
    codes = article.split('id="precedence"', 1)[0]
    assert "<table" not in codes
    assert '<code class="refusal">' in codes
    css = (ROOT / "docs" / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    assert ".md-typeset code.refusal { white-space: nowrap;" in css


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="no node on PATH")
def test_search_ranks_the_rule_above_its_examples(site: Path) -> None:
    assert NODE is not None
    worker = next((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    index = site / "search" / "search_index.json"
    probe = ROOT / "tests" / "data" / "search_probe.js"
    done = subprocess.run(
        [NODE, str(probe), str(worker), str(index), "cap"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-1500:]
    groups = json.loads(done.stdout)
    # The learner pages come first (search_boost: the glossary's "cap", How to play);
    # after them a rule comes first (the house cap, or a profile's own cap rule), never
    # an example, and the house cap R3.6 is among the first few results.
    from badugi_spec.docs.search_boost import is_learner_page

    def learner(group: list[str]) -> bool:
        return is_learner_page(group[0].split("#", 1)[0].strip("/") + ".md")

    assert learner(groups[0]), groups
    rest = [g for g in groups if not learner(g)]
    assert re.match(r"generated/[^#]+/#R\d+\.\d+ ", rest[0][0]), groups
    assert any(g[0].startswith("generated/03-betting/#R3.6 ") for g in rest[:4]), groups


def test_example_order_prefers_order_then_the_rules_own_folder() -> None:
    from badugi_spec.docs.chapters import example_order
    from badugi_spec.docs.examples import Executed
    from badugi_spec.scenario.model import Scenario, Where
    from badugi_spec.scenario.runner import CaseResult

    def example(path: str, order: int | None = None) -> Executed:
        scenario = Scenario(id=path, title=path, where=Where(path, 1), order=order)
        return Executed(scenario, {}, CaseResult(path, path, 1, []))

    # A draw scenario filed under hand values sorts after the draws chapter's own, even
    # though "02-" comes before "04-"; an explicit order beats both.
    stray = example("scenarios/02-hand-values/aaa.badugi")
    own = example("scenarios/04-draws/discard-and-replace.badugi")
    first = example("scenarios/03-betting/zzz.badugi", order=1)
    ordered = sorted([stray, own, first], key=lambda e: example_order(e, "04-draws"))
    assert ordered == [first, own, stray]
    # A sub-folder of the chapter's folder is still the chapter's own.
    nested = example("scenarios/08-profiles-and-tables/side-pots/zzz.badugi")
    other = example("scenarios/05-showdown-and-short-stacks/aaa.badugi")
    ordered = sorted([other, nested], key=lambda e: example_order(e, "08-profiles-and-tables"))
    assert ordered == [nested, other]


def test_order_is_a_place_among_the_rules_examples() -> None:
    """Issue 22, item 12: `order 5` puts an example fifth, it does not make it the
    featured one when the others have no `order`."""
    from badugi_spec.docs.chapters import ordered_examples
    from badugi_spec.docs.examples import Executed
    from badugi_spec.scenario.model import Scenario, Where
    from badugi_spec.scenario.runner import CaseResult

    def example(name: str, order: int | None = None) -> Executed:
        path = f"scenarios/04-draws/{name}.badugi"
        scenario = Scenario(id=name, title=name, where=Where(path, 1), order=order)
        return Executed(scenario, {}, CaseResult(name, path, 1, []))

    a, b, c = example("a"), example("b"), example("c")

    def ids(*examples: Executed) -> list[str]:
        return [e.scenario.id for e in ordered_examples(list(examples), "04-draws")]

    assert ids(c, a, b) == ["a", "b", "c"]
    assert ids(a, b, c, example("fifth", order=5)) == ["a", "b", "c", "fifth"]
    assert ids(a, b, c, example("second", order=2)) == ["a", "second", "b", "c"]
    assert ids(a, b, example("first", order=1)) == ["first", "a", "b"]
    # Two asking for one place take it and the next, by path; order 1 still leads.
    assert ids(a, b, example("y", order=1), example("x", order=1)) == ["x", "y", "a", "b"]


# ----- the Performance page ------------------------------------------------------------------


def test_the_performance_page_is_built_with_a_row_per_benchmark(site: Path) -> None:
    from html import unescape

    from badugi_spec.docs.performance import RESULTS

    page = (site / "generated" / "performance" / "index.html").read_text(encoding="utf-8")
    cells = [unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", page)]
    for row in json.loads(RESULTS.read_text(encoding="utf-8"))["rows"]:
        at = cells.index(row["what"])  # the row's first cell, then ours, peer, ratio, target
        ratio = "–" if row["ratio"] is None else f"{row['ratio']:.1f}x"
        verdict = {None: "info", True: "met", False: "not met"}[row["met"]]
        assert cells[at + 3] == ratio and cells[at + 5] == verdict, cells[at : at + 7]
    assert 'href="../../measurements/"' in page  # the earlier figures, one page on


# ----- what the site weighs ------------------------------------------------------------------


def test_pages_and_search_index_fit_their_budgets(site: Path) -> None:
    from benchmarks.budgets import over_budget, page_weights

    weights = page_weights(site)  # each page parsed once, for both checks
    assert over_budget(site, weights) == []
    # Really read: the chapters' pages are there, and the heaviest is no empty file.
    assert weights[0].bytes > 50_000 and weights[0].elements > 1_000
    assert any(w.page == "generated/08-profiles-and-tables-2/" for w in weights)


def test_every_fold_loads_a_file_of_the_site(site: Path) -> None:
    """Each fold that loads on opening names a fragment the build wrote, and each fragment
    holds what its fold promises: a hand's tables, or a highlighted source."""
    folds = 0
    for path in site.rglob("index.html"):
        page_url = f"{path.parent.relative_to(site).as_posix()}/"
        for target in _FRAGMENT.findall(path.read_text(encoding="utf-8")):
            folds += 1
            fragment = fragment_path(site, page_url, target)
            assert fragment.is_file(), (path, target)
            body = fragment.read_text(encoding="utf-8")
            assert body.startswith("<!doctype html>") and '<meta charset="utf-8">' in body
            wanted = "badugi-example" if "/examples/" in target else 'class="kd"'
            assert wanted in body, target
    assert folds > 300  # every scenario's source, and the examples folded under a rule


def test_a_raw_figure_out_of_date_is_named_and_written_anew() -> None:
    """docs/implementers.md reads right unbuilt: the build stops on a stale raw figure
    (`stale`) and `make counts` writes the figures anew (`refresh`)."""
    from badugi_spec.docs.counts import refresh, stale

    text = "<!--count:scenarios-->347<!--/count--> and <!--count:mutants-->1,000<!--/count-->"
    known = {"scenarios": 381, "mutants": 1000}
    assert stale(text, known) == ["scenarios: 347 -> 381"]
    fresh = refresh(text, known)
    assert (
        fresh == "<!--count:scenarios-->381<!--/count--> and <!--count:mutants-->1,000<!--/count-->"
    )
    assert stale(fresh, known) == []
