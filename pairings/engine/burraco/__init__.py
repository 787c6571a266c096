"""The engine of Burraco tournaments (issue 29; rules in BURRACO.md §2-§4): plain Python, no Django.

A Burraco evening is a tournament of pairs (*coppie*) over a few *turni*; each turno's difference
of the two lines' totals (MP) becomes victory points (VP) on a 20-point split through a VP table.

- `vp_tables`: the VP tables as validated data (the 3- and 4-hand defaults), and the lookup;
- `movements`: what a turno's seating is (`TurnoSeating`), the Mitchell movement and its repeat
  rule, and the regrouping of individual events (partners change every turno);
- `danese`: the danese (a simplified Swiss, `modificato` or `puro`), greedy with backtracking;
- `turno`: a turno's scores per table (VP and MP), byes, abandonment and lateness;
- `standings`: VP, MP and the ordered tie-break chain, saying which key settled each tie.

Every function takes and returns plain data and raises `TournamentError` (the pairing engine's,
`pairings.engine.errors`) for what a director must correct, `InternalError` for bugs.
"""
