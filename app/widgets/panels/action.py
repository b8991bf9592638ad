"""ActionPanel: one conflict action's dice, every modifier with its source, the exact chance
and a distribution chart, and Roll — or type in dice rolled at the table (issue #7).

The panel only shows the rules' plan (:class:`rules.actions.ActionPlan`) for the
:class:`~rules.actions.ActionRequest` its inputs make; what it asks depends on the action
(``ActionSpec.asks``: a part, a number, a choice; weapons for attacks). Any change of an
input plans again. Roll and Apply go through :class:`~app.controllers.conflict.ConflictController`
(one undo step each); the outcome is shown below with its reasons, while the map still
holds it (the owner clears it on Undo: :meth:`ActionPanel.clear_outcome`).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.widgets.panels.common import spin_box
from app.widgets.panels.odds_chart import OddsChart
from rules.actions import (
    CALLED_SHOT_PARTS,
    DEFENCE_SKILLS,
    MINOR_STRIKES,
    ActionOutcome,
    ActionPlan,
    ActionRequest,
    ActionSpec,
    DicePool,
    Weapon,
    result_distribution,
    rolls_each_occupant,
    spec_of,
)

__all__ = ["ActionPanel", "breakdown_html", "parse_faces"]

ATTACKS = (
    "strike",
    "called_shot",
    "rapid_strike",
    "charge",
    "space_attack",
    "object_attack",
    "area_attack",
)
NUMBERS = {  # what the Number box means for each action that asks one, and its default
    "rapid_strike": ("Declared number", 1),
    "disarm": ("Gripping limbs", 1),
    "tackle": ("Spaces moved", 1),
    "distract": ("They expect it (1 = yes)", 0),
    "hinder_movement": ("Into or out of my space (1 = yes)", 0),
    "ready": ("Minutes held (0 = Ready it now)", 0),
    "manifest": ("Boosted (1 = yes)", 0),
}
NO_PART = "(no part)"
NO_CHOICE = "(none)"
REQUIRED_CHOICE = ("hamper", "distract", "object_attack", "area_attack", "manifest", "ready")
FROM_SKILL = -1  # a dice spin box at this value means "the Skill's Tier"
OVERPOWER_DEFENCES = ("Athletics", "Elude")


def parse_faces(text: str) -> list[int]:
    """``"7 3 12"`` or ``"7,3,12"`` → ``[7, 3, 12]``; ``ValueError`` with what is wrong."""
    parts = text.replace(",", " ").split()
    faces = []
    for part in parts:
        if not part.isdigit() or not 1 <= int(part) <= 12:
            raise ValueError(f"{part!r} is not a d12 face (1..12)")
        faces.append(int(part))
    return faces


def _pool_html(title: str, pool: DicePool) -> str:
    rows = "".join(
        f"<tr><td align='right'><b>{m.amount:+d}</b></td><td>{m.reason}</td></tr>"
        for m in pool.modifiers
    )
    return f"<p><b>{title}: {pool.label()}</b></p>" + (f"<table>{rows}</table>" if rows else "")


def breakdown_html(plan: ActionPlan, names: dict[str, str]) -> str:
    """The plan's pools, each term with its source, the DL and notes, as rich text."""
    parts = []
    if plan.attack is not None:
        parts.append(_pool_html(f"Attack ({names.get(plan.attack.who, '')})", plan.attack))
        parts.append(f"<p>DL {plan.dl}</p>")
    for pool in plan.defences:
        parts.append(_pool_html(f"Defence ({names.get(pool.who, '')})", pool))
    if plan.damage is not None:
        needs = 3 + plan.request.weapon.reduction
        dice = max(0, plan.damage.dice)
        parts.append(f"<p><b>Damage on a hit: {dice}d12</b> (Injury = faces ≥ {needs}, Q24)</p>")
    if plan.notes:
        parts.append("<ul>" + "".join(f"<li>{n}</li>" for n in plan.notes) + "</ul>")
    return "".join(parts)


class ActionPanel(QWidget):
    """The action being prepared: inputs, breakdown, odds, Roll / typed dice, outcome."""

    roll_requested = Signal(object)  # ActionRequest
    dice_entered = Signal(object, object, object, object)  # request, attack, defences, damage
    request_changed = Signal(object)  # ActionRequest: for the range bands
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.request: ActionRequest | None = None
        self.plan: ActionPlan | None = None
        self.shown_outcome: ActionOutcome | None = None  # the outcome the text shows
        self._names: dict[str, str] = {}
        self._syncing = False
        self._shown: tuple[str, ...] = ()
        layout = QVBoxLayout(self)
        self.title = QLabel("Choose an action: right-click a creature → Actions")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setPointSize(font.pointSize() + 3)
        font.setBold(True)
        self.title.setFont(font)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setStyleSheet("color: palette(dark); font-style: italic")
        layout.addWidget(self.title)
        layout.addWidget(self.source)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("border: 2px solid #D55E00; padding: 4px; font-weight: bold")
        layout.addWidget(self.refusal)
        self.chance = QLabel()
        big = self.chance.font()
        big.setPointSize(big.pointSize() + 4)
        big.setBold(True)
        self.chance.setFont(big)
        layout.addWidget(self.chance)
        self._build_roll_row(layout)  # the odds and Roll first: they must show at 720 px
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.outcome)
        self._build_inputs(layout)
        self.breakdown = QLabel()
        self.breakdown.setWordWrap(True)
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.breakdown)
        self.chart = OddsChart()
        layout.addWidget(self.chart)
        self._build_typed_dice(layout)
        layout.addStretch(1)
        self._show_plan(None)

    # -- building ------------------------------------------------------------------------------
    def _build_inputs(self, layout: QVBoxLayout) -> None:
        form = QFormLayout()
        self.form = form
        self.attack_dice = spin_box(
            FROM_SKILL, 30, FROM_SKILL, "Dice to roll (the Skill's Tier by default)", "from Skill"
        )
        self.defence_skill = QComboBox()
        self.defence_skill.setToolTip("The defender chooses the Skill it defends with (Q3)")
        self.defence_dice = spin_box(
            FROM_SKILL, 30, FROM_SKILL, "The defender's dice", "from Skill"
        )
        self.ranged = QCheckBox("Ranged")
        self.ranged.setToolTip("A ranged weapon: −1 per extra range increment [S002]")
        self.lightweight = QCheckBox("Lightweight")
        self.lightweight.setToolTip(
            "A Lightweight weapon: no extra −1d12 as a Rapid Strike Minor Action, and one "
            "size smaller for a targeted attack on a space [S002]"
        )
        self.charging = QCheckBox("as a Charge")
        self.charging.setToolTip(
            "'After moving 2 consecutive spaces, if you have used Dash this turn, use an action "
            "that includes using a Strike or Overpower, gain +1 on the attack roll' — and −1 on "
            "physical defences for 1 round; the turn ends after the attack [S002]"
        )
        self.minor = QCheckBox("as a Minor Action (Rapid Strike)")
        self.minor.setToolTip(
            "After declaring a Rapid Strike: 'Up to the declared number times this turn, you "
            "can use any Strike or Overpower as a Minor Action' — the limb cannot attack "
            "again this round [S002]"
        )
        self.weapon_range = spin_box(1, 200, 6, "The weapon's range in spaces")
        self.kind = QComboBox()
        self.kind.addItems(["launched", "thrown"])
        self.kind.setToolTip("Thrown: up to 5 extra increments; launched: up to 15 [S002]")
        self.damage = spin_box(0, 30, 2, "Damage dice of the weapon [ASSUMPTION] 2d12 by default")
        self.reduction = spin_box(0, 12, 0, "The target's Reduction: faces need ≥ 3 + it (Q24)")
        self.part = QComboBox()
        self.part.addItems(list(CALLED_SHOT_PARTS))
        self.part.setToolTip("The part to strike: the margin over the defence it needs [S002]")
        self.number = spin_box(0, 12, 1, "The number declared")
        self.choice = QComboBox()
        self.area = QComboBox()
        self.area.setToolTip("The pinned Area whose subjects are attacked (Areas panel)")
        weapon_row = QHBoxLayout()
        for w in (self.ranged, self.weapon_range, self.kind):
            weapon_row.addWidget(w)
        self._rows = {
            "attack_dice": ("Attack dice", self.attack_dice),
            "defence_skill": ("Defends with", self.defence_skill),
            "defence_dice": ("Defence dice", self.defence_dice),
            "weapon": ("Weapon", weapon_row),
            "lightweight": ("", self.lightweight),
            "damage": ("Damage dice", self.damage),
            "reduction": ("Reduction", self.reduction),
            "part": ("Part", self.part),
            "number": ("Number", self.number),
            "choice": ("Choice", self.choice),
            "area": ("Area", self.area),
            "minor": ("Action cost", self.minor),
            "charging": ("", self.charging),
        }
        for label, widget in self._rows.values():
            form.addRow(label, widget)
        layout.addLayout(form)
        for spin in (
            self.attack_dice,
            self.defence_dice,
            self.weapon_range,
            self.damage,
            self.reduction,
            self.number,
        ):
            spin.valueChanged.connect(self._inputs_changed)
        for combo in (self.defence_skill, self.kind, self.part, self.choice):
            combo.currentIndexChanged.connect(self._inputs_changed)
        for box in (self.ranged, self.lightweight, self.minor, self.charging):
            box.toggled.connect(self._inputs_changed)

    def _build_roll_row(self, layout: QVBoxLayout) -> None:
        row = QHBoxLayout()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setToolTip("Roll with the map's dice and apply the result (Ctrl+Shift+R)")
        self.roll_button.clicked.connect(self._roll)
        bold = self.roll_button.font()
        bold.setBold(True)
        bold.setPointSize(bold.pointSize() + 2)
        self.roll_button.setFont(bold)
        self.cancel_button = QPushButton("Close")
        self.cancel_button.setToolTip("Put this action away (Esc on the map cancels a pick)")
        self.cancel_button.clicked.connect(self.cancelled.emit)
        row.addWidget(self.roll_button, 2)
        row.addWidget(self.cancel_button, 1)
        layout.addLayout(row)

    def _build_typed_dice(self, layout: QVBoxLayout) -> None:
        typed = QFormLayout()
        self.attack_faces = QLineEdit()
        self.defence_faces = QLineEdit()
        self.damage_faces = QLineEdit()
        for edit, what in (
            (self.attack_faces, "attack"),
            (self.defence_faces, "defence"),
            (self.damage_faces, "damage"),
        ):
            edit.setPlaceholderText(f"{what} faces rolled at the table, e.g. 7 3 12")
            edit.setToolTip(f"Type the {what} dice rolled at the table, separated by spaces")
        typed.addRow("Attack faces", self.attack_faces)
        typed.addRow("Defence faces", self.defence_faces)
        typed.addRow("Damage faces", self.damage_faces)
        self.apply_typed = QPushButton("Apply typed dice")
        self.apply_typed.setToolTip("Use the dice rolled at the table instead of rolling")
        self.apply_typed.clicked.connect(self._apply_typed)
        typed.addRow(self.apply_typed)
        layout.addLayout(typed)

    # -- showing a request ---------------------------------------------------------------------
    def start(self, request: ActionRequest, names: dict[str, str]) -> None:
        """Prepare ``request`` (from the Actions menu and the map picks)."""
        self._names = dict(names)
        self.request = request
        self.clear_outcome()
        for edit in (self.attack_faces, self.defence_faces, self.damage_faces):
            edit.clear()
        self._syncing = True
        self.attack_dice.setValue(FROM_SKILL)
        self.defence_dice.setValue(FROM_SKILL)
        self.number.setValue(request.number or NUMBERS.get(request.key, ("", 1))[1])
        self.minor.setChecked(request.minor)
        self.charging.setChecked(request.charging)
        self._sync_for_spec(spec_of(request.key))  # so current_request() reads its inputs
        self._syncing = False

    def show_plan(self, plan: ActionPlan | None, names: dict[str, str] | None = None) -> None:
        """Show ``plan`` (re-planned by the owner after any change)."""
        if names is not None:
            self._names = dict(names)
        self._show_plan(plan)

    def _show_plan(self, plan: ActionPlan | None) -> None:
        self.plan = plan
        active = plan is not None
        each = plan is not None and rolls_each_occupant(plan)
        self.roll_button.setEnabled(active and (plan.allowed or each))  # type: ignore[union-attr]
        self.apply_typed.setEnabled(active and plan.allowed)  # type: ignore[union-attr]
        if plan is None:
            self.source.clear()
            self.refusal.hide()
            self.breakdown.clear()
            self.chance.clear()
            self.chart.hide()
            self._show_rows(())
            return
        self.title.setText(self._title(plan))
        self.source.setText(f"“{plan.spec.source}” [S002]")
        self._sync_inputs(plan)
        self.refusal.setVisible(not plan.allowed)
        self.refusal.setText(f"⚠ Not possible: {plan.refusal}" if plan.refusal else "")
        self.breakdown.setText(breakdown_html(plan, self._names))
        self._show_odds(plan)

    def _title(self, plan: ActionPlan) -> str:
        who = self._names.get(plan.request.actor, plan.request.actor)
        targets = [self._names.get(t, t) for t in plan.targets]
        arrow = f" → {', '.join(targets)}" if targets else ""
        return f"{plan.spec.title} — {who}{arrow}"

    def _show_odds(self, plan: ActionPlan) -> None:
        roll = "Apply" if plan.attack is None else f"Roll {plan.attack.label()}"
        self.roll_button.setText(roll)
        if rolls_each_occupant(plan):
            self.roll_button.setText("Roll for every occupant")
            self.chance.setText("The Soulweaver rolls for each occupant; doubles attack")
            self.chart.hide()
            return
        if plan.attack is None:
            self.chance.setText("No roll: it simply happens")
            self.chart.hide()
            return
        p = plan.chance()
        self.chance.setText(f"Chance of success: {float(p):.1%}")
        self.chance.setToolTip(f"Exactly {p} (ties go to the defender, Q2)")
        defence = None
        if plan.defences:
            pool = plan.defences[0]
            defence = result_distribution(max(0, pool.dice), pool.modifier)
        self.chart.set_distribution(plan.distribution(), plan.dl, defence)
        self.chart.show()

    def _show_rows(self, keys: tuple[str, ...]) -> None:
        self._shown = keys
        for key, (_label, widget) in self._rows.items():
            self.form.setRowVisible(widget, key in keys)  # type: ignore[arg-type]

    def _sync_inputs(self, plan: ActionPlan) -> None:
        """The rows ``plan`` needs: its action's (:meth:`_sync_for_spec`), the attack dice
        when it rolls one, the defence's when it has one."""
        keys = ["attack_dice"] if plan.attack is not None else []
        if plan.defences:
            keys += ["defence_skill", "defence_dice"]
        self._sync_for_spec(plan.spec, tuple(keys))

    def _sync_for_spec(self, spec: ActionSpec, planned: tuple[str, ...] = ()) -> None:
        """What the action ``spec`` asks, before any plan: the defence Skills, choices and
        parts offered, the Number's label, and its rows (with ``planned``'s)."""
        keys = list(planned)
        if spec.key in ATTACKS:
            keys += ["weapon", "lightweight", "damage", "reduction"]
        keys += [k for k in ("part", "number") if k in spec.asks]
        if spec.choices:
            keys.append("choice")
        if spec.target == "area":
            keys.append("area")
        if spec.group == "Overpower" or spec.key in MINOR_STRIKES:
            keys += ["minor", "charging"]
        syncing, self._syncing = self._syncing, True
        skills = DEFENCE_SKILLS if spec.key in ATTACKS else OVERPOWER_DEFENCES
        _fill(self.defence_skill, skills)
        optional = () if spec.key in REQUIRED_CHOICE else (NO_CHOICE,)
        _fill(self.choice, (*optional, *spec.choices))
        parts = tuple(CALLED_SHOT_PARTS)
        _fill(self.part, parts if spec.key == "called_shot" else (NO_PART, *parts))
        self._syncing = syncing
        self._show_rows(tuple(keys))
        label = self.form.labelForField(self.number)
        if label is not None:
            label.setText(NUMBERS.get(spec.key, ("Number", 0))[0])  # type: ignore[attr-defined]

    # -- inputs → request --------------------------------------------------------------------
    def current_request(self) -> ActionRequest | None:
        """The request the inputs make now."""
        if self.request is None:
            return None
        weapon = Weapon(
            range=self.weapon_range.value() if self.ranged.isChecked() else None,
            kind=self.kind.currentText(),
            damage=self.damage.value(),
            reduction=self.reduction.value(),
            lightweight=self.lightweight.isChecked(),
        )
        spec_asks = spec_of(self.request.key).asks
        return replace(
            self.request,
            weapon=weapon,
            attack_dice=_dice(self.attack_dice),
            defence_dice=_dice(self.defence_dice),
            defence_skill=self.defence_skill.currentText() or None,
            part=_chosen(self.part, NO_PART) if "part" in spec_asks else self.request.part,
            number=self.number.value() if "number" in spec_asks else self.request.number,
            choice=_chosen(self.choice, NO_CHOICE),
            minor=self.minor.isChecked() and "minor" in self._shown,
            charging=self.charging.isChecked() and "charging" in self._shown,
        )

    def _inputs_changed(self) -> None:
        if self._syncing or self.request is None:
            return
        self.request = self.current_request()
        self.request_changed.emit(self.request)

    def _roll(self) -> None:
        request = self.current_request()
        if request is not None:
            self.roll_requested.emit(request)

    def _apply_typed(self) -> None:
        request, plan = self.current_request(), self.plan
        if request is None or plan is None:
            return
        try:
            attack = parse_faces(self.attack_faces.text()) if plan.attack is not None else None
            defences = [parse_faces(self.defence_faces.text())] if plan.defences else []
            damage = [parse_faces(self.damage_faces.text())] if plan.damage is not None else []
        except ValueError as error:
            self.show_message(f"Typed dice: {error}")
            return
        if len(plan.defences) > 1:
            defences = defences * len(plan.defences)
        self.dice_entered.emit(request, attack, defences, damage or [None] * len(plan.targets))

    def show_outcome(self, outcome: ActionOutcome) -> None:
        """The result of a roll: the summary and every reason."""
        self.shown_outcome = outcome
        hit = "✔" if all(outcome.succeeded) else "✘" if not any(outcome.succeeded) else "◐"
        items = "".join(f"<li>{r}</li>" for r in outcome.reasons)
        dice = "".join(f"<li><tt>{e.text()}</tt></li>" for e in outcome.log)
        self.outcome.setText(
            f"<p><b>{hit} {outcome.summary}</b></p><ul>{items}</ul><p>Dice:</p><ul>{dice}</ul>"
        )

    def clear_outcome(self) -> None:
        """Take the outcome away (its action was undone, or another one begins)."""
        self.shown_outcome = None
        self.outcome.clear()

    def show_message(self, text: str) -> None:
        """A refusal or problem from the actions, shown where the outcome goes."""
        self.shown_outcome = None
        self.outcome.setText(f"<b>⚠ {text}</b>")


def _chosen(combo: QComboBox, none: str) -> str | None:
    text = combo.currentText()
    return None if not text or text == none else text


def _dice(spin: QSpinBox) -> int | None:
    return None if spin.value() == FROM_SKILL else spin.value()


def _fill(combo: QComboBox, items: tuple[str, ...]) -> None:
    if tuple(combo.itemText(i) for i in range(combo.count())) == tuple(items):
        return
    current = combo.currentText()
    combo.clear()
    combo.addItems(list(items))
    if current in items:
        combo.setCurrentText(current)
    combo.setEnabled(bool(items))
