"""The one-folder app's entry point (packaging/hexweave.spec): what the installed
``hexweave`` command runs, :func:`app.main.main`."""

import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
