"""A few hundred seeded cases of the map-loader fuzz (``tests/fuzz``, issue #14), in process.

Each case is ``tests.fuzz.mutate.make_case(SEED, n, small=True)``: a fixture or the rich
board with one mutation (zip headers and methods, JSON types, sizes and text, picture
headers, ``.npy`` layers, scale), every count and size cut down so nothing takes long.
Each must be refused with a ``MapFileError`` that names what is wrong (not the loader's
catch-all ``damaged (SomeError: …)``), or load, keep its own invariants, save → load →
save to identical bytes and give a player view that saves too (``tests.fuzz.run.examine``).

:data:`KNOWN` lists the cases that fail today because of bugs being fixed elsewhere; they
are expected failures, not strict ones. Remove a case when its fix lands; once
:data:`KNOWN` is empty, every case is strict. ``python -m tests.fuzz.run --case N --seed
14 --small`` shows one case verbosely.
"""

from __future__ import annotations

import pytest

from tests.fuzz.mutate import family_of, make_case
from tests.fuzz.run import OK, REFUSED, examine

SEED = 14
CASES = 300

KNOWN: dict[int, str] = {}
"""Case → the bug (being fixed in ``rules/mapfile*``) that makes it fail today."""


def _cases() -> list[object]:
    params = []
    for number in range(CASES):
        marks = [pytest.mark.xfail(strict=False, reason=KNOWN[number])] if number in KNOWN else []
        params.append(pytest.param(number, marks=marks, id=f"{number}-{family_of(SEED, number)}"))
    return params


@pytest.mark.parametrize("number", _cases())
def test_a_mutated_map_is_refused_by_name_or_round_trips(number: int) -> None:
    case = make_case(SEED, number, small=True)
    verdict = examine(case.data)
    summary = f"{case.title()}: {verdict.outcome}: {verdict.reason}\n{verdict.trace}"
    assert verdict.outcome in (REFUSED, OK), summary
    assert not verdict.generic, summary


def test_the_cases_are_reproducible() -> None:
    for number in (0, 1, 57, CASES - 1):
        assert make_case(SEED, number, small=True) == make_case(SEED, number, small=True)
