"""The bottom of the project, below every app: what all of them share and none of them owns.

- `errors`: `ServiceError`, the base of every service's refusal, and how pages show one
  (`on_form`, `as_message`, `kept`): the one error path.
- `api`: the base of every API view (`ApiView`, `ActionView`, the schema class), the one error
  shape of the API (`ErrorSerializer`, `DetailSerializer`) and the error responses the schema shows.
- `printing`: the printing library (WeasyPrint rendering, the A4 geometry, the grid layout engine,
  the printables' words); each app's printables are built on it.

It imports no app (only Django, DRF, WeasyPrint and config's shared infrastructure: the parsers,
throttles and token authentication). `tests/test_architecture_imports.py` checks it.
"""
