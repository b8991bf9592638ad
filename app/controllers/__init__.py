"""Edits of the open map: an intent becomes one rules call and one undo step, or a refusal."""
