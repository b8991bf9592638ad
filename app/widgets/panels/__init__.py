"""Panels: widgets shown inside docks and dialogs."""
