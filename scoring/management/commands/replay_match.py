import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from config.parsers import JSONRefused, read_json
from scoring.engine import EngineError
from scoring.engine.document import replay_document


class Command(BaseCommand):
    help = (
        "Replay a match document (JSON file, or - for standard input) and print its state as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="Path of the match document, or - to read standard input.")
        parser.add_argument("--indent", type=int, default=2, help="JSON indentation (0: one line).")

    def handle(self, *args, file: str, indent: int, **options):
        try:
            with translation.override("en"):  # the command speaks English
                if file == "-":
                    data = read_json(sys.stdin.read())
                else:
                    with open(file, encoding="utf-8") as handle:
                        data = read_json(handle.read())
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        except json.JSONDecodeError as error:
            raise CommandError(f"{file} is not valid JSON: {error}.") from error
        except JSONRefused as refused:
            raise CommandError(f"{file} is refused: {refused.reason}") from None
        try:
            state = replay_document(data)
        except EngineError as error:
            place = f"event {error.event}" if error.event is not None else "match"
            field = f", field {error.field}" if error.field else ""
            raise CommandError(f"Refused ({place}{field}): {error.message}") from error
        self.stdout.write(json.dumps(state, indent=indent or None, ensure_ascii=False))
