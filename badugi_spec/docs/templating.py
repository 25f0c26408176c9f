"""The one door from the docs' computations to their markup: Jinja templates (MkDocs'
own dependency) under `templates/`, escaped by autoescape; and the pages' data files.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any, Final

import jinja2
import jinja2.ext
from markupsafe import Markup

from badugi_spec.errors import BadugiError

ONE_LINE: Final = "{#- one line -#}"
"""A template that starts so is written one element a line and drawn on one line: a line
break beside a tag (or a `{{ }}` or `{% %}`) is dropped, one between words is a space. So
text that follows a tag stays on the tag's line, or says its space (`{{ ' ' }}`)."""
_AT_A_TAG: Final = re.compile(r"(?<=[>}])\n\s*|\n\s*(?=[<{])")
_IN_TEXT: Final = re.compile(r"\n\s*")


class OneLine(jinja2.ext.Extension):
    """Line breaks next to a tag dropped, and inside text made one space: the markup goes
    into Markdown pages as raw HTML, where a line break can end the block or open a
    paragraph, and the pages' HTML stays as it was drawn from Python strings."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        if not source.startswith(ONE_LINE):
            return source
        body = _AT_A_TAG.sub("", source[len(ONE_LINE) :].strip())
        return _IN_TEXT.sub(" ", body)


@cache
def environment() -> jinja2.Environment:
    # StrictUndefined: a template naming a field the data does not carry stops the build
    # instead of printing an empty string on the page.
    return jinja2.Environment(
        loader=jinja2.PackageLoader("badugi_spec.docs", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        extensions=[OneLine],
        # A page draws thousands of hands: no look at the file before each one. A build
        # calls `forget_changed` once instead, so an edit under `make serve` still shows.
        auto_reload=False,
    )


def forget_changed() -> None:
    """Drop the compiled templates whose file changed since (once per build)."""
    cache = environment().cache or {}
    for key, template in list(cache.items()):
        if not template.is_up_to_date:
            del cache[key]


def render(name: str, /, **data: Any) -> str:
    """Fill template `name` (a path under templates/) with `data`."""
    return environment().get_template(name).render(**data)


class DataFileError(BadugiError):
    """A `data/*.toml` file that is missing or does not parse: one line naming the file
    and, where the TOML reader says so, the line and column."""


_AT: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def data(name: str) -> dict[str, Any]:
    """`data/<name>.toml`: the tables and words of a page, read anew at each call (the
    glossary, read once a build, follows an edit under `make serve`)."""
    path = f"badugi_spec/docs/data/{name}.toml"
    try:
        text = resources.files(__package__).joinpath("data", f"{name}.toml").read_text("utf-8")
    except OSError as error:
        raise DataFileError(f"{path}: cannot read it ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise DataFileError(f"{path}: not UTF-8 text (byte {error.start})") from None
    return parse_data(text, path)


def parse_data(text: str, path: str) -> dict[str, Any]:
    """`text` read as TOML; a malformed file is `path:line:column: what is wrong`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        # Python 3.11's reader puts the place at the end of its message, not in fields.
        message = str(error)
        at = _AT.search(message)
        where = f"{path}:{at.group(1)}:{at.group(2)}" if at else path
        raise DataFileError(f"{where}: {_AT.sub('', message)}") from None


__all__ = ["DataFileError", "Markup", "data", "html", "render"]


def html(markup: str) -> Markup:
    """A piece already drawn (a card's span, a replayer), put into a template as it is."""
    return Markup(markup)
