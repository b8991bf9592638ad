"""``python -m app`` does what the ``hexweave`` command does."""

import sys

from app.main import main

sys.exit(main())
