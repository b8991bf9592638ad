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
- :mod:`rules.mapfile.areas`, :mod:`~rules.mapfile.body`, :mod:`~rules.mapfile.motion`,
  :mod:`~rules.mapfile.turn_state`, :mod:`~rules.mapfile.dice` — each part of map.json (pinned
  Areas; senses, limbs and words; motion; conditions, vitals, effects and the turn order;
  dice, Holds and the roll log), read and written, with the upgrade step that added it.
"""

from __future__ import annotations

from rules.errors import MapFileError
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

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HEX_FEET",
    "MAX_PICTURE_BYTES",
    "MAX_PICTURE_PIXELS",
    "MAX_PICTURE_SIDE",
    "SUFFIX",
    "UPGRADERS",
    "MapFileError",
    "check",
    "dumps",
    "load",
    "loads",
    "picture_size",
    "save",
]
