"""Tournament settings declared once (issue 26): `tournaments.settings_table` is the one table;
the form, the API, the defaults, the bounds and each format's settings are derived from it.

The audit reads (ast) the modules that used to declare settings (the creation form, the API's
serializers, the formats, the model's columns) and fails on a setting written there: a field
declared by a setting's name, a setting's name in a tuple, list, set or as a dict key (a list of
settings, a format's settings or defaults), a format's setting attributes, or a column's default
written as a literal. Reading a setting's value (`clean["cycles"]`, `field="cycles"`) is fine.
Its controls prove it finds each of those in the code as it was before the table.
"""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings

from tests.source_tree import parsed
from tournaments import settings_table
from tournaments.formats import FORMATS
from tournaments.forms import TournamentForm, setting_field
from tournaments.models import Format, Tournament
from tournaments.serializers import TournamentCreateSerializer, TournamentDetailSerializer

ROOT = Path(settings.BASE_DIR)
AUDITED = (
    "tournaments/forms.py",
    "tournaments/serializers/core.py",  # the standings' serializers only read theirs
    "tournaments/formats.py",
    "pairings/formats.py",
    "tournaments/models.py",
)
NAMES = frozenset(row.name for row in settings_table.SETTINGS)
# The format's attributes that listed settings before the table.
FORMAT_ATTRIBUTES = frozenset(
    {"form_settings", "default_settings", "rounds_field", "tie_breaks_field"}
)
# Written on purpose: the list's summary of a tournament says whether it is public.
ALLOWED = frozenset({"TournamentSerializer.Meta: 'is_public' listed"})


def _setting_names(node: ast.AST) -> list[str]:
    return [
        element.value
        for element in ast.walk(node)
        if isinstance(element, ast.Constant) and element.value in NAMES
    ]


def _literal_default(call: ast.Call) -> bool:
    """Whether a column's `default=` is written out (3, True, Decimal(0), SeatingMethod.RANDOM)
    rather than asked of the table (`default_of(...)`) or a function (`default_tie_breaks`)."""
    for keyword in call.keywords:
        if keyword.arg == "default":
            value = keyword.value
            if isinstance(value, ast.Call):
                return not (isinstance(value.func, ast.Name) and value.func.id == "default_of")
            return not isinstance(value, ast.Name)
    return False


def _class_findings(node: ast.ClassDef, where: str, source: str) -> list[str]:
    found = []
    for statement in node.body:
        targets = []
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
        for target in targets:
            value = statement.value
            if target in FORMAT_ATTRIBUTES:
                found.append(f"{where}{node.name}.{target}: a format's settings")
            elif target in NAMES:
                is_column = (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Attribute)
                    and isinstance(value.func.value, ast.Name)
                    and value.func.value.id == "models"
                )
                if not is_column:
                    found.append(f"{where}{node.name}.{target}: a setting's field")
                elif _literal_default(value):
                    found.append(f"{where}{node.name}.{target}: a literal default")
    return found


def settings_written(source: str, filename: str = "<snippet>") -> list[str]:
    """Every place of `source` that writes a setting instead of deriving it from the table."""
    tree = parsed(source)
    found = []
    parents: dict[ast.AST, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            owner = parents.get(node, "")
            for child in ast.walk(node):
                if child is not node and isinstance(child, ast.ClassDef):
                    parents.setdefault(child, f"{owner}{node.name}.")
            found += _class_findings(node, f"{filename}: {owner}", source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            names = [n for e in node.elts for n in _setting_names(e) if isinstance(e, ast.Constant)]
        elif isinstance(node, ast.Dict):
            names = [n for key in node.keys if key is not None for n in _setting_names(key)]
        else:
            continue
        for name in names:
            found.append(f"{filename}:{node.lineno}: {name!r} listed")
    return found


def _allowed(finding: str, source_tree: ast.Module) -> bool:
    """A finding inside a class the allow-list names (by the class that holds it)."""
    if "listed" not in finding:
        return False
    line = int(finding.split(":")[1])
    for node in ast.walk(source_tree):
        if isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or 0):
            for inner in node.body:
                if isinstance(inner, ast.ClassDef) and inner.lineno <= line <= (
                    inner.end_lineno or 0
                ):
                    name = finding.split(": ", 1)[1]
                    if f"{node.name}.{inner.name}: {name}" in ALLOWED:
                        return True
    return False


def test_no_setting_is_written_outside_the_table():
    found = []
    for name in AUDITED:
        source = (ROOT / name).read_text()
        tree = parsed(source)
        found += [f for f in settings_written(source, name) if not _allowed(f, tree)]
    assert found == []


# Controls: the audit finds each way a setting was written before the table.

BEFORE = """
class TournamentForm(forms.Form):
    rounds_planned = setting_field("rounds_planned", label=_("Rounds"))

TABLE_SETTINGS = ("rounds_planned", "final_table_size")

class SwissFormat(PairingFormat):
    form_settings = ("swiss_rounds", "gin_tie_breaks")
    rounds_field = "swiss_rounds"
    default_settings = {**GinFormat.default_settings, "rounds_planned": 0}

class TournamentSettingsSerializer(serializers.Serializer):
    cycles = setting_field("cycles", required=False)

class Tournament(models.Model):
    cycles = models.PositiveSmallIntegerField(_("round robin cycles"), default=1)
    seating = models.CharField(max_length=10, default=SeatingMethod.BALANCED)
    entry_fee = models.DecimalField(max_digits=8, decimal_places=2, default=Decimal(0))

class TournamentDetailSerializer(TournamentSerializer):
    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "rules", "confirm_results"]
"""

AFTER = """
class Tournament(models.Model):
    cycles = models.PositiveSmallIntegerField(_("round robin cycles"), default=default_of("cycles"))
    tie_breaks = models.JSONField(_("tie-breaks"), default=default_tie_breaks)

class RoundRobinFormat(PairingFormat):
    def check_settings(self, clean):
        if clean["cycles"] not in (1, 2):
            raise TournamentActionError("...", field="cycles")
"""


def test_the_audit_finds_every_way_a_setting_was_written_before_the_table():
    found = settings_written(BEFORE)
    for expected in (
        "TournamentForm.rounds_planned: a setting's field",
        "'rounds_planned' listed",
        "'final_table_size' listed",
        "SwissFormat.form_settings: a format's settings",
        "SwissFormat.rounds_field: a format's settings",
        "SwissFormat.default_settings: a format's settings",
        "TournamentSettingsSerializer.cycles: a setting's field",
        "Tournament.cycles: a literal default",
        "Tournament.seating: a literal default",
        "Tournament.entry_fee: a literal default",
        "'confirm_results' listed",
    ):
        assert any(expected in finding for finding in found), (expected, found)


def test_the_audit_lets_a_setting_be_read_and_a_column_take_the_tables_default():
    assert settings_written(AFTER) == []


def test_the_allow_list_holds_only_the_list_summary():
    source = "class TournamentSerializer:\n    class Meta:\n        fields = ['id', 'is_public']\n"
    tree = parsed(source)
    (finding,) = settings_written(source, "x.py")
    assert _allowed(finding, tree)
    other = source.replace("TournamentSerializer", "TournamentDetailSerializer")
    (finding,) = settings_written(other, "x.py")
    assert not _allowed(finding, parsed(other))


# The table and what is derived from it


def test_the_table_names_the_tournaments_columns_and_formats():
    columns = {field.name for field in Tournament._meta.get_fields()}
    assert {row.name for row in settings_table.STORED} <= columns
    for row in settings_table.SETTINGS:
        assert set(row.formats) <= set(Format.values), row.name
        assert set(row.format_defaults) <= set(Format.values), row.name
        assert not row.stores or row.stores in settings_table.BY_NAME, row.name


def test_the_columns_default_to_the_table():
    for row in settings_table.STORED:
        if row.default is not None:
            assert Tournament._meta.get_field(row.name).get_default() == row.initial(), row.name


def test_each_format_has_the_settings_it_had_before_the_table():
    before = {
        "rounds": {
            "rounds_planned",
            "final_table_size",
            "table_size",
            "table_size_min",
            "table_size_max",
            "first_seating",
            "seating",
            "tie_breaks",
        },
        "knockout": {
            "advance",
            "drop",
            "final_table_size",
            "table_size",
            "table_size_min",
            "table_size_max",
            "first_seating",
            "seating",
            "tie_breaks",
        },
        "single_elimination": {"third_place"},
        "double_elimination": {"grand_final_reset"},
        "round_robin": {"cycles", "gin_tie_breaks"},
        "swiss": {"swiss_rounds", "gin_tie_breaks"},
        # issue 29
        "burraco_pairs": {
            "movements",
            "hands_per_turno",
            "mitchell_skip",
            "italiana_groups",
            "danese",
            "bye_vp",
            "bye_mp",
            "rest_vp",
            "rest_mp",
            "burraco_tie_breaks",
        },
        "burraco_individual": {
            "turni",
            "hands_per_turno",
            "grouping",
            "bye_vp",
            "bye_mp",
            "rest_vp",
            "rest_mp",
            "burraco_tie_breaks",
        },
        "burraco_teams": {
            "team_movements",
            "hands_per_turno",
            "bye_vp",
            "bye_mp",
            "rest_vp",
            "rest_mp",
            "burraco_tie_breaks",
        },
    }
    assert {value: set(kind.form_settings) for value, kind in FORMATS.items()} == before
    assert settings_table.field_of("swiss", "rounds_planned") == "swiss_rounds"
    assert settings_table.field_of("knockout", "rounds_planned") == "rounds_planned"
    assert settings_table.field_of("round_robin", "tie_breaks") == "gin_tie_breaks"
    assert settings_table.field_of("rounds", "tie_breaks") == "tie_breaks"
    assert settings_table.field_of("single_elimination", "tie_breaks") == ""
    assert settings_table.field_of("burraco_teams", "movements") == "team_movements"
    assert settings_table.defaults("burraco_teams")["movements"] == ["italiana"] * 3


def test_the_defaults_of_each_format():
    assert settings_table.defaults("swiss")["rounds_planned"] == 0
    assert settings_table.defaults("rounds")["rounds_planned"] == 3
    for value in Format.values:
        gin = value in settings_table.GIN_FORMATS
        assert settings_table.defaults(value)["confirm_results"] is not gin
    first, second = settings_table.defaults(), settings_table.defaults()
    first["payout_percents"].append("1")
    assert second["payout_percents"] == ["50", "30", "20"]  # fresh values


def test_the_form_and_the_api_take_the_tables_settings():
    on_form = {row.name for row in settings_table.SETTINGS if row.on_form}
    assert on_form <= set(TournamentForm.base_fields)
    stored = [row.name for row in settings_table.STORED]
    api = TournamentCreateSerializer().fields
    assert [name for name in api if name in settings_table.BY_NAME] == stored
    assert set(stored) <= set(TournamentDetailSerializer.Meta.fields)


def test_a_new_setting_is_one_row():
    """A row of any kind gets its form field; a whole number its bounds in the table's words."""
    for kind in settings_table.SETTINGS:
        if kind.on_form:
            assert setting_field(kind) is not None
    row = settings_table.setting(
        "break_minutes", settings_table.WHOLE, 5, minimum=0, maximum=30, label="Break"
    )
    field = setting_field(row)
    assert (field.min_value, field.max_value, field.required) == (0, 30, True)
    assert str(field.error_messages["max_value"]) == "Enter a whole number from 0 to 30."
    assert row.within(30) and not row.within(31)
    money = settings_table.BY_NAME["entry_fee"]
    assert not money.within(Decimal("-0.01"))
    assert money.range_message() == "The entry fee cannot be negative."


@pytest.mark.parametrize("name", ["rounds_planned", "cycles", "round_minutes", "advance"])
def test_the_form_and_the_api_refuse_a_whole_number_in_the_same_words(name):
    row = settings_table.BY_NAME[name]
    form_field = TournamentForm.base_fields[name]
    api_field = TournamentCreateSerializer().fields[name]
    assert str(form_field.error_messages["max_value"]) == row.range_message()
    assert str(api_field.error_messages["max_value"]) == row.range_message()
