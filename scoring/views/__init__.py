"""The match pages, by concern: `match` (the match itself: scoreboard, hand entry, history; its
live part, the history page, the card-counting helper, the service worker), `events` (recording a
hand, a re-entry, a stays-out, a withdrawal, a time call, correcting and voiding an event),
`start` (starting a match), `codes` (joining a table with its code, the director's code panel),
and the modules they share: `access` (who may open and write the match), `answers` (what a
write answers the page and its script) and `writes` (`match_write`: the preamble every writing
view shares, said once as a decorator).

Views stay thin: they read through `scoring.selectors`, write through `scoring.services`, and ask
`clubs.permissions` who may do what. Matches are looked up in `Match.objects.for_user`, so another
club's match answers 404; a member who may not score gets 403. What the match page shows is
built by `scoring.match_page`, in the words of `scoring.presenters`. A phone that joined the
match with its table code records its events without an account (`scoring.table_access`:
`viewer_of` says once per request who the request is at the match and who records,
`login_or_code_required` lets it past the login).
"""
