"""Rule profiles: the game's rules as data (chapter R8), read from `rules/profiles/*.toml`.

`model` holds `Profile`, its parameters and their checks; `load` reads and merges the
TOML files (`extends`) and the overrides a scenario names; `schema` is the JSON schema
the protocol sends profiles in.

It may use only `errors`: the engine and everything above read profiles.
"""

from badugi_spec.profiles.load import (
    DEFAULT,
    from_json,
    from_mapping,
    get,
    names,
    override_value,
    parse_override,
)
from badugi_spec.profiles.model import HOUSE, PARAMETERS, PILES, Param, Profile, ProfileError

__all__ = [
    "DEFAULT",
    "HOUSE",
    "PARAMETERS",
    "PILES",
    "Param",
    "Profile",
    "ProfileError",
    "from_json",
    "from_mapping",
    "get",
    "names",
    "override_value",
    "parse_override",
]
