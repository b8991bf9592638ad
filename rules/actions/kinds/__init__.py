"""The registered conflict-action kinds of seed 002, each adding its entries to
:data:`rules.actions.ACTIONS` when imported (:mod:`rules.actions.flow` imports them all):
Strike (:mod:`~rules.actions.kinds.attack`), Area attacks (:mod:`~rules.actions.kinds.area`),
Shove, Escape and Tackle (:mod:`~rules.actions.kinds.overpower`,
:mod:`~rules.actions.kinds.tackle`), Grab, Grapple and the stomach
(:mod:`~rules.actions.kinds.hold`), and the tactics (:mod:`~rules.actions.kinds.tactics`,
:mod:`~rules.actions.kinds.manifest`)."""
