"""Static and behavioural checks of the files under deploy/."""
