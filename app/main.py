"""The ``hexweave`` command: open the app, or export / check a map without a window.

hexweave [MAP]                              open MAP (the bundled demo map by default)
hexweave export MAP -o OUT.png|.pdf|.svg [--player] [--coordinates]
        [--layers NAME,NAME|all|help]
        [--page A4|Letter|A3|Tabloid] [--orientation auto|portrait|landscape]
        [--true-scale] [--hex-mm N] [--px-per-hex N]
hexweave export MAP -o OUT.json             a plain JSON description for other tools
hexweave import FILE -o OUT.hexmap [--orientation pointy|flat] [--hex-px N]
        [--windows concealment|walls] [--force]
                                            a Universal VTT map (.dd2vtt, .uvtt, .df2vtt)
hexweave check MAP                          print "ok" or the problems; exit 1 if bad
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

# Imported before PySide6 on purpose: once PySide6 is loaded, its __feature__ import hook
# reads the source of each module imported after it, and numpy's import takes 20-40 ms longer.
from rules import MapFileError, Orientation, __version__, mapfile

if TYPE_CHECKING:
    from app.document import MapDocument
    from app.export.plan import ExportOptions

ORGANIZATION = "Hexweave"
APPLICATION = "Hexweave"
PIXMAP_CACHE_KIB = 64 * 1024  # Qt's QPixmapCache limit (its default is 10 MiB)
FIRST_PAINT = "first paint"  # what --quit-after-first-paint prints when the map has painted


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``hexweave`` command and ``python -m app``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "check":
        return _check(_check_parser().parse_args(args[1:]))
    if args and args[0] == "import":
        parser = _import_parser()
        return _import(parser.parse_args(args[1:]), parser)
    if args and args[0] == "export":
        if _asks_layer_help(args[1:]):  # needs no map or output
            from app.scene.legend_layers import layers_help

            print(layers_help())
            return 0
        parser = _export_parser()
        return _export(parser.parse_args(args[1:]), parser)
    return _run_app(_app_parser().parse_args(args))


def _app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexweave",
        description="Hexweave: a tactical hex map for Rising Legends: Soulshards. "
        "Subcommands: 'hexweave export MAP -o OUT', 'hexweave import FILE -o OUT.hexmap' "
        "and 'hexweave check MAP'.",
    )
    parser.add_argument("map", nargs="?", type=Path, help="a .hexmap file (default: the demo map)")
    parser.add_argument("--version", action="version", version=f"hexweave {__version__}")
    parser.add_argument("--quit-after-first-paint", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--autosave-seconds",
        type=float,
        metavar="S",
        help="autosave unsaved changes every S seconds (default 60; kept in the settings)",
    )
    return parser


def _check_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hexweave check", description="Validate a map file.")
    parser.add_argument("map", type=Path)
    return parser


def _export_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexweave export",
        description="Render a map to PNG, PDF or SVG without a window, or describe it as "
        "plain JSON for other tools (README: 'Plain JSON export'). A hex is counted edge to "
        "edge (5 ft).",
    )
    parser.add_argument("map", type=Path)
    parser.add_argument(
        "-o", "--output", type=Path, required=True, help="OUT.png, .pdf, .svg or .json"
    )
    parser.add_argument(
        "--player",
        action="store_true",
        help="what the players see in the Player Window: only what they may see, fog dark, "
        "name plates, and the turn strip above the map while a conflict runs",
    )
    parser.add_argument(
        "--coordinates",
        action="store_true",
        help="column letters and row numbers round the map, as players say hexes (C7)",
    )
    parser.add_argument(
        "--layers",
        metavar="NAME,NAME|all|help",
        help="the terrain layers to show, as the Terrain legend's checkboxes (default: the "
        "legend's, all but Ground Softness; ground is always shown); 'help' lists the names",
    )
    pdf = parser.add_argument_group("PDF (default: fit the map on one A4 page)")
    pdf.add_argument("--page", type=_page_name, metavar="A4|Letter|A3|Tabloid", help="paper")
    pdf.add_argument("--orientation", choices=("auto", "portrait", "landscape"))
    pdf.add_argument(
        "--true-scale",
        action="store_true",
        help="1 inch a hex, tiled over as many pages as needed (overlapping, labelled row/col)",
    )
    pdf.add_argument(
        "--hex-mm", type=float, metavar="N", help="true scale with N mm a hex (e.g. 25)"
    )
    picture = parser.add_argument_group("PNG and SVG")
    picture.add_argument(
        "--px-per-hex", type=float, metavar="N", help="pixels a hex (default 48, less if huge)"
    )
    return parser


def _import_parser() -> argparse.ArgumentParser:
    from app.controllers.importing import MAX_HEX_PX, MIN_HEX_PX

    parser = argparse.ArgumentParser(
        prog="hexweave import",
        description="Make a Hexweave map from a Universal VTT file (.dd2vtt, .uvtt, .df2vtt: "
        "Dungeondraft, Dungeon Alchemist, DungeonFog …): the picture becomes the battle map, "
        "one hex edge to edge per square (5 ft), walls become wall hexes, closed doors wall "
        "hexes with a Door label (Edit → Open Door), lights GM-only labels.",
    )
    parser.add_argument("file", type=Path, help="the .dd2vtt, .uvtt or .df2vtt file")
    parser.add_argument("-o", "--output", type=Path, required=True, help="OUT.hexmap")
    parser.add_argument(
        "--orientation", choices=("pointy", "flat"), default="pointy", help="hex grid (pointy)"
    )
    parser.add_argument(
        "--hex-px",
        type=int,
        metavar="N",
        help=f"scale the picture so a hex is N pixels edge to edge ({MIN_HEX_PX}..{MAX_HEX_PX}; "
        "default: the file's pixels per square, unchanged)",
    )
    parser.add_argument(
        "--windows",
        choices=("concealment", "walls"),
        default="concealment",
        help="windows as Concealment (seen through dimly; the default) or as walls",
    )
    parser.add_argument("--force", action="store_true", help="replace OUT.hexmap if it exists")
    return parser


def _import(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Bad arguments exit 2; a file that cannot be imported or written exits 1 and writes
    nothing."""
    from rules.mapfile import SUFFIX, WindowsAs

    output: Path = args.output
    if output.suffix.lower() != SUFFIX:
        parser.error(f"-o: the map must be a {SUFFIX} file, not {output.name!r}")
    if output.exists() and not args.force:
        parser.error(f"{output} exists: choose another name, or --force to replace it")
    if args.hex_px is not None:
        from app.controllers.importing import check_hex_px

        try:
            check_hex_px(args.hex_px)
        except ValueError as error:
            parser.error(f"--hex-px: {error}")
        _offscreen_unless_a_display()  # scaling the picture decodes it with Qt
        from PySide6.QtGui import QGuiApplication

        _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    from app.controllers.importing import UvttOptions, import_uvtt

    options = UvttOptions(Orientation(args.orientation), WindowsAs(args.windows), args.hex_px)
    try:
        imported = import_uvtt(args.file, options)
        mapfile.save(imported.board, output)
    except MapFileError as error:
        print(f"hexweave import: {error}", file=sys.stderr)
        return 1
    for line in imported.summary:
        print(line)
    print(output)
    return 0


def _offscreen_unless_a_display() -> None:
    if "QT_QPA_PLATFORM" not in os.environ and not os.environ.get("DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def _asks_layer_help(args: Sequence[str]) -> bool:
    """``--layers help`` (or ``--layers=help``) among the export's arguments."""
    pairs = zip(args, [*args[1:], ""], strict=True)
    return any(
        (a == "--layers" and b.strip().lower() == "help") or a.lower() == "--layers=help"
        for a, b in pairs
    )


def _page_name(text: str) -> str:
    """``--page``, in any case; "11x17" is Tabloid."""
    names = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid", "11x17": "Tabloid"}
    try:
        return names[text.strip().lower().replace("×", "x")]
    except KeyError:
        raise argparse.ArgumentTypeError(f"{text!r} is not A4, Letter, A3 or Tabloid") from None


def _export_options(args: argparse.Namespace) -> ExportOptions:
    """The options asked for. Raises ExportOptionsError for a bad file name or a flag that
    does not fit the format."""
    from app.export.plan import ExportOptions, ExportOptionsError, export_format
    from app.scene.legend_layers import HIDDEN_AT_START, LayerNameError, hidden_layers_from_shown

    hidden = HIDDEN_AT_START
    if args.layers is not None:
        try:
            hidden = hidden_layers_from_shown(args.layers)
        except LayerNameError as error:
            raise ExportOptionsError(f"--layers: {error} ('--layers help' lists them)") from None
    kind = export_format(args.output)
    pdf_flags = {
        "--page": args.page,
        "--orientation": args.orientation,
        "--true-scale": args.true_scale or None,
        "--hex-mm": args.hex_mm,
    }
    given = [flag for flag, value in pdf_flags.items() if value is not None]
    if kind != ".pdf" and given:
        raise ExportOptionsError(f"{', '.join(given)}: only for PDF output, not {kind}")
    if kind == ".pdf" and args.px_per_hex is not None:
        raise ExportOptionsError(
            "--px-per-hex: only for PNG and SVG output; a PDF fits the page, or use --true-scale"
        )
    return ExportOptions(
        player=args.player,
        page=args.page or "A4",
        orientation=args.orientation or "auto",
        true_scale=args.true_scale or args.hex_mm is not None,
        hex_mm=25.4 if args.hex_mm is None else args.hex_mm,
        pixels_per_hex=args.px_per_hex,
        hidden_layers=hidden,
        coordinates=args.coordinates,
    )


def _check(args: argparse.Namespace) -> int:
    problems = mapfile.check(args.map)
    if not problems:
        print("ok")
        return 0
    for problem in problems:
        print(f"{args.map}: {problem}", file=sys.stderr)
    return 1


def _export(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Bad arguments exit 2 (argparse's usage error); a map that cannot be read or a file
    that cannot be written exit 1."""
    if args.output.suffix.lower() == ".json":
        return _export_json(args, parser)
    _offscreen_unless_a_display()
    from app.export.files import export_board
    from app.export.plan import ExportError, ExportOptionsError

    try:
        options = _export_options(args)
    except ExportOptionsError as error:
        parser.error(str(error))
    try:
        board = mapfile.load(args.map)
    except MapFileError as error:
        print(f"hexweave export: {error}", file=sys.stderr)
        return 1
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication([sys.argv[0]])
    try:
        written = export_board(board, args.output, options)
    except ExportOptionsError as error:  # e.g. too many pixels per hex for this map
        parser.error(str(error))
    except ExportError as error:
        print(f"hexweave export: {error}", file=sys.stderr)
        return 1
    print(written)
    return 0


def _export_json(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``export MAP -o OUT.json``: the plain JSON description, written atomically."""
    picture_flags = ("player", "coordinates", "layers", "page", "orientation", "true_scale")
    given = [f"--{name.replace('_', '-')}" for name in picture_flags if getattr(args, name)]
    given += ["--hex-mm"] * (args.hex_mm is not None) + ["--px-per-hex"] * (
        args.px_per_hex is not None
    )
    if given:
        parser.error(f"{', '.join(given)}: only for pictures, not a .json description")
    try:
        mapfile.save_json(mapfile.load(args.map), args.output)
    except MapFileError as error:
        print(f"hexweave export: {error}", file=sys.stderr)
        return 1
    print(args.output)
    return 0


def _no_display() -> bool:
    """True on a Linux machine with no screen to open a window on."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _run_app(args: argparse.Namespace) -> int:
    if _no_display():
        print(
            "hexweave: there is no display to open a window on. Run it in a desktop session, "
            "under xvfb-run, or use 'hexweave export MAP -o OUT.png' for a picture.",
            file=sys.stderr,
        )
        return 2
    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtGui import QPixmapCache
    from PySide6.QtWidgets import QApplication, QMessageBox

    from app.shell.crash_log import install
    from app.shell.main_window import MainWindow

    QCoreApplication.setOrganizationName(ORGANIZATION)
    QCoreApplication.setApplicationName(APPLICATION)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    # Room for pictures items draw once and copy from (a drag's reach shade, full screen
    # on a 4K display, is 33 MB): Qt's default 10 MB would make it draw it every frame.
    QPixmapCache.setCacheLimit(PIXMAP_CACHE_KIB)
    shown: list[MainWindow] = []
    install(lambda: shown[0] if shown else None)  # an error in any slot: logged and shown
    document, problem = initial_document(args.map)
    window = MainWindow(document, QSettings())
    shown.append(window)
    if args.autosave_seconds is not None:  # this session only; the setting stays as it was
        window.autosaver.timer.setInterval(round(max(1.0, args.autosave_seconds) * 1000))
    window.show()
    window.fit_to_window()
    if problem:
        QMessageBox.warning(window, "Cannot open map", problem)
    window.files.offer_recovery()
    if args.quit_after_first_paint:
        _quit_after_first_paint(window)
    else:
        _preload_later(("scipy.sparse.csgraph",))
    app.aboutToQuit.connect(release_clipboard)
    return int(app.exec())


def release_clipboard() -> None:
    """Drop our own token data from the clipboard before Qt shuts down.

    Qt would otherwise delete mime data that Python made after the interpreter has begun
    tearing down its wrappers, which crashes the process on exit (seen with PySide6 6.11).
    """
    from PySide6.QtWidgets import QApplication

    from app.document.clipboard import MIME_TYPE

    clipboard = QApplication.clipboard()
    data = clipboard.mimeData()
    if data is not None and data.hasFormat(MIME_TYPE):
        clipboard.clear()


def initial_document(path: Path | None) -> tuple[MapDocument, str | None]:
    """The map to start with, and the problem to show if ``path`` could not be opened.

    With no ``path`` the bundled demo map opens as an unsaved copy (no file), so Save asks
    for a name instead of writing into the installed package.
    """
    from app.document import MapDocument
    from app.document.session import describe_open_error
    from app.resources import demo_map_path
    from rules import Board

    try:
        if path is None:
            return MapDocument(mapfile.load(demo_map_path())), None
        return MapDocument.open(path), None
    except MapFileError as error:
        shown = path or demo_map_path()
        return MapDocument(Board.blank(40, 30)), describe_open_error(shown, error)


def _preload_later(modules: Sequence[str]) -> None:
    """Import ``modules`` on a background thread a second after start-up: the first drag
    of a token needs scipy (the movement field), which is too slow to load before the
    window opens (~0.4 s) and would make that drag stutter if loaded on demand."""
    import importlib
    import threading

    from PySide6.QtCore import QTimer

    def load() -> None:
        for name in modules:
            importlib.import_module(name)

    thread = threading.Thread(target=load, name="preload", daemon=True)
    QTimer.singleShot(1000, thread.start)


def _quit_after_first_paint(window: object) -> None:
    """For the start-up benchmark: exit as soon as the map has been painted once."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class _FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                print(FIRST_PAINT, flush=True)  # the benchmark's clock stops here
                QTimer.singleShot(0, QApplication.quit)
            return False

    viewport = window.view.viewport()  # type: ignore[attr-defined]
    watcher = _FirstPaint(viewport)
    viewport.installEventFilter(watcher)
