"""The app's screens, one module each; all but the menu are imported on first use."""
