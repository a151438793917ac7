"""From a free-text question to an Answer: card resolution, scenario mapping, engine, citations."""
