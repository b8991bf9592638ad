"""LibraryDock: the token library — bundled templates and the user's own, searchable.

Drag a template onto the map to place it (the drag carries
:data:`~app.widgets.map_drop.TEMPLATE_MIME`; the map's drop handler does the rest).
"Save Token as Template…" writes the selected map token to the user's library folder
(:func:`default_user_library`); the user's templates can be deleted, bundled ones not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QMimeData, QSize, QStandardPaths, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QImageReader, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.resources import asset_path
from app.scene.map_scene import MapScene
from app.scene.style import readable_text_color
from app.widgets.map_drop import TEMPLATE_MIME, template_mime
from rules import Hex, Token
from rules.prep import (
    ART_FOLDER,
    TemplateError,
    TokenTemplate,
    load_templates,
    save_template,
    template_id_for,
)

ICON_SIZE = 40
ID_ROLE = Qt.ItemDataRole.UserRole
TokenSource = Callable[[], tuple[Token, bytes | None] | None]


def default_user_library() -> Path:
    """``<user data directory>/library``, where the user's own templates are saved."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "library"


def selected_token_source(scene: MapScene) -> TokenSource:
    """A :data:`TokenSource` for ``scene``: its one selected token and the picture's bytes."""

    def source() -> tuple[Token, bytes | None] | None:
        ids = scene.selection
        board = scene.board
        token = board.tokens.get(ids[0]) if len(ids) == 1 else None
        if token is None:
            return None
        return token, board.images.get(token.image) if token.image else None

    return source


class TemplateList(QListWidget):
    """The list of templates; dragging an entry carries its template id."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setIconSize(QSize(ICON_SIZE, ICON_SIZE))
        self.setSpacing(2)
        self.setUniformItemSizes(True)

    def mimeTypes(self) -> list[str]:
        return [TEMPLATE_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        return template_mime(str(items[0].data(ID_ROLE))) if items else QMimeData()


class LibraryDock(QDockWidget):
    """Bundled templates plus those in ``user_folder``; a user template overrides a bundled
    one of the same id. ``selected_token`` supplies the token "Save Token as Template…"
    saves (see :func:`selected_token_source`)."""

    template_activated = Signal(object)  # TokenTemplate: double-click or Enter on an entry

    def __init__(
        self,
        user_folder: Path,
        parent: QWidget | None = None,
        bundled_folder: Path | None = None,
        selected_token: TokenSource | None = None,
    ):
        super().__init__("Token Library", parent)
        self.setObjectName("library_dock")
        self.setToolTip("Creature and object templates: drag one onto the map to place it")
        self.user_folder = Path(user_folder)
        self.bundled_folder = Path(bundled_folder or asset_path("library"))
        self._selected_token = selected_token or (lambda: None)
        self._templates: dict[str, TokenTemplate] = {}
        self._user_ids: set[str] = set()
        self.problems: list[str] = []
        self._build()
        self.reload()

    # -- assembly ------------------------------------------------------------------------
    def _build(self) -> None:
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.search = QLineEdit(body)
        self.search.setPlaceholderText("Search: name, size 3, object, fly…")
        self.search.setClearButtonEnabled(True)
        self.search.setToolTip("Show only templates whose name or description contains this")
        self.search.textChanged.connect(self._apply_filter)
        self.list = TemplateList(body)
        self.list.setToolTip("Drag a template onto the map; double-click to place it")
        self.list.itemActivated.connect(self._on_list_item_activated)
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.message = QLabel(body)
        self.message.setWordWrap(True)
        self.message.setToolTip("What happened last, and library files that could not be read")
        layout.addWidget(self.search)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.message)
        layout.addLayout(self._build_buttons(body))
        self.setWidget(body)

    def _build_buttons(self, body: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.save_button = QPushButton("Save Token as Template…", body)
        self.save_button.setToolTip(
            "Save the one token selected on the map as a template in your own library folder"
        )
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.delete_button = QPushButton("Delete", body)
        self.delete_button.setToolTip("Delete the selected template from your library folder")
        self.delete_button.clicked.connect(self._on_delete_button_clicked)
        row.addWidget(self.save_button, 1)
        row.addWidget(self.delete_button)
        return row

    # -- contents --------------------------------------------------------------------------
    def reload(self) -> None:
        """Read both folders again and rebuild the list (keeping the search)."""
        bundled = load_templates(self.bundled_folder)
        user = load_templates(self.user_folder)
        self.problems = bundled.problems + user.problems
        self._templates = {t.id: t for t in bundled.templates + user.templates}
        self._user_ids = {t.id for t in user.templates}
        self.list.clear()
        ordered = sorted(self._templates.values(), key=lambda t: (t.kind.value, t.size, t.name))
        for template in ordered:
            self.list.addItem(self._item(template))
        self._apply_filter(self.search.text())
        self._show_problems()
        self._update_buttons()

    def _item(self, template: TokenTemplate) -> QListWidgetItem:
        item = QListWidgetItem(template_icon(template), f"{template.name}\n{template.subtitle}")
        item.setData(ID_ROLE, template.id)
        item.setToolTip(template_tooltip(template, template.id in self._user_ids))
        return item

    def templates(self) -> list[TokenTemplate]:
        """Every template in the library, in list order."""
        return [self._templates[str(self.list.item(i).data(ID_ROLE))] for i in range(self.count())]

    def count(self) -> int:
        """How many entries the list has (shown or filtered out)."""
        return self.list.count()

    def template(self, template_id: str) -> TokenTemplate | None:
        """The template with ``template_id`` (what the map's drop handler looks up)."""
        return self._templates.get(template_id)

    def visible_ids(self) -> list[str]:
        """Ids of the entries the search shows."""
        items = (self.list.item(i) for i in range(self.count()))
        return [str(item.data(ID_ROLE)) for item in items if not item.isHidden()]

    def selected_template(self) -> TokenTemplate | None:
        """The template selected in the list."""
        item = self.list.currentItem()
        return None if item is None else self._templates.get(str(item.data(ID_ROLE)))

    def select(self, template_id: str) -> None:
        """Make ``template_id`` the current entry."""
        for i in range(self.count()):
            if self.list.item(i).data(ID_ROLE) == template_id:
                self.list.setCurrentRow(i)

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        for i in range(self.count()):
            item = self.list.item(i)
            template = self._templates[str(item.data(ID_ROLE))]
            haystack = " ".join([item.text(), *template.movement_types, template.side]).lower()
            item.setHidden(not all(word in haystack for word in words))

    # -- saving and deleting ---------------------------------------------------------------
    def save_token_as_template(
        self, token: Token, image_bytes: bytes | None = None, name: str | None = None
    ) -> TokenTemplate | None:
        """Save ``token`` (renamed ``name``) as a new template in the user folder.

        Returns the saved template, now listed and selected; or None after showing why
        it could not be written.
        """
        named = replace(token, name=name.strip()) if name and name.strip() else token
        template_id = template_id_for(named.name, taken=set(self._templates))
        try:
            template = TokenTemplate.from_token(named, template_id)
            saved = save_template(template, self.user_folder, image_bytes)
        except (OSError, TemplateError, ValueError) as error:
            self._say(f"⚠ Could not save {named.name!r}: {error}")
            return None
        self.reload()
        self.select(saved.id)
        self._say(f"Saved {saved.name!r} to your library ({self.user_folder})")
        return saved

    def delete_template(self, template_id: str) -> bool:
        """Delete one of the user's templates (its file and picture); bundled ones stay."""
        template = self._templates.get(template_id)
        if template is None or template_id not in self._user_ids:
            self._say("Only templates you saved yourself can be deleted")
            return False
        try:
            (self.user_folder / f"{template_id}.json").unlink()
            if template.image and template.image.startswith(f"{template_id}."):
                (self.user_folder / ART_FOLDER / template.image).unlink(missing_ok=True)
        except OSError as error:
            self._say(f"⚠ Could not delete {template.name!r}: {error}")
            return False
        self.reload()
        self._say(f"Deleted {template.name!r} from your library")
        return True

    def _say(self, text: str) -> None:
        self.message.setText(text)

    def _show_problems(self) -> None:
        if self.problems:
            count = len(self.problems)
            self._say(f"⚠ {count} library file{'s' if count > 1 else ''} could not be read")
            self.message.setToolTip("\n".join(self.problems))
        else:
            self._say("")

    def _update_buttons(self) -> None:
        current = self.selected_template()
        self.delete_button.setEnabled(current is not None and current.id in self._user_ids)

    # -- slots ------------------------------------------------------------------------------
    def _on_list_item_activated(self, item: QListWidgetItem) -> None:
        template = self._templates.get(str(item.data(ID_ROLE)))
        if template is not None:
            self.template_activated.emit(template)

    def _on_save_button_clicked(self) -> None:
        chosen = self._selected_token()
        if chosen is None:
            self._say("Select one token on the map first, then save it as a template")
            return
        token, image_bytes = chosen
        name, ok = QInputDialog.getText(self, "Save as Template", "Template name:", text=token.name)
        if ok:
            self.save_token_as_template(token, image_bytes, name)

    def _on_delete_button_clicked(self) -> None:
        template = self.selected_template()
        if template is None:
            return
        answer = QMessageBox.question(
            self, "Delete Template", f"Delete {template.name!r} from your library?"
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete_template(template.id)


def template_tooltip(template: TokenTemplate, own: bool) -> str:
    """Rich-text tooltip: stats, notes, where it comes from, how to use it."""
    reach = "from size" if template.reach is None else str(template.reach)
    lines = [
        f"<b>{template.name}</b> — {template.subtitle}",
        f"Reach {reach} · Movement Pool {template.movement_pool} · "
        f"{', '.join(template.movement_types)} (primary first) · {template.side}",
    ]
    if template.notes:
        lines.append(f"<i>{template.notes}</i>")
    lines.append("Your template" if own else "Bundled with Hexweave")
    lines.append("Drag onto the map to place it")
    return "<br>".join(lines)


def template_icon(template: TokenTemplate) -> QIcon:
    """The template's picture (decoded under a size limit), else a disc with its initials."""
    path = template.image_path
    if path is not None:
        reader = QImageReader(str(path))
        size = reader.size()
        if size.isValid() and max(size.width(), size.height()) <= 4096:
            reader.setScaledSize(QSize(2 * ICON_SIZE, 2 * ICON_SIZE))
            image = reader.read()
            if not image.isNull():
                return QIcon(QPixmap.fromImage(image))
    return QIcon(_initials_disc(template))


def _initials_disc(template: TokenTemplate) -> QPixmap:
    side = 2 * ICON_SIZE
    pixmap = QPixmap(side, side)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    fill = QColor(template.color)
    painter.setBrush(fill)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(1, 1, side - 2, side - 2)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(side // 3)
    painter.setFont(font)
    painter.setPen(readable_text_color(fill))
    initials = template.to_token("icon", Hex(0, 0)).initials
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, initials)
    painter.end()
    return pixmap
