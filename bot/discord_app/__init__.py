"""Discord front end: the client, cogs, embeds and views."""
