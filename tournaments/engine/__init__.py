"""The tournament engine: plain Python, no Django.

Table tournaments (Scala 40, Ramino): table sizes, seating, placement points, standings, the
knockout's cut, and the season places built on the same placement scales.
Money (`payouts`): the pot, the house cut and the prizes paid to each place.
The Gin formats' engine (brackets, round robin, Swiss) is `pairings.engine`.
Every function takes and returns plain data and raises `TournamentError` for what a director
must correct (translatable, like the scoring engine's errors) and `InternalError` for bugs.
"""
