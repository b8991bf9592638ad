"""Maps drawn elsewhere, read into a new board: Universal VTT files (``.dd2vtt``, ``.uvtt``,
``.df2vtt``, issue #18) for File → Import Universal VTT… and ``hexweave import``.

The rules package reads the file and builds the board (:func:`rules.mapfile.load_uvtt`:
the picture as the background, one hex edge to edge per square, walls, doors, windows,
lights); this module adds what needs Qt: scaling the picture so a hex is a chosen number
of pixels (``--hex-px``), e.g. to shrink a 256-px-a-square export. Every refusal is a
:class:`rules.MapFileError` naming the file and the problem; nothing is half made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage

from app.controllers.pictures import PictureError, decode_picture
from rules import Board, MapFileError, Orientation
from rules.board import Background
from rules.mapfile import MAX_PICTURE_PIXELS, MAX_PICTURE_SIDE, WindowsAs, load_uvtt

__all__ = [
    "MAX_HEX_PX",
    "MIN_HEX_PX",
    "Imported",
    "UvttOptions",
    "check_hex_px",
    "import_uvtt",
    "scaled_picture",
]

MIN_HEX_PX = 8
"""The fewest pixels a hex may measure edge to edge when the picture is scaled."""
MAX_HEX_PX = 1024
"""The most pixels a hex may measure edge to edge when the picture is scaled."""


@dataclass(frozen=True)
class UvttOptions:
    """How to import: the grid's orientation, windows as Concealment or walls (the named
    option :class:`rules.mapfile.WindowsAs`), and the pixels a hex measures edge to edge
    in the stored picture (``None``: as the file's squares are)."""

    orientation: Orientation = Orientation.POINTY
    windows: WindowsAs = WindowsAs.CONCEALMENT
    hex_px: int | None = None

    def __post_init__(self) -> None:
        if self.hex_px is not None:
            check_hex_px(self.hex_px)


def check_hex_px(hex_px: int) -> None:
    """Refuse pixels a hex outside :data:`MIN_HEX_PX`..:data:`MAX_HEX_PX` (ValueError)."""
    if not MIN_HEX_PX <= hex_px <= MAX_HEX_PX:
        raise ValueError(f"pixels per hex must be {MIN_HEX_PX}..{MAX_HEX_PX}, got {hex_px}")


@dataclass(frozen=True)
class Imported:
    """The imported board and the summary of what became what, a sentence a line."""

    board: Board
    summary: tuple[str, ...]


def import_uvtt(path: Path, options: UvttOptions = UvttOptions()) -> Imported:
    """The board a Universal VTT file at ``path`` describes, with its picture scaled to
    ``options.hex_px`` when given.

    :raises MapFileError: ``"cannot import <file>: <problem>"``.
    """
    result = load_uvtt(path, orientation=options.orientation, windows=options.windows)
    board, summary = result.board, tuple(result.summary.lines())
    if options.hex_px is not None and board.background is not None:
        try:
            board, line = scaled_picture(board, options.hex_px)
        except (PictureError, ValueError) as error:
            raise MapFileError(f"cannot import {Path(path).name}: {error}") from None
        summary = (*summary, line)
    return Imported(board, summary)


def scaled_picture(board: Board, hex_px: int) -> tuple[Board, str]:
    """``board`` with its background picture scaled so one hex measures ``hex_px`` pixels
    edge to edge (the grid placement scaled with it), and a sentence saying so.

    :raises ValueError: for ``hex_px`` outside :data:`MIN_HEX_PX`..:data:`MAX_HEX_PX` or a
        result larger than a map may store; :class:`PictureError` if it cannot be decoded.
    """
    background = board.background
    if background is None:
        return board, "No picture to scale."
    check_hex_px(hex_px)
    data = board.images[background.image]
    image = decode_picture(data, background.image)
    factor = hex_px / (background.hex_size * math.sqrt(3))
    size = (round(image.width() * factor), round(image.height() * factor))
    _check_size(size)
    scaled = image.scaled(
        *size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
    )
    placed = _scaled_background(background, factor)
    after = board.with_image(background.image, _encoded(scaled, data)).with_background(placed)
    return after, (
        f"The picture was scaled from {image.width()}×{image.height()} to {size[0]}×{size[1]} "
        f"pixels: {hex_px} px a hex."
    )


def _check_size(size: tuple[int, int]) -> None:
    width, height = size
    if min(width, height) < 1:
        raise ValueError("the scaled picture would have no pixels; choose more pixels per hex")
    if max(width, height) > MAX_PICTURE_SIDE or width * height > MAX_PICTURE_PIXELS:
        raise ValueError(
            f"the scaled picture would be {width}×{height} pixels, more than a map may store "
            f"({MAX_PICTURE_SIDE} on a side, {MAX_PICTURE_PIXELS:,} in all); choose fewer "
            "pixels per hex"
        )


def _scaled_background(background: Background, factor: float) -> Background:
    return replace(
        background,
        hex_size=background.hex_size * factor,
        origin_x=background.origin_x * factor,
        origin_y=background.origin_y * factor,
    )


def _encoded(image: QImage, original: bytes) -> bytes:
    """``image`` in the format of ``original`` (PNG, JPEG or WebP), so its name still fits."""
    kind = b"JPEG" if original.startswith(b"\xff\xd8") else b"PNG"
    if original.startswith(b"RIFF"):
        kind = b"WEBP"
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, kind.decode(), 90):
        raise PictureError(f"the scaled picture could not be written as {kind.decode()}")
    buffer.close()
    return bytes(array.data())
