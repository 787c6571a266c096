"""Club life pages: ratings and profiles, seasons, import and exports."""
