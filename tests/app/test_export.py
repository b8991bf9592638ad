"""Export to PNG, PDF and SVG: pages at true scale, the player view (the players' scene
with its turn strip and coordinates, issue #17), progress and cancel.

Boards are built in memory, so these tests do not depend on the map-file format.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialogButtonBox, QProgressDialog

from app.document import MapDocument
from app.export.files import export_board
from app.export.plan import (
    EDGE,
    OVERLAP_MM,
    PAGE_MARGIN_MM,
    ExportCancelledError,
    ExportOptions,
    ExportOptionsError,
    is_large,
    map_rect,
    page_plan,
    png_scale,
)
from app.export.render import frame_for
from app.widgets.dialogs.export import ExportDialog
from rules import Board, Hex, Orientation, Token
from rules.areas import AreaKind, AreaTemplate
from rules.battlefield import player_board
from rules.board.annotations import Label, Note
from tests.app.conflict_helpers import in_conflict
from tests.app.test_print_labels import pdf_text

PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4), "A3": (297.0, 420.0)}
PAPER_MM["Tabloid"] = (279.4, 431.8)
HIDDEN_RGB = "#FF00FF"  # used by nothing else on the test board
FOGGED_RGB = "#FFAA00"


def sample_board(width: int = 12, height: int = 8) -> Board:
    """A board with a hidden token, a token under fog (columns 8+), a visible token, a
    label for everyone, a GM-only label and a GM-only note."""
    board = Board.blank(width, height, name="Export test")
    at = board.hex_at
    board = board.with_token(Token("spy", "Spy", at(2, 2), color=HIDDEN_RGB, hidden=True))
    board = board.with_token(Token("hero", "Hero", at(4, 5), color="#00C8FF"))
    board = board.with_token(Token("lurker", "Lurker", at(10, 4), color=FOGGED_RGB))
    board = board.with_label(Label("ford", "FORD-LABEL", at(1, 6)))
    board = board.with_label(Label("trap", "SECRET-LABEL", at(5, 1), gm_only=True))
    board = board.with_note(Note("plot", "SECRET-NOTE", hex=at(6, 6), gm_only=True))
    fogged = [at(col, row) for col in range(8, width) for row in range(height)]
    return board.with_terrain("fog", fogged, True)


def pixels(path: Path) -> np.ndarray:
    """The picture at ``path`` as an ``(height, width, 3)`` uint8 array."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    rows = raw.reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 3].reshape(image.height(), image.width(), 3).copy()


def pdf_pages(path: Path) -> list[tuple[float, float]]:
    """Width and height in points of every page of the PDF at ``path``."""
    data = path.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    count = len(re.findall(rb"/Type\s*/Page\b", data))
    assert len(boxes) == count
    return [(float(w), float(h)) for w, h in boxes]


def map_inches(board: Board) -> tuple[float, float]:
    """Width and height of a pointy-top board printed at 1 inch a hex edge to edge:
    odd rows stick out half a hex; rows are 1.5 circumradii apart, a hex 2 tall."""
    radius = 1 / math.sqrt(3)  # inches, centre to corner
    return board.width + 0.5, (board.height - 1) * 1.5 * radius + 2 * radius


def pages_along(map_mm: float, printable_mm: float) -> int:
    if map_mm <= printable_mm:
        return 1
    return 1 + math.ceil((map_mm - printable_mm) / (printable_mm - OVERLAP_MM))


def expected_pages(board: Board, paper: tuple[float, float], hex_mm: float) -> int:
    width_in, height_in = map_inches(board)
    pw, ph = (side - 2 * PAGE_MARGIN_MM for side in paper)
    return pages_along(width_in * hex_mm, pw) * pages_along(height_in * hex_mm, ph)


# -- PDF pages ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("page", "orientation", "hex_mm"),
    [
        ("A4", "portrait", 25.4),
        ("A4", "landscape", 25.4),
        ("Letter", "landscape", 25.0),
        ("A3", "portrait", 25.4),
        ("Tabloid", "landscape", 25.0),
    ],
)
def test_true_scale_pdf_has_the_pages_the_map_needs(
    qapp: object, tmp_path: Path, page: str, orientation: str, hex_mm: float
) -> None:
    board = Board.blank(20, 10)  # 20.5 × 8.95 in at 1 inch a hex
    options = ExportOptions(page=page, orientation=orientation, true_scale=True, hex_mm=hex_mm)
    out = export_board(board, tmp_path / "map.pdf", options)
    short, long = PAPER_MM[page]
    paper = (long, short) if orientation == "landscape" else (short, long)
    sizes = pdf_pages(out)
    assert len(sizes) == expected_pages(board, paper, hex_mm) > 1
    for width_pt, height_pt in sizes:  # every page is the paper chosen, as oriented
        assert width_pt == pytest.approx(paper[0] / 25.4 * 72, abs=1)
        assert height_pt == pytest.approx(paper[1] / 25.4 * 72, abs=1)


def test_true_scale_auto_orientation_takes_the_fewer_pages(qapp: object) -> None:
    board = Board.blank(20, 10)
    auto = page_plan(board, ExportOptions(true_scale=True))
    portrait = expected_pages(board, (210.0, 297.0), 25.4)
    landscape = expected_pages(board, (297.0, 210.0), 25.4)
    assert auto.pages == min(portrait, landscape)
    assert auto.hex_mm == pytest.approx(25.4)


def test_a_hex_is_one_inch_edge_to_edge_either_orientation(qapp: object) -> None:
    for orientation in Orientation:
        board = Board.blank(9, 7, orientation)
        plan = page_plan(board, ExportOptions(true_scale=True))
        assert plan.mm_per_unit * EDGE == pytest.approx(25.4)


@pytest.mark.parametrize("page", ["A4", "Letter", "A3", "Tabloid"])
def test_fit_to_page_is_one_page_of_the_paper(qapp: object, tmp_path: Path, page: str) -> None:
    board = Board.blank(60, 25)  # wide: auto turns the page to landscape
    out = export_board(board, tmp_path / "fit.pdf", ExportOptions(page=page))
    short, long = PAPER_MM[page]
    [(width_pt, height_pt)] = pdf_pages(out)
    assert (width_pt, height_pt) == (
        pytest.approx(long / 25.4 * 72, abs=1),
        pytest.approx(short / 25.4 * 72, abs=1),
    )


# -- the player view ---------------------------------------------------------------------
def export_both(tmp_path: Path, suffix: str, **options: object) -> tuple[Path, Path]:
    board = sample_board()
    gm = export_board(board, tmp_path / f"gm{suffix}", ExportOptions(**options))  # type: ignore[arg-type]
    player = export_board(
        board,
        tmp_path / f"player{suffix}",
        ExportOptions(player=True, **options),  # type: ignore[arg-type]
    )
    return gm, player


def magenta(rgb: np.ndarray) -> np.ndarray:
    """Pixels of the hidden token's colour, also as drawn faded on the GM's view."""
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r - g > 100) & (b - g > 100)


def orange(rgb: np.ndarray) -> np.ndarray:
    """Pixels of the fogged token's colour."""
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r > 220) & (g > 140) & (g < 190) & (b < 60)


def test_hidden_and_fogged_tokens_never_reach_the_player_png(qapp: object, tmp_path: Path) -> None:
    gm, player = export_both(tmp_path, ".png", pixels_per_hex=40)
    gm_rgb, player_rgb = pixels(gm), pixels(player)
    assert magenta(gm_rgb).sum() > 100 and orange(gm_rgb).sum() > 100
    assert magenta(player_rgb).sum() == 0
    assert orange(player_rgb).sum() == 0
    hero = np.all(np.abs(player_rgb.astype(int) - (0, 200, 255)) <= 2, axis=-1)
    assert hero.sum() > 100  # the visible token is there


def test_gm_only_labels_and_notes_are_not_in_the_player_svg(qapp: object, tmp_path: Path) -> None:
    gm, player = export_both(tmp_path, ".svg")
    gm_text, player_text = gm.read_text(), player.read_text()
    assert "SECRET-LABEL" in gm_text and "FORD-LABEL" in gm_text
    assert "FORD-LABEL" in player_text
    assert "SECRET-LABEL" not in player_text
    assert "SECRET-NOTE" not in player_text


def scene_to_pixel(board: Board, options: ExportOptions, h: Hex) -> tuple[float, float]:
    rect, scale = map_rect(board), png_scale(board, options)
    radius = EDGE / math.sqrt(3)
    x = (math.sqrt(3) * h.q + math.sqrt(3) / 2 * h.r) * radius  # pointy-top layout
    y = 1.5 * h.r * radius
    return (x - rect.left()) * scale, (y - rect.top()) * scale


def fog_pixels(rgb: np.ndarray) -> np.ndarray:
    """Pixels of the players' unexplored fog: its dark blue-grey, its subtle pattern and
    outline, and the blends of those (app.scene.style UNEXPLORED_*)."""
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r >= 28) & (r <= 60) & (g >= 30) & (g <= 64) & (b >= 40) & (b <= 82) & (b > r + 8)


def test_a_fogged_region_is_only_fog_in_the_player_png(qapp: object, tmp_path: Path) -> None:
    board, options = sample_board(), ExportOptions(player=True, pixels_per_hex=40)
    board = board.with_area(AreaTemplate("cone", AreaKind.CONE, 9, (board.hex_at(5, 4),)))
    player = pixels(export_board(board, tmp_path / "player.png", options))
    gm = pixels(export_board(board, tmp_path / "gm.png", ExportOptions(pixels_per_hex=40)))
    # Centres of the fogged cells (8, 1) and (11, 6): everything between is under fog,
    # and the pinned Cone runs across it.
    left, top = scene_to_pixel(board, options, board.hex_at(9, 1))
    right, bottom = scene_to_pixel(board, options, board.hex_at(11, 6))
    block = np.s_[math.ceil(top) : math.floor(bottom), math.ceil(left) : math.floor(right)]
    assert player[block].size > 1000
    assert fog_pixels(player[block]).all()  # no hatching, no lurker, no terrain
    assert not fog_pixels(gm[block]).all()  # the GM sees the terrain and the lurker there
    cone_x, cone_y = scene_to_pixel(board, options, board.hex_at(6, 4))
    seen = player[round(cone_y) - 6 : round(cone_y) + 6, round(cone_x) - 6 : round(cone_x) + 6]
    assert (seen[..., 2].astype(int) - seen[..., 0] > 60).any()  # hatched where players see


def test_the_player_png_is_the_players_scene_not_the_gms(qapp: object, tmp_path: Path) -> None:
    board = Board.blank(6, 5).with_token(Token("a", "Aria", Hex(2, 1), color="#00C8FF"))
    gm = pixels(export_board(board, tmp_path / "gm.png"))
    player = pixels(export_board(board, tmp_path / "player.png", ExportOptions(player=True)))
    assert gm.shape == player.shape  # no conflict, no coordinates: no frame
    plate = np.all(player == (255, 255, 255), axis=-1) & ~np.all(gm == (255, 255, 255), axis=-1)
    assert plate.sum() > 20  # the name plate's white letters (the GM's plate differs)
    assert not np.array_equal(gm, player)


def strip_board() -> Board:
    """A small map in a conflict: Aria acts first; the hidden Spy is in the order too."""
    board = Board.blank(14, 8, name="Strip")
    board = board.with_token(Token("aria", "Aria", board.hex_at(2, 2), side="party"))
    board = board.with_token(Token("ogre", "Ogre", board.hex_at(6, 4), side="enemy"))
    board = board.with_token(Token("spy", "Spy", board.hex_at(9, 5), hidden=True))
    return in_conflict(board)


def test_a_player_export_draws_the_turn_strip_above_the_map(qapp: object, tmp_path: Path) -> None:
    board, options = strip_board(), ExportOptions(player=True)
    frame = frame_for(player_board(board), options)
    assert frame.strip_text.startswith("Round 1")
    assert "▶ Aria" in frame.strip_text and "Ogre" in frame.strip_text
    assert "Spy" not in frame.strip_text  # hidden creatures are not listed
    out = pixels(export_board(board, tmp_path / "p.png", options))
    gm = pixels(export_board(board, tmp_path / "gm.png"))
    band = frame.margins.top()
    assert band > 20 and out.shape[0] == gm.shape[0] + band and out.shape[1] == gm.shape[1]
    top = out[:band]
    amber = np.all(np.abs(top.astype(int) - (0xFF, 0xD2, 0x1F)) <= 3, axis=-1)
    assert amber.sum() > 100  # the acting creature's amber mark
    assert (np.all(top == (0x11, 0x11, 0x11), axis=-1)).mean() > 0.5  # the dark bar
    svg = export_board(board, tmp_path / "p.svg", options).read_text()
    assert "Round 1" in svg and "Aria" in svg and "Spy" not in svg


def test_no_strip_without_a_conflict_or_for_the_gm(qapp: object) -> None:
    board = strip_board()
    assert frame_for(board, ExportOptions()).margins.top() == 0
    calm = Board.blank(6, 5).with_token(Token("a", "Aria", Hex(2, 1)))
    assert frame_for(calm, ExportOptions(player=True)).margins.top() == 0


def test_coordinates_frame_the_map_with_column_letters_and_row_numbers(
    qapp: object, tmp_path: Path
) -> None:
    board = Board.blank(30, 8, name="Wide")
    options = ExportOptions(player=True, coordinates=True, pixels_per_hex=30)
    frame = frame_for(board, options)
    margins = frame.margins
    assert min(margins.left(), margins.top(), margins.right(), margins.bottom()) > 10
    plain = pixels(export_board(board, tmp_path / "plain.png", ExportOptions(pixels_per_hex=30)))
    framed = pixels(export_board(board, tmp_path / "c.png", options))
    assert framed.shape[0] == plain.shape[0] + margins.top() + margins.bottom()
    assert framed.shape[1] == plain.shape[1] + margins.left() + margins.right()
    svg = export_board(board, tmp_path / "c.svg", options).read_text()
    for text in (">A<", ">AD<", ">1<", ">8<"):  # first and last column, first and last row
        assert text in svg.replace(" ", "")


def test_a_player_pdf_shows_the_turn_strip_and_the_coordinates(
    qapp: object, tmp_path: Path
) -> None:
    board = strip_board()
    framed = ExportOptions(player=True, coordinates=True)
    (page,) = pdf_text(export_board(board, tmp_path / "framed.pdf", framed))
    words = page.replace("\t", "")
    assert "Round1" in words and "▶Aria" in words and "Ogre" in words
    assert "Spy" not in words  # hidden creatures are not listed
    assert "ABCDEFGHIJKLMN" in words and "12345678" in words  # round the map
    (plain,) = pdf_text(export_board(board, tmp_path / "plain.pdf", ExportOptions(player=True)))
    assert "Round1" in plain.replace("\t", "") and "ABCDEFGHIJKLMN" not in plain
    (gm,) = pdf_text(export_board(board, tmp_path / "gm.pdf"))
    assert "Round1" not in gm.replace("\t", "")  # the GM's print has no strip


def test_a_true_scale_player_pdf_puts_the_strip_in_the_first_pages_margin(
    qapp: object, tmp_path: Path
) -> None:
    options = ExportOptions(player=True, true_scale=True)
    pages = pdf_text(export_board(strip_board(), tmp_path / "tiles.pdf", options))
    assert len(pages) > 1
    first, *others = (page.replace("\t", "") for page in pages)
    assert "Round1" in first and "▶Aria" in first
    assert not any("Round1" in page for page in others)
    assert "A1B1C1" in first  # the top edge's hex names still fit under the strip


# -- progress, cancel, no partial files ----------------------------------------------------
def test_progress_counts_every_step_up_to_the_total(qapp: object, tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    board = Board.blank(20, 10)
    options = ExportOptions(true_scale=True, orientation="portrait")
    export_board(
        board, tmp_path / "map.pdf", options, progress=lambda d, t: not seen.append((d, t))
    )
    total = seen[0][1]
    assert [done for done, _ in seen] == list(range(total + 1))
    assert total >= page_plan(board, options).pages


@pytest.mark.parametrize("suffix", [".png", ".pdf", ".svg"])
def test_cancelling_leaves_no_file_and_keeps_an_old_one(
    qapp: object, tmp_path: Path, suffix: str
) -> None:
    board = Board.blank(20, 10)
    fresh, old = tmp_path / f"fresh{suffix}", tmp_path / f"old{suffix}"
    old.write_bytes(b"the previous export")
    options = ExportOptions(true_scale=suffix == ".pdf")
    for out in (fresh, old):
        with pytest.raises(ExportCancelledError):
            export_board(board, out, options, progress=lambda done, total: done < 1)
    assert not fresh.exists()
    assert old.read_bytes() == b"the previous export"
    assert sorted(p.name for p in tmp_path.iterdir()) == [old.name]  # no temporary left


def test_cancelling_the_progress_dialog_leaves_no_file(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(Board.blank(150, 100)))
    folder = tmp_path / "exports"
    folder.mkdir()
    out = folder / "big.png"
    assert is_large(window.document.board, out, ExportOptions())  # 30 Mpx

    def cancel() -> None:
        for dialog in window.findChildren(QProgressDialog):
            dialog.cancel()

    QTimer.singleShot(0, cancel)
    assert not window.files.export_to(out)
    assert not out.exists()
    assert "cancelled" in window.statusBar().currentMessage()
    assert list(folder.iterdir()) == []


def test_too_many_pixels_per_hex_says_the_most_allowed(qapp: object) -> None:
    with pytest.raises(ExportOptionsError, match=r"at most \d+ pixels per hex"):
        png_scale(Board.blank(400, 300), ExportOptions(pixels_per_hex=200))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"page": "B5"}, "A4, Letter, A3 or Tabloid"),
        ({"orientation": "sideways"}, "auto, portrait or landscape"),
        ({"hex_mm": 0.5}, "hex size must be 5 to 100 mm"),
        ({"pixels_per_hex": 2}, "pixels per hex must be 4 to 1000"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(ExportOptionsError, match=message):
        ExportOptions(**options)  # type: ignore[arg-type]


# -- the dialog ----------------------------------------------------------------------------
def open_export_dialog(window) -> ExportDialog:  # type: ignore[no-untyped-def]
    window.actions_by_id["file.export"].trigger()
    [dialog] = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
    return dialog


def test_the_dialog_exports_a_player_pdf_at_true_scale(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(sample_board(20, 10)))
    dialog = open_export_dialog(window)
    dialog.path_edit.setText(str(tmp_path / "handout.pdf"))
    assert dialog.pdf_group.isEnabled() and not dialog.png_group.isEnabled()
    dialog.player_button.setChecked(True)
    dialog.page_box.setCurrentIndex(dialog.page_box.findData("Letter"))
    dialog.orientation_box.setCurrentIndex(dialog.orientation_box.findData("portrait"))
    dialog.true_scale_button.setChecked(True)
    dialog.hex_size_box.setCurrentIndex(dialog.hex_size_box.findData(25.0))
    expected = expected_pages(window.document.board, PAPER_MM["Letter"], 25.0)
    assert f"{expected} pages" in dialog.summary.text()
    dialog.accept()
    assert len(pdf_pages(tmp_path / "handout.pdf")) == expected
    assert "Exported handout.pdf" in window.statusBar().currentMessage()


def test_the_dialog_frames_the_map_with_coordinates_when_asked(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(sample_board(20, 10)))
    dialog = open_export_dialog(window)
    dialog.path_edit.setText(str(tmp_path / "map.png"))
    assert not dialog.options().coordinates
    dialog.coordinates_box.setChecked(True)
    assert dialog.options().coordinates
    dialog.path_edit.setText(str(tmp_path / "map.pdf"))  # a PDF frames its map too
    assert dialog.options().coordinates and not dialog.png_group.isEnabled()


def test_the_dialog_names_a_bad_file_and_will_not_export(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dialog = open_export_dialog(make_window(MapDocument(sample_board())))
    dialog.path_edit.setText(str(tmp_path / "map.bmp"))
    assert ".png, .pdf or .svg" in dialog.summary.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    dialog.path_edit.setText(str(tmp_path / "map.png"))
    assert dialog.png_group.isEnabled() and not dialog.pdf_group.isEnabled()
    assert "PNG" in dialog.summary.text()


def test_browse_adds_the_chosen_type_to_a_bare_name(
    make_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QFileDialog

    window = make_window(MapDocument(sample_board()))
    chosen = (str(tmp_path / "handout"), "SVG drawing (*.svg)")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: chosen)
    dialog = open_export_dialog(window)
    dialog.browse_button.click()
    assert dialog.path() == tmp_path / "handout.svg"
    dialog.accept()
    assert (tmp_path / "handout.svg").read_bytes().startswith(b"<?xml")


def test_the_dialog_remembers_the_last_export(make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window(MapDocument(sample_board()))
    dialog = open_export_dialog(window)
    dialog.path_edit.setText(str(tmp_path / "again.png"))
    dialog.player_button.setChecked(True)
    dialog.pixels_box.setValue(30)
    dialog.accept()
    again = open_export_dialog(window)
    assert again.path() == tmp_path / "again.png"
    assert again.player_button.isChecked() and again.pixels_box.value() == 30


def test_a_fogged_player_export_leaves_the_battle_map_picture_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A PDF or SVG embeds the whole picture: fog drawn over it could be peeled off."""
    import numpy as np
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    from app.export.files import export_board
    from app.export.plan import ExportOptions
    from rules import Board
    from rules.board.annotations import Background

    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(QColor("#ff0000"))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    board = Board.blank(6, 6).with_image("map.png", bytes(data.data()))
    board = board.with_background(Background("map.png", 8.0, 8.0, 8.0, 1.0))
    fog = np.zeros((6, 6), bool)
    fog[:, 3:] = True
    out = export_board(board.with_layer("fog", fog), tmp_path / "p.svg", ExportOptions(player=True))
    assert not _embeds_red(out.read_text())  # every embedded image decoded: none is the map
    gm = export_board(board, tmp_path / "gm.svg", ExportOptions())
    assert _embeds_red(gm.read_text())


def _embeds_red(svg: str) -> bool:
    import base64
    import re

    from PySide6.QtGui import QImage

    for payload in re.findall(r"base64,([A-Za-z0-9+/=\s]+)", svg):
        image = QImage.fromData(base64.b64decode("".join(payload.split())))
        pixels = {image.pixel(x, y) for x in range(image.width()) for y in range(image.height())}
        if 0xFFFF0000 in pixels:
            return True
    return False
