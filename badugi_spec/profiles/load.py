"""Profiles as TOML files in `rules/profiles/`, read with the standard library (R8.1).

A file names its parameters by section (`[betting] cap = 4`); `extends = "house"` starts
from another profile and overrides a few values. Every error names the file and the key.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Final

from badugi_spec.profiles.model import HEADER, PARAMETERS, Profile, ProfileError, value_problems

DEFAULT: Final = "house"
_SECTIONS: Final = frozenset(p.section for p in PARAMETERS.values())


def profile_dir() -> Path:
    """The shipped profile files (the rulebook travels in the wheel as `rulebook/`)."""
    return Path(str(resources.files("badugi_spec").joinpath("rulebook", "profiles")))


@functools.cache
def _files() -> dict[str, Path]:
    return {path.stem: path for path in sorted(profile_dir().glob("*.toml"))}


def names() -> tuple[str, ...]:
    """The shipped profiles in rulebook order (by chapter), the default first."""
    return tuple(sorted(_files(), key=lambda name: (name != DEFAULT, _chapter_number(name))))


def _chapter_number(name: str) -> int:
    chapter = get(name).chapter.lstrip("R")
    return int(chapter) if chapter.isdigit() else 10**6


@functools.cache
def get(name: str = DEFAULT) -> Profile:
    """A shipped profile by name, with its `extends` chain resolved."""
    return _load(name, ())


def _load(name: str, chain: tuple[str, ...]) -> Profile:
    files = _files()
    if name not in files:
        raise ProfileError(f"unknown profile {name!r}; the profiles are {', '.join(names())}")
    if name in chain:
        raise ProfileError(f"profiles extend each other in a loop: {' -> '.join((*chain, name))}")
    path = files[name]
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ProfileError(f"{path.name}: not valid TOML: {error}") from None
    return from_mapping(data, where=path.name, resolve=lambda base: _load(base, (*chain, name)))


def from_mapping(
    data: dict[str, Any], *, where: str, resolve: Any = None, base: Profile | None = None
) -> Profile:
    """A profile from parsed TOML (sections of parameters), checked key by key.

    `resolve(name)` loads the profile named by `extends`; `base` is used when there is none.
    """
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in HEADER:
            if not isinstance(value, str):
                raise ProfileError(f"{where}: {key} must be text, not {value!r}")
            values[key] = value
        elif key in _SECTIONS:
            if not isinstance(value, dict):
                raise ProfileError(f"{where}: [{key}] must be a table of parameters")
            for name, item in value.items():
                param = PARAMETERS.get(name)
                if param is None or param.section != key:
                    raise ProfileError(f"{where}: [{key}] has no parameter {name!r}{_hint(name)}")
                values[name] = tuple(item) if isinstance(item, list) else item
        else:
            raise ProfileError(f"{where}: unknown key {key!r}{_hint(key)}")
    if "name" not in values:
        raise ProfileError(f"{where}: a profile needs a name")
    extends = values.get("extends")
    start = resolve(extends) if extends and resolve is not None else base or Profile()
    try:
        return start.replace(**values)
    except ProfileError as error:
        raise ProfileError(f"{where}: {error}") from None


def _hint(key: str) -> str:
    for param in PARAMETERS.values():
        if param.name == key:
            return f" (it belongs in [{param.section}])"
    return ""


def parse_override(profile: Profile, key: str, text: str) -> Profile:
    """`profile` with one parameter set from its text form (`cap=5`, `reshuffle=discards,burns`)."""
    return profile.replace(**{key: override_value(key, text)})


def override_value(key: str, text: str) -> object:
    """One parameter's value from its text form, checked for its type but not against the
    other parameters: a `profile` line sets several at once, then checks the whole."""
    param = PARAMETERS.get(key)
    if param is None:
        raise ProfileError(f"no profile parameter {key!r}; see `badugi-spec profiles show`")
    value: object
    if param.kind is bool:
        if text not in ("true", "false"):
            raise ProfileError(f"{key} is true or false, not {text!r}")
        value = text == "true"
    elif param.kind is int:
        if not text.isdigit() or len(text) > 13:
            raise ProfileError(f"{key} is a whole number, not {text!r}")
        value = int(text)
    elif param.kind is tuple:
        items = [item for item in text.split(",") if item] if text != "none" else []
        value = tuple(items) if param.choices else tuple(_int_item(key, i) for i in items)
    else:
        value = text
    problems = value_problems(param, value)
    if problems:
        raise ProfileError("; ".join(problems))
    return value


def _int_item(key: str, text: str) -> int:
    if not text.isdigit() or len(text) > 13:
        raise ProfileError(f"{key}: {text!r} is not a whole number")
    return int(text)


def from_json(data: object) -> Profile:
    """A profile from its protocol form: `{"name": ..., <every parameter>: value}` (R8.1).

    Missing parameters take the house values, so a profile-1 client's case still plays.
    """
    if not isinstance(data, dict):
        raise ProfileError(f"a profile is an object of parameters, not {data!r:.60}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "name":
            if not isinstance(value, str) or not value:
                raise ProfileError(f"profile.name must be text, not {value!r:.60}")
            values[key] = value
        elif key in PARAMETERS:
            values[key] = tuple(value) if isinstance(value, list) else value
        elif key not in HEADER:
            raise ProfileError(f"profile: no parameter {key!r}")
    return Profile().replace(**values)
