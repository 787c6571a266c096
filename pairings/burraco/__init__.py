"""Burraco tournaments (issue 29; BURRACO.md section 2-5) over the pure engine
`pairings.engine.burraco`: the formats of the registry (`formats`), the facts of an evening read at
once and its standings (`selectors`), the services that register pairs, seat each turno and record
the director's actions (`services`), and their pages, API and printables.

An evening's turni are `Round`s of kind TURNO; each table is a `Table` with four `TableSeat`s (the
NS line in seats 1 and 3, the EO line in 2 and 4) and a Burraco match of `hands_per_turno` hands.
The seating the engine chose, the byes and the VP table of the turno are kept in the round's
report when it is seated: a club's later edit of its VP table never changes an evening already
played. VP and MP are never stored: the standings replay the matches' line totals through the
engine, with the director's actions (`TurnoAction`) in force.
"""
