"""The forms of the match pages: starting a match, its rules, what every entry form shares, and
the events other than hands (each game's hand form is in `scoring.hand_forms`).

Forms only check what a form can check (a whole number, a required choice, cards that are cards);
the rules of the game are the engine's, and its refusals (`MatchError`) are put back on the form
next to the field at fault by `base.errors.on_form` (through a form's `add_refusal`).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from typing import TypedDict, cast

from django import forms
from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from base.errors import ServiceError
from clubs import validators
from clubs.models import Player
from scoring.engine import EngineError, RuleSetError, rules_for
from scoring.engine.cards import count_points
from scoring.engine.rules import (
    BOOL,
    CHOICE,
    INT,
    MONEY,
    OPTIONAL_INT,
    OptionInfo,
    Options,
    OptionValue,
)
from scoring.games import all_games, game_presets
from scoring.rule_words import PRESET_LABELS, option_choices, option_label, rule_refusal
from scoring.services import MatchError, MatchMovedOn

MAX_SEATS = 6

NOT_IN_PLAY_NOW = _("This player is no longer in play: reload the page.")
NUMERIC = {
    "inputmode": "numeric",
    "pattern": "[0-9]*",
    "autocomplete": "off",
    "enterkeyhint": "next",
}


DEFAULT_START_PRESET = "scala40"


def cards_field(example: str) -> forms.CharField:
    """The card-counting helper's field: cards as text (`example`: "8h Kd JK"), counted by the
    engine's cards module with the game's values (`counted_cards`)."""
    return forms.CharField(
        label=_("Cards"),
        max_length=200,
        required=False,
        widget=forms.TextInput(
            attrs={"placeholder": example, "autocomplete": "off", "spellcheck": "false"}
        ),
    )


def counted_cards(form: forms.Form, game: str, rules: Options, field: str) -> int | None:
    """The points of the cards typed in the card-counting helper's `field`, with `game`'s
    values; None when nothing is typed, or when the engine refuses the cards (its refusal then
    stands beside the field)."""
    text = (form.cleaned_data.get(field) or "").strip()
    if not text:
        return None
    try:
        return count_points(game, text, ace_alone_is_one=bool(rules.get("ace_alone_is_one")))
    except EngineError as error:
        form.add_error(field, error.translated(gettext))
        return None


def preset_from(data) -> str:
    """The preset named by `data["preset"]` (a form's data or a query), or the default one."""
    preset = data.get("preset", "")
    return preset if preset in game_presets() else DEFAULT_START_PRESET


def preset_choices() -> list[tuple[str | Promise, list[tuple[str, str | Promise]]]]:
    """The presets grouped by game, for a select with one group per game."""
    return [
        (kind.label, [(name, PRESET_LABELS.get(name, name)) for name in kind.presets()])
        for kind in all_games()
    ]


def new_idempotency_key() -> str:
    return uuid.uuid4().hex


def match_error_text(error: ServiceError, title: str | None = None) -> str:
    """The refusal as shown to the user: "Hand 3: ..." when it names an event (`title`: what
    players call that event, `scoring.presenters.event_title`)."""
    if error.event is None:
        return error.message
    return gettext("%(event)s: %(message)s") % {
        "event": title or gettext("Event"),
        "message": error.message,
    }


# Starting a match --------------------------------------------------------------------------------


class StartForm(forms.Form):
    """Who sits where (a club player or a guest per seat), the preset, the table, the dealer."""

    preset = forms.ChoiceField(label=_("Game and rules"), choices=preset_choices)
    table_label = forms.CharField(
        label=_("Table"),
        max_length=40,
        required=False,
        help_text=_("Optional, e.g. 3 or Terrace."),
    )
    first_dealer = forms.TypedChoiceField(
        label=_("Deals first"),
        coerce=int,
        choices=[(seat, seat) for seat in range(1, MAX_SEATS + 1)],
        initial=1,
        widget=forms.RadioSelect,
    )
    # Carries the errors about the seats as a whole (none chosen, the service's refusals).
    players = forms.CharField(required=False, widget=forms.HiddenInput)
    # The form sent again (Back, then submit) finds the match it started: one match, not two.
    # Going Back, the browser may fetch the page again (a new key) and put back only what was
    # chosen: tallone.js puts back the key the form was sent with (data-keep-on-back).
    idempotency_key = forms.CharField(
        max_length=64,
        required=False,
        widget=forms.HiddenInput(attrs={"data-keep-on-back": True}),
    )

    def __init__(self, *args, players: Sequence[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("idempotency_key", new_idempotency_key())
        self.club_players = {str(player.pk): player for player in players}
        choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        for seat in range(1, MAX_SEATS + 1):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(seat)s") % {"seat": seat}, choices=choices, required=False
            )
            self.fields[f"guest_{seat}"] = forms.CharField(
                label=_("or a guest at seat %(seat)s") % {"seat": seat},
                max_length=80,
                validators=[validators.player_name_validator],
                required=False,
                widget=forms.TextInput(
                    attrs={"placeholder": _("or a guest's name"), "autocomplete": "off"}
                ),
            )

    @property
    def seat_rows(self) -> list[dict[str, object]]:
        return [
            {
                "seat": seat,
                "player": self[f"seat_{seat}"],
                "guest": self[f"guest_{seat}"],
                "is_dealer": str(self["first_dealer"].value()) == str(seat),
            }
            for seat in range(1, MAX_SEATS + 1)
        ]

    @property
    def more_seats_used(self) -> bool:
        """Seats 5 and 6 hold something (or an error): show them open."""
        return any(
            self[f"{kind}_{seat}"].value() or self[f"{kind}_{seat}"].errors
            for seat in (5, 6)
            for kind in ("seat", "guest")
        ) or str(self["first_dealer"].value()) in ("5", "6")

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        seats: list[tuple[int, Player | None, str]] = []
        chosen: set[str] = set()
        for seat in range(1, MAX_SEATS + 1):
            pk = cleaned.get(f"seat_{seat}") or ""
            guest = " ".join((cleaned.get(f"guest_{seat}") or "").split())
            if pk and guest:
                self.add_error(
                    f"guest_{seat}", _("Choose a club player or type a guest, not both.")
                )
                continue
            if pk:
                if pk in chosen:
                    self.add_error(
                        f"seat_{seat}",
                        _("%(player)s already sits at another seat.")
                        % {"player": self.club_players[pk].name},
                    )
                    continue
                chosen.add(pk)
                seats.append((seat, self.club_players[pk], ""))
            elif guest:
                seats.append((seat, None, guest))
        if not seats and not self.errors:
            self.add_error("players", _("Choose the players at the table."))
        dealer = cleaned.get("first_dealer")
        taken = [seat for seat, _player, _guest in seats]
        if dealer is not None and taken and dealer not in taken:
            self.add_error("first_dealer", _("The first dealer's seat is empty."))
        cleaned["seats"] = seats
        cleaned["first_dealer_seat"] = taken.index(dealer) + 1 if dealer in taken else 1
        return cleaned


class _OptionWords(TypedDict):
    """What every option's field says: its label, its help, its starting value."""

    label: str
    help_text: str
    initial: OptionValue


def _option_field(info: OptionInfo, default: OptionValue) -> forms.Field:
    """The form field of an option. It only reads the text (a whole number, an amount); the
    option's range is the engine's, checked by `RulesForm.clean` with the engine's message."""
    label = option_label(info.name)
    help_text = gettext(info.help)
    common: _OptionWords = {"label": label, "help_text": help_text, "initial": default}
    if info.kind == INT:
        return forms.IntegerField(**common, widget=forms.TextInput(attrs={**NUMERIC, "size": 6}))
    if info.kind == OPTIONAL_INT:
        return forms.IntegerField(
            **common,
            required=False,
            widget=forms.TextInput(attrs={**NUMERIC, "size": 6, "placeholder": _("off")}),
        )
    if info.kind == BOOL:
        return forms.BooleanField(**common, required=False)
    if info.kind == CHOICE:
        return forms.ChoiceField(**common, choices=option_choices(info.name, info.choices))
    if info.kind == MONEY:
        return forms.DecimalField(
            **common,
            localize=True,
            widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}),
        )
    raise AssertionError(f"unknown option kind {info.kind!r}")


class RulesForm(forms.Form):
    """Every option of a preset's rule set, with its one-line help, starting at the preset's value.

    Each option is checked by the engine (`RuleSet.check_option`), so the form refuses exactly
    what the API and the imports refuse, with the same message beside the field.
    `overrides()` gives only the options changed from the preset, for `match_start`.
    """

    prefix = "rules"

    def __init__(self, *args, preset: str, fixed: Iterable[str] = (), **kwargs):
        """`fixed`: the options the caller sets itself (a Burraco tournament's turno), not
        shown."""
        super().__init__(*args, **kwargs)
        self.preset = preset
        self.preset_rules = rules_for(preset)
        for info in self.preset_rules.options():
            if info.name not in fixed:
                self.fields[info.name] = _option_field(info, getattr(self.preset_rules, info.name))

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        for name, value in list(cleaned.items()):
            try:
                cleaned[name] = self.preset_rules.check_option(name, value)
            except RuleSetError as error:
                self.add_error(name, rule_refusal(error))
        return cleaned

    def overrides(self) -> Options:
        if not self.is_bound:
            return {}
        changed = {}
        for name, value in self.cleaned_data.items():
            if value != getattr(self.preset_rules, name):
                changed[name] = value
        return changed


# Entering a hand ---------------------------------------------------------------------------------


class AcceptedRevisionInput(forms.HiddenInput):
    """The revision "record mine as hand N" accepts. The page posts it twice: the notice's button
    (the revision accepted now) comes before the form's hidden field (empty, or one accepted
    earlier) in the page, and a browser posts both in that order; the latest accepted wins."""

    def value_from_datadict(self, data, files, name):
        values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
        numbers = [int(value) for value in values if value and str(value).isdigit()]
        return str(max(numbers)) if numbers else None


# Where a refusal of the engine goes: its field name in the hand forms, or a group of fields.
PLAYER_GROUP_FIELDS = {"points", "deadwood", "cards", "not_opened"}


class EntryForm(forms.Form):
    """What a hand, a correction and the other event forms share.

    A new entry carries a fresh idempotency key (a double tap records it once) and the match's
    revision the page showed (`based_on`: if another phone changed the match meanwhile, nothing
    is recorded and the page says what changed; `accept_revision`, the value of the button "record
    mine as hand N", accepts the match as it is now); a correction carries the version it
    corrects and a reason.
    """

    # Set by `add_refusal` when the match moved on under this form (`services.MatchMovedOn`).
    conflict: MatchError | None = None

    def __init__(self, *args, correcting: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.correcting = correcting
        self.group_errors: list[str] = []
        if correcting:
            self.fields["expected_version"] = forms.IntegerField(widget=forms.HiddenInput)
            self.fields["reason"] = forms.CharField(
                label=_("Reason"),
                max_length=500,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": _("e.g. points swapped")}),
            )
        else:
            self.fields["idempotency_key"] = forms.CharField(
                max_length=64, widget=forms.HiddenInput
            )
            self.fields["based_on"] = forms.IntegerField(
                min_value=0, required=False, widget=forms.HiddenInput
            )
            self.fields["accept_revision"] = forms.IntegerField(
                min_value=0, required=False, widget=AcceptedRevisionInput
            )
            if not self.is_bound:
                self.initial["idempotency_key"] = new_idempotency_key()

    def based_on(self) -> int | None:
        """The match's revision this entry was typed against (None: no check, as before)."""
        if "based_on" not in self.fields:
            return None
        accepted = self.cleaned_data.get("accept_revision")
        return accepted if accepted is not None else self.cleaned_data.get("based_on")

    def fresh_key(self) -> None:
        """Give a re-rendered form a new idempotency key (nothing was recorded with the old)."""
        if "idempotency_key" in self.fields and self.is_bound:
            self.data = data = cast(QueryDict, self.data).copy()  # the request's: a mutable copy
            data["idempotency_key"] = new_idempotency_key()

    def add_refusal(self, error: MatchError, text: str) -> None:
        """Show a refusal (`base.errors.on_form`), in `text`'s words, next to its field, in the
        players' group, or at the top."""
        if isinstance(error, MatchMovedOn):
            self.conflict = error  # shown by the page with what changed, not as a field error
        elif error.field == "upcard" and "upcard_rank" in self.fields:
            self.add_error("upcard_rank", text)  # the buttons, not the hidden typed card
        elif error.field in self.fields and error.field not in ("idempotency_key",):
            self.add_error(error.field, text)
        elif error.field in PLAYER_GROUP_FIELDS:
            self.group_errors.append(text)
        else:
            self.add_error(None, text)


class SeatEventForm(EntryForm):
    """A re-entry or a withdrawal: which player, among `seats`; the page offers only `shown`
    when given (the withdrawal: the players in play), and a seat the page did not offer is left
    to the service, whose refusal says why beside the field."""

    def __init__(
        self,
        *args,
        seats: Sequence[tuple[int, str]],
        shown: Sequence[tuple[int, str]] | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.fields["seat"] = forms.TypedChoiceField(
            label=_("Player"),
            coerce=int,
            choices=[(seat, name) for seat, name in seats],
            widget=forms.RadioSelect,
            error_messages={"required": _("Choose the player."), "invalid_choice": NOT_IN_PLAY_NOW},
        )
        if shown is not None:
            self.fields["seat"].widget.choices = [(seat, name) for seat, name in shown]

    def add_refusal(self, error: MatchError, text: str) -> None:
        if isinstance(error, MatchMovedOn):
            self.conflict = error
        else:
            self.add_error("seat", text)  # whatever the engine names, it is about this player


class TimeCallForm(EntryForm):
    """The time call: nothing to choose, only a confirmation."""

    def add_refusal(self, error: MatchError, text: str) -> None:
        self.add_error(None, text)


class VoidForm(forms.Form):
    expected_version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Why is this event void?"),
        max_length=500,
        error_messages={"required": _("Say why the event is void.")},
        widget=forms.TextInput(attrs={"placeholder": _("e.g. entered twice")}),
    )

    def add_refusal(self, error: MatchError, text: str) -> None:
        if error.field == "reason":
            self.add_error("reason", text)
        else:
            self.add_error(None, text)
