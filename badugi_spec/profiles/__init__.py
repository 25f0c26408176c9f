"""Rule profiles: the game's rules as data (chapter R8), read from `rules/profiles/*.toml`."""

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
