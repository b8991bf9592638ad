"""A structure-aware fuzz of the map loader (issue #14), not collected by pytest: the
mutators (:mod:`tests.fuzz.mutate`) and the harness (``python -m tests.fuzz.run``)."""
