"""The clubs' engine: plain Python, no Django. Ratings of players from their finished matches."""
