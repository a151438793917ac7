"""Pure, synchronous Magic rules engine: game objects, card abilities and rulings that cite the CR."""
