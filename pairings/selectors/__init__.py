"""Reading a Gin tournament, by sub-domain: `facts` (the one loader of a tournament's draw,
tables, matches and fixes, and the result in force of a table), `brackets` (the bracket replayed
from them, as the pages draw it), `rounds` (the rounds of pairings of a Swiss or round robin) and
`standings` (the standings and the final ranking of both). Callers import from the module that
holds what they read.

Everything is derived from the facts by the engine: the draw stored with round 1 (`report`
"players", entry ids in seed order), the tables with their matches, and the director's fixes.
One loader (`facts.load_facts`) reads them in six queries whatever the size of the tournament;
the bracket is then replayed and the standings computed in memory. The services use the same
reading, so a page always shows what the services decided on.
"""
