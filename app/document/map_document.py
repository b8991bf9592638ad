"""MapDocument: one open map — the Board, its undo stack, its file path, its modified flag.

Data flows one way (DESIGN.md "Layers"): a command pushed on :attr:`MapDocument.undo_stack`
replaces the Board through :meth:`MapDocument.replace_board`, and the document emits
:attr:`MapDocument.changed` with a :class:`Change` saying what changed; scene items sync
from the document and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from rules import Board, mapfile


@dataclass(frozen=True)
class Change:
    """What a board replacement touched, so views redraw only that."""

    tokens: frozenset[str] = frozenset()
    terrain: bool = False
    grid: bool = False
    images: bool = False
    background: bool = False
    annotations: bool = False
    areas: bool = False
    turn: bool = False  # the turn order, the ongoing effects or the Holds
    meta: bool = False

    @classmethod
    def everything(cls) -> Change:
        """A change after which every view rebuilds from scratch."""
        return cls(
            terrain=True,
            grid=True,
            images=True,
            background=True,
            annotations=True,
            areas=True,
            turn=True,
            meta=True,
        )

    @classmethod
    def between(cls, before: Board, after: Board) -> Change:
        """The change from ``before`` to ``after``, found by comparing them."""
        grid = (before.width, before.height, before.orientation) != (
            after.width,
            after.height,
            after.orientation,
        )
        terrain = grid or any(before.layers[k] is not after.layers[k] for k in after.layers)
        ids = set(before.tokens) | set(after.tokens)
        tokens = frozenset(i for i in ids if before.tokens.get(i) != after.tokens.get(i))
        images = before.images is not after.images and before.images != after.images
        meta = before.name != after.name or before.options != after.options
        background = before.background != after.background or images
        annotations = before.labels != after.labels or before.notes != after.notes
        areas = before.areas != after.areas
        turn = (
            before.turn != after.turn
            or before.effects != after.effects
            or before.holds != after.holds
        )
        return cls(
            tokens=tokens,
            terrain=terrain,
            grid=grid,
            images=images,
            background=background,
            annotations=annotations,
            areas=areas,
            turn=turn,
            meta=meta,
        )


class MapDocument(QObject):
    """An open map: :attr:`board`, :attr:`undo_stack`, :attr:`path`, and the modified flag.

    The modified flag is the undo stack's clean state, so undoing back to the saved
    state makes the document unmodified again.
    """

    changed = Signal(object)  # Change
    path_changed = Signal(object)  # Path | None
    modified_changed = Signal(bool)

    def __init__(self, board: Board, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self._board = board
        self._path = path
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_undo_stack_clean_changed)

    @classmethod
    def open(cls, path: Path, parent: QObject | None = None) -> MapDocument:
        """Load ``path``; raises :class:`rules.MapFileError` with a specific message."""
        return cls(mapfile.load(path), Path(path), parent)

    @property
    def board(self) -> Board:
        """The current Board (immutable)."""
        return self._board

    @property
    def path(self) -> Path | None:
        """Where the map was last opened from or saved to; ``None`` if never saved."""
        return self._path

    @property
    def display_name(self) -> str:
        """The file name, or the map's name for a map never saved."""
        return self._path.name if self._path else self._board.name

    def is_modified(self) -> bool:
        """True if there are changes since the last save (or since opening)."""
        return not self.undo_stack.isClean()

    def mark_recovered(self) -> None:
        """Treat the map as unsaved (a recovered autosave is not the file on disk)."""
        self.undo_stack.resetClean()
        self.modified_changed.emit(True)

    def replace_board(self, board: Board, change: Change | None = None) -> None:
        """Make ``board`` current and announce it. Only commands call this."""
        before, self._board = self._board, board
        self.changed.emit(change if change is not None else Change.between(before, board))

    def save(self, path: Path | None = None) -> None:
        """Write the map atomically to ``path`` (or the current path) and mark it clean.

        Raises :class:`rules.MapFileError`; on failure the old file is untouched and the
        document stays modified.
        """
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the map has no file yet: choose where to save it")
        mapfile.save(self._board, target)
        if target != self._path:
            self._path = target
            self.path_changed.emit(target)
        self.undo_stack.setClean()

    def _on_undo_stack_clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)
