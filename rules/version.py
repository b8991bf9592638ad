"""The version of Hexweave's rules package (and of the app that ships it): written into
every saved map as ``app_version`` and shown by ``hexweave --version``. It is the one in
pyproject.toml; a test keeps the two equal."""

__version__ = "0.7.0"
