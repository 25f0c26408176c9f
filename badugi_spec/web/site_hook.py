"""MkDocs hook: the engine in the page (`docs/play/`, `docs/playground/`) put under the built
site, after the docs' own hook (`badugi_spec/docs/hook.py`) has drawn and indexed the pages.

`mkdocs.yml` lists this file under `hooks:` after the docs' hook. It lives here, not in the
docs package, because building the Pyodide bundle is the page engine's business: the docs
draw pages and know nothing of wheels.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from badugi_spec.docs.hook import scenarios_dir
from badugi_spec.web.install_links import fill
from badugi_spec.web.pyodide_build import PyodideBuildError, after_build


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The install page's download of the wheels this build carries (`install_links`)."""
    if page.file.src_uri != "install.md":
        return markdown
    return fill(markdown, Path(config.config_file_path).resolve().parent)


def on_post_build(config: MkDocsConfig) -> None:
    """Pyodide's runtime, the wheels, the rules' places and the suite's texts."""
    root = Path(config.config_file_path).resolve().parent
    try:
        after_build(root, Path(config.site_dir), scenarios_dir(config))
    except PyodideBuildError as error:
        raise PluginError(str(error)) from None
