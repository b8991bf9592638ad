"""Dropping a library template on the map: from a drop position to ``add_from_template``.

The library dock drags :data:`TEMPLATE_MIME` carrying a template id. Whichever widget
receives the drop (the map view's viewport, or the main window around it) calls
:func:`handle_template_drop` with the view, the event and where the event's position is
measured (that widget); the hex under the drop gets the token, as one undo step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QMimeData, QPoint, QPointF
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.controllers.tokens import TokenController
from rules import Hex
from rules.prep import TokenTemplate

TEMPLATE_MIME = "application/x-hexweave-template"

TemplateLookup = Callable[[str], TokenTemplate | None]


def template_mime(template_id: str) -> QMimeData:
    """Mime data carrying one template id (what the library dock drags)."""
    mime = QMimeData()
    mime.setData(TEMPLATE_MIME, template_id.encode("utf-8"))
    return mime


def template_id_from_mime(mime: QMimeData | None) -> str | None:
    """The template id a drag carries, or ``None`` if it carries none."""
    if mime is None or not mime.hasFormat(TEMPLATE_MIME):
        return None
    text = bytes(mime.data(TEMPLATE_MIME).data()).decode("utf-8", errors="replace").strip()
    return text or None


def accepts_template_drag(event: QDragEnterEvent | QDragMoveEvent | QDropEvent) -> bool:
    """True (and the event accepted as a copy) if it drags a library template."""
    if template_id_from_mime(event.mimeData()) is None:
        return False
    event.acceptProposedAction()
    return True


def template_drop_hex(
    view: QGraphicsView, position: QPoint | QPointF, source: QWidget | None = None
) -> Hex | None:
    """The hex under ``position`` (measured in ``source``, default the view's viewport),
    or ``None`` if that point is not over the view's viewport.

    The view's scene must have a ``geometry`` (a :class:`~app.scene.geometry.SceneGeometry`)
    as :class:`~app.scene.map_scene.MapScene` does.
    """
    viewport = view.viewport()
    point = QPointF(position).toPoint()
    if source is not None and source is not viewport:
        point = viewport.mapFrom(source, point)
    if not viewport.rect().contains(point):
        return None
    scene = view.scene()
    geometry = getattr(scene, "geometry", None)
    if geometry is None:
        return None
    hex_at: Hex = geometry.hex_at(view.mapToScene(point))
    return hex_at


def center_hex(view: QGraphicsView) -> Hex | None:
    """The hex at the middle of the view (where a double-clicked template goes)."""
    return template_drop_hex(view, view.viewport().rect().center())


def handle_template_drop(
    view: QGraphicsView,
    event: QDropEvent,
    lookup: TemplateLookup,
    controller: TokenController,
    source: QWidget | None = None,
) -> bool:
    """Place the dragged template where it was dropped; True if a token was added.

    Returns False, leaving the event alone, when the drag carries no template (so a
    caller can try other kinds of drop, such as map files). Otherwise the event is
    accepted and an unknown template or a place off the map is reported on
    ``controller.refused``.
    """
    template_id = template_id_from_mime(event.mimeData())
    if template_id is None:
        return False
    event.acceptProposedAction()
    template = lookup(template_id)
    if template is None:
        controller.refused.emit(f"The library has no template {template_id!r} any more")
        return False
    anchor = template_drop_hex(view, event.position(), source)
    if anchor is None:
        controller.refused.emit(f"Drop {template.name} on the map to place it")
        return False
    return controller.add_from_template(template, anchor)
