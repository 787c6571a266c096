"""The tournament engine: plain Python, no Django.

Table tournaments (Scala 40, Ramino): table sizes, seating, placement points, standings.
Gin tournaments: brackets, round robin, Swiss pairings and their standings.
Every function takes and returns plain data and raises `TournamentError` for what a director
must correct (translatable, like the scoring engine's errors) and `InternalError` for bugs.
"""
