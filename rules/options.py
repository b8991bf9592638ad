"""The named rule options: every place the seeds are ambiguous is a choice stored per map.

DESIGN.md: "Every ambiguous rule is a **named option** in ``rules/options.py`` (default =
the digest's recommendation, seed 000 for Area and range, seed 001's clauses as the
'legacy areas' option) and every result that depends on one says which it used."
Defaults follow RULES-DIGEST §11a (D1–D12), then §11. A map stores only the options it
changes (``Board.options``); unknown names are kept untouched so a newer file's choices
survive a round trip through this version.

>>> opts = RuleOptions.of({"concealment_combine": "highest"})
>>> opts.concealment_combine, opts.legacy_areas
('highest', False)
>>> opts.describe("concealment_combine")
'concealment_combine = highest'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["OPTION_SPECS", "OptionSpec", "OptionValue", "RuleOptions", "option_spec"]

OptionValue = bool | int | float | str


@dataclass(frozen=True)
class OptionSpec:
    """One named option: its default, the allowed values, a one-line description,
    the topic it is grouped under, and where the choice comes from."""

    name: str
    default: bool | str
    description: str
    topic: str
    source: str
    choices: tuple[str, ...] = ()  # empty for on/off options

    def accepts(self, value: object) -> bool:
        """True if ``value`` is one of this option's values."""
        if not self.choices:
            return isinstance(value, bool)
        return isinstance(value, str) and value in self.choices

    def label(self, value: bool | str) -> str:
        """How a value reads in a breakdown: ``on``/``off`` or the choice name."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return value


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "legacy_areas",
        False,
        "Seed 001 area clauses: Line/Cone origin anywhere in your Reach, Burst/Aura from "
        "every space of the source, physical areas hit big targets once per size, adjacency "
        "lowers all Concealment",
        "Areas and range",
        "RULES-DIGEST §1; [S001]",
    ),
    OptionSpec(
        "areas_stop_at_walls",
        True,
        "A Line, Cone or Burst does not pass a wall (blocked) hex",
        "Areas and range",
        "seeds silent; decided for the map",
    ),
    OptionSpec(
        "line_cone_direction",
        "away",
        "A Line or Cone must point away from you ('away') or may point anywhere ('any')",
        "Areas and range",
        "§11a D8; [S000] 'in a direction away from you'",
        ("away", "any"),
    ),
    OptionSpec(
        "zigzag_lines",
        False,
        "Lines may also run toward a corner as a zig-zag (12 directions instead of 6)",
        "Areas and range",
        "§11 Q14",
    ),
    OptionSpec(
        "range_elevation",
        "count",
        "Range and distance add the difference in elevation ('count') or ignore it",
        "Areas and range",
        "§11a D9; [S000] 'contiguous spaces'",
        ("count", "ignore"),
    ),
    OptionSpec(
        "crowding",
        "literal",
        "Crowded Tier: each other occupant of size 0+ adds 1 ('literal'), two of a size "
        "pair up at every size ('pair_every_size'), or 2^size units each ('bulk')",
        "Occupancy",
        "§11a D1; [S000]",
        ("literal", "pair_every_size", "bulk"),
    ),
    OptionSpec(
        "crowded_spaces",
        "sum",
        "A creature on several spaces adds up the Crowded Tier of all of them ('sum') or "
        "takes the highest one ('highest')",
        "Occupancy",
        "§11a D2",
        ("sum", "highest"),
    ),
    OptionSpec(
        "crowded_effects",
        "flat",
        "Crowded gives Encumbered 1 and +1 Movement cost at any Tier ('flat') or Tier t "
        "gives Encumbered t and +t ('scale')",
        "Occupancy",
        "§11a D3; [S000]",
        ("flat", "scale"),
    ),
    OptionSpec(
        "concealment_combine",
        "sum",
        "Several concealing spaces add their Tiers ('sum') or the highest counts ('highest')",
        "Perception",
        "§11a D10",
        ("sum", "highest"),
    ),
    OptionSpec(
        "encumbered_costs",
        "no_double_count",
        "Crouch/Prone/Climb costs as written ('no_double_count') or Encumbered's own cost "
        "added on top ('stack')",
        "Movement",
        "§11a D4",
        ("no_double_count", "stack"),
    ),
    OptionSpec(
        "prone_load",
        False,
        "Prone's 'increase Load by 1' also adds 1 Encumbered (Load is not defined in the "
        "seeds; off: Prone gives its written Encumbered 2 only)",
        "Movement",
        "[S001] 'While Prone, have Tier 2 Encumbered and increase Load by 1'",
    ),
    OptionSpec(
        "off_ground_encumbered",
        "not_flying",
        "'While off the ground, you have Tier 2 Encumbered' applies to creatures in the air "
        "without flight, mid-jump or falling ('not_flying') or to flyers too ('flying_too')",
        "Movement",
        "[S001] Jump paragraph",
        ("not_flying", "flying_too"),
    ),
    OptionSpec(
        "pool_in_formulas",
        "capacity",
        "Formulas that use the Movement Pool take its size ('capacity') or what is left "
        "('remaining')",
        "Movement",
        "§11a D7",
        ("capacity", "remaining"),
    ),
    OptionSpec(
        "rising_cost",
        "flying",
        "Rising in elevation costs +1 per space for flyers only ('flying', the digest's "
        "reading of the Fly paragraph) or for every mover going uphill ('all')",
        "Movement",
        "§12 R-MOVECOST; [S001] 'When you use Movement to increase your elevation'",
        ("flying", "all"),
    ),
    OptionSpec(
        "quiet_movement",
        "amble",
        "Quiet movement: the seed's Amble (+1 cost, −1 Magnitude) or pay any extra Movement "
        "to lower Magnitude by as much ('pay_any')",
        "Movement",
        "§11a D11; [S001]",
        ("amble", "pay_any"),
    ),
    OptionSpec(
        "round_halves",
        "down",
        "Half of a negative number rounds down (the global rule) or toward zero",
        "Dice and attacks",
        "§11a D5",
        ("down", "toward_zero"),
    ),
    OptionSpec(
        "targeted_space_dice",
        "combined",
        "Targeted attack on a space: weapon size adjusted once ('combined') or per bullet",
        "Dice and attacks",
        "§11a D6",
        ("combined", "per_bullet"),
    ),
)

_BY_NAME = {spec.name: spec for spec in OPTION_SPECS}


def option_spec(name: str) -> OptionSpec:
    """The spec of option ``name``; ``KeyError`` names the known options."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown rule option {name!r}; known: {', '.join(_BY_NAME)}") from None


@dataclass(frozen=True)
class RuleOptions:
    """The options in force on one map, every one resolved to a value.

    Build with :meth:`of` from ``Board.options``; values a map holds that are not valid
    for an option fall back to the default and are listed in :attr:`problems`.
    """

    legacy_areas: bool = False
    areas_stop_at_walls: bool = True
    line_cone_direction: str = "away"
    zigzag_lines: bool = False
    range_elevation: str = "count"
    crowding: str = "literal"
    crowded_spaces: str = "sum"
    crowded_effects: str = "flat"
    concealment_combine: str = "sum"
    encumbered_costs: str = "no_double_count"
    prone_load: bool = False
    off_ground_encumbered: str = "not_flying"
    pool_in_formulas: str = "capacity"
    rising_cost: str = "flying"
    quiet_movement: str = "amble"
    round_halves: str = "down"
    targeted_space_dice: str = "combined"
    problems: tuple[str, ...] = ()

    @classmethod
    def of(cls, stored: Mapping[str, OptionValue]) -> RuleOptions:
        """The options a map's ``stored`` mapping chooses, defaults for the rest."""
        values: dict[str, bool | str] = {}
        problems: list[str] = []
        for spec in OPTION_SPECS:
            if spec.name not in stored:
                continue
            value = stored[spec.name]
            if spec.accepts(value):
                values[spec.name] = value  # type: ignore[assignment]
            else:
                allowed = " or ".join(spec.choices) if spec.choices else "true or false"
                problems.append(
                    f"option {spec.name!r} = {value!r} is not {allowed}; "
                    f"using the default {spec.label(spec.default)}"
                )
        return cls(**values, problems=tuple(problems))  # type: ignore[arg-type]

    def value(self, name: str) -> bool | str:
        """The value of option ``name``."""
        option_spec(name)
        result: bool | str = getattr(self, name)
        return result

    def describe(self, name: str) -> str:
        """``"name = value"``, as results list the options they used."""
        return f"{name} = {option_spec(name).label(self.value(name))}"

    def changed(self) -> dict[str, bool | str]:
        """The options that differ from their defaults (what a map stores)."""
        return {s.name: self.value(s.name) for s in OPTION_SPECS if self.value(s.name) != s.default}
