"""The named rule options (rules/options.py): defaults, validation, descriptions."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rules.options import OPTION_SPECS, RuleOptions, option_spec


def test_every_spec_is_a_field_with_its_default() -> None:
    names = [f.name for f in fields(RuleOptions) if f.name != "problems"]
    assert names == [spec.name for spec in OPTION_SPECS]
    defaults = RuleOptions()
    for spec in OPTION_SPECS:
        assert defaults.value(spec.name) == spec.default
        assert spec.accepts(spec.default)
        assert spec.description and spec.topic and spec.source


@pytest.mark.parametrize(
    ("name", "default"),
    [
        ("legacy_areas", False),  # RULES-DIGEST §1: seed 000 is the default
        ("areas_stop_at_walls", True),  # issue #4: default on
        ("crowding", "literal"),  # §11a D1
        ("crowded_spaces", "sum"),  # D2
        ("crowded_effects", "flat"),  # D3
        ("encumbered_costs", "no_double_count"),  # D4
        ("round_halves", "down"),  # D5
        ("targeted_space_dice", "combined"),  # D6
        ("pool_in_formulas", "capacity"),  # D7
        ("line_cone_direction", "away"),  # D8
        ("range_elevation", "count"),  # D9
        ("concealment_combine", "sum"),  # D10
        ("quiet_movement", "amble"),  # D11
    ],
)
def test_defaults_follow_the_decisions(name: str, default: object) -> None:
    assert option_spec(name).default == default


def test_stored_values_are_used_and_bad_ones_fall_back_with_a_reason() -> None:
    opts = RuleOptions.of({"crowding": "bulk", "legacy_areas": True, "unknown": 3})
    assert opts.crowding == "bulk" and opts.legacy_areas is True
    assert opts.problems == ()
    bad = RuleOptions.of({"crowding": "nonsense", "legacy_areas": "yes"})
    assert bad.crowding == "literal" and bad.legacy_areas is False
    assert bad.problems == (
        "option 'legacy_areas' = 'yes' is not true or false; using the default off",
        "option 'crowding' = 'nonsense' is not literal or pair_every_size or bulk; "
        "using the default literal",
    )


def test_describe_and_changed() -> None:
    opts = RuleOptions.of({"zigzag_lines": True, "crowding": "literal"})
    assert opts.describe("zigzag_lines") == "zigzag_lines = on"
    assert opts.describe("crowding") == "crowding = literal"
    assert opts.changed() == {"zigzag_lines": True}


def test_unknown_option_names_are_named() -> None:
    with pytest.raises(KeyError, match="unknown rule option 'nope'"):
        option_spec("nope")
    with pytest.raises(KeyError):
        RuleOptions().value("nope")


def test_check_names_a_rule_option_with_a_value_it_does_not_take(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from rules import Board, mapfile

    path = tmp_path / "odd.hexmap"
    mapfile.save(Board.blank(3, 3).with_options({"crowding": "lots", "future_rule": 2}), path)
    assert mapfile.load(path).options["crowding"] == "lots"  # kept as written, not lost
    assert mapfile.check(path) == [
        "map.json: option 'crowding' = 'lots' is not literal or pair_every_size or bulk; "
        "using the default literal"
    ]
