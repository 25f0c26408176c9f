"""MkDocs hook (`hooks:` in mkdocs.yml): the generated pages, drawn in memory, joined to
the hand-written ones. The scenarios are `scenarios/` beside mkdocs.yml, or the folder
BADUGI_DOCS_SCENARIOS names (the tests' small suites).

The pages are `File`s made from memory (`on_files`), not files in the watched `docs/`
folder, so one save under `make serve` is one rebuild. The site is drawn in `on_config`:
the navigation needs to know which chapters were cut into parts, and MkDocs reads it
before any file.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Final

from mkdocs.config.base import ValidationError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from badugi_spec.docs.templating import DataFileError
from badugi_spec.errors import BadugiError

try:
    from badugi_spec.docs.build import FIGURES, GENERATED, DocsBuildError, Site, render_site
    from badugi_spec.docs.counts import UnknownCount, fill, stale
    from badugi_spec.docs.fragments import fill_slots
    from badugi_spec.docs.glossary_links import link_terms
    from badugi_spec.docs.install_note import add_install_note
    from badugi_spec.docs.places import page_of_anchor
    from badugi_spec.docs.search_boost import boost_learner_page, boost_search_index
except DataFileError as error:
    # The pages' modules read their data files as they load, before any build: MkDocs
    # reports a hook's ValidationError as one line, anything else as a traceback.
    raise ValidationError(str(error)) from None

IMPLEMENTERS = "implementers.md"
CHECKOUT_DOCS: Final = Path(__file__).resolve().parents[2] / "docs"


def scenarios_dir(config: MkDocsConfig) -> Path:
    named = os.environ.get("BADUGI_DOCS_SCENARIOS")
    if named:
        return Path(named)
    return Path(config.config_file_path).resolve().parent / "scenarios"


_SITE: list[Site] = []
"""The site drawn for the build under way (`on_config`), for `on_files`."""


def _nav(items: list[Any], docs_dir: Path, chapters: list[dict[str, Any]]) -> list[Any]:
    nav: list[Any] = []
    for item in items:
        if not isinstance(item, dict):
            nav.append(item)
        elif "Rules" in item:
            nav.append({"Rules": chapters})
        elif IMPLEMENTERS not in item.values() or (docs_dir / IMPLEMENTERS).exists():
            nav.append(
                {
                    k: _nav(v, docs_dir, chapters) if isinstance(v, list) else v
                    for k, v in item.items()
                }
            )
    return nav


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Draw the site, fill the `Rules` section (a chapter in parts is a section), and drop
    the implementers page if unwritten."""
    scenarios = scenarios_dir(config)
    try:
        site = render_site(scenarios)
    except (DocsBuildError, BadugiError) as error:
        # A bad data file (benchmarks, architecture) is the author's to fix: one line, no trace.
        raise PluginError(str(error)) from None
    _SITE[:] = [site]
    config.nav = _nav(list(config.nav or []), Path(config.docs_dir), site.nav)
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The generated pages and fragments as files of the site; a stale copy under
    `docs/generated/` (from an older build) gives way to them."""
    site = _SITE[0]
    for name, content in [*site.pages.items(), *site.fragments.items()]:
        uri = f"{GENERATED}/{name}"
        old = files.get_file_from_path(uri)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, uri, content=content))
    return files


_SNIPPET: Final = re.compile(r'^--8<-- "generated/([\w.-]+)"$', re.MULTILINE)
_CHAPTER: Final = re.compile(r"\d\d-")
"""A rule chapter's page (`03-betting.md`), the only pages cut into parts."""
_GENERATED_LINK: Final = re.compile(r"\((generated/)([\w.-]+\.md)#([\w.-]+)\)")


def _joined(markdown: str) -> str:
    """A hand-written page with its generated snippets put in, and its links to a rule or an
    example sent to the part of the chapter that holds it."""
    pages = _SITE[0].pages if _SITE else {}

    def snippet(match: re.Match[str]) -> str:
        return pages.get(match.group(1), match.group(0))

    def link(match: re.Match[str]) -> str:
        named = match.group(2)
        if not _CHAPTER.match(named):
            return match.group(0)  # not a chapter: no parts, and its anchors are its own
        page = page_of_anchor(match.group(3)) or named
        return f"({match.group(1)}{page}#{match.group(3)})"

    return _GENERATED_LINK.sub(link, _SNIPPET.sub(snippet, markdown))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The build's counts where a hand-written page names them (`[[count:NAME]]`), and the
    generated snippets and part pages it refers to (`_joined`)."""
    if not page.file.src_uri.startswith(f"{GENERATED}/"):
        markdown = _joined(markdown)
    # The checkout's own pages and suite only: a build elsewhere (a test's) counts others.
    own = Path(page.file.abs_src_path or "").resolve().parent == CHECKOUT_DOCS and (
        scenarios_dir(config).resolve() == CHECKOUT_DOCS.parent / "scenarios"
    )
    old = stale(markdown, FIGURES) if own else []
    if old:
        # A page read raw on the forge shows the written figure: keep it true (issue 36).
        raise PluginError(
            f"{page.file.src_uri}: raw figures out of date ({'; '.join(old)}): run make counts"
        )
    try:
        return fill(markdown, FIGURES, page=page.file.src_uri)
    except UnknownCount as error:
        raise PluginError(str(error)) from None


GLOSSARY_PAGE: Final = f"{GENERATED}/glossary.md"
INSTALL_PAGE: Final = "install.md"


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Before the search reads the page: glossary terms linked at their first use, the
    install line under the title of a page that shows a command, a learner page's weight."""
    boost_learner_page(page.file.src_uri, page.meta)
    install = files.get_file_from_path(INSTALL_PAGE)
    if install is not None and page.file.src_uri != INSTALL_PAGE:
        html = add_install_note(html, href=get_relative_url(install.url, page.url))
    glossary = files.get_file_from_path(GLOSSARY_PAGE)
    if glossary is None or page.file.src_uri == GLOSSARY_PAGE:
        return html
    return link_terms(html, href=get_relative_url(glossary.url, page.url))


def on_page_context(
    context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any
) -> dict[str, Any]:
    """The hands' tables put in after the search has read the page (hooks come after
    plugins): the search indexes the stories, not every trace row."""
    if page.content and _SITE:
        page.content = fill_slots(page.content, _SITE[0].slots)
    return context


def on_post_build(config: MkDocsConfig) -> None:
    """The search index reweighted, once the search plugin has written it."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if path.exists():
        index = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(boost_search_index(index)), encoding="utf-8")


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve` rebuilds when a rule or a scenario changes, not only the docs."""
    root = Path(config.config_file_path).resolve().parent
    server.watch(str(root / "rules"))
    server.watch(str(scenarios_dir(config)))
    return server
