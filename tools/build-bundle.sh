#!/usr/bin/env bash
# Build the one-folder app dist/hexweave/ (issue #18) with PyInstaller, in the build's own
# venv build/venv: the project installed from this tree (not editable) with its pinned
# PySide6-Essentials, numpy and scipy, and PyInstaller. The spec is packaging/hexweave.spec.
#
#   tools/build-bundle.sh                     build (re-using build/venv), then smoke-test it
#   PYTHON=python3.12 tools/build-bundle.sh   make build/venv with another interpreter
#
# Linux and macOS: run as is (the bundle is built for the system it is built on). Windows:
# run it from Git Bash with PYTHON=py (the venv's Scripts\ and hexweave.exe are found), or
# by hand in a Command Prompt:
#   py -3.11 -m venv build\venv
#   build\venv\Scripts\python -m pip install . "pyinstaller>=6.10,<7"
#   build\venv\Scripts\python -m PyInstaller --noconfirm --clean --distpath dist
#       --workpath build\pyinstaller packaging\hexweave.spec
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
VENV="build/venv"
PYINSTALLER="pyinstaller>=6.10,<7"
SPEC="packaging/hexweave.spec"
DIST="dist"
WORK="build/pyinstaller"
LOG="build/pip.log"

venv_python() {
    if [ -x "$VENV/Scripts/python.exe" ]; then
        echo "$VENV/Scripts/python.exe"
    else
        echo "$VENV/bin/python"
    fi
}

if [ ! -x "$VENV/bin/python" ] && [ ! -x "$VENV/Scripts/python.exe" ]; then
    echo "== creating $VENV with $PYTHON"
    "$PYTHON" -m venv "$VENV"
fi
VPY="$(venv_python)"

quietly() {  # run "$@" with its output in $LOG, shown only if it fails
    if ! "$@" >"$LOG" 2>&1; then
        cat "$LOG"
        echo "build-bundle.sh: failed: $*" >&2
        exit 1
    fi
}

echo "== installing the project (not editable) and $PYINSTALLER into $VENV (log: $LOG)"
quietly "$VPY" -m pip install --upgrade pip
# setuptools builds in build/lib and never removes a file deleted from the tree since.
rm -rf build/lib build/bdist.*
quietly "$VPY" -m pip install . "$PYINSTALLER"
# The same version number would count as installed: put this tree's code in for sure.
quietly "$VPY" -m pip install --no-deps --force-reinstall .

echo "== PyInstaller $SPEC"
"$VPY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$WORK" "$SPEC"

BUNDLE="$DIST/hexweave"
EXE="$BUNDLE/hexweave"
if [ -x "$EXE.exe" ]; then
    EXE="$EXE.exe"  # Windows
fi

echo "== smoke test of $EXE"
"$EXE" --version
"$EXE" check assets/maps/demo.hexmap
OUT="$WORK/smoke-demo.png"
"$EXE" export assets/maps/demo.hexmap -o "$OUT"
test -s "$OUT"

echo "== built $BUNDLE ($(du -sh "$BUNDLE" | cut -f1))"
