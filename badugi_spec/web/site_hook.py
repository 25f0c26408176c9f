"""MkDocs hook: the engine in the page (`docs/play/`, `docs/playground/`) put under the built
site, after the docs' own hook (`badugi_spec/docs/hook.py`) has drawn and indexed the pages.

`mkdocs.yml` lists this file under `hooks:` after the docs' hook. It lives here, not in the
docs package, because building the Pyodide bundle is the page engine's business: the docs
draw pages and know nothing of wheels.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from badugi_spec.docs.hook import scenarios_dir
from badugi_spec.web import render_cache
from badugi_spec.web.install_links import fill
from badugi_spec.web.pyodide_build import Preparing, PyodideBuildError, after_build

log = logging.getLogger("mkdocs.plugins.badugi_spec.web")

_PREPARING: list[Preparing] = []
"""The build under way's preparation of the engine (`on_config`), for `on_post_build`."""


@event_priority(100)  # before the docs' hook, whose `on_config` draws every page
def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Start making the wheels and the engine's prepared start (pip, then Node) while the
    pages are drawn: after a change to the package that is some 20 CPU-seconds, which on
    a second core no longer adds to the build's wait."""
    root = Path(config.config_file_path).resolve().parent
    _PREPARING[:] = [Preparing(root)]
    return config


@event_priority(-100)  # after the docs' hook: the page's Markdown as it will be converted
def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The install page's download of the wheels this build carries (`install_links`);
    and each page's conversion reused while its input is unchanged (`render_cache`)."""
    if page.file.src_uri == "install.md":
        markdown = fill(markdown, Path(config.config_file_path).resolve().parent)
    render_cache.cached_render(page, config, files)
    return markdown


def on_post_build(config: MkDocsConfig) -> None:
    """Pyodide's runtime, the wheels, the rules' places and the suite's texts."""
    root = Path(config.config_file_path).resolve().parent
    render_cache.build_done()
    preparing = _PREPARING.pop() if _PREPARING else None
    try:
        prepared = preparing.result() if preparing is not None else None
        built = after_build(root, Path(config.site_dir), scenarios_dir(config), prepared)
    except PyodideBuildError as error:
        raise PluginError(str(error)) from None
    if built.enabled and built.bytecode:
        # Not a warning: `--strict` would stop the build, and the page works from sources.
        log.info("the engine in the page runs from sources (slower start): %s", built.bytecode)
