"""A page's Markdown turned into HTML once per content, for the rebuilds of `mkdocs serve`.

MkDocs converts every page again on every rebuild: an author's edit of one scenario
changes one chapter page or two, yet all seventy pages went through Markdown, half of the
rebuild's time. `site_hook` gives each page's `render` this cache, which keeps what the
conversion gave by everything it reads: the page's final Markdown (after every hook's
`on_page_markdown`), where the page lies, every file of the site (its links are checked
and made relative against them) and the Markdown settings. The warnings a conversion
logged (a broken link) are kept too and logged again when it is reused, so a strict
build counts them as before. A page that includes files from disk (`--8<--`) is
converted every time: its text alone does not say what it shows.

The cache lives in the process (the server's); a `mkdocs build` converts each page once
and gains nothing, nor loses anything.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents

SNIPPET: Final = "--8<--"


@dataclass(frozen=True, slots=True)
class Rendered:
    """What `Page.render` sets, and the warnings it logged."""

    content: str
    toc: TableOfContents
    title: str | None
    anchors: set[str] | None
    links: dict[File, dict[str, str]] | None
    warnings: tuple[logging.LogRecord, ...]


_KEPT: dict[str, Rendered] = {}
_USED: set[str] = set()
_FILES: dict[int, str] = {}
"""The digest of the site's files, by the `Files` object of the build under way."""


def _digest(*parts: str) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        hasher.update(len(data).to_bytes(8, "little") + data)
    return hasher.hexdigest()


def _files_key(files: Files) -> str:
    if id(files) not in _FILES:
        _FILES.clear()
        _FILES[id(files)] = _digest(*sorted(f"{f.src_uri}\0{f.url}" for f in files))
    return _FILES[id(files)]


class _Kept(logging.Handler):
    """The warnings logged while a page is converted."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def cached_render(page: Page, config: MkDocsConfig, files: Files) -> None:
    """Give `page` a `render` that reuses an earlier conversion of the same input."""
    convert: Callable[[MkDocsConfig, Files], None] = page.render

    def render(config: MkDocsConfig, files: Files) -> None:
        markdown = page.markdown or ""  # as the last `on_page_markdown` left it
        if SNIPPET in markdown:
            convert(config, files)
            return
        settings = repr((config.markdown_extensions, config.mdx_configs, config.validation))
        key = _digest(page.file.src_uri, page.file.url, settings, _files_key(files), markdown)
        _USED.add(key)
        kept = _KEPT.get(key)
        if kept is None:
            watch = _Kept()
            logger = logging.getLogger("mkdocs")
            logger.addHandler(watch)
            try:
                convert(config, files)
            finally:
                logger.removeHandler(watch)
            _KEPT[key] = kept = Rendered(
                page.content or "",
                page.toc,
                page._title_from_render,
                page.present_anchor_ids,
                page.links_to_anchors,
                tuple(watch.records),
            )
            return
        page.content, page.toc = kept.content, kept.toc
        page._title_from_render = kept.title
        page.present_anchor_ids = kept.anchors
        # Anchors are checked against this build's pages: the files of the earlier build
        # the links were kept by are looked up again.
        page.links_to_anchors = _relinked(kept.links, files)
        for record in kept.warnings:
            logging.getLogger(record.name).handle(record)

    page.render = render  # type: ignore[method-assign]


def _relinked(
    links: dict[File, dict[str, str]] | None, files: Files
) -> dict[File, dict[str, str]] | None:
    if links is None:
        return None
    out: dict[File, dict[str, str]] = {}
    for old, anchors in links.items():
        now = files.get_file_from_path(old.src_uri)
        if now is not None:
            out[now] = anchors
    return out


def build_done() -> None:
    """Forget the conversions this build did not use (pages edited since, or gone)."""
    for key in [k for k in _KEPT if k not in _USED]:
        del _KEPT[key]
    _USED.clear()
