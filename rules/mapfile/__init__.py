"""The ``.hexmap`` file format (README.md, "The map file"): reading, checking and writing
maps that may come from anyone.

This face is the way in (:func:`load`, :func:`loads`, :func:`save`, :func:`dumps`,
:func:`check`, :class:`MapFileError`); behind it, one module per concept:

- :mod:`rules.mapfile.hexmap` — the entry points, the writer and the upgrades between
  format versions (:data:`UPGRADERS`);
- :mod:`rules.mapfile.reader` — building the board that map.json and the archive
  describe: grid, layers, tokens, labels, notes, background;
- :mod:`rules.mapfile.archive` — the zip archive: member names, compression methods and
  declared sizes, each member read once;
- :mod:`rules.mapfile.checks` — defensive reading of map.json (its text, nesting, fields
  and counts) and of the ``.npy`` layers;
- :mod:`rules.mapfile.pictures` — a picture's size from its header, bounded;
- :mod:`rules.mapfile.json_export` — the plain JSON description for other tools
  (``hexweave export MAP -o OUT.json``) and reading it back;
- :mod:`rules.mapfile.uvtt` — Universal VTT files (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) read
  into a new board (:mod:`~rules.mapfile.uvtt_file` reads and checks the file,
  :mod:`~rules.mapfile.uvtt_grid` lays the hexes over its picture and walks its walls);
- :mod:`rules.mapfile.areas`, :mod:`~rules.mapfile.body`, :mod:`~rules.mapfile.motion`,
  :mod:`~rules.mapfile.turn_state`, :mod:`~rules.mapfile.dice` — each part of map.json (pinned
  Areas; senses, limbs and words; motion; conditions, vitals, effects and the turn order;
  dice, Holds and the roll log), read and written, with the upgrade step that added it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.errors import MapFileError
from rules.faces import lazy_face
from rules.mapfile.archive import MAX_PICTURE_BYTES
from rules.mapfile.hexmap import (
    FORMAT_NAME,
    FORMAT_VERSION,
    HEX_FEET,
    MAX_PICTURE_PIXELS,
    MAX_PICTURE_SIDE,
    SUFFIX,
    UPGRADERS,
    check,
    dumps,
    load,
    loads,
    picture_size,
    save,
)

if TYPE_CHECKING:  # loaded on first use (below): opening a map needs neither
    from rules.mapfile.json_export import (
        JSON_FORMAT,
        JSON_VERSION,
        board_from_json,
        export_json,
        json_text,
        save_json,
    )
    from rules.mapfile.uvtt import (
        MAX_UVTT_BYTES,
        UVTT_SUFFIXES,
        UvttImport,
        UvttSummary,
        WindowsAs,
        load_uvtt,
        read_uvtt,
    )

_LAZY = {
    "json_export": (
        "JSON_FORMAT",
        "JSON_VERSION",
        "board_from_json",
        "export_json",
        "json_text",
        "save_json",
    ),
    "uvtt": (
        "MAX_UVTT_BYTES",
        "UVTT_SUFFIXES",
        "UvttImport",
        "UvttSummary",
        "WindowsAs",
        "load_uvtt",
        "read_uvtt",
    ),
}
"""The parts of the face loaded the first time one of their names is asked for (the
JSON export and the Universal VTT import cost start-up nothing)."""

_lazy_names, __getattr__, _lazy_dir = lazy_face(__name__, _LAZY)


def __dir__() -> list[str]:
    return sorted({*globals(), *_lazy_names})


__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HEX_FEET",
    "JSON_FORMAT",
    "JSON_VERSION",
    "MAX_PICTURE_BYTES",
    "MAX_PICTURE_PIXELS",
    "MAX_PICTURE_SIDE",
    "MAX_UVTT_BYTES",
    "SUFFIX",
    "UPGRADERS",
    "UVTT_SUFFIXES",
    "MapFileError",
    "UvttImport",
    "UvttSummary",
    "WindowsAs",
    "board_from_json",
    "check",
    "dumps",
    "export_json",
    "json_text",
    "load",
    "load_uvtt",
    "loads",
    "picture_size",
    "read_uvtt",
    "save",
    "save_json",
]
