"""Battle-map pictures: read one safely, store it as the map's background, place it.

A picture file may come from anyone, so it is judged before it is decoded: its size on
disk (:data:`MAX_PICTURE_BYTES`), then the size in its header
(:func:`rules.mapfile.picture_size`), then it is decoded by ``QImageReader``
under an allocation limit. Every refusal is a :class:`PictureError` naming the file and
what is wrong with it, never a crash or a hang.

:class:`PictureController` turns an imported picture, a nudge, a scale step, an opacity
change or a grid fitted to it into ONE undo step each; a run of nudges (or scale steps, or
one opacity drag) collapses into one step (``Controller.push(…, merge=kind)``, the one
live-preview merge of the app).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QEventLoop, QIODevice, Qt, QTimer
from PySide6.QtGui import QImage, QImageReader
from PySide6.QtWidgets import QProgressDialog, QWidget

from app.controllers.base import Controller
from app.controllers.tokens import stored_picture
from app.document.current import CurrentDocument
from rules import Board, Hex, MapFileError, RulesError
from rules.board import Background
from rules.layout import Layout
from rules.mapfile import MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, picture_size
from rules.prep import GridFit

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MIB = 1024 * 1024
DECODE_LIMIT_MB = MAX_PICTURE_PIXELS * 4 // MIB
"""Megabytes ``QImageReader`` may allocate for one picture: the largest one the map
format allows (:data:`~rules.mapfile.MAX_PICTURE_PIXELS`) as 32-bit pixels."""
BUSY_BYTES = 8 * MIB
BUSY_PIXELS = 16_000_000  # a small file can still decode to a huge picture
"""Files larger than this are decoded behind a busy indicator."""
_FORMATS = ((b"\x89PNG", b"png"), (b"\xff\xd8", b"jpeg"), (b"RIFF", b"webp"))


def _pixels(path: Path) -> int:
    """Pixels the picture at ``path`` says it has (from its header), 0 if unknown."""
    try:
        with path.open("rb") as file:
            width, height = picture_size(file.read(64 * 1024), path.name)
    except (OSError, ValueError):
        return 0
    return width * height


class PictureError(ValueError):
    """A picture file that is refused, with a message naming it and the reason."""


def allow_picture_decoding(limit_mb: int = DECODE_LIMIT_MB) -> None:
    """Let every ``QImage``/``QImageReader`` decode pictures up to ``limit_mb`` (Qt's limit
    is one global setting, 256 MB by default): the scene decodes stored pictures too."""
    if QImageReader.allocationLimit() < limit_mb:
        QImageReader.setAllocationLimit(limit_mb)


@contextmanager
def _allocation_limit(limit_mb: int) -> Iterator[None]:
    previous = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(limit_mb)
    try:
        yield
    finally:
        QImageReader.setAllocationLimit(previous)


def load_picture(path: Path | str, limit_mb: int = DECODE_LIMIT_MB) -> tuple[bytes, QImage]:
    """The bytes and the decoded image of a PNG, JPEG or WebP file.

    :raises PictureError: if the file cannot be read, is over :data:`MAX_PICTURE_BYTES`,
        is not one of those formats, is larger than the map format allows, needs more
        than ``limit_mb`` megabytes to decode, or is damaged.
    """
    path = Path(path)
    data = _read_bytes(path)
    try:
        width, height = picture_size(data)
    except MapFileError as error:
        raise PictureError(str(error).replace("the picture", path.name, 1)) from None
    return data, _decode(data, path.name, width, height, limit_mb)


def decode_picture(data: bytes, name: str, limit_mb: int = DECODE_LIMIT_MB) -> QImage:
    """The decoded image of picture bytes ``data`` (a stored picture named ``name``),
    judged by its header first.

    :raises PictureError: as :func:`load_picture` does, naming ``name``.
    """
    try:
        width, height = picture_size(data, name)
    except MapFileError as error:
        raise PictureError(str(error)) from None
    return _decode(data, name, width, height, limit_mb)


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, never reading more than :data:`MAX_PICTURE_BYTES` + 1."""
    limit = MAX_PICTURE_BYTES
    too_big = PictureError(f"{path.name} is larger than the limit for a picture, {limit:,} bytes")
    try:
        if not path.is_file():
            raise PictureError(f"{path.name} is not a file")
        if path.stat().st_size > limit:
            raise too_big
        with path.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise PictureError(f"cannot read {path.name}: {error.strerror or error}") from None
    if len(data) > limit:
        raise too_big
    return data


def _decode(data: bytes, name: str, width: int, height: int, limit_mb: int) -> QImage:
    """Decode with the reader forced to the format the header names (never sniffing for
    another format) and under ``limit_mb``."""
    kind = next(fmt for magic, fmt in _FORMATS if data.startswith(magic))
    buffer = QBuffer()
    buffer.setData(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, kind)
    reader.setDecideFormatFromContent(False)
    with _allocation_limit(limit_mb):
        image = reader.read()
    if not image.isNull():
        return image
    if width * height * 4 > limit_mb * MIB:
        raise PictureError(
            f"{name} is {width}×{height} pixels, too large to decode within {limit_mb} MB"
        )
    raise PictureError(f"{name} is not a picture Hexweave can read: {reader.errorString()}")


Runner = Callable[..., Any]


@contextmanager
def busy(
    parent: QWidget | None, text: str, enabled: bool, title: str = "Import Battle-map Picture"
) -> Iterator[Runner]:
    """A runner for slow calls: with ``enabled``, a modal busy indicator (``title``) stays
    up for the whole block and each call runs in a worker thread while the indicator turns."""
    if not enabled:
        yield lambda call, *args: call(*args)
        return
    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setWindowTitle(title)
    dialog.setCancelButton(None)  # type: ignore[arg-type]
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.show()
    try:
        yield _in_worker
    finally:
        dialog.close()
        dialog.deleteLater()


def _in_worker(call: Runner, *args: object) -> Any:
    with ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(call, *args)
        loop = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: future.done() and loop.quit())
        timer.start(20)
        loop.exec()
        timer.stop()
        return future.result()


# -- placement ------------------------------------------------------------------------------


def first_guess(board: Board, image: str, picture_width: int) -> Background:
    """A placement spanning the map's width with the picture, its top-left hex centre at
    the map's ``Hex(0, 0)``: a starting point for grid fitting."""
    left, top, width, _height = Layout(board.orientation, 1.0).bounds(board.width, board.height)
    size = min(max(picture_width / width, 2.0), 10_000.0)
    return Background(image, size, -left * size, -top * size)


def moved(background: Background, dx: float, dy: float) -> Background:
    """``background`` with the picture moved ``dx, dy`` of its pixels (right, down)."""
    return dataclasses.replace(
        background, origin_x=background.origin_x - dx, origin_y=background.origin_y - dy
    )


def zoomed(background: Background, factor: float, about: tuple[float, float]) -> Background:
    """``background`` drawn ``factor`` times larger, the picture under ``about`` staying
    where it is (``about`` in hex units: the pixels of a layout with hex size 1)."""
    ax, ay = about
    old, new = background.hex_size, background.hex_size / factor
    return dataclasses.replace(
        background,
        hex_size=new,
        origin_x=background.origin_x + ax * (old - new),
        origin_y=background.origin_y + ay * (old - new),
    )


def fitted_board(board: Board, fit: GridFit, first: Hex) -> Board:
    """``board`` with its background placed as ``fit`` says.

    The map hex ``first`` (in the fitted orientation) gets the picture hex clicked first; a
    board of the other orientation is re-oriented, its cells kept. Raises ValueError if the
    board has no background.
    """
    if fit.orientation is not board.orientation and board.background is not None:
        board = board.with_orientation(fit.orientation)
    background = board.background
    if background is None:
        raise ValueError("import a battle-map picture before fitting the grid")
    origin_x, origin_y = fit.to_layout().hex_to_pixel(Hex(-first.q, -first.r))
    placement = dataclasses.replace(
        background, hex_size=fit.hex_size, origin_x=origin_x, origin_y=origin_y
    )
    return board.with_background(placement)


class PictureController(Controller):
    """Imports and places the battle-map picture of the open map, one undo step per edit.

    Busy indicators are parented to ``dialog_parent``. Refusals go to :attr:`refused`.
    """

    def __init__(
        self,
        current: CurrentDocument,
        dialog_parent: QWidget | None = None,
        limit_mb: int = DECODE_LIMIT_MB,
    ):
        super().__init__(current, dialog_parent)
        self._dialog_parent = dialog_parent
        self.limit_mb = limit_mb

    def import_path(self, path: Path | str, show_progress: bool = True) -> bool:
        """Store the picture at ``path`` as the background with a first-guess placement:
        one undo step "Import battle map". False (and :attr:`refused`) if it is refused."""
        path = Path(path)
        slow = show_progress and (_file_size(path) > BUSY_BYTES or _pixels(path) > BUSY_PIXELS)
        with busy(self._dialog_parent, f"Reading {path.name}…", slow) as run:
            try:
                data, image = run(load_picture, path, self.limit_mb)
                after = _imported(self.board, data, path.name, image.width())
            except ValueError as error:  # PictureError included
                return self.refuse(str(error))
            # the scene decodes the stored picture as the command lands: still busy
            self.push(after, "Import battle map")
        self.informed.emit(f"Imported {path.name} ({image.width()}×{image.height()} pixels)")
        return True

    def fit_grid(self, fit: GridFit, first: Hex) -> bool:
        """Place the picture as ``fit`` says, the map hex ``first`` on the picture hex
        clicked first: one undo step "Fit grid to picture"; False (and why) if refused."""
        try:
            after = fitted_board(self.board, fit, first)
        except (ValueError, RulesError) as error:
            return self.refuse(str(error))
        self.push(after, "Fit grid to picture")
        return True

    def nudge(self, dx: float, dy: float) -> bool:
        """Move the picture ``dx, dy`` of its pixels under the grid (right, down)."""
        return self._place(lambda b: moved(b, dx, dy), "nudge", "Nudge battle map")

    def scale(self, factor: float) -> bool:
        """Draw the picture ``factor`` times larger about the map's centre."""
        board = self.board
        left, top, width, height = Layout(board.orientation, 1.0).bounds(board.width, board.height)
        about = (left + width / 2, top + height / 2)
        return self._place(lambda b: zoomed(b, factor, about), "scale", "Scale battle map")

    def set_opacity(self, opacity: float) -> bool:
        """Show the picture at ``opacity`` (0..1)."""
        text = f"Battle map opacity {opacity:.0%}"
        return self._place(lambda b: dataclasses.replace(b, opacity=opacity), "opacity", text)

    def _place(self, change: Callable[[Background], Background], kind: str, text: str) -> bool:
        """One placement edit; a run of the same ``kind`` merges into one undo step until
        :meth:`~app.controllers.base.Controller.seal`."""
        board = self.board
        if board.background is None:
            return self.refuse("Import a battle-map picture first")
        try:
            after = board.with_background(change(board.background))
        except ValueError as error:
            return self.refuse(str(error))
        if after.background == board.background:
            return False
        self.push(after, text, merge=f"picture.{kind}")
        return True


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0  # load_picture says what is wrong


def _imported(board: Board, data: bytes, file_name: str, width: int) -> Board:
    """``board`` with picture ``data`` stored as its background, placed by
    :func:`first_guess`; the picture of a replaced background is dropped unless a token
    shows it."""
    after, name = stored_picture(board, data, file_name)
    old = board.background.image if board.background else name
    if old != name and all(t.image != old for t in board.tokens.values()):
        images = {k: v for k, v in after.images.items() if k != old}
        after = dataclasses.replace(after, images=images, background=None)
    return after.with_background(first_guess(after, name, width))
