"""Rendering a map without a window: PNG, PDF and SVG (File → Export… and ``hexweave export``)."""
