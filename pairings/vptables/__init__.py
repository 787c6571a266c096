"""A club's VP tables (issue 29; BURRACO.md §2): the services that create, change and delete
them (`services`), the list a club sees with the FIBur defaults beside its own (`selectors`), the
director's pages (`views`, `forms`, `urls`) and the API (`api`, `api_urls`)."""
