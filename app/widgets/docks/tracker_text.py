"""Texts of the Turn Order dock: the round line, the order's rows, why a button is off,
and the panel of a turn's changes and rolls due (:mod:`app.widgets.docks.tracker`)."""

from __future__ import annotations

from html import escape

from app.controllers.turns import actor_name, clock, join_problem
from rules import Board
from rules.turns import SOULWEAVER, Participant, TurnState, actor


def round_text(turn: TurnState) -> str:
    """The header: "Round 3 · 0:10", or what to do before the conflict starts."""
    if turn.started:
        return f"Round {turn.round} · {clock(turn)}"
    if turn.order:
        return f"Not started · {len(turn.order)} in the order"
    return "No conflict"


def row_text(board: Board, p: Participant, current: bool) -> str:
    """A list row: ▶ for the creature acting, its name, Zeal result, and "waiting"."""
    marker = "▶" if current else "\u2003"
    text = f"{marker} {actor_name(board, p.token_id)}  ·  Zeal {p.zeal}"
    return text + "  ·  ‖ waiting" if p.waiting else text


def button_reasons(
    board: Board, selected: list[str], chosen: str | None, typed: int | None
) -> dict[str, str | None]:
    """Why each button is disabled (``None``: enabled), for the map ``selected`` ids, the
    creature ``chosen`` in the list and the ``typed`` Zeal result."""
    turn = board.turn
    now = actor(turn)
    not_started = "Add creatures, then Start" if not turn.order else "Press Start first"
    problems = [join_problem(board, turn, i) for i in selected]
    pick = turn.participant(chosen) if chosen in turn.ids() else None
    return {
        "add": _first(
            (not selected, "Select creatures on the map first"),
            (all(problems), next(iter(problems), None) or ""),
        ),
        "remove": _first((pick is None, "Select a creature in the list")),
        "start": _first(
            (turn.started, f"Already under way: Round {turn.round}"),
            (not turn.order, "Add creatures first"),
        ),
        "end": _first((not turn.order and not turn.started, "No conflict: the order is empty")),
        "next": _first((not turn.started, not_started)),
        "wait": _first(
            (now is None, not_started), (now == SOULWEAVER, "The Soulweaver cannot wait")
        ),
        "act_now": _first(
            (now is None, not_started),
            (pick is None or not pick.waiting, "Select a waiting creature in the list"),
            (
                now == SOULWEAVER,
                "Too late: at the Soulweaver's turn a waiting creature has no turn",
            ),
        ),
        "set_zeal": _first(
            (turn.started, "Priority is fixed once the conflict has started"),
            (pick is None, "Select a creature in the list"),
            (typed is None, "Type a Zeal result first"),
        ),
    }


def _first(*checks: tuple[bool, str]) -> str | None:
    """The reason of the first check that failed, or ``None``."""
    return next((reason for failed, reason in checks if failed), None)


def panel_html(name: str, changes: tuple[str, ...], reminders: tuple[str, ...]) -> str:
    parts = [f"<p style='margin:0'><b>{escape(name)}'s turn</b></p>"]
    if changes:
        parts.append("<p style='margin:6px 0 0 0'><b>As it began</b></p>" + bullets(changes))
    if reminders:
        parts.append("<p style='margin:6px 0 0 0'><b>Rolls due</b></p>" + bullets(reminders))
    else:
        parts.append("<p style='margin:6px 0 0 0'><i>No rolls due</i></p>")
    return "".join(parts)


def bullets(lines: tuple[str, ...]) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f"<ul style='margin:0 0 0 -18px'>{items}</ul>"
