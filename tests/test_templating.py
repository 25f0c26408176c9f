"""The docs' templates: all shipped in the wheel, all compiling, escaped, strict about
their data, and those written one element a line drawn on one line."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import jinja2
import pytest

from badugi_spec.docs.templating import (
    ONE_LINE,
    DataFileError,
    data,
    environment,
    forget_changed,
    html,
    parse_data,
    render,
)

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "badugi_spec" / "docs" / "templates"
NAMES = sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*") if p.is_file())


def test_every_template_is_shipped_in_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["badugi_spec"]
    shipped = [p.removeprefix("docs/templates/") for p in patterns if "templates/" in p]
    # fnmatch's `*` crosses folders, so `**/*.svg` matches any depth but the top.
    missing = [
        name
        for name in NAMES
        if name != "README.md" and not any(fnmatch.fnmatch(name, p) for p in shipped)
    ]
    assert not missing, f"add a package-data pattern for {missing}"


@pytest.mark.parametrize("name", [n for n in NAMES if n != "README.md"])
def test_every_template_compiles(name: str) -> None:
    environment().get_template(name)


def test_values_are_escaped_and_drawn_pieces_kept() -> None:
    out = render("fragment/fold.html", css="x", url="u?a=1&b=2", summary="<b>")
    assert "&lt;b&gt;" in out and "u?a=1&amp;b=2" in out
    assert render("fragment/page.html", body=html("<em>kept</em>")).count("<em>kept</em>") == 1


def test_a_field_the_data_lacks_stops_the_build() -> None:
    with pytest.raises(jinja2.UndefinedError, match="summary"):
        render("fragment/fold.html", css="x", url="u")


def test_a_one_line_template_is_drawn_on_one_line() -> None:
    env = environment().overlay(loader=jinja2.DictLoader({
        "t.html": f"{ONE_LINE}\n<p>\n  <b>{{{{ x }}}}</b> and\n  more\n</p>\n<i>\n  a</i>\n",
        "keep.html": "<p>\n  {{ x }}\n</p>",
    }))  # fmt: skip
    assert env.get_template("t.html").render(x=1) == "<p><b>1</b> and more</p><i>a</i>"
    assert env.get_template("keep.html").render(x=1) == "<p>\n  1\n</p>"


def test_a_template_changed_on_disk_is_read_again_at_the_next_build() -> None:
    # `make serve` keeps the compiled templates between rebuilds; each build drops those
    # whose file changed (here: said changed) and keeps the rest.
    env = environment()
    changed, kept = env.get_template("fragment/fold.html"), env.get_template("fragment/page.html")
    changed._uptodate = lambda: False
    forget_changed()
    assert env.get_template("fragment/fold.html") is not changed
    assert env.get_template("fragment/page.html") is kept


def test_a_malformed_data_file_is_one_line_with_its_place() -> None:
    with pytest.raises(DataFileError) as raised:
        parse_data(
            '[row]\nbet = "bets"\ncall = = 1\nfold = "folds"\n',
            "badugi_spec/docs/data/glossary.toml",
        )
    message = str(raised.value)
    assert message.startswith("badugi_spec/docs/data/glossary.toml:3:")
    assert "\n" not in message and "Traceback" not in message


def test_a_data_file_that_is_missing_is_named() -> None:
    with pytest.raises(DataFileError, match=r"data/no-such-page\.toml: cannot read it"):
        data("no-such-page")


def test_every_data_file_parses() -> None:
    folder = ROOT / "badugi_spec" / "docs" / "data"
    for path in sorted(folder.glob("*.toml")):
        assert isinstance(data(path.stem), dict), path
