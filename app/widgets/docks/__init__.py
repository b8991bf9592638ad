"""Docks: the main window's dockable panes."""
