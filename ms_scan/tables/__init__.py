"""Loaders for the committed data in mappings/ (no pandas, no mindspore: this is the scan path)."""
