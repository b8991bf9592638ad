"""The status bar's zoom readout: a percent a person can read at every zoom, in a label
that keeps its width (the hex readout beside it stays put)."""

from __future__ import annotations

import pytest

from app.shell.main_window import MainWindow
from app.widgets.map_view import MAX_SCALE, MIN_SCALE, zoom_text


@pytest.mark.parametrize(
    ("scale", "text"),
    [
        (MAX_SCALE, "800 %"),
        (1.0, "100 %"),
        (0.16, "16 %"),
        (0.1, "10 %"),
        (0.04, "4.0 %"),
        (MIN_SCALE, "0.5 %"),
    ],
)
def test_zoom_text_says_whole_percent_and_a_decimal_below_ten(scale: float, text: str) -> None:
    assert zoom_text(scale) == text


def test_the_readout_follows_the_zoom_and_keeps_its_width(window: MainWindow) -> None:
    label = window.zoom_label
    widths = set()
    for scale in (MIN_SCALE, 0.04, 0.16, 1.0, MAX_SCALE):
        window.view.set_zoom(scale)
        assert label.text() == zoom_text(scale)
        widths.add(label.width())
        # Never narrower than its text: nothing of "800 %" is cut off.
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    assert len(widths) == 1
    assert label.toolTip()
