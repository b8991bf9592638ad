"""The one-folder app's entry point (packaging/hexweave.spec): what the installed
``hexweave`` command runs, :func:`app.main.main`.

Started with no locale at all (``env -i``, a bare service, a double-click on a desktop
that sets none), Qt warns on standard error that it switched to UTF-8; the bundle says
so itself, quietly, by asking for ``C.UTF-8`` when nothing names a locale.
"""

import os
import sys

if not any(os.environ.get(name) for name in ("LC_ALL", "LC_CTYPE", "LANG")):
    os.environ["LC_CTYPE"] = "C.UTF-8"

from app.main import main  # after the locale: Qt reads it as it starts

if __name__ == "__main__":
    sys.exit(main())
