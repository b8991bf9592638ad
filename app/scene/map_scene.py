"""MapScene: shows a map and forwards gestures to the active tool.

The scene follows one *source* and connects to it once: the GM's map follows the
:class:`~app.document.current.CurrentDocument` (so opening another map needs nothing from
the window), the Player View follows a :class:`~app.document.player_document.PlayerDocument`,
an export or a test may show one fixed :class:`~app.document.MapDocument`. Items follow the
source's ``changed`` signal (DESIGN.md data flow): a terrain change recolours the grid, a
token change syncs, adds or removes only that token's item.

The scene edits nothing itself: its :attr:`MapScene.select_tool` is a view-only tool until
an editing tool is installed (:func:`app.tools.select_move.editing_scene` builds the GM's
scene with the Select and Move tool and its controller).

``MapScene(source, player=True)`` is the players' presentation (the Player View):
clicks do nothing, fog is opaque, tokens have thick rings and name plates, labels are large
and keep their size on screen, and nothing GM-only is drawn; labels are clipped to the
spaces players may see (:attr:`MapScene.fog_clips`, :mod:`app.scene.fog_clip`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QKeyEvent
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
)

from app.document import Change, MapDocument
from app.document.current import CurrentDocument
from app.scene.annotation_items import LabelItem, NoteMarkerItem
from app.scene.area_items import PinnedAreaLayer
from app.scene.background_item import BackgroundItem
from app.scene.fog_clip import FogClips
from app.scene.geometry import SceneGeometry
from app.scene.grid_item import HexGridItem
from app.scene.legend_layers import PLAYER_HIDDEN_LAYERS
from app.scene.player_items import PlayerTokenItem, ViewOnlyTool
from app.scene.token_item import TokenItem
from app.scene.tool import Gesture, Tool
from rules import Board, Hex, Token

if TYPE_CHECKING:
    from app.document.player_document import PlayerDocument

Source: TypeAlias = "CurrentDocument | PlayerDocument | MapDocument"

BACKGROUND = QColor(48, 46, 44)
PLAYER_LABEL_SCALE = 1.4  # labels on the players' screen: on-screen size at scale 100 %


class MapScene(QGraphicsScene):
    """The map's grid and tokens of its :attr:`source` (the open map, the players' view of
    it, or one fixed document)."""

    selection_changed = Signal(list)  # list[str] of token ids
    hovered = Signal(object)  # Hex | None
    hint = Signal(str)
    token_context_requested = Signal(str, QPoint)  # token id, screen position (select tool)
    door_context_requested = Signal(str, QPoint)  # a closed door's label id, screen position
    tool_changed = Signal(object)  # the Tool active now (set_tool, install_select_tool, Esc)

    def __init__(
        self,
        source: Source,
        player: bool = False,
    ):
        super().__init__()
        self.setBackgroundBrush(BACKGROUND)
        # Indexed: a repaint or a look-up asks only the items where it looks (a map of
        # 1,000 tokens). Every item calls prepareGeometryChange() *before* anything its
        # boundingRect() reads changes, or the index keeps it where it no longer is.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self._source = source
        self._player = player
        self._presentation_scale = 1.0
        self._grid = HexGridItem(source.board, opaque_fog=player)
        if player:
            self._grid.set_hidden_layers(PLAYER_HIDDEN_LAYERS)
        self.addItem(self._grid)
        self.background_item = BackgroundItem()
        self.addItem(self.background_item)
        self._tokens: dict[str, TokenItem] = {}
        self._annotations: list[LabelItem | NoteMarkerItem] = []
        self._images: dict[str, QImage] = {}
        self._decoded: dict[str, tuple[bytes, QImage]] = {}
        self._selection: list[str] = []
        self._last_hover: Hex | None = None
        self._announce_selection = False  # another map was opened: say the selection is empty
        self.select_tool: Tool = ViewOnlyTool()
        self.tool: Tool = self.select_tool
        self.pick_filter: Callable[[Hex], bool] | None = None
        """Asked first about a left click on the map (the lens's ghost templates): True
        takes the click from the tool."""
        self.pinned_areas = PinnedAreaLayer(self)
        # Players' scene: labels drawn only where players may see (nothing under fog).
        self.fog_clips = FogClips(self, source.board, self.geometry) if player else None
        self._rebuild()
        source.changed.connect(self._on_document_changed)
        if isinstance(source, CurrentDocument):
            source.about_to_replace.connect(self._on_map_about_to_be_replaced)
            source.replaced.connect(self._on_map_replaced)

    # -- the source ---------------------------------------------------------------
    @property
    def source(self) -> Source:
        """What the scene shows and follows."""
        return self._source

    @property
    def board(self) -> Board:
        """The Board shown now."""
        return self._source.board

    @property
    def player(self) -> bool:
        """True for the players' presentation (read-only, opaque fog, large type)."""
        return self._player

    @property
    def geometry(self) -> SceneGeometry:
        """Hex ↔ scene conversion for the current board."""
        return self._grid.geometry

    def content_rect(self) -> QRectF:
        """The part of the scene the map covers (what Fit to Window shows)."""
        return self.geometry.board_rect(self._source.board).adjusted(-16, -16, 16, 16)

    @property
    def grid_item(self) -> HexGridItem:
        """The item drawing the grid and terrain."""
        return self._grid

    def _on_map_about_to_be_replaced(self, _document: MapDocument) -> None:
        """Another map is about to open: the gesture in progress ends on the board and ids
        it began with."""
        self.tool.cancel()

    def _on_map_replaced(self, _document: MapDocument) -> None:
        """Another map is open: the selection ends here (ids of another map mean
        nothing); ``changed`` (everything) follows, rebuilds the items and then announces
        the empty selection."""
        self._selection = []
        self._last_hover = None
        self._announce_selection = True

    def _rebuild(self) -> None:
        board = self._source.board
        self._grid.set_board(board)
        if self.fog_clips is not None:
            self.fog_clips.set_board(board, self.geometry)
        # Generous margins so the view can zoom about the cursor near the map's edges too.
        rect = self.content_rect()
        margin = max(rect.width(), rect.height()) * 0.5 + 512
        self.setSceneRect(rect.adjusted(-margin, -margin, margin, margin))
        for item in self._tokens.values():
            self.removeItem(item)
        self._tokens.clear()
        self._decode_images(board)
        for token in board.tokens.values():
            if self._shows(token):
                self._add_token_item(token)
        self._sync_background(board)
        self._sync_annotations(board)
        self.pinned_areas.clear()
        self.pinned_areas.sync(board, self.geometry)
        self.set_selection([i for i in self._selection if i in board.tokens])

    def _on_document_changed(self, change: Change) -> None:
        board = self._source.board
        if change.grid:
            self._rebuild()
            if self._announce_selection:
                self._announce_selection = False
                self.selection_changed.emit(self.selection)
            return
        self._grid.set_board(board, terrain_changed=change.terrain)
        if change.terrain and self.fog_clips is not None:
            self.fog_clips.set_board(board, self.geometry)  # the fog may have moved
        if change.images:
            self._decode_images(board)
        if change.background:
            self._sync_background(board)
        if change.annotations or (change.tokens and board.notes):
            self._sync_annotations(board)
        if change.areas or change.tokens or change.terrain or change.meta:
            self.pinned_areas.sync(board, self.geometry)  # Auras follow their tokens
        every = set(board.tokens) | set(self._tokens) if change.images else set()
        for token_id in change.tokens | every:
            self._sync_token(board, token_id)
        if any(i not in board.tokens for i in self._selection):
            self.set_selection([i for i in self._selection if i in board.tokens])

    def _shows(self, token: Token) -> bool:
        return not (self._player and token.hidden)  # not for players, whatever the document

    def _sync_token(self, board: Board, token_id: str) -> None:
        item = self._tokens.get(token_id)
        token = board.tokens.get(token_id)
        if token is None or not self._shows(token):
            if item is not None:
                self.removeItem(self._tokens.pop(token_id))
        elif item is None:
            self._add_token_item(token)
        else:
            item.sync_from(token, self.geometry, self._image_for(token))

    def _decode_images(self, board: Board) -> None:
        """Decode the board's pictures, reusing those whose bytes have not changed (a big
        battle map is decoded once, not on every token drop or undo)."""
        images = {}
        for name, data in board.images.items():
            known = self._decoded.get(name)
            images[name] = known[1] if known and known[0] is data else QImage.fromData(data)
        self._decoded = {name: (board.images[name], image) for name, image in images.items()}
        self._images = images

    def _sync_background(self, board: Board) -> None:
        background = board.background
        image = self._images.get(background.image) if background else None
        self.background_item.sync_from(background, image, self.geometry)
        self._grid.set_translucent(background is not None)

    def _sync_annotations(self, board: Board) -> None:
        for item in self._annotations:
            self.removeItem(item)
        geometry = self.geometry
        items: list[LabelItem | NoteMarkerItem] = [
            LabelItem(label, geometry.center(label.position))
            for label in board.labels.values()
            if not (self._player and label.gm_only)  # GM-only: never on the players' screen
        ]
        for note in board.notes.values():
            if self._player and note.gm_only:
                continue
            where = note.hex if note.hex is not None else board.token(note.token_id or "").position
            items.append(NoteMarkerItem(note, geometry.center(where), geometry.size))
        self._annotations = items
        self._scale_annotations()
        for item in items:
            if self.fog_clips is not None and isinstance(item, LabelItem):
                self.fog_clips.add(item)  # at the z value it has now
            else:
                self.addItem(item)

    def annotation_items(self) -> list[LabelItem | NoteMarkerItem]:
        """The label and note items shown."""
        return list(self._annotations)

    def _add_token_item(self, token: Token) -> None:
        image = self._image_for(token)
        if self._player:
            item: TokenItem = PlayerTokenItem(token, self.geometry, image, show_bars=False)
            item.set_presentation_scale(self._presentation_scale)
        else:
            item = TokenItem(token, self.geometry, image)
        self._tokens[token.id] = item
        self.addItem(item)

    # -- the players' presentation -------------------------------------------------------
    @property
    def presentation_scale(self) -> float:
        """How much larger than at 100 % the players' presentation is drawn (1.0 on the
        GM's map)."""
        return self._presentation_scale

    def set_presentation_scale(self, scale: float) -> None:
        """Players' screen: draw token rings, names and labels ``scale`` times larger."""
        self._presentation_scale = scale
        for item in self._tokens.values():
            if isinstance(item, PlayerTokenItem):
                item.set_presentation_scale(scale)
        self._scale_annotations()

    def _scale_annotations(self) -> None:
        for item in self._annotations:  # players' labels: the same size on screen at any zoom
            if self._player and isinstance(item, LabelItem):
                item.setFlag(item.GraphicsItemFlag.ItemIgnoresTransformations, True)
                item.setScale(self._presentation_scale * PLAYER_LABEL_SCALE)
                item.setZValue(0)  # under the tokens and their name plates

    def _image_for(self, token: Token) -> QImage | None:
        return self._images.get(token.image) if token.image else None

    # -- tokens and selection ---------------------------------------------------------
    def token_item(self, token_id: str) -> TokenItem | None:
        """The item showing ``token_id``."""
        return self._tokens.get(token_id)

    def token_items(self) -> dict[str, TokenItem]:
        """Every token item by id."""
        return dict(self._tokens)

    def token_item_at(self, point: QPointF) -> TokenItem | None:
        """The topmost token item under a scene point."""
        for item in self.items(point):
            if isinstance(item, TokenItem):
                return item
        return None

    def resync_token(self, token_id: str) -> None:
        """Put a token's item back where the model has it (after a cancelled drag)."""
        self._sync_token(self._source.board, token_id)

    @property
    def hovered_hex(self) -> Hex | None:
        """The map hex under the mouse, if the mouse is over the map."""
        return self._last_hover

    @property
    def selection(self) -> list[str]:
        """Selected token ids, in the order they were selected."""
        return list(self._selection)

    def set_selection(self, token_ids: list[str]) -> None:
        """Select exactly ``token_ids``."""
        if token_ids == self._selection:
            return
        self._selection = list(token_ids)
        for token_id, item in self._tokens.items():
            item.set_highlighted(token_id in self._selection)
        self.selection_changed.emit(self.selection)

    def select_token(self, token_id: str, additive: bool = False) -> None:
        """Select one token; with ``additive`` toggle it in the current selection."""
        if not additive:
            if token_id not in self._selection:
                self.set_selection([token_id])
            return
        if token_id in self._selection:
            self.set_selection([i for i in self._selection if i != token_id])
        else:
            self.set_selection([*self._selection, token_id])

    def install_select_tool(self, tool: Tool) -> None:
        """Make ``tool`` the tool the scene returns to (Select and Move on the GM's map)."""
        active = self.tool is self.select_tool
        self.select_tool = tool
        if active and self.tool is not tool:
            self.tool = tool
            self.tool_changed.emit(tool)

    def set_tool(self, tool: Tool) -> None:
        """Make ``tool`` the active tool; a gesture in progress is cancelled (not for players)."""
        if tool is self.tool or self._player:
            return
        self.tool.cancel()
        if self.tool is tool:  # the cancel's own "finished" handler went there already
            return
        self.tool = tool
        self.tool_changed.emit(tool)

    def return_to_select(self) -> None:
        """Esc: cancel the gesture in progress and make :attr:`select_tool` the active tool,
        from whatever tool is active (a tool's ``cancel`` may already have gone back); the
        tool's words on the status line go too (:attr:`hint` with no text)."""
        left = self.tool is not self.select_tool
        if left:
            self.set_tool(self.select_tool)
        else:
            self.tool.cancel()
        if left:
            self.hint.emit("")

    @property
    def tool_id(self) -> str:
        """The active tool's id: ``"select"`` for :attr:`select_tool`, else its ``name``
        (``"area"``, ``"measure"``, a paint shape such as ``"brush"``, ``"jump"``…)."""
        return "select" if self.tool is self.select_tool else self.tool.name

    # -- gestures -----------------------------------------------------------------------
    def _gesture(self, event: QGraphicsSceneMouseEvent) -> Gesture:
        point = event.scenePos()
        return Gesture(point, self.geometry.hex_at(point), event.button(), event.modifiers())

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        gesture = self._gesture(event)
        if self._picked(gesture) or self.tool.press(gesture):
            event.accept()
        else:
            super().mousePressEvent(event)

    def _picked(self, gesture: Gesture) -> bool:
        """Whether :attr:`pick_filter` takes this left click."""
        left = gesture.button == Qt.MouseButton.LeftButton
        return left and self.pick_filter is not None and self.pick_filter(gesture.hex)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        gesture = self._gesture(event)
        hovered = gesture.hex if self._source.board.contains(gesture.hex) else None
        if hovered != self._last_hover:
            self._last_hover = hovered
            self.hovered.emit(hovered)
        self.tool.move(gesture)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.tool.release(self._gesture(event))
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        item = self.token_item_at(event.scenePos())
        if item is not None and self.tool is self.select_tool and not self._player:
            self.token_context_requested.emit(item.token_id, event.screenPos())
            event.accept()
            return
        door = self._door_at(event.scenePos())
        if door is not None and self.tool is self.select_tool and not self._player:
            self.door_context_requested.emit(door, event.screenPos())
            event.accept()
            return
        super().contextMenuEvent(event)

    def _door_at(self, point: QPointF) -> str | None:
        """The id of the closed door at scene ``point``, if any."""
        board = self._source.board
        h = self.geometry.hex_at(point)
        door = board.door_at(h) if board.contains(h) else None
        return None if door is None else door.id

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.return_to_select()
            event.accept()
            return
        if self.tool.key(event):
            event.accept()
            return
        super().keyPressEvent(event)
