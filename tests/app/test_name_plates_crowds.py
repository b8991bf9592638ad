"""Name plates in a crowd and during a drag (issue #16): a drag's mouse moves lay out the
dragged token's plate alone, before the view paints; in a ring of tokens no two plates
meet and each touches its own token (or is left out, the disc showing the initials);
shortened names still read."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from app.document import MapDocument
from app.scene.name_plates import NamePlate, abbreviations, layout_plates, plate_layouts
from app.shell.main_window import MainWindow
from rules import Board, Hex, Token

FIT = 15.0 / (1.732 * 32)


def _plates(window: MainWindow) -> dict[str, NamePlate]:
    return {i: item.plate for i, item in window.scene.token_items().items()}


@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Snaga the Sneak", ("Snaga the Sneak", "Snaga Sneak", "Snaga S.", "Snaga", "SS")),
        ("Stone Giant", ("Stone Giant", "Stone G.", "Stone", "SG")),
        ("Lurking Shade", ("Lurking Shade", "Lurking S.", "Lurking", "LS")),
        ("Grey Ogre", ("Grey Ogre", "Grey O.", "Grey", "GO")),
        ("Goblin 12", ("Goblin 12", "Gobl 12", "Gob 12", "G12")),
        ("Hugo von Stein 3", ("Hugo von Stein 3", "Hugo Stein 3", "Hugo S. 3", "Hugo 3", "HS3")),
    ],
)
def test_shortened_names_still_read(name: str, forms: tuple[str, ...]) -> None:
    assert abbreviations(name) == forms


def test_more_room_on_screen_gives_longer_names(make_window) -> None:  # type: ignore[no-untyped-def]
    board = Board.blank(20, 14).with_token(Token("s", "Snaga the Sneak", Hex(8, 6)))
    window = make_window(MapDocument(board))
    plate = window.scene.token_item("s").plate
    layout_plates(window.scene, FIT)
    short = plate.text
    layout_plates(window.scene, 0.45)  # Table mode: the view refits larger
    assert len(plate.text) > len(short) and plate.text in ("Snaga Sneak", "Snaga the Sneak")


def test_a_drag_lays_out_only_the_dragged_plate_before_the_view_paints(
    window: MainWindow,
) -> None:
    scene, view = window.scene, window.view
    view.viewport().grab()  # laid out for the view's zoom
    before = {i: p.plate_rect() for i, p in _plates(window).items()}
    laid_out: list[str] = []
    for token_id, plate in _plates(window).items():
        original = plate.candidates

        def counting(scale: float, original=original, token_id=token_id):  # type: ignore[no-untyped-def]
            laid_out.append(token_id)
            return original(scale)

        plate.candidates = counting  # type: ignore[method-assign]
    bison = scene.token_item("bison")
    count = plate_layouts(scene)
    for step in (Hex(1, 0), Hex(2, 0), Hex(2, 1)):  # a drag preview's mouse moves
        bison.show_at(window.document.board.token("bison").position + step)
        view.viewport().grab()
    assert set(laid_out) == {"bison"} and plate_layouts(scene) - count == 3
    after = {i: p.plate_rect() for i, p in _plates(window).items()}
    assert all(after[i] == before[i] for i in before if i != "bison")
    assert bison.plate.plate_rect().intersects(
        bison.mapRectToScene(bison.boundingRect()).adjusted(-20, -20, 20, 20)
    )


def _touches_own_token(plate: NamePlate, body: QRectF, scale: float) -> bool:
    """The plate overlaps its token's column or row and is no further than a few pixels
    from it on screen (room for the Pool bars under the disc)."""
    rect = plate.plate_rect()
    column = rect.left() < body.right() and rect.right() > body.left()
    row = rect.top() < body.bottom() and rect.bottom() > body.top()
    near = body.adjusted(-12 / scale, -12 / scale, 12 / scale, 12 / scale).intersects(rect)
    return (column or row) and near


@pytest.mark.parametrize("scale", [FIT, 0.5, 1.0])
def test_in_a_ring_of_tokens_no_plates_meet_and_each_touches_its_own(
    make_window,  # type: ignore[no-untyped-def]
    scale: float,
) -> None:
    board = Board.blank(20, 14)
    centre = Hex(9, 6)
    ring = [centre + d for d in (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1))]
    names = ["Aria Vell", "Brom Hale", "Goblin 1", "Goblin 2", "Snaga the Sneak"]
    board = board.with_token(Token("c", "Stone Giant", centre, size=0))
    for i, (h, name) in enumerate(zip(ring, names, strict=True)):
        board = board.with_token(Token(f"t{i}", name, h))
    window = make_window(MapDocument(board))
    scene = window.scene
    layout_plates(scene, scale)
    shown = {i: p for i, p in _plates(window).items() if not p.plate_rect().isEmpty()}
    assert len(shown) >= 4  # the few left out show their initials on the disc
    rects = [p.plate_rect() for p in shown.values()]
    for i, a in enumerate(rects):
        assert not any(a.intersects(b) for b in rects[i + 1 :])
    for token_id, plate in shown.items():
        item = scene.token_item(token_id)
        body = plate.subject.body.translated(item.pos())  # type: ignore[union-attr]
        assert _touches_own_token(plate, body, scale), (token_id, plate.text)
        for other_id, other in scene.token_items().items():
            if other_id != token_id:
                assert not other.mapToScene(other.shape()).intersects(plate.plate_rect())
    for token_id, plate in _plates(window).items():
        if token_id not in shown:
            assert plate.text == "" and scene.token_item(token_id).token.initials
