"""What Injury does (rules/harm.py): Grit, Energy beyond it, Serious Injury's Wounded
Tiers from the Severe Threshold, a Called Shot's halved or doubled threshold, and falling
unconscious ([P-DAMAGE], [S002])."""

from __future__ import annotations

import pytest

from rules.actions.harm import harm
from rules.actions.tactics import called_shot


@pytest.mark.parametrize(
    ("injury", "grit", "threshold", "grit_after", "energy", "wounded", "out"),
    [
        pytest.param(2, 5, 3, 3, 0, 0, False, id="Grit takes it; under the threshold"),
        pytest.param(4, 9, 3, 5, 0, 1, False, id="'Wounded Tiers = Injury − Severe Threshold'"),
        pytest.param(3, 9, -2, 6, 0, 3, False, id="'negative threshold counts as 0'"),
        pytest.param(5, 3, 3, 0, 2, 2, True, id="'beyond the pool comes out of Energy'"),
        pytest.param(0, 0, 3, 0, 0, 0, False, id="no Injury, nothing happens"),
    ],
)
def test_harm(
    injury: int, grit: int, threshold: int, grit_after: int, energy: int, wounded: int, out: bool
) -> None:
    hit = harm(injury, grit=grit, severe_threshold=threshold)
    assert (hit.grit_after, hit.energy_lost, hit.wounded, hit.unconscious) == (
        grit_after,
        energy,
        wounded,
        out,
    )


def test_an_empty_grit_pool_knocks_out_with_fatigued_and_unaware() -> None:
    hit = harm(2, grit=2, severe_threshold=5)
    assert hit.unconscious
    assert hit.conditions == (("unconscious", 1), ("fatigued", 1), ("unaware", 3))


def test_a_called_shot_halves_the_threshold_and_offers_trauma() -> None:
    plain = harm(4, grit=10, severe_threshold=5)
    aimed = harm(4, grit=10, severe_threshold=5, called_shot=called_shot("head"))
    assert (plain.wounded, aimed.threshold, aimed.wounded) == (0, 2, 2)
    assert aimed.trauma_option and any("Called Shot (head)" in r for r in aimed.reasons)


def test_negative_injury_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        harm(-1, grit=3, severe_threshold=1)
