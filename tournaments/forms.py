"""The forms of the tournament pages. They check what a form can check (a number, a choice);
the tournament's rules are the services', and a refusal (`TournamentActionError`) is put back on
the form next to the field it names by `base.errors.on_form`."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django import forms
from django.forms.utils import flatatt
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs import validators
from clubs.models import Club, Player
from scoring.engine.rules import MONEY_MAX
from scoring.forms import preset_choices
from tournaments.formats import DEFAULT_FORMAT, FORMATS, TournamentFormat
from tournaments.models import Entry, EntryStatus, Format, SeatingMethod, Tournament
from tournaments.services import (
    SETTING_DEFAULTS,
    SETTING_RANGES,
    money_max_message,
    setting_range_message,
)

# The settings the create form offers, in the order shown; every one is a `Tournament` field.
TABLE_SETTINGS = (
    "rounds_planned",
    "final_table_size",
    "advance",
    "drop",
    "table_size",
    "table_size_min",
    "table_size_max",
    "first_seating",
    "seating",
    "tie_breaks",
)
GIN_SETTINGS = ("swiss_rounds", "third_place", "grand_final_reset", "cycles", "gin_tie_breaks")
# read into a `Tournament` field by the format (`rounds_field`, `tie_breaks_field`)
FORM_ONLY = ("swiss_rounds", "gin_tie_breaks")
MONEY_SETTINGS = ("entry_fee", "house_cut_percent", "payout_percents", "payout_unit")
COMMON_SETTINGS = ("round_minutes", "confirm_results", "is_public")


def setting_field(name: str, **kwargs: Any) -> forms.IntegerField:
    """A whole-number setting within its range of `services.SETTING_RANGES`, refused in the
    service's words."""
    minimum, maximum = SETTING_RANGES[name]
    message = lazy(setting_range_message, str)(name)
    return forms.IntegerField(
        min_value=minimum,
        max_value=maximum,
        error_messages={"min_value": message, "max_value": message},
        **kwargs,
    )


def money_field(**kwargs: Any) -> forms.DecimalField:
    """An amount of a tournament's money: up to `MONEY_MAX`, to the cent."""
    return forms.DecimalField(
        max_digits=8,
        decimal_places=2,
        max_value=MONEY_MAX,
        error_messages={"max_value": lazy(money_max_message, str)()},
        **kwargs,
    )


def _split(text: str) -> list[str]:
    return [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]


def listed(value: Any) -> list[str]:
    """The tie-breaks of a value in order ("" for an empty place): a list, or one text that
    lists several, as a pasted "points, wins" (the payouts field takes that too)."""
    values = [value] if isinstance(value, str) else list(value or ())
    return [part.strip() for item in values for part in str(item).split(",")]


class TieBreakOrderWidget(forms.Widget):
    """The tie-breaks in order: a numbered list of selects, one per place in the order, all
    posted under the field's name (a list, as the API takes it). Plain HTML: no script needed
    to choose or reorder. The field's label points at the first select; each select is named
    by its place ("Tie-break 2") and described by the field's help and errors."""

    def __init__(self, choices: list[tuple[str, Any]], attrs: dict[str, Any] | None = None):
        super().__init__(attrs)
        self.choices = choices

    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        getlist = getattr(data, "getlist", None)
        values = getlist(name) if getlist is not None else data.get(name) or []
        return [values] if isinstance(values, str) else list(values)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_1" if id_ else id_

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> str:
        attrs = self.build_attrs(self.attrs, attrs)
        base_id = attrs.pop("id", "")
        chosen = listed(value)
        slots = len(self.choices) - 1  # every tie-break once, the empty choice aside
        chosen = (chosen + [""] * slots)[:slots] if len(chosen) <= slots else chosen
        items = []
        for place, current in enumerate(chosen, start=1):
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                (
                    (key, " selected" if key == current else "", label)
                    for key, label in self.choices
                ),
            )
            if current and current not in {key for key, _label in self.choices}:
                # a value posted that is not a choice stays visible beside its refusal
                options = format_html(
                    '{}<option value="{}" selected>{}</option>', options, current, current
                )
            select_attrs = {
                **attrs,
                "id": f"{base_id}_{place}" if base_id else "",
                "aria-label": TIE_BREAK_PLACE % {"place": place},
            }
            items.append(
                format_html(
                    '<li><select name="{}"{}>{}</select></li>',
                    name,
                    flatatt({k: v for k, v in select_attrs.items() if v}),
                    options,
                )
            )
        return format_html(
            '<ol class="tie-break-order" id="{}">{}</ol>',
            base_id,
            format_html_join("", "{}", ((item,) for item in items)),
        )


TIE_BREAK_PLACE = _("Tie-break %(place)s")


class TieBreakOrderField(forms.Field):
    """A format's tie-breaks in the order chosen, among `TournamentFormat.tie_break_choices()`
    (set by the form from the formats whose `tie_breaks_field` this is). Empty places are left
    out; all empty: none given, so the service stores the format's default. An unknown or
    repeated tie-break is refused in words beside the field (the service checks the order
    again, as it does for the API)."""

    default_error_messages = {
        "unknown": _("“%(value)s” is not one of the tie-breaks listed: choose among them."),
        "repeated": _("“%(tie_break)s” is chosen twice: choose each tie-break once."),
    }

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("widget", TieBreakOrderWidget([]))
        super().__init__(**kwargs)
        self.labels: dict[str, str] = {}

    def offer(self, choices: list[tuple[str, str]]) -> None:
        """The tie-breaks to order, with their words."""
        self.labels = dict(choices)
        self.widget.choices = [("", str(pgettext_lazy("tie-break", "— none —"))), *choices]

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        return [key for key in listed(value) if key]

    def validate(self, value: list[str]) -> None:
        super().validate(value)
        seen: set[str] = set()
        for item in value:
            if item not in self.labels:
                raise forms.ValidationError(
                    self.error_messages["unknown"], code="unknown", params={"value": item}
                )
            if item in seen:
                raise forms.ValidationError(
                    self.error_messages["repeated"],
                    code="repeated",
                    params={"tie_break": self.labels[item]},
                )
            seen.add(item)


@dataclass(frozen=True)
class SettingRow:
    """A setting of the creation form: its field, the formats that use it (the page's script
    shows it for those: `data-formats`), and whether it is shown for the format chosen."""

    field: forms.BoundField
    formats: str
    shown: bool


@dataclass(frozen=True)
class SettingsGroup:
    title: str
    rows: list[SettingRow]


class TournamentForm(forms.Form):
    club = forms.ModelChoiceField(queryset=Club.objects.none(), label=_("Club"), empty_label=None)
    name = forms.CharField(label=_("Name"), max_length=120, validators=[validators.name_validator])
    starts_on = forms.DateField(
        label=_("Date"),
        # an HTML date input takes only ISO dates: the localised "29/11/2026" would show empty
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        required=False,
        validators=[validators.planned_day_validator],
    )
    preset = forms.ChoiceField(
        label=_("Game and rules"),
        help_text=_("Scala 40 or Ramino for tables; Gin Rummy for brackets, round robin, Swiss."),
    )
    format = forms.ChoiceField(label=_("Format"), choices=Format.choices)
    rounds_planned = setting_field(
        "rounds_planned", label=_("Rounds"), help_text=_("Qualifying rounds before the final.")
    )
    swiss_rounds = setting_field(
        "rounds_planned",
        label=_("Swiss rounds"),
        required=False,  # left empty: automatic, as 0
        help_text=_("0: automatic, enough rounds for one player alone to win them all."),
    )
    final_table_size = setting_field(
        "final_table_size",
        label=_("Final table"),
        help_text=_("Players at the final table (0: no final table; knockout: 2 to 6)."),
    )
    advance = setting_field(
        "advance",
        label=_("Players through per table"),
        required=False,
        help_text=_("Knockout: fill this or the next field, not both."),
    )
    drop = setting_field("drop", label=_("Players out per table"), required=False)
    table_size = forms.IntegerField(label=_("Preferred table size"), min_value=2, max_value=6)
    table_size_min = forms.IntegerField(label=_("Smallest table"), min_value=2, max_value=6)
    table_size_max = forms.IntegerField(label=_("Largest table"), min_value=2, max_value=6)
    first_seating = forms.ChoiceField(label=_("Seating of round 1"), choices=SeatingMethod.choices)
    seating = forms.ChoiceField(label=_("Seating of later rounds"), choices=SeatingMethod.choices)
    tie_breaks = TieBreakOrderField(
        label=_("Tie-breaks, in order"),
        required=False,
        help_text=_(
            "Players on the same points are set apart by the first tie-break that tells them "
            "apart, then the next. Leave a place empty to use fewer; all empty: the usual order."
        ),
    )
    third_place = forms.BooleanField(label=_("Match for third place"), required=False)
    grand_final_reset = forms.BooleanField(label=_("Grand final reset"), required=False)
    cycles = setting_field("cycles", label=_("Round robin cycles"), help_text=_("1 or 2."))
    entry_fee = money_field(label=_("Entry fee (€)"), min_value=Decimal(0))
    house_cut_percent = forms.DecimalField(
        label=_("House cut (%)"),
        min_value=Decimal(0),
        max_value=Decimal(100),
        max_digits=5,
        decimal_places=2,
    )
    payout_percents = forms.CharField(
        label=_("Payouts (%)"),
        help_text=_("The share of the prizes for 1st, 2nd, 3rd... place, such as 50, 30, 20."),
    )
    payout_unit = money_field(label=_("Payouts rounded to (€)"), min_value=Decimal("0.01"))
    round_minutes = setting_field(
        "round_minutes",
        label=_("Minutes per round"),
        help_text=_("The round clock; 0: no clock."),
    )
    confirm_results = forms.TypedChoiceField(
        label=_("Results need confirmation"),
        choices=[
            # short: a closed select cuts what does not fit a phone's width
            ("", _("Default: tables yes, Gin no")),
            ("yes", _("Yes")),
            ("no", _("No")),
        ],
        coerce=lambda value: {"yes": True, "no": False}.get(value),
        empty_value=None,
        required=False,
        help_text=_(
            "A result counts only once someone other than who entered it confirms it. Without "
            "confirmation a finished Gin match moves the bracket on at once."
        ),
    )
    is_public = forms.BooleanField(
        label=_("Public"),
        required=False,
        help_text=_("Anyone can follow the standings, seating, brackets and live scores."),
    )

    gin_tie_breaks = TieBreakOrderField(
        label=_("Tie-breaks after match points, in order"),
        required=False,
        help_text=_(
            "Players on the same match points are set apart by the first tie-break that tells "
            "them apart, then the next. Leave a place empty to use fewer; all empty: the usual "
            "order."
        ),
    )

    def __init__(self, *args: Any, clubs, **kwargs: Any):
        initial = kwargs.setdefault("initial", {})
        initial.setdefault("swiss_rounds", 0)
        for name in (*TABLE_SETTINGS, *GIN_SETTINGS, *MONEY_SETTINGS, *COMMON_SETTINGS):
            if name in FORM_ONLY:
                continue
            value = SETTING_DEFAULTS[name]
            if name == "payout_percents":
                value = ", ".join(value)
            initial.setdefault(name, value)
        initial["confirm_results"] = ""
        initial.setdefault("starts_on", timezone.localdate())
        initial.setdefault("preset", "scala40")
        initial.setdefault("format", DEFAULT_FORMAT)
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        self.fields["preset"].choices = preset_choices()
        # each tie-break field offers the tie-breaks of the formats it is for, their default
        # order first (the form is built once the registry is: the Gin formats join it late)
        for kind in FORMATS.values():
            if kind.tie_breaks_field in self.fields:
                field = cast(TieBreakOrderField, self.fields[kind.tie_breaks_field])
                choices = kind.tie_break_choices()
                field.offer(choices)
                self.initial.setdefault(kind.tie_breaks_field, [key for key, _ in choices])
        # choosing other rules reloads their options below the form
        self.fields["preset"].widget.attrs.update(
            {
                "hx-get": reverse("tournaments:rule-options"),
                "hx-trigger": "change",
                "hx-target": "#rule-options-body",
                "hx-sync": "this:replace",
            }
        )

    def chosen_format(self) -> TournamentFormat:
        """The format chosen (posted, or the initial one)."""
        value = self.data.get("format") or self.initial.get("format") or DEFAULT_FORMAT
        return FORMATS.get(value) or FORMATS[DEFAULT_FORMAT]

    def groups(self) -> list[SettingsGroup]:
        """The settings in fieldsets: the format's own (each field says which formats use it,
        and only the chosen format's are shown; the page's script follows the choice), money,
        the rest."""
        chosen = self.chosen_format()
        used_by: dict[str, list[str]] = {}
        for kind in FORMATS.values():
            for name in kind.form_settings:
                used_by.setdefault(name, []).append(kind.value)

        def rows(names: tuple[str, ...], *, own: bool) -> list[SettingRow]:
            return [
                SettingRow(
                    self[name],
                    " ".join(used_by.get(name, [])) if own else "",
                    not own or name in chosen.form_settings or bool(self[name].errors),
                )
                for name in names
            ]

        return [
            SettingsGroup(
                _("The format's settings"), rows((*TABLE_SETTINGS, *GIN_SETTINGS), own=True)
            ),
            SettingsGroup(_("Money"), rows(MONEY_SETTINGS, own=False)),
            SettingsGroup(_("Running it"), rows(COMMON_SETTINGS, own=False)),
        ]

    def clean_payout_percents(self) -> list[str]:
        parts = _split(self.cleaned_data["payout_percents"])
        if not parts:
            raise forms.ValidationError(_("Give at least one payout percentage, such as 100."))
        return parts

    def settings(self) -> dict[str, Any]:
        """The cleaned settings, as `tournament_create` takes them."""
        data = self.cleaned_data
        names = (*TABLE_SETTINGS, *GIN_SETTINGS, *MONEY_SETTINGS, *COMMON_SETTINGS)
        settings = {name: data[name] for name in names if name not in FORM_ONLY}
        # the planned rounds in the chosen format's own field (a Swiss's: 0 is automatic)
        settings["rounds_planned"] = data[self.chosen_format().rounds_field] or 0
        if settings.get("confirm_results") is None:
            settings.pop("confirm_results", None)  # the service picks the format's default
        # the tie-breaks from the chosen format's own field; none chosen: the format's default
        settings.pop("tie_breaks", None)
        field = self.chosen_format().tie_breaks_field
        if field and data.get(field):
            settings["tie_breaks"] = data[field]
        return settings


class RegisterForm(forms.Form):
    """Enter players for a real evening: club players ticked, guests' names pasted one a line,
    all at once, and whether they are here and have paid. The service refuses duplicates by
    name; each refusal goes beside its field (`add_refusal`)."""

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        label=_("Club players"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    names = forms.CharField(
        label=_("Guests, one name per line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "Paste a list: one name per line. A name listed twice or already entered is refused, "
            "and then nobody is entered."
        ),
    )
    check_in = forms.BooleanField(label=_("Here and paid: check in now"), required=False)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = (
            Player.objects.filter(club_id=tournament.club_id)
            .exclude(entries__tournament=tournament)
            .order_by("name")
        )

    def clean_names(self) -> list[str]:
        """The names typed, one a line, blank lines left out."""
        text = self.cleaned_data.get("names") or ""
        return [line.strip() for line in text.splitlines() if line.strip()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("players") and not data.get("names") and not self.errors:
            raise forms.ValidationError(_("Tick club players or type guests' names, one per line."))
        return data

    def add_refusal(self, error: Any, text: str) -> None:
        """Every reason the service gave, beside the field it names."""
        for refusal in error.refusals():
            field = refusal.field if refusal.field in self.fields else None
            self.add_error(field, refusal.message)


def _seed_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=pgettext_lazy("random seating", "Seed"),
        min_value=1,
        max_value=2**31 - 1,
        required=False,
        help_text=_("Empty: a new random seed. The same seed gives the same seating."),
    )


class SeatForm(forms.Form):
    method = forms.ChoiceField(
        label=_("Seating method"),
        choices=[("", _("The tournament's setting")), *SeatingMethod.choices],
        required=False,
    )
    seed = _seed_field()


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_("Swap"), coerce=int)
    second = forms.TypedChoiceField(label=_("with"), coerce=int)

    def __init__(self, *args: Any, seated: list[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        choices = [("", _("— choose —")), *seated]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices


class KeepApartForm(forms.Form):
    """A keep-apart group: several players of the tournament, never or preferably not at the
    same table."""

    entries = forms.ModelMultipleChoiceField(
        queryset=Entry.objects.none(),
        label=_("Players to keep apart"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least two players to keep apart.")},
    )
    hard = forms.TypedChoiceField(
        label=_("How strictly"),
        choices=[
            ("", _("When possible: the seating report says when they could not be kept apart")),
            ("1", _("Never at the same table: a seating that cannot keep them apart is refused")),
        ],
        coerce=bool,
        empty_value=False,
        required=False,
        widget=forms.RadioSelect,
        initial="",
    )
    name = forms.CharField(
        label=_("Name of the group (optional)"),
        max_length=80,
        required=False,
        strip=True,
        help_text=_("For example a family, a couple or a club. Empty: the players' names."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["entries"].queryset = (
            tournament.entries.exclude(status=EntryStatus.DROPPED)
            .select_related("player")
            .order_by("player__name")
        )
        self.fields["entries"].label_from_instance = lambda entry: entry.player.name

    def clean_entries(self) -> Any:
        entries = self.cleaned_data["entries"]
        if len(entries) < 2:
            raise forms.ValidationError(_("Choose at least two players to keep apart."))
        return entries


class ReopenForm(forms.Form):
    """Reopen a finished tournament: the reason goes into the tournament's history."""

    reason = forms.CharField(
        label=_("Why reopen it?"),
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=1000,
        help_text=_(
            "Kept in the tournament's history. Its matches take changes again; finish the "
            "tournament again once it is fixed."
        ),
    )


class GuestForm(forms.Form):
    """A guest not on the list checks in by typing their name (the director approves it)."""

    name = forms.CharField(
        label=_("Not on the list? Type your name"),
        max_length=80,
        strip=True,
        validators=[validators.player_name_validator],
        widget=forms.TextInput(attrs={"autocomplete": "name", "autocapitalize": "words"}),
        help_text=_("The director approves your check-in at the desk."),
    )
