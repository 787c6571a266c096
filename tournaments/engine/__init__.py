"""The tournament engine: plain Python, no Django.

Table tournaments (Scala 40, Ramino): table sizes, seating, placement points, standings.
Gin tournaments: brackets, round robin, Swiss pairings and their standings.
Money (`payouts`): the pot, the house cut and the prizes paid to each place.
Every function takes and returns plain data and raises `TournamentError` for what a director
must correct (translatable, like the scoring engine's errors) and `InternalError` for bugs.
"""
