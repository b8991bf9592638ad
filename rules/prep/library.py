"""Token templates: the creatures and objects of the token library, one JSON file each.

A template is a token without a place: name, kind, size, side, colour, picture and the
stats the rules use — Reach (``None`` = from size, RULES-DIGEST §4.2 and Q17: size −1 and
above reach 1 space, smaller 0), Movement Pool (5 unless the species changes it,
RULES-DIGEST §3.2, "Movement = 5") and movement types (primary first, §5.1). The spaces
it fills follow from its size (RULES-DIGEST §4.3, :func:`rules.board.tokens.default_footprint`)
unless it carries its own ``footprint`` (an elongated long-torso body, a wall segment).
A creature also carries its Skill Tiers (``stats``, the dice each Skill rolls, [P-SKILLS];
the Pools follow from them by the published formulas, RULES-DIGEST §3), its Severe
Threshold and how many limbs grip a weapon (``gripping``) — so a creature placed from the
library rolls real numbers (format version 2; version 1 files have none and still read).

A library folder holds ``<id>.json`` files and their pictures in ``art/``. Reading is
strict: an unknown field, a wrong type or a value out of range is a
:class:`TemplateError` naming the file and the field; :func:`load_templates` skips such
files and reports them, so one bad file never hides the rest of the library.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from rules.atomic import replace_atomically
from rules.board.pools import SKILLS, Vitals
from rules.board.tokens import MAX_SIZE, MIN_SIZE, MOVEMENT_TYPES, SIDES, Token, TokenKind
from rules.errors import RulesError
from rules.hexes import Hex

__all__ = [
    "ART_FOLDER",
    "FORMAT",
    "MAX_IMAGE_BYTES",
    "TemplateError",
    "TemplateLoad",
    "TokenTemplate",
    "load_templates",
    "parse_template",
    "read_template_image",
    "save_template",
    "template_id_for",
]

FORMAT = "hexweave-token-template"
VERSION = 2
ART_FOLDER = "art"
MAX_TEMPLATE_BYTES = 64 * 1024
MAX_IMAGE_BYTES = 8 * 1024 * 1024
MAX_TEMPLATES = 2000
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,47}$")
_PICTURE_SUFFIX = {b"\x89PNG\r\n\x1a\n": ".png", b"\xff\xd8\xff": ".jpg"}


class TemplateError(RulesError):
    """A template file or value that cannot be used; the message names file and field."""


@dataclass(frozen=True, slots=True)
class TokenTemplate:
    """A library entry: a token without an id or a place. Frozen.

    ``image`` is a picture file name in the library's ``art/`` folder; ``folder`` is where
    the template was read from (not part of its value). ``reach`` ``None`` means "from
    size" (RULES-DIGEST §4.2); ``footprint`` ``None`` means the default for the size
    (RULES-DIGEST §4.3); ``movement_pool`` is 5 by default (RULES-DIGEST §3.2).
    """

    id: str
    name: str
    kind: TokenKind = TokenKind.CREATURE
    size: int = 0
    reach: int | None = None
    movement_pool: int = 5
    movement_types: tuple[str, ...] = ("land", "swim")
    side: str = "neutral"
    color: str = "#808080"
    image: str | None = None
    notes: str = ""
    footprint: tuple[Hex, ...] | None = None
    gripping: int = 0
    stats: tuple[tuple[str, int], ...] = ()
    severe_threshold: int | None = None
    folder: Path | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.fullmatch(self.id):
            raise TemplateError(
                f"template id {self.id!r} must be 1-48 lower-case letters, digits, '_' or '-'"
            )
        try:
            self.to_token("probe", Hex(0, 0))
        except ValueError as error:
            message = str(error).replace("token 'probe'", f"template {self.id!r}")
            raise TemplateError(message) from None

    @property
    def image_path(self) -> Path | None:
        """Where the picture file is, or ``None`` without a picture or a folder."""
        if self.image is None or self.folder is None:
            return None
        return self.folder / ART_FOLDER / self.image

    @property
    def subtitle(self) -> str:
        """A short description for lists, e.g. ``"size 1 · creature · 1 hex"``."""
        count = len(self.to_token("probe", Hex(0, 0)).footprint_offsets)
        hexes = "1 hex" if count == 1 else f"{count} hexes"
        return f"size {self.size} · {self.kind.value} · {hexes}"

    def to_token(self, token_id: str, position: Hex, image: str | None = None) -> Token:
        """A token made from this template, anchored at ``position``.

        ``image`` is the name of the picture *as stored in the map* (``Board.images``),
        not the library's file name; ``None`` draws the token's initials. Raises
        ``ValueError`` for an id :class:`~rules.board.tokens.Token` does not accept.
        """
        shared: dict[str, Any] = {name: getattr(self, name) for name in _SHARED}
        shared["footprint_override"] = shared.pop("footprint")
        vitals = Vitals(stats=self.stats, severe_threshold=self.severe_threshold)
        return Token(token_id, position=position, image=image, vitals=vitals, **shared)

    @classmethod
    def from_token(cls, token: Token, template_id: str | None = None) -> TokenTemplate:
        """A template with ``token``'s name, size, kind, side, colour, footprint and stats.

        It gets no picture (a map's picture names mean nothing in a library:
        :func:`save_template` takes the bytes). ``template_id`` defaults to
        :func:`template_id_for` the token's name.
        """
        shared: dict[str, Any] = {name: getattr(token, name) for name in _SHARED}
        shared["footprint"] = token.footprint_override
        vitals = token.vitals
        return cls(
            template_id or template_id_for(token.name),
            stats=vitals.stats,
            severe_threshold=vitals.severe_threshold,
            **shared,
        )

    def to_json(self) -> dict[str, Any]:
        """The file contents of this template (see :func:`parse_template`)."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for name in _READERS:
            value = getattr(self, name, None)
            if name == "footprint" and value is not None:
                value = [[h.q, h.r] for h in value]
            if name == "stats":
                value = dict(self.stats)
            data.setdefault(name, value.value if isinstance(value, TokenKind) else value)
        data["movement_types"] = list(self.movement_types)
        return data


# Fields a template shares with a Token (``footprint`` is the token's override; the
# Skill Tiers and the Severe Threshold are the token's ``vitals``).
_OWN = ("id", "image", "folder", "stats", "severe_threshold")
_SHARED = tuple(f for f in TokenTemplate.__dataclass_fields__ if f not in _OWN)


class TemplateLoad(NamedTuple):
    """What :func:`load_templates` found: the good templates and one line per problem."""

    templates: list[TokenTemplate]
    problems: list[str]


def template_id_for(name: str, taken: Collection[str] = ()) -> str:
    """A template id made from ``name`` and not in ``taken``, e.g. ``"grey-ogre-2"``.

    >>> template_id_for("Grey Ogre!", taken={"grey-ogre"})
    'grey-ogre-2'
    """
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40].strip("-") or "template"
    candidate, n = stem, 1
    while candidate in taken:
        n += 1
        candidate = f"{stem}-{n}"
    return candidate


def parse_template(data: object, source: str, folder: Path | None = None) -> TokenTemplate:
    """The template described by ``data`` (a decoded JSON object) from file ``source``.

    Raises :class:`TemplateError` naming ``source`` and the field for a missing or unknown
    field, a wrong type, a value out of range or a newer format version.
    """
    if not isinstance(data, dict):
        raise TemplateError(f"{source}: must be a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(_READERS), key=str)
    missing = [name for name in _REQUIRED if name not in data]
    if unknown or missing:
        what = f"unknown field {unknown[0]!r}" if unknown else f"missing field {missing[0]!r}"
        raise TemplateError(f"{source}: {what}")
    values: dict[str, Any] = {}
    for name, reader in _READERS.items():
        try:
            values[name] = reader(data.get(name, _DEFAULTS.get(name)))
        except ValueError as error:
            raise TemplateError(f"{source}: field {name!r}: {error}") from None
    if values.pop("format") != FORMAT:
        raise TemplateError(f"{source}: field 'format' must be {FORMAT!r}")
    if values.pop("version") > VERSION:
        raise TemplateError(
            f"{source}: made by a newer Hexweave (this one reads versions 1..{VERSION})"
        )
    try:
        return TokenTemplate(folder=folder, **values)
    except TemplateError as error:
        raise TemplateError(f"{source}: {error}") from None


def _integer(low: int, high: int, optional: bool = False) -> Callable[[object], int | None]:
    def read(value: object) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            blank = " or null" if optional else ""
            raise ValueError(f"must be an integer {low}..{high}{blank}, got {_shown(value)}")
        return value

    return read


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _text(most: int, pattern: str = r"(?s).*\S.*", what: str = "text") -> Callable[[object], str]:
    def read(value: object) -> str:
        if not isinstance(value, str) or len(value) > most or not re.fullmatch(pattern, value):
            raise ValueError(f"must be {what} of at most {most} characters, got {_shown(value)}")
        return value

    return read


def _choice(options: Iterable[str]) -> Callable[[object], str]:
    allowed = tuple(options)

    def read(value: object) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of {', '.join(allowed)}, got {_shown(value)}")
        return str(value)

    return read


def _movement_types(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
        raise ValueError(f"must be a list of distinct movement types, got {_shown(value)}")
    return tuple(_choice(MOVEMENT_TYPES)(item) for item in value)


def _footprint(value: object) -> tuple[Hex, ...] | None:
    if value is None:
        return None
    pair = _integer(-12, 12)
    if not isinstance(value, list) or not 1 <= len(value) <= 127:
        raise ValueError(f"must be null or a list of [dq, dr] offsets, got {_shown(value)}")
    if any(not isinstance(p, list) or len(p) != 2 for p in value):
        raise ValueError("every offset must be a pair [dq, dr]")
    hexes = tuple(Hex(pair(dq) or 0, pair(dr) or 0) for dq, dr in value)
    if Hex(0, 0) not in hexes or len(set(hexes)) != len(hexes):
        raise ValueError("offsets must be distinct and include the anchor [0, 0]")
    return hexes


def _stats(value: object) -> tuple[tuple[str, int], ...]:
    """``{"martial": 2, …}``: Skill (and attribute) Tiers by name ([P-SKILLS])."""
    if value is None:
        return ()
    if not isinstance(value, dict) or len(value) > len(SKILLS):
        raise ValueError(f"must be an object of Skill Tiers by name, got {_shown(value)}")
    try:
        return Vitals(stats=tuple(value.items())).stats  # checked and sorted as a token's
    except (ValueError, TypeError) as error:
        raise ValueError(str(error)) from None


def _image(value: object) -> str | None:
    if value is None:
        return None
    name = _text(128, r"(?!\.)[\w .()+-]+", "a plain file name")(value)
    if Path(name).suffix.lower() not in (".png", ".jpg", ".jpeg", ".webp"):
        raise ValueError(f"must name a .png, .jpg or .webp file in {ART_FOLDER}/, got {name!r}")
    return name


_READERS: dict[str, Callable[[Any], Any]] = {
    "format": _text(64),
    "version": _integer(1, 1_000_000),
    "id": _text(48, _ID.pattern[1:-1], "lower-case letters, digits, '-' or '_'"),
    "name": _text(64, what="non-blank text"),
    "kind": lambda value: TokenKind(_choice(k.value for k in TokenKind)(value)),
    "size": _integer(MIN_SIZE, MAX_SIZE),
    "reach": _integer(0, 99, optional=True),
    "movement_pool": _integer(0, 99),
    "movement_types": _movement_types,
    "side": _choice(SIDES),
    "color": _text(7, r"#[0-9a-fA-F]{6}", "a colour #rrggbb"),
    "image": _image,
    "footprint": _footprint,
    "notes": _text(4000, r"(?s).*"),
    "gripping": _integer(0, 99),
    "stats": _stats,
    "severe_threshold": _integer(0, 999, optional=True),
}
_REQUIRED = ("format", "version", "id", "name", "kind", "size")
_DEFAULTS: dict[str, object] = {
    "gripping": 0,
    "movement_pool": 5,
    "movement_types": ["land", "swim"],
    "side": "neutral",
    "color": "#808080",
    "notes": "",
}


def _read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of regular file ``path``, refused (TemplateError) if over ``limit``."""
    if not path.is_file():
        raise TemplateError(f"{path.name}: {what} is not a regular file")
    with path.open("rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise TemplateError(f"{path.name}: {what} is too big (over {limit} bytes)")
    return data


def _read_template_file(path: Path) -> TokenTemplate:
    raw = _read_limited(path, MAX_TEMPLATE_BYTES, "the template")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TemplateError(f"{path.name}: not UTF-8 text") from None
    except (ValueError, RecursionError) as error:  # bad JSON, a 5000-digit number, deep nesting
        raise TemplateError(
            f"{path.name}: not valid JSON ({error or 'nested too deeply'})"
        ) from None
    template = parse_template(data, path.name, path.parent)
    if template.id != path.stem:
        raise TemplateError(f"{path.name}: field 'id' is {template.id!r}, not the file name")
    return template


def load_templates(folder: Path) -> TemplateLoad:
    """Every template in ``folder`` (sorted by file name), and what was wrong with the rest.

    A missing folder is an empty library. A file that cannot be read is skipped with a
    problem naming it; a template whose picture is missing is kept without it.
    """
    folder = Path(folder)
    if not folder.is_dir():
        return TemplateLoad([], [])
    templates: list[TokenTemplate] = []
    problems: list[str] = []
    paths = sorted(folder.glob("*.json"))
    if len(paths) > MAX_TEMPLATES:
        problems.append(f"{folder}: only the first {MAX_TEMPLATES} templates were read")
    for path in paths[:MAX_TEMPLATES]:
        try:
            template = _read_template_file(path)
        except (OSError, TemplateError) as error:
            problems.append(
                str(error) if isinstance(error, TemplateError) else f"{path.name}: {error}"
            )
            continue
        templates.append(_checked_picture(template, problems))
    return TemplateLoad(templates, problems)


def _checked_picture(template: TokenTemplate, problems: list[str]) -> TokenTemplate:
    path = template.image_path
    if path is None or path.is_file():
        return template
    problems.append(f"{template.id}.json: picture {ART_FOLDER}/{template.image} is missing")
    return replace(template, image=None)


def read_template_image(template: TokenTemplate) -> bytes | None:
    """The bytes of the template's picture, or ``None`` if it has none.

    Raises :class:`TemplateError` if the file is missing, not a regular file, unreadable
    or over :data:`MAX_IMAGE_BYTES` (never more than that is read).
    """
    path = template.image_path
    if path is None:
        return None
    try:
        return _read_limited(path, MAX_IMAGE_BYTES, "the picture")
    except OSError as error:
        raise TemplateError(f"{template.name}: cannot read picture {path.name}: {error}") from None


def picture_suffix(data: bytes) -> str:
    """``".png"``, ``".jpg"`` or ``".webp"`` from the first bytes; raises TemplateError."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ".webp"
    for magic, suffix in _PICTURE_SUFFIX.items():
        if data.startswith(magic):
            return suffix
    raise TemplateError("the picture is not a PNG, JPEG or WebP file")


def save_template(
    template: TokenTemplate, folder: Path, image_bytes: bytes | None = None
) -> TokenTemplate:
    """Write ``template`` as ``folder/<id>.json`` (and its picture to ``folder/art``).

    With ``image_bytes`` the picture is written as ``art/<id>.<png|jpg|webp>``; without,
    a named picture must already be in ``folder/art``. Files are replaced atomically.
    Returns the template as saved (its ``folder`` and ``image`` set). Raises
    :class:`TemplateError` or ``OSError``.
    """
    folder = Path(folder)
    art = folder / ART_FOLDER
    art.mkdir(parents=True, exist_ok=True)
    image = template.image
    if image_bytes is not None:
        if len(image_bytes) > MAX_IMAGE_BYTES:
            raise TemplateError(f"{template.name}: the picture is over {MAX_IMAGE_BYTES} bytes")
        image = template.id + picture_suffix(image_bytes)
        replace_atomically(art / image, image_bytes)
    elif image is not None and not (art / image).is_file():
        raise TemplateError(f"{template.name}: picture {image!r} is not in {art}; pass its bytes")
    saved = replace(template, image=image, folder=folder)
    text = json.dumps(saved.to_json(), indent=2, ensure_ascii=False) + "\n"
    replace_atomically(folder / f"{template.id}.json", text.encode("utf-8"))
    return saved
