"""Label placement (issue #16): beside the anchor, clear of the token shapes and the path,
inside the view; the least-overlapping spot when nothing is free. Pure geometry: no scene."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF
from PySide6.QtGui import QPainterPath

from app.scene.label_placement import Obstacles, candidates, clipped_length, place_label

SIZE = QSizeF(60, 20)
ANCHOR = QPointF(0, 0)
VIEW = QRectF(-400, -300, 800, 600)


def disc(x: float, y: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(x, y), r, r)
    return path


@pytest.mark.parametrize(
    ("shapes", "segments", "expected"),
    [
        ((), (), "right"),  # nothing in the way: to the right of the anchor
        ((disc(60, 0, 25),), (), "left"),  # a token on the right
        ((disc(60, 0, 25), disc(-60, 0, 25)), (), "above"),  # tokens on both sides
        ((), (QLineF(-200, 0, 200, 0),), "above"),  # a path through, left to right
        ((disc(0, -40, 25),), (QLineF(-200, 0, 200, 0),), "below"),  # and a token above
    ],
)
def test_the_first_free_candidate_in_order(
    shapes: tuple[QPainterPath, ...], segments: tuple[QLineF, ...], expected: str
) -> None:
    obstacles = Obstacles(shapes, segments, margin=3)
    rect = place_label(ANCHOR, SIZE, obstacles, VIEW, gap=8, step=20)
    assert obstacles.clear_of(rect)
    c = rect.center()
    where = {
        "right": c.x() > 0 and abs(c.y()) < 1,
        "left": c.x() < 0 and abs(c.y()) < 1,
        "above": c.y() < 0 and abs(c.x()) < 1,
        "below": c.y() > 0 and abs(c.x()) < 1,
    }
    assert where[expected], rect


def test_candidates_go_right_left_above_below_then_diagonals_then_further() -> None:
    found = candidates(ANCHOR, SIZE, gap=8, step=20, rings=2)
    right, left, above, below, up_right = (r.center() for r in found[:5])
    assert right.x() > 0 and left.x() < 0 and above.y() < 0 and below.y() > 0
    assert up_right.x() > 0 and up_right.y() < 0
    assert found[8].left() == found[0].left() + 20  # the next ring, further out
    assert all(r.size() == SIZE for r in found)


def test_the_view_edge_pushes_it_to_the_other_side() -> None:
    view = QRectF(-400, -300, 430, 600)  # the right edge just past the anchor
    rect = place_label(ANCHOR, SIZE, Obstacles(), view, gap=8, step=20)
    assert view.contains(rect) and rect.right() <= 0


def test_with_no_free_spot_the_least_overlap_inside_the_view() -> None:
    view = QRectF(-100, -60, 200, 120)
    blanket = (disc(0, 0, 500),)  # a token covering everything
    partial = (disc(30, 0, 55), disc(-100, -60, 30))
    rect = place_label(ANCHOR, SIZE, Obstacles(blanket), view, gap=8, step=20)
    assert view.contains(rect)
    rect = place_label(ANCHOR, SIZE, Obstacles(partial), view, gap=8, step=20)
    assert view.contains(rect)
    others = [QRectF(r) for r in candidates(ANCHOR, SIZE, 8, 20) if view.contains(r)]
    assert Obstacles(partial).overlap(rect) <= min(Obstacles(partial).overlap(r) for r in others)


def test_segments_are_clipped_to_the_rectangle() -> None:
    box = QRectF(0, 0, 10, 10)
    assert clipped_length(QLineF(-5, 5, 15, 5), box) == pytest.approx(10)
    assert clipped_length(QLineF(-5, -5, 15, -5), box) is None
    assert clipped_length(QLineF(2, 2, 3, 3), box) == pytest.approx(2**0.5)
    assert clipped_length(QLineF(-5, 20, 20, -5), box) is not None  # across a corner


discs = st.lists(
    st.tuples(
        st.floats(-150, 150), st.floats(-150, 150), st.floats(4, 40)
    ),  # centre x, y and radius
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(discs=discs, ax=st.floats(-100, 100), ay=st.floats(-100, 100))
def test_never_on_a_token_when_a_free_candidate_exists(
    discs: list[tuple[float, float, float]], ax: float, ay: float
) -> None:
    anchor = QPointF(ax, ay)
    path = (QLineF(anchor, QPointF(ax - 80, ay + 30)),)
    obstacles = Obstacles(tuple(disc(x, y, r) for x, y, r in discs), path, margin=3)
    rect = place_label(anchor, SIZE, obstacles, VIEW, gap=8, step=20)
    free = [r for r in candidates(anchor, SIZE, 8, 20) if VIEW.contains(r)]
    free = [r for r in free if obstacles.clear_of(r)]
    if free:
        assert rect == free[0]
        assert not obstacles.hit_shapes(rect) and not obstacles.hit_segments(rect)
    assert VIEW.contains(rect)
