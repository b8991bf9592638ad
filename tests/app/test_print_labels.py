"""Prints that work (#16): every label on paper sized to its hex, the layers the legend
shows, and true-scale pages with crop marks and coordinates (hex names, "C7").

Text sizes are read from the files themselves: a PDF's content streams (``Tf`` sizes
through the text and transformation matrices, in points), an SVG's ``font-size`` through
its group's matrix, a PNG's inked pixels; a PDF's words through its fonts' ToUnicode maps
(:func:`pdf_text`).
"""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from app.document import MapDocument
from app.export.files import export_board
from app.export.pdf import PX, edge_hexes, framed_fit, page_words, pdf_bytes
from app.export.plan import (
    EDGE,
    PAGE_MARGIN_MM,
    ExportOptions,
    ExportOptionsError,
    export_steps,
    map_rect,
    page_plan,
)
from app.export.render import Steps, png_bytes, scene_for
from app.main import main
from app.scene.legend_layers import HIDDEN_AT_START, LAYER_NAMES, hidden_layers_from_shown
from app.scene.map_scene import MapScene
from app.widgets.dialogs.export import ExportDialog
from rules import Board, Hex, Token
from rules.board import hex_name
from rules.board.annotations import Label, Note
from rules.board.conditions import ConditionEntry
from tests.app.conflict_helpers import in_conflict

PT_PER_MM = 72 / 25.4
A_THIRD = 1 / 3 + 0.01  # "about a third of its hex", a hair for rounding
IGNORES = QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations


# -- reading text sizes out of the files ----------------------------------------------------
@dataclass(frozen=True)
class TextRun:
    """One run of text on a PDF page: its type size and where it starts, in points (from
    the page's bottom left)."""

    size: float
    x: float
    y: float


_PDF_TOKEN = re.compile(
    rb"<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[|\]|/[^\s/\[\]()<>]+"
    rb"|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z*'\"]+"
)
Matrix = tuple[float, float, float, float, float, float]


def _times(a: Matrix, b: Matrix) -> Matrix:
    a1, b1, c1, d1, e1, f1 = a
    a2, b2, c2, d2, e2, f2 = b
    return (
        a1 * a2 + b1 * c2,
        a1 * b2 + b1 * d2,
        c1 * a2 + d1 * c2,
        c1 * b2 + d1 * d2,
        e1 * a2 + f1 * c2 + e2,
        e1 * b2 + f1 * d2 + f2,
    )


def _text_runs(content: bytes) -> list[TextRun]:
    """The text runs of one content stream: q/Q/cm for the graphics state, Tf for the
    size, BT/Tm/Td for the text and line matrices; a run's size is the type size through
    both matrices, its place the line matrix's origin on the page."""
    identity: Matrix = (1, 0, 0, 1, 0, 0)
    ctm, saved, operands, size, line = identity, [], [], 0.0, identity
    runs: list[TextRun] = []
    for token in _PDF_TOKEN.findall(content):
        if not (token[:1].isalpha() or token[:1] in b"'\"*"):
            operands.append(token)
            continue
        numbers = [float(x) for x in operands if re.fullmatch(rb"[-+.\d]+", x)]
        if token == b"q":
            saved.append(ctm)
        elif token == b"Q" and saved:
            ctm = saved.pop()
        elif token == b"cm":
            ctm = _times(tuple(numbers[-6:]), ctm)  # type: ignore[arg-type]
        elif token == b"Tf":
            size = numbers[-1]
        elif token == b"BT":
            line = identity
        elif token == b"Tm":
            line = tuple(numbers[-6:])  # type: ignore[assignment]
        elif token == b"Td":
            line = _times((1, 0, 0, 1, numbers[-2], numbers[-1]), line)
        elif token in (b"Tj", b"TJ"):
            m = _times(line, ctm)
            runs.append(TextRun(size * math.hypot(m[2], m[3]), m[4], m[5]))
        operands = []
    return runs


def pdf_text_runs(path: Path) -> list[list[TextRun]]:
    """The text runs of each page of the PDF at ``path`` (Qt writes one content stream a
    page, each with its footer; images and fonts are streams without text operators)."""
    data = path.read_bytes()
    pages = []
    for match in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", match.end())
        try:
            content = zlib.decompress(data[match.end() : end])
        except zlib.error:
            continue
        if b"Tf" in content:
            pages.append(_text_runs(content))
    return pages


def _cmap(content: bytes) -> dict[int, str]:
    """A ToUnicode CMap's glyph codes and the text they stand for."""
    codes: dict[int, str] = {}

    def text(hex_: bytes) -> str:
        return bytes.fromhex(hex_.decode()).decode("utf-16-be")

    for block in re.findall(rb"beginbfrange(.*?)endbfrange", content, re.S):
        for start, stop, target in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)", block
        ):
            first, last = int(start, 16), int(stop, 16)
            if target.startswith(b"["):
                for i, value in enumerate(re.findall(rb"<([0-9A-Fa-f]+)>", target)):
                    codes[first + i] = text(value)
            else:
                base = int(target[1:-1], 16)
                for i in range(last - first + 1):
                    codes[first + i] = chr(base + i)
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", content, re.S):
        for code, value in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            codes[int(code, 16)] = text(value)
    return codes


def pdf_text(path: Path) -> list[str]:
    """The text of each page of the PDF at ``path``, its glyphs read through their fonts'
    ToUnicode maps (Qt draws a glyph a ``Tj`` and leaves spaces out: compare without
    them)."""
    data = path.read_bytes()
    objects = {
        int(number): body for number, body in re.findall(rb"(\d+) 0 obj(.*?)endobj", data, re.S)
    }

    def stream(body: bytes) -> bytes:
        start = re.search(rb"stream\r?\n", body)
        raw = body[start.end() : body.rfind(b"endstream")] if start else b""
        try:
            return zlib.decompress(raw)
        except zlib.error:
            return raw

    maps: dict[int, dict[int, str]] = {}  # font object → its codes
    for number, body in objects.items():
        found = re.search(rb"/ToUnicode (\d+) 0 R", body)
        if found:
            maps[number] = _cmap(stream(objects[int(found.group(1))]))
    names = {
        name: maps.get(int(number), {}) for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", data)
    }
    pages = []
    for body in objects.values():
        content = stream(body)
        if b"Tj" not in content or b"begincmap" in content:
            continue
        codes: dict[int, str] = {}
        text = []
        for font, glyphs in re.findall(rb"/(F\d+) [-\d.]+ Tf|<([0-9A-Fa-f]+)> Tj", content):
            if font:
                codes = names.get(font, {})
                continue
            text += [codes.get(int(glyphs[i : i + 4], 16), "?") for i in range(0, len(glyphs), 4)]
        pages.append("".join(text))
    return pages


def pdf_segments(path: Path) -> list[list[tuple[float, float, float, float]]]:
    """Straight lines drawn at page level on each page ("x y m x y l"), in device units."""
    data = path.read_bytes()
    line = re.compile(rb"([-\d.]+) ([-\d.]+) m\n([-\d.]+) ([-\d.]+) l\nS")
    pages = []
    for match in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", match.end())
        try:
            content = zlib.decompress(data[match.end() : end])
        except zlib.error:
            continue
        if b"Tf" in content:
            pages.append([tuple(map(float, m.groups())) for m in line.finditer(content)])
    return pages  # type: ignore[return-value]


def svg_text_sizes(text: str) -> list[tuple[float, str]]:
    """(size in SVG pixels, text) of every ``<text>``: its font-size through the matrix
    of the group it is drawn in."""
    sizes = []
    matrix = re.compile(r'transform="matrix\(([^)]*)\)"')
    for match in re.finditer(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', text):
        groups = list(matrix.finditer(text, 0, match.start()))
        _a, _b, c, d, _e, _f = (float(v) for v in groups[-1].group(1).split(","))
        sizes.append((float(match.group(1)) * math.hypot(c, d), match.group(2)))
    return sizes


# -- the board printed ------------------------------------------------------------------------
def print_board(width: int = 8, height: int = 6) -> Board:
    """A board with every kind of writing: short, long and GM-only labels, a note,
    elevation and Ground Softness on every hex, named tokens with conditions (pictures,
    so their discs carry no initials: see the test of initials below)."""
    board = Board.blank(width, height, name="Print test")
    at = board.hex_at
    every = [at(c, r) for c in range(width) for r in range(height)]
    board = board.with_terrain("elevation", every, 2).with_terrain("softness", every, 3)
    board = board.with_image("face.png", _png_bytes())
    for i, (name, col) in enumerate((("Goblin Chieftain of the Red Hand", 2), ("Ogre", 5))):
        token = Token(
            f"t{i}",
            name,
            at(col, 3),
            color="#E69F00",
            image="face.png",
            conditions=(ConditionEntry("prone", 1), ConditionEntry("encumbered", 2)),
        )
        board = board.with_token(token)
    board = board.with_label(Label("ford", "Ford", at(1, 1)))
    board = board.with_label(
        Label("long", "The Sunken Temple of the Ash Queen and her Court", at(4, 1))
    )
    board = board.with_label(Label("trap", "Pit trap", at(6, 4), gm_only=True))
    return board.with_note(Note("plot", "The ogre owes the goblins", hex=at(3, 4)))


def _png_bytes() -> bytes:
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QImage

    image = QImage(16, 16, QImage.Format.Format_RGB32)
    image.fill(QColor("#56B4E9"))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data().data())


def hex_points(board: Board, options: ExportOptions) -> float:
    """A hex, edge to edge, on the PDF's paper, in points."""
    return page_plan(board, options).hex_mm * PT_PER_MM


def map_runs(board: Board, options: ExportOptions, pages: list[list[TextRun]]) -> list[TextRun]:
    """The text runs printed on the map (inside the margins) of every page."""
    plan = page_plan(board, options)
    m = PAGE_MARGIN_MM * PT_PER_MM
    w, h = plan.paper_mm[0] * PT_PER_MM, plan.paper_mm[1] * PT_PER_MM
    return [r for runs in pages for r in runs if m < r.x < w - m and m < r.y < h - m]


# -- every label a third of its hex at most -------------------------------------------------
@pytest.mark.parametrize("true_scale", [False, True], ids=["fit", "true-scale"])
@pytest.mark.parametrize("player", [False, True], ids=["gm", "player"])
def test_every_label_in_a_pdf_is_at_most_a_third_of_its_hex(
    qapp: object, tmp_path: Path, true_scale: bool, player: bool
) -> None:
    board = print_board()
    options = ExportOptions(player=player, true_scale=true_scale, hidden_layers=frozenset())
    out = export_board(board, tmp_path / "map.pdf", options)
    runs = map_runs(board, options, pdf_text_runs(out))
    hex_pt = hex_points(board, options)
    assert len(runs) > board.width * board.height  # a number or two on every hex, and labels
    tallest = max(run.size for run in runs)
    assert tallest <= hex_pt * A_THIRD, f"{tallest:.1f} pt type in a {hex_pt:.1f} pt hex"
    if true_scale:  # and legible: nothing shrunk to nothing
        assert min(run.size for run in runs) >= 5.0


@pytest.mark.parametrize("true_scale", [False, True], ids=["fit", "true-scale"])
def test_a_player_pdfs_strip_reads_and_its_coordinates_are_a_third_of_a_hex(
    qapp: object, tmp_path: Path, true_scale: bool
) -> None:
    aria = Token("aria", "Aria", Hex(2, 2), side="party")
    board = in_conflict(Board.blank(10, 6, name="Strip").with_token(aria))
    options = ExportOptions(player=True, coordinates=True, true_scale=true_scale)
    runs = pdf_text_runs(export_board(board, tmp_path / "strip.pdf", options))[0]
    strip = [r for r in runs if r.size >= 9.0]
    assert len(strip) >= 8  # the round and the creatures' names: 9 pt or more
    if true_scale:
        return
    (pw, ph), m = page_plan(board, options).printable_mm, PAGE_MARGIN_MM * PX
    frame, target = framed_fit(board, options, QRectF(m, m, pw * PX, ph * PX))
    hex_px = target.width() / map_rect(board).width() * EDGE
    assert 0 < frame.coordinate_font.pixelSize() <= hex_px * A_THIRD
    assert frame.coordinate_margins.top() > 0 and frame.strip.height() > 0


def test_a_svg_writes_labels_and_numbers_at_most_a_third_of_a_hex(
    qapp: object, tmp_path: Path
) -> None:
    board = print_board()
    options = ExportOptions(pixels_per_hex=90, hidden_layers=frozenset())
    out = export_board(board, tmp_path / "map.svg", options)
    sizes = svg_text_sizes(out.read_text())
    written = {text for _size, text in sizes}
    assert {"+2", "≈3", "Ford", "GM"} <= written
    assert max(size for size, _text in sizes) <= 90 * A_THIRD
    assert "The Sunken Temple of the Ash Queen and her Court" not in written  # wrapped, cut
    assert any(text.endswith("…") for text in written)


class _ScreenSizedText(QGraphicsSimpleTextItem):
    """A stand-in for a name plate that keeps its size on screen (pixel font, ignores
    the view's zoom)."""

    def __init__(self, text: str, pixels: int):
        super().__init__(text)
        font = QFont()
        font.setPixelSize(pixels)
        self.setFont(font)
        self.setBrush(QBrush(QColor("#FF00FF")))
        self.setFlag(IGNORES, True)


def _pdf_of(scene: MapScene, board: Board, options: ExportOptions, path: Path) -> Path:
    steps = Steps(None, export_steps(board, path, options))
    path.write_bytes(pdf_bytes(scene, board, options, steps))
    return path


def test_items_that_keep_their_screen_size_print_to_the_hex(qapp: object, tmp_path: Path) -> None:
    board = Board.blank(6, 4, name="Plates")
    options = ExportOptions(true_scale=True)
    scene = scene_for(board, options)
    small, huge = _ScreenSizedText("Goblin 2", 12), _ScreenSizedText("Stone Giant", 90)
    for item, col in ((small, 1), (huge, 3)):
        item.setPos(scene.geometry.center(board.hex_at(col, 2)))
        scene.addItem(item)
    runs = map_runs(
        board, options, pdf_text_runs(_pdf_of(scene, board, options, tmp_path / "p.pdf"))
    )
    hex_pt = hex_points(board, options)
    sizes = sorted({round(run.size, 2) for run in runs})  # a run a glyph
    assert len(sizes) == 2
    # As at 100 % zoom: 12 of its pixels on a 55-unit hex, not 12 printer dots (3 pt).
    assert sizes[0] == pytest.approx(12 / 55.43 * hex_pt, rel=0.05)
    assert sizes[1] <= hex_pt * A_THIRD  # shrunk to fit
    for item in (small, huge):  # the scene is as it was
        assert item.flags() & IGNORES and item.scale() == 1.0


def test_the_players_screen_sized_labels_print_to_the_hex(qapp: object, tmp_path: Path) -> None:
    board = print_board()
    options = ExportOptions(player=True, true_scale=True)
    scene = MapScene(MapDocument(board), player=True)
    scene.set_presentation_scale(2.0)  # labels 2.8 times their size
    runs = map_runs(
        board, options, pdf_text_runs(_pdf_of(scene, board, options, tmp_path / "p.pdf"))
    )
    assert runs and max(run.size for run in runs) <= hex_points(board, options) * A_THIRD


def test_a_png_inks_a_screen_sized_item_no_taller_than_a_third_of_a_hex(qapp: object) -> None:
    board = Board.blank(5, 4)
    options = ExportOptions(pixels_per_hex=40)
    scene = scene_for(board, options)
    item = _ScreenSizedText("HHH", 80)  # 2 hexes tall at 40 px a hex, if drawn as on screen
    item.setPos(scene.geometry.center(board.hex_at(1, 1)))
    scene.addItem(item)
    from PySide6.QtGui import QImage

    steps = Steps(None, export_steps(board, Path("x.png"), options))
    image = QImage.fromData(png_bytes(scene, board, options, steps))
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    raw = np.frombuffer(rgb.constBits(), np.uint8, rgb.sizeInBytes())
    rows = raw.reshape(rgb.height(), rgb.bytesPerLine())[:, : rgb.width() * 3]
    pixels = rows.reshape(rgb.height(), rgb.width(), 3).astype(int)
    magenta = (pixels[..., 0] > 200) & (pixels[..., 1] < 80) & (pixels[..., 2] > 200)
    inked = np.flatnonzero(magenta.any(axis=1))
    assert inked.size > 0
    assert inked[-1] - inked[0] + 1 <= 40 / 3


def test_token_initials_are_at_most_a_third_of_their_hex(qapp: object, tmp_path: Path) -> None:
    board = Board.blank(5, 4).with_token(Token("o", "Ogre", Board.blank(5, 4).hex_at(2, 2)))
    board = board.with_token(Token("g", "Grey Goblin", board.hex_at(1, 1)))
    options = ExportOptions(true_scale=True)
    runs = map_runs(board, options, pdf_text_runs(export_board(board, tmp_path / "t.pdf", options)))
    assert runs and max(run.size for run in runs) <= hex_points(board, options) * A_THIRD


# -- the layers the legend shows ----------------------------------------------------------------
def svg_texts(board: Board, tmp_path: Path, **options: object) -> set[str]:
    out = export_board(board, tmp_path / "m.svg", ExportOptions(pixels_per_hex=90, **options))  # type: ignore[arg-type]
    return {text for _size, text in svg_text_sizes(out.read_text())}


def test_an_export_leaves_out_the_layers_the_legend_hides_at_start(
    qapp: object, tmp_path: Path
) -> None:
    board = print_board()
    assert "≈3" not in svg_texts(board, tmp_path)  # Ground Softness: hidden at start
    assert "≈3" in svg_texts(board, tmp_path, hidden_layers=frozenset())
    shown = svg_texts(board, tmp_path, hidden_layers=frozenset({"elevation"}))
    assert "+2" not in shown and "≈3" in shown
    assert "≈3" not in svg_texts(board, tmp_path, player=True, hidden_layers=frozenset())


def test_unknown_layers_are_refused_naming_the_layers() -> None:
    with pytest.raises(ExportOptionsError, match=r"unknown layer 'swamp'.*elevation.*fog"):
        ExportOptions(hidden_layers=frozenset({"swamp"}))
    assert hidden_layers_from_shown("Elevation, ground softness") == frozenset(LAYER_NAMES) - {
        "elevation",
        "softness",
    }
    assert hidden_layers_from_shown("all") == frozenset()


def test_the_legend_and_the_export_share_one_table_of_layers(window) -> None:  # type: ignore[no-untyped-def]
    dock = window.terrain.dock
    assert tuple(dock.visibility) == LAYER_NAMES
    assert dock.hidden_layers() == HIDDEN_AT_START == ExportOptions().hidden_layers


def test_the_dialog_exports_the_layers_the_legend_shows(qapp: object, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = ExportDialog(
        print_board(), Path("map.pdf"), hidden_layers=frozenset({"fog", "softness"})
    )
    qtbot.addWidget(dialog)
    assert dialog.options().hidden_layers == {"fog", "softness"}
    assert "but Ground Softness and Fog of war" in dialog.layers_label.text()


def test_the_cli_takes_the_layers_to_show(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules import mapfile

    path = tmp_path / "print.hexmap"
    mapfile.save(print_board(), path)
    default, chosen = tmp_path / "default.svg", tmp_path / "chosen.svg"
    assert main(["export", str(path), "-o", str(default), "--px-per-hex", "90"]) == 0
    assert (
        main(["export", str(path), "-o", str(chosen), "--px-per-hex", "90", "--layers", "softness"])
        == 0
    )
    default_texts = {t for _s, t in svg_text_sizes(default.read_text())}
    chosen_texts = {t for _s, t in svg_text_sizes(chosen.read_text())}
    assert "+2" in default_texts and "≈3" not in default_texts
    assert "≈3" in chosen_texts and "+2" not in chosen_texts


def test_the_cli_lists_the_layers_on_help_or_an_unknown_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "--layers", "help"]) == 0
    listed = capsys.readouterr().out
    assert all(name in listed for name in LAYER_NAMES) and "Ground Softness" in listed
    with pytest.raises(SystemExit) as exit_:
        main(["export", "x.hexmap", "-o", str(tmp_path / "x.png"), "--layers", "swamp"])
    assert exit_.value.code == 2
    assert "unknown layer 'swamp'" in capsys.readouterr().err


# -- true-scale pages: crop marks, coordinates, page names ---------------------------------
def test_every_true_scale_page_has_crop_marks_and_coordinates_in_its_margins(
    qapp: object, tmp_path: Path
) -> None:
    board = Board.blank(14, 10, name="Tiles")
    options = ExportOptions(true_scale=True)
    plan = page_plan(board, options)
    assert plan.pages > 1
    out = export_board(board, tmp_path / "tiles.pdf", options)
    (pw, ph), m = plan.printable_mm, PAGE_MARGIN_MM
    corners = [(x * PX, y * PX) for x in (m, m + pw) for y in (m, m + ph)]
    pages = pdf_segments(out)
    assert len(pages) == plan.pages
    for segments in pages:
        for cx, cy in corners:  # a horizontal and a vertical mark off each corner
            ends = [(x0, y0) for x0, y0, _x1, _y1 in segments]
            assert any(abs(y - cy) < 1 and 0 < abs(x - cx) < 2 * m * PX for x, y in ends)
            assert any(abs(x - cx) < 1 and 0 < abs(y - cy) < 2 * m * PX for x, y in ends)
    w, h = plan.paper_mm[0] * PT_PER_MM, plan.paper_mm[1] * PT_PER_MM
    mp = m * PT_PER_MM
    for runs in pdf_text_runs(out):
        margins = [r for r in runs if not (mp < r.x < w - mp and mp < r.y < h - mp)]
        assert any(r.y > h - mp for r in margins)  # along the top
        assert any(r.x < mp for r in margins) and any(r.x > w - mp for r in margins)
        assert sum(r.y < mp for r in margins) >= 2  # along the bottom, and the footer


def test_the_hexes_along_a_page_edge_are_named_as_players_name_them(qapp: object) -> None:
    board = Board.blank(6, 4)
    edges = edge_hexes(board, map_rect(board))
    assert [name for _x, name in edges["top"]] == [f"{letter}1" for letter in "ABCDEF"]
    assert edges["left"][0][1] == "A1" and len(edges["left"]) == 4
    bottom_row = [board.hex_at(col, 3) for col in range(6)]
    assert [name for _x, name in edges["bottom"]] == [hex_name(board, h) for h in bottom_row]
    assert [name for _y, name in edges["right"]] == ["F1", "F2", "F3", "F4"]


def test_true_scale_margins_print_the_hex_names(qapp: object, tmp_path: Path) -> None:
    board = Board.blank(14, 10, name="Tiles")
    pages = pdf_text(export_board(board, tmp_path / "tiles.pdf", ExportOptions(true_scale=True)))
    assert "A1B1C1" in pages[0] and "A1A2A3" in pages[0]  # along the top, down the left
    assert "(0,0)" not in pages[0].replace("\t", "")


def test_a_tiled_page_says_which_page_it_is(qapp: object) -> None:
    plan = page_plan(Board.blank(14, 10), ExportOptions(true_scale=True))
    last = (plan.rows - 1, plan.cols - 1)
    assert page_words(plan, last) == (
        f"page {plan.pages} of {plan.pages}, row {plan.rows} of {plan.rows}, "
        f"column {plan.cols} of {plan.cols}"
    )
    assert page_words(page_plan(Board.blank(4, 4), ExportOptions()), (0, 0)) == ""
