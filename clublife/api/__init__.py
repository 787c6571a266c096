"""Club life API: ratings and profiles, seasons, import and export of matches."""
