"""The pairing engine of Gin tournaments: plain Python, no Django.

Single and double elimination brackets (`brackets`), round robin (`round_robin`), Swiss pairings
(`swiss`) and their standings (`standings`). Every function takes and returns plain data and
raises `TournamentError` for what a director must correct (translatable, like the other engines'
errors) and `InternalError` for bugs.
"""
