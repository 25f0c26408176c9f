"""The one door from the docs' computations to their markup: Jinja templates.

Python in this package computes what a page shows (frames, pots, odds, questions) and hands
it to a template under `templates/`; markup lives there, escaped by Jinja's autoescape.
MkDocs already depends on Jinja2, so this adds no dependency to the `docs` extra.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import jinja2


@cache
def environment() -> jinja2.Environment:
    # StrictUndefined: a template naming a field the data does not carry stops the build
    # instead of printing an empty string on the page.
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("badugi_spec.docs", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    return env


def render(name: str, /, **data: Any) -> str:
    """Fill template `name` (a path under templates/) with `data`."""
    return environment().get_template(name).render(**data)
