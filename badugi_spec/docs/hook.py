"""MkDocs hook: generate the rule pages before MkDocs collects the files.

`mkdocs.yml` lists this file under `hooks:`. The scenarios come from `scenarios/` beside
`mkdocs.yml`, or from the folder named by BADUGI_DOCS_SCENARIOS (the tests use that).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer

from badugi_spec.docs.build import DocsBuildError, nav_chapters, write_pages

IMPLEMENTERS = "implementers.md"


def _scenarios_dir(config: MkDocsConfig) -> Path:
    named = os.environ.get("BADUGI_DOCS_SCENARIOS")
    if named:
        return Path(named)
    return Path(config.config_file_path).resolve().parent / "scenarios"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fill the `Rules` section from the rulebook; drop the implementers page if unwritten."""
    nav: list[Any] = []
    for item in config.nav or []:
        if isinstance(item, dict) and "Rules" in item:
            nav.append({"Rules": nav_chapters()})
        elif (
            isinstance(item, dict)
            and IMPLEMENTERS in item.values()
            and not (Path(config.docs_dir) / IMPLEMENTERS).exists()
        ):
            continue
        else:
            nav.append(item)
    config.nav = nav
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    try:
        write_pages(Path(config.docs_dir), _scenarios_dir(config))
    except DocsBuildError as error:
        raise PluginError(str(error)) from None


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    """`mkdocs serve` rebuilds when a rule or a scenario changes, not only the docs."""
    root = Path(config.config_file_path).resolve().parent
    server.watch(str(root / "rules"))
    server.watch(str(_scenarios_dir(config)))
    return server
