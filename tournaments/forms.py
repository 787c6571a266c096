"""The forms of the tournament pages. They check what a form can check (a number, a choice);
the tournament's rules are the services', and a refusal (`TournamentActionError`) is put back on
the form next to the field it names by `base.errors.on_form`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.forms.forms import DeclarativeFieldsMetaclass
from django.forms.utils import flatatt
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs import validators
from clubs.models import Club, Player
from scoring.forms import preset_choices
from tournaments.formats import DEFAULT_FORMAT, FORMATS, TournamentFormat, format_chosen
from tournaments.models import Entry, EntryStatus, Format, SeatingMethod, Tournament
from tournaments.settings_table import (
    BY_NAME,
    CHOICE,
    CHOICES,
    FLAG,
    FORMAT_FLAG,
    FORMAT_GROUP,
    MONEY,
    MONEY_GROUP,
    PERCENT,
    PERCENTS,
    RUNNING_GROUP,
    SEATING,
    SETTINGS,
    SIZE,
    STORED,
    TIE_BREAKS,
    WHOLE,
    Setting,
    field_of,
    money_max_message,
)

if TYPE_CHECKING:
    from django.db.models import Model, QuerySet
    from django.forms.renderers import BaseRenderer
    from django_stubs_ext import StrOrPromise

    from base.errors import ServiceError


def _split(text: str) -> list[str]:
    return [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]


def listed(value: str | Iterable[object] | None) -> list[str]:
    """The tie-breaks of a value in order ("" for an empty place): a list, or one text that
    lists several, as a pasted "points, wins" (the payouts field takes that too)."""
    values = [value] if isinstance(value, str) else list(value or ())
    return [part.strip() for item in values for part in str(item).split(",")]


class TieBreakOrderWidget(forms.Widget):
    """The tie-breaks in order: a numbered list of selects, one per place in the order, all
    posted under the field's name (a list, as the API takes it). Plain HTML: no script needed
    to choose or reorder. The field's label points at the first select; each select is named
    by its place ("Tie-break 2") and described by the field's help and errors."""

    def __init__(self, choices: list[tuple[str, str]], attrs: dict[str, object] | None = None):
        super().__init__(attrs)
        self.choices = choices

    # `data` and `files`: Django's widget API, a QueryDict or any mapping (the tests' dicts).
    def value_from_datadict(self, data: Any, files: Any, name: str) -> list[str]:
        getlist = getattr(data, "getlist", None)
        values = getlist(name) if getlist is not None else data.get(name) or []
        return [values] if isinstance(values, str) else list(values)

    def value_omitted_from_data(self, data: Mapping[str, object], files: object, name: str) -> bool:
        return name not in data

    def id_for_label(self, id_: str) -> str:
        return f"{id_}_1" if id_ else id_

    def render(
        self,
        name: str,
        value: str | Iterable[object] | None,
        attrs: dict[str, object] | None = None,
        renderer: BaseRenderer | None = None,
    ) -> SafeString:
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

    def __init__(self, **kwargs: Any):  # Django's, passed through
        kwargs.setdefault("widget", TieBreakOrderWidget([]))
        super().__init__(**kwargs)
        self.labels: dict[str, str] = {}

    def offer(self, choices: list[tuple[str, str]]) -> None:
        """The tie-breaks to order, with their words."""
        self.labels = dict(choices)
        self.widget.choices = [("", str(pgettext_lazy("tie-break", "— none —"))), *choices]

    def to_python(self, value: str | Iterable[object] | None) -> list[str]:
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
class SettingNotice:
    """Words shown with a fieldset for the formats that have them (`data-formats`, as a
    setting's): the notice on cash prizes of a format's money (`TournamentFormat.prize_notice`)."""

    text: StrOrPromise
    formats: str
    shown: bool


@dataclass(frozen=True)
class SettingsGroup:
    title: StrOrPromise
    rows: list[SettingRow]
    notices: list[SettingNotice]


class PayoutPercentsField(forms.CharField):
    """The payout percentages typed as one text ("50, 30, 20", "50 30 20"), as a list."""

    def clean(self, value: object) -> list[str]:
        parts = _split(super().clean(value))
        if not parts:
            raise forms.ValidationError(_("Give at least one payout percentage, such as 100."))
        return parts


class ChoiceListField(forms.CharField):
    """A list of choices typed in order, separated by commas ("mitchell, mitchell, danese"),
    each refused beside the field when it is not one of `choices` (their words or values)."""

    def __init__(self, choices: Sequence[tuple[str, object]], **kwargs: Any) -> None:
        self.choices = tuple(choices)
        super().__init__(**kwargs)

    def prepare_value(self, value: object) -> object:
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    def clean(self, value: object) -> list[str] | None:
        """The keys in order; None when left empty (the setting's default)."""
        known = {str(label).casefold(): key for key, label in self.choices}
        known.update({key: key for key, _label in self.choices})
        chosen = []
        for part in _split(super().clean(value)):
            key = known.get(part.casefold())
            if key is None:
                raise forms.ValidationError(
                    _("%(value)s is not one of: %(choices)s.")
                    % {"value": part, "choices": ", ".join(key for key, _ in self.choices)}
                )
            chosen.append(key)
        return chosen or None


def _bounded(row: Setting) -> dict[str, Any]:  # keyword arguments of a Django field
    """The bounds of a setting, refused in the service's words."""
    message = lazy(row.range_message, str)()
    return {**row.bounds, "error_messages": {"min_value": message, "max_value": message}}


def setting_field(row: Setting) -> forms.Field:
    """The creation form's field of a setting of the table (`tournaments.settings_table`),
    by its kind."""
    words: dict[str, Any] = {"label": row.label, "help_text": row.help}  # Django field kwargs
    if row.kind == WHOLE:
        field = forms.IntegerField(required=not row.optional, **_bounded(row), **words)
        if row.format_defaults:
            # the page's script puts the chosen format's default in while it is not changed
            field.widget.attrs.update(
                {
                    "data-default": json.dumps(row.default),
                    "data-format-defaults": json.dumps(dict(row.format_defaults)),
                }
            )
        return field
    if row.kind == SIZE:  # the engine's range, in the form's own words
        return forms.IntegerField(**row.bounds, **words)
    if row.kind == SEATING:
        return forms.ChoiceField(choices=SeatingMethod.choices, **words)
    if row.kind == TIE_BREAKS:
        return TieBreakOrderField(required=False, **words)
    if row.kind == FLAG:
        return forms.BooleanField(required=False, **words)
    if row.kind == FORMAT_FLAG:
        return forms.TypedChoiceField(
            choices=[
                # short: a closed select cuts what does not fit a phone's width
                ("", _("Default: tables yes, Gin no")),
                ("yes", _("Yes")),
                ("no", _("No")),
            ],
            coerce=lambda value: {"yes": True, "no": False}.get(value),
            empty_value=None,
            required=False,
            **words,
        )
    if row.kind == MONEY:
        field = forms.DecimalField(max_digits=8, decimal_places=2, **_bounded(row), **words)
        field.error_messages["max_value"] = lazy(money_max_message, str)()
        return field
    if row.kind == PERCENT:
        return forms.DecimalField(max_digits=5, decimal_places=2, **_bounded(row), **words)
    if row.kind == PERCENTS:
        return PayoutPercentsField(**words)
    if row.kind == CHOICE:
        return forms.ChoiceField(choices=row.choices, **words)
    if row.kind == CHOICES:
        return ChoiceListField(row.choices, required=False, **words)
    raise ValueError(f"{row.name}: no form field for the kind {row.kind!r}")


GROUP_TITLES = {
    FORMAT_GROUP: _("The format's settings"),
    MONEY_GROUP: _("Money"),
    RUNNING_GROUP: _("Running it"),
}
FORM_SETTINGS = tuple(row for row in SETTINGS if row.on_form)
# The settings' fields, from the table; the form puts the tournament's own fields first.
SettingsFields = DeclarativeFieldsMetaclass(
    "SettingsFields", (forms.Form,), {row.name: setting_field(row) for row in FORM_SETTINGS}
)


class TournamentForm(SettingsFields):  # type: ignore[misc,valid-type]  # built from the table
    field_order = ("club", "name", "starts_on", "preset", "format")

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
        help_text=_(
            "Scala 40 or Ramino for tables; Gin Rummy for brackets, round robin, Swiss; Burraco "
            "for its pairs and individual events."
        ),
    )
    format = forms.ChoiceField(label=_("Format"), choices=Format.choices)

    def __init__(self, *args: Any, clubs, **kwargs: Any):
        initial = kwargs.setdefault("initial", {})
        for row in FORM_SETTINGS:
            if row.kind == FORMAT_FLAG:
                initial[row.name] = ""  # the format's default until one is chosen
            elif row.kind == PERCENTS:
                percents = row.initial()
                assert isinstance(percents, list)  # a list of percentages
                initial.setdefault(row.name, ", ".join(percents))
            elif row.kind != TIE_BREAKS:  # each format's own order, below
                initial.setdefault(row.name, row.initial())
        initial.setdefault("starts_on", timezone.localdate())
        initial.setdefault("preset", "scala40")
        initial.setdefault("format", DEFAULT_FORMAT)
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["club"]).queryset = clubs
        cast(forms.ChoiceField, self.fields["preset"]).choices = preset_choices()
        # each tie-break field offers the tie-breaks of the formats it is for, their default
        # order first (the form is built once the registry is: the Gin formats join it late)
        for kind in FORMATS.values():
            name = field_of(kind.value, "tie_breaks")
            if name:
                field = cast(TieBreakOrderField, self.fields[name])
                choices = kind.tie_break_choices()
                field.offer(choices)
                self.initial.setdefault(name, [key for key, _ in choices])
        # choosing other rules, or another format (which may set some options itself: a Burraco
        # turno's target and hands), reloads the rules' options below the form
        for name, other in (("preset", "format"), ("format", "preset")):
            self.fields[name].widget.attrs.update(
                {
                    "hx-get": reverse("tournaments:rule-options"),
                    "hx-trigger": "change",
                    "hx-target": "#rule-options-body",
                    "hx-include": f"#id_{other}",
                    "hx-sync": "this:replace",
                }
            )

    def chosen_format(self) -> TournamentFormat:
        """The format chosen (posted, or the initial one)."""
        return format_chosen(self.data if self.data.get("format") else self.initial)

    def groups(self) -> list[SettingsGroup]:
        """The settings in fieldsets, in the table's order: the format's own (each field says
        which formats use it, and only the chosen format's are shown; the page's script
        follows the choice), money (with the formats' notices on cash prizes, shown the same
        way), the rest."""
        chosen = self.chosen_format().value
        return [
            SettingsGroup(
                str(title),
                [
                    SettingRow(
                        self[row.name],
                        " ".join(row.formats),
                        not row.formats or chosen in row.formats or bool(self[row.name].errors),
                    )
                    for row in FORM_SETTINGS
                    if row.group == group
                ],
                prize_notices(chosen) if group == MONEY_GROUP else [],
            )
            for group, title in GROUP_TITLES.items()
        ]

    def add_refusal(self, error: ServiceError, text: str) -> None:
        """A refusal of a stored setting goes beside the chosen format's own field for it (a
        team tournament's movements: `team_movements`), else beside the field it names."""
        field = error.field
        if field in BY_NAME:
            field = field_of(self.chosen_format().value, field) or field
        self.add_error(field if field in self.fields else None, text)

    def settings(self) -> dict[str, object]:
        """The cleaned settings, as `tournament_create` takes them: each from the chosen
        format's own field for it when it has one (a Swiss's rounds: 0 is automatic). A
        tie-break order or a confirmation left empty is left out: the service picks the
        format's default."""
        data = self.cleaned_data
        chosen = self.chosen_format().value
        settings: dict[str, object] = {}
        for row in STORED:
            if not row.on_form:
                continue
            name = field_of(chosen, row.name)
            value = data.get(name) if name else None
            if value in (None, []) and row.kind in (TIE_BREAKS, FORMAT_FLAG):
                continue
            settings[row.name] = row.initial(chosen) if value is None else value
        return settings


def prize_notices(chosen: str) -> list[SettingNotice]:
    """Each notice on cash prizes with the formats that give it, shown for the chosen one."""
    by_text: dict[str, tuple[StrOrPromise, list[str]]] = {}
    for kind in FORMATS.values():
        if kind.prize_notice:
            by_text.setdefault(str(kind.prize_notice), (kind.prize_notice, []))[1].append(
                kind.value
            )
    return [
        SettingNotice(text, " ".join(formats), chosen in formats)
        for text, formats in by_text.values()
    ]


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
        cast(forms.ModelMultipleChoiceField, self.fields["players"]).queryset = (
            Player.objects.filter(club_id=tournament.club_id)
            .exclude(entries__tournament=tournament)
            .order_by("name")
        )

    def clean_names(self) -> list[str]:
        """The names typed, one a line, blank lines left out."""
        text = self.cleaned_data.get("names") or ""
        return [line.strip() for line in text.splitlines() if line.strip()]

    def clean(self) -> dict[str, object]:
        super().clean()
        data = self.cleaned_data
        if not data.get("players") and not data.get("names") and not self.errors:
            raise forms.ValidationError(_("Tick club players or type guests' names, one per line."))
        return data

    def add_refusal(self, error: ServiceError, text: str) -> None:
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
        cast(forms.ChoiceField, self.fields["first"]).choices = choices
        cast(forms.ChoiceField, self.fields["second"]).choices = choices


class EntryChoiceField(forms.ModelMultipleChoiceField):
    """Entries, each labelled with its player's name."""

    def label_from_instance(self, obj: Model) -> str:
        assert isinstance(obj, Entry)  # its queryset's
        return obj.player.name


class KeepApartForm(forms.Form):
    """A keep-apart group: several players of the tournament, never or preferably not at the
    same table."""

    entries = EntryChoiceField(
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
        empty_value=False,  # type: ignore[arg-type]  # any value is allowed; the stubs say str
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
        cast(EntryChoiceField, self.fields["entries"]).queryset = (
            tournament.entries.exclude(status=EntryStatus.DROPPED)
            .select_related("player")
            .order_by("player__name")
        )

    def clean_entries(self) -> QuerySet[Entry]:
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
