"""Data fetched over the network: the Scryfall API, its bulk files and the Comprehensive Rules."""
