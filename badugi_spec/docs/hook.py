"""MkDocs hook: generate the rule pages before MkDocs collects the files.

`mkdocs.yml` lists this file under `hooks:`. The scenarios come from `scenarios/` beside
`mkdocs.yml`, or from the folder named by BADUGI_DOCS_SCENARIOS (the tests use that).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Final

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from badugi_spec.docs.build import FIGURES, DocsBuildError, nav_chapters, write_pages
from badugi_spec.docs.counts import UnknownCount, fill, suite_figures

IMPLEMENTERS = "implementers.md"


def _scenarios_dir(config: MkDocsConfig) -> Path:
    named = os.environ.get("BADUGI_DOCS_SCENARIOS")
    if named:
        return Path(named)
    return Path(config.config_file_path).resolve().parent / "scenarios"


def _nav(items: list[Any], docs_dir: Path) -> list[Any]:
    nav: list[Any] = []
    for item in items:
        if isinstance(item, dict) and "Rules" in item:
            nav.append({"Rules": nav_chapters()})
        elif (
            isinstance(item, dict)
            and IMPLEMENTERS in item.values()
            and not (docs_dir / IMPLEMENTERS).exists()
        ):
            continue
        elif isinstance(item, dict) and any(isinstance(v, list) for v in item.values()):
            nav.append(
                {k: _nav(v, docs_dir) if isinstance(v, list) else v for k, v in item.items()}
            )
        else:
            nav.append(item)
    return nav


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fill the `Rules` section from the rulebook; drop the implementers page if unwritten."""
    config.nav = _nav(list(config.nav or []), Path(config.docs_dir))
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    scenarios = _scenarios_dir(config)
    try:
        write_pages(Path(config.docs_dir), scenarios)
    except DocsBuildError as error:
        raise PluginError(str(error)) from None
    # The suite's value lines by ranking, for the implementers page (`[[count:value-...]]`).
    FIGURES.update(suite_figures(scenarios))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put the build's counts where a hand-written page names them (`[[count:NAME]]`)."""
    try:
        return fill(markdown, FIGURES, page=page.file.src_uri)
    except UnknownCount as error:
        raise PluginError(str(error)) from None


# Search ranks a rule above the worked examples and stories that mention its words.
RULE_SECTION: Final = re.compile(r"#(?:R\d+\.\d+|F\d+)$")
BOOSTS: Final = ((RULE_SECTION, 8.0), (re.compile(r"^generated/(how-to-play|glossary)/"), 4.0))


def boost_search_index(index: dict[str, Any]) -> dict[str, Any]:
    """Give rule headings (and the learner pages) a higher search weight."""
    for doc in index.get("docs", []):
        location = str(doc.get("location", ""))
        for pattern, boost in BOOSTS:
            if pattern.search(location):
                doc["boost"] = max(float(doc.get("boost", 1.0)), boost)
    return index


def on_post_build(config: MkDocsConfig) -> None:
    """Runs after the search plugin has written its index (hooks come after plugins)."""
    path = Path(config.site_dir) / "search" / "search_index.json"
    if path.exists():
        index = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(boost_search_index(index)), encoding="utf-8")


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve` rebuilds when a rule or a scenario changes, not only the docs."""
    root = Path(config.config_file_path).resolve().parent
    server.watch(str(root / "rules"))
    server.watch(str(_scenarios_dir(config)))
    return server
