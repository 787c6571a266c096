"""The hand forms: a Scala 40 or Ramino hand (`PenaltyHandForm`) and a Gin hand (`GinHandForm`),
each given by its game (`GameKind.hand_form`). What every entry form shares is
`scoring.forms.EntryForm`."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoring.engine.cards import RANKS
from scoring.engine.document import Cards, GinHandEntry, HandEntry
from scoring.engine.rules import Options
from scoring.forms import NOT_IN_PLAY_NOW, NUMERIC, EntryForm, cards_field, counted_cards
from scoring.games import game_named
from scoring.presenters import GIN_RESULTS

# The suits of the upcard buttons: the symbol, and the letter the match document uses.
UPCARD_SUITS = [
    ("s", pgettext_lazy("card suit", "♠ spades")),
    ("h", pgettext_lazy("card suit", "♥ hearts")),
    ("d", pgettext_lazy("card suit", "♦ diamonds")),
    ("c", pgettext_lazy("card suit", "♣ clubs")),
]


def _count_cards(form: forms.Form, game: str, rules: Options, field: str) -> str:
    """The cards typed in `field`, checked by the engine's cards module ("" if none)."""
    counted_cards(form, game, rules, field)
    return (form.cleaned_data.get(field) or "").strip()


class PenaltyHandForm(EntryForm):
    """A Scala 40 or Ramino hand: who closed, how, and the points of each player in play."""

    def __init__(
        self,
        *args,
        game: str,
        rules: Options,
        seats: Sequence[tuple[int, str]],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = rules
        self.seats = list(seats)  # (seat, name) of the players in play, in seat order
        self.flat_penalty = rules.get("not_opened_penalty") is not None
        self.fields["closer"] = forms.ChoiceField(
            label=_("Who closed?"),
            choices=[(str(seat), name) for seat, name in self.seats],
            widget=forms.RadioSelect,
            error_messages={
                "required": _("Choose who closed the hand."),
                "invalid_choice": NOT_IN_PLAY_NOW,
            },
        )
        if rules.get("in_hand_scoring", "none") != "none":
            self.fields["in_hand"] = forms.BooleanField(label=_("Chiusura in mano"), required=False)
        self.closings = game_named(game).closings
        if self.closings:
            self.fields["closing"] = forms.ChoiceField(
                label=_("Closing"),
                choices=self.closings,
                initial="normal",
                widget=forms.RadioSelect,
            )
        for seat, _name in self.seats:
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=_("Points"),
                min_value=0,
                required=False,
                widget=forms.TextInput(attrs={**NUMERIC, "class": "points"}),
            )
            if self.flat_penalty:
                self.fields[f"not_opened_{seat}"] = forms.BooleanField(
                    label=_("Not opened"), required=False
                )
            self.fields[f"cards_{seat}"] = cards_field("8h Kd JK")

    @property
    def player_rows(self) -> list[dict[str, object]]:
        return [
            {
                "seat": seat,
                "name": name,
                "points": self[f"points_{seat}"],
                "not_opened": self[f"not_opened_{seat}"] if self.flat_penalty else None,
                "cards": self[f"cards_{seat}"],
            }
            for seat, name in self.seats
        ]

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        names = dict(self.seats)
        closer = cleaned.get("closer")
        closer_seat = int(closer) if closer else None
        for seat, _name in self.seats:
            if seat == closer_seat:
                continue
            if closer_seat is None:  # who needs points depends on who closed
                _count_cards(self, self.game, self.rules, f"cards_{seat}")
                continue
            points = cleaned.get(f"points_{seat}")
            cards = _count_cards(self, self.game, self.rules, f"cards_{seat}")
            not_opened = self.flat_penalty and cleaned.get(f"not_opened_{seat}")
            if points is not None and cards:
                self.add_error(f"cards_{seat}", _("Give the points or the cards, not both."))
            elif (
                points is None
                and not cards
                and not not_opened
                and f"points_{seat}" not in self.errors
                and f"cards_{seat}" not in self.errors
            ):
                self.add_error(
                    f"points_{seat}",
                    _("Enter the points of %(player)s.") % {"player": names[seat]},
                )
        return cleaned

    def to_data(self) -> HandEntry:
        """The hand in the match document format, without "type"."""
        cleaned = self.cleaned_data
        closer_seat = int(cleaned["closer"])
        data: HandEntry = {"closer": dict(self.seats)[closer_seat]}
        points: dict[str, int] = {}
        cards: dict[str, Cards] = {}
        not_opened: list[str] = []
        for seat, name in self.seats:
            if seat == closer_seat:
                continue
            if self.flat_penalty and cleaned.get(f"not_opened_{seat}"):
                not_opened.append(name)
            elif cleaned.get(f"cards_{seat}"):
                cards[name] = " ".join(cleaned[f"cards_{seat}"].split())
            else:
                points[name] = cleaned[f"points_{seat}"]
        data["points"] = points
        if cards:
            data["cards"] = cards
        if cleaned.get("in_hand"):
            data["in_hand"] = True
        if not_opened:
            data["not_opened"] = not_opened
        if self.closings:
            data["closing"] = cleaned.get("closing") or "normal"
        return data

    @staticmethod
    def initial_from(data: HandEntry, seats: Sequence[tuple[int, str]]) -> dict[str, object]:
        """Form values showing a recorded hand (for a correction)."""
        seat_of = {name: seat for seat, name in seats}
        initial: dict[str, object] = {}
        if data.get("closer") in seat_of:
            initial["closer"] = str(seat_of[data["closer"]])
        for name, value in (data.get("points") or {}).items():
            if name in seat_of:
                initial[f"points_{seat_of[name]}"] = value
        for name, cards in (data.get("cards") or {}).items():
            if name in seat_of:
                initial[f"cards_{seat_of[name]}"] = cards
        for name in data.get("not_opened") or []:
            if name in seat_of:
                initial[f"not_opened_{seat_of[name]}"] = True
        initial["in_hand"] = bool(data.get("in_hand"))
        initial["closing"] = data.get("closing", "normal")
        return initial


class GinHandForm(EntryForm):
    """A Gin Rummy hand: the result, who knocked, both deadwoods, the Oklahoma upcard."""

    def __init__(
        self,
        *args,
        game: str,
        rules: Options,
        seats: Sequence[tuple[int, str]],
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = rules
        self.seats = list(seats)
        results = [
            (value, label)
            for value, label in GIN_RESULTS
            if value != "big_gin" or rules.get("big_gin_bonus") is not None
        ]
        self.fields["result"] = forms.ChoiceField(
            label=_("Result"),
            choices=results,
            widget=forms.RadioSelect,
            error_messages={"required": _("Choose how the hand ended.")},
        )
        self.fields["knocker"] = forms.ChoiceField(
            label=_("Who knocked?"),
            choices=[(str(seat), name) for seat, name in self.seats],
            widget=forms.RadioSelect,
            required=False,
            error_messages={"invalid_choice": NOT_IN_PLAY_NOW},
        )
        self.oklahoma = rules.get("variant") == "oklahoma"
        if self.oklahoma:
            self._add_upcard_fields()
        for seat, _name in self.seats:
            self.fields[f"deadwood_{seat}"] = forms.IntegerField(
                label=_("Deadwood"),
                min_value=0,
                required=False,
                widget=forms.TextInput(attrs={**NUMERIC, "class": "points"}),
            )
            self.fields[f"cards_{seat}"] = cards_field("8h Kd 3c")

    def _add_upcard_fields(self) -> None:
        """Oklahoma's upcard is tapped, rank then suit; `upcard` takes it typed ("7h"), as an
        integrator or an older page sends it."""
        self.fields["upcard_rank"] = forms.ChoiceField(
            label=_("Upcard rank"),
            choices=[(rank, rank) for rank in RANKS],
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["upcard_suit"] = forms.ChoiceField(
            label=_("Upcard suit"),
            choices=UPCARD_SUITS,
            widget=forms.RadioSelect,
            required=False,
        )
        self.fields["upcard"] = forms.CharField(
            max_length=4, required=False, widget=forms.HiddenInput
        )

    @property
    def player_rows(self) -> list[dict[str, object]]:
        return [
            {
                "seat": seat,
                "name": name,
                "points": self[f"deadwood_{seat}"],
                "not_opened": None,
                "cards": self[f"cards_{seat}"],
            }
            for seat, name in self.seats
        ]

    def clean(self):
        cleaned = super().clean() or self.cleaned_data  # the same dict (Form.clean's), typed
        if self.oklahoma:
            rank, suit = cleaned.get("upcard_rank"), cleaned.get("upcard_suit")
            if rank and suit:
                cleaned["upcard"] = f"{rank}{suit}"
            elif rank or suit:
                self.add_error("upcard_rank", _("Choose the rank and the suit of the upcard."))
        result = cleaned.get("result")
        if not result or result == "dead":
            return cleaned
        knocker = cleaned.get("knocker")
        if not knocker:
            self.add_error("knocker", _("Choose who knocked."))
        names = dict(self.seats)
        for seat, _name in self.seats:
            deadwood = cleaned.get(f"deadwood_{seat}")
            cards = _count_cards(self, self.game, self.rules, f"cards_{seat}")
            if deadwood is not None and cards:
                self.add_error(f"cards_{seat}", _("Give the deadwood or the cards, not both."))
            elif (
                deadwood is None
                and not cards
                and not (result != "knock" and knocker == str(seat))
                and f"deadwood_{seat}" not in self.errors
                and f"cards_{seat}" not in self.errors
            ):
                self.add_error(
                    f"deadwood_{seat}",
                    _("Enter the deadwood of %(player)s.") % {"player": names[seat]},
                )
        return cleaned

    def to_data(self) -> GinHandEntry:
        cleaned = self.cleaned_data
        data: GinHandEntry = {"result": cleaned["result"]}
        upcard = (cleaned.get("upcard") or "").strip()
        if cleaned["result"] != "dead":
            knocker_seat = int(cleaned["knocker"])
            data["knocker"] = dict(self.seats)[knocker_seat]
            deadwood: dict[str, int] = {}
            cards: dict[str, Cards] = {}
            for seat, name in self.seats:
                if cleaned.get(f"cards_{seat}"):
                    cards[name] = " ".join(cleaned[f"cards_{seat}"].split())
                elif cleaned.get(f"deadwood_{seat}") is not None:
                    deadwood[name] = cleaned[f"deadwood_{seat}"]
                else:  # the knocker's deadwood of a gin, left empty
                    deadwood[name] = 0
            data["deadwood"] = deadwood
            if cards:
                data["cards"] = cards
        if upcard:
            data["upcard"] = upcard
        return data

    @staticmethod
    def initial_from(data: GinHandEntry, seats: Sequence[tuple[int, str]]) -> dict[str, object]:
        seat_of = {name: seat for seat, name in seats}
        initial: dict[str, object] = {"result": data.get("result")}
        if data.get("knocker") in seat_of:
            initial["knocker"] = str(seat_of[data["knocker"]])
        for name, value in (data.get("deadwood") or {}).items():
            if name in seat_of:
                initial[f"deadwood_{seat_of[name]}"] = value
        for name, cards in (data.get("cards") or {}).items():
            if name in seat_of:
                initial[f"cards_{seat_of[name]}"] = cards
        upcard = str(data.get("upcard") or "")
        if upcard:
            initial["upcard_rank"], initial["upcard_suit"] = upcard[:-1].upper(), upcard[-1].lower()
        return initial


# The other events --------------------------------------------------------------------------------
