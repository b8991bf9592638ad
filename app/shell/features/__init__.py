"""Features: one concern's docks, menus and tools, built with explicit dependencies."""
