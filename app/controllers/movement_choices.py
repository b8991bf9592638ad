"""What a token's movement menu offers right now: each entry's text (with its cost),
whether it is allowed, why not, and whether it is the current one.

Asked of the rules (:mod:`rules.movement.stance`), never decided here; both the token's context
menu and the window's Movement menu show these, and
:meth:`app.controllers.movement.MovementController.choose` runs them by id.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules.movement as movement_rules  # a lazy face: the movement rules load on first use
from rules import Board, Token
from rules.board import MODES, PACES, POSTURES

POSTURE_WORDS = {"standing": "Stand", "crouching": "Crouch", "prone": "Go prone"}
PACE_WORDS = {"walk": "Walk", "dash": "Dash", "run": "Run"}
MODE_WORDS = {"ground": "On the ground", "fly": "Fly", "burrow": "Burrow", "climb": "Climb"}
PACE_TIPS = {
    "walk": "Walking: each Movement buys 1 space of cost",
    "dash": "Dash (Major Action): each Movement moves 1 extra space; +1 sound; +4 Jump",
    "run": "Run (Major Action): each Movement moves 2 extra spaces; +2 sound; +8 Jump; "
    "no Minor Actions",
}
TOOL_TIPS = {
    "jump": "Long or high jump: type or roll the result, then click a landing space",
    "fall": "The fall from this height: stages, turns to land, landing, Collision damage",
    "shove": "Push it along an edge facing: blind attacks, where it stops, Collision damage",
}


@dataclass(frozen=True)
class Choice:
    """One menu entry: ``id`` for :meth:`MovementController.choose` (or "jump", "fall",
    "shove"), its text, whether it may be chosen, the tooltip (why not, or what it does),
    and ``checked`` (``None``: not a checkable entry)."""

    id: str
    text: str
    enabled: bool
    tip: str
    checked: bool | None = None


def cost_text(cost: int) -> str:
    """``"free"`` or ``"2 Movement"``."""
    return "free" if cost == 0 else f"{cost} Movement"


def token_choices(board: Board, token_id: str) -> tuple[Choice, ...]:
    """Every movement entry for ``token_id`` on ``board``, in menu order."""
    token = board.token(token_id)
    return (
        *_postures(board, token),
        _stop(board, token),
        Choice(
            "amble", "Amble (+1 cost a space, quieter)", True, _amble_tip(token), token.motion.amble
        ),
        *_paces(board, token),
        *_modes(board, token),
        *_heights(board, token),
        *_tools(token),
    )


def idle_choices(reason: str) -> tuple[Choice, ...]:
    """The same entries with no token to act on: all disabled, ``reason`` as the tip."""
    texts = {
        **{f"posture.{p}": POSTURE_WORDS[p] for p in POSTURES},
        "stop": "Stop moving (1 Movement)",
        "amble": "Amble (+1 cost a space, quieter)",
        **{f"pace.{p}": PACE_WORDS[p] for p in PACES},
        **{f"mode.{m}": MODE_WORDS[m] for m in MODES},
        "altitude.up": "Rise 1",
        "altitude.down": "Descend 1",
        "jump": "Jump…",
        "fall": "Fall…",
        "shove": "Shove…",
    }
    checkable = ("posture.", "pace.", "mode.", "amble")
    return tuple(
        Choice(i, text, False, reason, False if i.startswith(checkable) else None)
        for i, text in texts.items()
    )


def _postures(board: Board, token: Token) -> list[Choice]:
    now = movement_rules.posture_of(token)
    choices = []
    for posture in POSTURES:
        word, choice_id = POSTURE_WORDS[posture], f"posture.{posture}"
        if posture == now == "standing":
            choices.append(Choice(choice_id, word, False, f"{token.name} is standing", True))
        elif posture == now:
            stand = movement_rules.change_posture(board, token.id, "standing")
            tip = (
                f"{token.name} is {posture}: choose it again to stand ({cost_text(stand.cost)})"
                if stand.allowed
                else f"{token.name} is {posture} and cannot stand: {stand.refusal}"
            )
            choices.append(Choice(choice_id, word, stand.allowed, tip, True))
        else:
            change = movement_rules.change_posture(board, token.id, posture)
            cost, note = movement_rules.POSTURE_COSTS[(now, posture)]
            text = f"{word} ({cost_text(cost)})"
            choices.append(Choice(choice_id, text, change.allowed, change.refusal or note, False))
    return choices


def _stop(board: Board, token: Token) -> Choice:
    change = movement_rules.stop_moving(board, token.id)
    tip = change.refusal or "Pay 1 Movement to stop moving [S001]"
    return Choice("stop", "Stop moving (1 Movement)", change.allowed, tip)


def _amble_tip(token: Token) -> str:
    state = "on" if token.motion.amble else "off"
    return f"Amble is {state}: +1 Movement cost a space, −1 sound Magnitude for 1 round [S001]"


def _paces(board: Board, token: Token) -> list[Choice]:
    choices = []
    for pace in PACES:
        change = movement_rules.change_pace(board, token.id, pace)
        text = PACE_WORDS[pace] + ("" if pace == "walk" else " (Major Action)")
        tip = change.refusal or PACE_TIPS[pace]
        choices.append(Choice(f"pace.{pace}", text, change.allowed, tip, token.motion.pace == pace))
    return choices


def _modes(board: Board, token: Token) -> list[Choice]:
    choices = []
    for mode in MODES:
        if mode == token.motion.mode:
            tip = f"{token.name} is {token.motion.describe()}"
            choices.append(Choice(f"mode.{mode}", MODE_WORDS[mode], False, tip, True))
            continue
        change = movement_rules.change_mode(board, token.id, mode)
        tip = change.refusal or (change.notes[0] if change.notes else f"{MODE_WORDS[mode]}: free")
        choices.append(Choice(f"mode.{mode}", MODE_WORDS[mode], change.allowed, tip, False))
    return choices


def _cost_words(cost: int) -> str:
    """``"2 Movement"``, or ``"free"``."""
    return f"{cost} Movement" if cost else "free"


def _heights(board: Board, token: Token) -> list[Choice]:
    rise, descend = (
        movement_rules.change_altitude(board, token.id, 1),
        movement_rules.change_altitude(board, token.id, -1),
    )
    return [
        Choice(
            "altitude.up",
            f"Rise 1 ({_cost_words(rise.cost)})" if rise.allowed else "Rise 1",
            rise.allowed,
            rise.refusal or f"{token.name} is {token.motion.altitude} up; {rise.notes[0]}",
        ),
        Choice(
            "altitude.down",
            f"Descend 1 ({_cost_words(descend.cost)})" if descend.allowed else "Descend 1",
            descend.allowed,
            descend.refusal or f"{token.name} is {token.motion.altitude} up; {descend.notes[0]}",
        ),
    ]


def _tools(token: Token) -> list[Choice]:
    motion = token.motion
    jump_tip = (
        f"{token.name} is {motion.describe()}: a Jump starts on the ground"
        if motion.airborne
        else TOOL_TIPS["jump"]
    )
    fall_tip = (
        f"{token.name} is on the ground: nothing to fall"
        if motion.altitude <= 0
        else f"{token.name} is {motion.altitude} up. " + TOOL_TIPS["fall"]
    )
    return [
        Choice("jump", "Jump…", not motion.airborne, jump_tip),
        Choice("fall", "Fall…", motion.altitude > 0, fall_tip),
        Choice("shove", "Shove…", True, TOOL_TIPS["shove"]),
    ]
