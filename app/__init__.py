"""Hexweave's desktop app (PySide6). Reads the document, draws it, turns gestures into intents."""
