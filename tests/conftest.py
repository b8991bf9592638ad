"""Shared fixtures: Qt runs offscreen; settings, autosaves and libraries live in a sandbox."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never touch the user's own settings, autosaves or template library.
_SANDBOX = tempfile.mkdtemp(prefix="hexweave-tests-")
atexit.register(shutil.rmtree, _SANDBOX, ignore_errors=True)
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SANDBOX, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SANDBOX, "data")


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded random generator, so rolls in tests are repeatable."""
    return np.random.default_rng(7)


@pytest.fixture
def repo_root() -> Path:
    """The repository's top folder."""
    return Path(__file__).resolve().parent.parent
