"""The Battle Map dock: import a picture, fit the grid to it, then nudge, scale and fade it.

The dock only asks: imports and placement edits are
:class:`~app.controllers.pictures.PictureController` (one undo step each), fitting is the
:class:`~app.tools.calibrate.CalibrateTool`, which the dock asks the scene to activate
through :attr:`PictureDock.tool_requested`.
The window's :class:`~app.shell.features.pictures.PicturesFeature` builds and places it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QSettings, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.controllers.pictures import PICTURE_SUFFIXES, PictureController
from app.tools.calibrate import CalibrateTool

if TYPE_CHECKING:
    from app.scene.map_scene import MapScene
    from app.scene.tool import Tool

PICTURE_FILTER = "Battle-map pictures (*.png *.jpg *.jpeg *.webp)"
BIG_STEP = 10  # picture pixels a nudge moves with Shift held
SCALE_STEP = 1.005
NUDGES = (  # id, text, dx, dy, grid position, key
    ("up", "↑", 0, -1, (0, 1), "Up"),
    ("left", "←", -1, 0, (1, 0), "Left"),
    ("right", "→", 1, 0, (1, 2), "Right"),
    ("down", "↓", 0, 1, (2, 1), "Down"),
)
FIT_START = (
    "Click 3 neighbouring hex centres along a row (pointy: left to right; flat: top to "
    "bottom), then more anywhere. Backspace takes one back; Return applies."
)
"""The readout when fitting starts: short enough for its reserved lines (FIT_HELP is its
tooltip)."""
READOUT_LINES = 4  # the fit readout's reserved height: its text never resizes the dock
PICTURE_LINES = 2
FIT_HELP = (
    "Click the centres of 3 neighbouring hexes on the picture, in order: pointy-top "
    "hexes left to right along a row, flat-top hexes top to bottom down a column; then "
    "click more hex centres anywhere (10 or more, spread out, fit best). Backspace or a "
    "right click takes the last one back; Return applies."
)


def picture_paths_from_mime(mime: QMimeData | None) -> list[Path]:
    """The local PNG, JPEG and WebP files a drag carries (by suffix), in order."""
    if mime is None or not mime.hasUrls():
        return []
    files = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [path for path in files if path.suffix.lower() in PICTURE_SUFFIXES]


class PictureDock(QDockWidget):
    """Import picture…, the Fit grid tool with its residual, nudge, scale and opacity."""

    tool_requested = Signal(object)  # Tool: connect to MapScene.set_tool

    def __init__(
        self,
        scene: MapScene,
        controller: PictureController,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__("Battle Map", parent)
        self.setObjectName("picture_dock")
        self.scene = scene
        self.controller = controller
        self.settings = settings
        self.tool = CalibrateTool(scene, controller)
        self.import_action: QAction | None = None  # File → Import…, once the menus exist
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(self._build_import())
        column.addLayout(self._build_fit())
        column.addLayout(self._build_placement())
        column.addStretch(1)
        self.setWidget(body)
        self._connect()
        self.cancel_button.setEnabled(False)
        controller.current.changed.connect(self._sync)  # the open map, whichever it is
        self._sync()

    # -- building -------------------------------------------------------------------------
    def _button(self, text: str, tip: str, shortcut: str = "") -> QPushButton:
        button = QPushButton(text)
        if shortcut:
            button.setShortcut(QKeySequence(shortcut))
            tip = f"{tip} ({shortcut})"
        button.setToolTip(tip)
        return button

    def _build_import(self) -> QVBoxLayout:
        box = QVBoxLayout()
        self.import_button = self._button(
            "Import picture…", "Use a PNG, JPEG or WebP battle map as the map's background"
        )
        self.picture_label = QLabel()
        _hold_still(self.picture_label, PICTURE_LINES)
        box.addWidget(self.import_button)
        box.addWidget(self.picture_label)
        return box

    def _build_fit(self) -> QVBoxLayout:
        box = QVBoxLayout()
        self.fit_button = self._button("Fit grid", FIT_HELP, "Ctrl+Shift+G")
        self.fit_button.setCheckable(True)
        self.readout = QLabel("")
        self.readout.setObjectName("fit_readout")
        self.readout.setToolTip(FIT_HELP)
        _hold_still(self.readout, READOUT_LINES)
        self.apply_button = self._button("Apply", "Place the picture as fitted (one undo step)")
        self.cancel_button = self._button("Cancel", "Forget the clicks; nothing changes")
        buttons = QHBoxLayout()
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.cancel_button)
        box.addWidget(self.fit_button)
        box.addWidget(self.readout)
        box.addLayout(buttons)
        return box

    def _build_placement(self) -> QGridLayout:
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Move picture</b> (Shift: 10 px)"), 0, 0, 1, 3)
        self.nudge_buttons: dict[str, QToolButton] = {}
        for key, text, dx, dy, (row, col), arrow in NUDGES:
            button = QToolButton()
            button.setText(text)
            button.setAutoRepeat(True)
            button.setToolTip(f"Move the picture 1 px {key} (Ctrl+{arrow}; with Shift: 10 px)")
            button.clicked.connect(lambda _=False, x=dx, y=dy: self.nudge(x, y, _shift_held()))
            self.nudge_buttons[key] = button
            grid.addWidget(button, 1 + row, col)
            self._shortcut(f"Ctrl+{arrow}", lambda x=dx, y=dy: self.nudge(x, y))
            self._shortcut(f"Ctrl+Shift+{arrow}", lambda x=dx, y=dy: self.nudge(x, y, True))
        self.smaller_button = _tool_button("−", "Picture 0.5 % smaller (Alt+-)")
        self.larger_button = _tool_button("+", "Picture 0.5 % larger (Alt+=)")
        self._shortcut("Alt+-", self.smaller_button.click)
        self._shortcut("Alt+=", self.larger_button.click)
        grid.addWidget(QLabel("Scale"), 1, 4)
        grid.addWidget(self.smaller_button, 2, 4)
        grid.addWidget(self.larger_button, 2, 5)
        self.opacity_slider = QSlider(Qt.Orientation.Horizontal)
        self.opacity_slider.setRange(0, 100)
        self.opacity_slider.setToolTip("How strongly the picture shows (one undo step a drag)")
        self.opacity_label = QLabel("100 %")
        self.opacity_label.setFixedWidth(
            self.opacity_label.fontMetrics().horizontalAdvance("100 % ")
        )
        grid.addWidget(QLabel("Opacity"), 4, 0)
        grid.addWidget(self.opacity_slider, 4, 1, 1, 4)
        grid.addWidget(self.opacity_label, 4, 5)
        return grid

    def _shortcut(self, keys: str, slot: Callable[[], object]) -> None:
        action = QAction(self)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)

    def _connect(self) -> None:
        self.import_button.clicked.connect(self.import_dialog)
        self.fit_button.toggled.connect(self._on_fit_toggled)
        self.apply_button.clicked.connect(self.tool.apply)
        self.cancel_button.clicked.connect(self.cancel_fit)
        self.smaller_button.clicked.connect(lambda: self.controller.scale(1 / SCALE_STEP))
        self.larger_button.clicked.connect(lambda: self.controller.scale(SCALE_STEP))
        self.opacity_slider.valueChanged.connect(self._on_opacity_changed)
        self.opacity_slider.sliderPressed.connect(self.controller.seal)
        self.opacity_slider.sliderReleased.connect(self.controller.seal)
        self.tool.status.connect(self._show_readout)
        self.tool.fit_changed.connect(lambda fit: self.apply_button.setEnabled(fit is not None))
        self.tool.applied.connect(lambda: self.fit_button.setChecked(False))
        self.tool.cancelled.connect(lambda: QTimer.singleShot(0, self._sync_fit_button))

    # -- the open map -----------------------------------------------------------------------
    def _sync(self, *_change: object) -> None:
        background = self.controller.current.board.background
        has = background is not None
        for widget in (self.fit_button, self.smaller_button, self.larger_button):
            widget.setEnabled(has)
        for widget in (*self.nudge_buttons.values(), self.opacity_slider):
            widget.setEnabled(has)
        self.apply_button.setEnabled(self.tool.fit is not None)
        if background is None:
            self.picture_label.setText("No battle-map picture on this map.")
            return
        self.picture_label.setText(
            f"<b>{background.image}</b>: {background.hex_size:.1f} picture px a hex"
        )
        with QSignalBlocker(self.opacity_slider):
            self.opacity_slider.setValue(round(background.opacity * 100))
        self.opacity_label.setText(f"{self.opacity_slider.value()} %")

    # -- commands ---------------------------------------------------------------------------
    def import_path(self, path: Path | str, show_progress: bool = True) -> bool:
        """Import the picture at ``path`` as the background (one undo step)."""
        if not self.controller.import_path(path, show_progress):
            return False
        if self.settings is not None:
            self.settings.setValue("pictures/last_dir", str(Path(path).parent))
        self.show()
        self.raise_()
        return True

    def handle_drag(self, event: QDropEvent) -> bool:
        """For a window's drag-enter, drag-move and drop handlers: accept a drag carrying
        picture files and, on the drop, import the first. False if it carries none."""
        paths = picture_paths_from_mime(event.mimeData())
        if not paths:
            return False
        event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            self.import_path(paths[0])
        return True

    def import_dialog(self) -> None:
        """Ask for a picture file and import it."""
        start = str(self.settings.value("pictures/last_dir", "")) if self.settings else ""
        name, _ = QFileDialog.getOpenFileName(
            self, "Import battle-map picture", start, PICTURE_FILTER
        )
        if name:
            self.import_path(Path(name))

    def nudge(self, dx: int, dy: int, big: bool = False) -> bool:
        """Move the picture one pixel (``big``: :data:`BIG_STEP`) in direction ``dx, dy``."""
        step = BIG_STEP if big else 1
        return self.controller.nudge(dx * step, dy * step)

    def start_fit(self) -> None:
        """Turn the Fit grid tool on (as the toggle does)."""
        self.fit_button.setChecked(True)

    def cancel_fit(self) -> None:
        """Forget the clicks and go back to the select tool; nothing on the map changes."""
        self.tool.cancel()
        self.fit_button.setChecked(False)

    def _on_fit_toggled(self, checked: bool) -> None:
        self.cancel_button.setEnabled(checked)
        if checked:
            self._show_readout(FIT_START)
            self.tool_requested.emit(self.tool)
        elif self.scene.tool is self.tool:
            select: Tool = self.scene.select_tool
            self.tool_requested.emit(select)

    def _show_readout(self, text: str) -> None:
        """The fit's readout in its reserved lines; the whole text is also its tooltip
        (with the help), in case a long one is cut at the dock's width."""
        self.readout.setText(text)
        self.readout.setToolTip(f"{text}\n\n{FIT_HELP}" if text else FIT_HELP)

    def _sync_fit_button(self) -> None:
        """Show the toggle off when another tool took over."""
        with QSignalBlocker(self.fit_button):
            self.fit_button.setChecked(self.scene.tool is self.tool)
        self.cancel_button.setEnabled(self.fit_button.isChecked())

    def _on_opacity_changed(self, value: int) -> None:
        self.opacity_label.setText(f"{value} %")
        self.controller.set_opacity(value / 100)


def _hold_still(label: QLabel, lines: int) -> None:
    """Make ``label`` a wrapped text of ``lines`` reserved lines whose words never change
    its size, nor the dock's (issue #16: the dock widened as the fit's help appeared and
    the view under the clicks moved): its width follows the dock, never its text."""
    label.setWordWrap(True)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setMinimumWidth(1)
    label.setFixedHeight(label.fontMetrics().lineSpacing() * lines + 2)


def _shift_held() -> bool:
    return bool(QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier)


def _tool_button(text: str, tip: str) -> QToolButton:
    """A small square button (the column stays narrow), repeating while held."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRepeat(True)
    return button
