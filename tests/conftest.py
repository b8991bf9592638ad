"""Shared fixtures: Qt runs offscreen; every test gets a fresh settings file."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import numpy as np
import pytest


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded random generator, so rolls in tests are repeatable."""
    return np.random.default_rng(7)


@pytest.fixture
def repo_root() -> Path:
    """The repository's top folder."""
    return Path(__file__).resolve().parent.parent
